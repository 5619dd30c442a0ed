import { strict as assert } from "node:assert";
import { beforeAll, describe, it } from "@jest/globals";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { JobGroupCommit } from "../../services/jobs/group-commit.ts";
import { defineJobsModels } from "../../services/jobs/models.ts";
import { pauseQueue, resumeQueue } from "../../services/jobs/pauses.ts";
import { periodKey, periodStart } from "../../services/jobs/periodic.ts";
import { JobRegistry } from "../../services/jobs/registry.ts";
import { adminJob, cancelJob, cleanupFinished, enqueueJob, getMany, listJobs, periodicJobs, queueInfo, retryJob, type JobStore } from "../../services/jobs/store.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

const DAY = 86_400_000;

/** The jobs service's store (services/jobs/store.ts, pauses.ts) over its own database: no broker, no engine. */
describe("jobs store (no broker)", () => {
  const db = new ServiceDatabase("jobs", defineJobsModels);
  useTestDatabase(db);
  let store: JobStore;

  /** Enqueues a job that must be created, and answers its id. */
  async function enqueue(input: Parameters<typeof enqueueJob>[1], now?: Date): Promise<string> {
    const res = await enqueueJob(store, input, now);
    assert.equal(res?.created, true);
    return res.job._id;
  }

  beforeAll(async () => {
    store = {
      models: db.models,
      registry: new JobRegistry(JSON.stringify({ "unit.probe": { queue: "unitq", timeoutMs: 1000, maxAttempts: 2 } })),
      commit: new JobGroupCommit(db.models),
    };
  });

  it("stores a new job with its type's queue and attempts: queued when due, scheduled when later; 400 for an unknown type", async () => {
    const now = new Date();
    const id = await enqueue({ type: "dns.reconcileDomain", payload: { domain_id: "d1" } }, now);
    const stored = await db.models.jobs.findById(id).lean();
    assert.equal(stored?.status, "queued");
    assert.equal(stored.queue, "dns");
    assert.equal(stored.max_attempts, 8);
    assert.equal(stored.attempts, 0);
    assert.equal(stored.payload_json, '{"domain_id":"d1"}');
    assert.equal(stored.once_key, id);

    const later = await enqueue({ type: "unit.probe", payload: {}, run_at: new Date(now.getTime() + 60_000), max_attempts: 5 }, now);
    const [job] = await getMany(db.models, [later]);
    assert.deepEqual([job?.status, job?.queue, job?.max_attempts], ["scheduled", "unitq", 5]);

    await assert.rejects(enqueueJob(store, { type: "no.suchType", payload: {} }), { code: 400, type: "validation_error", message: "unknown job type" });
  });

  it("hands back the unfinished job holding a dedupe key, and takes the key again once that job is canceled", async () => {
    const first = await enqueue({ type: "unit.probe", payload: { n: 1 }, dedupe_key: "probe:1" });
    const again = await enqueueJob(store, { type: "unit.probe", payload: { n: 2 }, dedupe_key: "probe:1" });
    assert.deepEqual([again?.created, again?.job._id], [false, first]);
    await cancelJob(db.models, first, "user:u1");
    const third = await enqueue({ type: "unit.probe", payload: { n: 3 }, dedupe_key: "probe:1" });
    assert.notEqual(third, first);
  });

  it("enqueues a once-key only once", async () => {
    const key = periodKey("unit.probe", periodStart(Date.now(), 60_000));
    await enqueue({ type: "unit.probe", payload: {}, once_key: key });
    assert.equal(await enqueueJob(store, { type: "unit.probe", payload: {}, once_key: key }), null);
    assert.equal(await db.models.jobs.countDocuments({ once_key: key }), 1);
  });

  it("cancels an unfinished job once, and retries a finished one under a new run; both show in its history", async () => {
    const id = await enqueue({ type: "unit.probe", payload: {} });
    const canceled = await cancelJob(db.models, id, "user:admin");
    assert.equal(canceled.status, "canceled");
    assert.ok(canceled.finished_at instanceof Date);
    await assert.rejects(cancelJob(db.models, id, "user:admin"), { code: 400, message: "job not cancellable" });

    const retried = await retryJob(db.models, id, "user:admin");
    assert.deepEqual([retried.status, retried.attempts, retried.epoch, retried.finished_at], ["queued", 0, 1, null]);
    await assert.rejects(retryJob(db.models, id, "user:admin"), { code: 400, message: "job not eligible for retry" });

    const admin = await adminJob(db.models, id);
    assert.equal(admin.status, "queued");
    assert.equal(admin.finished_at, null);
    assert.deepEqual(
      admin.history.map((h) => [h.kind, h.run, h.attempt, h.by]),
      [
        ["cancel", 1, null, "user:admin"],
        ["retry", 2, null, "user:admin"],
      ],
    );
    for (const missing of [() => cancelJob(db.models, newId(), "a"), () => retryJob(db.models, newId(), "a"), () => adminJob(db.models, newId())]) {
      await assert.rejects(missing, { code: 404, message: "job not found" });
    }
  });

  it("lists jobs newest first with counts per status, hides periodic ones unless asked, and finds text literally", async () => {
    const type = "jobs.noop";
    const a = await enqueue({ type, payload: { note: "alpha (1)" } });
    const b = await enqueue({ type, payload: { note: "beta" } });
    await cancelJob(db.models, b, "user:admin");
    const periodic = await enqueue({ type, payload: {}, once_key: periodKey(type, periodStart(Date.now(), DAY)) });

    const all = await listJobs(db.models, { type, page: 1, page_size: 10 });
    assert.deepEqual(
      all.items.map((j) => j.id),
      [b, a],
    );
    assert.equal(all.total, 2);
    assert.deepEqual([all.counts.queued, all.counts.canceled, all.counts.failed], [1, 1, 0]);
    assert.deepEqual(all.items[1]?.payload, { note: "alpha (1)" });

    const onlyPeriodic = await listJobs(db.models, { type, periodic: "true", page: 1, page_size: 10 });
    assert.deepEqual(
      onlyPeriodic.items.map((j) => j.id),
      [periodic],
    );
    assert.equal((await listJobs(db.models, { type, periodic: "all", page: 1, page_size: 10 })).total, 3);
    assert.deepEqual(
      (await listJobs(db.models, { type, q: "ALPHA (1", page: 1, page_size: 10 })).items.map((j) => j.id),
      [a],
    );
    assert.equal((await listJobs(db.models, { type, q: ".*", page: 1, page_size: 10 })).total, 0, "a regex is text");
    const canceled = await listJobs(db.models, { type, status: "canceled", page: 1, page_size: 10 });
    assert.deepEqual(
      canceled.items.map((j) => j.id),
      [b],
    );
    assert.equal(canceled.counts.queued, 1, "counts ignore the status filter");
    const second = await listJobs(db.models, { type, page: 2, page_size: 1 });
    assert.deepEqual(
      second.items.map((j) => j.id),
      [a],
    );
  });

  it("answers every queue with its pending, scheduled and paused state; a queue nobody uses is 404", async () => {
    const info = await queueInfo(db.models, store.registry);
    const unitq = info.find((q) => q.name === "unitq");
    assert.ok(unitq);
    assert.equal(unitq.paused, false);
    assert.ok(unitq.pending >= 1);
    assert.equal(unitq.scheduled, 1);
    assert.ok(
      info.some((q) => q.name === "maintenance" && q.pending === 0),
      "an idle queue of a job type is listed",
    );
    assert.deepEqual(
      info.map((q) => q.name),
      [...info.map((q) => q.name)].sort(),
      "by name",
    );

    const paused = await pauseQueue(db.models, store.registry, "unitq", "user:admin");
    assert.deepEqual([paused.name, paused.paused, paused.pending], ["unitq", true, unitq.pending]);
    assert.equal((await db.models.queuePauses.findById("unitq").lean())?.paused_by, "user:admin");
    assert.equal((await resumeQueue(db.models, store.registry, "unitq")).paused, false);
    await assert.rejects(pauseQueue(db.models, store.registry, "nobody-uses-this", "user:admin"), { code: 404, message: "queue not found" });
  });

  it("counts how long the oldest due job of a queue has waited", async () => {
    const now = Date.now();
    await enqueue({ type: "unit.probe", queue: "waitq", payload: {}, run_at: new Date(now - 90_000) }, new Date(now - 120_000));
    const waitq = (await queueInfo(db.models, store.registry, now)).find((q) => q.name === "waitq");
    assert.deepEqual([waitq?.scheduled, waitq?.oldest_pending_age_seconds], [1, 90], "a scheduled job counts once its time has come");
  });

  it("cleans up jobs finished more than 7 days ago, with their claims", async () => {
    const now = new Date();
    const old = await enqueue({ type: "unit.probe", payload: {} });
    const recent = await enqueue({ type: "unit.probe", payload: {} });
    await cancelJob(db.models, old, "user:admin", new Date(now.getTime() - 8 * DAY));
    await cancelJob(db.models, recent, "user:admin", new Date(now.getTime() - 6 * DAY));
    const unfinished = await enqueue({ type: "unit.probe", payload: {} });
    const { deleted } = await cleanupFinished(db.models, now);
    assert.equal(deleted, 1);
    assert.deepEqual((await getMany(db.models, [old, recent, unfinished, "not-a-uuid"])).map((j) => j.id).sort(), [recent, unfinished].sort());
    assert.equal(await db.models.cancels.countDocuments({ job_id: old }), 0);
    assert.equal(await db.models.cancels.countDocuments({ job_id: recent }), 1);
  });

  it("shows each periodic type's newest run and its next one", async () => {
    const now = Date.now();
    const start = periodStart(now, 60_000);
    const id = await enqueue({ type: "dns.sweep", payload: {}, once_key: periodKey("dns.sweep", start - 60_000) });
    const sweep = (await periodicJobs(db.models, store.registry, now)).find((p) => p.type === "dns.sweep");
    assert.deepEqual(sweep, {
      type: "dns.sweep",
      queue: "dns",
      every_seconds: 60,
      last: { id, status: "queued", run_at: (await db.models.jobs.findById(id).lean())?.run_at.toISOString(), finished_at: null, last_error: "" },
      next_run_at: new Date(start + 60_000).toISOString(),
    });
    assert.equal((await periodicJobs(db.models, store.registry, now)).find((p) => p.type === "auth.cleanupTokens")?.last, null);
  });
});
