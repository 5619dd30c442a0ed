import { randomBytes } from "node:crypto";
import type { RouteDef } from "../../services/api/routes.ts";
import type { FixtureKind } from "./fixtures.ts";

/**
 * What it takes to call every [org] route on a set of fixtures (test/helpers/fixtures.ts): which
 * fixture each path parameter names, a valid body for every writing route, and the query some
 * routes need. Used by the isolation matrix and the query-plan check; a route they cannot build
 * a call for fails them, so new routes are covered or break them.
 */

/** Path parameter → fixture kind, keyed by the literal segment before it and the parameter name. */
export const PATH_PARAM_KINDS: Record<string, FixtureKind> = {
  "labels/:id": "label",
  "annotations/:id": "annotation",
  "taints/:id": "taint",
  "servers/:id": "server",
  "ssh/:id": "sshKey",
  "node-pools/:id": "nodePool",
  "load-balancers/:id": "loadBalancer",
  "servers/:childId": "server",
  "labels/:childId": "label",
  "annotations/:childId": "annotation",
  "taints/:childId": "taint",
  "credentials/:id": "route53Credential",
  "domains/:id": "domain",
  "domains/:domain_id": "domain",
  "records/:id": "recordSet",
  "clusters/:clusterID": "cluster",
  "node-pools/:nodePoolID": "nodePool",
  "webhooks/:id": "webhook",
  "metadata/:metadataID": "metadata",
  "actions/:actionID": "action",
  "runs/:runID": "run",
};

/** Kinds every organization shares (an administrator's action): never another organization's, so never a refusal on their own. */
export const SHARED_KINDS: readonly FixtureKind[] = ["action"];

export type IdOf = (kind: FixtureKind) => string;

/** A reference to another object inside a request body, and how a foreign one is refused. */
export interface BodyRef {
  kind: FixtureKind;
  status: 400 | 404;
  /** The exact message; a function of the foreign id when the message names it. */
  message: string | ((foreignId: string) => string);
}

export interface BodyCase {
  /** A valid body; `id(kind)` gives the id of the object the case points at. */
  body: (id: IdOf) => Record<string, unknown>;
  /** Body fields that name other objects (in evaluation order after the path params). */
  refs?: BodyRef[];
  /** Creates with no foreign reference: B's call succeeds and lands in B. */
  creates?: boolean;
  /** The 409 a call on the organization's own objects may meet once repeated (one run at a time per cluster; an ended run). */
  conflict?: string;
}

const tag = () => randomBytes(4).toString("hex");
/** Node-pool attach is all-or-nothing: an id not in the organization is a 400 naming it. */
const attach = (kind: FixtureKind, field: string): BodyRef[] => [{ kind, status: 400, message: (id) => `invalid ${field}: ${id}` }];

