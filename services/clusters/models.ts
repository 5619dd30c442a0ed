import { eventOutboxModel } from "../../shared/event-outbox.ts";
import type { Connection } from "mongoose";
import { docSchema, TIMESTAMPS, emptyStrings, requiredStrings } from "../../shared/db.ts";
import type { ClusterStatus, ReferencedKind } from "../../shared/contracts/clusters.ts";
import { encryptedValueSchema, type EncryptedValue } from "../../shared/keyring.ts";
import { orgSchema, type OrgDoc } from "../../shared/resource.ts";

/**
 * Storage of the clusters service. Fields written concurrently live in separate documents
 * (FerretDB applies updates as read-modify-write, so two `$set`s on one document can lose one):
 *
 * - `clusters`: what the client sets (name, provider, region, docker image and tag) and the generated join secrets
 *   (sealed through the keyring); written only by create and PATCH (and once by the start-up
 *   sealing of rows from before the secrets were encrypted).
 * - `cluster_states`: status, last_error and the change generation; written by every change and
 *   by the validator.
 * - `cluster_links`: one document per attachment slot (`<cluster>:<slot>`) or attached node pool
 *   (`<cluster>:node_pool:<pool>`), so attaches on different slots never touch the same document.
 * - `cluster_kubeconfigs`: the encrypted kubeconfig (ciphertext, IV, tag) of a cluster.
 * - `cluster_metadata`: one document per metadata entry of a cluster (`{cluster_id, key, value}`,
 *   unique per cluster and key); `{organization_id, key, value}` is indexed so that a
 *   `metadata.<key>=<value>` list filter is an indexed equality.
 * - `data_keys` (the shared keyring's collection): the organization data keys, wrapped.
 */

export interface ClusterDoc extends OrgDoc {
  name: string;
  provider: string;
  region: string;
  /** Absent on rows from before these fields were stored (read as ""). */
  docker_image?: string;
  docker_tag?: string;
  /** `{certificate_key, random_token}` as JSON, AES-256-GCM under the organization's data key (secrets.ts). */
  secrets?: EncryptedValue;
  /** Plaintext join secrets of a row from before they were sealed; sealed and removed at start-up. */
  certificate_key?: string;
  random_token?: string;
}

export interface ClusterStateDoc {
  /** The cluster id. */
  _id: string;
  organization_id: string;
  status: ClusterStatus;
  last_error: string;
  /** A new UUIDv7 at every change; the validator writes its outcome only for the generation it read. */
  generation: string;
  /** Last client change (PATCH, attach, detach, kubeconfig): the cluster's `updated_at` when newer. */
  changed_at: Date;
  validated_at: Date | null;
}

/** The five single attachment slots of a cluster (and, in `cluster_links`, `node_pool`). */
export type SlotName = "apps_load_balancer" | "platform_load_balancer" | "bastion_server" | "captain_domain" | "control_plane_record_set";
export type LinkSlot = SlotName | "node_pool";

export interface ClusterLinkDoc {
  /** `<cluster>:<slot>` or `<cluster>:node_pool:<pool>`. */
  _id: string;
  organization_id: string;
  cluster_id: string;
  slot: LinkSlot;
  kind: ReferencedKind;
  target_id: string;
  created_at: Date;
}

export interface KubeconfigDoc {
  /** The cluster id. */
  _id: string;
  organization_id: string;
  /** AES-256-GCM under the organization's data key: `ct`, `iv`, `tag`, `key_version`. */
  kubeconfig: EncryptedValue;
  /** A new id per write: what the event outbox's relay recognises a write by. */
  revision?: string;
  created_at: Date;
  updated_at: Date;
}

export interface ClusterMetadataDoc extends OrgDoc {
  cluster_id: string;
  key: string;
  value: string;
}

export function linkId(clusterId: string, slot: SlotName): string {
  return `${clusterId}:${slot}`;
}

export function nodePoolLinkId(clusterId: string, nodePoolId: string): string {
  return `${clusterId}:node_pool:${nodePoolId}`;
}

export function defineClustersModels(conn: Connection) {
  const clusters = orgSchema<ClusterDoc>({
    name: { type: String, required: true },
    ...emptyStrings("provider", "region", "docker_image", "docker_tag"),
    secrets: { type: encryptedValueSchema },
    certificate_key: { type: String },
    random_token: { type: String },
  });

  const states = docSchema<ClusterStateDoc>("key", {
    ...requiredStrings("organization_id", "status", "generation"),
    last_error: { type: String, default: "" },
    changed_at: { type: Date, required: true },
    validated_at: { type: Date, default: null },
  });
  states.index({ organization_id: 1 });
  states.index({ status: 1, changed_at: 1 });
  states.index({ status: 1, validated_at: 1 });

  const links = docSchema<ClusterLinkDoc>("key", {
    ...requiredStrings("organization_id", "cluster_id", "slot", "kind", "target_id"),
    created_at: { type: Date, required: true },
  });
  links.index({ cluster_id: 1 });
  links.index({ organization_id: 1, kind: 1, target_id: 1 });

  const kubeconfigs = docSchema<KubeconfigDoc>(
    "key",
    {
      organization_id: { type: String, required: true, index: true },
      kubeconfig: { type: encryptedValueSchema, required: true },
      revision: { type: String },
    },
    { timestamps: TIMESTAMPS },
  );

  const metadata = orgSchema<ClusterMetadataDoc>({
    ...requiredStrings("cluster_id", "key"),
    value: { type: String, default: "" },
  });
  metadata.index({ cluster_id: 1, key: 1 }, { unique: true });
  metadata.index({ organization_id: 1, key: 1, value: 1 });

  return {
    clusters: conn.model<ClusterDoc>("clusters", clusters),
    metadata: conn.model<ClusterMetadataDoc>("cluster_metadata", metadata, "cluster_metadata"),
    states: conn.model<ClusterStateDoc>("cluster_states", states, "cluster_states"),
    links: conn.model<ClusterLinkDoc>("cluster_links", links, "cluster_links"),
    kubeconfigs: conn.model<KubeconfigDoc>("cluster_kubeconfigs", kubeconfigs, "cluster_kubeconfigs"),
    /** Events of changes not yet delivered to the audit log (shared/event-outbox.ts). */
    eventOutbox: eventOutboxModel(conn),
  };
}

export type ClustersModels = ReturnType<typeof defineClustersModels>;
