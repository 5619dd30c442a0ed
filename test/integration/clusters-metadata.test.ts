import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose, { type Connection } from "mongoose";
import { startStack, type Stack } from "../helpers/stack.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";

const TEXT = "text/plain; charset=utf-8";
const MISSING = "0193a000-0000-7000-8000-00000000dead";

interface Entry {
  id: string;
  organization_id: string;
  cluster_id: string;
  key: string;
  value: string;
  created_at: string;
  updated_at: string;
}

interface ClusterOut {
  id: string;
  name: string;
  metadata: Record<string, string>;
}

function assertTextError(res: { status: number; contentType: string; text: string }, status: number, message: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, message);
}

describe("cluster metadata: CRUD, the metadata object of every cluster answer, the metadata.<key> list filter, events, isolation", () => {
  let stack: Stack;
  let a: Tenant;
  let b: Tenant;
  let raw: Connection;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "clusters", "events"] });
    a = await newTenant(stack, "Metadata A");
    b = await newTenant(stack, "Metadata B");
    raw = mongoose.createConnection(process.env.MONGO_URL!).useDb(`${stack.dbPrefix}_clusters`, { useCache: false });
  });
  afterAll(async () => {
    await raw.close();
    await stack.stop();
  });

  const cluster = async (t: Tenant, name: string): Promise<ClusterOut> => {
    const res = await t.http.post<ClusterOut>("/api/v1/clusters", { name });
    assert.equal(res.status, 201, res.text);
    return res.json;
  };
  const add = async (t: Tenant, clusterId: string, body: Record<string, unknown>): Promise<Entry> => {
    const res = await t.http.post<Entry>(`/api/v1/clusters/${clusterId}/metadata`, body);
    assert.equal(res.status, 201, res.text);
    return res.json;
  };

  it("POST: key lower-cased and trimmed, value trimmed, 201 with Location; the cluster answers carry the metadata object", async () => {
    const c = await cluster(a, "meta-1");
    assert.deepEqual(c.metadata, {});
    const res = await a.http.post<Entry>(`/api/v1/clusters/${c.id}/metadata`, { key: "  Team-Name ", value: "  platform  " });
    assert.equal(res.status, 201, res.text);
    const e = res.json;
    assert.deepEqual(Object.keys(e).sort(), ["cluster_id", "created_at", "id", "key", "organization_id", "updated_at", "value"]);
    assert.equal(e.key, "team-name");
    assert.equal(e.value, "platform");
    assert.equal(e.cluster_id, c.id);
    assert.equal(e.organization_id, a.orgId);
    assert.equal(res.headers.get("location"), `/api/v1/clusters/${c.id}/metadata/${e.id}`);
    assert.deepEqual((await a.http.get(`/api/v1/clusters/${c.id}/metadata/${e.id}`)).json, e);
    await add(a, c.id, { key: "env", value: "prod" });
    const got = await a.http.get<ClusterOut>(`/api/v1/clusters/${c.id}`);
    assert.deepEqual(got.json.metadata, { env: "prod", "team-name": "platform" });
    const listed = (await a.http.get<ClusterOut[]>("/api/v1/clusters")).json.find((x) => x.id === c.id);
    assert.deepEqual(listed?.metadata, { env: "prod", "team-name": "platform" });
    // an empty value is a value
    assert.equal((await add(a, c.id, { key: "note", value: "" })).value, "");
    const list = await a.http.get<Entry[]>(`/api/v1/clusters/${c.id}/metadata`);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.json.map((x) => x.key),
      ["note", "env", "team-name"],
    );
  });

  it("validation: missing and wrong fields in one message style; a duplicate key (in any case) is 409", async () => {
    const c = await cluster(a, "meta-2");
    const base = `/api/v1/clusters/${c.id}/metadata`;
    assertTextError(await a.http.post(base, {}), 400, "missing fields: key, value");
    assertTextError(await a.http.post(base, { value: "x" }), 400, "missing fields: key");
    assertTextError(await a.http.post(base, { key: "   ", value: "x" }), 400, "missing fields: key");
    assertTextError(await a.http.post(base, { key: "k" }), 400, "missing fields: value");
    assertTextError(await a.http.post(base, { key: { $gt: "" }, value: "x" }), 400, "invalid key");
    assertTextError(await a.http.post(base, { key: "two words", value: "x" }), 400, "invalid key");
    assertTextError(await a.http.post(base, { key: "k".repeat(254), value: "x" }), 400, "invalid key");
    assertTextError(await a.http.post(base, { key: "k", value: 5 }), 400, "invalid value");
    assertTextError(await a.http.post(base, { key: "k", value: "v".repeat(1025) }), 400, "invalid value");
    assertTextError(await a.http.post(base, "[]", { raw: true }), 400, "invalid json");
    await add(a, c.id, { key: "Env", value: "prod" });
    assertTextError(await a.http.post(base, { key: "ENV", value: "staging" }), 409, "metadata key already exists");
    const entries = await raw.collection("cluster_metadata").find({ cluster_id: c.id }).toArray();
    assert.deepEqual(
      entries.map((d) => [d.key, d.value]),
      [["env", "prod"]],
    );
  });

  it("PATCH changes key or value (409 on another entry's key); DELETE removes (204, then 404)", async () => {
    const c = await cluster(a, "meta-3");
    const env = await add(a, c.id, { key: "env", value: "prod" });
    const tier = await add(a, c.id, { key: "tier", value: "web" });
    const url = `/api/v1/clusters/${c.id}/metadata/${env.id}`;
    const patched = await a.http.patch<Entry>(url, { value: "  staging " });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.value, "staging");
    assert.equal(patched.json.key, "env");
    const renamed = await a.http.patch<Entry>(url, { key: "Stage" });
    assert.equal(renamed.json.key, "stage");
    assertTextError(await a.http.patch(url, { key: "TIER" }), 409, "metadata key already exists");
    assertTextError(await a.http.patch(url, { value: [] }), 400, "invalid value");
    assert.deepEqual((await a.http.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json.metadata, { stage: "staging", tier: "web" });
    // an unchanged body answers the entry as it is
    assert.deepEqual((await a.http.patch(url, {})).json, renamed.json);

    const del = await a.http.delete(`/api/v1/clusters/${c.id}/metadata/${tier.id}`);
    assert.equal(del.status, 204);
    assertTextError(await a.http.delete(`/api/v1/clusters/${c.id}/metadata/${tier.id}`), 404, "metadata not found");
    assertTextError(await a.http.get(`/api/v1/clusters/${c.id}/metadata/${tier.id}`), 404, "metadata not found");
    assert.deepEqual((await a.http.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json.metadata, { stage: "staging" });
    // an entry addressed under another cluster of the organization is not found
    const other = await cluster(a, "meta-3b");
    assertTextError(await a.http.get(`/api/v1/clusters/${other.id}/metadata/${env.id}`), 404, "metadata not found");
    assertTextError(await a.http.get(`/api/v1/clusters/${c.id}/metadata/nope`), 400, "invalid id");
    assertTextError(await a.http.get(`/api/v1/clusters/${MISSING}/metadata`), 404, "cluster not found");
    assertTextError(await a.http.post(`/api/v1/clusters/${MISSING}/metadata`, { key: "k", value: "v" }), 404, "cluster not found");
  });

  it("GET /clusters?metadata.<key>=<value>: every filter must match; key case-insensitive, value exact; paged", async () => {
    const t = await newTenant(stack, "Filters");
    const one = await cluster(t, "one");
    const two = await cluster(t, "two");
    const three = await cluster(t, "three");
    await add(t, one.id, { key: "env", value: "prod" });
    await add(t, one.id, { key: "tier", value: "web" });
    await add(t, two.id, { key: "env", value: "prod" });
    await add(t, two.id, { key: "tier", value: "db" });
    await add(t, three.id, { key: "env", value: "Prod" });
    const names = async (query: string) => {
      const res = await t.http.get<ClusterOut[]>(`/api/v1/clusters?${query}`);
      assert.equal(res.status, 200, res.text);
      return res.json.map((c) => c.name);
    };
    assert.deepEqual(await names("metadata.env=prod"), ["two", "one"]);
    assert.deepEqual(await names("metadata.ENV=prod"), ["two", "one"]);
    assert.deepEqual(await names("metadata.env=Prod"), ["three"]);
    assert.deepEqual(await names("metadata.env=prod&metadata.tier=web"), ["one"]);
    assert.deepEqual(await names("metadata.env=prod&metadata.tier=cache"), []);
    assert.deepEqual(await names("metadata.missing=x"), []);
    assert.deepEqual(await names("metadata.env=prod&q=tw"), ["two"]);
    // pages follow the filter
    const first = await t.http.get<ClusterOut[]>("/api/v1/clusters?metadata.env=prod&limit=1");
    assert.deepEqual(
      first.json.map((c) => c.name),
      ["two"],
    );
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    assert.ok(next, "a Link to the next page");
    assert.deepEqual(
      (await t.http.get<ClusterOut[]>(next)).json.map((c) => c.name),
      ["one"],
    );
    assertTextError(await t.http.get("/api/v1/clusters?metadata.env=a&metadata.env=b"), 400, "invalid query parameter: metadata.env");
    assertTextError(await t.http.get("/api/v1/clusters?metadata.=x"), 400, "invalid query parameter: metadata.");
    // another organization's entries never match
    await add(b, (await cluster(b, "b-prod")).id, { key: "env", value: "prod" });
    assert.deepEqual(await names("metadata.env=prod"), ["two", "one"]);
  });

  it("another organization's cluster and entries answer 404; a deleted cluster takes its metadata along", async () => {
    const c = await cluster(a, "meta-4");
    const e = await add(a, c.id, { key: "owner", value: "alice" });
    assertTextError(await b.http.get(`/api/v1/clusters/${c.id}/metadata`), 404, "cluster not found");
    assertTextError(await b.http.post(`/api/v1/clusters/${c.id}/metadata`, { key: "x", value: "y" }), 404, "cluster not found");
    assertTextError(await b.http.patch(`/api/v1/clusters/${c.id}/metadata/${e.id}`, { value: "bob" }), 404, "cluster not found");
    assertTextError(await b.http.delete(`/api/v1/clusters/${c.id}/metadata/${e.id}`), 404, "cluster not found");
    const bc = await cluster(b, "b-own");
    assertTextError(await b.http.get(`/api/v1/clusters/${bc.id}/metadata/${e.id}`), 404, "metadata not found");
    assert.equal((await a.http.get<Entry>(`/api/v1/clusters/${c.id}/metadata/${e.id}`)).json.value, "alice");

    assert.equal((await a.http.delete(`/api/v1/clusters/${c.id}`)).status, 204);
    assert.equal(await raw.collection("cluster_metadata").countDocuments({ cluster_id: c.id }), 0);
  });

  it("every metadata change is an audit event with its key and value", async () => {
    const c = await cluster(a, "meta-5");
    const e = await add(a, c.id, { key: "cost-center", value: "42" });
    assert.equal((await a.http.patch(`/api/v1/clusters/${c.id}/metadata/${e.id}`, { value: "43" })).status, 200);
    assert.equal((await a.http.delete(`/api/v1/clusters/${c.id}/metadata/${e.id}`)).status, 204);
    const events = await waitUntil("the three metadata events in the audit log", async () => {
      const res = await a.http.get<{ type: string; resource_type: string; data: unknown }[]>(`/api/v1/audit-events?resource_id=${e.id}`);
      return res.json.length === 3 ? res.json : undefined;
    });
    assert.deepEqual(
      events.map((x) => x.type),
      ["cluster_metadata.deleted", "cluster_metadata.updated", "cluster_metadata.created"],
    );
    assert.deepEqual(events[2]?.data, { changed: ["cluster_id", "key", "value"], values: { cluster_id: c.id, key: "cost-center", value: "42" } });
    assert.deepEqual(events[1]?.data, { changed: ["value"], values: { value: "43" } });
    // a deleted cluster's entries each get their deleted event
    const d = await add(a, c.id, { key: "gone", value: "soon" });
    assert.equal((await a.http.delete(`/api/v1/clusters/${c.id}`)).status, 204);
    await waitUntil("the cascaded metadata event", async () => {
      const res = await a.http.get<{ type: string }[]>(`/api/v1/audit-events?resource_id=${d.id}`);
      return res.json.some((x) => x.type === "cluster_metadata.deleted") ? true : undefined;
    });
  });
});
