import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import {
  entityTagOf,
  ifChanged,
  ApiError,
  attempt,
  ClusterClient,
  collect,
  type ApiResult,
  NetworkError,
  ok,
  paginate,
  paginateByPage,
  EXPIRY_MARGIN_MS,
  type Cluster,
  type Job,
  type TokenPair,
} from "../../clients/typescript/src/index.ts";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { checkedTransport, clientFor, type Exchange } from "../helpers/client.ts";
import { followToCallback } from "../helpers/idp-browser.ts";
import { githubEnv, startGithub, type LocalGithub } from "../helpers/idp-github.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The journey of the raw-request tests (createFixtures, the per-service tests), through the typed
 * client (clients/typescript) against a real stack over HTTP: every answer is checked against the
 * served OpenAPI document before the client decodes it (test/helpers/client.ts), and the last
 * test checks that the journey went through every operation it is meant to cover.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING = "0190a000-0000-7000-8000-000000000000";
const tag = randomBytes(3).toString("hex");
/** Where the local GitHub sends the browser back to: the test reads the query and calls our callback itself. */
const CALLBACK_BASE = "http://app.test";

/** A call answered 204, which the client decodes as undefined. */
async function noContent(call: Promise<ApiResult>): Promise<void> {
  const result = await call;
  assert.equal(result.response.status, 204);
  assert.equal(result.data, undefined);
}

/** The ApiError a call fails with (fails the test when the call succeeds). */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  assert.fail("the call succeeded");
}

