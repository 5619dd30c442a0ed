import { hostname } from "node:os";
import type { BrokerOptions } from "moleculer";
import type { ConnectionOptions } from "nats";
import { HealthPortPrometheusReporter } from "./runtime/health.ts";
import { RequestIdZipkinExporter } from "./runtime/zipkin-exporter.ts";
import { redisOptions, type AppConfig } from "./shared/config.ts";
import { RedactingLogger, type RedactingLoggerOptions } from "./shared/logging.ts";
import { AccessMiddleware } from "./shared/middlewares/access.ts";
import { BusLinkMiddleware } from "./shared/middlewares/bus-link.ts";
import { DependencyOutageMiddleware } from "./shared/middlewares/dependency-outage.ts";
import { deadNodeProbeMiddleware } from "./shared/middlewares/dead-node-probe.ts";
import { idempotentRetryMiddleware } from "./shared/middlewares/idempotent-retry.ts";
import { RequestIdLogMiddleware, withRequestId } from "./shared/middlewares/request-id-log.ts";
import { ZodParamsMiddleware } from "./shared/middlewares/zod-params.ts";

export interface BrokerOverrides {
  /** Where log lines go (tests capture them). */
  logWrite?: RedactingLoggerOptions["write"];
  nodeID?: string;
}

/**
 * Options of the `nats` client behind Moleculer's NATS transporter: bus credentials and TLS.
 * `servers`, not `url`: from a `url` Moleculer takes user and password (undefined without them)
 * over the ones given here, and drops a `tls://` scheme.
 */
export function natsOptions(cfg: AppConfig & { TRANSPORTER: string }): ConnectionOptions {
  // several comma-separated URLs: the seed servers of a NATS cluster
  const urls = cfg.TRANSPORTER.split(",").map((u) => new URL(u.trim()));
  const files = { caFile: cfg.NATS_TLS_CA, certFile: cfg.NATS_TLS_CERT, keyFile: cfg.NATS_TLS_KEY };
  const tlsFiles = Object.fromEntries(Object.entries(files).filter(([, v]) => v !== undefined));
  const tls = urls.some((u) => u.protocol === "tls:") || Object.keys(tlsFiles).length > 0;
  return {
    servers: urls.map((u) => u.host),
    ...(cfg.NATS_USER !== undefined ? { user: cfg.NATS_USER, pass: cfg.NATS_PASSWORD } : {}),
    ...(tls ? { tls: tlsFiles } : {}),
  };
}

/**
 * Moleculer's tracing: spans of every action and event, printed (`console`) or sent in batches
 * to a Zipkin-compatible collector (`zipkin`: Zipkin itself, Jaeger's or an OpenTelemetry
 * Collector's zipkin receiver). A span's trace id is the request id the logs carry (without its dashes).
 */
function tracingOptions(cfg: AppConfig): BrokerOptions["tracing"] {
  switch (cfg.TRACING) {
    case "console":
      return { enabled: true, exporter: [{ type: "Console" }], events: true };
    case "zipkin": {
      // Moleculer resolves an exporter instance, which its typings do not list
      const exporter = new RequestIdZipkinExporter({ baseURL: cfg.TRACING_ZIPKIN_URL.replace(/\/+$/, ""), interval: cfg.TRACING_INTERVAL_S }) as unknown as "Zipkin";
      return { enabled: true, exporter: [exporter], events: true };
    }
    default:
      return false;
  }
}

/**
 * Broker options from the application configuration: no transporter and a memory cacher in the
 * embedded default; NATS and Redis when TRANSPORTER / REDIS_URL are set.
 *
 * Resilience (docs/operations/resilience.md): every call times out after REQUEST_TIMEOUT_MS; idempotent
 * calls are retried up to RETRY_ATTEMPTS times on retryable errors (timeout, node gone,
 * request rejected) with exponential backoff, other calls never; a circuit breaker per endpoint
 * opens when half of at least 20 calls in a minute fail with a 5xx or a timeout (not counting a
 * 503 the service answers about its own dependency), and lets one probe through after 10 s; a bulkhead caps each action at 50 concurrent executions per node
 * with 500 queued, then answers 503 (QueueIsFullError).
 */
