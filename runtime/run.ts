import { resolve } from "node:path";
import { ServiceBroker, type BrokerOptions } from "moleculer";
import { brokerOptions } from "../moleculer.config.ts";
import { config, ConfigError, resetConfig, type ServiceName } from "../shared/config.ts";
import { databasesConnecting, withoutCredentials } from "../shared/db.ts";
import { startHealthServer, type HealthServer } from "./health.ts";
import { MEMORY_RECLAIM_DEFAULTS, startMemoryReclaim } from "./memory-reclaim.ts";
import { startLocalMongo, type LocalMongo } from "./local-mongo.ts";
import { loadService, needsDatabase } from "./services.ts";

export interface RunOptions {
  /** Services to host; the configured SERVICES (all by default) when omitted. */
  services?: ServiceName[];
  /** Attach the Moleculer REPL with the operator commands to this process. */
  repl?: boolean;
}

/**
 * The health port to open, or undefined. HEALTH_PORT=0 disables it; when HEALTH_PORT is not set,
 * a REPL session and NODE_ENV=test processes (many on one machine) do without.
 */
function healthPort(cfg: ReturnType<typeof config>, repl: boolean): number | undefined {
  const explicit = (process.env.HEALTH_PORT ?? "").trim() !== "";
  if (!explicit && (repl || cfg.NODE_ENV === "test")) return undefined;
  return cfg.HEALTH_PORT > 0 ? cfg.HEALTH_PORT : undefined;
}

/**
 * Starts a broker hosting the chosen services. Without MONGO_URL it first starts the embedded
 * FerretDB under DATA_DIR and stops it again on shutdown. The health server (runtime/health.ts)
 * answers from before start-up. SIGTERM/SIGINT: /readyz turns 503 at once, the process keeps
 * serving for SHUTDOWN_DELAY_MS (load balancers stop routing here), then the broker stops with
 * request tracking (in-flight requests finish, up to 10 s) and the process exits 0.
 */
