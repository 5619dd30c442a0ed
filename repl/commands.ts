import type { ServiceBroker } from "moleculer";
import { devLogin } from "../shared/dev-login.ts";

/** A moleculer-repl custom command (the shape moleculer-repl 0.8 expects). */
export interface ReplCommand {
  command: string;
  description: string;
  options?: { option: string; description: string }[];
  action: (broker: ServiceBroker, args: { options: Record<string, string | number | boolean | undefined>; [arg: string]: unknown }) => Promise<void>;
}

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}

/** Operator commands; each calls the owning service's action over the bus. */
export const REPL_COMMANDS: ReplCommand[] = [
  {
    command: "token <email>",
    description: "Create the user if needed and print a TokenPair (local sign-in; only with DEV_LOGIN_ENABLED)",
    options: [{ option: "--admin", description: "also grant administrator rights" }],
    async action(broker, args) {
      print(await devLogin(broker, { email: String(args.email), admin: args.options.admin === true }));
    },
  },
  {
    command: "admin <email>",
    description: "Grant administrator rights to a user (--revoke removes them)",
    options: [{ option: "--revoke", description: "remove administrator rights" }],
    async action(broker, args) {
      print(await broker.call("auth.setAdmin", { email: String(args.email), is_admin: args.options.revoke !== true }));
    },
  },
  {
    command: "rotate-signing-key",
    description: "Add a new access-token signing key (old keys stay published until their tokens expire)",
    async action(broker) {
      print(await broker.call("auth.rotateSigningKey", {}));
    },
  },
  {
    command: "user <email>",
    description: "Show a user: profile, e-mails, linked providers, API keys (prefix only), live sessions; never a secret",
    async action(broker, args) {
      print(await broker.call("auth.inspectUser", { email: String(args.email) }));
    },
  },
  {
    command: "disable-user <email>",
    description: "Disable a user: every token and API key of theirs is refused at once (--enable re-enables)",
    options: [{ option: "--enable", description: "re-enable the user" }],
    async action(broker, args) {
      print(await broker.call("auth.setDisabled", { email: String(args.email), is_disabled: args.options.enable !== true }));
    },
  },
  {
    command: "cleanup-tokens",
    description: "Delete expired/revoked refresh tokens, used login states and expired/revoked API keys now (--grace <hours>, default 24)",
    options: [{ option: "--grace <hours>", description: "keep what ended less than this many hours ago" }],
    async action(broker, args) {
      const grace = args.options.grace === undefined ? undefined : Number(args.options.grace);
      print(await broker.call("auth.cleanupTokens", grace === undefined ? {} : { grace_hours: grace }));
    },
  },
  {
    command: "org <id>",
    description: "Show an organization: status, members, org keys (no secrets) and, while it is deleted, its purge jobs",
    async action(broker, args) {
      print(await broker.call("orgs.inspect", { id: String(args.id) }));
    },
  },
  {
    command: "jobs",
    description: "List jobs, newest first (the admin jobs API): --status failed, --queue dns, --q <text>, --page n",
    options: [
      { option: "--status <status>", description: "queued, running, succeeded, failed, canceled, retrying, scheduled" },
      { option: "--queue <queue>", description: "only this queue" },
      { option: "--q <text>", description: "search type, id or last error" },
      { option: "--page <n>", description: "page number (25 per page)" },
    ],
    async action(broker, args) {
      const o = args.options;
      const params: Record<string, string> = {};
      for (const k of ["status", "queue", "q", "page"] as const) if (o[k] !== undefined) params[k] = String(o[k]);
      print(await broker.call("jobs.adminList", params));
    },
  },
  {
    command: "queues",
    description: "Job queues: pending, running, failed and scheduled jobs per queue",
    async action(broker) {
      print(await broker.call("jobs.adminQueues", {}));
    },
  },
  {
    command: "job-retry <id>",
    description: "Run a failed or canceled job again (queued, attempts reset)",
    async action(broker, args) {
      print(await broker.call("jobs.adminRetry", { id: String(args.id) }));
    },
  },
  {
    command: "job-cancel <id>",
    description: "Cancel a queued, scheduled, retrying or running job (a running execution finishes)",
    async action(broker, args) {
      print(await broker.call("jobs.adminCancel", { id: String(args.id) }));
    },
  },
  {
    command: "job-enqueue <type>",
    description: "Enqueue a job of a registered type (queued, or scheduled with --run-at)",
    options: [
      { option: "--queue <queue>", description: "queue name (default: the type's queue)" },
      { option: "--payload <json>", description: "JSON object passed to the handler (default {})" },
      { option: "--run-at <timestamp>", description: "RFC 3339 time to run at" },
    ],
    async action(broker, args) {
      const o = args.options;
      const params: Record<string, unknown> = { type: String(args.type), payload: o.payload === undefined ? {} : JSON.parse(String(o.payload)) };
      if (o.queue !== undefined) params.queue = String(o.queue);
      const runAt = o.runAt ?? o["run-at"];
      if (runAt !== undefined) params.run_at = String(runAt);
      print(await broker.call("jobs.enqueue", params));
    },
  },
];
