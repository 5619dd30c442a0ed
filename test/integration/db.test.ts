import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { POOL_CHECK_MS, ServiceDatabase, claimOnce, databaseName } from "../../shared/db.ts";
import { apiError } from "../../shared/errors.ts";
import { OrgResources, orgSchema, type OrgDoc } from "../../shared/resource.ts";
import { newId } from "../../shared/ids.ts";
import { resetConfig } from "../../shared/config.ts";
import { uniquePrefix } from "../helpers/stack.ts";
import { unitCaller } from "../helpers/unit-database.ts";

interface Widget extends OrgDoc {
  name: string;
  size: number;
}

const widgetResponse = (d: Widget) => ({
  id: d._id,
  organization_id: d.organization_id,
  name: d.name,
  size: d.size,
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
});

function defineModels(conn: import("mongoose").Connection) {
  const schema = orgSchema<Widget>({ name: { type: String, required: true }, size: { type: Number, default: 0 } });
  schema.index({ organization_id: 1, name: 1 }, { unique: true });
  return { widgets: conn.model<Widget>("widgets", schema) };
}

describe("database helper and org-scoped resources (real MongoDB-compatible server)", () => {
  const prefix = uniquePrefix();
  let db: ServiceDatabase<ReturnType<typeof defineModels>>;
  let widgets: OrgResources<Widget, ReturnType<typeof widgetResponse>>;
  const orgA = newId();
  const orgB = newId();

  beforeAll(async () => {
    process.env.DB_PREFIX = prefix;
    resetConfig();
    db = new ServiceDatabase("widgets", defineModels);
    await db.open();
    widgets = new OrgResources({ kind: "widget", model: db.models.widgets, toResponse: widgetResponse, conflict: () => apiError("conflict", "widget name taken") });
  });
  afterAll(async () => {
    await db.connection.dropDatabase();
    await db.close();
  });

  it("uses its own database named <prefix>_<service>", async () => {
    assert.equal(databaseName("widgets"), `${prefix}_widgets`);
    assert.equal(db.connection.name, `${prefix}_widgets`);
    assert.equal(await db.ping(), true);
  });

  it("an idle connection pool checks its size every POOL_CHECK_MS, not the driver's 100 ms; indexes are never built implicitly", () => {
    const client = db.connection.getClient() as unknown as { topology?: { s: { servers: Map<string, { pool: { options: { minPoolSizeCheckFrequencyMS: number } } }> } } };
    const pools = [...(client.topology?.s.servers.values() ?? [])].map((s) => s.pool.options.minPoolSizeCheckFrequencyMS);
    assert.ok(pools.length >= 1);
    assert.deepEqual(new Set(pools), new Set([POOL_CHECK_MS]));
    assert.equal(db.connection.get("autoIndex"), false);
  });

  it("creates with a UUIDv7 id and RFC 3339 timestamps, lists newest first", async () => {
    const first = await widgets.create(unitCaller, orgA, { name: "one", size: 1 });
    const second = await widgets.create(unitCaller, orgA, { name: "two", size: 2 });
    assert.match(first.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(first.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const list = (await widgets.list(orgA)).items;
    assert.deepEqual(
      list.map((w) => w.name),
      ["two", "one"],
    );
    assert.equal(second.organization_id, orgA);
  });

  it("another organization sees nothing and gets 404 for a foreign id", async () => {
    const [w] = (await widgets.list(orgA)).items;
    assert.deepEqual(await widgets.list(orgB), { items: [] });
    await assert.rejects(widgets.get(orgB, w!.id), { type: "not_found", message: "widget not found", code: 404 });
    await assert.rejects(widgets.update(unitCaller, orgB, w!.id, { size: 99 }), { type: "not_found" });
    await assert.rejects(widgets.remove(unitCaller, orgB, w!.id), { type: "not_found" });
    assert.equal((await widgets.get(orgA, w!.id)).size, w!.size);
  });

  it("a malformed id is 400 invalid id", async () => {
    await assert.rejects(widgets.get(orgA, "not-a-uuid"), { type: "invalid_id", code: 400 });
  });

  it("enforces unique indexes as 409 conflict (FerretDB supports unique indexes)", async () => {
    await assert.rejects(widgets.create(unitCaller, orgA, { name: "one" }), { type: "conflict", message: "widget name taken", code: 409 });
    // the same name in another organization is fine
    await widgets.create(unitCaller, orgB, { name: "one" });
  });

  it("updates with findOneAndUpdate and returns the new document", async () => {
    const w = await widgets.create(unitCaller, orgA, { name: "counter", size: 0 });
    const updated = await widgets.update(unitCaller, orgA, w.id, { $set: { size: 7 } });
    assert.equal(updated.size, 7);
    assert.equal((await widgets.get(orgA, w.id)).size, 7);
    assert.ok(updated.updated_at >= w.updated_at);
  });

  it("claimOnce has exactly one winner among concurrent claimers", async () => {
    const claims = db.connection.model("claims", new (await import("mongoose")).Schema({ _id: String }, { versionKey: false }));
    for (let round = 0; round < 10; round++) {
      const key = newId();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => claimOnce(claims, key, { by: i })));
      assert.equal(results.filter(Boolean).length, 1, `round ${round}: ${results.join(",")}`);
    }
  });

  it("removes and purges only the organization's documents", async () => {
    const w = await widgets.create(unitCaller, orgA, { name: "doomed" });
    await widgets.remove(unitCaller, orgA, w.id);
    await assert.rejects(widgets.get(orgA, w.id), { type: "not_found" });
    const purged = await widgets.purge(orgA);
    assert.ok(purged >= 3);
    assert.deepEqual(await widgets.list(orgA), { items: [] });
    assert.equal((await widgets.list(orgB)).items.length, 1);
  });
});
