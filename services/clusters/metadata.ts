import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Page, PageRequest } from "../../shared/paging.ts";
import { isoTimes, OrgResources } from "../../shared/resource.ts";
import type { ClusterMetadata } from "../../shared/contracts/clusters.ts";
import { clusterDoc } from "./cluster-docs.ts";
import type { ClusterMetadataDoc, ClustersModels } from "./models.ts";

function toClusterMetadata(d: ClusterMetadataDoc): ClusterMetadata {
  return { id: d._id, organization_id: d.organization_id, cluster_id: d.cluster_id, key: d.key, value: d.value, ...isoTimes(d) };
}

/** An organization's cluster metadata entries (each create, update and delete with its `cluster_metadata.*` event; a duplicate key is 409). */
function metadataResources(models: ClustersModels): OrgResources<ClusterMetadataDoc, ClusterMetadata> {
  return new OrgResources({
    kind: "metadata",
    model: models.metadata,
    events: { outbox: models.eventOutbox, resourceType: "cluster_metadata" },
    toResponse: toClusterMetadata,
    conflict: () => MESSAGES.alreadyExists.error("metadata key"),
  });
}

/** The entry of this cluster, or 404 `metadata not found` (also for another cluster's or organization's entry). */
async function entryOf(models: ClustersModels, organizationId: string, clusterId: string, metadataId: string): Promise<ClusterMetadataDoc> {
  await clusterDoc({ models }, organizationId, clusterId);
  const doc = await metadataResources(models).findDoc(organizationId, metadataId);
  if (!doc || doc.cluster_id !== clusterId) throw MESSAGES.notFound.error("metadata");
  return doc;
}

/** GET /clusters/{clusterID}/metadata: newest first; 404 `cluster not found` first. */
export async function listMetadata(models: ClustersModels, organizationId: string, clusterId: string, page: PageRequest): Promise<Page<ClusterMetadata>> {
  await clusterDoc({ models }, organizationId, clusterId);
  return metadataResources(models).list(organizationId, { cluster_id: clusterId }, page);
}

/**
 * POST /clusters/{clusterID}/metadata: a key the cluster already has is 409. A cluster deleted
 * meanwhile undoes the entry (404), so none outlives its cluster.
 */
export async function createMetadata(
  models: ClustersModels,
  caller: ChangeCaller,
  organizationId: string,
  clusterId: string,
  entry: { key: string; value: string },
): Promise<ClusterMetadata> {
  await clusterDoc({ models }, organizationId, clusterId);
  return metadataResources(models).create(
    caller,
    organizationId,
    { cluster_id: clusterId, key: entry.key, value: entry.value },
    {
      confirm: async (doc) => {
        if (await models.clusters.exists({ _id: clusterId, organization_id: organizationId })) return;
        await models.metadata.deleteOne({ _id: doc._id });
        throw MESSAGES.notFound.error("cluster");
      },
    },
  );
}

export async function getMetadata(models: ClustersModels, organizationId: string, clusterId: string, metadataId: string): Promise<ClusterMetadata> {
  return toClusterMetadata(await entryOf(models, organizationId, clusterId, metadataId));
}

/** PATCH: key and/or value (a key another entry of the cluster has is 409). */
export async function updateMetadata(
  models: ClustersModels,
  caller: ChangeCaller,
  organizationId: string,
  clusterId: string,
  metadataId: string,
  patch: { key?: string | undefined; value?: string | undefined },
): Promise<ClusterMetadata> {
  const current = await entryOf(models, organizationId, clusterId, metadataId);
  const set: Partial<Pick<ClusterMetadataDoc, "key" | "value">> = {};
  if (patch.key !== undefined && patch.key !== current.key) set.key = patch.key;
  if (patch.value !== undefined && patch.value !== current.value) set.value = patch.value;
  if (Object.keys(set).length === 0) return toClusterMetadata(current);
  return metadataResources(models).update(caller, organizationId, metadataId, { $set: set });
}

export async function removeMetadata(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string, metadataId: string): Promise<void> {
  await entryOf(models, organizationId, clusterId, metadataId);
  await metadataResources(models).remove(caller, organizationId, metadataId);
}

/** The metadata of a deleted cluster, each entry with its `cluster_metadata.deleted`. */
export async function removeMetadataOfCluster(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string): Promise<void> {
  const entries = await models.metadata.find({ cluster_id: clusterId, organization_id: organizationId }, { _id: 1 }).lean<Pick<ClusterMetadataDoc, "_id">[]>();
  if (entries.length === 0) return;
  const events = entries.map((e) => ({
    organization_id: organizationId,
    type: "cluster_metadata.deleted",
    resource_type: "cluster_metadata",
    resource_id: e._id,
    data: {},
    check: { collection: models.metadata.collection.collectionName, id: e._id, expect: "absent" as const },
  }));
  await withEvents(caller, models.eventOutbox, events, () => models.metadata.deleteMany({ _id: { $in: entries.map((e) => e._id) }, organization_id: organizationId }));
}

/** Key → value of each cluster's entries (one query for the whole page). */
export async function metadataOfClusters(models: ClustersModels, organizationId: string, clusterIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
  if (clusterIds.length === 0) return new Map();
  const entries = await models.metadata
    .find({ cluster_id: { $in: [...clusterIds] }, organization_id: organizationId }, { cluster_id: 1, key: 1, value: 1 })
    .sort({ key: 1 })
    .lean<Pick<ClusterMetadataDoc, "cluster_id" | "key" | "value">[]>();
  const pairs = new Map<string, [string, string][]>();
  for (const e of entries) pairs.set(e.cluster_id, [...(pairs.get(e.cluster_id) ?? []), [e.key, e.value]]);
  // fromEntries defines own properties: a key such as `__proto__` stays an ordinary entry
  return new Map([...pairs].map(([id, list]) => [id, Object.fromEntries(list)]));
}

/**
 * The ids of the organization's clusters that have every `key = value` entry of `filters`: one
 * indexed equality query per entry (`{organization_id, key, value}`), intersected.
 */
export async function clustersWithMetadata(models: ClustersModels, organizationId: string, filters: Readonly<Record<string, string>>): Promise<string[]> {
  let ids: Set<string> | undefined;
  for (const [key, value] of Object.entries(filters)) {
    const entries = await models.metadata.find({ organization_id: organizationId, key, value }, { cluster_id: 1 }).lean<Pick<ClusterMetadataDoc, "cluster_id">[]>();
    const found = new Set(entries.map((e) => e.cluster_id));
    ids = ids === undefined ? found : new Set([...ids].filter((id) => found.has(id)));
    if (ids.size === 0) break;
  }
  return [...(ids ?? [])];
}
