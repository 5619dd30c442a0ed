import type { ServiceBroker } from "moleculer";
import { parseArgs } from "node:util";
import { startAuthCliBroker } from "../runtime/auth-cli.ts";
import { call } from "../shared/call.ts";
import { AUTH_ACTIONS } from "../shared/contracts/auth-actions.ts";
import type { UserStatus } from "../shared/contracts/auth.ts";

const USAGE = "usage: admin.js grant|revoke|disable|enable --email someone@example.com";

/** What each command sets on the user owning the e-mail. */
const COMMANDS: Record<string, (broker: ServiceBroker, email: string) => Promise<UserStatus>> = {
  grant: (broker, email) => call(broker, AUTH_ACTIONS.setAdmin, { email, is_admin: true }),
  revoke: (broker, email) => call(broker, AUTH_ACTIONS.setAdmin, { email, is_admin: false }),
  disable: (broker, email) => call(broker, AUTH_ACTIONS.setDisabled, { email, is_disabled: true }),
  enable: (broker, email) => call(broker, AUTH_ACTIONS.setDisabled, { email, is_disabled: false }),
};

/**
 * One-shot user administration, for the production image (`node dist/bin/admin.js grant --email …`)
 * and development (`npm run admin -- grant --email …`). With TRANSPORTER set it asks the running
 * auth service over the bus (so every gateway hears of the change at once); otherwise it opens the
 * auth database itself (MONGO_URL, or the one `npm start` recorded). Prints the user's flags.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { email: { type: "string" } } });
  const name = positionals[0];
  const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (positionals.length !== 1 || !command || !values.email) throw new Error(USAGE);

  const broker = await startAuthCliBroker("admin", process.env.ADMIN_LOG_LEVEL ?? "warn");
  try {
    await broker.waitForServices(["auth"], 15_000);
    const status = await command(broker, values.email.trim().toLowerCase());
    process.stdout.write(JSON.stringify(status) + "\n");
  } finally {
    await broker.stop();
  }
}

main().catch((err: unknown) => {
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e.message === "string" ? e.message : String(err);
  process.stderr.write(`admin: ${e.code === 404 ? `no user with that e-mail (${message})` : message}\n`);
  process.exit(1);
});