/** A valid body for every writing [org] route ("METHOD /path"); a missing entry fails the test. */
export const BODIES: Record<string, BodyCase> = {
  "POST /labels": { body: () => ({ key: `b-${tag()}`, value: "b" }), creates: true },
  "PATCH /labels/:id": { body: () => ({ value: "changed-by-b" }) },
  "POST /webhooks": { body: () => ({ url: `https://hooks.example.com/b-${tag()}`, events: ["fixture.never"] }), creates: true },
  "PATCH /webhooks/:id": { body: () => ({ description: "changed-by-b" }) },
  "POST /webhooks/:id/rotate-secret": { body: () => ({}) },
  "POST /webhooks/:id/test": { body: () => ({}) },
  "POST /annotations": { body: () => ({ key: `b-${tag()}`, value: "b" }), creates: true },
  "PATCH /annotations/:id": { body: () => ({ value: "changed-by-b" }) },
  "POST /taints": { body: () => ({ key: `b-${tag()}`, value: "b", effect: "NoExecute" }), creates: true },
  "PATCH /taints/:id": { body: () => ({ value: "changed-by-b" }) },
  "POST /servers": {
    body: (id) => ({ hostname: `b-${tag()}`, private_ip_address: "10.9.9.9", role: "worker", ssh_user: "root", ssh_key_id: id("sshKey") }),
    refs: [{ kind: "sshKey", status: 400, message: "invalid ssh_key_id" }],
  },
  "PATCH /servers/:id": {
    body: (id) => ({ hostname: "changed-by-b", ssh_key_id: id("sshKey") }),
    refs: [{ kind: "sshKey", status: 400, message: "invalid ssh_key_id" }],
  },
  "POST /ssh": { body: () => ({ name: `b-${tag()}`, type: "ed25519" }), creates: true },
  "POST /node-pools": { body: () => ({ name: `b-${tag()}`, role: "worker" }), creates: true },
  "PATCH /node-pools/:id": { body: () => ({ name: "changed-by-b" }) },
  "POST /node-pools/:id/servers": { body: (id) => ({ server_ids: [id("server")] }), refs: attach("server", "server_ids") },
  "POST /node-pools/:id/labels": { body: (id) => ({ label_ids: [id("label")] }), refs: attach("label", "label_ids") },
  "POST /node-pools/:id/annotations": { body: (id) => ({ annotation_ids: [id("annotation")] }), refs: attach("annotation", "annotation_ids") },
  "POST /node-pools/:id/taints": { body: (id) => ({ taint_ids: [id("taint")] }), refs: attach("taint", "taint_ids") },
  "POST /load-balancers": { body: () => ({ name: `b-${tag()}`, kind: "public", private_ip_address: "10.8.8.8", public_ip_address: "198.51.100.88" }), creates: true },
  "PATCH /load-balancers/:id": { body: () => ({ name: "changed-by-b" }) },
  "POST /credentials": {
    body: () => ({
      provider: "aws",
      kind: "aws_access_key",
      schema_version: 1,
      scope_kind: "resource",
      scope_version: 1,
      scope: { arn: `arn:aws:route53:::hostedzone/B${tag()}` },
      secret: { access_key_id: "AKIABBBB", secret_access_key: "b-secret" },
    }),
    creates: true,
  },
  "PATCH /credentials/:id": { body: () => ({ name: "changed-by-b", secret: { access_key_id: "AKIAEVIL", secret_access_key: "evil" } }) },
  "POST /credentials/:id/reveal": { body: () => ({}) },
  "POST /dns/domains": {
    body: (id) => ({ credential_id: id("powerdnsCredential"), domain_name: `b-${tag()}.example.org` }),
    refs: [{ kind: "powerdnsCredential", status: 400, message: "credential not found" }],
  },
  "PATCH /dns/domains/:id": {
    body: (id) => ({ credential_id: id("powerdnsCredential") }),
    refs: [{ kind: "powerdnsCredential", status: 400, message: "credential not found" }],
  },
  "POST /dns/domains/:domain_id/records": { body: () => ({ name: `b${tag()}`, type: "A", ttl: 60, values: ["192.0.2.1"] }) },
  "PATCH /dns/records/:id": { body: () => ({ ttl: 61 }) },
  "POST /clusters": { body: () => ({ name: `b-${tag()}` }), creates: true },
  "PATCH /clusters/:clusterID": { body: () => ({ name: "changed-by-b" }) },
  "POST /clusters/:clusterID/apps-load-balancer": {
    body: (id) => ({ load_balancer_id: id("loadBalancer") }),
    refs: [{ kind: "loadBalancer", status: 404, message: "load balancer not found" }],
  },
  "POST /clusters/:clusterID/platform-load-balancer": {
    body: (id) => ({ load_balancer_id: id("platformLoadBalancer") }),
    refs: [{ kind: "platformLoadBalancer", status: 404, message: "load balancer not found" }],
  },
  "POST /clusters/:clusterID/bastion": { body: (id) => ({ server_id: id("bastion") }), refs: [{ kind: "bastion", status: 404, message: "server not found" }] },
  "POST /clusters/:clusterID/captain-domain": { body: (id) => ({ domain_id: id("domain") }), refs: [{ kind: "domain", status: 404, message: "domain not found" }] },
  "POST /clusters/:clusterID/control-plane-record-set": {
    body: (id) => ({ record_set_id: id("recordSet") }),
    refs: [{ kind: "recordSet", status: 404, message: "record set not found" }],
  },
  "POST /clusters/:clusterID/node-pools": { body: (id) => ({ node_pool_id: id("nodePool") }), refs: [{ kind: "nodePool", status: 404, message: "node pool not found" }] },
  "POST /clusters/:clusterID/kubeconfig": { body: () => ({ kubeconfig: "apiVersion: v1\nkind: Config\n# written by B\n" }) },
  "POST /clusters/:clusterID/metadata": { body: () => ({ key: `b-${tag()}`, value: "b" }) },
  "PATCH /clusters/:clusterID/metadata/:metadataID": { body: () => ({ value: "changed-by-b" }) },
  "POST /clusters/:clusterID/actions/:actionID/runs": { body: () => ({}), conflict: "a run of this cluster is queued or running" },
  "POST /clusters/:clusterID/runs/:runID/cancel": { body: () => ({}), conflict: "run has already ended" },
  "POST /servers/:id/reset-hostkey": { body: () => ({}) },
};

/** Query strings some routes need to be well-formed (so only the foreign id can refuse them). */
export const QUERIES: Record<string, string> = {
  "GET /ssh/:id/download": "?part=both",
  "GET /ssh/:id": "?reveal=true",
};

export const routeKey = (r: RouteDef) => `${r.method} ${r.path}`;

/** The path parameters of a route with the fixture kind each names; throws when one is not in PATH_PARAM_KINDS. */
export function pathParams(route: RouteDef): { param: string; kind: FixtureKind }[] {
  const segments = route.path.split("/").filter(Boolean);
  const params: { param: string; kind: FixtureKind }[] = [];
  segments.forEach((seg, i) => {
    if (!seg.startsWith(":")) return;
    const key = `${segments[i - 1]}/${seg}`;
    const kind = PATH_PARAM_KINDS[key];
    if (!kind) throw new Error(`${routeKey(route)}: path parameter ${key} has no fixture kind in PATH_PARAM_KINDS`);
    params.push({ param: seg.slice(1), kind });
  });
  return params;
}

/** The URL of a route with its path parameters filled from `ids` (and the query it needs). */
export function pathFor(route: RouteDef, ids: Record<string, string>): string {
  return `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, (_, p: string) => ids[p]!)}${QUERIES[routeKey(route)] ?? ""}`;
}
