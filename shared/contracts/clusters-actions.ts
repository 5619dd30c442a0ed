import { relayEventsAction } from "./events-actions.ts";
import type { z } from "zod";
import { pageOf } from "../paging.ts";
import { action, ORG_ROUTE, orgCollectionRoutes } from "./action.ts";
import {
  AttachDomainParams,
  AttachLoadBalancerParams,
  AttachNodePoolParams,
  AttachRecordSetParams,
  AttachServerParams,
  Cluster,
  ClusterIdParams,
  ClusterMetadata,
  ClusterMetadataIdParams,
  CreateClusterMetadataParams,
  CreateClusterParams,
  DetachNodePoolParams,
  ListClusterMetadataParams,
  ListClustersParams,
  References,
  ReferencesToParams,
  RunTarget,
  RunTargetParams,
  SetRunStatusParams,
  SetRunStatusResult,
  SetKubeconfigParams,
  SweepClustersParams,
  SweepClustersResult,
  UpdateClusterMetadataParams,
  UpdateClusterParams,
  ValidateClusterParams,
  ValidateClusterResult,
} from "./clusters.ts";
import { PurgeOrganizationParams } from "./jobs.ts";

const clusters = orgCollectionRoutes("/clusters", "clusterID");
const one = { ...ORG_ROUTE, uuidParams: ["clusterID"] } as const;
/** A route that changes the cluster: it takes If-Match with the cluster's ETag. */
const changesCluster = { ...one, conditional: "/clusters/:clusterID" } as const;
const metadataPath = "/clusters/:clusterID/metadata";
const oneMetadata = { ...ORG_ROUTE, uuidParams: ["clusterID", "metadataID"] } as const;

/** POST attaches, DELETE detaches one of the five single attachment slots at /clusters/{clusterID}/<segment>. */
function slotActions<S extends z.ZodType>(segment: string, label: string, names: { attach: string; detach: string }, input: S) {
  const path = `/clusters/:clusterID/${segment}`;
  return {
    attach: action({ name: names.attach, visibility: "published", description: `Attach the ${label}.`, input, output: Cluster, http: { method: "POST", path, ...changesCluster } }),
    detach: action({
      name: names.detach,
      visibility: "published",
      description: `Detach the ${label}.`,
      input: ClusterIdParams,
      output: Cluster,
      http: { method: "DELETE", path, ...changesCluster },
    }),
  };
}

