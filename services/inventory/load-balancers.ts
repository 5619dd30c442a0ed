import type { LoadBalancer } from "../../shared/contracts/inventory.ts";
import { marksOf } from "./references.ts";
import { newestFirst, toLoadBalancer, type Inventory } from "./resources.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

export interface LoadBalancerInput {
  name?: string | undefined;
  kind?: string | undefined;
  private_ip_address?: string | undefined;
  public_ip_address?: string | undefined;
}

export function createLoadBalancer(inv: Inventory, caller: ChangeCaller, orgId: string, input: LoadBalancerInput & { name: string; kind: string }): Promise<LoadBalancer> {
  return inv.res.loadBalancers.create(caller, orgId, {
    name: input.name,
    kind: input.kind,
    private_ip_address: input.private_ip_address ?? "",
    public_ip_address: input.public_ip_address ?? "",
  });
}

export async function updateLoadBalancer(inv: Inventory, caller: ChangeCaller, orgId: string, id: string, input: LoadBalancerInput): Promise<LoadBalancer> {
  const set: Record<string, string> = {};
  for (const [k, v] of Object.entries(input) as [string, string | undefined][]) if (v !== undefined) set[k] = v;
  if (Object.keys(set).length === 0) return inv.res.loadBalancers.get(orgId, id);
  return inv.res.loadBalancers.update(caller, orgId, id, { $set: set });
}

/** Batch look-up for other services: load balancers of the organization among `ids`, newest first. */
export async function getLoadBalancers(inv: Inventory, orgId: string, ids: readonly string[]): Promise<LoadBalancer[]> {
  return newestFirst(await marksOf(inv).without("load_balancer", ids, (wanted) => inv.res.loadBalancers.getMany(orgId, wanted))).map(toLoadBalancer);
}
