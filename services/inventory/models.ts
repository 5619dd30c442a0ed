import { eventOutboxModel } from "../../shared/event-outbox.ts";
import { docSchema, emptyStrings, requiredStrings } from "../../shared/db.ts";
import { encryptedValueSchema, type EncryptedValue } from "../../shared/keyring.ts";
import type { HostKey } from "../../shared/contracts/inventory.ts";
import { Schema, type Connection } from "mongoose";
import { orgSchema, type OrgDoc } from "../../shared/resource.ts";
import { deletionMarksModel } from "../../shared/deletion-marks.ts";

/** A label, annotation or taint: a key/value pair (taints add an effect). */
export interface TagDoc extends OrgDoc {
  key: string;
  value: string;
}
export interface TaintDoc extends TagDoc {
  effect: string;
}

export interface ServerDoc extends OrgDoc {
  hostname: string;
  private_ip_address: string;
  public_ip_address: string;
  role: string;
  ssh_key_id: string;
  ssh_user: string;
  /** Absent on servers stored before the field existed: 22. */
  ssh_port?: number;
  status: string;
  /** Why the last bootstrap failed (absent: ""). */
  last_error?: string;
  /** The SSH host key pinned at the first successful connection (trust on first use); null or absent until then. */
  host_key?: HostKey | null;
}

export interface SshKeyDoc extends OrgDoc {
  name: string;
  comment: string;
  type: "rsa" | "ed25519";
  bits: number;
  public_key: string;
  fingerprint: string;
  /** The private key PEM, encrypted with the organization's data key (purpose `ssh-key:<id>`). */
  private_key: EncryptedValue;
}

export interface NodePoolDoc extends OrgDoc {
  name: string;
  role: string;
}

export interface LoadBalancerDoc extends OrgDoc {
  name: string;
  kind: string;
  private_ip_address: string;
  public_ip_address: string;
}

export type AttachmentKind = "server" | "label" | "annotation" | "taint";

/**
 * One node pool attachment per document, `_id` `<pool>:<kind>:<child>`: attaching twice is a
 * no-op, and concurrent attach/detach never lose each other's changes (FerretDB applies updates
 * of one document as read-modify-write, so arrays inside the pool document would).
 */
export interface PoolLinkDoc {
  _id: string;
  organization_id: string;
  node_pool_id: string;
  kind: AttachmentKind;
  child_id: string;
  created_at: Date;
}

export function linkId(poolId: string, kind: AttachmentKind, childId: string): string {
  return `${poolId}:${kind}:${childId}`;
}

export function defineInventoryModels(conn: Connection) {
  const tag = () => orgSchema<TagDoc>({ key: { type: String, required: true }, value: { type: String, default: "" } });

  const labels = tag();
  labels.index({ organization_id: 1, key: 1 });
  const annotations = tag();
  annotations.index({ organization_id: 1, key: 1 });
  const taints = orgSchema<TaintDoc>({
    ...requiredStrings("key", "effect"),
    value: { type: String, default: "" },
  });
  taints.index({ organization_id: 1, key: 1 });

  const servers = orgSchema<ServerDoc>({
    ...emptyStrings("hostname", "public_ip_address"),
    ...requiredStrings("private_ip_address", "role", "ssh_key_id", "ssh_user"),
    ssh_port: { type: Number, default: 22 },
    status: { type: String, default: "pending" },
    last_error: { type: String, default: "" },
    host_key: { type: Schema.Types.Mixed, default: null },
  });
  servers.index({ organization_id: 1, ssh_key_id: 1 });
  // the runner's sweep for bastions left pending, across organizations
  servers.index({ role: 1, status: 1, updated_at: 1 });

  const sshKeys = orgSchema<SshKeyDoc>({
    ...requiredStrings("name", "type", "public_key", "fingerprint"),
    comment: { type: String, default: "" },
    bits: { type: Number, default: 0 },
    private_key: { type: encryptedValueSchema, required: true },
  });

  const nodePools = orgSchema<NodePoolDoc>({
    ...requiredStrings("name", "role"),
  });

  const loadBalancers = orgSchema<LoadBalancerDoc>({
    ...requiredStrings("name", "kind"),
    ...emptyStrings("private_ip_address", "public_ip_address"),
  });

  const links = docSchema<PoolLinkDoc>("key", {
    ...requiredStrings("organization_id", "node_pool_id", "kind", "child_id"),
    created_at: { type: Date, required: true },
  });
  links.index({ organization_id: 1, node_pool_id: 1 });
  links.index({ organization_id: 1, kind: 1, child_id: 1 });

  return {
    /** DELETEs deciding about an SSH key (servers reference it) or a server, load balancer or node pool (clusters do). */
    marks: deletionMarksModel(conn),
    labels: conn.model<TagDoc>("labels", labels),
    annotations: conn.model<TagDoc>("annotations", annotations),
    taints: conn.model<TaintDoc>("taints", taints),
    servers: conn.model<ServerDoc>("servers", servers),
    sshKeys: conn.model<SshKeyDoc>("ssh_keys", sshKeys, "ssh_keys"),
    nodePools: conn.model<NodePoolDoc>("node_pools", nodePools, "node_pools"),
    loadBalancers: conn.model<LoadBalancerDoc>("load_balancers", loadBalancers, "load_balancers"),
    links: conn.model<PoolLinkDoc>("node_pool_links", links, "node_pool_links"),
    /** Events of changes not yet delivered to the audit log (shared/event-outbox.ts). */
    eventOutbox: eventOutboxModel(conn),
  };
}

export type InventoryModels = ReturnType<typeof defineInventoryModels>;
