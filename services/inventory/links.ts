import type { Model } from "mongoose";
import type { Annotation, NodePool, NodePoolRef, Server, Taint } from "../../shared/contracts/inventory.ts";
import { insertEach, isDuplicateKey } from "../../shared/db.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { mapPage, pageOfIds, toPage, type Page, type PageRequest } from "../../shared/paging.ts";
import { uuid } from "../../shared/zod.ts";
import { linkId, type AttachmentKind, type NodePoolDoc, type PoolLinkDoc } from "./models.ts";
import { toNodePoolBase, toServer, toTag, toTaint, type Inventory } from "./resources.ts";

/** The collection and response shape of each attachable kind (models of different document types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function childOf(inv: Inventory, kind: AttachmentKind): { model: Model<any>; toResponse: (d: any) => Annotation | Taint | Server } {
  switch (kind) {
    case "server":
      return { model: inv.models.servers, toResponse: toServer };
    case "label":
      return { model: inv.models.labels, toResponse: toTag };
    case "annotation":
      return { model: inv.models.annotations, toResponse: toTag };
    case "taint":
      return { model: inv.models.taints, toResponse: toTaint };
  }
}

/** Existing children of the organization among `ids`, newest first. */
async function childDocs(inv: Inventory, orgId: string, kind: AttachmentKind, ids: readonly string[]): Promise<{ _id: string }[]> {
  if (ids.length === 0) return [];
  return childOf(inv, kind)
    .model.find({ _id: { $in: [...new Set(ids)] }, organization_id: orgId })
    .sort({ _id: -1 })
    .lean<{ _id: string }[]>();
}

/** For `include=node_pools`: the pools each child is attached to (two queries for any number of children). */
export async function poolRefsFor(inv: Inventory, orgId: string, kind: AttachmentKind, childIds: readonly string[]): Promise<Map<string, NodePoolRef[]>> {
  const out = new Map<string, NodePoolRef[]>(childIds.map((id) => [id, []]));
  if (childIds.length === 0) return out;
  const links = await inv.models.links.find({ organization_id: orgId, kind, child_id: { $in: [...childIds] } }).lean<PoolLinkDoc[]>();
  if (links.length === 0) return out;
  const pools = await inv.models.nodePools
    .find({ organization_id: orgId, _id: { $in: [...new Set(links.map((l) => l.node_pool_id))] } })
    .sort({ _id: -1 })
    .lean<NodePoolDoc[]>();
  const byChild = new Map<string, Set<string>>();
  for (const l of links) {
    const set = byChild.get(l.child_id) ?? new Set<string>();
    set.add(l.node_pool_id);
    byChild.set(l.child_id, set);
  }
  for (const [childId, poolIds] of byChild) {
    out.set(
      childId,
      pools.filter((p) => poolIds.has(p._id)).map((p) => ({ id: p._id, name: p.name, role: p.role })),
    );
  }
  return out;
}

/**
 * Full NodePool responses for the given pool documents: one query for the links and one per
 * attachment kind, whatever the number of pools (never one query per pool).
 */
export async function fullNodePools(inv: Inventory, orgId: string, pools: readonly NodePoolDoc[]): Promise<NodePool[]> {
  if (pools.length === 0) return [];
  const links = await inv.models.links.find({ organization_id: orgId, node_pool_id: { $in: pools.map((p) => p._id) } }).lean<PoolLinkDoc[]>();
  const kinds: AttachmentKind[] = ["server", "label", "annotation", "taint"];
  const children = new Map<AttachmentKind, Map<string, unknown>>();
  await Promise.all(
    kinds.map(async (kind) => {
      const ids = links.filter((l) => l.kind === kind).map((l) => l.child_id);
      const docs = await childDocs(inv, orgId, kind, ids);
      const { toResponse } = childOf(inv, kind);
      children.set(kind, new Map(docs.map((d) => [d._id, toResponse(d)])));
    }),
  );
  return pools.map((p) => {
    const attached = (kind: AttachmentKind) => {
      const ids = new Set(links.filter((l) => l.node_pool_id === p._id && l.kind === kind).map((l) => l.child_id));
      // children are in newest-first order; links to children deleted concurrently are skipped
      return [...children.get(kind)!.entries()].filter(([id]) => ids.has(id)).map(([, v]) => v);
    };
    return {
      ...toNodePoolBase(p),
      annotations: attached("annotation") as Annotation[],
      labels: attached("label") as Annotation[],
      taints: attached("taint") as Taint[],
      servers: attached("server") as Server[],
    };
  });
}

/** GET /node-pools/{id}/<kind>: a page of the attached children, newest first. */
export async function listAttached(inv: Inventory, orgId: string, poolId: string, kind: AttachmentKind, page: PageRequest): Promise<Page<Annotation | Taint | Server>> {
  await inv.res.nodePools.getDoc(orgId, poolId);
  const links = await inv.models.links.find({ organization_id: orgId, node_pool_id: poolId, kind }).lean<PoolLinkDoc[]>();
  const docs = await childDocs(
    inv,
    orgId,
    kind,
    pageOfIds(
      links.map((l) => l.child_id),
      page,
    ),
  );
  return mapPage(
    toPage(docs, page, (d: { _id: string }) => d._id),
    (ds) => ds.map(childOf(inv, kind).toResponse),
  );
}

