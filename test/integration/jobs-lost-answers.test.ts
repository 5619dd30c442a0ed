import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Job } from "../../shared/contracts/jobs.ts";
import { callsOf, jobsTestService, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";
import { startFaultyProxy, type FaultyProxy } from "../helpers/tcp-proxy.ts";

/**
 * The job engine when the database fails one round trip (a real FerretDB behind a proxy that
 * cuts a connection): the attempt is not spent. Before, a lost claim answer or a failed
 * `running` write left the claim held by nobody working on it, and the job waited for the
 * lease to age out (a minute here) and then ran as attempt 2.
 */
describe("job engine: a database round trip lost during a claim costs no attempt", () => {
  let proxy: FaultyProxy;
  let stack: Stack;
  const store = newHandlerStore();

  beforeAll(async () => {
    proxy = await startFaultyProxy(process.env.MONGO_URL!);
    stack = await startStack({
      services: ["jobs"],
      env: {
        MONGO_URL: proxy.url,
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_POLL_MS: "60000",
        JOBS_EXTRA_TYPES: jobsTestTypes(),
      },
    });
    stack.broker.createService(jobsTestService(store));
    await stack.broker.waitForServices(["jobstest"]);
  });
  afterAll(async () => {
    await stack.stop();
    await proxy.close();
  });

  const getJob = async (id: string): Promise<Job> => {
    const [job] = (await stack.broker.call("jobs.getMany", { ids: [id] })) as Job[];
    assert.ok(job);
    return job;
  };

  /** Enqueues a counting job due shortly, arms the fault before the engine claims it, and waits for the outcome. */
  async function runThrough(arm: () => Promise<void>): Promise<{ job: Job; key: string }> {
    const key = `k-${randomBytes(4).toString("hex")}`;
    const queued = (await stack.broker.call("jobs.enqueue", { type: "jobstest.count", payload: { key }, delay_ms: 400 })) as Job;
    // nothing else reads or writes before the engine's claim: the fault hits the claim's round trip
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      arm(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("the fault never fired")), 10_000);
      }),
    ]);
    clearTimeout(timer);
    const job = await waitUntil(
      `job ${queued.id} to succeed`,
      async () => {
        const j = await getJob(queued.id);
        return j.status === "succeeded" ? j : undefined;
      },
      20_000,
    );
    return { job, key };
  }

  it("the claim's insert landed but its answer was lost: the job runs once, as attempt 1", async () => {
    const { job, key } = await runThrough(() => proxy.loseAnswerTo("insert"));
    assert.equal(job.attempts, 1);
    assert.equal(job.last_error, "");
    assert.equal(callsOf(store, key), 1);
  });

  it("the claim's insert never arrived: the job is offered again and runs once, as attempt 1", async () => {
    const { job, key } = await runThrough(() => proxy.dropRequest("insert"));
    assert.equal(job.attempts, 1);
    assert.equal(callsOf(store, key), 1);
  });

  it("the `running` write failed: it is tried again and the job runs once, as attempt 1", async () => {
    const { job, key } = await runThrough(() => proxy.dropRequest("update"));
    assert.equal(job.attempts, 1);
    assert.equal(job.last_error, "");
    assert.equal(callsOf(store, key), 1);
  });

  it("the job read after the claim failed once: it is read again and the job runs once, as attempt 1", async () => {
    const { job, key } = await runThrough(() => proxy.dropRequest("find"));
    assert.equal(job.attempts, 1);
    assert.equal(callsOf(store, key), 1);
  });

  it("the job cannot be read after the claim at all: the claim is given back, and a later claim runs it once, as attempt 1", async () => {
    // every try of the read fails (the driver retries a read once itself); the freed claim lets the same attempt be claimed again
    const { job, key } = await runThrough(() => proxy.dropRequest("find", 8));
    assert.equal(job.attempts, 1);
    assert.equal(job.last_error, "");
    assert.equal(callsOf(store, key), 1);
    assert.ok(
      stack.logs.some((l) => l.includes("could not start; giving it back")),
      "the engine gave the claim back",
    );
  });
});
