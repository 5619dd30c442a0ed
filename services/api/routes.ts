/**
 * The HTTP surface: every route the gateway serves, collected from the action contracts of
 * shared/contracts/ (each published action declares its `http` route there). The gateway
 * whitelists exactly these actions; nothing else is reachable over HTTP. Contracts, not the
 * service registry, so a route whose service is down answers 503, not 404.
 */
import { contractsIn, type AnyActionContract, type ContractTree, type ErrorStyle, type HttpRoute } from "../../shared/contracts/action.ts";
import { API_ACTIONS } from "../../shared/contracts/api-actions.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import { CREDENTIALS_ACTIONS } from "../../shared/contracts/credentials-actions.ts";
import { DNS_ACTIONS } from "../../shared/contracts/dns-actions.ts";
import { EVENTS_ACTIONS } from "../../shared/contracts/events-actions.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import { JOBS_ACTIONS } from "../../shared/contracts/jobs-actions.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { RUNNER_ACTIONS } from "../../shared/contracts/runner-actions.ts";

export type { AuthMode, ErrorStyle, HttpMethod } from "../../shared/contracts/action.ts";

/** A route and the action it calls. */
export interface RouteDef extends HttpRoute {
  action: string;
}

export const API_PREFIX = "/api/v1";

const SERVICE_CONTRACTS: readonly ContractTree[] = [
  API_ACTIONS,
  AUTH_ACTIONS,
  ORGS_ACTIONS,
  INVENTORY_ACTIONS,
  CREDENTIALS_ACTIONS,
  DNS_ACTIONS,
  CLUSTERS_ACTIONS,
  JOBS_ACTIONS,
  EVENTS_ACTIONS,
  RUNNER_ACTIONS,
];

const CONTRACTS: readonly AnyActionContract[] = SERVICE_CONTRACTS.flatMap(contractsIn);

/** Every published action's route, in the order the contracts declare them. */
export const ROUTES: readonly RouteDef[] = CONTRACTS.flatMap((c) => (c.http ? [{ ...c.http, action: c.name }] : []));

const BY_NAME = new Map(CONTRACTS.map((c) => [c.name, c]));

/** The contract of an action (its schemas document the route). */
export function contractOf(action: string): AnyActionContract | undefined {
  return BY_NAME.get(action);
}

/** Error style for a path no route matched (404s, body errors before routing). */
export function errorStyleForPath(path: string): ErrorStyle {
  const rel = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  return /^\/(orgs|auth|me)(\/|$|\?)/.test(rel) ? "json" : "text";
}
