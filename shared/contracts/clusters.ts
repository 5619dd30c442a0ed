import { z } from "zod";
import { orgResource, resource, withAlias } from "../zod.ts";
import { PageParams } from "../paging.ts";
import { Domain, RecordSet } from "./dns.ts";
import { LoadBalancer, NodePool, Server } from "./inventory.ts";

/**
 * What another service asks before deleting one of its resources: 409 while referenced,
 * `server is attached to a cluster` (MESSAGES.attachedToCluster, shared/errors.ts).
 */
export const ReferencedKind = z.enum(["server", "load_balancer", "node_pool", "domain", "record_set"]);
export type ReferencedKind = z.infer<typeof ReferencedKind>;

/** `clusters.referencesTo` {organization_id, kind, id} → {clusters: [{id, name}]} */
export const ReferencesToParams = z.object({ organization_id: z.uuid(), kind: ReferencedKind, id: z.uuid() });
export const References = z.object({ clusters: z.array(z.object({ id: z.string(), name: z.string() })) });
export type References = z.infer<typeof References>;

// ---------------------------------------------------------------------------------------------
// The Cluster resource and the clusters service's actions (api-spec.md "Clusters [org]").
// ---------------------------------------------------------------------------------------------

/**
 * `pre_pending`: held for validation (new, or changed since the last validation);
 * `pending`: the validator found everything a cluster needs; `incomplete`: something is missing
 * (`last_error` lists what). A run (the runner service) then moves it `bootstrapping` (its shape
 * checked, its files uploaded to the bastion) → `pending` → `provisioning` (the action's make
 * target running) → `ready`, or `failed` with `last_error`.
 */
export const ClusterStatus = z.enum(["pre_pending", "pending", "incomplete", "bootstrapping", "provisioning", "ready", "failed"]);
export type ClusterStatus = z.infer<typeof ClusterStatus>;
/** The statuses a run sets (`clusters.setRunStatus`). */
export const RunClusterStatus = z.enum(["bootstrapping", "pending", "provisioning", "ready", "failed"]);
export type RunClusterStatus = z.infer<typeof RunClusterStatus>;

/**
 * ClusterResponse. Nested objects are the owning services' full responses; a slot that is not
 * attached (or whose object no longer exists) is `null`, never absent. The kubeconfig is never here.
 */
export const Cluster = resource({
  name: z.string(),
  provider: z.string(),
  /** The same value as `provider` (the name the newer API of the system this one replaces uses). */
  cluster_provider: z.string(),
  region: z.string(),
  /** The image (repository) the cluster's nodes run, and its tag; "" when not set. */
  docker_image: z.string(),
  docker_tag: z.string(),
  /** The control-plane record set's name within its domain (its FQDN); "" when none is attached. */
  control_plane_fqdn: z.string(),
  status: ClusterStatus,
  last_error: z.string(),
  certificate_key: z.string(),
  random_token: z.string(),
  captain_domain: Domain.nullable(),
  control_plane_record_set: RecordSet.nullable(),
  apps_load_balancer: LoadBalancer.nullable(),
  /** The platform (control-plane) load balancer; the field keeps this exact name. */
  glueops_load_balancer: LoadBalancer.nullable(),
  bastion_server: Server.nullable(),
  node_pools: z.array(NodePool),
  /** The cluster's metadata entries, key → value (`{}` when none). */
  metadata: z.record(z.string(), z.string()),
});
export type Cluster = z.infer<typeof Cluster>;

/**
 * A string body field: `invalid <name>` when not a string; for a required field an absent or
 * null value is `missing fields: <name>`.
 */
function stringField(name: string, max: number, required = false) {
  return z
    .string({ error: (iss) => (required && (iss.input === undefined || iss.input === null) ? `missing fields: ${name}` : `invalid ${name}`) })
    .trim()
    .max(max, { error: `invalid ${name}` });
}

/** A UUID body field (the id of a resource to attach). */
function idField(name: string) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `missing fields: ${name}` : `invalid ${name}`) })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: `invalid ${name}` }));
}

