import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { BulkResult, Job, JobStats, PeriodicJobInfo } from "../../shared/contracts/jobs.ts";
import { PERIODIC_JOBS } from "../../services/jobs/periodic.ts";
import type { HttpClient } from "../helpers/http.ts";
import { jobsTestService, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The administrators' job views with signal: the periodic housekeeping jobs (schedule, last run
 * and outcome, next run), throughput and failures of the last hour from the engines' counters,
 * and bulk retry and cancel by the list's filter, bounded by `max`.
 */
describe("admin job views: periodic jobs, the last hour, bulk retry and cancel", () => {
  let stack: Stack;
  let admin: SignedIn;
  let user: SignedIn;
  let http: HttpClient;
  const store = newHandlerStore();
  const rand = () => randomBytes(3).toString("hex");

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "jobs"],
      env: { JOBS_PERIODIC_ENABLED: "true", JOBS_POLL_MS: "200", JOBS_BACKOFF_BASE_MS: "60000", JOBS_BACKOFF_MAX_MS: "60000", JOBS_EXTRA_TYPES: jobsTestTypes() },
    });
    stack.broker.createService(jobsTestService(store));
    await stack.broker.waitForServices(["jobstest"]);
    admin = await signIn(stack.broker, undefined, { admin: true });
    user = await signIn(stack.broker);
    http = stack.http.with(admin.bearer);
  });
  afterAll(async () => {
    await stack.stop();
  });

  const enqueue = async (type: string, payload: Record<string, unknown>, queue = "jobstest", run_at?: string) => {
    const res = await stack.broker.call<Job, unknown>("jobs.enqueue", { type, queue, payload, ...(run_at ? { run_at } : {}) });
    return res;
  };
  const statusOf = async (id: string) => ((await stack.broker.call("jobs.getMany", { ids: [id] })) as Job[])[0]!.status;

  it("periodic jobs: every type with its schedule, its run of this period and its outcome, and its next run", async () => {
    const periodic = await waitUntil(
      "this period's runs",
      async () => {
        const res = await http.get<PeriodicJobInfo[]>("/api/v1/admin/worker/periodic");
        assert.equal(res.status, 200, res.text);
        const own = res.json.find((p) => p.type === "jobs.relayEvents");
        return own?.last?.status === "succeeded" ? res.json : undefined;
      },
      30_000,
    );
    assert.deepEqual(
      periodic.map((p) => p.type),
      PERIODIC_JOBS.map((p) => p.type),
    );
    const relay = periodic.find((p) => p.type === "jobs.relayEvents")!;
    assert.equal(relay.every_seconds, 60);
    assert.ok(Date.parse(relay.next_run_at) > Date.now() && Date.parse(relay.next_run_at) <= Date.now() + 60_000);
    // a type whose service does not run here: its run waits for it (retried), it did not fail for good
    const dns = periodic.find((p) => p.type === "dns.sweep")!;
    assert.ok(dns.last && ["queued", "running", "retrying"].includes(dns.last.status), JSON.stringify(dns));
    const daily = periodic.find((p) => p.type === "jobs.cleanupFinished")!;
    assert.equal(daily.every_seconds, 86_400);
    // the list hides them unless asked
    const listed = (await http.get<{ items: Job[] }>("/api/v1/admin/worker/jobs?page_size=100")).json.items;
    assert.ok(!listed.some((j) => j.id === relay.last!.id));
    assert.ok((await http.get<{ items: Job[] }>("/api/v1/admin/worker/jobs?periodic=true&page_size=100")).json.items.some((j) => j.id === relay.last!.id));
    assert.equal((await stack.http.get("/api/v1/admin/worker/periodic", { headers: user.bearer })).status, 403);
  });

  it("the last hour: attempts per minute and per queue over every replica, succeeded and failed", async () => {
    const before = (await http.get<JobStats>("/api/v1/admin/worker/stats")).json;
    const total = (s: JobStats, queue: string) => s.queues.find((q) => q.queue === queue) ?? { succeeded: 0, failed: 0, retrying: 0, canceled: 0 };
    const ok = await Promise.all([1, 2, 3].map(() => enqueue("jobstest.count", { key: `ok-${rand()}` })));
    const bad = await enqueue("jobstest.fail", { message: "boom" });
    for (const j of ok) await waitUntil("a job to succeed", async () => ((await statusOf(j.id)) === "succeeded" ? true : undefined), 30_000);
    // two attempts: the first is retried (its backoff is a minute here: the retry counts, the run does not end)
    await waitUntil("the failing job's first attempt", async () => ((await statusOf(bad.id)) === "retrying" ? true : undefined), 30_000);
    const after = (await http.get<JobStats>("/api/v1/admin/worker/stats")).json;
    assert.equal(after.replicas, 1);
    assert.equal(after.replicas_missing, 0);
    assert.equal(after.minutes.length, 60);
    assert.equal(after.minutes.at(-1)!.at, new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
    assert.equal(total(after, "jobstest").succeeded - total(before, "jobstest").succeeded, 3);
    assert.equal(total(after, "jobstest").retrying - total(before, "jobstest").retrying, 1);
    // an attempt counts in the queue its job was put in, not its type's usual one
    const custom = `views-${rand()}`;
    const noop = await enqueue("jobs.noop", { n: 1 }, custom);
    await waitUntil("the job in its own queue to succeed", async () => ((await statusOf(noop.id)) === "succeeded" ? true : undefined), 30_000);
    assert.equal(total((await http.get<JobStats>("/api/v1/admin/worker/stats")).json, custom).succeeded, 1);
    const sum = (s: JobStats) => s.minutes.reduce((n, m) => n + m.succeeded, 0);
    assert.equal(sum(after) - sum(before) >= 3, true);
  });

  it("bulk retry and cancel: the list's filter, newest first, at most max; more says what is left", async () => {
    const queue = `bulk-${rand()}`;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled: Job[] = [];
    for (let i = 0; i < 5; i++) scheduled.push(await enqueue("jobs.noop", { n: i }, queue, later));
    const first = await http.post<BulkResult>("/api/v1/admin/worker/jobs/bulk-cancel", { queue, status: "scheduled", max: 3 });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.json, {
      changed: 3,
      ids: scheduled
        .slice(2)
        .map((j) => j.id)
        .reverse(),
      more: true,
    });
    const rest = await http.post<BulkResult>("/api/v1/admin/worker/jobs/bulk-cancel", { queue, max: 500 });
    assert.deepEqual([rest.json.changed, rest.json.more], [2, false]);
    for (const j of scheduled) assert.equal(await statusOf(j.id), "canceled");
    // canceled jobs retried in bulk: queued again, and they run
    const retried = await http.post<BulkResult>("/api/v1/admin/worker/jobs/bulk-retry", { queue, status: "canceled", max: 500 });
    assert.deepEqual([retried.json.changed, retried.json.more], [5, false]);
    for (const j of scheduled) await waitUntil("a retried job to run", async () => ((await statusOf(j.id)) === "succeeded" ? true : undefined), 30_000);
    // nothing left to retry: 0 changed
    assert.deepEqual((await http.post<BulkResult>("/api/v1/admin/worker/jobs/bulk-retry", { queue, max: 10 })).json, { changed: 0, ids: [], more: false });
    // the bound is required and limited; a status the change does not apply to is refused
    for (const [body, message] of [
      [{ queue }, "missing fields: max"],
      [{ queue, max: 0 }, "invalid max"],
      [{ queue, max: 501 }, "invalid max"],
      [{ queue, max: "all" }, "invalid max"],
      [{ queue, max: 5, status: "succeeded" }, "invalid status"],
    ] as const) {
      const refused = await http.post("/api/v1/admin/worker/jobs/bulk-retry", body);
      assert.deepEqual([refused.status, refused.text], [400, message], JSON.stringify(body));
    }
    assert.equal((await stack.http.post("/api/v1/admin/worker/jobs/bulk-cancel", { max: 1 }, { headers: user.bearer })).status, 403);
  });
});
