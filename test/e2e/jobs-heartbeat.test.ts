import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { ServiceBroker } from "moleculer";
import type { Job } from "../../shared/contracts/jobs.ts";
import { callsOf, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { jobsE2eEnv, openJobsDatabase, startHandlerNode, startJobsNode, waitForJobsNodes } from "../helpers/jobs-nodes.ts";
import { waitUntil, type NodeProcess } from "../helpers/processes.ts";

const LEASE_MS = 1_000;

describe("e2e: heartbeat leases of long jobs (separate processes over NATS)", () => {
  const common = jobsE2eEnv();
  const workerEnv = { JOBS_LEASE_MS: String(LEASE_MS), JOBS_POLL_MS: "300", JOBS_PERIODIC_ENABLED: "false", JOBS_EXTRA_TYPES: jobsTestTypes() };
  const store = newHandlerStore();
  let handlers: ServiceBroker;
  let db: Awaited<ReturnType<typeof openJobsDatabase>>;
  const nodes: NodeProcess[] = [];

  beforeAll(async () => {
    handlers = await startHandlerNode(common, store);
    db = await openJobsDatabase(common.DB_PREFIX!);
  });

  afterAll(async () => {
    for (const release of store.waiting.values()) release();
    await Promise.all(nodes.map((n) => n.stop()));
    await handlers.stop();
    await db.connection.dropDatabase();
    await db.close();
  });

  it("a heartbeat job outlives several leases on a live worker: never claimed again, its lease renewed", async () => {
    const a = startJobsNode("hb-a", common, workerEnv);
    const b = startJobsNode("hb-b", common, workerEnv);
    nodes.push(a, b);
    await waitForJobsNodes(handlers, 2);
    const key = "long-lived";
    const job = (await handlers.call("jobs.enqueue", { type: "jobstest.long", payload: { key } })) as Job;
    await waitUntil("the attempt to reach the handler", async () => (store.waiting.has(key) ? true : undefined));
    const first = await db.models.jobs.findById(job.id).lean();
    assert.equal(first?.status, "running");
    const owner = first.lease_owner;
    const leaseAt = (d: typeof first) => new Date(d.lease_expires_at!).getTime();
    // the lease is one JOBS_LEASE_MS (not the 10-minute timeout) and moves forward while the job runs
    assert.ok(leaseAt(first) - Date.now() <= LEASE_MS + 200, `lease ends in ${leaseAt(first) - Date.now()} ms`);
    const since = Date.now();
    let renewals = 0;
    let last = leaseAt(first);
    await waitUntil(
      "five leases to pass with the job still on its first worker",
      async () => {
        const d = await db.models.jobs.findById(job.id).lean();
        assert.deepEqual([d?.status, d?.attempts, d?.lease_owner], ["running", 1, owner]);
        if (leaseAt(d!) > last) renewals += 1;
        last = leaseAt(d!);
        assert.equal(callsOf(store, key), 1, "never run a second time");
        return Date.now() - since > 5 * LEASE_MS ? true : undefined;
      },
      60_000,
    );
    assert.ok(renewals >= 3, `the lease was renewed ${renewals} times`);
    store.waiting.get(key)!();
    const done = await waitUntil(
      "the job to succeed",
      async () => {
        const d = await db.models.jobs.findById(job.id).lean();
        return d?.status === "succeeded" ? d : undefined;
      },
      30_000,
    );
    assert.equal(done.attempts, 1);
    assert.equal(callsOf(store, key), 1);
  });

  it("a killed worker's heartbeat job is failed 'worker lost' within about a lease, not after its 10-minute timeout", async () => {
    await waitForJobsNodes(handlers, 2);
    const key = "worker-killed";
    const job = (await handlers.call("jobs.enqueue", { type: "jobstest.long", payload: { key } })) as Job;
    await waitUntil("the attempt to reach the handler", async () => (store.waiting.has(key) ? true : undefined));
    const running = await waitUntil("the job marked running", async () => {
      const d = await db.models.jobs.findById(job.id).lean();
      return d?.status === "running" ? d : undefined;
    });
    const victim = nodes.find((n) => n.name === running.lease_owner);
    assert.ok(victim, `a node named ${running.lease_owner}`);
    await victim.kill();
    const failed = await waitUntil(
      "the job to fail",
      async () => {
        const d = await db.models.jobs.findById(job.id).lean();
        return d?.status === "failed" ? d : undefined;
      },
      60_000,
    );
    assert.match(failed.last_error, /^worker lost/);
    assert.equal(failed.attempts, 1, "a job of one attempt is never run again");
    assert.notEqual(failed.lease_owner, running.lease_owner, "the surviving replica recorded it");
    store.waiting.get(key)!();
    assert.equal(callsOf(store, key), 1);
  });
});
