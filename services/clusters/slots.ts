import type { Cluster, ReferencedKind } from "../../shared/contracts/clusters.ts";
import type { SlotName } from "./models.ts";

export interface SlotDef {
  slot: SlotName;
  /** Body field of the attach request. */
  bodyField: "load_balancer_id" | "server_id" | "domain_id" | "record_set_id";
  kind: ReferencedKind;
  /** Field of ClusterResponse holding the nested object. */
  responseField: keyof Pick<Cluster, "apps_load_balancer" | "glueops_load_balancer" | "bastion_server" | "captain_domain" | "control_plane_record_set">;
}

/** The five single attachment slots (api-spec.md "Attach and detach"); their actions are CLUSTERS_ACTIONS.slots. */
export const SLOTS: readonly SlotDef[] = [
  { slot: "apps_load_balancer", bodyField: "load_balancer_id", kind: "load_balancer", responseField: "apps_load_balancer" },
  { slot: "platform_load_balancer", bodyField: "load_balancer_id", kind: "load_balancer", responseField: "glueops_load_balancer" },
  { slot: "bastion_server", bodyField: "server_id", kind: "server", responseField: "bastion_server" },
  { slot: "captain_domain", bodyField: "domain_id", kind: "domain", responseField: "captain_domain" },
  { slot: "control_plane_record_set", bodyField: "record_set_id", kind: "record_set", responseField: "control_plane_record_set" },
];

/** `<kind> not found`: what a 404 on attach names. */
export function kindLabel(kind: ReferencedKind): string {
  return kind.replace("_", " ");
}
