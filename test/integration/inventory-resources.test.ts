import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { startStack, type Stack } from "../helpers/stack.ts";
import { newTenant, type Tenant as BaseTenant } from "../helpers/principals.ts";

import { NodePool as NodePoolSchema } from "../../shared/contracts/inventory.ts";

const TEXT = "text/plain; charset=utf-8";
const MISSING = "0190a000-0000-7000-8000-000000000000";

interface Tenant extends BaseTenant {
  keyId: string;
}

type Json = Record<string, any>;

async function tenant(stack: Stack): Promise<Tenant> {
  const t = await newTenant(stack);
  const key = await t.http.post("/api/v1/ssh", { name: "k", type: "ed25519" });
  assert.equal(key.status, 201);
  return { ...t, keyId: (key.json as { id: string }).id };
}

function assertTextError(res: { status: number; contentType: string; text: string }, status: number, body: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, body);
}

async function created(res: Promise<{ status: number; json: unknown; text: string }>): Promise<Json> {
  const r = await res;
  assert.equal(r.status, 201, r.text);
  return r.json as Json;
}

const server = (t: Tenant, extra: Json = {}) =>
  created(t.http.post("/api/v1/servers", { private_ip_address: "10.0.0.10", ssh_user: "ubuntu", ssh_key_id: t.keyId, role: "worker", ...extra }));

async function rawCount(stack: Stack, collection: string, filter: Json): Promise<number> {
  const conn = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
  try {
    return await conn.useDb(`${stack.dbPrefix}_inventory`).collection(collection).countDocuments(filter);
  } finally {
    await conn.close();
  }
}

