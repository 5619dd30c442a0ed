import type { RequestMeta } from "../../shared/context.ts";
import { parseEntityTags } from "../../shared/entity-tag.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { PreconditionRequest } from "../../shared/preconditions.ts";
import { ROUTES, type RouteDef } from "./routes.ts";

/** The GET action answering each path (what a conditional route's `If-Match` tags name). */
const GET_ACTION = new Map(ROUTES.filter((r) => r.method === "GET").map((r) => [r.path, r.action]));

function paramNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

/**
 * The `If-Match` of a write, for the service that makes it (shared/preconditions.ts): undefined
 * without the header. A route that changes one resource with a GET (`conditional`) checks it
 * against that GET's answer; on any other route only `*` can hold (there is no entity tag to
 * match), so any other value is 412 at once.
 */
export function preconditionOf(
  method: string,
  header: string | string[] | undefined,
  route: Partial<RouteDef>,
  params: Record<string, unknown>,
  meta: RequestMeta,
): PreconditionRequest | undefined {
  if (method === "GET" || method === "HEAD") return undefined;
  const ifMatch = parseEntityTags(header);
  if (ifMatch === undefined) return undefined;
  const get = route.conditional === undefined ? undefined : GET_ACTION.get(route.conditional);
  if (route.conditional === undefined || get === undefined || route.action === undefined) {
    if (ifMatch === "*") return undefined;
    throw MESSAGES.noEntityTag.error();
  }
  const names = paramNames(route.conditional);
  const last = names.at(-1);
  const target = last === undefined ? (meta.principal?.kind === "user" ? meta.principal.user_id : undefined) : params[last];
  if (typeof target !== "string") throw MESSAGES.noEntityTag.error();
  const getParams = Object.fromEntries(names.map((n) => [n, params[n]]));
  return { if_match: ifMatch, action: route.action, get, get_params: getParams, target: target.toLowerCase() };
}
