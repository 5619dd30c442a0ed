import type { ServerResponse } from "node:http";
import { API_ACTIONS } from "../../shared/contracts/api-actions.ts";
import { entityTagOfBody, ifNoneMatchHolds } from "../../shared/entity-tag.ts";
import { newId } from "../../shared/ids.ts";
import { incomingRequestId, setSecurityHeaders, type GatewayRequest } from "./http.ts";
import { API_PREFIX } from "./routes.ts";

/**
 * `GET /api/v1/healthz`, answered before moleculer-web's action chain (a probe every few seconds
 * from every load balancer should cost what a bare HTTP server's answer costs): the same body,
 * headers and entity tag the `api.healthz` action answers with. The gateway still rate-limits it
 * and its metrics and access log still count it (their listener sees every request).
 */
const ROUTE = API_ACTIONS.healthz.http!;
export const HEALTH_CHECK_PATH = `${API_PREFIX}${ROUTE.path}`;
/** The action's answer (the action returns it too). */
export const HEALTHY = { status: "ok" } as const;
const BODY = JSON.stringify(HEALTHY);
const TAG = entityTagOfBody(BODY);

/**
 * The plain probe: anything else (a query string, another method, a CORS request when CORS is
 * configured) takes the action chain, which answers it as before.
 */
export function isPlainHealthCheck(req: GatewayRequest, corsConfigured: boolean): boolean {
  return req.method === "GET" && req.url === HEALTH_CHECK_PATH && !(corsConfigured && req.headers.origin !== undefined);
}

/** The error style of a refusal (429). */
export const HEALTH_CHECK_ERRORS = ROUTE.errors;

export function answerHealthCheck(req: GatewayRequest, res: ServerResponse, https: boolean): void {
  req.routeLabel = HEALTH_CHECK_PATH;
  res.setHeader("X-Request-ID", incomingRequestId(req) ?? newId());
  setSecurityHeaders(res, https);
  res.setHeader("ETag", TAG);
  if (ifNoneMatchHolds(req.headers["if-none-match"], TAG)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(BODY) });
  res.end(BODY);
}
