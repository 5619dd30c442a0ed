import type { Cluster, ReferencedKind } from "../../shared/contracts/clusters.ts";
import type { SlotName } from "./models.ts";

export interface SlotDef {
  slot: SlotName;
  /** Path segment under /clusters/{clusterID}/. */
  path: string;
  /** Body field of the attach request. */
  bodyField: "load_balancer_id" | "server_id" | "domain_id" | "record_set_id";
  kind: ReferencedKind;
  /** Field of ClusterResponse holding the nested object. */
  responseField: keyof Pick<Cluster, "apps_load_balancer" | "glueops_load_balancer" | "bastion_server" | "captain_domain" | "control_plane_record_set">;
  /** Action suffix: `clusters.attach<Suffix>` / `clusters.detach<Suffix>`. */
  actionSuffix: string;
  /** Human name used in descriptions. */
  label: string;
}

/** The five single attachment slots (api-spec.md "Attach and detach"). */
export const SLOTS: readonly SlotDef[] = [
  { slot: "apps_load_balancer", path: "apps-load-balancer", bodyField: "load_balancer_id", kind: "load_balancer", responseField: "apps_load_balancer", actionSuffix: "AppsLoadBalancer", label: "apps load balancer" },
  { slot: "platform_load_balancer", path: "platform-load-balancer", bodyField: "load_balancer_id", kind: "load_balancer", responseField: "glueops_load_balancer", actionSuffix: "PlatformLoadBalancer", label: "platform load balancer" },
  { slot: "bastion_server", path: "bastion", bodyField: "server_id", kind: "server", responseField: "bastion_server", actionSuffix: "Bastion", label: "bastion server" },
  { slot: "captain_domain", path: "captain-domain", bodyField: "domain_id", kind: "domain", responseField: "captain_domain", actionSuffix: "CaptainDomain", label: "captain domain" },
  { slot: "control_plane_record_set", path: "control-plane-record-set", bodyField: "record_set_id", kind: "record_set", responseField: "control_plane_record_set", actionSuffix: "ControlPlaneRecordSet", label: "control-plane record set" },
];

/** `<kind> not found`: what a 404 on attach names. */
export function kindLabel(kind: ReferencedKind): string {
  return kind.replace("_", " ");
}

