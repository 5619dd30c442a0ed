import { existsSync, readFileSync } from "node:fs";
import { ServiceBroker } from "moleculer";
import { brokerOptions } from "../moleculer.config.ts";
import { config, resetConfig } from "../shared/config.ts";
import createAuthService from "../services/auth/auth.service.ts";
import { localMongoUrlFile } from "./local-mongo.ts";

/**
 * The broker of a one-shot command that talks to the auth service (`bin/token.ts`,
 * `bin/admin.ts`), started: with TRANSPORTER set it reaches the running auth service over the
 * bus; otherwise it hosts auth itself on the auth database (MONGO_URL, or the one `npm start`
 * recorded). Its own logs go to stderr at `logLevel`; the caller stops it.
 */
export async function startAuthCliBroker(name: string, logLevel: string): Promise<ServiceBroker> {
  process.env.LOG_LEVEL = logLevel;
  const remote = Boolean(process.env.TRANSPORTER);
  if (!remote && !process.env.MONGO_URL) {
    const file = localMongoUrlFile(config().DATA_DIR);
    if (!existsSync(file)) throw new Error("no running system found: start it with `npm start` (or set MONGO_URL / TRANSPORTER)");
    process.env.MONGO_URL = readFileSync(file, "utf8").trim();
  }
  resetConfig();
  const broker = new ServiceBroker({
    ...brokerOptions(config(), { nodeID: `${name}-cli-${process.pid}`, logWrite: (l) => process.stderr.write(l + "\n") }),
    metrics: false,
  });
  if (!remote) broker.createService(createAuthService());
  await broker.start();
  return broker;
}