/** A path id: a UUID in any case, stored and compared lower-case. */
const pathId = () => z.uuid({ error: "invalid id" }).transform((v) => v.toLowerCase());
const clusterID = pathId();

/** Path `{clusterID}`. */
export const ClusterIdParams = z.object({ clusterID });

/** Query keys `metadata.<key>` filter the list by a metadata entry. */
export const METADATA_FILTER_PREFIX = "metadata.";
/** At most this many `metadata.<key>` filters in one list. */
const MAX_METADATA_FILTERS = 20;

/**
 * GET /clusters: `q` = name contains, case-insensitive, literal (no regex); each
 * `metadata.<key>=<value>` keeps the clusters with that entry (key lower-cased, value trimmed,
 * compared exactly; all must match).
 */
export const ListClustersParams = z
  .object({
    q: z
      .string({ error: "invalid q" })
      .max(256, { error: "invalid q" })
      .optional()
      .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim())),
    ...PageParams.shape,
  })
  .catchall(z.unknown())
  .transform((params, ctx) => {
    const { q, limit, cursor, ...rest } = params;
    const filters: [string, string][] = [];
    for (const [name, value] of Object.entries(rest)) {
      if (!name.startsWith(METADATA_FILTER_PREFIX)) continue; // unknown parameters are ignored
      const key = metadataKey.safeParse(name.slice(METADATA_FILTER_PREFIX.length));
      const parsed = metadataValue.safeParse(value);
      if (!key.success || !parsed.success || filters.length >= MAX_METADATA_FILTERS) {
        ctx.addIssue({ code: "custom", message: `invalid query parameter: ${name}` });
        return z.NEVER;
      }
      filters.push([key.data, parsed.data]);
    }
    // fromEntries defines own properties: a key such as `__proto__` stays an ordinary filter
    return { q, limit, cursor, metadata: Object.fromEntries(filters) };
  });

const clusterName = stringField("name", 255, true).min(1, { error: "missing fields: name" });
/** An image reference without its tag (`registry/path/name`): Docker allows at most 255 characters. */
const dockerImage = stringField("docker_image", 255);
/** A tag: Docker allows at most 128 characters. */
const dockerTag = stringField("docker_tag", 128);

const clusterProvider = stringField("provider", 255);
/** `cluster_provider`: another name of `provider` (withAlias). */
const clusterProviderAlias = stringField("cluster_provider", 255);

/**
 * POST /clusters: name required; provider (or its alias cluster_provider), region, docker_image
 * and docker_tag optional (default "").
 */
export const CreateClusterParams = withAlias(
  z.object({
    name: clusterName,
    provider: clusterProvider.optional(),
    cluster_provider: clusterProviderAlias.optional(),
    region: stringField("region", 255).default(""),
    docker_image: dockerImage.default(""),
    docker_tag: dockerTag.default(""),
  }),
  "provider",
  "cluster_provider",
);
export type CreateClusterParams = z.output<typeof CreateClusterParams>;

/** PATCH /clusters/{clusterID}: partial; `status` is not a field here (ignored like any unknown field). */
export const UpdateClusterParams = withAlias(
  z.object({
    clusterID,
    name: clusterName.optional(),
    provider: clusterProvider.optional(),
    cluster_provider: clusterProviderAlias.optional(),
    region: stringField("region", 255).optional(),
    docker_image: dockerImage.optional(),
    docker_tag: dockerTag.optional(),
  }),
  "provider",
  "cluster_provider",
);

export const AttachLoadBalancerParams = z.object({ clusterID, load_balancer_id: idField("load_balancer_id") });
export const AttachServerParams = z.object({ clusterID, server_id: idField("server_id") });
export const AttachDomainParams = z.object({ clusterID, domain_id: idField("domain_id") });
export const AttachRecordSetParams = z.object({ clusterID, record_set_id: idField("record_set_id") });
export const AttachNodePoolParams = z.object({ clusterID, node_pool_id: idField("node_pool_id") });
/** DELETE /clusters/{clusterID}/node-pools/{nodePoolID} */
export const DetachNodePoolParams = z.object({ clusterID, nodePoolID: pathId() });

