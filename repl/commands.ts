import type { ServiceBroker } from "moleculer";

/** A moleculer-repl custom command (the shape moleculer-repl 0.8 expects). */
export interface ReplCommand {
  command: string;
  description: string;
  options?: { option: string; description: string }[];
  action: (broker: ServiceBroker, args: { options: Record<string, unknown>; [arg: string]: unknown }) => Promise<void>;
}

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}

/** Operator commands; each calls the owning service's action over the bus. */
export const REPL_COMMANDS: ReplCommand[] = [
  {
    command: "token <email>",
    description: "Create the user if needed and print a TokenPair (local sign-in)",
    options: [{ option: "--admin", description: "also grant administrator rights" }],
    async action(broker, args) {
      print(await broker.call("auth.devLogin", { email: String(args.email), admin: args.options.admin === true }));
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
];
