import { ok, type Cluster, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { href } from "../../router.ts";
import type { Field } from "../form.tsx";
import { orgClient } from "../org-api.ts";

/**
 * What the cluster pages share: the cluster's shape and fields, the events that change what they
 * show, and the calls that read and change one cluster (every one through the typed client).
 */

export type { Cluster };
export type ClusterMetadata = JsonResponse<"getClustersClusterIDMetadataMetadataID">;

/** The events that change the list of clusters. */
export const LIST_EVENTS = ["cluster.*", "cluster_attachment.*"] as const;
/** The events that change what one cluster's page shows (its own, and the objects it holds). */
export const DETAIL_EVENTS = [
  "cluster.*",
  "cluster_attachment.*",
  "cluster_metadata.*",
  "node_pool.*",
  "node_pool_attachment.*",
  "domain.*",
  "record_set.*",
  "server.*",
  "load_balancer.*",
] as const;

export const CREATE_FIELDS: readonly Field[] = [
  { name: "name", label: "Name", required: true },
  { name: "provider", label: "Provider", placeholder: "aws" },
  { name: "region", label: "Region", placeholder: "eu-west-1" },
];
export const EDIT_FIELDS: readonly Field[] = [
  ...CREATE_FIELDS,
  { name: "docker_image", label: "Docker image", mono: true, hint: "The toolkit's image runs make on the bastion; empty: the bastion's own toolkit." },
  { name: "docker_tag", label: "Docker tag", mono: true },
];

/** `#/orgs/<org>/clusters/<cluster>` and below. */
export const clusterHref = (org: string, clusterID: string, ...rest: string[]) => href(["orgs", org, "clusters", clusterID, ...rest]);

export const getCluster = (org: string, clusterID: string, signal?: AbortSignal) =>
  ok(orgClient(org).GET("/api/v1/clusters/{clusterID}", { params: { path: { clusterID } }, signal }));
export const updateCluster = (org: string, clusterID: string, body: Record<string, unknown>) =>
  ok(orgClient(org).PATCH("/api/v1/clusters/{clusterID}", { params: { path: { clusterID } }, body }));
export const deleteCluster = (org: string, clusterID: string) => ok(orgClient(org).DELETE("/api/v1/clusters/{clusterID}", { params: { path: { clusterID } } }));

/** A server as the console names it: its hostname, or its addresses without one. */
export function serverName(s: { hostname?: string; public_ip_address?: string; private_ip_address?: string; id: string }): string {
  if (s.hostname) return s.hostname;
  const ips = [s.public_ip_address, s.private_ip_address].filter((ip) => ip);
  return ips.length > 0 ? ips.join(" / ") : s.id;
}

/** A record set as the console names it: its name and type (`api A`). */
export const recordSetName = (r: { name: string; type: string }) => `${r.name} ${r.type}`;
