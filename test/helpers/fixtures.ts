import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import type { ServiceBroker } from "moleculer";
import type { HttpClient, HttpResponse } from "./http.ts";
import { signIn } from "./principals.ts";

/**
 * One resource of every kind an organization can own, created through the HTTP API only (never
 * through the services' databases), with the attachments that make the nested views non-trivial:
 * a node pool holding a server, a label, an annotation and a taint; a cluster holding both load
 * balancers, the bastion, the captain domain, the control-plane record set, the node pool and a
 * kubeconfig, a metadata entry and a run of an administrator's action (queued: the jobs worker of
 * the tests that read it is off). Reused by the isolation matrix and the secrets-hygiene journey.
 */

type Obj = Record<string, any>;

/** Every kind of object a fixture set holds, by the name the tests use for it. */
export const FIXTURE_KINDS = [
  "label",
  "annotation",
  "taint",
  "sshKey",
  "server",
  "bastion",
  "nodePool",
  "loadBalancer",
  "platformLoadBalancer",
  "route53Credential",
  "powerdnsCredential",
  "domain",
  "recordSet",
  "cluster",
  "metadata",
  "action",
  "run",
  "webhook",
] as const;
export type FixtureKind = (typeof FIXTURE_KINDS)[number];

export interface FixtureSecrets {
  /** The secret of the route53-scoped aws credential, as sent. */
  route53: { access_key_id: string; secret_access_key: string; region: string };
  /** The secret of the powerdns-scoped generic api_token credential, as sent. */
  powerdns: { token: string; api_url: string; server_id: string };
  /** The kubeconfig stored on the cluster, as sent. */
  kubeconfig: string;
}

export type Fixtures = Record<FixtureKind, Obj> & { secrets: FixtureSecrets };

export interface FixtureOptions {
  /** An administrator's action (POST /admin/actions' answer; `fixtureAction`): the same for every organization, the run's. */
  action: Obj;
  /** SSH key type (ed25519 is quick; rsa gives a multi-line PKCS#1 PEM). Default ed25519. */
  sshKeyType?: "rsa" | "ed25519";
  /** Called with every response the helper received (secrets-hygiene scans them). */
  onResponse?: (what: string, res: HttpResponse) => void;
  /** `api_url` of the powerdns credential (default: a closed port). */
  powerdnsApiUrl?: string;
}

/** A fake kubeconfig carrying random client credentials (distinctive strings to search for). */
export function fakeKubeconfig(tag: string): string {
  const token = randomBytes(24).toString("hex");
  const keyData = randomBytes(48).toString("base64");
  return [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    `- name: ${tag}`,
    "  cluster:",
    `    server: https://${tag}.k8s.example.com:6443`,
    "users:",
    `- name: admin-${tag}`,
    "  user:",
    `    token: kubetoken-${token}`,
    `    client-key-data: ${keyData}`,
    "contexts: []",
    "",
  ].join("\n");
}

/**
 * Creates one resource of every kind in the organization `c` is bound to (`c` carries the
 * auth headers and X-Org-ID of an [org] caller). Fails the calling test on any unexpected answer.
 */
