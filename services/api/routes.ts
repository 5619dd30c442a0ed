/**
 * The HTTP surface: every route the gateway serves, collected from the action contracts of
 * shared/contracts/ (each published action declares its `http` route there). The gateway
 * whitelists exactly these actions; nothing else is reachable over HTTP. Contracts, not the
 * service registry, so a route whose service is down answers 503, not 404.
 */
import type { AnyActionContract, ErrorStyle, HttpRoute } from "../../shared/contracts/action.ts";
import { ALL_CONTRACTS } from "../../shared/contracts/all.ts";

export type { AuthMode, ErrorStyle, HttpMethod } from "../../shared/contracts/action.ts";

/** A route and the action it calls. */
export interface RouteDef extends HttpRoute {
  action: string;
}

export const API_PREFIX = "/api/v1";

/** Every published action's route, in the order the contracts declare them. */
export const ROUTES: readonly RouteDef[] = ALL_CONTRACTS.flatMap((c) => (c.http ? [{ ...c.http, action: c.name }] : []));

const BY_NAME = new Map(ALL_CONTRACTS.map((c) => [c.name, c]));

/** The contract of an action (its schemas document the route). */
export function contractOf(action: string): AnyActionContract | undefined {
  return BY_NAME.get(action);
}

/** Error style for a path no route matched (404s, body errors before routing). */
export function errorStyleForPath(path: string): ErrorStyle {
  const rel = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  return /^\/(orgs|auth|me)(\/|$|\?)/.test(rel) ? "json" : "text";
}
