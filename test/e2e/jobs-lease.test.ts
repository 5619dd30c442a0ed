import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { ServiceBroker } from "moleculer";
import type { Job } from "../../shared/contracts/jobs.ts";
import { callsOf, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { jobsE2eEnv, openJobsDatabase, startHandlerNode, startJobsNode, waitForJobsNodes } from "../helpers/jobs-nodes.ts";
import { waitUntil, type NodeProcess } from "../helpers/processes.ts";

describe("e2e: jobs workers killed (separate processes over NATS)", () => {
  const common = jobsE2eEnv();
  const workerEnv = {
    JOBS_LEASE_MS: "1000",
    JOBS_POLL_MS: "500",
    JOBS_PERIODIC_ENABLED: "false",
    JOBS_EXTRA_TYPES: jobsTestTypes({ slowTimeoutMs: 3_000 }),
  };
  const store = newHandlerStore();
  let handlers: ServiceBroker;
  let db: Awaited<ReturnType<typeof openJobsDatabase>>;
  const nodes: NodeProcess[] = [];

  beforeAll(async () => {
    handlers = await startHandlerNode(common, store);
    db = await openJobsDatabase(common.DB_PREFIX!);
  });
  /** Waits for attempt 2 of the slow job `key` to reach its handler, lets it finish, and returns the job once it succeeded. */
  async function releaseAttempt2(key: string, jobId: string) {
    await waitUntil("attempt 2 to reach the handler", async () => (callsOf(store, key) >= 2 && store.waiting.has(key) ? true : undefined), 60_000);
    store.waiting.get(key)!();
    return waitUntil(
      "the job to succeed",
      async () => {
        const d = await db.models.jobs.findById(jobId).lean();
        return d?.status === "succeeded" ? d : undefined;
      },
      60_000,
    );
  }

  afterAll(async () => {
    for (const release of store.waiting.values()) release();
    await Promise.all(nodes.map((n) => n.stop()));
    await handlers.stop();
    await db.connection.dropDatabase();
    await db.close();
  });

  it("after the lease expires exactly one of two fresh replicas runs the job again, and it completes once", async () => {
    const a = startJobsNode("jobs-a", common, workerEnv);
    nodes.push(a);
    await waitForJobsNodes(handlers, 1);
    const key = "lease-victim";
    const job = (await handlers.call("jobs.enqueue", { type: "jobstest.slow", payload: { key } })) as Job;

    // attempt 1 is running in process A (the handler blocks) when A dies like a crashed pod
    await waitUntil("attempt 1 to reach the handler", async () => (store.waiting.has(key) ? true : undefined));
    const running = await db.models.jobs.findById(job.id).lean();
    assert.equal(running?.status, "running");
    assert.equal(running?.lease_owner, "jobs-a");
    await a.kill();
    store.waiting.get(key)!(); // attempt 1's answer goes nowhere: its worker is gone

    // two new replicas race for the expired lease
    const b = startJobsNode("jobs-b", common, workerEnv);
    const c = startJobsNode("jobs-c", common, workerEnv);
    nodes.push(b, c);
    const done = await releaseAttempt2(key, job.id);
    assert.equal(done.attempts, 2, "the crashed attempt counts");
    assert.ok(done.lease_owner === "jobs-b" || done.lease_owner === "jobs-c", String(done.lease_owner));
    const calls = store.calls.filter((x) => x.key === key);
    assert.deepEqual(
      calls.map((x) => x.attempt),
      [1, 2],
      "ran once per attempt: not twice after recovery",
    );
    const leases = (await db.models.claims.find({ job_id: job.id }).sort({ _id: 1 }).lean()).map((l) => [l._id, l.owner]);
    // attempt 1 was A's from the insert (A stored the job and had a free slot); attempt 2 was claimed
    assert.deepEqual(leases, [[`lease:${job.id}:0:2`, done.lease_owner]]);
  });

  it("jobs handed to a worker that just died are found by a live worker's scan: none lost, none run twice", async () => {
    // A replica hands a new job to its own worker (Moleculer prefers the local subscriber); one
    // without a worker hands it to the workers in turn, and a dead worker stays in its registry
    // until the heartbeat times out, so some jobs go to nobody. The scan must find them.
    const apiOnly = startJobsNode("jobs-api", common, { ...workerEnv, JOBS_WORKER_ENABLED: "false" });
    const survivor = startJobsNode("jobs-d", common, workerEnv);
    const doomed = startJobsNode("jobs-e", common, workerEnv);
    nodes.push(apiOnly, survivor, doomed);
    await waitUntil("the three replicas on the bus", async () => {
      const ids = (handlers.registry.getServiceList({ onlyAvailable: true }) as { name: string; nodeID: string }[]).filter((x) => x.name === "jobs").map((x) => x.nodeID);
      return ["jobs-api", "jobs-d", "jobs-e"].every((n) => ids.includes(n)) ? true : undefined;
    });
    await doomed.kill();
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      ids.push(((await handlers.call("jobs.enqueue", { type: "jobstest.count", payload: { key: `handout-${i}` } }, { nodeID: "jobs-api" })) as Job).id);
    }
    await waitUntil(
      "every job to succeed",
      async () => {
        const done = await db.models.jobs.countDocuments({ _id: { $in: ids }, status: "succeeded" });
        return done === ids.length ? true : undefined;
      },
      60_000,
    );
    for (let i = 0; i < 60; i++) assert.equal(callsOf(store, `handout-${i}`), 1, `handout-${i} ran once`);
    const owners = (await db.models.jobs.distinct("lease_owner", { _id: { $in: ids } })) as string[];
    assert.ok(owners.length > 0 && owners.every((o) => ["jobs-b", "jobs-c", "jobs-d"].includes(o)), owners.join(", "));
  });

  it("a worker that dies before marking its claimed attempt running: the claim ages out, the next attempt runs once", async () => {
    // the earlier tests' replicas leave (cleanly), so the job can only go to this one
    await Promise.all(nodes.map((n) => n.stop()));
    // a worker that never marks (the mark delay is longer than the attempt lives) claims the job
    const a = startJobsNode("jobs-f", common, { ...workerEnv, JOBS_RUNNING_MARK_MS: "600000" });
    nodes.push(a);
    await waitUntil("jobs-f alone on the bus", async () => {
      const ids = (handlers.registry.getServiceList({ onlyAvailable: true }) as { name: string; nodeID: string }[]).filter((x) => x.name === "jobs").map((x) => x.nodeID);
      return ids.length === 1 && ids[0] === "jobs-f" ? true : undefined;
    });
    const key = "unmarked-victim";
    // not due at once, so it is stored `scheduled` and claimed when due (no start at once)
    const job = (await handlers.call("jobs.enqueue", { type: "jobstest.slow", payload: { key }, delay_ms: 200 }, { nodeID: "jobs-f" })) as Job;
    await waitUntil("attempt 1 to reach the handler", async () => (store.waiting.has(key) ? true : undefined));
    const unmarked = await db.models.jobs.findById(job.id).lean();
    assert.deepEqual([unmarked?.status, unmarked?.attempts], ["scheduled", 0], "claimed but not marked");
    assert.equal((await db.models.claims.findById(`lease:${job.id}:0:1`).lean())?.owner, "jobs-f");
    await a.kill();
    store.waiting.get(key)!();

    const b = startJobsNode("jobs-g", common, workerEnv);
    nodes.push(b);
    const done = await releaseAttempt2(key, job.id);
    assert.equal(done.attempts, 2, "the lost attempt counts");
    assert.equal(done.lease_owner, "jobs-g");
    assert.deepEqual(
      store.calls.filter((x) => x.key === key).map((x) => x.attempt),
      [1, 2],
    );
    const leases = (await db.models.claims.find({ job_id: job.id }).sort({ _id: 1 }).lean()).map((l) => [l._id, l.owner]);
    assert.deepEqual(leases, [
      [`lease:${job.id}:0:1`, "jobs-f"],
      [`lease:${job.id}:0:2`, "jobs-g"],
    ]);
  });
});
