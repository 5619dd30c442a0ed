import { deleteMatching } from "../../shared/db.ts";
import { randomBytes } from "node:crypto";
import type { QueryFilter } from "mongoose";
import { mapPage, type Page, type PageRequest } from "../../shared/paging.ts";
import type { Cluster, CreateClusterParams, ReferencedKind, References } from "../../shared/contracts/clusters.ts";
import type { Keyring } from "../../shared/keyring.ts";
import { newId } from "../../shared/ids.ts";
import { escapeRegex } from "../../shared/zod.ts";
import type { Caller } from "../../shared/service.ts";
import type { ClustersDeps } from "./deps.ts";
import { clusterDoc, clusterResources } from "./cluster-docs.ts";
import type { ClusterDoc, ClustersModels } from "./models.ts";
import { sealSecrets } from "./secrets.ts";
import { removeLinksOfCluster } from "./links.ts";
import { clustersWithMetadata, removeMetadataOfCluster } from "./metadata.ts";
import { markChanged } from "./state.ts";
import { toClusterResponses } from "./view.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

/** 64 hex characters (32 random bytes). */
export function generateCertificateKey(): string {
  return randomBytes(32).toString("hex");
}

/** `[a-f0-9]{6}\.[a-f0-9]{16}` (the shape of a bootstrap token). */
export function generateRandomToken(): string {
  return `${randomBytes(3).toString("hex")}.${randomBytes(8).toString("hex")}`;
}

async function one(deps: ClustersDeps, caller: Caller, organizationId: string, doc: ClusterDoc): Promise<Cluster> {
  const [cluster] = await toClusterResponses(deps, caller, organizationId, [doc]);
  return cluster!;
}

/**
 * Records a change (status back to `pre_pending`, new generation), reads the response, then asks
 * for validation: the response always shows the `pre_pending` the change caused, even when the
 * validation job runs at once.
 */
async function changed(deps: ClustersDeps, caller: Caller, organizationId: string, clusterId: string, doc?: ClusterDoc): Promise<Cluster> {
  const generation = await markChanged(deps.models, caller, organizationId, clusterId);
  const response = doc ? await one(deps, caller, organizationId, doc) : await getCluster(deps, caller, organizationId, clusterId);
  await deps.requestValidation(caller, organizationId, clusterId, generation);
  return response;
}

/** POST /clusters: status `pre_pending`, generated certificate key and token; validation requested. */
export async function createCluster(deps: ClustersDeps, caller: Caller, organizationId: string, input: CreateClusterParams): Promise<Cluster> {
  const _id = newId();
  const secrets = await sealSecrets(deps.keyring, organizationId, _id, { certificate_key: generateCertificateKey(), random_token: generateRandomToken() });
  // the id is chosen first: the sealed secrets are bound to it
  const doc = await clusterResources(deps.models).create(caller, organizationId, {
    _id,
    name: input.name,
    provider: input.provider,
    region: input.region,
    docker_image: input.docker_image,
    docker_tag: input.docker_tag,
    secrets,
  } as never);
  return changed(deps, caller, organizationId, doc._id, doc);
}

/**
 * GET /clusters: newest first; `q` matches the name literally, case-insensitively; `metadata`
 * keeps the clusters having every one of those entries (found through the metadata's index).
 */
export async function listClusters(
  deps: ClustersDeps,
  caller: Caller,
  organizationId: string,
  query: { q?: string | undefined; metadata: Readonly<Record<string, string>> },
  page: PageRequest,
): Promise<Page<Cluster>> {
  const filter: QueryFilter<ClusterDoc> = query.q === undefined ? {} : { name: { $regex: escapeRegex(query.q), $options: "i" } };
  if (Object.keys(query.metadata).length > 0) {
    const ids = await clustersWithMetadata(deps.models, organizationId, query.metadata);
    if (ids.length === 0) return { items: [] };
    filter._id = { $in: ids };
  }
  const docs = await clusterResources(deps.models).listDocs(organizationId, filter, page);
  return mapPage(docs, (items) => toClusterResponses(deps, caller, organizationId, items));
}

