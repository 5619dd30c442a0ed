import type { NodePool } from "../../shared/contracts/inventory.ts";
import { mapPage, type Page, type PageRequest } from "../../shared/paging.ts";
import { escapeRegex } from "../../shared/zod.ts";
import { fullNodePools, removeLinksOfPool } from "./links.ts";
import { marksOf } from "./references.ts";
import type { Inventory } from "./resources.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

/** GET /node-pools: `q` filters by name (contains, case-insensitive, literal); newest first, one page. */
export async function listNodePools(inv: Inventory, orgId: string, q: string | undefined, page: PageRequest): Promise<Page<NodePool>> {
  const filter = q === undefined ? {} : { name: { $regex: escapeRegex(q), $options: "i" } };
  return mapPage(await inv.res.nodePools.listDocs(orgId, filter as never, page), (docs) => fullNodePools(inv, orgId, docs));
}

export async function getNodePool(inv: Inventory, orgId: string, id: string): Promise<NodePool> {
  const doc = await inv.res.nodePools.getDoc(orgId, id);
  return (await fullNodePools(inv, orgId, [doc]))[0]!;
}

/** Batch look-up for other services: full node pools of the organization among `ids`. */
export async function getNodePools(inv: Inventory, orgId: string, ids: readonly string[]): Promise<NodePool[]> {
  const docs = (await marksOf(inv).without("node_pool", ids, (wanted) => inv.res.nodePools.getMany(orgId, wanted))).sort((a, b) => (a._id < b._id ? 1 : -1));
  return fullNodePools(inv, orgId, docs);
}

export async function createNodePool(inv: Inventory, caller: ChangeCaller, orgId: string, input: { name: string; role: string }): Promise<NodePool> {
  const created = await inv.res.nodePools.create(caller, orgId, { name: input.name, role: input.role });
  return { ...created, annotations: [], labels: [], taints: [], servers: [] };
}

export async function updateNodePool(
  inv: Inventory,
  caller: ChangeCaller,
  orgId: string,
  id: string,
  input: { name?: string | undefined; role?: string | undefined },
): Promise<NodePool> {
  const set: Record<string, string> = {};
  for (const [k, v] of Object.entries<string | undefined>(input)) if (v !== undefined) set[k] = v;
  if (Object.keys(set).length > 0) await inv.res.nodePools.update(caller, orgId, id, { $set: set });
  return getNodePool(inv, orgId, id);
}

/** DELETE /node-pools/{id} (after the cluster reference check): its attachments go with it. */
export async function deleteNodePool(inv: Inventory, caller: ChangeCaller, orgId: string, id: string): Promise<void> {
  await inv.res.nodePools.remove(caller, orgId, id);
  await removeLinksOfPool(inv, caller, orgId, id);
}
