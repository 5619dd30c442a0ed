import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, newTenant, type Tenant } from "../helpers/principals.ts";

const tenant = (stack: Stack): Promise<Tenant> => newTenant(stack, "Org");

const TEXT = "text/plain; charset=utf-8";
const MISSING = "0190a000-0000-7000-8000-000000000000";

/** A signed-in user with an organization of their own, and a client sending its [org] headers. */

/** Counts raw documents in the inventory service's own database (storage assertions). */
async function rawCount(stack: Stack, collection: string, filter: Record<string, unknown>): Promise<number> {
  const conn = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
  try {
    return await conn.useDb(`${stack.dbPrefix}_inventory`).collection(collection).countDocuments(filter);
  } finally {
    await conn.close();
  }
}

function assertTextError(res: { status: number; contentType: string; text: string }, status: number, body: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, body);
}

for (const kind of ["labels", "annotations", "taints"] as const) {
  const base = `/api/v1/${kind}`;
  const singular = kind.slice(0, -1);
  const extra = kind === "taints" ? { effect: "NoSchedule" } : {};

  describe(`${kind}: CRUD, filters, include=node_pools, tenant isolation`, () => {
    let stack: Stack;
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      stack = await startStack({ services: ["api", "auth", "orgs", "inventory"] });
      a = await tenant(stack);
      b = await tenant(stack);
    });
    afterAll(() => stack.stop());

    it("creates (201), gets, patches partially, deletes (204), then 404", async () => {
      const created = await a.http.post(base, { key: "env", value: "prod", ...extra, organization_id: b.orgId });
      assert.equal(created.status, 201, created.text);
      const item = created.json as Record<string, string>;
      const fields = ["created_at", "id", "key", "organization_id", "updated_at", "value", ...(kind === "taints" ? ["effect"] : [])].sort();
      assert.deepEqual(Object.keys(item).sort(), fields);
      assert.equal(item.organization_id, a.orgId, "organization comes from the context, never the body");
      assert.equal(item.key, "env");
      assert.equal(item.value, "prod");
      assert.match(item.created_at!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const got = await a.http.get(`${base}/${item.id}`);
      assert.equal(got.status, 200);
      assert.deepEqual(got.json, item);

      const patched = await a.http.patch(`${base}/${item.id}`, { value: "staging" });
      assert.equal(patched.status, 200);
      assert.equal((patched.json as Record<string, string>).key, "env");
      assert.equal((patched.json as Record<string, string>).value, "staging");
      assert.equal(((await a.http.get(`${base}/${item.id}`)).json as Record<string, string>).value, "staging");

      const del = await a.http.delete(`${base}/${item.id}`);
      assert.equal(del.status, 204);
      assert.equal(del.text, "");
      assertTextError(await a.http.get(`${base}/${item.id}`), 404, `${singular} not found`);
      assertTextError(await a.http.delete(`${base}/${item.id}`), 404, `${singular} not found`);
      assertTextError(await a.http.patch(`${base}/${item.id}`, { value: "x" }), 404, `${singular} not found`);
    });

    it("rejects missing fields, wrong types and operator objects with 400 and stores nothing", async () => {
      assertTextError(await a.http.post(base, { value: "v", ...extra }), 400, "missing fields: key");
      assertTextError(await a.http.post(base, { key: "k", ...extra }), 400, "missing fields: value");
      // every missing field in one message
      assertTextError(await a.http.post(base, { ...extra }), 400, "missing fields: key, value");
      assertTextError(await a.http.post(base, { key: "  ", value: "v", ...extra }), 400, "missing fields: key");
      assertTextError(await a.http.post(base, { key: { $ne: null }, value: "v", ...extra }), 400, "invalid key");
      assertTextError(await a.http.post(base, { key: "k", value: 5, ...extra }), 400, "invalid value");
      assertTextError(await a.http.post(base, { key: "k".repeat(400), value: "v", ...extra }), 400, "invalid key: longer than 317 characters");
      assertTextError(await a.http.request("POST", base, { body: "{nope", raw: true }), 400, "invalid json");
      assertTextError(await a.http.post(base, [{ key: "k", value: "v" }]), 400, "invalid json");
      assertTextError(await a.http.get(`${base}/not-a-uuid`), 400, "invalid id");
      assertTextError(await a.http.patch(`${base}/not-a-uuid`, { value: "x" }), 400, "invalid id");
      assertTextError(await a.http.delete(`${base}/not-a-uuid`), 400, "invalid id");
      assertTextError(await a.http.get(`${base}/${MISSING}`), 404, `${singular} not found`);
      assert.deepEqual((await a.http.get(base)).json, []);
    });

    if (kind === "taints") {
      it("validates the taint effect on create and update", async () => {
        assertTextError(await a.http.post(base, { key: "k", value: "v" }), 400, "missing fields: effect");
        assertTextError(await a.http.post(base, { key: "k", value: "v", effect: "Sometimes" }), 400, "invalid effect");
        for (const effect of ["NoSchedule", "PreferNoSchedule", "NoExecute"]) {
          const res = await a.http.post(base, { key: "k", value: "v", effect });
          assert.equal(res.status, 201);
          assert.equal((res.json as { effect: string }).effect, effect);
          const id = (res.json as { id: string }).id;
          assertTextError(await a.http.patch(`${base}/${id}`, { effect: "noschedule" }), 400, "invalid effect");
          assert.equal((await a.http.delete(`${base}/${id}`)).status, 204);
        }
      });
    }

    it("lists newest first with key/value exact and a literal, case-insensitive q", async () => {
      const made: string[] = [];
      for (const [key, value] of [
        ["app.kubernetes.io/name", "web"],
        ["App.Tier", "frontend"],
        ["zone", "a"],
        ["x.*(y", "web"],
      ] as const) {
        const res = await a.http.post(base, { key, value, ...extra });
        assert.equal(res.status, 201);
        made.push((res.json as { id: string }).id);
      }
      const keys = async (query: string) => ((await a.http.get(`${base}${query}`)).json as { key: string }[]).map((i) => i.key);
      assert.deepEqual(await keys(""), ["x.*(y", "zone", "App.Tier", "app.kubernetes.io/name"]);
      assert.deepEqual(await keys("?key=zone"), ["zone"]);
      assert.deepEqual(await keys("?key=ZONE"), []);
      assert.deepEqual(await keys("?value=web"), ["x.*(y", "app.kubernetes.io/name"]);
      assert.deepEqual(await keys("?q=APP"), ["App.Tier", "app.kubernetes.io/name"]);
      assert.deepEqual(await keys(`?q=${encodeURIComponent(".*")}`), ["x.*(y"]);
      assert.deepEqual(await keys(`?q=${encodeURIComponent("(")}`), ["x.*(y"]);
      assert.deepEqual(await keys(`?q=${encodeURIComponent("^a")}`), []);
      assert.deepEqual(await keys("?q=app&key=App.Tier"), ["App.Tier"]);
      assert.deepEqual(await keys("?q=app&value=frontend"), ["App.Tier"]);
      assertTextError(await a.http.get(`${base}?include=servers`), 400, "invalid include");
      for (const id of made) assert.equal((await a.http.delete(`${base}/${id}`)).status, 204);
    });

    it("include=node_pools adds the pools each item is attached to", async () => {
      const item = (await a.http.post(base, { key: "tier", value: "db", ...extra })).json as { id: string };
      const lonely = (await a.http.post(base, { key: "lonely", value: "", ...extra })).json as { id: string };
      const p1 = (await a.http.post("/api/v1/node-pools", { name: "masters", role: "master" })).json as { id: string };
      const p2 = (await a.http.post("/api/v1/node-pools", { name: "workers", role: "worker" })).json as { id: string };
      for (const p of [p1, p2]) {
        const res = await a.http.post(`/api/v1/node-pools/${p.id}/${kind}`, { [`${singular}_ids`]: [item.id] });
        assert.equal(res.status, 204, res.text);
      }
      const list = (await a.http.get(`${base}?include=node_pools`)).json as { id: string; node_pools: unknown }[];
      assert.deepEqual(
        list.map((i) => [i.id, i.node_pools]),
        [
          [lonely.id, []],
          [
            item.id,
            [
              { id: p2.id, name: "workers", role: "worker" },
              { id: p1.id, name: "masters", role: "master" },
            ],
          ],
        ],
      );
      const plain = (await a.http.get(base)).json as Record<string, unknown>[];
      assert.ok(plain.every((i) => !("node_pools" in i)));
      // deleting the item removes its links: the pools no longer list it
      assert.equal((await a.http.delete(`${base}/${item.id}`)).status, 204);
      const pool = (await a.http.get(`/api/v1/node-pools/${p1.id}`)).json as Record<string, unknown[]>;
      assert.deepEqual(pool[kind], []);
      assert.deepEqual((await a.http.get(`/api/v1/node-pools/${p1.id}/${kind}`)).json, []);
      assert.equal(await rawCount(stack, "node_pool_links", { child_id: item.id }), 0);
      await a.http.delete(`${base}/${lonely.id}`);
    });

    it("another organization gets 404 on every route for these ids and never lists them", async () => {
      const item = (await a.http.post(base, { key: "secret", value: "a", ...extra })).json as { id: string };
      assertTextError(await b.http.get(`${base}/${item.id}`), 404, `${singular} not found`);
      assertTextError(await b.http.patch(`${base}/${item.id}`, { value: "b" }), 404, `${singular} not found`);
      assertTextError(await b.http.delete(`${base}/${item.id}`), 404, `${singular} not found`);
      assert.deepEqual((await b.http.get(base)).json, []);
      assert.deepEqual((await b.http.get(`${base}?key=secret`)).json, []);
      assert.equal(((await a.http.get(`${base}/${item.id}`)).json as { value: string }).value, "a");
      // org-scoped authorization: no X-Org-ID, someone else's org, no token
      assertTextError(await stack.http.get(base, { headers: a.user.bearer }), 403, "organization required");
      assertTextError(await stack.http.get(base, { headers: orgHeaders(b.user, a.orgId) }), 403, "forbidden");
      assertTextError(await stack.http.get(base, { headers: { "x-org-id": a.orgId } }), 401, "unauthorized");
    });
  });
}
