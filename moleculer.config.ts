import { AsyncLocalStorage } from "node:async_hooks";
import { hostname } from "node:os";
import type { BrokerOptions, Context, Middleware, ServiceBroker } from "moleculer";
import type { ConnectionOptions } from "nats";
import { redisOptions, type AppConfig } from "./shared/config.ts";
import { RedactingLogger, type RedactingLoggerOptions } from "./shared/logging.ts";
import { AccessMiddleware } from "./shared/middlewares/access.ts";
import { ZodParamsMiddleware } from "./shared/validation.ts";

export interface BrokerOverrides {
  /** Where log lines go (tests capture them). */
  logWrite?: RedactingLoggerOptions["write"];
  nodeID?: string;
}

/** The request id (and action) of the action or event handler that is running, for log lines. */
const logScope = new AsyncLocalStorage<{ requestID: string; action: string }>();

/**
 * Runs every local action and event handler inside a log scope so each log line written while
 * it runs carries `requestId` (the id the gateway gave the HTTP request; Moleculer propagates
 * it across the bus to every nested call).
 */
export const RequestIdLogMiddleware: Middleware = {
  name: "RequestIdLog",
  localAction(next: (ctx: Context) => Promise<unknown>, action: { name: string }) {
    return (ctx: Context) => (ctx.requestID ? logScope.run({ requestID: ctx.requestID, action: action.name }, () => next(ctx)) : next(ctx));
  },
  localEvent(next: (ctx: Context) => Promise<unknown>, event: { name: string }) {
    return (ctx: Context) => (ctx.requestID ? logScope.run({ requestID: ctx.requestID, action: event.name }, () => next(ctx)) : next(ctx));
  },
} as Middleware;

/** Adds the running request's id to a log line (JSON object lines get a `requestId` field). */
function withRequestId(write: (line: string) => void, format: "json" | "pretty"): (line: string) => void {
  return (line) => {
    const scope = logScope.getStore();
    if (!scope) return write(line);
    if (format === "json" && line.endsWith("}")) return write(`${line.slice(0, -1)},"requestId":${JSON.stringify(scope.requestID)}}`);
    return write(`${line} [req ${scope.requestID}]`);
  };
}

/**
 * Actions that may be retried: the ones declaring `idempotent: true`, and those served on GET
 * (HTTP's contract: a GET does not change state) unless they declare `idempotent: false`
 * (`auth.loginCallback` is a GET that redeems a one-time code). Both come from the action's
 * contract, plain data in the action definition, so they reach remote callers with the registry.
 */
export function isIdempotent(action: { idempotent?: unknown; http?: unknown }): boolean {
  if (typeof action.idempotent === "boolean") return action.idempotent;
  return (action.http as { method?: unknown } | undefined)?.method === "GET";
}

export interface RetryOptions {
  /** Attempts after the first. */
  retries: number;
  /** First backoff; doubles per attempt up to `maxDelay`. */
  delay: number;
  maxDelay: number;
}

const RETRIED = Symbol("idempotentRetry");

/**
 * Retries idempotent calls (and only those) that failed with a retryable error — a timeout, a
 * node that went away, a request the bus rejected — on another node than the ones that already
 * failed, with exponential backoff. A write is never repeated behind the caller's back.
 * Moleculer's own Retry middleware stays off: it picks the next endpoint through the balancer,
 * which under concurrency can send every attempt to the same dead node until the heartbeat
 * timeout removes it.
 */
