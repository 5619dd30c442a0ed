import { strict as assert } from "node:assert";
import { afterAll, beforeAll, beforeEach, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { isDuplicateKey } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { JobGroupCommit } from "../../services/jobs/group-commit.ts";
import { defineJobsModels, type JobDoc, type JobsModels } from "../../services/jobs/models.ts";
import { uniquePrefix } from "../helpers/stack.ts";

function newJob(overrides: Partial<JobDoc> = {}): JobDoc {
  const id = newId();
  const now = new Date();
  return {
    _id: id,
    type: "jobs.noop",
    queue: "default",
    payload_json: "{}",
    status: "running",
    attempts: 1,
    max_attempts: 3,
    run_at: now,
    last_error: "",
    lease_owner: "node-a",
    lease_expires_at: new Date(now.getTime() + 60_000),
    dedupe_key: null,
    once_key: id,
    epoch: 0,
    finished_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/**
 * The job engine's group commit against the real database: calls made in the same turn go out
 * as one command, and every caller still gets its own job's answer (a duplicate, a lost claim,
 * a job that moved on meanwhile), never its neighbours'.
 */
describe("job engine group commit: one command per batch, one answer per job", () => {
  let conn: mongoose.Connection;
  let models: JobsModels;
  let commit: JobGroupCommit;
  const commands: { name: string; collection: string }[] = [];

  beforeAll(async () => {
    conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: `${uniquePrefix()}_jobs`, monitorCommands: true }).asPromise();
    conn.getClient().on("commandStarted", (e) => commands.push({ name: e.commandName, collection: String((e.command as Record<string, unknown>)[e.commandName]) }));
    models = defineJobsModels(conn);
    await Promise.all(Object.values(models).map((m) => m.init()));
    commit = new JobGroupCommit(models);
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });
  beforeEach(() => {
    commands.length = 0;
  });

  const sent = (name: string, collection: string) => commands.filter((c) => c.name === name && c.collection === collection).length;

  it("concurrent inserts are one insert command; a duplicate once-key fails only its own job", async () => {
    const taken = newJob();
    await commit.insert(taken);
    commands.length = 0;
    const docs = Array.from({ length: 30 }, () => newJob());
    docs[12] = newJob({ once_key: taken.once_key });
    const results = await Promise.allSettled(docs.map((d) => commit.insert(d)));
    assert.equal(sent("insert", "jobs"), 1);
    results.forEach((r, i) => {
      if (i === 12) assert.ok(r.status === "rejected" && isDuplicateKey(r.reason), "the duplicate is refused");
      else assert.equal(r.status, "fulfilled", `job ${i} stored`);
    });
    const stored = await models.jobs.find({ _id: { $in: docs.map((d) => d._id) } }).lean();
    assert.equal(stored.length, 29);
    assert.ok(!stored.some((d) => d._id === docs[12]!._id));
  });

  it("claims taken in one batch: each key has exactly one winner, also against another replica's batch", async () => {
    const other = new JobGroupCommit(models);
    const keys = Array.from({ length: 20 }, () => `lease:${newId()}:0:1`);
    const [mine, theirs] = await Promise.all([
      Promise.all(keys.map((k) => commit.claim(k, { job_id: "x", owner: "a", created_at: new Date() }))),
      Promise.all(keys.map((k) => other.claim(k, { job_id: "x", owner: "b", created_at: new Date() }))),
    ]);
    keys.forEach((k, i) => assert.equal(Number(mine[i]) + Number(theirs[i]), 1, `one winner for ${k}`));
    const owners = await models.claims.find({ _id: { $in: keys } }).lean();
    for (const c of owners) assert.equal(c.owner, mine[keys.indexOf(c._id)] ? "a" : "b", "the stored claim is the winner's");
    assert.equal(sent("insert", "claims"), 2, "one insert per replica's batch");
    assert.equal(await commit.claim(keys[0]!, { job_id: "x", owner: "a", created_at: new Date() }), false, "taken is taken");
  });

  it("reads by id are one find; a missing job is null", async () => {
    const docs = Array.from({ length: 10 }, () => newJob());
    await Promise.all(docs.map((d) => commit.insert(d)));
    commands.length = 0;
    const ids = [...docs.map((d) => d._id), newId()];
    const read = await Promise.all(ids.map((id) => commit.job(id)));
    assert.equal(sent("find", "jobs"), 1);
    assert.deepEqual(
      read.slice(0, 10).map((d) => d?._id),
      docs.map((d) => d._id),
    );
    assert.equal(read[10], null);
  });

  it("conditional outcomes are one updateMany; a job canceled meanwhile is left alone and told so", async () => {
    const docs = Array.from({ length: 20 }, () => newJob());
    await Promise.all(docs.map((d) => commit.insert(d)));
    const canceled = new Set([docs[3]!._id, docs[15]!._id]);
    await models.jobs.updateMany({ _id: { $in: [...canceled] } }, { $set: { status: "canceled" } });
    commands.length = 0;
    const now = new Date();
    const set = { status: "succeeded" as const, attempts: 1, lease_expires_at: null, finished_at: now, updated_at: now };
    const written = await Promise.all(docs.map((d) => commit.update({ id: d._id, set, where: { epoch: 0, attempts: 1, status: "running" } })));
    assert.equal(sent("update", "jobs"), 1);
    docs.forEach((d, i) => assert.equal(written[i], !canceled.has(d._id), `answer for job ${i}`));
    const stored = await models.jobs.find({ _id: { $in: docs.map((d) => d._id) } }).lean();
    for (const d of stored) assert.equal(d.status, canceled.has(d._id) ? "canceled" : "succeeded");
  });

  it("different changes in one turn are written separately, each to its own jobs", async () => {
    const docs = Array.from({ length: 6 }, () => newJob());
    await Promise.all(docs.map((d) => commit.insert(d)));
    const now = new Date();
    await Promise.all(docs.map((d, i) => commit.update({ id: d._id, set: { status: i % 2 ? "failed" : "succeeded", last_error: i % 2 ? "boom" : "", updated_at: now } })));
    const stored = await models.jobs.find({ _id: { $in: docs.map((d) => d._id) } }).lean();
    for (const d of stored) {
      const i = docs.findIndex((x) => x._id === d._id);
      assert.deepEqual([d.status, d.last_error], i % 2 ? ["failed", "boom"] : ["succeeded", ""]);
    }
  });

  it("a batch larger than one command is split and still fully answered", async () => {
    const docs = Array.from({ length: 230 }, () => newJob());
    await Promise.all(docs.map((d) => commit.insert(d)));
    assert.equal(await models.jobs.countDocuments({ _id: { $in: docs.map((d) => d._id) } }), 230);
    commands.length = 0;
    const now = new Date();
    const ok = await Promise.all(docs.map((d) => commit.update({ id: d._id, set: { status: "succeeded", updated_at: now, finished_at: now }, where: { status: "running" } })));
    assert.ok(ok.every(Boolean));
    assert.equal(sent("update", "jobs"), 3, "230 updates in batches of at most 100");
    assert.equal(await models.jobs.countDocuments({ _id: { $in: docs.map((d) => d._id) }, status: "succeeded" }), 230);
  });
});
