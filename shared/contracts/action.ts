import { z } from "zod";
import type { OrgRole, OrgScope, Principal } from "../context.ts";

/**
 * The contract of one action: its name, params and result schemas, who may reach it, and (for
 * published actions) its HTTP route. The owning service implements it with `defineAction`
 * (shared/validation.ts); the gateway builds its routes and the OpenAPI document from these
 * contracts, so it knows every route even while the owning service is down.
 */

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * How the gateway authenticates the caller of a route:
 * - `none`: no authentication.
 * - `user`: a bearer access token or a user API key (the /me endpoints).
 * - `bearer`: a bearer access token only.
 * - `org`: an [org] endpoint: a user principal plus `X-Org-ID`, or an org key + secret.
 * - `admin`: a bearer access token of an `is_admin` user.
 */
export type AuthMode = "none" | "user" | "bearer" | "org" | "admin";

/** `text`: plain-text message bodies; `json`: `{code, message}` (ErrorResponse). */
export type ErrorStyle = "text" | "json";

export interface HttpRoute {
  method: HttpMethod;
  /** Path relative to /api/v1, moleculer-web syntax (`/servers/:id`). */
  path: string;
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
  /**
   * The route changes one resource, whose answer is the GET route at this path (relative to
   * /api/v1): it takes `If-Match` with that answer's `ETag` (412 when stale; shared/preconditions.ts).
   * The resource is the document named by the path's last param (the caller's user for `/me`).
   */
  conditional?: string;
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
  /** What such a body holds, for the OpenAPI document (the event stream's frames). */
  responseDescription?: string;
  /** Request headers the route reads beyond authentication (the event stream's `Last-Event-ID`), for the OpenAPI document. */
  requestHeaders?: readonly { name: string; description: string }[];
  /**
   * A log the action answers a page of (`LogPage`, shared/contracts/runner.ts): with `Accept:
   * text/event-stream` the gateway answers a live tail instead, following the log until `done`
   * (resumable with `Last-Event-ID`), with the event stream's limits.
   */
  tail?: boolean;
  /**
   * A list of an organization's resources: the action answers a page (`{items, next_cursor}`,
   * shared/paging.ts); the gateway answers `items` and, while more remain, a `Link` header to
   * the next page.
   */
  paged?: boolean;
  /**
   * The request body as documented (OpenAPI: `components/schemas/<name>`), for an action whose
   * `input` takes the body's fields loosely so that its service words each refusal itself (the
   * DNS bodies: `missing fields: …`, `invalid ttl`). The schema is the documentation only; the
   * service's checks decide, and must accept what it describes.
   */
  body?: { name: string; schema: z.ZodType };
  /**
   * What the action itself refuses beyond what the route implies (the OpenAPI document lists
   * both): 401 of a login endpoint that authenticates by its body or a provider's code, 403 of a
   * role its handler checks, 409 of a conflict (a duplicate, an object still in use). Implied:
   * 400 always, 401 with auth, 403 on [org] and admin routes and rules naming roles, 404 with a
   * path param, 413 with a body.
   */
  refuses?: readonly (401 | 403 | 409)[];
  /**
   * What an error status means on this route, where the general wording would not say it (the
   * OpenAPI response's description): `{404: "queue not found: …"}`.
   */
  errorNotes?: Partial<Record<400 | 404 | 409, string>>;
}

/** A user who is a member of the organization named by the param `memberOf`, with one of `roles` (any role when absent). */
export interface MemberAccess {
  memberOf: string;
  roles?: readonly OrgRole[];
}

/**
 * Who may run the action, checked by AccessMiddleware (shared/middlewares/access.ts) before the
 * handler, which finds what the rule established in `ctx.locals`:
 * - `orgScoped`: the organization the gateway authorized (`locals.org`).
 * - `user`: a signed-in user (`locals.user`).
 * - `admin`: a caller from HTTP must be an administrator; calls from the bus carry no principal
 *   and are trusted like every public action (the operators' REPL).
 * - a MemberAccess: a user with a role in the organization of that param (`locals.user`, `locals.org`).
 * - an OrgRolesAccess: `orgScoped`, and a member must hold one of the roles (403 otherwise).
 * Without `access`, a published route's rule follows its `http.auth`: org → orgScoped for a GET
 * (every member reads) and ORG_MANAGERS for any other method (owners and admins write);
 * user/bearer → user; admin → admin.
 */
export type Access = "orgScoped" | "user" | "admin" | MemberAccess | OrgRolesAccess;

/** An [org] call (as `orgScoped`) whose member must hold one of `orgRoles`; an org key acts as the organization and passes. */
export interface OrgRolesAccess {
  orgRoles: readonly OrgRole[];
}

/** Owners and admins of the organization (or an org key): the default rule of an [org] route that writes. */
export const ORG_MANAGERS = { orgRoles: ["owner", "admin"] } as const satisfies OrgRolesAccess;
export type OrgManagers = typeof ORG_MANAGERS;

/** Whether an [org] caller passes a rule naming roles: an org key (no role) acts as the organization and passes. */
export function orgRoleAllows(rule: OrgRolesAccess, org: OrgScope): boolean {
  return org.role === undefined || rule.orgRoles.includes(org.role);
}

