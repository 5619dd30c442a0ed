import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ServiceBroker } from "moleculer";
import { brokerOptions } from "../moleculer.config.ts";
import { config, resetConfig } from "../shared/config.ts";
import { devLogin } from "../shared/dev-login.ts";
import createAuthService from "../services/auth/auth.service.ts";
import { localMongoUrlFile } from "../runtime/local-mongo.ts";

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

  process.env.LOG_LEVEL = process.env.TOKEN_LOG_LEVEL ?? "warn";
  const remote = Boolean(process.env.TRANSPORTER);
  if (!remote && !process.env.MONGO_URL) {
    const file = localMongoUrlFile(config().DATA_DIR);
    if (!existsSync(file)) throw new Error("no running system found: start it with `npm start` (or set MONGO_URL / TRANSPORTER)");
    process.env.MONGO_URL = readFileSync(file, "utf8").trim();
  }
  resetConfig();
  const cfg = config();
  const broker = new ServiceBroker({
    ...brokerOptions(cfg, { nodeID: `token-cli-${process.pid}`, logWrite: (l) => process.stderr.write(l + "\n") }),
  });
  if (!remote) broker.createService(createAuthService());
  await broker.start();
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
