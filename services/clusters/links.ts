import { withEvents, type ChangeCaller, type ChangeCheck } from "../../shared/event-outbox.ts";
import type { ReferencedKind } from "../../shared/contracts/clusters.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Caller } from "../../shared/service.ts";
import { lookupOne } from "./lookups.ts";
import { linkId, nodePoolLinkId, type ClusterLinkDoc, type ClustersModels, type LinkSlot } from "./models.ts";
import { clusterDoc } from "./cluster-docs.ts";
import { kindLabel, type SlotDef } from "./slots.ts";
import { upsertById } from "./upsert.ts";

/** Writes (or replaces) one link document; each slot is its own document. */
async function putLink(
  models: ClustersModels,
  id: string,
  fields: { organization_id: string; cluster_id: string; slot: LinkSlot; kind: ReferencedKind; target_id: string },
): Promise<void> {
  await upsertById(models.links, id, { $set: { ...fields, created_at: new Date() } });
}

/**
 * Checks the cluster (404 `cluster not found`) and that the target exists in the organization
 * through its owning service (404 `<kind> not found`), then stores the link. Both are looked up
 * again after the write: if the cluster was deleted meanwhile, or the target is being deleted
 * (its owner hides it from look-ups while its DELETE decides), the link is removed and the
 * answer is 404. Either the target's DELETE sees the link (409) or this sees the DELETE.
 */
async function attach(
  models: ClustersModels,
  caller: Caller,
  organizationId: string,
  clusterId: string,
  kind: ReferencedKind,
  targetId: string,
  id: string,
  slot: LinkSlot,
): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  const target = await lookupOne(caller, organizationId, kind, targetId);
  if (!target) throw MESSAGES.notFound.error(kindLabel(kind));
  const current = await models.links.findById(id, { target_id: 1 }).lean<{ target_id: string }>();
  if (current?.target_id === targetId) return; // attached already: nothing changes
  const event = clusterAttachmentEvent(
    organizationId,
    "created",
    { id, cluster_id: clusterId, slot, kind, target_id: targetId },
    { expect: "matches", where: { target_id: targetId } },
  );
  await withEvents(caller, models.eventOutbox, [event], async () => {
    await putLink(models, id, { organization_id: organizationId, cluster_id: clusterId, slot, kind, target_id: targetId });
    const still = await models.clusters.exists({ _id: clusterId, organization_id: organizationId });
    if (!still) {
      await models.links.deleteOne({ _id: id });
      throw MESSAGES.notFound.error("cluster");
    }
    if (!(await lookupOne(caller, organizationId, kind, targetId))) {
      await models.links.deleteOne({ _id: id, target_id: targetId });
      throw MESSAGES.notFound.error(kindLabel(kind));
    }
  });
}

/** The `cluster_attachment.created|deleted` event of a cluster's link (resource id: the link's id). */
function clusterAttachmentEvent(
  organizationId: string,
  verb: "created" | "deleted",
  link: { id: string; cluster_id: string; slot: string; kind?: string; target_id?: string },
  check: Omit<ChangeCheck, "collection" | "id">,
) {
  const { id, ...data } = link;
  return {
    organization_id: organizationId,
    type: `cluster_attachment.${verb}`,
    resource_type: "cluster_attachment",
    resource_id: id,
    data,
    check: { collection: "cluster_links", id, ...check },
  };
}

export async function attachSlot(models: ClustersModels, caller: Caller, organizationId: string, clusterId: string, slot: SlotDef, targetId: string): Promise<void> {
  await attach(models, caller, organizationId, clusterId, slot.kind, targetId, linkId(clusterId, slot.slot), slot.slot);
}

/** Clears the slot (a slot that is already empty stays empty: 200 all the same). */
export async function detachSlot(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string, slot: SlotDef): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  const id = linkId(clusterId, slot.slot);
  const event = clusterAttachmentEvent(organizationId, "deleted", { id, cluster_id: clusterId, slot: slot.slot }, { expect: "absent" });
  await withEvents(
    caller,
    models.eventOutbox,
    [event],
    () => models.links.deleteOne({ _id: id, organization_id: organizationId }),
    (res) => res.deletedCount > 0,
  );
}

/** Attaching a node pool that is attached already is a no-op (200). */
export async function attachNodePool(models: ClustersModels, caller: Caller, organizationId: string, clusterId: string, nodePoolId: string): Promise<void> {
  await attach(models, caller, organizationId, clusterId, "node_pool", nodePoolId, nodePoolLinkId(clusterId, nodePoolId), "node_pool");
}

/** Detaching a node pool that is not attached to the cluster is 404 `node pool not found`. */
export async function detachNodePool(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string, nodePoolId: string): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  const id = nodePoolLinkId(clusterId, nodePoolId);
  const event = clusterAttachmentEvent(organizationId, "deleted", { id, cluster_id: clusterId, slot: "node_pool", target_id: nodePoolId }, { expect: "absent" });
  await withEvents(caller, models.eventOutbox, [event], async () => {
    const res = await models.links.deleteOne({ _id: id, organization_id: organizationId });
    if (res.deletedCount === 0) throw MESSAGES.notFound.error("node pool");
  });
}

/** The attachments of a deleted cluster, each with its `cluster_attachment.deleted`. */
export async function removeLinksOfCluster(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string): Promise<void> {
  const links = await models.links.find({ cluster_id: clusterId, organization_id: organizationId }).lean<ClusterLinkDoc[]>();
  if (links.length === 0) return;
  const events = links.map((l) =>
    clusterAttachmentEvent(
      organizationId,
      "deleted",
      { id: l._id, cluster_id: clusterId, slot: l.slot, ...(l.slot === "node_pool" ? { target_id: l.target_id } : {}) },
      { expect: "absent" },
    ),
  );
  await withEvents(caller, models.eventOutbox, events, () => models.links.deleteMany({ _id: { $in: links.map((l) => l._id) }, organization_id: organizationId }));
}