/** The cluster document, or 404 `cluster not found` (also for another organization's id). */
export async function getCluster(deps: ClustersDeps, caller: Caller, organizationId: string, clusterId: string): Promise<Cluster> {
  return one(deps, caller, organizationId, await clusterDoc(deps, organizationId, clusterId));
}

/** The fields a PATCH may set. */
const UPDATABLE = ["name", "provider", "region", "docker_image", "docker_tag"] as const;
type ClusterPatch = Partial<Record<(typeof UPDATABLE)[number], string | undefined>>;

/** PATCH /clusters/{id}: name, provider, region, docker_image, docker_tag; any PATCH sets the status back to `pre_pending`. */
export async function updateCluster(deps: ClustersDeps, caller: Caller, organizationId: string, clusterId: string, patch: ClusterPatch): Promise<Cluster> {
  const set: Record<string, string> = {};
  for (const k of UPDATABLE) if (patch[k] !== undefined) set[k] = patch[k];
  const resources = clusterResources(deps.models);
  if (Object.keys(set).length > 0) await resources.update(caller, organizationId, clusterId, { $set: set });
  else await resources.getDoc(organizationId, clusterId);
  return afterChange(deps, caller, organizationId, clusterId);
}

/** DELETE /clusters/{id}: the cluster, its attachments (each with its `cluster_attachment.deleted`), state and kubeconfig. */
export async function removeCluster(deps: Pick<ClustersDeps, "models">, caller: ChangeCaller, organizationId: string, clusterId: string): Promise<void> {
  await clusterResources(deps.models).remove(caller, organizationId, clusterId);
  const { models } = deps;
  await Promise.all([
    removeLinksOfCluster(models, caller, organizationId, clusterId),
    removeMetadataOfCluster(models, caller, organizationId, clusterId),
    models.states.deleteOne({ _id: clusterId, organization_id: organizationId }),
    models.kubeconfigs.deleteOne({ _id: clusterId, organization_id: organizationId }),
  ]);
}

/** Attach/detach/kubeconfig: the change is stored, then the status is reset and validation requested. */
export async function afterChange(deps: ClustersDeps, caller: Caller, organizationId: string, clusterId: string): Promise<Cluster> {
  return changed(deps, caller, organizationId, clusterId);
}

/** `clusters.referencesTo`: the clusters of the organization that reference the resource, newest first. */
export async function referencesTo(models: ClustersModels, organizationId: string, kind: ReferencedKind, id: string): Promise<References> {
  const links = await models.links.find({ organization_id: organizationId, kind, target_id: id }, { cluster_id: 1 }).lean();
  if (links.length === 0) return { clusters: [] };
  const docs = await models.clusters
    .find({ _id: { $in: [...new Set(links.map((l) => l.cluster_id))] }, organization_id: organizationId }, { name: 1 })
    .sort({ _id: -1 })
    .lean<Pick<ClusterDoc, "_id" | "name">[]>();
  return { clusters: docs.map((d) => ({ id: d._id, name: d.name })) };
}

/** `clusters.purgeOrganization`: everything the organization has here, its data keys included. Idempotent. */
export async function purgeOrganization(models: ClustersModels, keyring: Keyring, organizationId: string): Promise<{ clusters: number }> {
  const res = await deleteMatching(models.clusters, { organization_id: organizationId });
  await Promise.all([
    deleteMatching(models.links, { organization_id: organizationId }),
    deleteMatching(models.metadata, { organization_id: organizationId }),
    deleteMatching(models.states, { organization_id: organizationId }),
    deleteMatching(models.kubeconfigs, { organization_id: organizationId }),
    deleteMatching(models.eventOutbox, { organization_id: organizationId }),
  ]);
  await keyring.purge(organizationId);
  return { clusters: res };
}