// ---------------------------------------------------------------------------------------------
// Cluster metadata: free key/value entries of a cluster (/clusters/{clusterID}/metadata).
// ---------------------------------------------------------------------------------------------

/** A metadata key: trimmed, lower-cased, 1 to 253 characters without whitespace or brackets (it names a `metadata.<key>` list filter). */
const metadataKey = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? "missing fields: key" : "invalid key") })
  .trim()
  .toLowerCase()
  .min(1, { error: "missing fields: key" })
  .max(253, { error: "invalid key" })
  .regex(/^[^\s[\]]+$/, { error: "invalid key" });
/** A metadata value: trimmed, at most 1024 characters. */
const metadataValue = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? "missing fields: value" : "invalid value") })
  .trim()
  .max(1024, { error: "invalid value" });

/** ClusterMetadata: one entry. */
export const ClusterMetadata = orgResource({
  cluster_id: z.string(),
  key: z.string(),
  value: z.string(),
});
export type ClusterMetadata = z.infer<typeof ClusterMetadata>;

/** POST /clusters/{clusterID}/metadata: `key` required; `value` required (may be ""). */
export const CreateClusterMetadataParams = z.object({ clusterID, key: metadataKey, value: metadataValue });
/** GET /clusters/{clusterID}/metadata (a page, newest first). */
export const ListClusterMetadataParams = z.object({ clusterID, ...PageParams.shape });
/** Path `{clusterID}/metadata/{metadataID}`. */
export const ClusterMetadataIdParams = z.object({ clusterID, metadataID: pathId() });
/** PATCH /clusters/{clusterID}/metadata/{metadataID}: key and/or value. */
export const UpdateClusterMetadataParams = ClusterMetadataIdParams.extend({ key: metadataKey.optional(), value: metadataValue.optional() });

/** Upper bound of a kubeconfig (the gateway's body limit is 1 MiB). */
export const KUBECONFIG_MAX_CHARS = 512 * 1024;
/** POST /clusters/{clusterID}/kubeconfig */
export const SetKubeconfigParams = z.object({
  clusterID,
  kubeconfig: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? "missing fields: kubeconfig" : "invalid kubeconfig") })
    .max(KUBECONFIG_MAX_CHARS, { error: "kubeconfig too large" })
    .refine((v) => v.trim().length > 0, { error: "missing fields: kubeconfig" }),
});

/** `clusters.validate` (job payload): re-evaluates one cluster's status. */
export const ValidateClusterParams = z.object({ organization_id: z.uuid(), cluster_id: z.uuid() });
export const ValidateClusterResult = z.object({ status: ClusterStatus.nullable(), last_error: z.string() });
export type ValidateClusterResult = z.infer<typeof ValidateClusterResult>;

/** `clusters.sweep` (periodic job): validates clusters left `pre_pending` or `incomplete`. */
export const SweepClustersParams = z.object({ limit: z.number().int().min(1).max(5000).default(500) });
export const SweepClustersResult = z.object({ validated: z.number().int() });

/**
 * `clusters.runTarget` (runner only): the cluster's nested view and its kubeconfig, decrypted
 * for this call (null when none is stored); `cluster: null` when the cluster is gone.
 */
export const RunTargetParams = z.object({ organization_id: z.uuid(), cluster_id: z.uuid() });
export const RunTarget = z.object({ cluster: Cluster.nullable(), kubeconfig: z.string().nullable() });
export type RunTarget = z.infer<typeof RunTarget>;

/**
 * `clusters.setRunStatus` (runner only): a run's move of the cluster's status, with its
 * `cluster.status_changed` event; `status: null` in the answer when the cluster is gone.
 */
export const SetRunStatusParams = z.object({ organization_id: z.uuid(), cluster_id: z.uuid(), status: RunClusterStatus, last_error: z.string().max(4096) });
export const SetRunStatusResult = z.object({ status: ClusterStatus.nullable() });
export type SetRunStatusResult = z.infer<typeof SetRunStatusResult>;
