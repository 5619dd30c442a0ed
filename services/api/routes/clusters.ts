import type { RouteDef } from "../routes.ts";

const cluster = ["clusterID"] as const;
const org = { auth: "org", errors: "text", uuidParams: cluster } as const;

/** The five single attachment slots: POST attaches, DELETE detaches (action names from services/clusters/slots.ts). */
const SLOT_ROUTES: readonly [path: string, suffix: string][] = [
  ["apps-load-balancer", "AppsLoadBalancer"],
  ["platform-load-balancer", "PlatformLoadBalancer"],
  ["bastion", "Bastion"],
  ["captain-domain", "CaptainDomain"],
  ["control-plane-record-set", "ControlPlaneRecordSet"],
];

export const CLUSTERS_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/clusters", action: "clusters.list", auth: "org", errors: "text", paged: true },
  { method: "POST", path: "/clusters", action: "clusters.create", auth: "org", errors: "text", status: 201, location: "/clusters/:clusterID" },
  { method: "GET", path: "/clusters/:clusterID", action: "clusters.get", ...org },
  { method: "PATCH", path: "/clusters/:clusterID", action: "clusters.update", ...org },
  { method: "DELETE", path: "/clusters/:clusterID", action: "clusters.remove", ...org, status: 204 },
  ...SLOT_ROUTES.flatMap(([path, suffix]): RouteDef[] => [
    { method: "POST", path: `/clusters/:clusterID/${path}`, action: `clusters.attach${suffix}`, ...org },
    { method: "DELETE", path: `/clusters/:clusterID/${path}`, action: `clusters.detach${suffix}`, ...org },
  ]),
  { method: "POST", path: "/clusters/:clusterID/node-pools", action: "clusters.attachNodePool", ...org },
  { method: "DELETE", path: "/clusters/:clusterID/node-pools/:nodePoolID", action: "clusters.detachNodePool", ...org, uuidParams: ["clusterID", "nodePoolID"] },
  { method: "POST", path: "/clusters/:clusterID/kubeconfig", action: "clusters.setKubeconfig", ...org },
  { method: "DELETE", path: "/clusters/:clusterID/kubeconfig", action: "clusters.deleteKubeconfig", ...org },
];
