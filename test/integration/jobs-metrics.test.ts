import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Job } from "../../shared/contracts/jobs.ts";
import { startHealthServer, type HealthServer } from "../../runtime/health.ts";
import type { HttpClient } from "../helpers/http.ts";
import { jobsTestService, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { signIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (label values here never hold `"` or `,`). */
function samples(body: string): Sample[] {
  const out: Sample[] = [];
  for (const line of body.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)) labels[pair[1]!] = pair[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(all: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(found.length <= 1, `one sample of ${name} ${JSON.stringify(labels)}, got ${found.length}`);
  return found[0]?.value;
}

/**
 * The job queue's metrics on the process's /metrics (runtime/health.ts): queue depth and the
 * oldest pending job's age (counted by the jobs service every JOBS_METRICS_REFRESH_MS), and
 * the attempts this process ran (run time histogram, attempts and failures counters).
 */
describe("/metrics: the job queue (real engine, real FerretDB)", () => {
  let stack: Stack;
  let health: HealthServer;
  let http: HttpClient;
  const store = newHandlerStore();

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "jobs"],
      env: {
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_POLL_MS: "1000",
        JOBS_BACKOFF_BASE_MS: "50",
        JOBS_BACKOFF_MAX_MS: "100",
        // one job at a time per queue: a slow job holds its queue, so the next one waits
        JOBS_CONCURRENCY: "1",
        JOBS_METRICS_REFRESH_MS: "200",
        JOBS_EXTRA_TYPES: jobsTestTypes(),
      },
    });
    stack.broker.createService(jobsTestService(store));
    await stack.broker.waitForServices(["jobstest"]);
    health = await startHealthServer(stack.broker, { port: 0, host: "127.0.0.1" });
    http = stack.http.with((await signIn(stack.broker, undefined, { admin: true })).bearer);
  });
  afterAll(async () => {
    for (const release of store.waiting.values()) release();
    await health?.close();
    await stack?.stop();
  });

  // the admin enqueue takes each type's own queue; the service API may name another (the held queue of these tests)
  const enqueue = (body: { type: string; queue: string; payload: Record<string, unknown>; run_at?: string }) => stack.broker.call("jobs.enqueue", body) as Promise<Job>;
  const scrape = async (): Promise<{ body: string; all: Sample[] }> => {
    const res = await fetch(`http://127.0.0.1:${health.port}/metrics`);
    assert.equal(res.status, 200);
    const body = await res.text();
    return { body, all: samples(body) };
  };
  /** Scrapes until `check` passes (the gauges follow the database within a refresh). */
  const scrapeUntil = (what: string, check: (all: Sample[]) => boolean) =>
    waitUntil(
      what,
      async () => {
        const s = await scrape();
        return check(s.all) ? s : undefined;
      },
      15_000,
    );
  const jobStatus = async (id: string) => ((await stack.broker.call("jobs.getMany", { ids: [id] })) as Job[])[0]?.status;
  const waitForStatus = (id: string, status: string) => waitUntil(`job ${id} ${status}`, async () => ((await jobStatus(id)) === status ? true : undefined), 15_000);

  it("queue depth by queue and status, the oldest pending job's age, and each attempt by type and outcome", async () => {
    // queue `held`: a slow job runs, the next one waits for the slot (pending)
    const slow = await enqueue({ type: "jobstest.slow", queue: "held", payload: { key: "hold" } });
    await waitUntil("the slow job runs", async () => (store.waiting.has("hold") ? true : undefined));
    const waiting = await enqueue({ type: "jobstest.count", queue: "held", payload: { key: "waits" } });
    // queue `jobstest`: two that succeed, one that fails twice (retrying, then failed), one scheduled for later
    const ok1 = await enqueue({ type: "jobstest.count", queue: "jobstest", payload: { key: "ok1" } });
    const ok2 = await enqueue({ type: "jobstest.count", queue: "jobstest", payload: { key: "ok2" } });
    const bad = await enqueue({ type: "jobstest.fail", queue: "jobstest", payload: { key: "bad", message: "boom" } });
    await enqueue({ type: "jobstest.count", queue: "jobstest", payload: { key: "later" }, run_at: new Date(Date.now() + 3_600_000).toISOString() });
    for (const j of [ok1, ok2]) await waitForStatus(j.id, "succeeded");
    await waitForStatus(bad.id, "failed");
    assert.equal(await jobStatus(waiting.id), "queued");

    const { body, all } = await scrapeUntil(
      "the gauges show the jobs",
      (all) => valueOf(all, "jobs_queue_depth", { queue: "jobstest", status: "failed" }) === 1 && (valueOf(all, "jobs_oldest_pending_age_seconds", { queue: "held" }) ?? 0) > 0,
    );
    assert.match(body, /^# TYPE jobs_queue_depth gauge$/m);
    assert.match(body, /^# TYPE jobs_oldest_pending_age_seconds gauge$/m);
    assert.match(body, /^# TYPE jobs_duration_seconds histogram$/m);
    assert.match(body, /^# TYPE jobs_attempts_total counter$/m);
    assert.match(body, /^# TYPE jobs_failures_total counter$/m);
    // every sample names the process it comes from (each replica exports its own)
    assert.ok(all.filter((s) => s.name.startsWith("jobs_")).every((s) => s.labels.nodeID === stack.broker.nodeID));

    // depth: every counted status of every queue, zeros included
    const depth = (queue: string, status: string) => valueOf(all, "jobs_queue_depth", { queue, status });
    assert.deepEqual(
      ["queued", "scheduled", "running", "retrying", "failed"].map((s) => depth("held", s)),
      [1, 0, 1, 0, 0],
    );
    assert.deepEqual(
      ["queued", "scheduled", "running", "retrying", "failed"].map((s) => depth("jobstest", s)),
      [0, 1, 0, 0, 1],
    );
    assert.equal(depth("maintenance", "queued"), 0, "a known queue without jobs is listed");
    assert.equal(depth("held", "succeeded"), undefined, "finished jobs other than failed are not counted");

    // the oldest due pending job: `waits` in `held`; `jobstest` has only a job scheduled for later
    const age = valueOf(all, "jobs_oldest_pending_age_seconds", { queue: "held" })!;
    assert.ok(age > 0 && age < 60, `age ${age}`);
    assert.equal(valueOf(all, "jobs_oldest_pending_age_seconds", { queue: "jobstest" }), 0);

    // attempts this process ran: run time histogram, attempts and failures by type and outcome
    const count = (type: string, outcome: string) => valueOf(all, "jobs_duration_seconds_count", { type, outcome });
    assert.equal(count("jobstest.count", "succeeded"), 2);
    assert.equal(count("jobstest.fail", "retrying"), 1);
    assert.equal(count("jobstest.fail", "failed"), 1);
    assert.equal(count("jobstest.slow", "succeeded"), undefined, "still running: not observed yet");
    assert.equal(valueOf(all, "jobs_duration_seconds_bucket", { type: "jobstest.count", outcome: "succeeded", le: "+Inf" }), 2);
    assert.equal(valueOf(all, "jobs_duration_seconds_bucket", { type: "jobstest.count", outcome: "succeeded", le: "60" }), 2);
    assert.ok(valueOf(all, "jobs_duration_seconds_bucket", { type: "jobstest.count", outcome: "succeeded", le: "0.005" }) !== undefined, "buckets from 5 ms");
    const sum = valueOf(all, "jobs_duration_seconds_sum", { type: "jobstest.count", outcome: "succeeded" })!;
    assert.ok(sum >= 0 && sum < 5, `sum ${sum}`);
    assert.equal(valueOf(all, "jobs_attempts_total", { type: "jobstest.count", outcome: "succeeded" }), 2);
    assert.equal(valueOf(all, "jobs_attempts_total", { type: "jobstest.fail", outcome: "retrying" }), 1);
    assert.equal(valueOf(all, "jobs_attempts_total", { type: "jobstest.fail", outcome: "failed" }), 1);
    assert.equal(valueOf(all, "jobs_failures_total", { type: "jobstest.fail" }), 2);
    assert.equal(valueOf(all, "jobs_failures_total", { type: "jobstest.count" }), undefined);

    // the slow job ends: its run time is observed, the waiting job runs, `held` drains
    await new Promise((r) => setTimeout(r, 300));
    store.waiting.get("hold")!();
    await waitForStatus(slow.id, "succeeded");
    await waitForStatus(waiting.id, "succeeded");
    const after = await scrapeUntil(
      "the gauges show `held` drained",
      (all) => valueOf(all, "jobs_queue_depth", { queue: "held", status: "running" }) === 0 && valueOf(all, "jobs_queue_depth", { queue: "held", status: "queued" }) === 0,
    );
    assert.equal(valueOf(after.all, "jobs_oldest_pending_age_seconds", { queue: "held" }), 0);
    assert.equal(valueOf(after.all, "jobs_duration_seconds_count", { type: "jobstest.slow", outcome: "succeeded" }), 1);
    assert.ok(valueOf(after.all, "jobs_duration_seconds_sum", { type: "jobstest.slow", outcome: "succeeded" })! >= 0.3, "the slow job's run time");
    assert.equal(valueOf(after.all, "jobs_attempts_total", { type: "jobstest.count", outcome: "succeeded" }), 3);
  });

  it("an attempt canceled while it ran counts as canceled, and as a failure when it ended in an error", async () => {
    const doomed = await enqueue({ type: "jobstest.slow", queue: "held", payload: { key: "doomed" } });
    await waitUntil("the doomed job runs", async () => (store.waiting.has("doomed") ? true : undefined));
    assert.equal((await http.post(`/api/v1/admin/worker/jobs/${doomed.id}/cancel`, {})).status, 200);
    store.waiting.get("doomed")!("gave up");
    const { all } = await scrapeUntil("the canceled attempt is counted", (all) => valueOf(all, "jobs_attempts_total", { type: "jobstest.slow", outcome: "canceled" }) === 1);
    assert.equal(await jobStatus(doomed.id), "canceled");
    assert.equal(valueOf(all, "jobs_duration_seconds_count", { type: "jobstest.slow", outcome: "canceled" }), 1);
    assert.equal(valueOf(all, "jobs_failures_total", { type: "jobstest.slow" }), 1);
  });

  it("a paused queue reads 1 in jobs_queue_paused (every other queue 0) until it is resumed", async () => {
    await enqueue({ type: "jobs.noop", queue: "paused-metrics", payload: {}, run_at: new Date(Date.now() + 3_600_000).toISOString() });
    const paused = await http.post("/api/v1/admin/worker/queues/paused-metrics/pause", {});
    assert.equal(paused.status, 200, paused.text);
    const { body, all } = await scrapeUntil("the queue shown paused", (all) => valueOf(all, "jobs_queue_paused", { queue: "paused-metrics" }) === 1);
    assert.match(body, /^# TYPE jobs_queue_paused gauge$/m);
    assert.equal(valueOf(all, "jobs_queue_paused", { queue: "held" }), 0);
    assert.equal((await http.post("/api/v1/admin/worker/queues/paused-metrics/resume", {})).status, 200);
    await scrapeUntil("the queue shown running again", (all) => valueOf(all, "jobs_queue_paused", { queue: "paused-metrics" }) === 0);
  });
});