export async function createFixtures(c: HttpClient, opts: FixtureOptions): Promise<Fixtures> {
  const tag = randomBytes(4).toString("hex");
  async function ok(what: string, p: Promise<HttpResponse>, status = 200): Promise<Obj> {
    const res = await p;
    opts.onResponse?.(what, res);
    assert.equal(res.status, status, `fixture ${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.json as Obj;
  }

  const secrets: FixtureSecrets = {
    route53: { access_key_id: `AKIA${randomBytes(8).toString("hex").toUpperCase()}`, secret_access_key: randomBytes(20).toString("base64url"), region: "eu-west-1" },
    powerdns: { token: `pdns-${randomBytes(16).toString("hex")}`, api_url: opts.powerdnsApiUrl ?? "http://127.0.0.1:9", server_id: "localhost" },
    kubeconfig: fakeKubeconfig(tag),
  };

  const label = await ok("label", c.post("/api/v1/labels", { key: `tier-${tag}`, value: "web" }), 201);
  const annotation = await ok("annotation", c.post("/api/v1/annotations", { key: `owner-${tag}`, value: "team-a" }), 201);
  const taint = await ok("taint", c.post("/api/v1/taints", { key: `dedicated-${tag}`, value: "gpu", effect: "NoSchedule" }), 201);
  const sshKey = await ok(
    "ssh key",
    c.post("/api/v1/ssh", { name: `key-${tag}`, comment: `fixture-${tag}`, type: opts.sshKeyType ?? "ed25519", ...(opts.sshKeyType === "rsa" ? { bits: 2048 } : {}) }),
    201,
  );
  const serverBody = (role: string, i: number) => ({
    hostname: `${role}-${tag}`,
    private_ip_address: `10.20.0.${i}`,
    public_ip_address: `203.0.113.${i}`,
    role,
    ssh_key_id: sshKey.id,
    ssh_user: "root",
    status: "ready",
  });
  const server = await ok("server", c.post("/api/v1/servers", serverBody("worker", 10)), 201);
  const bastion = await ok("bastion", c.post("/api/v1/servers", serverBody("bastion", 11)), 201);

  const pool = await ok("node pool", c.post("/api/v1/node-pools", { name: `pool-${tag}`, role: "worker" }), 201);
  await ok("pool servers", c.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: [server.id] }), 204);
  await ok("pool labels", c.post(`/api/v1/node-pools/${pool.id}/labels`, { label_ids: [label.id] }), 204);
  await ok("pool annotations", c.post(`/api/v1/node-pools/${pool.id}/annotations`, { annotation_ids: [annotation.id] }), 204);
  await ok("pool taints", c.post(`/api/v1/node-pools/${pool.id}/taints`, { taint_ids: [taint.id] }), 204);

  const lb = (name: string, kind: string, i: number) => ({ name: `${name}-${tag}`, kind, private_ip_address: `10.30.0.${i}`, public_ip_address: `198.51.100.${i}` });
  const loadBalancer = await ok("load balancer", c.post("/api/v1/load-balancers", lb("apps", "public", 1)), 201);
  const platformLoadBalancer = await ok("platform load balancer", c.post("/api/v1/load-balancers", lb("platform", "platform", 2)), 201);

  const credential = (provider: string, kind: string, service: string, secret: object) => ({
    name: `${service}-${tag}`,
    provider,
    kind,
    schema_version: 1,
    scope_kind: "service",
    scope_version: 1,
    scope: { service },
    secret,
  });
  const route53Credential = await ok("route53 credential", c.post("/api/v1/credentials", credential("aws", "aws_access_key", "route53", secrets.route53)), 201);
  const powerdnsCredential = await ok("powerdns credential", c.post("/api/v1/credentials", credential("generic", "api_token", "powerdns", secrets.powerdns)), 201);

  const domain = await ok("domain", c.post("/api/v1/dns/domains", { credential_id: powerdnsCredential.id, domain_name: `fx-${tag}.example.com`, zone_id: `zone-${tag}` }), 201);
  const recordSet = await ok("record set", c.post(`/api/v1/dns/domains/${domain.id}/records`, { name: "api", type: "A", ttl: 300, values: ["203.0.113.50"] }), 201);

  const created = await ok("cluster", c.post("/api/v1/clusters", { name: `cluster-${tag}`, provider: "aws", region: "eu-west-1" }), 201);
  const base = `/api/v1/clusters/${created.id}`;
  await ok("apps load balancer", c.post(`${base}/apps-load-balancer`, { load_balancer_id: loadBalancer.id }));
  await ok("platform load balancer", c.post(`${base}/platform-load-balancer`, { load_balancer_id: platformLoadBalancer.id }));
  await ok("bastion", c.post(`${base}/bastion`, { server_id: bastion.id }));
  await ok("captain domain", c.post(`${base}/captain-domain`, { domain_id: domain.id }));
  await ok("control-plane record set", c.post(`${base}/control-plane-record-set`, { record_set_id: recordSet.id }));
  await ok("cluster node pool", c.post(`${base}/node-pools`, { node_pool_id: pool.id }));
  await ok("kubeconfig", c.post(`${base}/kubeconfig`, { kubeconfig: secrets.kubeconfig }));
  const metadata = await ok("metadata", c.post(`${base}/metadata`, { key: `team-${tag}`, value: "platform" }), 201);
  const run = await ok("run", c.post(`${base}/actions/${opts.action.id}/runs`, {}), 201);
  const cluster = await ok("cluster view", c.get(base));

  // subscribed to a type no change has: fixtures never cause deliveries
  const webhook = await ok("webhook", c.post("/api/v1/webhooks", { url: `https://hooks.example.com/${tag}`, events: ["fixture.never"] }), 201);
  // one delivery in its history (a ping; the host does not resolve, so it stays pending)
  await ok("webhook ping", c.post(`/api/v1/webhooks/${webhook.id}/test`, {}));

  return {
    label,
    annotation,
    taint,
    sshKey,
    server,
    bastion,
    nodePool: await ok("node pool view", c.get(`/api/v1/node-pools/${pool.id}`)),
    loadBalancer,
    platformLoadBalancer,
    route53Credential,
    powerdnsCredential,
    domain,
    recordSet,
    cluster,
    metadata,
    action: opts.action,
    run,
    webhook,
    secrets,
  };
}

/** An action for the fixtures' runs, defined by a new administrator of `stack`. */
export async function fixtureAction(stack: { broker: ServiceBroker; http: HttpClient }): Promise<Obj> {
  const admin = await signIn(stack.broker, undefined, { admin: true });
  const res = await stack.http.post("/api/v1/admin/actions", { label: `Fixture ${randomBytes(4).toString("hex")}`, make_target: "fixture" }, { headers: admin.bearer });
  assert.equal(res.status, 201, `fixture action: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json as Obj;
}

/** The id of every fixture by kind. */
export function fixtureIds(f: Fixtures): Record<FixtureKind, string> {
  return Object.fromEntries(FIXTURE_KINDS.map((k) => [k, f[k].id as string])) as Record<FixtureKind, string>;
}

/** The body of a Route53-hosting credential (an `aws` `aws_access_key` scoped to `route53`). */
export function route53CredentialBody(secret: { access_key_id: string; secret_access_key: string; region?: string }): Record<string, unknown> {
  return {
    provider: "aws",
    kind: "aws_access_key",
    schema_version: 1,
    scope_kind: "service",
    scope_version: 1,
    scope: { service: "route53" },
    secret,
  };
}

/** The body of a PowerDNS-hosting credential (a `generic` `api_token` scoped to `powerdns`). */
export function powerdnsCredentialBody(token: string, apiUrl = "http://127.0.0.1:9", name?: string): Record<string, unknown> {
  return {
    ...(name === undefined ? {} : { name }),
    provider: "generic",
    kind: "api_token",
    schema_version: 1,
    scope_kind: "service",
    scope_version: 1,
    scope: { service: "powerdns" },
    secret: { token, api_url: apiUrl, server_id: "localhost" },
  };
}