export function brokerOptions(cfg: AppConfig, overrides: BrokerOverrides = {}): BrokerOptions {
  const write = overrides.logWrite ?? ((line: string) => process.stdout.write(line + "\n"));
  return {
    namespace: cfg.NAMESPACE,
    nodeID: overrides.nodeID ?? cfg.NODE_ID ?? `${hostname()}-${process.pid}`,
    transporter: cfg.TRANSPORTER ? { type: "NATS", options: natsOptions({ ...cfg, TRANSPORTER: cfg.TRANSPORTER }) } : null,
    cacher: cfg.REDIS_URL
      ? { type: "Redis", options: { prefix: `${cfg.NAMESPACE || "api"}-cache`, ttl: 30, redis: redisOptions(cfg.REDIS_URL) } }
      : { type: "Memory", options: { ttl: 30, maxParamsLength: 100 } },
    serializer: "JSON",
    logger: new RedactingLogger({ level: cfg.LOG_LEVEL, format: cfg.LOG_FORMAT, write: withRequestId(write, cfg.LOG_FORMAT) }),
    validator: true,
    // Moleculer's internal middlewares listed explicitly so IdempotentRetry sits outside Timeout
    // and CircuitBreaker (each attempt has its own timeout); a later entry wraps the earlier ones
    internalMiddlewares: false,
    middlewares: [
      // the access rule is checked after the params are validated (a later entry wraps the earlier ones)
      AccessMiddleware,
      DependencyOutageMiddleware,
      BusLinkMiddleware,
      deadNodeProbeMiddleware({ afterMs: cfg.DEAD_NODE_PROBE_AFTER_MS, timeoutMs: cfg.DEAD_NODE_PROBE_TIMEOUT_MS }),
      RequestIdLogMiddleware,
      ZodParamsMiddleware,
      "ActionHook",
      "Validator",
      "Bulkhead",
      "Cacher",
      "ContextTracker",
      "CircuitBreaker",
      "Timeout",
      idempotentRetryMiddleware({ retries: cfg.RETRY_ATTEMPTS, delay: 100, maxDelay: 1_000 }),
      "Retry",
      "Fallback",
      "ErrorHandler",
      "Tracing",
      "Metrics",
      "Debounce",
      "Throttle",
    ] as BrokerOptions["middlewares"],
    requestTimeout: cfg.REQUEST_TIMEOUT_MS,
    // Moleculer's retry is off: IdempotentRetry retries idempotent calls only, on another node
    retryPolicy: { enabled: false },
    contextParamsCloning: false,
    maxCallLevel: 20,
    heartbeatInterval: cfg.HEARTBEAT_INTERVAL_S,
    heartbeatTimeout: cfg.HEARTBEAT_TIMEOUT_S,
    tracking: { enabled: true, shutdownTimeout: 10_000 },
    registry: { strategy: "RoundRobin", preferLocal: true },
    circuitBreaker: {
      enabled: true,
      threshold: 0.5,
      minRequestCount: 20,
      windowTime: 60,
      halfOpenTime: 10_000,
      // a 5xx or a timeout of the endpoint itself; a healthy service's 503 about a dependency's
      // outage (service_unavailable) must not open the breaker on that service
      check: (err: Error & { code?: number; type?: string }) => (!err.code || err.code >= 500) && err.type !== "service_unavailable",
    },
    bulkhead: { enabled: true, concurrency: 50, maxQueueSize: 500 },
    // Moleculer's Prometheus reporter, served at /metrics on HEALTH_PORT (runtime/health.ts) rather than a port of its own;
    // (Moleculer resolves a reporter instance, which its typings do not list); process and OS figures every 15 s
    // (a usual scrape interval) rather than 5: less work for an idle process
    metrics: cfg.METRICS_ENABLED
      ? {
          enabled: true,
          reporter: [new HealthPortPrometheusReporter() as unknown as "Prometheus"],
          collectProcessMetrics: true,
          collectInterval: 15,
          // Moleculer's request and event times (ms): 6 bounds, not 12; each bound is a series per action
          defaultBuckets: [5, 25, 100, 500, 2500, 10_000],
        }
      : false,
    tracing: tracingOptions(cfg),
    skipProcessEventRegistration: true,
  };
}
