import { hostname } from "node:os";
import type { BrokerOptions } from "moleculer";
import { redisOptions, type AppConfig } from "./shared/config.ts";
import { RedactingLogger, type RedactingLoggerOptions } from "./shared/logging.ts";
import { ZodParamsMiddleware } from "./shared/validation.ts";

export interface BrokerOverrides {
  /** Where log lines go (tests capture them). */
  logWrite?: RedactingLoggerOptions["write"];
  nodeID?: string;
}

/**
 * Broker options from the application configuration: no transporter and a memory cacher in the
 * embedded default; NATS and Redis when TRANSPORTER / REDIS_URL are set.
 */
export function brokerOptions(cfg: AppConfig, overrides: BrokerOverrides = {}): BrokerOptions {
  return {
    namespace: cfg.NAMESPACE,
    nodeID: overrides.nodeID ?? cfg.NODE_ID ?? `${hostname()}-${process.pid}`,
    transporter: cfg.TRANSPORTER ? { type: "NATS", options: { url: cfg.TRANSPORTER } } : null,
    cacher: cfg.REDIS_URL
      ? { type: "Redis", options: { prefix: `${cfg.NAMESPACE || "api"}-cache`, ttl: 30, redis: redisOptions(cfg.REDIS_URL) } }
      : { type: "Memory", options: { ttl: 30, maxParamsLength: 100 } },
    serializer: "JSON",
    logger: new RedactingLogger({ level: cfg.LOG_LEVEL, format: cfg.LOG_FORMAT, ...(overrides.logWrite ? { write: overrides.logWrite } : {}) }),
    validator: true,
    middlewares: [ZodParamsMiddleware],
    requestTimeout: cfg.REQUEST_TIMEOUT_MS,
    retryPolicy: { enabled: false },
    contextParamsCloning: false,
    maxCallLevel: 20,
    heartbeatInterval: 5,
    heartbeatTimeout: 15,
    tracking: { enabled: true, shutdownTimeout: 10_000 },
    registry: { strategy: "RoundRobin", preferLocal: true },
    circuitBreaker: {
      enabled: true,
      threshold: 0.5,
      minRequestCount: 20,
      windowTime: 60,
      halfOpenTime: 10_000,
      check: (err: Error & { code?: number }) => !err.code || err.code >= 500,
    },
    bulkhead: { enabled: true, concurrency: 50, maxQueueSize: 500 },
    metrics: false,
    tracing: false,
    skipProcessEventRegistration: true,
  };
}
