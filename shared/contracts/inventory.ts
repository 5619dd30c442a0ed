import { z } from "zod";

/**
 * Resource shapes of the inventory service (api-spec.md "Resources and their fields") and the
 * actions other services call. Field names are exact.
 */

export const Annotation = z.object({
  id: z.string(),
  organization_id: z.string(),
  key: z.string(),
  value: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Annotation = z.infer<typeof Annotation>;
export const Label = Annotation;
export type Label = Annotation;
export const Taint = Annotation.extend({ effect: z.string() });
export type Taint = z.infer<typeof Taint>;

export const ServerRole = z.enum(["master", "worker", "bastion"]);
export const ServerStatus = z.enum(["pending", "provisioning", "ready", "failed"]);

export const Server = z.object({
  id: z.string(),
  organization_id: z.string(),
  hostname: z.string(),
  private_ip_address: z.string(),
  public_ip_address: z.string(),
  role: ServerRole,
  ssh_key_id: z.string(),
  ssh_user: z.string(),
  status: ServerStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Server = z.infer<typeof Server>;

export const SshKey = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  public_key: z.string(),
  fingerprint: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SshKey = z.infer<typeof SshKey>;
export const SshKeyReveal = SshKey.extend({ private_key: z.string() });

export const NodePoolRole = z.enum(["master", "worker"]);
export const NodePool = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  role: NodePoolRole,
  annotations: z.array(Annotation),
  labels: z.array(Label),
  taints: z.array(Taint),
  servers: z.array(Server),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NodePool = z.infer<typeof NodePool>;

export const LoadBalancerKind = z.enum(["platform", "public"]);
export const LoadBalancer = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  kind: LoadBalancerKind,
  private_ip_address: z.string(),
  public_ip_address: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LoadBalancer = z.infer<typeof LoadBalancer>;

/** Params of the batch look-ups other services make (one call per kind, never one per id). */
export const BatchGetParams = z.object({ organization_id: z.uuid(), ids: z.array(z.string()).max(1000) });

/**
 * `inventory.getServers` → Server[]; `inventory.getLoadBalancers` → LoadBalancer[];
 * `inventory.getNodePools` → NodePool[] (full, with servers, labels, annotations, taints).
 * Ids not in the organization are simply absent from the result.
 */
export const INVENTORY_BATCH_ACTIONS = {
  servers: "inventory.getServers",
  loadBalancers: "inventory.getLoadBalancers",
  nodePools: "inventory.getNodePools",
} as const;
