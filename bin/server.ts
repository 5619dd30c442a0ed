import { ServiceBroker } from "moleculer";
import { resolve } from "node:path";
import { brokerOptions } from "../moleculer.config.ts";
import { config, ConfigError, resetConfig } from "../shared/config.ts";
import { startLocalMongo, type LocalMongo } from "./local-mongo.ts";
import { SERVICE_FACTORIES, needsDatabase } from "./services.ts";

/**
 * Starts the services named by SERVICES (all by default) in one broker. Without MONGO_URL it
 * first starts the embedded FerretDB under DATA_DIR and stops it again on shutdown.
 */
async function main(): Promise<void> {
  let cfg = config();
  let localMongo: LocalMongo | undefined;
  if (!cfg.MONGO_URL && needsDatabase(cfg.services)) {
    localMongo = await startLocalMongo(resolve(cfg.DATA_DIR, "ferretdb"), Number(process.env.LOCAL_MONGO_PORT) || undefined);
    process.env.MONGO_URL = localMongo.url;
    resetConfig();
    cfg = config();
  }

  const broker = new ServiceBroker(brokerOptions(cfg));
  for (const name of cfg.services) broker.createService(SERVICE_FACTORIES[name]());
  if (localMongo) broker.logger.info(`embedded FerretDB at ${localMongo.url} (data in ${resolve(cfg.DATA_DIR, "ferretdb")})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    broker.logger.info(`${signal} received, draining and stopping`);
    try {
      await broker.stop();
    } finally {
      await localMongo?.stop();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await broker.start();
  } catch (err) {
    broker.logger.fatal("start-up failed", err);
    await broker.stop().catch(() => {});
    await localMongo?.stop();
    process.exit(1);
  }
  broker.logger.info(`services up: ${cfg.services.join(", ")}${cfg.services.includes("api") ? ` (http port ${cfg.PORT})` : ""}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  process.exit(1);
});
