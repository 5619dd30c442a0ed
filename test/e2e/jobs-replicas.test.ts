import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { ServiceBroker } from "moleculer";
import { PERIODIC_JOBS, periodKey, periodStart } from "../../services/jobs/periodic.ts";
import { jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { jobsE2eEnv, openJobsDatabase, startHandlerNode, startJobsNode, waitForJobsNodes } from "../helpers/jobs-nodes.ts";
import { waitUntil, type NodeProcess } from "../helpers/processes.ts";

/**
 * 3000 jobs by default (JOBS_E2E_COUNT), about 45 s on the 2-core development machine: FerretDB
 * is built with its `_id` index patch (scripts/infra.sh), without which every write by `_id`
 * scanned the collection and 2000 jobs took over three minutes.
 */
const JOBS = Number(process.env.JOBS_E2E_COUNT ?? 3000);
const REPLICAS = 3;

describe(`e2e: ${REPLICAS} jobs replicas over NATS`, () => {
  const common = jobsE2eEnv();
  const store = newHandlerStore();
  let handlers: ServiceBroker;
  let db: Awaited<ReturnType<typeof openJobsDatabase>>;
  const nodes: NodeProcess[] = [];
  let startedAt = 0;

  beforeAll(async () => {
    handlers = await startHandlerNode(common, store);
    db = await openJobsDatabase(common.DB_PREFIX!);
    startedAt = Date.now();
    for (let i = 1; i <= REPLICAS; i++) {
      nodes.push(
        startJobsNode(`jobs-${i}`, common, {
          JOBS_CONCURRENCY: "20",
          JOBS_POLL_MS: "3000",
          JOBS_PERIODIC_ENABLED: "true",
          JOBS_EXTRA_TYPES: jobsTestTypes(),
        }),
      );
    }
    await waitForJobsNodes(handlers, REPLICAS);
  });
  afterAll(async () => {
    const codes = await Promise.all(nodes.map((n) => n.stop()));
    await handlers.stop();
    await db.connection.dropDatabase();
    await db.close();
    assert.deepEqual(
      codes,
      nodes.map(() => 0),
      "replicas drain and exit cleanly on SIGTERM",
    );
  });

  it("each periodic job is enqueued once per period although every replica tries", async () => {
    const found = await waitUntil("every periodic job type to be enqueued", async () => {
      const docs = await db.models.jobs.find({ once_key: { $regex: "^period:" } }).lean();
      const types = new Set(docs.map((d) => d.type));
      return PERIODIC_JOBS.every((p) => types.has(p.type)) ? docs : undefined;
    });
    const perKey = new Map<string, number>();
    for (const d of found) perKey.set(d.once_key, (perKey.get(d.once_key) ?? 0) + 1);
    assert.ok([...perKey.values()].every((n) => n === 1));
    for (const p of PERIODIC_JOBS) {
      const mine = found.filter((d) => d.type === p.type);
      // one per period: at most the periods begun since the replicas started
      const periods = Math.floor(Date.now() / p.everyMs) - Math.floor(startedAt / p.everyMs) + 1;
      assert.ok(mine.length >= 1 && mine.length <= periods, `${p.type}: ${mine.length} jobs in ${periods} periods`);
      for (const d of mine) {
        const start = periodStart(d.created_at.getTime(), p.everyMs);
        assert.equal(d.once_key, periodKey(p.type, start));
      }
    }
  });
  it(`process ${JOBS} jobs: none lost, none run twice, work spread over the replicas`, async () => {
    for (let i = 0; i < JOBS; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, JOBS - i) }, (_, k) => handlers.call("jobs.enqueue", { type: "jobstest.count", payload: { key: `n-${i + k}` } })));
    }
    // the handler's own store first (cheap), then the recorded outcomes
    await waitUntil(`${JOBS} executions`, async () => (new Set(store.calls.map((c) => c.key)).size >= JOBS ? true : undefined), Math.max(150_000, JOBS * 200));
    await waitUntil(
      `${JOBS} jobs recorded as succeeded`,
      async () => {
        const n = await db.models.jobs.countDocuments({ type: "jobstest.count", status: "succeeded" });
        return n === JOBS ? n : undefined;
      },
      30_000,
    );

    const perKey = new Map<string, number>();
    for (const c of store.calls) if (c.action === "count") perKey.set(c.key, (perKey.get(c.key) ?? 0) + 1);
    assert.equal(perKey.size, JOBS, "every job ran");
    const twice = [...perKey].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], "no job ran twice");
    assert.equal(await db.models.jobs.countDocuments({ type: "jobstest.count" }), JOBS);
    // a job took more than one attempt only after a recorded failure (a call that never reached
    // the handler, e.g. its node briefly unavailable on an overloaded machine), never through a second claim
    const extra = await db.models.jobs.find({ type: "jobstest.count", attempts: { $ne: 1 } }).lean();
    const unexplained = extra.filter((j) => j.last_error === "");
    const evidence = unexplained.map((j) => ({
      job: j,
      calls: store.calls.filter((c) => c.job_id === j._id),
      logs: nodes.flatMap((n) => n.output.filter((l) => l.includes(j._id) || /failed|error/i.test(l)).map((l) => `${n.name}: ${l}`)),
    }));
    assert.deepEqual(evidence, [], "no unexplained extra attempt");
    const owners = await db.models.jobs.distinct("lease_owner", { type: "jobstest.count" });
    // enqueue calls go to the replicas in turn and each runs what it stored, so every replica ran some
    assert.equal(owners.length, REPLICAS, `jobs ran on every replica: ${owners.join(", ")}`);
    assert.equal(await db.models.claims.countDocuments({ _id: { $regex: "^lease:" }, owner: { $nin: owners } }), 0);
  });
});
