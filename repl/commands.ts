import type { ServiceBroker } from "moleculer";
import type { z } from "zod";
import { call } from "../shared/call.ts";
import type { ActionContract } from "../shared/contracts/action.ts";
import { AUTH_ACTIONS } from "../shared/contracts/auth-actions.ts";
import { JOBS_ACTIONS } from "../shared/contracts/jobs-actions.ts";
import { JOB_TYPES, JobStatus, isInternalJobType, isJobType, type Job, type QueueInfo } from "../shared/contracts/jobs.ts";
import { ORGS_ACTIONS } from "../shared/contracts/orgs-actions.ts";
import type { OrgInspection } from "../shared/contracts/orgs.ts";
import { devLogin } from "../shared/dev-login.ts";
import { clip, renderError, renderJson, renderTable, type Column } from "./render.ts";

interface Args {
  options: Record<string, string | number | boolean | undefined>;
  [arg: string]: unknown;
}

/** A moleculer-repl custom command (the shape moleculer-repl 0.8 expects). */
export interface ReplCommand {
  command: string;
  description: string;
  options?: { option: string; description: string }[];
  action: (broker: ServiceBroker, args: Args) => Promise<void>;
}

/** A command that answers with text; any error prints as one plain line instead of a stack. */
function command(spec: Omit<ReplCommand, "action"> & { run: (broker: ServiceBroker, args: Args) => Promise<string> }): ReplCommand {
  const { run, ...rest } = spec;
  return {
    ...rest,
    async action(broker, args) {
      let text: string;
      try {
        text = await run(broker, args);
      } catch (err) {
        text = renderError(err);
      }
      process.stdout.write(text);
    },
  };
}

/**
 * Calls an action with params built from an operator's typed arguments: the action's own schema
 * checks them where it runs (a wrong value is its 400, printed as one line).
 */
function callWithArgs<R>(broker: ServiceBroker, contract: ActionContract<z.ZodType<unknown, Record<string, unknown>>, R>, params: Record<string, unknown>): Promise<R> {
  return call(broker, contract, params);
}

/** A command that calls one action with params taken from its arguments and prints the answer as JSON. */
function callCommand(
  spec: Omit<ReplCommand, "action"> & { action: ActionContract<z.ZodType<unknown, Record<string, unknown>>>; params?: (args: Args) => Record<string, unknown> },
): ReplCommand {
  const { action, params, ...rest } = spec;
  return command({ ...rest, run: async (broker, args) => renderJson(await callWithArgs(broker, action, params ? params(args) : {})) });
}

const JOB_COLUMNS: Column<Job>[] = [
  ["ID", (j) => j.id],
  ["TYPE", (j) => j.type],
  ["QUEUE", (j) => j.queue],
  ["STATUS", (j) => j.status],
  ["ATTEMPTS", (j) => `${j.attempts}/${j.max_attempts}`],
  ["RUN AT", (j) => j.run_at],
  ["LAST ERROR", (j) => clip(j.last_error, 50)],
];

const QUEUE_COLUMNS: Column<QueueInfo>[] = [
  ["QUEUE", (q) => q.name],
  ["PENDING", (q) => String(q.pending)],
  ["RUNNING", (q) => String(q.running)],
  ["FAILED", (q) => String(q.failed)],
  ["SCHEDULED", (q) => String(q.scheduled)],
  ["OLDEST PENDING", (q) => (q.oldest_pending_age_seconds > 0 ? `${q.oldest_pending_age_seconds} s` : "-")],
  ["PAUSED", (q) => (q.paused ? "paused" : "-")],
];

function renderOrg(org: OrgInspection): string {
  const head = `${org.name} (${org.id})\nstatus ${org.status}, domain ${org.domain || "-"}, created ${org.created_at ?? "-"}\n`;
  const members = renderTable(org.members, [
    ["EMAIL", (m) => m.email || "(unknown user)"],
    ["ROLE", (m) => m.role],
    ["SINCE", (m) => m.since],
    ["USER ID", (m) => m.user_id],
  ]);
  const keys = renderTable(org.api_keys, [
    ["NAME", (k) => k.name],
    ["PREFIX", (k) => k.prefix],
    ["REVOKED", (k) => (k.revoked ? "yes" : "no")],
    ["CREATED BY", (k) => k.created_by],
    ["LAST USED", (k) => k.last_used_at ?? "-"],
    ["EXPIRES", (k) => k.expires_at ?? "-"],
  ]);
  const deletion = org.deletion
    ? `\ndeletion requested by ${org.deletion.requested_by} at ${org.deletion.requested_at}; purge jobs:\n${renderTable(org.deletion.purges, [
        ["TYPE", (p) => p.type],
        ["JOB", (p) => p.job_id],
        ["ROUNDS", (p) => String(p.rounds)],
      ])}`
    : "";
  return `${head}\nmembers:\n${members}\nkeys:\n${keys}${deletion}`;
}

/** The job types an operator may enqueue (the organization purges are the system's alone). */
function enqueueableTypes(): string[] {
  return Object.keys(JOB_TYPES).filter((t) => !isInternalJobType(t));
}