export async function run(opts: RunOptions = {}): Promise<void> {
  let cfg = config();
  const services = opts.services ?? cfg.services;
  let localMongo: LocalMongo | undefined;
  if (!cfg.MONGO_URL && needsDatabase(services)) {
    if (cfg.NODE_ENV === "production") {
      throw new ConfigError([
        `MONGO_URL is required in production for ${services.filter((s) => needsDatabase([s])).join(", ")} (without it the process would start an embedded FerretDB under DATA_DIR)`,
      ]);
    }
    const dir = resolve(cfg.DATA_DIR, "ferretdb");
    // supervised: restarted when it dies (a crash, the OOM killer), instead of staying down until node restarts
    localMongo = await startLocalMongo(dir, Number(process.env.LOCAL_MONGO_PORT) || undefined, {
      superviseMs: 1_000,
      log: (message) => process.stderr.write(`${new Date().toISOString()} WARN  local-mongo: ${message}\n`),
    });
    process.env.MONGO_URL = localMongo.url;
    const started = localMongo;
    process.on("exit", () => started.stopSync());
    resetConfig();
    cfg = config();
  }

  // at the REPL's prompt, start-up's info lines would bury it: warnings only, unless LOG_LEVEL says otherwise
  const logLevel = opts.repl === true && !process.env.LOG_LEVEL ? "warn" : cfg.LOG_LEVEL;
  const broker = new ServiceBroker({ ...brokerOptions({ ...cfg, LOG_LEVEL: logLevel }), ...(opts.repl === true ? { replOptions: await replOptions() } : {}) });
  for (const name of services) broker.createService(await loadService(name));
  const port = healthPort(cfg, opts.repl === true);
  let health: HealthServer | undefined;
  if (port !== undefined) {
    health = await startHealthServer(broker, { port, host: cfg.HOST }).catch((err: unknown) => {
      if ((err as { code?: unknown }).code !== "EADDRINUSE") throw err;
      throw new ConfigError([
        `HEALTH_PORT ${port}: the health port (/livez, /readyz, /metrics) is already in use on ${cfg.HOST}; set HEALTH_PORT to a free port, or 0 to run without it`,
      ]);
    });
    broker.logger.info(`health and metrics on http://${cfg.HOST}:${health.port} (/livez, /readyz, /metrics)`);
  }
  if (localMongo) broker.logger.info(`embedded FerretDB at ${localMongo.url} (data in ${resolve(cfg.DATA_DIR, "ferretdb")})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    health?.setDraining();
    broker.logger.info(`${signal} received: not ready; draining and stopping in ${cfg.SHUTDOWN_DELAY_MS} ms`);
    try {
      if (cfg.SHUTDOWN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, cfg.SHUTDOWN_DELAY_MS));
      await broker.stop();
    } finally {
      await health?.close();
      await localMongo?.stop();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  if (cfg.TRANSPORTER) broker.logger.info(`connecting to NATS at ${cfg.TRANSPORTER}`);
  if (!localMongo && cfg.MONGO_URL && needsDatabase(services)) broker.logger.info(`connecting to MongoDB at ${withoutCredentials(cfg.MONGO_URL)}`);
  // Moleculer retries the bus every 5 s for ever, and a database not answering stalls started():
  // after STARTUP_TIMEOUT_MS the process says which and exits 1 (its orchestrator restarts it)
  const startupTimer = setTimeout(() => {
    const transit = (broker as unknown as { transit?: { connected: boolean } }).transit;
    const databases = databasesConnecting();
    const waitingFor =
      transit && !transit.connected
        ? `NATS at ${cfg.TRANSPORTER ?? ""} did not answer`
        : databases.length > 0
          ? `MongoDB at ${databases.join(", ")} did not answer`
          : "the services did not start";
    broker.logger.fatal(`start-up did not finish within ${cfg.STARTUP_TIMEOUT_MS} ms (STARTUP_TIMEOUT_MS): ${waitingFor}`);
    process.exit(1);
  }, cfg.STARTUP_TIMEOUT_MS);
  try {
    await broker.start();
    clearTimeout(startupTimer);
  } catch (err) {
    clearTimeout(startupTimer);
    broker.logger.fatal(`start-up failed: ${err instanceof Error ? err.message : String(err)}`);
    await broker.stop().catch(() => {});
    await health?.close();
    await localMongo?.stop();
    process.exit(1);
  }
  const origin = `http://${cfg.HOST === "0.0.0.0" ? "localhost" : cfg.HOST}:${cfg.PORT}`;
  const api = `${origin}/api/v1`;
  const http = services.includes("api") ? `; API on ${api} (docs ${api}/docs, operator console ${origin}/console/)` : "";
  broker.logger.info(`services up: ${services.join(", ") || "none"}${http}`);
  if (cfg.MEMORY_RECLAIM_IDLE_MS > 0) startMemoryReclaim({ ...MEMORY_RECLAIM_DEFAULTS, idleMs: cfg.MEMORY_RECLAIM_IDLE_MS }, (m) => broker.logger.info(m));
  if (opts.repl) broker.repl();
}

/** The REPL's prompt and operator commands, loaded only by a process that attaches the REPL (the commands' table rendering is a few MB). */
async function replOptions(): Promise<NonNullable<BrokerOptions["replOptions"]>> {
  const { REPL_COMMANDS } = await import("../repl/commands.ts");
  // moleculer's typings declare the action's args as string[]; moleculer-repl passes the parsed object
  const customCommands = REPL_COMMANDS as unknown as NonNullable<NonNullable<BrokerOptions["replOptions"]>["customCommands"]>;
  return { delimiter: "cluster-api $", customCommands };
}

/** Entry-point wrapper: configuration errors print one clear message and exit 1. */
export function main(opts: RunOptions | (() => RunOptions) = {}): void {
  Promise.resolve()
    .then(() => run(typeof opts === "function" ? opts() : opts))
    .catch((err: unknown) => {
      const text = err instanceof ConfigError ? err.message : `start-up failed: ${err instanceof Error ? err.message : String(err)}`;
      process.stderr.write(`${text}\n`);
      process.exit(1);
    });
}