/** The actions of the clusters service ([org] routes) and the jobs it runs. */
export const CLUSTERS_ACTIONS = {
  list: action({
    name: "clusters.list",
    visibility: "published",
    description: "The organization's clusters, newest first (q: name contains; each metadata.<key>=<value> keeps the clusters with that metadata entry, all must match).",
    input: ListClustersParams,
    output: pageOf(Cluster),
    http: clusters.list,
  }),
  create: action({
    name: "clusters.create",
    visibility: "published",
    description: "Create a cluster (status pre_pending).",
    input: CreateClusterParams,
    output: Cluster,
    http: clusters.create,
  }),
  get: action({
    name: "clusters.get",
    visibility: "published",
    description: "One cluster with its nested objects.",
    input: ClusterIdParams,
    output: Cluster,
    http: clusters.get,
  }),
  update: action({
    name: "clusters.update",
    visibility: "published",
    description: "Change a cluster's name, provider (or cluster_provider), region, docker_image or docker_tag (status is not settable).",
    input: UpdateClusterParams,
    output: Cluster,
    http: clusters.update,
  }),
  remove: action({
    name: "clusters.remove",
    visibility: "published",
    description: "Delete the cluster with its attachments and kubeconfig.",
    input: ClusterIdParams,
    http: clusters.remove,
  }),
  /** Keyed by the slot's name (services/clusters/slots.ts). */
  slots: {
    apps_load_balancer: slotActions(
      "apps-load-balancer",
      "apps load balancer",
      { attach: "clusters.attachAppsLoadBalancer", detach: "clusters.detachAppsLoadBalancer" },
      AttachLoadBalancerParams,
    ),
    platform_load_balancer: slotActions(
      "platform-load-balancer",
      "platform load balancer",
      { attach: "clusters.attachPlatformLoadBalancer", detach: "clusters.detachPlatformLoadBalancer" },
      AttachLoadBalancerParams,
    ),
    bastion_server: slotActions("bastion", "bastion server", { attach: "clusters.attachBastion", detach: "clusters.detachBastion" }, AttachServerParams),
    captain_domain: slotActions("captain-domain", "captain domain", { attach: "clusters.attachCaptainDomain", detach: "clusters.detachCaptainDomain" }, AttachDomainParams),
    control_plane_record_set: slotActions(
      "control-plane-record-set",
      "control-plane record set",
      { attach: "clusters.attachControlPlaneRecordSet", detach: "clusters.detachControlPlaneRecordSet" },
      AttachRecordSetParams,
    ),
  },
  attachNodePool: action({
    name: "clusters.attachNodePool",
    visibility: "published",
    description: "Attach a node pool.",
    input: AttachNodePoolParams,
    output: Cluster,
    http: { method: "POST", path: "/clusters/:clusterID/node-pools", ...changesCluster },
  }),
  detachNodePool: action({
    name: "clusters.detachNodePool",
    visibility: "published",
    description: "Detach a node pool.",
    input: DetachNodePoolParams,
    output: Cluster,
    http: { method: "DELETE", path: "/clusters/:clusterID/node-pools/:nodePoolID", ...ORG_ROUTE, uuidParams: ["clusterID", "nodePoolID"], conditional: "/clusters/:clusterID" },
  }),
  setKubeconfig: action({
    name: "clusters.setKubeconfig",
    visibility: "published",
    description: "Store or replace the kubeconfig, encrypted.",
    input: SetKubeconfigParams,
    output: Cluster,
    http: { method: "POST", path: "/clusters/:clusterID/kubeconfig", ...one },
  }),
  deleteKubeconfig: action({
    name: "clusters.deleteKubeconfig",
    visibility: "published",
    description: "Remove the encrypted kubeconfig, IV and tag.",
    input: ClusterIdParams,
    output: Cluster,
    http: { method: "DELETE", path: "/clusters/:clusterID/kubeconfig", ...one },
  }),

  listMetadata: action({
    name: "clusters.listMetadata",
    visibility: "published",
    description: "The cluster's metadata entries, newest first.",
    input: ListClusterMetadataParams,
    output: pageOf(ClusterMetadata),
    http: { method: "GET", path: metadataPath, ...one, paged: true },
  }),
  createMetadata: action({
    name: "clusters.createMetadata",
    visibility: "published",
    description: "Add a metadata entry {key, value}: key lower-cased, value trimmed; a key the cluster has already is 409.",
    input: CreateClusterMetadataParams,
    output: ClusterMetadata,
    http: { method: "POST", path: metadataPath, ...one, status: 201, location: `${metadataPath}/:metadataID`, refuses: [409] },
  }),
  getMetadata: action({
    name: "clusters.getMetadata",
    visibility: "published",
    description: "One metadata entry of the cluster.",
    input: ClusterMetadataIdParams,
    output: ClusterMetadata,
    http: { method: "GET", path: `${metadataPath}/:metadataID`, ...oneMetadata },
  }),
  updateMetadata: action({
    name: "clusters.updateMetadata",
    visibility: "published",
    description: "Change a metadata entry's key or value (a key another entry has is 409).",
    input: UpdateClusterMetadataParams,
    output: ClusterMetadata,
    http: { method: "PATCH", path: `${metadataPath}/:metadataID`, ...oneMetadata, refuses: [409], conditional: `${metadataPath}/:metadataID` },
  }),
  removeMetadata: action({
    name: "clusters.removeMetadata",
    visibility: "published",
    description: "Remove a metadata entry.",
    input: ClusterMetadataIdParams,
    http: { method: "DELETE", path: `${metadataPath}/:metadataID`, ...oneMetadata, status: 204, conditional: `${metadataPath}/:metadataID` },
  }),

  referencesTo: action({
    name: "clusters.referencesTo",
    visibility: "public",
    description: "The clusters referencing a server, load balancer, node pool, domain or record set (409 on delete).",
    input: ReferencesToParams,
    output: References,
    idempotent: true,
  }),
  validate: action({
    name: "clusters.validate",
    visibility: "public",
    description: "Job clusters.validate: pre_pending/incomplete → pending or incomplete with last_error.",
    input: ValidateClusterParams,
    output: ValidateClusterResult,
  }),
  sweep: action({
    name: "clusters.sweep",
    visibility: "public",
    description: "Periodic job clusters.sweep: validates clusters left pre_pending or incomplete.",
    input: SweepClustersParams,
    output: SweepClustersResult,
  }),
  runTarget: action({
    name: "clusters.runTarget",
    visibility: "public",
    description: "Runner only: the cluster's nested view and its decrypted kubeconfig (never logged).",
    input: RunTargetParams,
    output: RunTarget,
  }),
  setRunStatus: action({
    name: "clusters.setRunStatus",
    visibility: "public",
    description: "Runner only: a run moves the cluster's status (bootstrapping, pending, provisioning, ready, failed) with last_error.",
    input: SetRunStatusParams,
    output: SetRunStatusResult,
  }),
  relayEvents: relayEventsAction("clusters.relayEvents"),
  purgeOrganization: action({
    name: "clusters.purgeOrganization",
    visibility: "public",
    description: "Job clusters.purgeOrganization: delete everything of the organization here (idempotent).",
    input: PurgeOrganizationParams,
  }),
} as const;