/** Operator commands; each calls the owning service's action over the bus. */
export const REPL_COMMANDS: ReplCommand[] = [
  command({
    command: "token <email>",
    description: "Create the user if needed and print a TokenPair (local sign-in; only with DEV_LOGIN_ENABLED)",
    options: [{ option: "--admin", description: "also grant administrator rights" }],
    run: async (broker, args) => renderJson(await devLogin(broker, { email: String(args.email), admin: args.options.admin === true })),
  }),
  callCommand({
    command: "admin <email>",
    description: "Grant administrator rights to a user (--revoke removes them)",
    options: [{ option: "--revoke", description: "remove administrator rights" }],
    action: AUTH_ACTIONS.setAdmin,
    params: (args) => ({ email: String(args.email), is_admin: args.options.revoke !== true }),
  }),
  callCommand({
    command: "rotate-signing-key",
    description: "Add a new access-token signing key (old keys stay published until their tokens expire)",
    action: AUTH_ACTIONS.rotateSigningKey,
  }),
  callCommand({
    command: "user <email>",
    description: "Show a user: profile, e-mails, linked providers, API keys (prefix only), live sessions; never a secret",
    action: AUTH_ACTIONS.inspectUser,
    params: (args) => ({ email: String(args.email) }),
  }),
  callCommand({
    command: "disable-user <email>",
    description: "Disable a user: every token and API key of theirs is refused at once (--enable re-enables)",
    options: [{ option: "--enable", description: "re-enable the user" }],
    action: AUTH_ACTIONS.setDisabled,
    params: (args) => ({ email: String(args.email), is_disabled: args.options.enable !== true }),
  }),
  callCommand({
    command: "cleanup-tokens",
    description: "Delete expired/revoked refresh tokens, used login states and expired/revoked API keys now (--grace <hours>, default 24)",
    options: [{ option: "--grace <hours>", description: "keep what ended less than this many hours ago" }],
    action: AUTH_ACTIONS.cleanupTokens,
    params: (args) => (args.options.grace === undefined ? {} : { grace_hours: Number(args.options.grace) }),
  }),
  command({
    command: "org <id>",
    description: "Show an organization: status, members with their e-mails, org keys (no secrets) and, while it is deleted, its purge jobs",
    run: async (broker, args) => renderOrg(await call(broker, ORGS_ACTIONS.inspect, { id: String(args.id) })),
  }),
  command({
    command: "jobs",
    description: "List jobs, newest first (the admin jobs API): --status failed, --queue dns, --q <text>, --page n",
    options: [
      { option: "--status <status>", description: JobStatus.options.join(", ") },
      { option: "--queue <queue>", description: "only this queue" },
      { option: "--q <text>", description: "search type, id or last error" },
      { option: "--page <n>", description: "page number (25 per page)" },
    ],
    async run(broker, args) {
      const params: Record<string, string> = {};
      for (const k of ["status", "queue", "q", "page"] as const) if (args.options[k] !== undefined) params[k] = String(args.options[k]);
      const page = await callWithArgs(broker, JOBS_ACTIONS.adminList, params);
      const pages = Math.max(1, Math.ceil(page.total / page.page_size));
      return `${renderTable(page.items, JOB_COLUMNS)}page ${page.page} of ${pages}, ${page.total} job${page.total === 1 ? "" : "s"}\n`;
    },
  }),
  command({
    command: "queues",
    description: "Job queues: pending, running, failed and scheduled jobs per queue, the oldest pending job's age, paused or not",
    run: async (broker) => renderTable(await call(broker, JOBS_ACTIONS.adminQueues, {}), QUEUE_COLUMNS),
  }),
  command({
    command: "queue-pause <name>",
    description: "Pause a queue: it keeps accepting jobs, no replica starts one until it is resumed (running jobs finish)",
    run: async (broker, args) => renderTable([await call(broker, JOBS_ACTIONS.adminPauseQueue, { name: String(args.name) })], QUEUE_COLUMNS),
  }),
  command({
    command: "queue-resume <name>",
    description: "Resume a paused queue",
    run: async (broker, args) => renderTable([await call(broker, JOBS_ACTIONS.adminResumeQueue, { name: String(args.name) })], QUEUE_COLUMNS),
  }),
  command({
    command: "job-retry <id>",
    description: "Run a failed or canceled job again (queued, attempts reset)",
    run: async (broker, args) => renderTable([await call(broker, JOBS_ACTIONS.adminRetry, { id: String(args.id) })], JOB_COLUMNS),
  }),
  command({
    command: "job-cancel <id>",
    description: "Cancel a queued, scheduled, retrying or running job (a running execution finishes)",
    run: async (broker, args) => renderTable([await call(broker, JOBS_ACTIONS.adminCancel, { id: String(args.id) })], JOB_COLUMNS),
  }),
  command({
    command: "job-enqueue <type>",
    description: "Enqueue a job of a registered type (queued, or scheduled with --run-at)",
    options: [
      { option: "--queue <queue>", description: "queue name (default: the type's queue)" },
      { option: "--payload <json>", description: "JSON object passed to the handler (default {})" },
      { option: "--run-at <timestamp>", description: "RFC 3339 time to run at" },
    ],
    async run(broker, args) {
      const type = String(args.type);
      if (!isJobType(type)) return `error: unknown job type ${type}; the types are: ${enqueueableTypes().join(", ")}\n`;
      if (isInternalJobType(type)) return `error: ${type} cannot be enqueued by hand (the system's own); the types are: ${enqueueableTypes().join(", ")}\n`;
      const o = args.options;
      const params: Record<string, unknown> = { type, payload: o.payload === undefined ? {} : JSON.parse(String(o.payload)) };
      if (o.queue !== undefined) params.queue = String(o.queue);
      const runAt = o.runAt ?? o["run-at"];
      if (runAt !== undefined) params.run_at = String(runAt);
      return renderTable([await callWithArgs(broker, JOBS_ACTIONS.enqueue, params)], JOB_COLUMNS);
    },
  }),
];
