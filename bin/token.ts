import { parseArgs } from "node:util";
import { startAuthCliBroker } from "../runtime/auth-cli.ts";
import { devLogin } from "../shared/dev-login.ts";

/**
 * Local sign-in: `npm run token -- --email you@example.com [--admin]` prints a TokenPair.
 * With TRANSPORTER set it asks the running auth service over the bus; otherwise it opens the
 * auth database of the embedded default (MONGO_URL, or the one `npm start` recorded).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, admin: { type: "boolean", default: false }, name: { type: "string" } },
  });
  if (!values.email) throw new Error("usage: npm run token -- --email you@example.com [--admin] [--name 'Display Name']");

  const broker = await startAuthCliBroker("token", process.env.TOKEN_LOG_LEVEL ?? "warn");
  try {
    const pair = await devLogin(broker, { email: values.email, admin: values.admin, ...(values.name ? { display_name: values.name } : {}) });
    process.stdout.write(JSON.stringify(pair, null, 2) + "\n");
  } finally {
    await broker.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`token: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