describe("the typed client against a real stack (every answer checked against the OpenAPI document)", () => {
  let stack: Stack;
  let github: LocalGithub;
  let user: SignedIn;
  let admin: SignedIn;
  const log: Exchange[] = [];
  let client: ClusterClient;
  let org: ClusterClient;
  let orgId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    github = await startGithub();
    stack = await startStack({
      services: [...SERVICE_NAMES],
      env: { JOBS_WORKER_ENABLED: "false", JOBS_PERIODIC_ENABLED: "false", ...githubEnv(github, CALLBACK_BASE) },
    });
    user = await signIn(stack.broker);
    admin = await signIn(stack.broker, undefined, { admin: true });
    client = clientFor(stack.baseUrl, user, { log });
  });
  afterAll(async () => {
    await stack?.stop();
    await github?.close();
  });

  it("orgs: create, list, get, update, members, org keys ({code, message} style)", async () => {
    const created = await ok(client.api.POST("/api/v1/orgs", { body: { name: `Client org ${tag}` } }));
    assert.match(created.id, UUID);
    assert.equal(created.name, `Client org ${tag}`);
    orgId = created.id;
    org = client.withOrg(orgId);

    const list = await ok(client.api.GET("/api/v1/orgs"));
    assert.deepEqual(
      list.map((o) => o.id),
      [orgId],
    );
    const updated = await ok(client.api.PATCH("/api/v1/orgs/{id}", { params: { path: { id: orgId } }, body: { domain: `client-${tag}.example.com` } }));
    assert.equal(updated.domain, `client-${tag}.example.com`);
    assert.deepEqual(await ok(client.api.GET("/api/v1/orgs/{id}", { params: { path: { id: orgId } } })), updated);
    const members = await ok(client.api.GET("/api/v1/orgs/{id}/members", { params: { path: { id: orgId } } }));
    assert.deepEqual(members, [{ user_id: user.user_id, email: user.email, role: "owner" }]);
  });

  it("ssh keys: create, list, reveal, download the public key, the private key and the zip of both", async () => {
    const key = await ok(org.api.POST("/api/v1/ssh", { body: { name: `deploy-${tag}`, comment: "deploy@example", type: "ed25519" } }));
    ids.sshKey = key.id;
    assert.match(key.public_key, /^ssh-ed25519 [A-Za-z0-9+/]+=* deploy@example$/);
    assert.equal("private_key" in key, false);
    const listed = await ok(org.api.GET("/api/v1/ssh"));
    assert.deepEqual(listed, [key]);
    const revealed = await ok(org.api.GET("/api/v1/ssh/{id}", { params: { path: { id: key.id }, query: { reveal: "true" } } }));
    assert.match(revealed.private_key ?? "", /^-----BEGIN PRIVATE KEY-----\n/);

    const pub = await org.downloadSshKey(key.id, "public");
    assert.deepEqual({ filename: pub.filename, contentType: pub.contentType }, { filename: `${key.id}.pub`, contentType: "text/plain; charset=utf-8" });
    assert.equal(Buffer.from(pub.data).toString(), `${key.public_key}\n`);
    const priv = await org.downloadSshKey(key.id, "private");
    assert.deepEqual({ filename: priv.filename, contentType: priv.contentType }, { filename: `${key.id}.pem`, contentType: "application/x-pem-file" });
    assert.equal(Buffer.from(priv.data).toString(), revealed.private_key);
    const both = await org.downloadSshKey(key.id, "both");
    assert.deepEqual({ filename: both.filename, contentType: both.contentType }, { filename: `ssh_key_${key.id}.zip`, contentType: "application/zip" });
    assert.equal(Buffer.from(both.data.subarray(0, 4)).toString("hex"), "504b0304", "a zip archive");

    const bad = await refusal(org.downloadSshKey(MISSING, "public"));
    assert.deepEqual({ status: bad.status, style: bad.style, body: bad.body }, { status: 404, style: "text", body: "ssh key not found" });
  });

  it("servers: create (worker and bastion), list with a filter, get, update", async () => {
    const body = (role: "worker" | "bastion", i: number) => ({
      hostname: `${role}-${tag}`,
      private_ip_address: `10.20.0.${i}`,
      public_ip_address: `203.0.113.${i}`,
      role,
      ssh_key_id: ids.sshKey!,
      ssh_user: "root",
      status: "ready" as const,
    });
    const worker = await ok(org.api.POST("/api/v1/servers", { body: body("worker", 10) }));
    const bastion = await ok(org.api.POST("/api/v1/servers", { body: body("bastion", 11) }));
    ids.server = worker.id;
    ids.bastion = bastion.id;
    assert.equal(worker.role, "worker");
    const bastions = await ok(org.api.GET("/api/v1/servers", { params: { query: { role: "bastion" } } }));
    // filters are typed as the values the API accepts: another does not compile (and is refused)
    // @ts-expect-error "chef" is not a server role
    const chef = await refusal(ok(org.api.GET("/api/v1/servers", { params: { query: { role: "chef" } } })));
    assert.deepEqual([chef.status, chef.body], [400, "invalid role"]);
    assert.deepEqual(
      bastions.map((s) => s.id),
      [bastion.id],
    );
    const patched = await ok(org.api.PATCH("/api/v1/servers/{id}", { params: { path: { id: worker.id } }, body: { status: "provisioning" } }));
    assert.equal(patched.status, "provisioning");
    assert.deepEqual(await ok(org.api.GET("/api/v1/servers/{id}", { params: { path: { id: worker.id } } })), patched);
  });

  it("labels, annotations, taints: create, update, and a list read page by page through Link", async () => {
    const labels = [];
    for (let i = 0; i < 5; i++) labels.push(await ok(org.api.POST("/api/v1/labels", { body: { key: `tier-${i}-${tag}`, value: "web" } })));
    ids.label = labels[0]!.id;
    const relabelled = await ok(org.api.PATCH("/api/v1/labels/{id}", { params: { path: { id: ids.label } }, body: { value: "api" } }));
    assert.equal(relabelled.value, "api");
    assert.deepEqual(await ok(org.api.GET("/api/v1/labels/{id}", { params: { path: { id: ids.label } } })), relabelled);

    let pages = 0;
    const paged = await collect(
      paginate((cursor) => {
        pages++;
        return org.api.GET("/api/v1/labels", { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
      }),
    );
    assert.equal(pages, 3, "5 labels in pages of 2");
    const whole = await ok(org.api.GET("/api/v1/labels"));
    assert.equal(whole.length, 5);
    assert.deepEqual(paged, whole, "the pages together are the whole list, newest first");
    assert.deepEqual(
      whole.map((l) => l.key),
      labels.map((l) => l.key).reverse(),
    );

    ids.annotation = (await ok(org.api.POST("/api/v1/annotations", { body: { key: `owner-${tag}`, value: "team-a" } }))).id;
    ids.taint = (await ok(org.api.POST("/api/v1/taints", { body: { key: `dedicated-${tag}`, value: "gpu", effect: "NoSchedule" } }))).id;
    assert.equal((await ok(org.api.GET("/api/v1/taints"))).length, 1);
  });

  it("credentials: create, list, get, update, reveal", async () => {
    const secret = { token: `pdns-${tag}`, api_url: "http://127.0.0.1:9", server_id: "localhost" };
    const created = await ok(
      org.api.POST("/api/v1/credentials", {
        body: { name: `pdns-${tag}`, provider: "generic", kind: "api_token", schema_version: 1, scope_kind: "service", scope_version: 1, scope: { service: "powerdns" }, secret },
      }),
    );
    ids.credential = created.id;
    assert.deepEqual(created.scope, { service: "powerdns" });
    assert.equal("secret" in created, false);
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/credentials", { params: { query: { provider: "generic" } } }))).map((c) => c.id),
      [created.id],
    );
    const renamed = await ok(org.api.PATCH("/api/v1/credentials/{id}", { params: { path: { id: created.id } }, body: { name: `pdns-renamed-${tag}` } }));
    assert.equal(renamed.name, `pdns-renamed-${tag}`);
    assert.deepEqual(await ok(org.api.GET("/api/v1/credentials/{id}", { params: { path: { id: created.id } } })), renamed);
    assert.deepEqual(await ok(org.api.POST("/api/v1/credentials/{id}/reveal", { params: { path: { id: created.id } }, body: {} })), secret);
  });

  it("DNS: a domain and its record sets (values an array of strings)", async () => {
    const domain = await ok(org.api.POST("/api/v1/dns/domains", { body: { credential_id: ids.credential!, domain_name: `client-${tag}.example.com`, zone_id: `zone-${tag}` } }));
    ids.domain = domain.id;
    assert.equal(domain.domain_name, `client-${tag}.example.com`);
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/dns/domains", { params: { query: { q: tag } } }))).map((d) => d.id),
      [domain.id],
    );
    assert.equal((await ok(org.api.GET("/api/v1/dns/domains/{id}", { params: { path: { id: domain.id } } }))).zone_id, `zone-${tag}`);
    const patched = await ok(org.api.PATCH("/api/v1/dns/domains/{id}", { params: { path: { id: domain.id } }, body: { status: "ready" } }));
    assert.equal(patched.status, "ready");

    const records = { params: { path: { domain_id: domain.id } } };
    const rs = await ok(
      org.api.POST("/api/v1/dns/domains/{domain_id}/records", { ...records, body: { name: "api", type: "A", ttl: 120, values: ["203.0.113.50", "203.0.113.51"] } }),
    );
    ids.recordSet = rs.id;
    assert.deepEqual(
      { name: rs.name, type: rs.type, ttl: rs.ttl, values: rs.values, status: rs.status },
      { name: "api", type: "A", ttl: 120, values: ["203.0.113.50", "203.0.113.51"], status: "pending" },
    );
    const extra = await ok(org.api.POST("/api/v1/dns/domains/{domain_id}/records", { ...records, body: { name: "txt", type: "TXT", values: ['"v=spf1 -all"'] } }));
    const listed = await ok(org.api.GET("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: domain.id }, query: { type: "A" } } }));
    // @ts-expect-error "PTR" is not a record type the API knows
    const ptr = await refusal(ok(org.api.GET("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: domain.id }, query: { type: "PTR" } } })));
    assert.deepEqual([ptr.status, ptr.body], [400, "invalid type"]);
    // @ts-expect-error "gone" is not a domain status
    const gone = await refusal(ok(org.api.GET("/api/v1/dns/domains", { params: { query: { status: "gone" } } })));
    assert.deepEqual([gone.status, gone.body], [400, "invalid status"]);
    assert.deepEqual(
      listed.map((r) => r.id),
      [rs.id],
    );
    const moved = await ok(org.api.PATCH("/api/v1/dns/records/{id}", { params: { path: { id: rs.id } }, body: { ttl: 300 } }));
    assert.equal(moved.ttl, 300);
    await noContent(org.api.DELETE("/api/v1/dns/records/{id}", { params: { path: { id: extra.id } } }));
  });

  it("load balancers and node pools: create, update, attach servers, labels, annotations and taints", async () => {
    const lb = (name: string, kind: "public" | "platform", i: number) => ({
      name: `${name}-${tag}`,
      kind,
      private_ip_address: `10.30.0.${i}`,
      public_ip_address: `198.51.100.${i}`,
    });
    const apps = await ok(org.api.POST("/api/v1/load-balancers", { body: lb("apps", "public", 1) }));
    const platform = await ok(org.api.POST("/api/v1/load-balancers", { body: lb("platform", "platform", 2) }));
    ids.appsLb = apps.id;
    ids.platformLb = platform.id;
    const renamedLb = await ok(org.api.PATCH("/api/v1/load-balancers/{id}", { params: { path: { id: apps.id } }, body: { name: `apps-renamed-${tag}` } }));
    assert.equal(renamedLb.name, `apps-renamed-${tag}`);
    assert.deepEqual(await ok(org.api.GET("/api/v1/load-balancers/{id}", { params: { path: { id: apps.id } } })), renamedLb);
    assert.equal((await ok(org.api.GET("/api/v1/load-balancers"))).length, 2);

    const pool = await ok(org.api.POST("/api/v1/node-pools", { body: { name: `pool-${tag}`, role: "worker" } }));
    ids.nodePool = pool.id;
    const path = { params: { path: { id: pool.id } } };
    await noContent(org.api.POST("/api/v1/node-pools/{id}/servers", { ...path, body: { server_ids: [ids.server!] } }));
    await ok(org.api.POST("/api/v1/node-pools/{id}/labels", { ...path, body: { label_ids: [ids.label!] } }));
    await ok(org.api.POST("/api/v1/node-pools/{id}/annotations", { ...path, body: { annotation_ids: [ids.annotation!] } }));
    await ok(org.api.POST("/api/v1/node-pools/{id}/taints", { ...path, body: { taint_ids: [ids.taint!] } }));
    const full = await ok(org.api.GET("/api/v1/node-pools/{id}", path));
    assert.deepEqual(
      [full.servers.map((s) => s.id), full.labels.map((l) => l.id), full.annotations.map((a) => a.id), full.taints.map((t) => t.id)],
      [[ids.server], [ids.label], [ids.annotation], [ids.taint]],
    );
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/node-pools/{id}/servers", path))).map((s) => s.hostname),
      [`worker-${tag}`],
    );
    const renamedPool = await ok(org.api.PATCH("/api/v1/node-pools/{id}", { ...path, body: { name: `pool-renamed-${tag}` } }));
    assert.equal(renamedPool.name, `pool-renamed-${tag}`);
    assert.equal((await ok(org.api.GET("/api/v1/node-pools"))).length, 1);
  });

  it("clusters: create, attach everything, and read the nested view", async () => {
    const created = await ok(org.api.POST("/api/v1/clusters", { body: { name: `cluster-${tag}`, provider: "aws", region: "eu-west-1" } }));
    ids.cluster = created.id;
    assert.equal(created.status, "pre_pending");
    assert.match(created.random_token, /^[a-f0-9]{6}\.[a-f0-9]{16}$/);
    const path = { params: { path: { clusterID: created.id } } };
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/apps-load-balancer", { ...path, body: { load_balancer_id: ids.appsLb! } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/platform-load-balancer", { ...path, body: { load_balancer_id: ids.platformLb! } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/bastion", { ...path, body: { server_id: ids.bastion! } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/captain-domain", { ...path, body: { domain_id: ids.domain! } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/control-plane-record-set", { ...path, body: { record_set_id: ids.recordSet! } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/node-pools", { ...path, body: { node_pool_id: ids.nodePool! } }));
    const withConfig = await ok(org.api.POST("/api/v1/clusters/{clusterID}/kubeconfig", { ...path, body: { kubeconfig: "apiVersion: v1\nkind: Config\n" } }));
    assert.equal("kubeconfig" in withConfig, false);

    const view: Cluster = await ok(org.api.GET("/api/v1/clusters/{clusterID}", path));
    // one object each (not a list), the record set's values an array: what the Go SDK could not decode
    assert.equal(view.apps_load_balancer?.id, ids.appsLb);
    assert.equal(view.apps_load_balancer?.kind, "public");
    assert.equal(view.glueops_load_balancer?.kind, "platform");
    assert.equal(view.bastion_server?.hostname, `bastion-${tag}`);
    assert.equal(view.captain_domain?.domain_name, `client-${tag}.example.com`);
    assert.deepEqual(view.control_plane_record_set?.values, ["203.0.113.50", "203.0.113.51"]);
    assert.equal(view.node_pools.length, 1);
    assert.deepEqual(
      view.node_pools[0]!.servers.map((s) => s.id),
      [ids.server],
    );
    assert.deepEqual(
      view.node_pools[0]!.taints.map((t) => t.effect),
      ["NoSchedule"],
    );
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/clusters", { params: { query: { q: tag } } }))).map((c) => c.id),
      [created.id],
    );
    const renamed = await ok(org.api.PATCH("/api/v1/clusters/{clusterID}", { ...path, body: { name: `cluster-renamed-${tag}` } }));
    assert.equal(renamed.name, `cluster-renamed-${tag}`);
    const detached = await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/bastion", path));
    assert.equal(detached.bastion_server, null);
  });

  it("this round's operations: sign-in providers, a record set by id, cluster metadata, admin actions, runs and logs, a host-key reset", async () => {
    const providers = await ok(client.api.GET("/api/v1/auth/providers"));
    assert.ok(providers.some((p) => p.name === "github"));

    const rs = await ok(org.api.GET("/api/v1/dns/records/{id}", { params: { path: { id: ids.recordSet! } } }));
    assert.equal(rs.id, ids.recordSet);

    const cluster = { clusterID: ids.cluster! };
    const meta = await ok(org.api.POST("/api/v1/clusters/{clusterID}/metadata", { params: { path: cluster }, body: { key: "Env", value: " prod " } }));
    assert.deepEqual([meta.key, meta.value], ["env", "prod"]);
    const one = { params: { path: { ...cluster, metadataID: meta.id } } };
    assert.equal((await ok(org.api.GET("/api/v1/clusters/{clusterID}/metadata", { params: { path: cluster } }))).length, 1);
    assert.equal((await ok(org.api.GET("/api/v1/clusters/{clusterID}/metadata/{metadataID}", one))).value, "prod");
    assert.equal((await ok(org.api.PATCH("/api/v1/clusters/{clusterID}/metadata/{metadataID}", { ...one, body: { value: "staging" } }))).value, "staging");
    await noContent(org.api.DELETE("/api/v1/clusters/{clusterID}/metadata/{metadataID}", one));

    const admin_ = clientFor(stack.baseUrl, admin, { log });
    const action = await ok(admin_.api.POST("/api/v1/admin/actions", { body: { label: `deploy ${tag}`, make_target: "deploy" } }));
    const actionPath = { params: { path: { actionID: action.id } } };
    assert.equal((await ok(admin_.api.GET("/api/v1/admin/actions/{actionID}", actionPath))).make_target, "deploy");
    assert.ok((await ok(admin_.api.GET("/api/v1/admin/actions"))).some((a) => a.id === action.id));
    // what the organization can run, as its members read it
    assert.ok((await ok(org.api.GET("/api/v1/actions"))).some((a) => a.id === action.id));
    assert.equal((await ok(admin_.api.PATCH("/api/v1/admin/actions/{actionID}", { ...actionPath, body: { description: "the deploy target" } }))).description, "the deploy target");

    // the jobs worker is off here: the run stays queued until it is canceled
    const run = await ok(org.api.POST("/api/v1/clusters/{clusterID}/actions/{actionID}/runs", { params: { path: { ...cluster, actionID: action.id } } }));
    assert.equal(run.status, "queued");
    const runPath = { params: { path: { ...cluster, runID: run.id } } };
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/clusters/{clusterID}/runs", { params: { path: cluster } }))).map((r) => r.id),
      [run.id],
    );
    assert.equal((await ok(org.api.GET("/api/v1/clusters/{clusterID}/runs/{runID}", runPath))).id, run.id);
    const runLog = await ok(org.api.GET("/api/v1/clusters/{clusterID}/runs/{runID}/logs", runPath));
    assert.deepEqual(typeof runLog === "string" ? runLog : runLog.items, []);
    assert.equal((await ok(org.api.POST("/api/v1/clusters/{clusterID}/runs/{runID}/cancel", runPath))).status, "canceled");
    await noContent(admin_.api.DELETE("/api/v1/admin/actions/{actionID}", actionPath));

    const server = { params: { path: { id: ids.bastion! } } };
    const serverLog = await ok(org.api.GET("/api/v1/servers/{id}/logs", server));
    assert.ok(typeof serverLog !== "string" && Array.isArray(serverLog.items));
    assert.equal((await ok(org.api.POST("/api/v1/servers/{id}/reset-hostkey", server))).ssh_host_key_fingerprint, "");
  });

  it("errors: plain text on [org] routes, {code, message} on /orgs, both with X-Error-Code", async () => {
    const text = await refusal(ok(org.api.GET("/api/v1/servers/{id}", { params: { path: { id: MISSING } } })));
    assert.deepEqual(
      { status: text.status, style: text.style, code: text.code, body: text.body, message: text.message },
      { status: 404, style: "text", code: "not_found", body: "server not found", message: "server not found" },
    );
    assert.match(text.requestId ?? "", /\S/);

    const invalid = await refusal(ok(org.api.POST("/api/v1/ssh", { body: { name: "x", type: "rsa", bits: 1024 as 2048 } })));
    assert.deepEqual({ status: invalid.status, style: invalid.style, body: invalid.body }, { status: 400, style: "text", body: "invalid bits" });

    const json = await refusal(ok(client.api.GET("/api/v1/orgs/{id}", { params: { path: { id: MISSING } } })));
    assert.deepEqual(
      { status: json.status, style: json.style, code: json.code, body: json.body, message: json.message },
      { status: 404, style: "json", code: "not_found", body: { code: "not_found", message: "organization not found" }, message: "organization not found" },
    );

    // attempt(): the error without a throw, its body typed with what the operation documents
    const server = await attempt(org.api.GET("/api/v1/servers/{id}", { params: { path: { id: MISSING } } }));
    assert.ok(server.error);
    const plain: string = server.error.body; // a plain-text route's errors are strings
    assert.deepEqual([plain, server.error.operation, server.error.routeStyle], ["server not found", "GET /api/v1/servers/{id}", "text"]);
    const organization = await attempt(client.api.GET("/api/v1/orgs/{id}", { params: { path: { id: MISSING } } }));
    assert.ok(organization.error);
    // @ts-expect-error a {code, message} route's error may be an object (or the plain text of a 431)
    const notPlain: string = organization.error.body;
    assert.deepEqual(notPlain, { code: "not_found", message: "organization not found" });
    assert.deepEqual([organization.error.operation, organization.error.routeStyle, organization.error.style], ["GET /api/v1/orgs/{id}", "json", "json"]);
    assert.deepEqual((await attempt(client.api.GET("/api/v1/orgs"))).data?.length, 1);

    const noOrg = await refusal(ok(client.api.GET("/api/v1/servers")));
    assert.deepEqual({ status: noOrg.status, style: noOrg.style, body: noOrg.body }, { status: 403, style: "text", body: "organization required" });

    const anonymous = new ClusterClient({ baseUrl: stack.baseUrl, fetch: checkedTransport(stack.baseUrl, log) });
    const unauthorized = await refusal(ok(anonymous.api.GET("/api/v1/me")));
    assert.deepEqual({ status: unauthorized.status, style: unauthorized.style, code: unauthorized.code }, { status: 401, style: "json", code: "unauthorized" });

    const nobody = new ClusterClient({ baseUrl: "http://127.0.0.1:9" });
    await assert.rejects(
      ok(nobody.api.GET("/api/v1/healthz")),
      (err: unknown) => err instanceof NetworkError && err.message.startsWith("no answer from http://127.0.0.1:9/api/v1/healthz"),
    );
  });

  it("a server that accepts the connection and goes silent, before its answer or in the middle of its body: NetworkError in time", async () => {
    const sockets = new Set<Socket>();
    // accepts, reads, never answers
    const silent = createNetServer((socket) => void sockets.add(socket));
    // answers the headers and half a body, then nothing
    const stalling = createHttpServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"status":');
    });
    stalling.on("connection", (socket: Socket) => void sockets.add(socket));
    await Promise.all([silent, stalling].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))));
    try {
      for (const server of [silent, stalling]) {
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const started = Date.now();
        await assert.rejects(ok(new ClusterClient({ baseUrl, timeoutMs: 300 }).api.GET("/api/v1/healthz")), (err: unknown) => {
          assert.ok(err instanceof NetworkError);
          assert.equal(err.message, `no answer from ${baseUrl}/api/v1/healthz: timed out after 0.3 s`);
          return true;
        });
        assert.ok(Date.now() - started < 5_000, "failed at the time limit, not the OS's");
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      await Promise.all([silent, stalling].map((s) => new Promise((r) => s.close(r))));
    }
  });

  it("401: one refresh (shared by concurrent calls) renews the pair, the calls go through, the new pair is handed over", async () => {
    const fresh = await signIn(stack.broker, user.email);
    const handed: TokenPair[] = [];
    const expired = new ClusterClient({
      baseUrl: stack.baseUrl,
      orgId,
      auth: { type: "bearer", accessToken: "not-a-valid-token", refreshToken: fresh.tokens.refresh_token, onRefresh: (pair) => void handed.push(pair) },
      fetch: checkedTransport(stack.baseUrl, log),
    });
    const before = log.length;
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => ok(expired.api.GET("/api/v1/servers"))));
    assert.ok(answers.every((servers) => servers.length === 2));
    const exchanges = log.slice(before);
    assert.equal(exchanges.filter((e) => e.path === "/api/v1/auth/refresh").length, 1, "one refresh for five 401s");
    assert.equal(exchanges.filter((e) => e.path === "/api/v1/servers" && e.status === 401).length, 5);
    assert.equal(exchanges.filter((e) => e.path === "/api/v1/servers" && e.status === 200).length, 5);
    assert.equal(handed.length, 1);
    assert.notEqual(handed[0]!.refresh_token, fresh.tokens.refresh_token, "the refresh token rotated");
    const auth = expired.auth;
    assert.ok(auth?.type === "bearer");
    assert.equal(auth.accessToken, handed[0]!.access_token);
    // the new token works without another refresh
    await ok(expired.api.GET("/api/v1/servers"));
    assert.equal(log.slice(before).filter((e) => e.path === "/api/v1/auth/refresh").length, 1);

    // a token known to expire within the margin is refreshed before it is sent: no 401 first
    const valid = await signIn(stack.broker, user.email);
    const renewed: TokenPair[] = [];
    const expiring = new ClusterClient({
      baseUrl: stack.baseUrl,
      orgId,
      auth: {
        type: "bearer",
        accessToken: valid.tokens.access_token,
        refreshToken: valid.tokens.refresh_token,
        expiresAt: new Date(Date.now() + EXPIRY_MARGIN_MS / 2),
        onRefresh: (pair) => void renewed.push(pair),
      },
      fetch: checkedTransport(stack.baseUrl, log),
    });
    const mark = log.length;
    await ok(expiring.api.GET("/api/v1/servers"));
    await ok(expiring.api.GET("/api/v1/servers"));
    assert.deepEqual(
      log.slice(mark).map((e) => `${e.path} ${e.status}`),
      ["/api/v1/auth/refresh 200", "/api/v1/servers 200", "/api/v1/servers 200"],
      "one refresh, before the first request; the new pair is good for an hour",
    );
    assert.equal(renewed.length, 1);

    // a refresh token the server refuses: the call fails with its own 401
    const dead = new ClusterClient({
      baseUrl: stack.baseUrl,
      auth: { type: "bearer", accessToken: "not-a-valid-token", refreshToken: "not-a-refresh-token" },
      fetch: checkedTransport(stack.baseUrl, log),
    });
    const refused = await refusal(ok(dead.api.GET("/api/v1/me")));
    assert.deepEqual({ status: refused.status, code: refused.code }, { status: 401, code: "unauthorized" });
  });

  it("user API keys and org keys authenticate the same client", async () => {
    const userKey = await ok(client.api.POST("/api/v1/me/api-keys", { body: { name: `cli-${tag}` } }));
    assert.match(userKey.plain ?? "", /^u_/);
    const byUserKey = new ClusterClient({ baseUrl: stack.baseUrl, orgId, auth: { type: "userKey", key: userKey.plain! }, fetch: checkedTransport(stack.baseUrl, log) });
    assert.equal((await ok(byUserKey.api.GET("/api/v1/servers"))).length, 2);
    assert.equal((await ok(byUserKey.api.GET("/api/v1/me"))).id, user.user_id);

    const orgKey = await ok(client.api.POST("/api/v1/orgs/{id}/api-keys", { params: { path: { id: orgId } }, body: { name: `ci-${tag}` } }));
    const byOrgKey = new ClusterClient({
      baseUrl: stack.baseUrl,
      auth: { type: "orgKey", key: orgKey.org_key, secret: orgKey.org_secret },
      fetch: checkedTransport(stack.baseUrl, log),
    });
    assert.deepEqual(
      (await ok(byOrgKey.api.GET("/api/v1/clusters"))).map((c) => c.id),
      [ids.cluster],
    );
    assert.deepEqual(
      (await ok(client.api.GET("/api/v1/orgs/{id}/api-keys", { params: { path: { id: orgId } } }))).map((k) => k.id),
      [orgKey.id],
    );
  });

  it("admin jobs: enqueue, list (filters, every page), cancel, retry, queues", async () => {
    const jobs = clientFor(stack.baseUrl, admin, { log });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const enqueued: Job[] = [];
    for (let i = 0; i < 3; i++) {
      enqueued.push(await ok(jobs.api.POST("/api/v1/admin/worker/jobs", { body: { type: "jobs.noop", queue: "default", payload: { tag, i }, run_at: later } })));
    }
    assert.ok(enqueued.every((j) => j.status === "scheduled"));

    const page = await ok(jobs.api.GET("/api/v1/admin/worker/jobs", { params: { query: { q: tag, status: "scheduled", page_size: 2 } } }));
    // @ts-expect-error "done" is not a job status
    const done = await refusal(ok(jobs.api.GET("/api/v1/admin/worker/jobs", { params: { query: { status: "done" } } })));
    assert.deepEqual([done.status, done.body], [400, "invalid status"]);
    assert.deepEqual({ page: page.page, page_size: page.page_size, total: page.total, items: page.items.length }, { page: 1, page_size: 2, total: 3, items: 2 });
    let pages = 0;
    const all = await collect(
      paginateByPage((n) => {
        pages++;
        return jobs.api.GET("/api/v1/admin/worker/jobs", { params: { query: { q: tag, page: n, page_size: 1 } } });
      }),
    );
    assert.equal(pages, 3);
    assert.deepEqual(all.map((j) => j.id).sort(), enqueued.map((j) => j.id).sort());

    const canceled = await ok(jobs.api.POST("/api/v1/admin/worker/jobs/{id}/cancel", { params: { path: { id: enqueued[0]!.id } }, body: {} }));
    assert.equal(canceled.status, "canceled");
    const again = await refusal(ok(jobs.api.POST("/api/v1/admin/worker/jobs/{id}/cancel", { params: { path: { id: canceled.id } }, body: {} })));
    assert.deepEqual({ status: again.status, style: again.style, body: again.body }, { status: 400, style: "text", body: "job not cancellable" });
    const retried = await ok(jobs.api.POST("/api/v1/admin/worker/jobs/{id}/retry", { params: { path: { id: canceled.id } }, body: {} }));
    assert.deepEqual({ status: retried.status, attempts: retried.attempts }, { status: "queued", attempts: 0 });
    const one = await ok(jobs.api.GET("/api/v1/admin/worker/jobs/{id}", { params: { path: { id: canceled.id } } }));
    assert.deepEqual(
      { status: one.status, finished_at: one.finished_at, history: one.history.map((h) => [h.run, h.kind]) },
      {
        status: "queued",
        finished_at: null,
        history: [
          [1, "cancel"],
          [2, "retry"],
        ],
      },
    );

    const queues = await ok(jobs.api.GET("/api/v1/admin/worker/queues"));
    assert.ok(queues.some((q) => q.name === "default" && q.scheduled >= 2 && q.pending >= 1));

    const forbidden = await refusal(ok(client.api.GET("/api/v1/admin/worker/jobs")));
    assert.deepEqual({ status: forbidden.status, style: forbidden.style, body: forbidden.body }, { status: 403, style: "text", body: "forbidden" });
  });

  it("the rest of the document: health, keys, me, members, org keys, annotations, taints, pool children, detaches, logout, deletes", async () => {
    const anonymous = new ClusterClient({ baseUrl: stack.baseUrl, fetch: checkedTransport(stack.baseUrl, log) });
    assert.deepEqual(await ok(anonymous.api.GET("/api/v1/healthz")), { status: "ok" });
    assert.equal(typeof (await ok(anonymous.api.GET("/api/v1/version"))).version, "string");
    const jwks = await ok(anonymous.api.GET("/api/v1/.well-known/jwks.json"));
    assert.ok(jwks.keys.length > 0);
    assert.deepEqual(await ok(anonymous.api.GET("/.well-known/jwks.json")), jwks);
    // the document describes itself as any JSON: the client reads it as unknown
    const served = (await ok(anonymous.api.GET("/api/v1/openapi.json"))) as { openapi: string };
    assert.equal(served.openapi, "3.1.0");

    assert.equal((await ok(client.api.PATCH("/api/v1/me", { body: { display_name: `Client ${tag}` } }))).display_name, `Client ${tag}`);
    const keys = await ok(client.api.GET("/api/v1/me/api-keys"));
    assert.equal(keys.length, 1);
    assert.equal("plain" in keys[0]!, false);
    await noContent(client.api.DELETE("/api/v1/me/api-keys/{id}", { params: { path: { id: keys[0]!.id } } }));

    const other = await signIn(stack.broker);
    const members = { params: { path: { id: orgId } } };
    assert.deepEqual(await ok(client.api.POST("/api/v1/orgs/{id}/members", { ...members, body: { user_id: other.user_id, role: "member" } })), {
      user_id: other.user_id,
      email: other.email,
      role: "member",
    });
    await noContent(client.api.DELETE("/api/v1/orgs/{id}/members/{user_id}", { params: { path: { id: orgId, user_id: other.user_id } } }));
    const [orgKey] = await ok(client.api.GET("/api/v1/orgs/{id}/api-keys", members));
    await noContent(client.api.DELETE("/api/v1/orgs/{id}/api-keys/{key_id}", { params: { path: { id: orgId, key_id: orgKey!.id } } }));

    const annotation = { params: { path: { id: ids.annotation! } } };
    assert.equal((await ok(org.api.PATCH("/api/v1/annotations/{id}", { ...annotation, body: { value: "team-b" } }))).value, "team-b");
    assert.equal((await ok(org.api.GET("/api/v1/annotations/{id}", annotation))).value, "team-b");
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/annotations"))).map((a) => a.id),
      [ids.annotation],
    );
    const taint = { params: { path: { id: ids.taint! } } };
    assert.equal((await ok(org.api.PATCH("/api/v1/taints/{id}", { ...taint, body: { effect: "NoExecute" } }))).effect, "NoExecute");
    assert.equal((await ok(org.api.GET("/api/v1/taints/{id}", taint))).effect, "NoExecute");

    const pool = { params: { path: { id: ids.nodePool! } } };
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/node-pools/{id}/labels", pool))).map((l) => l.id),
      [ids.label],
    );
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/node-pools/{id}/annotations", pool))).map((a) => a.id),
      [ids.annotation],
    );
    assert.deepEqual(
      (await ok(org.api.GET("/api/v1/node-pools/{id}/taints", pool))).map((t) => t.effect),
      ["NoExecute"],
    );
    const child = (childId: string) => ({ params: { path: { id: ids.nodePool!, childId } } });
    await noContent(org.api.DELETE("/api/v1/node-pools/{id}/labels/{childId}", child(ids.label!)));
    await noContent(org.api.DELETE("/api/v1/node-pools/{id}/annotations/{childId}", child(ids.annotation!)));
    await noContent(org.api.DELETE("/api/v1/node-pools/{id}/servers/{childId}", child(ids.server!)));
    await noContent(org.api.DELETE("/api/v1/node-pools/{id}/taints/{childId}", child(ids.taint!)));
    await noContent(org.api.DELETE("/api/v1/annotations/{id}", annotation));
    await noContent(org.api.DELETE("/api/v1/taints/{id}", taint));

    const cluster = { params: { path: { clusterID: ids.cluster! } } };
    await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/apps-load-balancer", cluster));
    await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/platform-load-balancer", cluster));
    await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/captain-domain", cluster));
    const bare = await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/control-plane-record-set", cluster));
    assert.deepEqual([bare.apps_load_balancer, bare.glueops_load_balancer, bare.captain_domain, bare.control_plane_record_set], [null, null, null, null]);

    const key = await ok(org.api.POST("/api/v1/ssh", { body: { name: `spare-${tag}`, type: "ed25519" } }));
    await noContent(org.api.DELETE("/api/v1/ssh/{id}", { params: { path: { id: key.id } } }));

    const session = await signIn(stack.broker, user.email);
    await noContent(anonymous.api.POST("/api/v1/auth/logout", { body: { refresh_token: session.tokens.refresh_token } }));
    const revoked = await refusal(ok(anonymous.api.POST("/api/v1/auth/refresh", { body: { refresh_token: session.tokens.refresh_token } })));
    assert.deepEqual({ status: revoked.status, style: revoked.style }, { status: 401, style: "json" });
  });

  it("events: the audit log, webhooks, the live stream; admin: queue pause and resume, an organization's view", async () => {
    const stream = await org.api.GET("/api/v1/events", { params: { query: { types: "label.*" } }, parseAs: "stream" });
    assert.equal(stream.response.status, 200);
    const reader = (stream.data as ReadableStream<Uint8Array>).getReader();
    const label = await ok(org.api.POST("/api/v1/labels", { body: { key: `ev-${tag}`, value: "1" } }));
    let text = "";
    while (!text.includes(label.id)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    assert.match(text, /event: label\.created/);

    const audit = await ok(org.api.GET("/api/v1/audit-events", { params: { query: { resource_id: label.id } } }));
    assert.deepEqual(
      audit.map((e) => e.type),
      ["label.created"],
    );
    const hook = await ok(org.api.POST("/api/v1/webhooks", { body: { url: "https://hooks.example.com/in", events: ["label.*"], description: "journey" } }));
    assert.match(hook.secret, /^whsec_/);
    assert.equal((await ok(org.api.GET("/api/v1/webhooks/{id}", { params: { path: { id: hook.id } } }))).url, "https://hooks.example.com/in");
    assert.equal((await ok(org.api.PATCH("/api/v1/webhooks/{id}", { params: { path: { id: hook.id } }, body: { active: false } }))).active, false);
    assert.equal((await ok(org.api.GET("/api/v1/webhooks"))).length, 1);
    assert.match((await ok(org.api.POST("/api/v1/webhooks/{id}/rotate-secret", { params: { path: { id: hook.id } }, body: {} }))).secret, /^whsec_/);
    const ping = await ok(org.api.POST("/api/v1/webhooks/{id}/test", { params: { path: { id: hook.id } }, body: {} }));
    assert.equal(ping.event_type, "webhook.ping");
    const deliveries = await ok(org.api.GET("/api/v1/webhooks/{id}/deliveries", { params: { path: { id: hook.id } } }));
    assert.deepEqual(
      deliveries.map((d) => d.id),
      [ping.id],
    );
    await noContent(org.api.DELETE("/api/v1/webhooks/{id}", { params: { path: { id: hook.id } } }));

    const admin_ = clientFor(stack.baseUrl, admin, { log });
    assert.equal((await ok(admin_.api.POST("/api/v1/admin/worker/queues/{name}/pause", { params: { path: { name: "default" } }, body: {} }))).paused, true);
    assert.equal((await ok(admin_.api.POST("/api/v1/admin/worker/queues/{name}/resume", { params: { path: { name: "default" } }, body: {} }))).paused, false);
    const view = await ok(admin_.api.GET("/api/v1/admin/organizations/{id}", { params: { path: { id: orgId } } }));
    assert.equal(view.id, orgId);
    // the administrators' directory: find the organization and its owner, make them an administrator and back
    const found = await ok(admin_.api.GET("/api/v1/admin/organizations", { params: { query: { q: view.name } } }));
    assert.ok(found.some((o) => o.id === orgId));
    const users = await ok(admin_.api.GET("/api/v1/admin/users", { params: { query: { q: user.email } } }));
    assert.deepEqual(
      users.map((u) => u.id),
      [user.user_id],
    );
    const one = await admin_.api.GET("/api/v1/admin/users/{id}", { params: { path: { id: user.user_id } } });
    assert.equal((await ok(one)).is_admin, false);
    const made = await ok(
      admin_.api.PATCH("/api/v1/admin/users/{id}", { params: { path: { id: user.user_id }, header: { "If-Match": entityTagOf(one)! } }, body: { is_admin: true } }),
    );
    assert.equal(made.is_admin, true);
    assert.equal((await ok(admin_.api.PATCH("/api/v1/admin/users/{id}", { params: { path: { id: user.user_id } }, body: { is_admin: false } }))).is_admin, false);
    // the job views: periodic jobs, the last hour, bulk changes (nothing matches this queue: 0 changed)
    assert.ok((await ok(admin_.api.GET("/api/v1/admin/worker/periodic"))).some((p) => p.type === "jobs.cleanupFinished"));
    assert.equal((await ok(admin_.api.GET("/api/v1/admin/worker/stats"))).minutes.length, 60);
    const none = { queue: `none-${tag}`, max: 10 };
    assert.deepEqual(await ok(admin_.api.POST("/api/v1/admin/worker/jobs/bulk-retry", { body: none })), { changed: 0, ids: [], more: false });
    assert.deepEqual(await ok(admin_.api.POST("/api/v1/admin/worker/jobs/bulk-cancel", { body: none })), { changed: 0, ids: [], more: false });
    const events = await ok(admin_.api.GET("/api/v1/admin/organizations/{id}/audit-events", { params: { path: { id: orgId }, query: { resource_id: label.id } } }));
    assert.deepEqual(
      events.map((e) => [e.type, "data" in e]),
      [["label.created", false]],
    );
  });

  it("entity tags through the client: If-None-Match (304 as `changed: false`), If-Match, and a 412 naming the current tag", async () => {
    const path = { id: ids.label! };
    const got = await org.api.GET("/api/v1/labels/{id}", { params: { path } });
    const tag = entityTagOf(got);
    assert.ok(tag);
    assert.deepEqual(await ifChanged(org.api.GET("/api/v1/labels/{id}", { params: { path, header: { "If-None-Match": tag } } })), { changed: false });
    const patched = await org.api.PATCH("/api/v1/labels/{id}", { params: { path, header: { "If-Match": tag } }, body: { value: "tagged" } });
    assert.equal((await ok(patched)).value, "tagged");
    const stale = await refusal(ok(org.api.PATCH("/api/v1/labels/{id}", { params: { path, header: { "If-Match": tag } }, body: { value: "lost" } })));
    assert.equal(stale.status, 412);
    assert.equal(stale.code, "precondition_failed");
    assert.equal(stale.etag, entityTagOf(patched));
    const fresh = await ifChanged(org.api.GET("/api/v1/labels/{id}", { params: { path, header: { "If-None-Match": tag } } }));
    assert.ok(fresh.changed);
    assert.equal(fresh.data.value, "tagged");
    assert.equal(fresh.etag, entityTagOf(patched));
  });

  it("deletes through the client (204 decodes as undefined)", async () => {
    const path = { params: { path: { clusterID: ids.cluster! } } };
    await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/node-pools/{nodePoolID}", { params: { path: { clusterID: ids.cluster!, nodePoolID: ids.nodePool! } } }));
    await ok(org.api.DELETE("/api/v1/clusters/{clusterID}/kubeconfig", path));
    await noContent(org.api.DELETE("/api/v1/clusters/{clusterID}", path));
    await ok(org.api.DELETE("/api/v1/node-pools/{id}", { params: { path: { id: ids.nodePool! } } }));
    await ok(org.api.DELETE("/api/v1/load-balancers/{id}", { params: { path: { id: ids.appsLb! } } }));
    await ok(org.api.DELETE("/api/v1/dns/domains/{id}", { params: { path: { id: ids.domain! } } }));
    await ok(org.api.DELETE("/api/v1/credentials/{id}", { params: { path: { id: ids.credential! } } }));
    await ok(org.api.DELETE("/api/v1/servers/{id}", { params: { path: { id: ids.server! } } }));
    await ok(org.api.DELETE("/api/v1/labels/{id}", { params: { path: { id: ids.label! } } }));
    const gone = await refusal(ok(org.api.GET("/api/v1/clusters/{clusterID}", path)));
    assert.deepEqual({ status: gone.status, body: gone.body }, { status: 404, body: "cluster not found" });
    await noContent(client.api.DELETE("/api/v1/orgs/{id}", { params: { path: { id: orgId } } }));
    assert.deepEqual(await ok(client.api.GET("/api/v1/orgs")), []);
  });

  it("social login through the client (as clusterctl login --provider does): start, the provider, the callback's token pair", async () => {
    const anonymous = new ClusterClient({ baseUrl: stack.baseUrl, fetch: checkedTransport(stack.baseUrl, log) });
    const email = `octo-${tag}@example.com`;
    github.signInAs({ id: 4242, login: `octo-${tag}`, name: "Octo Cat", emails: [{ email, primary: true, verified: true }] });

    const { auth_url } = await ok(anonymous.api.POST("/api/v1/auth/{provider}/start", { params: { path: { provider: "github" } }, body: {} }));
    const callbackUrl = `${CALLBACK_BASE}/api/v1/auth/github/callback`;
    assert.equal(new URL(auth_url).searchParams.get("redirect_uri"), callbackUrl);
    // the browser: the provider approves and sends it back to our callback with code and state
    const back = await followToCallback(auth_url, callbackUrl);
    const code = back.searchParams.get("code") ?? "";
    const state = back.searchParams.get("state") ?? "";
    const pair: TokenPair = await ok(anonymous.api.GET("/api/v1/auth/{provider}/callback", { params: { path: { provider: "github" }, query: { code, state } } }));
    assert.equal(pair.token_type, "Bearer");

    const signedIn = new ClusterClient({ baseUrl: stack.baseUrl, auth: { type: "bearer", accessToken: pair.access_token }, fetch: checkedTransport(stack.baseUrl, log) });
    const me = await ok(signedIn.api.GET("/api/v1/me"));
    assert.deepEqual([me.primary_email, me.display_name], [email, "Octo Cat"]);
  });

  it("the documentation page and its assets (text and bytes, not JSON)", async () => {
    const anonymous = new ClusterClient({ baseUrl: stack.baseUrl, fetch: checkedTransport(stack.baseUrl, log) });
    const page = await anonymous.api.GET("/api/v1/docs", { parseAs: "text" });
    assert.equal(page.response.headers.get("content-type"), "text/html; charset=utf-8");
    assert.match(await ok(page), /<div id="swagger-ui"><\/div>/);
    const css = await ok(anonymous.api.GET("/api/v1/docs/{file}", { params: { path: { file: "swagger-ui.css" } }, parseAs: "arrayBuffer" }));
    assert.ok(css.byteLength > 1000);
  });

  it("went through every operation of the document with a success answer, each checked against the document", async () => {
    const doc = (await (await fetch(`${stack.baseUrl}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ op: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path })),
    );
    const missed = operations
      .filter(({ method, path }) => {
        const re = new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);
        return !log.some((e) => e.method === method && re.test(e.path) && e.status >= 200 && e.status < 300);
      })
      .map(({ op }) => op);
    assert.deepEqual(missed, [], "documented operations the journey never got a success answer from");
    assert.ok(operations.length > 100);
    assert.ok(log.some((e) => e.status >= 400) && log.some((e) => e.status === 204), "errors and empty answers were checked too");
  });
});
