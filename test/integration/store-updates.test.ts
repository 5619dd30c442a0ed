import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { uniquePrefix } from "../helpers/stack.ts";

interface Doc {
  _id: string;
  group: string;
  n: number;
  tag?: string;
}

/**
 * Multi-document updates on the embedded store (scripts/ferretdb/0009 writes the documents an
 * update modifies in batches of 100 per transaction): the answer and the stored documents are
 * MongoDB's, across batch boundaries, with unmodified matches and documents outside the filter.
 */
describe("updateMany on the embedded store: batched writes, MongoDB's answers", () => {
  let client: mongoose.mongo.MongoClient;
  let db: mongoose.mongo.Db;
  let coll: mongoose.mongo.Collection<Doc>;

  beforeAll(async () => {
    client = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    db = client.db(`${uniquePrefix()}_updates`);
    coll = db.collection<Doc>("things");
    const docs: Doc[] = [];
    for (let i = 0; i < 260; i++) docs.push({ _id: `d${String(i).padStart(3, "0")}`, group: i < 250 ? "a" : "b", n: i });
    await coll.insertMany(docs);
  });
  afterAll(async () => {
    await db?.dropDatabase();
    await client?.close();
  });

  it("modifies every match across several batches and counts them", async () => {
    const res = await coll.updateMany({ group: "a" }, { $set: { tag: "x" } });
    assert.deepEqual([res.matchedCount, res.modifiedCount], [250, 250]);
    assert.equal(await coll.countDocuments({ tag: "x" }), 250);
    assert.equal(await coll.countDocuments({ group: "b", tag: { $exists: true } }), 0, "documents outside the filter untouched");
  });

  it("a match that already holds the value is matched but not modified", async () => {
    await coll.updateMany({ _id: { $in: ["d000", "d001", "d002"] } }, { $set: { tag: "y" } });
    const res = await coll.updateMany({ _id: { $in: ["d000", "d001", "d002", "d003", "d255"] } }, { $set: { tag: "y" } });
    assert.deepEqual([res.matchedCount, res.modifiedCount], [5, 2]);
    assert.deepEqual(
      (await coll.find({ tag: "y" }).sort({ _id: 1 }).toArray()).map((d) => d._id),
      ["d000", "d001", "d002", "d003", "d255"],
    );
  });

  it("operators see each document's own values", async () => {
    const res = await coll.updateMany({ n: { $gte: 100, $lt: 205 } }, { $inc: { n: 1000 } });
    assert.deepEqual([res.matchedCount, res.modifiedCount], [105, 105]);
    const d150 = await coll.findOne({ _id: "d150" });
    assert.equal(d150?.n, 1150);
    assert.equal((await coll.findOne({ _id: "d099" }))?.n, 99);
  });

  it("findAndModify and single updates are unchanged", async () => {
    const before = await coll.findOneAndUpdate({ _id: "d010" }, { $set: { tag: "z" } }, { returnDocument: "before" });
    assert.equal(before?.tag, "x");
    const one = await coll.updateOne({ group: "a" }, { $set: { tag: "only-one" } });
    assert.deepEqual([one.matchedCount, one.modifiedCount], [1, 1]);
    assert.equal(await coll.countDocuments({ tag: "only-one" }), 1);
  });
});
