import type { z } from "zod";
import { contractsIn, type ContractTree } from "../../shared/contracts/action.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import { CREDENTIALS_ACTIONS } from "../../shared/contracts/credentials-actions.ts";
import { DNS_ACTIONS } from "../../shared/contracts/dns-actions.ts";
import { EVENTS_ACTIONS } from "../../shared/contracts/events-actions.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import { JOBS_ACTIONS } from "../../shared/contracts/jobs-actions.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { RUNNER_ACTIONS } from "../../shared/contracts/runner-actions.ts";

/** The services whose actions a job type can name. */
const CONTRACT_TREES: readonly ContractTree[] = [
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

let inputs: Map<string, z.ZodType> | undefined;

/** The `input` schema of the action a job type names (the handler's parameters), if its contract has one. */
export function jobPayloadSchema(type: string): z.ZodType | undefined {
  inputs ??= new Map(CONTRACT_TREES.flatMap(contractsIn).flatMap((c) => [[c.name, c.input] as const]));
  return inputs.get(type);
}
