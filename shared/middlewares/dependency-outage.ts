import type { Context, Middleware } from "moleculer";
import { isUnavailable, unavailableAs503, unavailableService } from "../errors.ts";

/**
 * A service's action that failed because another service it called cannot answer (no node, its
 * node gone mid-call, a timeout, a full queue, an open breaker) answers `service_unavailable`
 * naming that service, whichever call inside the action it came from. Its caller's circuit
 * breaker does not count that 503 (moleculer.config.ts), so a healthy service never gets a breaker
 * opened on it by a dependency's outage, and the gateway answers `503 service unavailable:
 * <dependency>` instead of the 404 a ServiceNotFoundError or the 500 an unknown error would become.
 * The action's own failures, its database's included, pass through unchanged.
 */
export const DependencyOutageMiddleware: Middleware = {
  name: "DependencyOutage",
  localAction(handler: (ctx: Context) => Promise<unknown>, action: { service?: { name: string } }) {
    const own = action.service?.name;
    return function reportDependencyOutage(ctx: Context): Promise<unknown> {
      return handler(ctx).catch((err: unknown) => {
        if (!isUnavailable(err)) throw err;
        const service = unavailableService(err);
        throw service !== undefined && service !== own ? unavailableAs503(err) : err;
      });
    };
  },
};
