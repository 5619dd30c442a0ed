import type { Context, Middleware, ServiceBroker } from "moleculer";

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
 * failed, with exponential backoff; with no such node left it gives up at once (the caller answers
 * 503 rather than wait on the node that failed). A write is never repeated behind the caller's back.
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
            const endpoints = (broker.registry.getActionEndpoints(action.name) as unknown as { endpoints?: { id: string; isAvailable: boolean }[] } | undefined)?.endpoints ?? [];
            const others = endpoints.filter((e) => e.isAvailable && !failed.has(e.id));
            // no other node offers it: answering now (503) beats waiting on the one that failed
            if (others.length === 0) throw err;
            nodeID = others[attempt % others.length]!.id;
            if (broker.isMetricsEnabled())
              broker.metrics.increment("moleculer.request.retry.attempts.total", { service: action.service?.fullName ?? action.name.split(".")[0], action: action.name });
            broker.logger.warn(`retrying idempotent '${action.name}' on '${nodeID}' (attempt ${attempt + 1} of ${opts.retries})`, {
              requestID: ctx.requestID,
              failedNode: current.nodeID,
              error: (err as Error).name,
            });
            await new Promise((r) => setTimeout(r, Math.min(opts.delay * 2 ** attempt, opts.maxDelay)));
            current = ctx.copy();
            current[RETRIED] = true;
          }
        }
      };
    },
  } as unknown as Middleware;
}
