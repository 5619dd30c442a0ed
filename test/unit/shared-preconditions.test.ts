import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import type { Connection } from "mongoose";
import { docSchema, ServiceDatabase } from "../../shared/db.ts";
import { entityTagOf } from "../../shared/entity-tag.ts";
import { newId } from "../../shared/ids.ts";
import { REVISION_CLAIMS, withPrecondition, type PreconditionRequest } from "../../shared/preconditions.ts";
import type { Caller } from "../../shared/service.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

interface ThingDoc {
  _id: string;
  name: string;
  _rev?: number;
}

/** A collection as every service's: a `docSchema`, so its writes carry revisions and conditional writes. */
function defineThings(conn: Connection) {
  return { things: conn.model<ThingDoc>("things", docSchema<ThingDoc>("key", { name: { type: String, required: true } })) };
}

/** Conditional writes (`If-Match`, shared/preconditions.ts) over a real database, with the GET action answered by a fake service. */
describe("preconditions", () => {
  const db = new ServiceDatabase("preconditions", defineThings);
  useTestDatabase(db);
  /** The resource's answer as its GET action gives it (404 when it is gone). */
  async function answerOf(id: string): Promise<{ id: string; name: string }> {
    const doc = await db.models.things.findById(id).lean();
    if (!doc) throw new Error("thing not found");
    return { id: doc._id, name: doc.name };
  }

  /** The GET action's service, as a caller reaches it. */
  const caller = { call: (_name: string, params: { id: string }) => answerOf(params.id) } as unknown as Caller;

  const guard = (id: string, ifMatch: PreconditionRequest["if_match"]): PreconditionRequest => ({
    if_match: ifMatch,
    action: "things.update",
    get: "things.get",
    get_params: { id },
    target: id,
  });

  /** A stored thing and its current entity tag. */
  async function thing(name: string): Promise<{ id: string; tag: string }> {
    const id = newId();
    await db.models.things.create({ _id: id, name });
    return { id, tag: entityTagOf({ id, name }) };
  }

  /**
   * The write the action makes: a rename, awaited inside the action (a mongoose query is lazy: one
   * handed back unawaited would run outside the request's guard, where the caller awaits it).
   */
  async function rename(id: string, name: string): Promise<void> {
    await db.models.things.updateOne({ _id: id }, { $set: { name } });
  }

  it("raises a document's revision with every update", async () => {
    const { id } = await thing("a");
    assert.equal((await db.models.things.findById(id).lean())?._rev, undefined, "a new document has none yet");
    await rename(id, "b");
    await db.models.things.findOneAndUpdate({ _id: id }, { name: "c" });
    await db.models.things.updateMany({ _id: id }, { $set: { name: "d" }, $inc: {} });
    const doc = await db.models.things.findById(id).lean();
    assert.deepEqual([doc?.name, doc?._rev], ["d", 3]);
  });

  it("writes when the tag is the resource's current one (or `*`), and lets go of its claim", async () => {
    const { id, tag } = await thing("before");
    const result = await withPrecondition(caller, guard(id, [tag]), async () => {
      await rename(id, "after");
      return "done";
    });
    assert.equal(result, "done");
    assert.deepEqual(await answerOf(id), { id, name: "after" });
    assert.equal(await db.connection.collection(REVISION_CLAIMS).countDocuments({}), 0);
    await withPrecondition(caller, guard(id, "*"), () => rename(id, "star"));
    assert.equal((await answerOf(id)).name, "star");
  });

  it("refuses a stale tag with 412 naming the current one, before anything runs", async () => {
    const { id } = await thing("current");
    let ran = false;
    await assert.rejects(
      withPrecondition(caller, guard(id, [entityTagOf({ id, name: "old" }), `W/${entityTagOf({ id, name: "current" })}`]), () => {
        ran = true;
        return rename(id, "changed");
      }),
      {
        code: 412,
        type: "precondition_failed",
        message: "precondition failed: the resource has changed since that entity tag",
        data: { etag: entityTagOf({ id, name: "current" }) },
      },
    );
    assert.equal(ran, false);
    assert.equal((await answerOf(id)).name, "current");
  });

  it("refuses the write when the resource changed between the check and the write", async () => {
    const { id, tag } = await thing("first");
    await assert.rejects(
      withPrecondition(caller, guard(id, [tag]), async () => {
        // another writer, outside this request, gets there first
        await db.connection.collection<{ _id: string }>("things").updateOne({ _id: id }, { $set: { name: "theirs" }, $inc: { _rev: 1 } });
        await rename(id, "mine");
      }),
      { code: 412, data: { etag: entityTagOf({ id, name: "theirs" }) } },
    );
    assert.equal((await answerOf(id)).name, "theirs");
  });

  it("lets exactly one of two writers of the same revision win; the other's 412 names the winner's result", async () => {
    const { id, tag } = await thing("start");
    const results = await Promise.allSettled(["left", "right"].map((name) => withPrecondition(caller, guard(id, [tag]), () => rename(id, name))));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    assert.equal(won.length, 1);
    assert.equal(lost.length, 1);
    const final = await answerOf(id);
    assert.ok(["left", "right"].includes(final.name));
    assert.deepEqual([lost[0]?.reason.code, lost[0]?.reason.data], [412, { etag: entityTagOf(final) }]);
    assert.equal((await db.models.things.findById(id).lean())?._rev, 1, "one write happened");
    assert.equal(await db.connection.collection(REVISION_CLAIMS).countDocuments({}), 0);
  });

  it("leaves writes of other documents alone", async () => {
    const target = await thing("target");
    const other = await thing("other");
    await withPrecondition(caller, guard(target.id, [target.tag]), async () => {
      await rename(other.id, "other changed");
      await rename(target.id, "target changed");
    });
    assert.deepEqual([(await answerOf(target.id)).name, (await answerOf(other.id)).name], ["target changed", "other changed"]);
  });
});
