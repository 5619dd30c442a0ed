/**
 * The HTTP surface: every route the gateway serves, in one table. Each entry names the action
 * it calls, how the caller must authenticate, how errors are rendered, and the success status.
 * The gateway whitelists exactly these actions; nothing else is reachable over HTTP.
 */

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * - `none`: no authentication.
 * - `user`: a bearer access token or a user API key (the /me endpoints).
 * - `bearer`: a bearer access token only.
 * - `org`: an [org] endpoint: a user principal plus `X-Org-ID`, or an org key + secret.
 * - `admin`: a bearer access token of an `is_admin` user.
 */
export type AuthMode = "none" | "user" | "bearer" | "org" | "admin";

/** `text`: plain-text message bodies; `json`: `{code, message}` (ErrorResponse). */
export type ErrorStyle = "text" | "json";

export interface RouteDef {
  method: HttpMethod;
  /** Path relative to /api/v1, moleculer-web syntax (`/servers/:id`). */
  path: string;
  action: string;
  auth: AuthMode;
  errors: ErrorStyle;
  /** Success status; 200 by default. 204 answers with an empty body. */
  status?: 200 | 201 | 204;
  /**
   * What a 201 created, as the path (relative to /api/v1) of the route that addresses it: the
   * gateway answers it as `Location`, each `:param` taken from the request's path param of that
   * name, else from the answer's `id` (`/orgs/:id/api-keys/:key_id`).
   */
  location?: string;
  /** Path params that must be UUIDs (400 `invalid id` otherwise). */
  uuidParams?: readonly string[];
  /**
   * The action answers a file, `{content_type, filename, body: Buffer}` (FileResponse in
   * shared/contracts/inventory.ts): the gateway sends `body` as is with that Content-Type and
   * `Content-Disposition: attachment; filename="<filename>"` (the SSH key download).
   */
  raw?: boolean;
  /** Also served outside /api/v1 at the same path (the JWKS). */
  alsoAtRoot?: boolean;
  /** Content type of a success body that is not JSON (documents, downloads). */
  responseType?: string;
  /**
   * A list of an organization's resources: the action answers a page (`{items, next_cursor}`,
   * shared/paging.ts); the gateway answers `items` and, while more remain, a `Link` header to
   * the next page.
   */
  paged?: boolean;
}

export const API_PREFIX = "/api/v1";

import { AUTH_ROUTES } from "./routes/auth.ts";
import { CLUSTERS_ROUTES } from "./routes/clusters.ts";
import { CREDENTIALS_ROUTES } from "./routes/credentials.ts";
import { DNS_ROUTES } from "./routes/dns.ts";
import { INVENTORY_ROUTES } from "./routes/inventory.ts";
import { JOBS_ROUTES } from "./routes/jobs.ts";
import { ORGS_ROUTES } from "./routes/orgs.ts";

const SYSTEM_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/healthz", action: "api.healthz", auth: "none", errors: "text" },
  { method: "GET", path: "/version", action: "api.version", auth: "none", errors: "text" },
  { method: "GET", path: "/openapi.json", action: "api.openapi", auth: "none", errors: "text" },
  { method: "GET", path: "/docs", action: "api.docs", auth: "none", errors: "text", responseType: "text/html" },
  { method: "GET", path: "/docs/:file", action: "api.docsAsset", auth: "none", errors: "text", responseType: "*/*" },
];

/** Every service contributes its routes from its own file under routes/. */
export const ROUTES: readonly RouteDef[] = [
  ...SYSTEM_ROUTES,
  ...AUTH_ROUTES,
  ...ORGS_ROUTES,
  ...INVENTORY_ROUTES,
  ...CREDENTIALS_ROUTES,
  ...DNS_ROUTES,
  ...CLUSTERS_ROUTES,
  ...JOBS_ROUTES,
];

/** Error style for a path no route matched (404s, body errors before routing). */
export function errorStyleForPath(path: string): ErrorStyle {
  const rel = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  return /^\/(orgs|auth|me)(\/|$|\?)/.test(rel) ? "json" : "text";
}