export function idempotentRetryMiddleware(opts: RetryOptions): Middleware {
  let broker: ServiceBroker;
  type Ctx = Context & { [RETRIED]?: boolean; copy(): Ctx };
  return {
    name: "IdempotentRetry",
    created(b: ServiceBroker) {
      broker = b;
    },
    remoteAction(next: (ctx: Ctx) => Promise<unknown>, action: { name: string; idempotent?: unknown; http?: unknown; service?: { fullName?: string } }) {
      if (opts.retries <= 0 || !isIdempotent(action)) return next;
      return async function idempotentRetry(ctx: Ctx): Promise<unknown> {
        if (ctx[RETRIED]) return next(ctx);
        const failed = new Set<string>();
        let current = ctx;
        let nodeID: string | undefined;
        for (let attempt = 0; ; attempt++) {
          try {
            if (attempt === 0) return await next(ctx);
            return await broker.call(action.name, ctx.params, { ctx: current, ...(nodeID ? { nodeID } : {}) } as never);
          } catch (err) {
            if ((err as { retryable?: boolean } | null)?.retryable !== true || attempt >= opts.retries) throw err;
            if (current.nodeID) failed.add(current.nodeID);
            if (broker.isMetricsEnabled()) broker.metrics.increment("moleculer.request.retry.attempts.total", { service: action.service?.fullName ?? action.name.split(".")[0], action: action.name });
            broker.logger.warn(`retrying idempotent '${action.name}' elsewhere (attempt ${attempt + 1} of ${opts.retries})`, { requestID: ctx.requestID, failedNode: current.nodeID, error: (err as Error).name });
            await new Promise((r) => setTimeout(r, Math.min(opts.delay * 2 ** attempt, opts.maxDelay)));
            const endpoints = (broker.registry.getActionEndpoints(action.name) as unknown as { endpoints?: { id: string; isAvailable: boolean }[] } | undefined)?.endpoints ?? [];
            const others = endpoints.filter((e) => e.isAvailable && !failed.has(e.id));
            nodeID = others.length > 0 ? others[attempt % others.length]!.id : undefined;
            current = ctx.copy();
            current[RETRIED] = true;
          }
        }
      };
    },
  } as unknown as Middleware;
}

/**
 * Options of the `nats` client behind Moleculer's NATS transporter: bus credentials and TLS.
 * `servers`, not `url`: from a `url` Moleculer takes user and password (undefined without them)
 * over the ones given here, and drops a `tls://` scheme.
 */
export function natsOptions(cfg: AppConfig & { TRANSPORTER: string }): ConnectionOptions {
  const url = new URL(cfg.TRANSPORTER);
  const files = { caFile: cfg.NATS_TLS_CA, certFile: cfg.NATS_TLS_CERT, keyFile: cfg.NATS_TLS_KEY };
  const tlsFiles = Object.fromEntries(Object.entries(files).filter(([, v]) => v !== undefined));
  const tls = url.protocol === "tls:" || Object.keys(tlsFiles).length > 0;
  return {
    servers: [url.host],
    ...(cfg.NATS_USER !== undefined ? { user: cfg.NATS_USER, pass: cfg.NATS_PASSWORD } : {}),
    ...(tls ? { tls: tlsFiles } : {}),
  };
}

/**
 * Broker options from the application configuration: no transporter and a memory cacher in the
 * embedded default; NATS and Redis when TRANSPORTER / REDIS_URL are set.
 *
 * Resilience (README, "Resilience"): every call times out after REQUEST_TIMEOUT_MS; idempotent
 * calls are retried up to RETRY_ATTEMPTS times on retryable errors (timeout, node gone,
 * request rejected) with exponential backoff, other calls never; a circuit breaker per endpoint
 * opens when half of at least 20 calls in a minute fail with a 5xx or a timeout, and lets one
 * probe through after 10 s; a bulkhead caps each action at 50 concurrent executions per node
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
    // collected in-process; HEALTH_PORT serves them at /metrics (bin/health.ts), no reporter port of its own;
    // process and OS figures every 15 s (a usual scrape interval) rather than 5: less work for an idle process
    metrics: cfg.METRICS_ENABLED ? { enabled: true, reporter: [], collectProcessMetrics: true, collectInterval: 15 } : false,
    tracing: cfg.TRACING === "console" ? { enabled: true, exporter: [{ type: "Console" }], events: true } : false,
    skipProcessEventRegistration: true,
  };
}
