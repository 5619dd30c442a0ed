import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, Middleware } from "moleculer";

/** The action or event handler that is running: its request id and name (for log lines) and its context. */
export interface CallScope {
  requestID: string;
  action: string;
  ctx: Context;
}

const logScope = new AsyncLocalStorage<CallScope>();

/**
 * The call running now, where a module needs what the request carries without every caller
 * passing it down: the request id for log lines, and who made the change an event records
 * (shared/events.ts). Undefined outside an action or event handler.
 */
export function currentCall(): CallScope | undefined {
  return logScope.getStore();
}

/**
 * Runs every local action and event handler inside a log scope so each log line written while
 * it runs carries `requestId` (the id the gateway gave the HTTP request; Moleculer propagates
 * it across the bus to every nested call).
 */
export const RequestIdLogMiddleware: Middleware = {
  name: "RequestIdLog",
  localAction(next: (ctx: Context) => Promise<unknown>, action: { name: string }) {
    return (ctx: Context) => (ctx.requestID ? logScope.run({ requestID: ctx.requestID, action: action.name, ctx }, () => next(ctx)) : next(ctx));
  },
  localEvent(next: (ctx: Context) => Promise<unknown>, event: { name: string }) {
    return (ctx: Context) => (ctx.requestID ? logScope.run({ requestID: ctx.requestID, action: event.name, ctx }, () => next(ctx)) : next(ctx));
  },
} as Middleware;

/** Adds the running request's id to a log line (JSON object lines get a `requestId` field). */
export function withRequestId(write: (line: string) => void, format: "json" | "pretty"): (line: string) => void {
  return (line) => {
    const scope = logScope.getStore();
    if (!scope) return write(line);
    if (format === "json" && line.endsWith("}")) return write(`${line.slice(0, -1)},"requestId":${JSON.stringify(scope.requestID)}}`);
    return write(`${line} [req ${scope.requestID}]`);
  };
}