type UserPrincipal = Extract<Principal, { kind: "user" }>;

/** What AccessMiddleware puts in `ctx.locals` for a rule. */
export type AccessLocals<A extends Access | undefined> = A extends "orgScoped" | OrgRolesAccess
  ? { org: OrgScope }
  : A extends "user"
    ? { user: UserPrincipal }
    : A extends "admin"
      ? { user?: UserPrincipal }
      : A extends MemberAccess
        ? { user: UserPrincipal; org: Required<OrgScope> }
        : // a public action's context has no principal: nothing to add
          // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type
          Record<never, never>;

/** The access rule a route's auth mode (and, on an [org] route, its method) implies. */
export type AccessOfAuth<H> = H extends { auth: "org" }
  ? H extends { method: "GET" }
    ? "orgScoped"
    : OrgManagers
  : H extends { auth: "user" | "bearer" }
    ? "user"
    : H extends { auth: "admin" }
      ? "admin"
      : undefined;

export interface ActionContract<
  S extends z.ZodType = z.ZodType,
  R = unknown,
  A extends Access | undefined = Access | undefined,
  H extends HttpRoute | undefined = HttpRoute | undefined,
> {
  /** `<service>.<action>`, as callers name it. */
  name: string;
  /** `published`: reachable from the gateway's whitelist; `public`: service-to-service only. */
  visibility: "published" | "public" | "protected";
  /** A one-line description (shown in the REPL's `actions` listing). */
  description?: string;
  input: S;
  /** The result's schema: documents the response (OpenAPI) and lets tests check bodies against it. */
  output?: z.ZodType<R>;
  http?: H;
  access?: A;
  timeout?: number;
  /**
   * Safe to call again after a timeout or a lost node: the broker's retry middleware retries
   * only such calls. Defaults to true for a GET route, false otherwise.
   */
  idempotent?: boolean;
}

/** Any contract, whatever its schemas (the gateway's view). */
export type AnyActionContract = ActionContract;

/** The rule an action runs under: declared, or implied by its route's auth mode. */
export type EffectiveAccess<A extends Access | undefined, H extends HttpRoute | undefined> = [A] extends [Access] ? A : AccessOfAuth<H>;

/** The params of an action that takes none (any key it is given is dropped). */
export const NO_PARAMS = z.object({});

/**
 * Declares a contract, keeping its literal types (the handler's params and locals come from
 * them). An action that takes no params leaves `input` out: it is NO_PARAMS.
 */
export function action<
  const S extends z.ZodType = typeof NO_PARAMS,
  R = unknown,
  const A extends Access | undefined = undefined,
  const H extends HttpRoute | undefined = undefined,
>(contract: Omit<ActionContract<S, R, A, H>, "input"> & { input?: S }): ActionContract<S, R, A, H> {
  return { ...contract, input: contract.input ?? (NO_PARAMS as z.ZodType as S) };
}

/** The access rule of an action definition or contract (plain data: it also travels in the registry). */
export function accessOf(def: { access?: unknown; http?: unknown } | null | undefined): Access | undefined {
  if (!def) return undefined;
  if (def.access !== undefined) return def.access as Access;
  const http = def.http as { auth?: AuthMode; method?: HttpMethod } | undefined;
  const auth = http?.auth;
  // on an [org] route every member reads; writing needs an owner or an admin (or an org key)
  if (auth === "org") return http?.method === "GET" ? "orgScoped" : ORG_MANAGERS;
  if (auth === "user" || auth === "bearer") return "user";
  if (auth === "admin") return "admin";
  return undefined;
}

/** `inventory.listServers` → `listServers`: the key the owning service registers. */
export function localName(name: string): string {
  return name.slice(name.indexOf(".") + 1);
}

/** Contracts grouped in records (one level or more), as the `*_ACTIONS` constants of shared/contracts/ hold them. */
export interface ContractTree {
  readonly [key: string]: AnyActionContract | ContractTree;
}

function isContract(value: AnyActionContract | ContractTree): value is AnyActionContract {
  return typeof value.name === "string" && "input" in value;
}

/** Every contract in a tree, in declaration order. */
export function contractsIn(tree: ContractTree): AnyActionContract[] {
  return Object.values(tree).flatMap((v) => (isContract(v) ? [v] : contractsIn(v)));
}

/** An [org] route: a user with `X-Org-ID`, or an org key; plain-text errors. */
export const ORG_ROUTE = { auth: "org", errors: "text" } as const;

/**
 * The five routes of an organization's resource collection at `path`: a paged list, create (201
 * with Location), and get, update, delete (204) of one by its `param`.
 */
export function orgCollectionRoutes(path: string, param = "id") {
  const one = `${path}/:${param}`;
  const uuidParams = [param] as const;
  return {
    list: { method: "GET", path, ...ORG_ROUTE, paged: true },
    create: { method: "POST", path, ...ORG_ROUTE, status: 201, location: one },
    get: { method: "GET", path: one, ...ORG_ROUTE, uuidParams },
    update: { method: "PATCH", path: one, ...ORG_ROUTE, uuidParams, conditional: one },
    remove: { method: "DELETE", path: one, ...ORG_ROUTE, status: 204, uuidParams, conditional: one },
  } as const;
}