describe("servers, node pools, load balancers (with the clusters service)", () => {
  let stack: Stack;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "clusters"] });
    a = await tenant(stack);
    b = await tenant(stack);
  });
  afterAll(() => stack.stop());

  describe("servers", () => {
    it("creates with status pending by default, gets, patches (returns the updated server), deletes", async () => {
      const s = await server(a, { hostname: "node-1.example.internal", organization_id: b.orgId });
      assert.deepEqual(Object.keys(s).sort(), [
        "created_at",
        "hostname",
        "id",
        "last_error",
        "organization_id",
        "private_ip_address",
        "public_ip_address",
        "role",
        "ssh_host_key_fingerprint",
        "ssh_key_id",
        "ssh_port",
        "ssh_user",
        "status",
        "updated_at",
      ]);
      assert.equal(s.organization_id, a.orgId);
      assert.equal(s.status, "pending");
      assert.equal(s.public_ip_address, "");
      assert.equal(s.hostname, "node-1.example.internal");
      assert.deepEqual((await a.http.get(`/api/v1/servers/${s.id}`)).json, s);

      const patched = await a.http.patch(`/api/v1/servers/${s.id}`, { status: "ready", public_ip_address: "2001:db8::1" });
      assert.equal(patched.status, 200);
      assert.equal(patched.json.status, "ready");
      assert.equal(patched.json.public_ip_address, "2001:db8::1");
      assert.equal(patched.json.ssh_user, "ubuntu");
      assert.deepEqual((await a.http.get(`/api/v1/servers/${s.id}`)).json, patched.json);

      assert.equal((await a.http.delete(`/api/v1/servers/${s.id}`)).status, 204);
      assertTextError(await a.http.get(`/api/v1/servers/${s.id}`), 404, "server not found");
      assertTextError(await a.http.delete(`/api/v1/servers/${s.id}`), 404, "server not found");
    });

    it("validates create and update input", async () => {
      const ok = { private_ip_address: "10.0.0.1", ssh_user: "ubuntu", ssh_key_id: a.keyId, role: "master" };
      const without = (k: string) => Object.fromEntries(Object.entries(ok).filter(([key]) => key !== k));
      for (const field of Object.keys(ok)) assertTextError(await a.http.post("/api/v1/servers", without(field)), 400, `missing fields: ${field}`);
      const cases: [Json, string][] = [
        [{ status: "running" }, "invalid status"],
        [{ role: "bastion" }, "public_ip_address is required for a bastion"],
        [{ role: "gateway" }, "invalid role"],
        [{ private_ip_address: "10.0.0.300" }, "invalid private_ip_address"],
        [{ public_ip_address: "example.com" }, "invalid public_ip_address"],
        [{ ssh_key_id: "not-a-uuid" }, "invalid ssh_key_id"],
        [{ ssh_key_id: MISSING }, "invalid ssh_key_id"],
        [{ ssh_key_id: b.keyId }, "invalid ssh_key_id"],
        [{ ssh_key_id: { $ne: null } }, "invalid ssh_key_id"],
        [{ hostname: "bad host" }, "invalid hostname"],
        [{ hostname: `${"a".repeat(60)}.`.repeat(5) }, "invalid hostname"],
        [{ ssh_user: "root; rm -rf /" }, "invalid ssh_user"],
        [{ private_ip_address: ["10.0.0.1"] }, "invalid private_ip_address"],
      ];
      for (const [patch, message] of cases) assertTextError(await a.http.post("/api/v1/servers", { ...ok, ...patch }), 400, message);
      assert.deepEqual((await a.http.get("/api/v1/servers")).json, []);

      const bastion = await server(a, { role: "bastion", public_ip_address: "203.0.113.7" });
      assert.equal(bastion.role, "bastion");
      assertTextError(await a.http.patch(`/api/v1/servers/${bastion.id}`, { public_ip_address: "" }), 400, "public_ip_address is required for a bastion");
      const worker = await server(a);
      assertTextError(await a.http.patch(`/api/v1/servers/${worker.id}`, { role: "bastion" }), 400, "public_ip_address is required for a bastion");
      assertTextError(await a.http.patch(`/api/v1/servers/${worker.id}`, { status: "done" }), 400, "invalid status");
      assertTextError(await a.http.patch(`/api/v1/servers/${worker.id}`, { ssh_key_id: b.keyId }), 400, "invalid ssh_key_id");
      assertTextError(await a.http.patch(`/api/v1/servers/${worker.id}`, { ssh_key_id: MISSING }), 400, "invalid ssh_key_id");
      assertTextError(await a.http.patch("/api/v1/servers/xyz", { status: "ready" }), 400, "invalid id");
      assert.deepEqual((await a.http.get(`/api/v1/servers/${worker.id}`)).json, worker, "nothing changed");
      const other = await created(a.http.post("/api/v1/ssh", { name: "second", type: "ed25519" }));
      const moved = await a.http.patch(`/api/v1/servers/${worker.id}`, { ssh_key_id: other.id });
      assert.equal(moved.json.ssh_key_id, other.id);
      for (const s of [bastion, worker]) assert.equal((await a.http.delete(`/api/v1/servers/${s.id}`)).status, 204);
    });

    it("lists newest first, filtered by status and role", async () => {
      const s1 = await server(a, { status: "ready" });
      const s2 = await server(a, { role: "master" });
      const s3 = await server(a, { role: "master", status: "failed" });
      const ids = async (q: string) => ((await a.http.get(`/api/v1/servers${q}`)).json as Json[]).map((s) => s.id);
      assert.deepEqual(await ids(""), [s3.id, s2.id, s1.id]);
      assert.deepEqual(await ids("?status=ready"), [s1.id]);
      assert.deepEqual(await ids("?role=master"), [s3.id, s2.id]);
      assert.deepEqual(await ids("?role=master&status=pending"), [s2.id]);
      assert.deepEqual(await ids("?status=provisioning"), []);
      assertTextError(await a.http.get("/api/v1/servers?status=up"), 400, "invalid status");
      assertTextError(await a.http.get("/api/v1/servers?role=db"), 400, "invalid role");
      assert.deepEqual((await b.http.get("/api/v1/servers")).json, []);
      for (const s of [s1, s2, s3]) await a.http.delete(`/api/v1/servers/${s.id}`);
    });

    it("another organization gets 404 on every server route", async () => {
      const s = await server(a);
      assertTextError(await b.http.get(`/api/v1/servers/${s.id}`), 404, "server not found");
      assertTextError(await b.http.patch(`/api/v1/servers/${s.id}`, { status: "ready" }), 404, "server not found");
      assertTextError(await b.http.delete(`/api/v1/servers/${s.id}`), 404, "server not found");
      assert.equal((await a.http.get(`/api/v1/servers/${s.id}`)).json.status, "pending");
      await a.http.delete(`/api/v1/servers/${s.id}`);
    });
  });

  describe("load balancers", () => {
    it("CRUD with name and kind required, IPs validated, tenant isolation", async () => {
      assertTextError(await a.http.post("/api/v1/load-balancers", { kind: "public" }), 400, "missing fields: name");
      assertTextError(await a.http.post("/api/v1/load-balancers", { name: "lb" }), 400, "missing fields: kind");
      assertTextError(await a.http.post("/api/v1/load-balancers", { name: "lb", kind: "private" }), 400, "invalid kind");
      assertTextError(await a.http.post("/api/v1/load-balancers", { name: "lb", kind: "public", public_ip_address: "1.2.3" }), 400, "invalid public_ip_address");
      assertTextError(await a.http.post("/api/v1/load-balancers", { name: "x".repeat(256), kind: "public" }), 400, "invalid name: longer than 255 characters");
      const lb = await created(a.http.post("/api/v1/load-balancers", { name: "apps", kind: "public", private_ip_address: "10.1.0.1" }));
      assert.deepEqual(Object.keys(lb).sort(), ["created_at", "id", "kind", "name", "organization_id", "private_ip_address", "public_ip_address", "updated_at"]);
      assert.equal(lb.public_ip_address, "");
      const lb2 = await created(a.http.post("/api/v1/load-balancers", { name: "platform", kind: "platform" }));
      assert.deepEqual(
        ((await a.http.get("/api/v1/load-balancers")).json as Json[]).map((l) => l.id),
        [lb2.id, lb.id],
      );
      assert.deepEqual(await stack.broker.call("inventory.getLoadBalancers", { organization_id: a.orgId, ids: [lb.id, lb2.id, MISSING] }), [lb2, lb]);
      assert.deepEqual(await stack.broker.call("inventory.getLoadBalancers", { organization_id: b.orgId, ids: [lb.id] }), []);
      const patched = await a.http.patch(`/api/v1/load-balancers/${lb.id}`, { public_ip_address: "198.51.100.4", kind: "platform" });
      assert.equal(patched.status, 200);
      assert.equal(patched.json.public_ip_address, "198.51.100.4");
      assert.equal(patched.json.kind, "platform");
      assert.equal(patched.json.name, "apps");
      assertTextError(await a.http.patch(`/api/v1/load-balancers/${lb.id}`, { kind: "nope" }), 400, "invalid kind");

      assertTextError(await b.http.get(`/api/v1/load-balancers/${lb.id}`), 404, "load balancer not found");
      assertTextError(await b.http.patch(`/api/v1/load-balancers/${lb.id}`, { name: "x" }), 404, "load balancer not found");
      assertTextError(await b.http.delete(`/api/v1/load-balancers/${lb.id}`), 404, "load balancer not found");
      assert.deepEqual((await b.http.get("/api/v1/load-balancers")).json, []);

      for (const l of [lb, lb2]) assert.equal((await a.http.delete(`/api/v1/load-balancers/${l.id}`)).status, 204);
      assertTextError(await a.http.get(`/api/v1/load-balancers/${lb.id}`), 404, "load balancer not found");
      assertTextError(await a.http.delete(`/api/v1/load-balancers/${lb.id}`), 404, "load balancer not found");
      assertTextError(await a.http.get("/api/v1/load-balancers/1"), 400, "invalid id");
    });
  });

  describe("node pools", () => {
    it("CRUD; responses always carry the four arrays; q is literal and case-insensitive", async () => {
      assertTextError(await a.http.post("/api/v1/node-pools", { role: "worker" }), 400, "missing fields: name");
      assertTextError(await a.http.post("/api/v1/node-pools", { name: "p" }), 400, "missing fields: role");
      assertTextError(await a.http.post("/api/v1/node-pools", { name: "p", role: "bastion" }), 400, "invalid role");
      const p1 = await created(a.http.post("/api/v1/node-pools", { name: "Workers (EU)", role: "worker" }));
      const p2 = await created(a.http.post("/api/v1/node-pools", { name: "masters.*", role: "master" }));
      NodePoolSchema.parse(p1);
      assert.deepEqual([p1.servers, p1.labels, p1.annotations, p1.taints], [[], [], [], []]);
      const names = async (q: string) => ((await a.http.get(`/api/v1/node-pools${q}`)).json as Json[]).map((p) => p.name);
      assert.deepEqual(await names(""), ["masters.*", "Workers (EU)"]);
      assert.deepEqual(await names("?q=WORKERS"), ["Workers (EU)"]);
      assert.deepEqual(await names(`?q=${encodeURIComponent("(")}`), ["Workers (EU)"]);
      assert.deepEqual(await names(`?q=${encodeURIComponent(".*")}`), ["masters.*"]);
      assert.deepEqual(await names(`?q=${encodeURIComponent("s.*s")}`), []);
      const patched = await a.http.patch(`/api/v1/node-pools/${p1.id}`, { name: "workers" });
      assert.equal(patched.status, 200);
      assert.equal(patched.json.name, "workers");
      assert.equal(patched.json.role, "worker");
      NodePoolSchema.parse(patched.json);
      assertTextError(await a.http.patch(`/api/v1/node-pools/${p1.id}`, { role: "x" }), 400, "invalid role");
      for (const p of [p1, p2]) assert.equal((await a.http.delete(`/api/v1/node-pools/${p.id}`)).status, 204);
      assertTextError(await a.http.get(`/api/v1/node-pools/${p1.id}`), 404, "node pool not found");
      assertTextError(await a.http.delete(`/api/v1/node-pools/${p1.id}`), 404, "node pool not found");
    });

    it("attaches servers, labels, annotations and taints (204), lists them, detaches; all or nothing", async () => {
      const pool = await created(a.http.post("/api/v1/node-pools", { name: "pool", role: "worker" }));
      const s1 = await server(a);
      const s2 = await server(a, { private_ip_address: "10.0.0.11" });
      const label = await created(a.http.post("/api/v1/labels", { key: "env", value: "prod" }));
      const annotation = await created(a.http.post("/api/v1/annotations", { key: "note", value: "hello" }));
      const taint = await created(a.http.post("/api/v1/taints", { key: "dedicated", value: "db", effect: "NoExecute" }));
      const foreignServer = await server(b);

      const base = `/api/v1/node-pools/${pool.id}`;
      // all or nothing: one unknown/foreign id and nothing is attached
      assertTextError(await a.http.post(`${base}/servers`, { server_ids: [s1.id, foreignServer.id] }), 400, `invalid server_ids: ${foreignServer.id}`);
      assertTextError(await a.http.post(`${base}/servers`, { server_ids: [s1.id, "nope"] }), 400, "invalid server_ids: nope");
      assertTextError(await a.http.post(`${base}/servers`, { server_ids: [label.id] }), 400, `invalid server_ids: ${label.id}`);
      assertTextError(await a.http.post(`${base}/servers`, {}), 400, "missing fields: server_ids");
      assertTextError(await a.http.post(`${base}/servers`, { server_ids: [] }), 400, "missing fields: server_ids");
      assertTextError(await a.http.post(`${base}/servers`, { server_ids: s1.id }), 400, "invalid server_ids");
      assertTextError(await a.http.post(`${base}/servers`, { server_ids: [{ $ne: null }] }), 400, "invalid server_ids");
      assert.deepEqual((await a.http.get(`${base}/servers`)).json, []);

      for (const [segment, field, ids] of [
        ["servers", "server_ids", [s1.id, s2.id, s1.id]],
        ["labels", "label_ids", [label.id]],
        ["annotations", "annotation_ids", [annotation.id]],
        ["taints", "taint_ids", [taint.id]],
      ] as const) {
        const res = await a.http.post(`${base}/${segment}`, { [field]: ids });
        assert.equal(res.status, 204, res.text);
        assert.equal(res.text, "");
        assert.equal((await a.http.post(`${base}/${segment}`, { [field]: ids })).status, 204, "attaching again is a no-op");
      }
      const fresh = async (id: string) => (await a.http.get(`/api/v1/servers/${id}`)).json;
      assert.deepEqual((await a.http.get(`${base}/servers`)).json, [await fresh(s2.id), await fresh(s1.id)]);
      assert.deepEqual((await a.http.get(`${base}/labels`)).json, [label]);
      assert.deepEqual((await a.http.get(`${base}/annotations`)).json, [annotation]);
      assert.deepEqual((await a.http.get(`${base}/taints`)).json, [taint]);
      const full = (await a.http.get(base)).json as Json;
      NodePoolSchema.parse(full);
      assert.deepEqual(full.servers, [await fresh(s2.id), await fresh(s1.id)]);
      assert.deepEqual([full.labels, full.annotations, full.taints], [[label], [annotation], [taint]]);
      assert.deepEqual(
        ((await a.http.get("/api/v1/node-pools")).json as Json[]).find((p) => p.id === pool.id),
        full,
      );
      assert.equal(await rawCount(stack, "node_pool_links", { node_pool_id: pool.id }), 5);

      // batch look-up for other services: full objects, foreign/missing ids absent
      const batch = (await stack.broker.call("inventory.getNodePools", { organization_id: a.orgId, ids: [pool.id, MISSING, "junk"] })) as Json[];
      assert.deepEqual(batch, [full]);
      assert.deepEqual(await stack.broker.call("inventory.getNodePools", { organization_id: b.orgId, ids: [pool.id] }), []);
      assert.deepEqual(await stack.broker.call("inventory.getServers", { organization_id: a.orgId, ids: [s1.id, foreignServer.id] }), [await fresh(s1.id)]);

      // detach
      assert.equal((await a.http.delete(`${base}/servers/${s1.id}`)).status, 204);
      assertTextError(await a.http.delete(`${base}/servers/${s1.id}`), 404, "server not attached to the node pool");
      assertTextError(await a.http.delete(`${base}/labels/${MISSING}`), 404, "label not attached to the node pool");
      assertTextError(await a.http.delete(`${base}/labels/not-an-id`), 400, "invalid id");
      assert.equal((await a.http.delete(`${base}/labels/${label.id}`)).status, 204);
      assert.deepEqual(
        ((await a.http.get(`${base}/servers`)).json as Json[]).map((s) => s.id),
        [s2.id],
      );
      assert.deepEqual((await a.http.get(`${base}/labels`)).json, []);

      // deleting an attached server removes its link
      assert.equal((await a.http.delete(`/api/v1/servers/${s2.id}`)).status, 204);
      assert.deepEqual((await a.http.get(`${base}/servers`)).json, []);
      assert.equal(await rawCount(stack, "node_pool_links", { child_id: s2.id }), 0);

      // another organization: 404 on the pool's routes, 400 attaching A's ids to its own pool
      for (const segment of ["servers", "labels", "annotations", "taints"]) {
        assertTextError(await b.http.get(`${base}/${segment}`), 404, "node pool not found");
        assertTextError(await b.http.post(`${base}/${segment}`, { [`${segment.slice(0, -1)}_ids`]: [MISSING] }), 404, "node pool not found");
      }
      assertTextError(await b.http.delete(`${base}/annotations/${annotation.id}`), 404, "node pool not found");
      assertTextError(await b.http.get(base), 404, "node pool not found");
      assertTextError(await b.http.patch(base, { name: "mine" }), 404, "node pool not found");
      assertTextError(await b.http.delete(base), 404, "node pool not found");
      assert.deepEqual((await b.http.get("/api/v1/node-pools")).json, []);
      const bPool = await created(b.http.post("/api/v1/node-pools", { name: "b", role: "worker" }));
      assertTextError(await b.http.post(`/api/v1/node-pools/${bPool.id}/taints`, { taint_ids: [taint.id] }), 400, `invalid taint_ids: ${taint.id}`);
      assertTextError(await b.http.post(`/api/v1/node-pools/${bPool.id}/servers`, { server_ids: [s1.id] }), 400, `invalid server_ids: ${s1.id}`);
      assert.deepEqual((await b.http.get(`/api/v1/node-pools/${bPool.id}`)).json.taints, []);

      // deleting the pool removes its links
      assert.equal((await a.http.delete(base)).status, 204);
      assert.equal(await rawCount(stack, "node_pool_links", { node_pool_id: pool.id }), 0);
      assertTextError(await a.http.get(`${base}/taints`), 404, "node pool not found");
    });
  });

  describe("deletion marks (a DELETE deciding about a resource)", () => {
    it("hide it from batch look-ups and refuse new servers on a key being deleted; stale marks are ignored", async () => {
      const t = await tenant(stack);
      const s = await server(t);
      const lb = await created(t.http.post("/api/v1/load-balancers", { name: "lb", kind: "public" }));
      const conn = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
      const marks = conn.useDb(`${stack.dbPrefix}_inventory`).collection("deletion_marks");
      try {
        const soon = new Date(Date.now() + 60_000);
        await marks.insertMany([
          { _id: `server:${s.id}` as never, organization_id: t.orgId, until: soon },
          { _id: `ssh_key:${t.keyId}` as never, organization_id: t.orgId, until: soon },
          { _id: `load_balancer:${lb.id}` as never, organization_id: t.orgId, until: new Date(Date.now() - 1000) },
        ]);
        const org = { organization_id: t.orgId };
        assert.deepEqual(await stack.broker.call("inventory.getServers", { ...org, ids: [s.id] }), []);
        assert.equal(((await stack.broker.call("inventory.getLoadBalancers", { ...org, ids: [lb.id] })) as Json[]).length, 1, "a stale mark is ignored");
        const res = await t.http.post("/api/v1/servers", { private_ip_address: "10.5.0.1", ssh_user: "u", ssh_key_id: t.keyId, role: "worker" });
        assertTextError(res, 400, "invalid ssh_key_id");
        assert.equal(((await t.http.get("/api/v1/servers")).json as Json[]).length, 1);
        await marks.deleteMany({ organization_id: t.orgId });
        assert.equal(((await stack.broker.call("inventory.getServers", { ...org, ids: [s.id] })) as Json[]).length, 1);
        await server(t, { private_ip_address: "10.5.0.1" });
      } finally {
        await conn.close();
      }
    });
  });

  describe("node pool responses without N+1 queries", () => {
    it("listing 1 or 8 full node pools costs the same number of database queries", async () => {
      const t = await tenant(stack);
      const label = await created(t.http.post("/api/v1/labels", { key: "k", value: "v" }));
      const taint = await created(t.http.post("/api/v1/taints", { key: "k", value: "v", effect: "NoSchedule" }));
      const annotation = await created(t.http.post("/api/v1/annotations", { key: "k", value: "v" }));
      const addPool = async (i: number) => {
        const pool = await created(t.http.post("/api/v1/node-pools", { name: `p${i}`, role: "worker" }));
        const s = await server(t, { private_ip_address: `10.4.0.${i + 1}` });
        await t.http.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: [s.id] });
        await t.http.post(`/api/v1/node-pools/${pool.id}/labels`, { label_ids: [label.id] });
        await t.http.post(`/api/v1/node-pools/${pool.id}/taints`, { taint_ids: [taint.id] });
        await t.http.post(`/api/v1/node-pools/${pool.id}/annotations`, { annotation_ids: [annotation.id] });
      };
      const inventoryCollections = new Set(["node_pools", "node_pool_links", "servers", "labels", "annotations", "taints"]);
      const queriesFor = async (path: string): Promise<{ queries: number; body: Json[] }> => {
        let queries = 0;
        mongoose.set("debug", (collection: string) => {
          if (inventoryCollections.has(collection)) queries++;
        });
        try {
          const res = await t.http.get(path);
          return { queries, body: res.json as Json[] };
        } finally {
          mongoose.set("debug", false);
        }
      };
      await addPool(0);
      const one = await queriesFor("/api/v1/node-pools");
      assert.equal(one.body.length, 1);
      for (let i = 1; i < 8; i++) await addPool(i);
      const eight = await queriesFor("/api/v1/node-pools");
      assert.equal(eight.body.length, 8);
      assert.ok(eight.body.every((p) => p.servers.length === 1 && p.labels.length === 1 && p.taints.length === 1 && p.annotations.length === 1));
      assert.equal(eight.queries, one.queries);
      assert.ok(one.queries >= 3 && one.queries <= 6, `${one.queries} queries: the pools, their links, one per attachment kind`);
    });
  });

  describe("references from clusters", () => {
    it("deleting a server, load balancer or node pool attached to a cluster is 409 naming the kind", async () => {
      const cluster = await created(a.http.post("/api/v1/clusters", { name: "c1" }));
      const bastion = await server(a, { role: "bastion", public_ip_address: "203.0.113.9" });
      const lb = await created(a.http.post("/api/v1/load-balancers", { name: "apps", kind: "public" }));
      const pool = await created(a.http.post("/api/v1/node-pools", { name: "workers", role: "worker" }));
      const c = `/api/v1/clusters/${cluster.id}`;
      for (const [path, body] of [
        ["bastion", { server_id: bastion.id }],
        ["apps-load-balancer", { load_balancer_id: lb.id }],
        ["node-pools", { node_pool_id: pool.id }],
      ] as const) {
        const res = await a.http.post(`${c}/${path}`, body);
        assert.equal(res.status, 200, `${path}: ${res.text}`);
      }
      assertTextError(await a.http.delete(`/api/v1/servers/${bastion.id}`), 409, "server is attached to a cluster");
      assertTextError(await a.http.delete(`/api/v1/load-balancers/${lb.id}`), 409, "load balancer is attached to a cluster");
      assertTextError(await a.http.delete(`/api/v1/node-pools/${pool.id}`), 409, "node pool is attached to a cluster");
      assert.equal((await a.http.get(`/api/v1/servers/${bastion.id}`)).status, 200);
      assert.equal((await a.http.get(`/api/v1/load-balancers/${lb.id}`)).status, 200);
      assert.equal((await a.http.get(`/api/v1/node-pools/${pool.id}`)).status, 200);
      // a refused delete clears its mark: the batch look-ups clusters use still find them
      const org = { organization_id: a.orgId };
      assert.equal(((await stack.broker.call("inventory.getServers", { ...org, ids: [bastion.id] })) as Json[]).length, 1);
      assert.equal(((await stack.broker.call("inventory.getLoadBalancers", { ...org, ids: [lb.id] })) as Json[]).length, 1);
      assert.equal(((await stack.broker.call("inventory.getNodePools", { ...org, ids: [pool.id] })) as Json[]).length, 1);
      assert.equal(((await a.http.get(c)).json as Json).bastion_server?.id, bastion.id);

      assert.equal((await a.http.delete(`${c}/bastion`)).status, 200);
      assert.equal((await a.http.delete(`${c}/apps-load-balancer`)).status, 200);
      assert.equal((await a.http.delete(`${c}/node-pools/${pool.id}`)).status, 200);
      assert.equal((await a.http.delete(`/api/v1/servers/${bastion.id}`)).status, 204);
      assert.equal((await a.http.delete(`/api/v1/load-balancers/${lb.id}`)).status, 204);
      assert.equal((await a.http.delete(`/api/v1/node-pools/${pool.id}`)).status, 204);
    });
  });

  describe("concurrency (FerretDB: no lost attachments, no dangling references)", () => {
    it("concurrent attaches and detaches on one pool never lose each other's changes", async () => {
      const pool = await created(a.http.post("/api/v1/node-pools", { name: "busy", role: "worker" }));
      const servers = await Promise.all(Array.from({ length: 8 }, (_, i) => server(a, { private_ip_address: `10.2.0.${i + 1}` })));
      const base = `/api/v1/node-pools/${pool.id}/servers`;
      const first = servers.slice(0, 4);
      assert.equal((await a.http.post(base, { server_ids: first.map((x) => x.id) })).status, 204);
      // attach the other four one by one (and twice each) while detaching the first four, all at once
      const results = await Promise.all([
        ...servers.slice(4).flatMap((x) => [a.http.post(base, { server_ids: [x.id] }), a.http.post(base, { server_ids: [x.id, servers[4]!.id] })]),
        ...first.map((x) => a.http.delete(`${base}/${x.id}`)),
      ]);
      assert.deepEqual(
        results.map((r) => r.status),
        Array(12).fill(204),
      );
      const attached = ((await a.http.get(base)).json as Json[]).map((x) => x.id).sort();
      assert.deepEqual(
        attached,
        servers
          .slice(4)
          .map((x) => x.id)
          .sort(),
      );
      assert.equal(await rawCount(stack, "node_pool_links", { node_pool_id: pool.id }), 4);
    });

    it("a server created while its SSH key is deleted: either the delete is refused or the server is", async () => {
      for (let round = 0; round < 6; round++) {
        const key = await created(a.http.post("/api/v1/ssh", { name: `race-${round}`, type: "ed25519" }));
        const [create, del] = await Promise.all([
          a.http.post("/api/v1/servers", { private_ip_address: "10.3.0.1", ssh_user: "u", ssh_key_id: key.id, role: "worker" }),
          a.http.delete(`/api/v1/ssh/${key.id}`),
        ]);
        const keyExists = (await a.http.get(`/api/v1/ssh/${key.id}`)).status === 200;
        if (create.status === 201) {
          assert.equal(del.status, 409, "a server uses the key, so the key must stay");
          assert.ok(keyExists);
          assert.equal((await a.http.delete(`/api/v1/servers/${(create.json as Json).id}`)).status, 204);
        } else {
          assert.equal(create.status, 400);
          assert.equal(create.text, "invalid ssh_key_id");
        }
        const dangling = ((await a.http.get("/api/v1/servers")).json as Json[]).filter((x) => x.ssh_key_id === key.id);
        assert.deepEqual(dangling, keyExists ? dangling : [], "no server references a deleted key");
        if (keyExists) {
          for (const x of dangling) await a.http.delete(`/api/v1/servers/${x.id}`);
          assert.equal((await a.http.delete(`/api/v1/ssh/${key.id}`)).status, 204);
        }
      }
    });
  });

  describe("purgeOrganization", () => {
    it("removes everything of the organization and its data keys, idempotently, and nothing of others", async () => {
      const victim = await tenant(stack);
      const s = await server(victim);
      const pool = await created(victim.http.post("/api/v1/node-pools", { name: "p", role: "worker" }));
      await victim.http.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: [s.id] });
      await created(victim.http.post("/api/v1/labels", { key: "k", value: "v" }));
      await created(victim.http.post("/api/v1/annotations", { key: "k", value: "v" }));
      await created(victim.http.post("/api/v1/taints", { key: "k", value: "v", effect: "NoSchedule" }));
      await created(victim.http.post("/api/v1/load-balancers", { name: "lb", kind: "public" }));
      const bBefore = (await b.http.get("/api/v1/ssh")).json;

      const first = (await stack.broker.call("inventory.purgeOrganization", { organization_id: victim.orgId })) as { deleted: number };
      assert.equal(first.deleted, 9); // link, pool, server, load balancer, label, annotation, taint, ssh key, data key
      assert.deepEqual(await stack.broker.call("inventory.purgeOrganization", { organization_id: victim.orgId }), { deleted: 0 });
      for (const c of ["servers", "node_pools", "node_pool_links", "labels", "annotations", "taints", "load_balancers", "ssh_keys", "data_keys"]) {
        assert.equal(await rawCount(stack, c, { organization_id: victim.orgId }), 0, c);
      }
      for (const path of ["servers", "node-pools", "labels", "annotations", "taints", "load-balancers", "ssh"]) {
        assert.deepEqual((await victim.http.get(`/api/v1/${path}`)).json, [], path);
      }
      assert.deepEqual((await b.http.get("/api/v1/ssh")).json, bBefore);
    });
  });
});

