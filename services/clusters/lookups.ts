import type { ReferencedKind } from "../../shared/contracts/clusters.ts";
import type { Domain, RecordSet } from "../../shared/contracts/dns.ts";
import { INVENTORY_BATCH_ACTIONS, type LoadBalancer, type NodePool, type Server } from "../../shared/contracts/inventory.ts";
import type { Caller } from "../../shared/service.ts";

export interface KindObject {
  server: Server;
  load_balancer: LoadBalancer;
  node_pool: NodePool;
  domain: Domain;
  record_set: RecordSet;
}

/** The batch action of the owning service for each kind of attachable object. */
export const LOOKUP_ACTIONS: Readonly<Record<ReferencedKind, string>> = {
  server: INVENTORY_BATCH_ACTIONS.servers,
  load_balancer: INVENTORY_BATCH_ACTIONS.loadBalancers,
  node_pool: INVENTORY_BATCH_ACTIONS.nodePools,
  domain: "dns.getDomains",
  record_set: "dns.getRecordSets",
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

function hasId(v: unknown): v is { id: string } {
  return typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string";
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
        caller.call(LOOKUP_ACTIONS[kind], { organization_id: organizationId, ids: batch }).then((result) => {
          if (!Array.isArray(result)) throw new Error(`${LOOKUP_ACTIONS[kind]} returned ${typeof result}, not an array`);
          const map = out[kind] as Map<string, unknown>;
          for (const obj of result) if (hasId(obj)) map.set(obj.id, obj);
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
