import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { uniquePrefix } from "../helpers/stack.ts";

/**
 * The embedded store's query pushdown (scripts/ferretdb/0002) keeps MongoDB's matching exact:
 * equality, $eq and $in of strings are answered through the field's index, and still match a
 * document whose field is an array holding the value, and nothing else. Run against the real
 * FerretDB the tests use (and, with MONGO_URL pointing at MongoDB, against MongoDB: the same
 * answers, without the plan checks).
 */

interface Doc {
  _id: string;
  organization_id?: unknown;
  key?: unknown;
}

const WEIRD = ['a"b', "a\\b", "é", "<&>", "\u2028", "tab\t", "\u0001", "😀", "a/b", "[x]", "", " spaced "];

describe("query pushdown on the embedded store: index-served and exact", () => {
  let client: mongoose.mongo.MongoClient;
  let coll: mongoose.mongo.Collection<Doc>;
  let db: mongoose.mongo.Db;
  let ferret = false;

  beforeAll(async () => {
    client = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    db = client.db(`${uniquePrefix()}_pushdown`);
    coll = db.collection<Doc>("things");
    await coll.createIndex({ organization_id: 1, _id: -1 }, undefined, undefined);
    await coll.createIndex({ key: 1 }, undefined, undefined);
    const docs: Doc[] = [];
    for (let i = 0; i < 300; i++) docs.push({ _id: `id${String(i).padStart(3, "0")}`, organization_id: `org${i % 10}`, key: `k${i % 7}` });
    docs.push(
      { _id: "array", organization_id: ["org1", "orgX"], key: ["k1", "only-in-array"] },
      { _id: "empty-array", organization_id: [], key: "empty" },
      { _id: "number", organization_id: 5, key: "5" },
      { _id: "null", organization_id: null, key: "null" },
      { _id: "missing", key: "missing" },
      { _id: "document", organization_id: { org: "org1" }, key: "document" },
    );
    WEIRD.forEach((w, i) => docs.push({ _id: `weird${i}`, organization_id: w, key: w }));
    await coll.insertMany(docs);
    ferret = "ferretdbVersion" in (await db.admin().command({ buildInfo: 1 }));
  });
  afterAll(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  const ids = async (filter: Record<string, unknown>) => (await coll.find(filter).toArray()).map((d) => d._id).sort();
  const plan = async (filter: Record<string, unknown>) =>
    (((await db.command({ explain: { find: "things", filter } })).queryPlanner as { Plan?: string[] } | undefined)?.Plan ?? []).join("\n");
  const orgIds = (org: number) => Array.from({ length: 30 }, (_, i) => `id${String(i * 10 + org).padStart(3, "0")}`);

  it("equality matches the value and arrays holding it, not other types or documents", async () => {
    assert.deepEqual(await ids({ organization_id: "org1" }), [...orgIds(1), "array"].sort());
    assert.deepEqual(await ids({ organization_id: "orgX" }), ["array"]);
    assert.deepEqual(await ids({ organization_id: "5" }), []);
    assert.deepEqual(await ids({ organization_id: { $eq: "org2" } }), orgIds(2));
    assert.deepEqual(await ids({ organization_id: { $in: ["org2", "orgX"] } }), [...orgIds(2), "array"].sort());
    assert.deepEqual(await ids({ key: "only-in-array" }), ["array"]);
    assert.deepEqual(await ids({ organization_id: { org: "org1" } }), ["document"]);
    assert.deepEqual(await ids({ organization_id: null }), ["missing", "null"]);
  });

  it("strings with quotes, escapes, control characters and non-ASCII match exactly", async () => {
    for (const [i, w] of WEIRD.entries()) assert.deepEqual(await ids({ organization_id: w }), [`weird${i}`], JSON.stringify(w));
  });

  it("combined conditions: _id with the organization, several fields, $in of ids", async () => {
    assert.deepEqual(await ids({ _id: "id005", organization_id: "org5" }), ["id005"]);
    assert.deepEqual(await ids({ _id: "id005", organization_id: "org4" }), []);
    assert.deepEqual(await ids({ _id: { $in: ["id005", "id006", "nope"] }, organization_id: "org5" }), ["id005"]);
    assert.deepEqual(await ids({ organization_id: "org1", key: "k1" }), ["array", ...orgIds(1).filter((id) => Number(id.slice(2)) % 7 === 1)].sort());
  });

  it("each of those is answered by an index search, never a scan of the collection", async () => {
    // MongoDB plans its own queries: this checks the embedded store's patch (MONGO_URL is FerretDB in CI)
    if (!ferret) return;
    const filters: Record<string, unknown>[] = [
      { organization_id: "org1" },
      { organization_id: { $eq: "org2" } },
      { organization_id: { $in: ["org2", "orgX"] } },
      { _id: "id005", organization_id: "org5" },
      { _id: { $in: ["id005", "id006"] }, organization_id: "org5" },
      { organization_id: "org1", key: "k1" },
      { organization_id: WEIRD[0] },
    ];
    for (const filter of filters) {
      const p = await plan(filter);
      assert.match(p, /SEARCH \S+ USING INDEX/, `${JSON.stringify(filter)}:\n${p}`);
      assert.doesNotMatch(p, /detail=SCAN /, `${JSON.stringify(filter)}:\n${p}`);
    }
    // the first field in the filter's order that leads an index chooses it (not SQLite's guess)
    assert.match(await plan({ organization_id: "org1", key: "k1" }), /USING INDEX \S+_organization_id_1/);
    assert.match(await plan({ key: "k1", organization_id: "org1" }), /USING INDEX \S+_key_1/);
    // what cannot be sent to SQL is still answered right, by a scan
    const mixed = { organization_id: { $in: ["org9", 5] } };
    assert.match(await plan(mixed), /detail=SCAN /);
    assert.deepEqual(await ids(mixed), [...orgIds(9), "number"].sort());
  });
});