describe("deletes checked against clusters: without the clusters service", () => {
  let stack: Stack;
  let a: Tenant;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"] });
    a = await tenant(stack);
  });
  afterAll(() => stack.stop());

  it("answers 503 rather than deleting what a cluster may reference, and keeps the resource", async () => {
    const s = await server(a);
    const lb = await created(a.http.post("/api/v1/load-balancers", { name: "lb", kind: "public" }));
    const pool = await created(a.http.post("/api/v1/node-pools", { name: "p", role: "worker" }));
    for (const path of [`/api/v1/servers/${s.id}`, `/api/v1/load-balancers/${lb.id}`, `/api/v1/node-pools/${pool.id}`]) {
      assertTextError(await a.http.delete(path), 503, "service unavailable: clusters");
      assert.equal((await a.http.get(path)).status, 200);
    }
    const org = { organization_id: a.orgId };
    assert.equal(((await stack.broker.call("inventory.getServers", { ...org, ids: [s.id] })) as Json[]).length, 1);
    assert.equal(((await stack.broker.call("inventory.getLoadBalancers", { ...org, ids: [lb.id] })) as Json[]).length, 1);
    assert.equal(((await stack.broker.call("inventory.getNodePools", { ...org, ids: [pool.id] })) as Json[]).length, 1);
    // a missing id is still 404 (checked first)
    assertTextError(await a.http.delete(`/api/v1/servers/${MISSING}`), 404, "server not found");
  });
});
