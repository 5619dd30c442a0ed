import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Context } from "moleculer";
import mongoose, { type Connection } from "mongoose";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import type { HttpClient } from "../helpers/http.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";

const TEXT = "text/plain; charset=utf-8";
const MISSING = "0193a000-0000-7000-8000-00000000dead";

type Obj = Record<string, any>;

function assertTextError(res: { status: number; contentType: string; text: string }, status: number, message: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, message);
}

async function ok<T = Obj>(p: Promise<{ status: number; text: string; json: T }>, status = 200): Promise<T> {
  const res = await p;
  assert.equal(res.status, status, res.text);
  return res.json;
}

interface Fixtures {
  bastion: Obj;
  worker: Obj;
  pool: Obj;
  emptyPool: Obj;
  appsLb: Obj;
  platformLb: Obj;
  domain: Obj;
  recordSet: Obj;
}

const POWERDNS_CREDENTIAL = powerdnsCredentialBody("pdns-token", "http://127.0.0.1:9");

let seq = 0;
/** One DNS credential per organization (a second one with the same scope is a 409). */
const credentials = new Map<HttpClient, string>();

/** Real objects created through the other services' HTTP APIs. */
async function fixtures(c: HttpClient): Promise<Fixtures> {
  const n = ++seq;
  const key = await ok(c.post("/api/v1/ssh", { name: `key-${n}`, type: "ed25519" }), 201);
  const server = (role: string, i: number) => ({
    hostname: `${role}-${n}-${i}`,
    private_ip_address: `10.0.${n}.${i}`,
    public_ip_address: `203.0.113.${i}`,
    role,
    ssh_key_id: key.id,
    ssh_user: "root",
    status: "ready",
  });
  const bastion = await ok(c.post("/api/v1/servers", server("bastion", 1)), 201);
  const worker = await ok(c.post("/api/v1/servers", server("worker", 2)), 201);
  const pool = await ok(c.post("/api/v1/node-pools", { name: `workers-${n}`, role: "worker" }), 201);
  await ok(c.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: [worker.id] }), 204);
  const label = await ok(c.post("/api/v1/labels", { key: "tier", value: `web-${n}` }), 201);
  await ok(c.post(`/api/v1/node-pools/${pool.id}/labels`, { label_ids: [label.id] }), 204);
  const emptyPool = await ok(c.post("/api/v1/node-pools", { name: `empty-${n}`, role: "master" }), 201);
  const appsLb = await ok(c.post("/api/v1/load-balancers", { name: `apps-${n}`, kind: "public", private_ip_address: "10.1.0.1", public_ip_address: "198.51.100.1" }), 201);
  const platformLb = await ok(
    c.post("/api/v1/load-balancers", { name: `platform-${n}`, kind: "platform", private_ip_address: "10.1.0.2", public_ip_address: "198.51.100.2" }),
    201,
  );
  const credentialId = credentials.get(c) ?? (await ok(c.post("/api/v1/credentials", POWERDNS_CREDENTIAL), 201)).id;
  credentials.set(c, credentialId);
  const created = await ok(c.post("/api/v1/dns/domains", { credential_id: credentialId, domain_name: `captain-${n}.example.com`, zone_id: `zone-${n}` }), 201);
  const domain = await ok(c.patch(`/api/v1/dns/domains/${created.id}`, { status: "ready" }));
  const recordSet = await ok(c.post(`/api/v1/dns/domains/${domain.id}/records`, { name: "api", type: "A", ttl: 300, values: ["203.0.113.50"] }), 201);
  return {
    bastion,
    worker,
    pool: await ok(c.get(`/api/v1/node-pools/${pool.id}`)),
    emptyPool,
    appsLb,
    platformLb,
    domain: await ok(c.get(`/api/v1/dns/domains/${domain.id}`)),
    recordSet,
  };
}

/** Attaches everything of `f` to the cluster; returns the last response. */
async function attachAll(c: HttpClient, clusterId: string, f: Fixtures): Promise<Obj> {
  const base = `/api/v1/clusters/${clusterId}`;
  await ok(c.post(`${base}/apps-load-balancer`, { load_balancer_id: f.appsLb.id }));
  await ok(c.post(`${base}/platform-load-balancer`, { load_balancer_id: f.platformLb.id }));
  await ok(c.post(`${base}/bastion`, { server_id: f.bastion.id }));
  await ok(c.post(`${base}/captain-domain`, { domain_id: f.domain.id }));
  await ok(c.post(`${base}/control-plane-record-set`, { record_set_id: f.recordSet.id }));
  return ok(c.post(`${base}/node-pools`, { node_pool_id: f.pool.id }));
}

