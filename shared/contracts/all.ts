import { contractsIn, type AnyActionContract, type ContractTree } from "./action.ts";
import { API_ACTIONS } from "./api-actions.ts";
import { AUTH_ACTIONS } from "./auth-actions.ts";
import { CLUSTERS_ACTIONS } from "./clusters-actions.ts";
import { CREDENTIALS_ACTIONS } from "./credentials-actions.ts";
import { DNS_ACTIONS } from "./dns-actions.ts";
import { EVENTS_ACTIONS } from "./events-actions.ts";
import { INVENTORY_ACTIONS } from "./inventory-actions.ts";
import { JOBS_ACTIONS } from "./jobs-actions.ts";
import { ORGS_ACTIONS } from "./orgs-actions.ts";
import { RUNNER_ACTIONS } from "./runner-actions.ts";

/** Every service's contracts, the gateway's first (the order routes and the OpenAPI document follow). */
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

/** Every action contract, in declaration order. */
export const ALL_CONTRACTS: readonly AnyActionContract[] = SERVICE_CONTRACTS.flatMap(contractsIn);
