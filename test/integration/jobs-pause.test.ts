import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { brokerOptions } from "../../moleculer.config.ts";
import { loadService } from "../../runtime/services.ts";
import { config, resetConfig } from "../../shared/config.ts";
import type { Job, QueueInfo } from "../../shared/contracts/jobs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { PAUSE_STATE_MAX_AGE_MS } from "../../services/jobs/engine.ts";
import { defineJobsModels } from "../../services/jobs/models.ts";
import { announce } from "../../services/jobs/announce.ts";
import type { HttpClient } from "../helpers/http.ts";
import { callsOf, jobsTestService, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { waitForJobsNodes } from "../helpers/jobs-nodes.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";
import { startFaultyProxy } from "../helpers/tcp-proxy.ts";

const POLL_MS = 500;
const rand = () => randomBytes(3).toString("hex");

/**
 * Pausing a queue (POST /admin/worker/queues/{name}/pause and /resume) through real HTTP, with two
 * job worker replicas on real NATS: the stack's own and a second broker in this process (then a
 * third, started after the pause, as a restarted replica would be).
 */
describe("pausing and resuming a job queue (two worker replicas over NATS, real FerretDB, real HTTP)", () => {
  let stack: Stack;
  let admin: SignedIn;
  let user: SignedIn;
  let http: HttpClient;
  let replica: ServiceBroker | undefined;
  const store = newHandlerStore();
  const db = new ServiceDatabase("jobs", defineJobsModels);

  /** Another `jobs` replica (worker on) on the same bus and database; `env`: its own settings. */
  async function startReplica(name: string, env: Record<string, string> = {}): Promise<ServiceBroker> {
    const saved = Object.entries(env).map(([k]) => [k, process.env[k]] as const);
    Object.assign(process.env, env);
    resetConfig();
    try {
      const broker = new ServiceBroker(brokerOptions(config(), { nodeID: `${name}-${stack.dbPrefix}`, logWrite: () => {} }));
      broker.createService(await loadService("jobs"));
      await broker.start();
      return broker;
    } finally {
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfig();
    }
  }

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "jobs"],
      env: {
        TRANSPORTER: process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222",
        NAMESPACE: `pause-${rand()}`,
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_POLL_MS: String(POLL_MS),
        JOBS_EXTRA_TYPES: jobsTestTypes({ queue: "jobstest" }),
      },
    });
    stack.broker.createService(jobsTestService(store));
    await stack.broker.waitForServices(["jobstest"]);
    replica = await startReplica("replica2");
    await waitForJobsNodes(stack.broker, 2);
    await db.open();
    admin = await signIn(stack.broker, undefined, { admin: true });
    user = await signIn(stack.broker);
    http = stack.http.with(admin.bearer);
  });
  afterAll(async () => {
    for (const release of store.waiting.values()) release();
    await replica?.stop();
    await db.close();
    await stack?.stop();
  });

  const queues = async () => {
    const res = await http.get<QueueInfo[]>("/api/v1/admin/worker/queues");
    assert.equal(res.status, 200, res.text);
    return res.json;
  };
  const queueNamed = async (name: string) => (await queues()).find((q) => q.name === name);
  const getJob = async (id: string): Promise<Job> => {
    const [job] = (await stack.broker.call("jobs.getMany", { ids: [id] })) as Job[];
    assert.ok(job, `job ${id} exists`);
    return job;
  };
  // the admin enqueue takes each type's own queue; the service API may name another, which keeps each test's jobs in a queue of its own
  const enqueue = (queue: string, type: string, payload: Record<string, unknown>, runAt?: string) =>
    stack.broker.call("jobs.enqueue", { type, queue, payload, ...(runAt ? { run_at: runAt } : {}) }) as Promise<Job>;

  it("pause and resume answer 401 without a token and 403 forbidden to a user who is not an administrator, in plain text", async () => {
    for (const op of ["pause", "resume"]) {
      const anonymous = await stack.http.post(`/api/v1/admin/worker/queues/default/${op}`, {});
      assert.deepEqual([anonymous.status, anonymous.text, anonymous.headers.get("x-error-code")], [401, "unauthorized", "unauthorized"]);
      const refused = await stack.http.post(`/api/v1/admin/worker/queues/default/${op}`, {}, { headers: user.bearer });
      assert.deepEqual([refused.status, refused.text, refused.headers.get("x-error-code")], [403, "forbidden", "forbidden"]);
      assert.match(refused.contentType, /^text\/plain; charset=utf-8/);
    }
    assert.equal((await queueNamed("default"))?.paused, false, "nothing was paused");
  });

  it("an unknown queue is 404 `queue not found`; a name over 64 characters is 400 `invalid queue`", async () => {
    for (const op of ["pause", "resume"]) {
      const missing = await http.post(`/api/v1/admin/worker/queues/nobody-uses-${rand()}/${op}`, {});
      assert.deepEqual([missing.status, missing.text, missing.headers.get("x-error-code")], [404, "queue not found", "not_found"]);
      assert.match(missing.contentType, /^text\/plain/);
      const long = await http.post(`/api/v1/admin/worker/queues/${"q".repeat(65)}/${op}`, {});
      assert.deepEqual([long.status, long.text], [400, "invalid queue"]);
    }
    assert.equal(await db.models.queuePauses.countDocuments({}), 0, "nothing stored");
  });

  it("takes no body: left out, or `{}`", async () => {
    for (const op of ["pause", "resume"]) {
      const bare = await http.request<QueueInfo>("POST", `/api/v1/admin/worker/queues/maintenance/${op}`);
      assert.deepEqual([bare.status, bare.json.name, bare.json.paused], [200, "maintenance", op === "pause"], bare.text);
    }
  });

  it("a paused queue accepts jobs but no replica starts one, before or after a replica restarts; a job already running finishes; resumed, the waiting jobs run", async () => {
    const queue = `paused-${rand()}`;
    // a job running when the queue is paused: it finishes
    const slowKey = `slow-${rand()}`;
    const slow = await enqueue(queue, "jobstest.slow", { key: slowKey });
    await waitUntil("the slow job to start", async () => (store.waiting.has(slowKey) ? true : undefined));
    await waitUntil("the slow job to be marked running", async () => ((await getJob(slow.id)).status === "running" ? true : undefined));

    const paused = await http.post<QueueInfo>(`/api/v1/admin/worker/queues/${queue}/pause`, {});
    assert.equal(paused.status, 200, paused.text);
    assert.match(paused.contentType, /^application\/json/);
    assert.deepEqual(paused.json, { name: queue, pending: 0, running: 1, failed: 0, scheduled: 0, paused: true, oldest_pending_age_seconds: 0 });
    const stored = await db.models.queuePauses.findById(queue).lean();
    assert.equal(stored?.paused_by, `user:${admin.user_id}`);
    assert.ok(stored?.paused_at instanceof Date);
    // pausing again changes nothing
    const again = await http.post<QueueInfo>(`/api/v1/admin/worker/queues/${queue}/pause`, {});
    assert.deepEqual([again.status, again.json.paused], [200, true]);
    assert.equal(await db.models.queuePauses.countDocuments({ _id: queue }), 1);
    assert.equal((await queueNamed(queue))?.paused, true, "GET /admin/worker/queues shows it paused");

    store.waiting.get(slowKey)!();
    const finished = await waitUntil("the running job to finish", async () => {
      const j = await getJob(slow.id);
      return j.status === "succeeded" ? j : undefined;
    });
    assert.equal(finished.attempts, 1);

    // jobs put in the paused queue: through HTTP (stored by the gateway's replica), and by another
    // service through replica 2 (which would otherwise start a due job at once itself)
    const keys = [`a-${rand()}`, `b-${rand()}`, `c-${rand()}`];
    const viaHttp = [await enqueue(queue, "jobstest.count", { key: keys[0] }), await enqueue(queue, "jobstest.count", { key: keys[1] })];
    const viaReplica = (await replica!.call("jobs.enqueue", { type: "jobstest.count", queue, payload: { key: keys[2] } }, { nodeID: replica!.nodeID })) as Job;
    const waiting = [...viaHttp, viaReplica];
    assert.deepEqual(
      waiting.map((j) => [j.status, j.attempts]),
      keys.map(() => ["queued", 0]),
      "accepted, queued",
    );
    // several safety-net scans of both replicas later, nothing has started
    await new Promise((r) => setTimeout(r, POLL_MS * 4));
    for (const j of waiting) assert.equal((await getJob(j.id)).status, "queued");
    for (const k of keys) assert.equal(callsOf(store, k), 0, `job ${k} did not run`);
    const info = await queueNamed(queue);
    assert.deepEqual([info?.pending, info?.running, info?.paused], [3, 0, true]);
    assert.ok(info!.oldest_pending_age_seconds >= 1, `the oldest pending job has waited ${info?.oldest_pending_age_seconds} s`);

    // a replica that restarts reads the paused queues before it claims anything
    await replica!.stop();
    replica = await startReplica("replica3");
    await waitForJobsNodes(stack.broker, 2);
    await new Promise((r) => setTimeout(r, POLL_MS * 3));
    for (const j of waiting) assert.equal((await getJob(j.id)).status, "queued", "still waiting after the restart");
    for (const k of keys) assert.equal(callsOf(store, k), 0);

    const resumed = await http.post<QueueInfo>(`/api/v1/admin/worker/queues/${queue}/resume`, {});
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal(resumed.json.paused, false);
    assert.equal(await db.models.queuePauses.countDocuments({ _id: queue }), 0);
    for (const j of waiting) {
      const done = await waitUntil(`job ${j.id} to run once resumed`, async () => {
        const now = await getJob(j.id);
        return now.status === "succeeded" ? now : undefined;
      });
      assert.equal(done.attempts, 1);
    }
    for (const k of keys) assert.equal(callsOf(store, k), 1, `job ${k} ran exactly once`);
    // its jobs all finished and it is not paused: the queues view no longer lists it (as before the pause)
    assert.equal(await queueNamed(queue), undefined);
    // resuming a queue that is not paused changes nothing
    const twice = await http.post<QueueInfo>(`/api/v1/admin/worker/queues/${queue}/resume`, {});
    assert.deepEqual([twice.status, twice.json], [200, { name: queue, pending: 0, running: 0, failed: 0, scheduled: 0, paused: false, oldest_pending_age_seconds: 0 }]);
  });

  it("a replica that missed the pause (its read of the paused queues failed) starts no job of the queue once the pause answered, neither at once nor handed to it", async () => {
    // a third replica reaching the database through a proxy that can drop its reads; its own scans are a minute apart
    const proxy = await startFaultyProxy(process.env.MONGO_URL!);
    const stale = await startReplica("stale", { MONGO_URL: proxy.url, JOBS_POLL_MS: "60000", JOBS_METRICS_REFRESH_MS: "0" });
    try {
      await waitForJobsNodes(stack.broker, 3);
      /** Pauses a queue while the stale replica's read of the paused queues fails (and the driver's retry of it). */
      const pauseMissed = async (queue: string) => {
        const scheduled = await enqueue(queue, "jobs.noop", {}, new Date(Date.now() + 3_600_000).toISOString());
        assert.equal(scheduled.status, "scheduled");
        const missed = proxy.dropRequest("find", 2, "queue_pauses");
        const started = Date.now();
        const paused = await http.post<QueueInfo>(`/api/v1/admin/worker/queues/${queue}/pause`, {});
        assert.deepEqual([paused.status, paused.json.paused], [200, true], paused.text);
        assert.ok(Date.now() - started >= PAUSE_STATE_MAX_AGE_MS, "the pause answers once every replica's view of the stored state is newer than it");
        await missed;
      };

      // started at once: a service's due job stored by the replica that missed the pause is stored waiting, not run
      const first = `missed-${rand()}`;
      await pauseMissed(first);
      const atOnce = `at-once-${rand()}`;
      const stored = (await stale.call("jobs.enqueue", { type: "jobstest.count", queue: first, payload: { key: atOnce } }, { nodeID: stale.nodeID })) as Job;
      assert.deepEqual([stored.status, stored.attempts], ["queued", 0], "not started");
      const raw = await db.models.jobs.findById(stored.id).lean();
      assert.deepEqual([raw?.status, raw?.attempts, raw?.lease_owner], ["queued", 0, null]);

      // handed to it: a due job of another queue paused meanwhile, offered to the replica that missed that pause
      const second = `missed-${rand()}`;
      await pauseMissed(second);
      const handed = `handed-${rand()}`;
      const job = await enqueue(second, "jobstest.count", { key: handed });
      const doc = await db.models.jobs.findById(job.id).lean();
      announce(stale, doc!);
      // a few of the other replicas' scans later, neither job has run
      await new Promise((r) => setTimeout(r, POLL_MS * 4));
      assert.deepEqual([callsOf(store, atOnce), callsOf(store, handed)], [0, 0]);
      assert.deepEqual([(await getJob(stored.id)).status, (await getJob(job.id)).status], ["queued", "queued"]);

      // resumed, each runs once, as attempt 1 (no claim was kept by the replica that declined)
      for (const [queue, id, key] of [
        [first, stored.id, atOnce],
        [second, job.id, handed],
      ] as const) {
        assert.equal((await http.post(`/api/v1/admin/worker/queues/${queue}/resume`, {})).status, 200);
        const done = await waitUntil(`job ${key} to run once resumed`, async () => {
          const now = await getJob(id);
          return now.status === "succeeded" ? now : undefined;
        });
        assert.deepEqual([done.attempts, callsOf(store, key)], [1, 1]);
      }
    } finally {
      await stale.stop();
      await proxy.close();
    }
  });

  it("a known queue without jobs can be paused; other queues keep running meanwhile", async () => {
    const res = await http.post<QueueInfo>("/api/v1/admin/worker/queues/maintenance/pause", {});
    assert.deepEqual([res.status, res.json.name, res.json.paused], [200, "maintenance", true]);
    try {
      const other = await enqueue("jobstest", "jobstest.count", { key: `other-${rand()}` });
      await waitUntil("a job of another queue to run", async () => ((await getJob(other.id)).status === "succeeded" ? true : undefined));
    } finally {
      assert.equal((await http.post("/api/v1/admin/worker/queues/maintenance/resume", {})).status, 200);
    }
  });
});
