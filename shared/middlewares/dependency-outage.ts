import type { Context, Middleware } from "moleculer";
import { isUnavailable, MESSAGES, unavailableAs503, unavailableService } from "../errors.ts";

/**
 * A service's action that failed because something it depends on cannot answer answers
 * `service_unavailable` naming what is out, whichever call inside the action it came from:
 * another service (no node, its node gone mid-call, a timeout, a full queue, an open breaker) is
 * named itself; the service's own database out of reach (the driver's errors, a bulk write's
 * included) names the service. Its caller's circuit breaker does not count that 503
 * (moleculer.config.ts), so a healthy service never gets a breaker opened on it by a dependency's
 * outage, and the gateway answers `503 service unavailable: <service>` instead of the 404 a
 * ServiceNotFoundError or the 500 an unrecognised error would become. Other failures pass through.
 */
export const DependencyOutageMiddleware: Middleware = {
  name: "DependencyOutage",
  localAction(handler: (ctx: Context) => Promise<unknown>, action: { service?: { name: string } }) {
    const own = action.service?.name;
    return function reportDependencyOutage(ctx: Context): Promise<unknown> {
      return handler(ctx).catch((err: unknown) => {
        if (!isUnavailable(err)) throw err;
        // a database driver's error names no service: it is this service's own database
        if (unavailableService(err) === undefined && own !== undefined) throw MESSAGES.serviceUnavailable.errorWith({ service: own }, own);
        throw unavailableAs503(err);
      });
    };
  },
};