/**
 * POST /node-pools/{id}/<kind>: attaches all the ids or none. Any id that is not a UUID or not
 * a `kind` of the organization is a 400 and nothing is attached. Attaching again is a no-op.
 */
export async function attach(inv: Inventory, caller: ChangeCaller, orgId: string, poolId: string, kind: AttachmentKind, field: string, ids: readonly string[]): Promise<void> {
  await inv.res.nodePools.getDoc(orgId, poolId);
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  const malformed = wanted.filter((id) => !uuid.safeParse(id).success);
  if (malformed.length > 0) throw MESSAGES.invalidIds.error(field, malformed);
  const found = new Set((await childDocs(inv, orgId, kind, wanted)).map((d) => d._id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw MESSAGES.invalidIds.error(field, missing);

  const now = new Date();
  const docs = wanted.map((child_id) => ({ _id: linkId(poolId, kind, child_id), organization_id: orgId, node_pool_id: poolId, kind, child_id, created_at: now }));
  // an attachment made before is a no-op: events only for the new ones
  const existing = new Set((await inv.models.links.find({ _id: { $in: docs.map((d) => d._id) } }, { _id: 1 }).lean<{ _id: string }[]>()).map((d) => d._id));
  const attached = docs.filter((d) => !existing.has(d._id)).map((d) => attachmentEvent(orgId, "created", d, "present"));
  await withEvents(caller, inv.models.eventOutbox, attached, async () => {
    await touchPool(inv, orgId, poolId);
    const failed = [...(await insertEach(inv.models.links, docs)).values()].find((e) => !isDuplicateKey(e));
    if (failed) throw failed;

    // a pool or child deleted while we attached must not keep links: re-check and undo
    const poolStill = await inv.res.nodePools.findDoc(orgId, poolId);
    const stillThere = new Set((await childDocs(inv, orgId, kind, wanted)).map((d) => d._id));
    const gone = poolStill ? wanted.filter((id) => !stillThere.has(id)) : wanted;
    if (gone.length > 0) {
      await inv.models.links.deleteMany({ _id: { $in: gone.map((c) => linkId(poolId, kind, c)) } });
      if (!poolStill) await inv.res.nodePools.getDoc(orgId, poolId); // 404
      throw MESSAGES.invalidIds.error(field, gone);
    }
  });
}

/** The pool's answer changes with its attachments: its revision too (If-Match on attach and detach); 404 when it is gone. */
async function touchPool(inv: Inventory, orgId: string, poolId: string): Promise<void> {
  if (!(await inv.res.nodePools.touch(orgId, poolId))) await inv.res.nodePools.getDoc(orgId, poolId);
}

/** The `node_pool_attachment.created|deleted` event of a link (resource id: the link's id). */
function attachmentEvent(orgId: string, verb: "created" | "deleted", link: { _id: string; node_pool_id: string; kind: string; child_id: string }, expect: "present" | "absent") {
  return {
    organization_id: orgId,
    type: `node_pool_attachment.${verb}`,
    resource_type: "node_pool_attachment",
    resource_id: link._id,
    data: { node_pool_id: link.node_pool_id, kind: link.kind, child_id: link.child_id },
    check: { collection: "node_pool_links", id: link._id, expect },
  };
}

/** DELETE /node-pools/{id}/<kind>/{childId}: 404 when the pool or the attachment does not exist. */
export async function detach(inv: Inventory, caller: ChangeCaller, orgId: string, poolId: string, kind: AttachmentKind, childId: string): Promise<void> {
  await inv.res.nodePools.getDoc(orgId, poolId);
  const link = { _id: linkId(poolId, kind, childId.toLowerCase()), node_pool_id: poolId, kind, child_id: childId.toLowerCase() };
  await withEvents(caller, inv.models.eventOutbox, [attachmentEvent(orgId, "deleted", link, "absent")], async () => {
    await touchPool(inv, orgId, poolId);
    const res = await inv.models.links.deleteOne({ _id: link._id, organization_id: orgId });
    if (res.deletedCount === 0) throw MESSAGES.notAttachedToNodePool.error(kind);
  });
}

/** Removes links with their `node_pool_attachment.deleted` events (the cascade of a deleted pool or child). */
async function removeLinks(inv: Inventory, caller: ChangeCaller, orgId: string, filter: { kind: AttachmentKind; child_id: string } | { node_pool_id: string }): Promise<void> {
  const links = await inv.models.links.find({ organization_id: orgId, ...filter }).lean<PoolLinkDoc[]>();
  if (links.length === 0) return;
  await withEvents(
    caller,
    inv.models.eventOutbox,
    links.map((l) => attachmentEvent(orgId, "deleted", l, "absent")),
    () => inv.models.links.deleteMany({ organization_id: orgId, _id: { $in: links.map((l) => l._id) } }),
  );
}

/** A deleted child leaves no link behind. */
export async function removeLinksOfChild(inv: Inventory, caller: ChangeCaller, orgId: string, kind: AttachmentKind, childId: string): Promise<void> {
  await removeLinks(inv, caller, orgId, { kind, child_id: childId });
}

export async function removeLinksOfPool(inv: Inventory, caller: ChangeCaller, orgId: string, poolId: string): Promise<void> {
  await removeLinks(inv, caller, orgId, { node_pool_id: poolId });
}
