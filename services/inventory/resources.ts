import type { Annotation, LoadBalancer, Server, SshKey, Taint } from "../../shared/contracts/inventory.ts";
import { OrgResources, isoTimes } from "../../shared/resource.ts";
import type { InventoryModels, LoadBalancerDoc, NodePoolDoc, ServerDoc, SshKeyDoc, TagDoc, TaintDoc } from "./models.ts";

export function toTag(d: TagDoc): Annotation {
  return { id: d._id, organization_id: d.organization_id, key: d.key, value: d.value ?? "", ...isoTimes(d) };
}

export function toTaint(d: TaintDoc): Taint {
  return { id: d._id, organization_id: d.organization_id, key: d.key, value: d.value ?? "", effect: d.effect, ...isoTimes(d) };
}

export function toServer(d: ServerDoc): Server {
  return {
    id: d._id,
    organization_id: d.organization_id,
    hostname: d.hostname ?? "",
    private_ip_address: d.private_ip_address,
    public_ip_address: d.public_ip_address ?? "",
    role: d.role as Server["role"],
    ssh_key_id: d.ssh_key_id,
    ssh_user: d.ssh_user,
    ssh_port: d.ssh_port ?? 22,
    status: d.status as Server["status"],
    last_error: d.last_error ?? "",
    ssh_host_key_fingerprint: d.host_key?.fingerprint ?? "",
    ...isoTimes(d),
  };
}

/** An SSH key's answer; `serverCount`: how many servers name it (0 for a key just made). */
export function toSshKey(d: SshKeyDoc, serverCount = 0): SshKey {
  return {
    id: d._id,
    organization_id: d.organization_id,
    name: d.name,
    public_key: d.public_key,
    fingerprint: d.fingerprint,
    server_count: serverCount,
    ...isoTimes(d),
  };
}

export interface NodePoolBase {
  id: string;
  organization_id: string;
  name: string;
  role: "master" | "worker";
  created_at: string;
  updated_at: string;
}

export function toNodePoolBase(d: NodePoolDoc): NodePoolBase {
  return { id: d._id, organization_id: d.organization_id, name: d.name, role: d.role as NodePoolBase["role"], ...isoTimes(d) };
}

export function toLoadBalancer(d: LoadBalancerDoc): LoadBalancer {
  return {
    id: d._id,
    organization_id: d.organization_id,
    name: d.name,
    kind: d.kind as LoadBalancer["kind"],
    private_ip_address: d.private_ip_address ?? "",
    public_ip_address: d.public_ip_address ?? "",
    ...isoTimes(d),
  };
}

/** The org-scoped collections of the service, each behind the shared CRUD helper. */
export function inventoryResources(m: InventoryModels) {
  return {
    labels: new OrgResources({ kind: "label", model: m.labels, events: { outbox: m.eventOutbox, resourceType: "label" }, toResponse: toTag }),
    annotations: new OrgResources({ kind: "annotation", model: m.annotations, events: { outbox: m.eventOutbox, resourceType: "annotation" }, toResponse: toTag }),
    taints: new OrgResources({ kind: "taint", model: m.taints, events: { outbox: m.eventOutbox, resourceType: "taint" }, toResponse: toTaint }),
    servers: new OrgResources({ kind: "server", model: m.servers, events: { outbox: m.eventOutbox, resourceType: "server", statusField: "status" }, toResponse: toServer }),
    sshKeys: new OrgResources({ kind: "ssh key", model: m.sshKeys, events: { outbox: m.eventOutbox, resourceType: "ssh_key" }, toResponse: (d) => toSshKey(d) }),
    nodePools: new OrgResources({ kind: "node pool", model: m.nodePools, events: { outbox: m.eventOutbox, resourceType: "node_pool" }, toResponse: toNodePoolBase }),
    loadBalancers: new OrgResources({
      kind: "load balancer",
      model: m.loadBalancers,
      events: { outbox: m.eventOutbox, resourceType: "load_balancer" },
      toResponse: toLoadBalancer,
    }),
  };
}

/** Documents by descending `_id` (ids are UUIDv7: newest first). */
export const newestFirst = <D extends { _id: string }>(docs: D[]): D[] => docs.sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));

export type InventoryResources = ReturnType<typeof inventoryResources>;

/** What the logic modules share: the models and the CRUD helpers over them. */
export interface Inventory {
  models: InventoryModels;
  res: InventoryResources;
}
