import type { z } from "zod";
import { call } from "../../shared/call.ts";
import type { ActionContract } from "../../shared/contracts/action.ts";
import type { ReferencedKind } from "../../shared/contracts/clusters.ts";
import { DNS_ACTIONS } from "../../shared/contracts/dns-actions.ts";
import type { Domain, RecordSet } from "../../shared/contracts/dns.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import type { BatchGetParams, LoadBalancer, NodePool, Server } from "../../shared/contracts/inventory.ts";
import type { Caller } from "../../shared/service.ts";

export interface KindObject {
  server: Server;
  load_balancer: LoadBalancer;
  node_pool: NodePool;
  domain: Domain;
  record_set: RecordSet;
}

/** The batch action of the owning service for each kind of attachable object (its answer: the kind's objects). */
const LOOKUP_ACTIONS: Readonly<Record<ReferencedKind, ActionContract<z.ZodType<unknown, z.input<typeof BatchGetParams>>, { id: string }[]>>> = {
  server: INVENTORY_ACTIONS.getServers,
  load_balancer: INVENTORY_ACTIONS.getLoadBalancers,
  node_pool: INVENTORY_ACTIONS.getNodePools,
  domain: DNS_ACTIONS.getDomains,
  record_set: DNS_ACTIONS.getRecordSets,
};

/** The batch actions take at most this many ids per call. */
const BATCH_MAX = 1000;

export type IdsByKind = Partial<Record<ReferencedKind, Iterable<string>>>;
export type ObjectsByKind = { [K in ReferencedKind]: Map<string, KindObject[K]> };

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Fetches the objects of every kind in the organization: one batched call per kind (split only
 * beyond 1000 ids), all kinds in parallel. Ids not in the organization are simply absent.
 */
export async function lookupAll(caller: Caller, organizationId: string, ids: IdsByKind): Promise<ObjectsByKind> {
  const out: ObjectsByKind = { server: new Map(), load_balancer: new Map(), node_pool: new Map(), domain: new Map(), record_set: new Map() };
  const calls: Promise<void>[] = [];
  for (const kind of Object.keys(ids) as ReferencedKind[]) {
    const wanted = [...new Set(ids[kind] ?? [])];
    for (const batch of chunks(wanted, BATCH_MAX)) {
      calls.push(
        // the owning service's outage answers 503 naming it (DependencyOutageMiddleware), never a 404: the object may well exist
        call(caller, LOOKUP_ACTIONS[kind], { organization_id: organizationId, ids: batch }).then((result) => {
          const map = out[kind] as Map<string, unknown>;
          for (const obj of result) map.set(obj.id, obj);
        }),
      );
    }
  }
  await Promise.all(calls);
  return out;
}

/** One object of `kind` in the organization, or undefined (attach checks existence this way). */
export async function lookupOne<K extends ReferencedKind>(caller: Caller, organizationId: string, kind: K, id: string): Promise<KindObject[K] | undefined> {
  const found = await lookupAll(caller, organizationId, { [kind]: [id] });
  return (found[kind] as Map<string, KindObject[K]>).get(id);
}
