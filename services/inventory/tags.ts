import type { ListTagsParams, NodePoolRef } from "../../shared/contracts/inventory.ts";
import { mapPage, type Page } from "../../shared/paging.ts";
import type { OrgResources } from "../../shared/resource.ts";
import { escapeRegex } from "../../shared/zod.ts";
import { poolRefsFor, removeLinksOfChild } from "./links.ts";
import type { AttachmentKind, TagDoc } from "./models.ts";
import type { Inventory } from "./resources.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

type TagKind = Extract<AttachmentKind, "label" | "annotation" | "taint">;

/** Labels, annotations and taints share their logic; only the collection and the taint effect differ. */
function resourceOf(inv: Inventory, kind: TagKind): OrgResources<TagDoc & { effect?: string }, { id: string }> {
  switch (kind) {
    case "label":
      return inv.res.labels;
    case "annotation":
      return inv.res.annotations;
    case "taint":
      return inv.res.taints as never;
  }
}

/** GET list: `key`/`value` exact, `q` key contains (case-insensitive, literal), newest first; `include=node_pools`. */
export async function listTags<T extends { id: string }>(inv: Inventory, orgId: string, kind: TagKind, params: ListTagsParams): Promise<Page<T & { node_pools?: NodePoolRef[] }>> {
  const filter: Record<string, unknown> = {};
  if (params.key !== undefined) filter.key = params.key;
  if (params.value !== undefined) filter.value = params.value;
  if (params.q !== undefined) {
    const contains = { key: { $regex: escapeRegex(params.q), $options: "i" } };
    if (params.key !== undefined) {
      delete filter.key;
      filter.$and = [{ key: params.key }, contains];
    } else Object.assign(filter, contains);
  }
  const page = (await resourceOf(inv, kind).list(orgId, filter, params)) as unknown as Page<T>;
  if (!params.include) return page;
  return mapPage(page, async (items) => {
    const refs = await poolRefsFor(
      inv,
      orgId,
      kind,
      items.map((i) => i.id),
    );
    return items.map((i) => ({ ...i, node_pools: refs.get(i.id) ?? [] }));
  });
}

export async function getTag(inv: Inventory, orgId: string, kind: TagKind, id: string) {
  return resourceOf(inv, kind).get(orgId, id);
}

export async function createTag(inv: Inventory, caller: ChangeCaller, orgId: string, kind: TagKind, data: { key: string; value: string; effect?: string }) {
  return resourceOf(inv, kind).create(caller, orgId, data);
}

/** PATCH: only the fields given change. */
export async function updateTag(
  inv: Inventory,
  caller: ChangeCaller,
  orgId: string,
  kind: TagKind,
  id: string,
  data: { key?: string | undefined; value?: string | undefined; effect?: string | undefined },
) {
  const set: Record<string, string> = {};
  for (const [k, v] of Object.entries<string | undefined>(data)) if (v !== undefined) set[k] = v;
  const r = resourceOf(inv, kind);
  if (Object.keys(set).length === 0) return r.get(orgId, id);
  return r.update(caller, orgId, id, { $set: set });
}

/** DELETE: also detaches it from every node pool. */
export async function deleteTag(inv: Inventory, caller: ChangeCaller, orgId: string, kind: TagKind, id: string): Promise<void> {
  await resourceOf(inv, kind).remove(caller, orgId, id);
  await removeLinksOfChild(inv, caller, orgId, kind, id);
}