describe("clusters: attach/detach, nested view, tenant isolation, concurrency, references", () => {
  let stack: Stack;
  let alice: SignedIn;
  let bob: SignedIn;
  let orgA: string;
  let orgB: string;
  let a: HttpClient;
  let b: HttpClient;
  let fa: Fixtures;
  let fb: Fixtures;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters"] });
    alice = await signIn(stack.broker);
    bob = await signIn(stack.broker);
    orgA = (await stack.http.post("/api/v1/orgs", { name: "Alice Org" }, { headers: alice.bearer })).json.id;
    orgB = (await stack.http.post("/api/v1/orgs", { name: "Bob Org" }, { headers: bob.bearer })).json.id;
    a = stack.http.with(orgHeaders(alice, orgA));
    b = stack.http.with(orgHeaders(bob, orgB));
    fa = await fixtures(a);
    fb = await fixtures(b);
  });
  afterAll(() => stack.stop());

  const newCluster = async (c: HttpClient, name: string): Promise<Obj> => ok(c.post("/api/v1/clusters", { name }), 201);
  const validate = (orgId: string, clusterId: string) => stack.broker.call("clusters.validate", { organization_id: orgId, cluster_id: clusterId });

  it("attaching each slot returns 200 Cluster with the owning service's full object nested; GET shows them all", async () => {
    const cl = await newCluster(a, "nested");
    const base = `/api/v1/clusters/${cl.id}`;

    let res = await ok(a.post(`${base}/apps-load-balancer`, { load_balancer_id: fa.appsLb.id }));
    assert.deepEqual(res.apps_load_balancer, fa.appsLb);
    assert.equal(res.glueops_load_balancer, null);
    assert.equal(res.status, "pre_pending");

    res = await ok(a.post(`${base}/platform-load-balancer`, { load_balancer_id: fa.platformLb.id.toUpperCase() }));
    assert.deepEqual(res.glueops_load_balancer, fa.platformLb);
    assert.deepEqual(res.apps_load_balancer, fa.appsLb);

    res = await ok(a.post(`${base}/bastion`, { server_id: fa.bastion.id }));
    assert.deepEqual(res.bastion_server, fa.bastion);

    res = await ok(a.post(`${base}/captain-domain`, { domain_id: fa.domain.id }));
    assert.deepEqual(res.captain_domain, fa.domain);

    assert.equal(res.control_plane_fqdn, "");
    res = await ok(a.post(`${base}/control-plane-record-set`, { record_set_id: fa.recordSet.id }));
    assert.deepEqual(res.control_plane_record_set, fa.recordSet);
    assert.equal(res.control_plane_fqdn, `api.${fa.domain.domain_name}`);

    res = await ok(a.post(`${base}/node-pools`, { node_pool_id: fa.pool.id }));
    assert.deepEqual(res.node_pools, [fa.pool]);
    assert.equal(res.node_pools[0].servers[0].id, fa.worker.id);
    assert.equal(res.node_pools[0].labels.length, 1);
    assert.deepEqual(res.node_pools[0].taints, []);
    assert.deepEqual(res.node_pools[0].annotations, []);
    // attaching the same node pool again changes nothing
    res = await ok(a.post(`${base}/node-pools`, { node_pool_id: fa.pool.id }));
    assert.equal(res.node_pools.length, 1);
    res = await ok(a.post(`${base}/node-pools`, { node_pool_id: fa.emptyPool.id }));
    assert.deepEqual(
      res.node_pools.map((p: Obj) => p.id),
      [fa.emptyPool.id, fa.pool.id],
    );

    const got = await ok(a.get(base));
    assert.deepEqual(got, res);
    assert.deepEqual(got.apps_load_balancer, fa.appsLb);
    assert.deepEqual(got.glueops_load_balancer, fa.platformLb);
    assert.deepEqual(got.bastion_server, fa.bastion);
    assert.deepEqual(got.captain_domain, fa.domain);
    assert.deepEqual(got.control_plane_record_set, fa.recordSet);
    const listed = (await ok<Obj[]>(a.get("/api/v1/clusters"))).find((x) => x.id === cl.id);
    assert.deepEqual(listed, got);

    // a nested object reflects its current state in the owning service
    const renamed = await ok(a.patch(`/api/v1/load-balancers/${fa.appsLb.id}`, { name: "apps-renamed" }));
    assert.deepEqual((await ok(a.get(base))).apps_load_balancer, renamed);
    fa.appsLb = renamed;
  });

  it("control_plane_fqdn is the control-plane record set's name within its own domain (not the captain domain's), the domain for the apex, \"\" once detached", async () => {
    const cl = await newCluster(a, "fqdn");
    const base = `/api/v1/clusters/${cl.id}`;
    const credentialId = credentials.get(a)!;
    const other = await ok(a.post("/api/v1/dns/domains", { credential_id: credentialId, domain_name: `Other-${++seq}.Example.NET`, zone_id: "z" }), 201);
    const apex = await ok(a.post(`/api/v1/dns/domains/${other.id}/records`, { name: "@", type: "A", ttl: 60, values: ["203.0.113.9"] }), 201);
    const deep = await ok(a.post(`/api/v1/dns/domains/${other.id}/records`, { name: `k8s.eu.${other.domain_name}`, type: "A", ttl: 60, values: ["203.0.113.9"] }), 201);
    await ok(a.post(`${base}/captain-domain`, { domain_id: fa.domain.id }));

    let res = await ok(a.post(`${base}/control-plane-record-set`, { record_set_id: deep.id }));
    assert.equal(res.control_plane_fqdn, `k8s.eu.${other.domain_name}`);
    assert.match(res.control_plane_fqdn, /^k8s\.eu\.other-\d+\.example\.net$/);
    res = await ok(a.post(`${base}/control-plane-record-set`, { record_set_id: apex.id }));
    assert.equal(res.control_plane_fqdn, other.domain_name);
    const listed = (await ok<Obj[]>(a.get("/api/v1/clusters"))).find((x) => x.id === cl.id);
    assert.equal(listed?.control_plane_fqdn, other.domain_name);
    res = await ok(a.delete(`${base}/control-plane-record-set`));
    assert.equal(res.control_plane_fqdn, "");
  });

  it("attaching replaces the slot; detaching clears it (200 Cluster), also when already empty", async () => {
    const cl = await newCluster(a, "replace");
    const base = `/api/v1/clusters/${cl.id}`;
    await ok(a.post(`${base}/apps-load-balancer`, { load_balancer_id: fa.appsLb.id }));
    let res = await ok(a.post(`${base}/apps-load-balancer`, { load_balancer_id: fa.platformLb.id }));
    assert.deepEqual(res.apps_load_balancer, fa.platformLb);
    await attachAll(a, cl.id, fa);
    for (const [path, field] of [
      ["apps-load-balancer", "apps_load_balancer"],
      ["platform-load-balancer", "glueops_load_balancer"],
      ["bastion", "bastion_server"],
      ["captain-domain", "captain_domain"],
      ["control-plane-record-set", "control_plane_record_set"],
    ] as const) {
      res = await ok(a.delete(`${base}/${path}`));
      assert.equal(res[field], null, field);
      assert.equal(res.status, "pre_pending");
      res = await ok(a.delete(`${base}/${path}`));
      assert.equal(res[field], null, field);
    }
    assert.equal(res.node_pools.length, 1);
    res = await ok(a.delete(`${base}/node-pools/${fa.pool.id}`));
    assert.deepEqual(res.node_pools, []);
    assertTextError(await a.delete(`${base}/node-pools/${fa.pool.id}`), 404, "node pool not found");
  });

  it("attach errors: 400 for bad bodies and ids, 404 naming the missing cluster or target", async () => {
    const cl = await newCluster(a, "errors");
    const base = `/api/v1/clusters/${cl.id}`;
    const cases: [string, string, string][] = [
      ["apps-load-balancer", "load_balancer_id", "load balancer"],
      ["platform-load-balancer", "load_balancer_id", "load balancer"],
      ["bastion", "server_id", "server"],
      ["captain-domain", "domain_id", "domain"],
      ["control-plane-record-set", "record_set_id", "record set"],
      ["node-pools", "node_pool_id", "node pool"],
    ];
    for (const [path, field, kind] of cases) {
      assertTextError(await a.post(`${base}/${path}`, {}), 400, `missing fields: ${field}`);
      assertTextError(await a.post(`${base}/${path}`, { [field]: "not-a-uuid" }), 400, `invalid ${field}`);
      assertTextError(await a.post(`${base}/${path}`, { [field]: { $ne: null } }), 400, `invalid ${field}`);
      assertTextError(await a.post(`${base}/${path}`, [field]), 400, "invalid json");
      assertTextError(await a.post(`${base}/${path}`, { [field]: MISSING }), 404, `${kind} not found`);
      assertTextError(await a.post(`/api/v1/clusters/${MISSING}/${path}`, { [field]: MISSING }), 404, "cluster not found");
      assertTextError(await a.post(`/api/v1/clusters/nope/${path}`, { [field]: MISSING }), 400, "invalid id");
      if (path !== "node-pools") {
        assertTextError(await a.delete(`/api/v1/clusters/${MISSING}/${path}`), 404, "cluster not found");
        assertTextError(await a.delete(`/api/v1/clusters/nope/${path}`), 400, "invalid id");
      }
    }
    assertTextError(await a.delete(`/api/v1/clusters/${MISSING}/node-pools/${fa.pool.id}`), 404, "cluster not found");
    assertTextError(await a.delete(`${base}/node-pools/nope`), 400, "invalid id");
    assertTextError(await a.delete(`/api/v1/clusters/nope/node-pools/${fa.pool.id}`), 400, "invalid id");
    // nothing was attached by the failed requests
    const got = await ok(a.get(base));
    for (const f of ["apps_load_balancer", "glueops_load_balancer", "bastion_server", "captain_domain", "control_plane_record_set"]) assert.equal(got[f], null);
    assert.deepEqual(got.node_pools, []);
  });

  it("another organization's resources cannot be attached (404 like a missing one), nor its clusters touched", async () => {
    const cl = await newCluster(a, "isolated");
    const base = `/api/v1/clusters/${cl.id}`;
    assertTextError(await a.post(`${base}/apps-load-balancer`, { load_balancer_id: fb.appsLb.id }), 404, "load balancer not found");
    assertTextError(await a.post(`${base}/platform-load-balancer`, { load_balancer_id: fb.platformLb.id }), 404, "load balancer not found");
    assertTextError(await a.post(`${base}/bastion`, { server_id: fb.bastion.id }), 404, "server not found");
    assertTextError(await a.post(`${base}/captain-domain`, { domain_id: fb.domain.id }), 404, "domain not found");
    assertTextError(await a.post(`${base}/control-plane-record-set`, { record_set_id: fb.recordSet.id }), 404, "record set not found");
    assertTextError(await a.post(`${base}/node-pools`, { node_pool_id: fb.pool.id }), 404, "node pool not found");
    // bob cannot attach his own resources to alice's cluster, nor detach from it
    assertTextError(await b.post(`${base}/apps-load-balancer`, { load_balancer_id: fb.appsLb.id }), 404, "cluster not found");
    assertTextError(await b.post(`${base}/node-pools`, { node_pool_id: fb.pool.id }), 404, "cluster not found");
    await attachAll(a, cl.id, fa);
    assertTextError(await b.delete(`${base}/bastion`), 404, "cluster not found");
    assertTextError(await b.delete(`${base}/node-pools/${fa.pool.id}`), 404, "cluster not found");
    assertTextError(await b.get(base), 404, "cluster not found");
    const got = await ok(a.get(base));
    assert.deepEqual(got.bastion_server, fa.bastion);
    assert.equal(got.node_pools.length, 1);
    assert.ok(!(await ok<Obj[]>(b.get("/api/v1/clusters"))).some((x) => x.id === cl.id));
    // bob's view of his own resources is untouched
    assert.deepEqual(await stack.broker.call("clusters.referencesTo", { organization_id: orgB, kind: "load_balancer", id: fb.appsLb.id }), { clusters: [] });
  });

  it("a page of clusters is resolved with one batched call per kind, whatever the number of clusters", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const cl = await newCluster(b, `batch-${i}`);
      await attachAll(b, cl.id, fb);
      ids.push(cl.id);
    }
    const counts = new Map<string, number>();
    const restore: (() => void)[] = [];
    for (const name of ["inventory.getServers", "inventory.getLoadBalancers", "inventory.getNodePools", "dns.getDomains", "dns.getRecordSets"]) {
      const endpoints = stack.broker.registry.getActionEndpoints(name) as unknown as { localEndpoints: { action: { handler: (ctx: Context) => unknown } }[] };
      assert.equal(endpoints.localEndpoints.length, 1, name);
      const action = endpoints.localEndpoints[0]!.action;
      const original = action.handler;
      action.handler = (ctx: Context) => {
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return original(ctx);
      };
      restore.push(() => (action.handler = original));
    }
    try {
      const list = await ok<Obj[]>(b.get("/api/v1/clusters"));
      for (const id of ids) {
        const c = list.find((x) => x.id === id)!;
        assert.deepEqual(c.bastion_server, fb.bastion);
        assert.deepEqual(c.apps_load_balancer, fb.appsLb);
        assert.deepEqual(c.glueops_load_balancer, fb.platformLb);
        assert.deepEqual(c.captain_domain, fb.domain);
        assert.deepEqual(c.control_plane_record_set, fb.recordSet);
        assert.deepEqual(c.node_pools, [fb.pool]);
      }
      assert.deepEqual(Object.fromEntries(counts), {
        "inventory.getServers": 1,
        "inventory.getLoadBalancers": 1,
        "inventory.getNodePools": 1,
        "dns.getDomains": 1,
        "dns.getRecordSets": 1,
      });
    } finally {
      for (const r of restore) r();
    }
    for (const id of ids) await ok(b.delete(`/api/v1/clusters/${id}`), 204);
  });

  it("concurrent attach/detach on different slots of one cluster never lose each other's update", async () => {
    const cl = await newCluster(a, "concurrent");
    const base = `/api/v1/clusters/${cl.id}`;
    const extraPools: Obj[] = [];
    for (let i = 0; i < 3; i++) extraPools.push(await ok(a.post("/api/v1/node-pools", { name: `conc-${i}`, role: "worker" }), 201));
    for (let round = 0; round < 4; round++) {
      const attaches = await Promise.all([
        a.post(`${base}/apps-load-balancer`, { load_balancer_id: fa.appsLb.id }),
        a.post(`${base}/platform-load-balancer`, { load_balancer_id: fa.platformLb.id }),
        a.post(`${base}/bastion`, { server_id: fa.bastion.id }),
        a.post(`${base}/captain-domain`, { domain_id: fa.domain.id }),
        a.post(`${base}/control-plane-record-set`, { record_set_id: fa.recordSet.id }),
        a.post(`${base}/node-pools`, { node_pool_id: fa.pool.id }),
        ...extraPools.map((p) => a.post(`${base}/node-pools`, { node_pool_id: p.id })),
        a.post(`${base}/kubeconfig`, { kubeconfig: `apiVersion: v1\n# round ${round}\n` }),
        a.patch(base, { name: `concurrent-${round}` }),
      ]);
      for (const r of attaches) assert.equal(r.status, 200, r.text);
      let got = await ok(a.get(base));
      assert.equal(got.name, `concurrent-${round}`, `round ${round}`);
      assert.deepEqual(got.apps_load_balancer?.id, fa.appsLb.id, `round ${round}`);
      assert.deepEqual(got.glueops_load_balancer?.id, fa.platformLb.id, `round ${round}`);
      assert.deepEqual(got.bastion_server?.id, fa.bastion.id, `round ${round}`);
      assert.deepEqual(got.captain_domain?.id, fa.domain.id, `round ${round}`);
      assert.deepEqual(got.control_plane_record_set?.id, fa.recordSet.id, `round ${round}`);
      assert.deepEqual(got.node_pools.map((p: Obj) => p.id).sort(), [fa.pool.id, ...extraPools.map((p) => p.id)].sort(), `round ${round}`);
      assert.equal(got.status, "pre_pending");

      // detach half while attaching/replacing the other half
      const mixed = await Promise.all([
        a.delete(`${base}/apps-load-balancer`),
        a.post(`${base}/platform-load-balancer`, { load_balancer_id: fa.appsLb.id }),
        a.delete(`${base}/bastion`),
        a.delete(`${base}/captain-domain`),
        a.delete(`${base}/control-plane-record-set`),
        a.delete(`${base}/node-pools/${fa.pool.id}`),
        a.delete(`${base}/node-pools/${extraPools[0]!.id}`),
        a.delete(`${base}/kubeconfig`),
      ]);
      for (const r of mixed) assert.equal(r.status, 200, r.text);
      got = await ok(a.get(base));
      assert.equal(got.apps_load_balancer, null, `round ${round}`);
      assert.equal(got.glueops_load_balancer?.id, fa.appsLb.id, `round ${round}`);
      assert.equal(got.bastion_server, null, `round ${round}`);
      assert.equal(got.captain_domain, null, `round ${round}`);
      assert.equal(got.control_plane_record_set, null, `round ${round}`);
      assert.deepEqual(got.node_pools.map((p: Obj) => p.id).sort(), [extraPools[1]!.id, extraPools[2]!.id].sort(), `round ${round}`);
    }
    await ok(a.delete(base), 204);
    for (const p of extraPools) await ok(a.delete(`/api/v1/node-pools/${p.id}`), 204);
  });

  it("the validator: pending with everything ready; incomplete listing what is missing or not ready", async () => {
    const cl = await newCluster(a, "validated");
    const base = `/api/v1/clusters/${cl.id}`;
    await attachAll(a, cl.id, fa);
    assert.deepEqual(await validate(orgA, cl.id), { status: "pending", last_error: "" });
    let got = await ok(a.get(base));
    assert.equal(got.status, "pending");
    assert.equal(got.last_error, "");
    // a pending cluster stays pending until it changes
    assert.deepEqual(await validate(orgA, cl.id), { status: "pending", last_error: "" });

    // detaching the captain domain leaves it incomplete
    got = await ok(a.delete(`${base}/captain-domain`));
    assert.equal(got.status, "pre_pending");
    assert.deepEqual(await validate(orgA, cl.id), { status: "incomplete", last_error: "captain domain not attached" });
    got = await ok(a.get(base));
    assert.equal(got.status, "incomplete");
    assert.equal(got.last_error, "captain domain not attached");

    // the bastion and captain domain must be ready; a node pool must hold a server
    await ok(a.patch(`/api/v1/servers/${fa.bastion.id}`, { status: "provisioning" }));
    const pendingDomain = await ok(a.patch(`/api/v1/dns/domains/${fa.domain.id}`, { status: "pending" }));
    await ok(a.post(`${base}/captain-domain`, { domain_id: fa.domain.id }));
    await ok(a.delete(`${base}/node-pools/${fa.pool.id}`));
    await ok(a.post(`${base}/node-pools`, { node_pool_id: fa.emptyPool.id }));
    await ok(a.delete(`${base}/control-plane-record-set`));
    assert.deepEqual(await validate(orgA, cl.id), {
      status: "incomplete",
      last_error: `bastion server not ready (status provisioning); captain domain not ready (status ${pendingDomain.status}); control-plane record set not attached; no node pool with a server`,
    });

    // when what was missing appears, the sweep moves the incomplete cluster to pending
    fa.bastion = await ok(a.patch(`/api/v1/servers/${fa.bastion.id}`, { status: "ready" }));
    fa.domain = await ok(a.patch(`/api/v1/dns/domains/${fa.domain.id}`, { status: "ready" }));
    await ok(a.post(`${base}/node-pools`, { node_pool_id: fa.pool.id }));
    await ok(a.post(`${base}/control-plane-record-set`, { record_set_id: fa.recordSet.id }));
    await validate(orgA, cl.id);
    await ok(a.delete(`${base}/node-pools/${fa.emptyPool.id}`));
    assert.equal((await ok(a.get(base))).status, "pre_pending");
    await stack.broker.call("clusters.sweep", {});
    got = await ok(a.get(base));
    assert.equal(got.status, "pending", got.last_error);
    assert.equal(got.last_error, "");
    await ok(a.delete(base), 204);
  });

  it("attached resources cannot be deleted in their services (409 naming the kind) until detached", async () => {
    const f = await fixtures(a);
    const cl = await newCluster(a, "referencing");
    await attachAll(a, cl.id, f);
    assert.deepEqual(await stack.broker.call("clusters.referencesTo", { organization_id: orgA, kind: "server", id: f.bastion.id }), {
      clusters: [{ id: cl.id, name: "referencing" }],
    });
    assert.deepEqual(await stack.broker.call("clusters.referencesTo", { organization_id: orgB, kind: "server", id: f.bastion.id }), { clusters: [] });
    const deletes: [string, string][] = [
      [`/api/v1/servers/${f.bastion.id}`, "server is attached to a cluster"],
      [`/api/v1/load-balancers/${f.appsLb.id}`, "load balancer is attached to a cluster"],
      [`/api/v1/load-balancers/${f.platformLb.id}`, "load balancer is attached to a cluster"],
      [`/api/v1/node-pools/${f.pool.id}`, "node pool is attached to a cluster"],
      [`/api/v1/dns/records/${f.recordSet.id}`, "record set is attached to a cluster"],
      [`/api/v1/dns/domains/${f.domain.id}`, "domain is attached to a cluster"],
    ];
    for (const [path, message] of deletes) assertTextError(await a.delete(path), 409, message);

    // detached (or the cluster deleted): the deletes go through
    const base = `/api/v1/clusters/${cl.id}`;
    await ok(a.delete(`${base}/bastion`));
    await ok(a.delete(`${base}/apps-load-balancer`));
    await ok(a.delete(`${base}/node-pools/${f.pool.id}`));
    assert.equal((await a.delete(`/api/v1/servers/${f.bastion.id}`)).status, 204);
    assert.equal((await a.delete(`/api/v1/load-balancers/${f.appsLb.id}`)).status, 204);
    assert.equal((await a.delete(`/api/v1/node-pools/${f.pool.id}`)).status, 204);
    assertTextError(await a.delete(`/api/v1/load-balancers/${f.platformLb.id}`), 409, "load balancer is attached to a cluster");
    await ok(a.delete(base), 204);
    assert.equal((await a.delete(`/api/v1/load-balancers/${f.platformLb.id}`)).status, 204);
    assert.equal((await a.delete(`/api/v1/dns/records/${f.recordSet.id}`)).status, 204);
    assert.equal((await a.delete(`/api/v1/dns/domains/${f.domain.id}`)).status, 204);
  });

  it("an attach racing the delete of its target never leaves the cluster referencing a deleted resource", async () => {
    const cl = await newCluster(a, "racing");
    for (let round = 0; round < 6; round++) {
      const lb = await ok(a.post("/api/v1/load-balancers", { name: `race-${round}`, kind: "public" }), 201);
      const [attached, deleted] = await Promise.all([
        a.post(`/api/v1/clusters/${cl.id}/apps-load-balancer`, { load_balancer_id: lb.id }),
        a.delete(`/api/v1/load-balancers/${lb.id}`),
      ]);
      const exists = (await a.get(`/api/v1/load-balancers/${lb.id}`)).status === 200;
      const refs = (await stack.broker.call("clusters.referencesTo", { organization_id: orgA, kind: "load_balancer", id: lb.id })) as { clusters: unknown[] };
      if (attached.status === 200) {
        assert.equal(deleted.status, 409, `round ${round}: the attach won, so the delete must be refused`);
        assert.ok(exists);
      } else {
        assert.equal(attached.status, 404, `round ${round}: ${attached.text}`);
        assert.equal(attached.text, "load balancer not found");
      }
      if (!exists) assert.deepEqual(refs.clusters, [], `round ${round}: no link to a deleted load balancer`);
      await ok(a.delete(`/api/v1/clusters/${cl.id}/apps-load-balancer`));
      if (exists) assert.equal((await a.delete(`/api/v1/load-balancers/${lb.id}`)).status, 204);
    }
  });

  it("an attach racing the delete of a DNS domain or record set never leaves the cluster referencing a deleted one", async () => {
    const cl = await newCluster(a, "racing-dns");
    const credentialId = credentials.get(a)!;
    const kinds = [
      { kind: "domain", slot: "captain-domain", field: "domain_id", notFound: "domain not found" },
      { kind: "record_set", slot: "control-plane-record-set", field: "record_set_id", notFound: "record set not found" },
    ] as const;
    for (let round = 0; round < 8; round++) {
      const created = await ok(a.post("/api/v1/dns/domains", { credential_id: credentialId, domain_name: `race-${round}-${seq}.example.com`, zone_id: `race-${round}` }), 201);
      const domain = await ok(a.patch(`/api/v1/dns/domains/${created.id}`, { status: "ready" }));
      const rs = await ok(a.post(`/api/v1/dns/domains/${domain.id}/records`, { name: "api", type: "A", ttl: 300, values: ["203.0.113.7"] }), 201);
      // even rounds race the domain's own DELETE, odd rounds the record set's; the record set
      // also goes when its domain does
      const k = kinds[round % 2]!;
      const targetId = k.kind === "domain" ? domain.id : rs.id;
      const deletePath = k.kind === "domain" ? `/api/v1/dns/domains/${domain.id}` : `/api/v1/dns/records/${rs.id}`;
      const [attached, deleted] = await Promise.all([a.post(`/api/v1/clusters/${cl.id}/${k.slot}`, { [k.field]: targetId }), a.delete(deletePath)]);
      // a record set has no GET of its own: it exists while its domain lists it
      const after = k.kind === "domain" ? await a.get(deletePath) : await a.get(`/api/v1/dns/domains/${domain.id}/records`);
      const exists = k.kind === "domain" ? after.status === 200 : after.status === 200 && (after.json as Obj[]).some((r) => r.id === rs.id);
      const refs = (await stack.broker.call("clusters.referencesTo", { organization_id: orgA, kind: k.kind, id: targetId })) as { clusters: unknown[] };
      const seen = `round ${round} (${k.kind}): attach ${attached.status} ${attached.text.slice(0, 80)}, delete ${deleted.status} ${deleted.text}, then exists ${exists}`;
      if (attached.status === 200) {
        assert.equal(deleted.status, 409, `${seen}: the attach won, so the delete must be refused`);
        assert.ok(exists, seen);
      } else {
        assert.equal(attached.status, 404, `round ${round} (${k.kind}): ${attached.text}`);
        assert.equal(attached.text, k.notFound);
      }
      if (!exists) assert.deepEqual(refs.clusters, [], `round ${round}: no link to a deleted ${k.kind}`);
      await ok(a.delete(`/api/v1/clusters/${cl.id}/${k.slot}`));
      if ((await a.get(`/api/v1/dns/domains/${domain.id}`)).status === 200) assert.equal((await a.delete(`/api/v1/dns/domains/${domain.id}`)).status, 204);
    }
  });

  it("a record set created while its domain is deleted never outlives the domain", async () => {
    const credentialId = credentials.get(a)!;
    const raw: Connection = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    try {
      for (let round = 0; round < 8; round++) {
        const created = await ok(
          a.post("/api/v1/dns/domains", { credential_id: credentialId, domain_name: `orphan-${round}-${seq}.example.com`, zone_id: `orphan-${round}` }),
          201,
        );
        const [rs, deleted] = await Promise.all([
          a.post(`/api/v1/dns/domains/${created.id}/records`, { name: `www${round}`, type: "A", ttl: 300, values: ["203.0.113.8"] }),
          a.delete(`/api/v1/dns/domains/${created.id}`),
        ]);
        assert.equal(deleted.status, 204, `round ${round}: ${deleted.text}`);
        assert.ok(rs.status === 201 || rs.status === 404, `round ${round}: ${rs.status} ${rs.text}`);
        if (rs.status === 404) assert.equal(rs.text, "domain not found");
        if (rs.status === 201) {
          const patched = await a.patch(`/api/v1/dns/records/${(rs.json as Obj).id}`, { ttl: 600 });
          assert.equal(patched.status, 404, `round ${round}: the record set went with its domain`);
          assert.equal(patched.text, "record set not found");
        }
        // stored state, whichever side won (a refused create leaves no id to ask about)
        const stored = await raw.useDb(`${stack.dbPrefix}_dns`, { useCache: true }).collection("record_sets").countDocuments({ domain_id: created.id });
        assert.equal(stored, 0, `round ${round}: no record set of a deleted domain is stored`);
      }
    } finally {
      await raw.close();
    }
  });
});
