import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { AdminJob, Job, PageJob, QueueInfo } from "../../shared/contracts/jobs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineJobsModels } from "../../services/jobs/models.ts";
import { callsOf, jobsTestService, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import type { HttpClient } from "../helpers/http.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const BACKOFF_BASE_MS = 1_000;
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const rand = () => randomBytes(3).toString("hex");

describe("admin jobs API and the job engine (in-process, real FerretDB, real HTTP)", () => {
  let stack: Stack;
  let admin: SignedIn;
  let user: SignedIn;
  let http: HttpClient;
  const store = newHandlerStore();
  const db = new ServiceDatabase("jobs", defineJobsModels);

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "jobs"],
      env: {
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_POLL_MS: "1000",
        JOBS_BACKOFF_BASE_MS: String(BACKOFF_BASE_MS),
        JOBS_BACKOFF_MAX_MS: "4000",
        JOBS_EXTRA_TYPES: jobsTestTypes(),
      },
    });
    stack.broker.createService(jobsTestService(store));
    await stack.broker.waitForServices(["jobstest"]);
    await db.open();
    admin = await signIn(stack.broker, undefined, { admin: true });
    user = await signIn(stack.broker);
    http = stack.http.with(admin.bearer);
  });
  afterAll(async () => {
    for (const release of store.waiting.values()) release();
    await db.close();
    await stack.stop();
  });

  const enqueue = (body: unknown) => http.post<Job>("/api/v1/admin/worker/jobs", body);
  const getJob = async (id: string): Promise<Job> => {
    const [job] = (await stack.broker.call("jobs.getMany", { ids: [id] })) as Job[];
    assert.ok(job, `job ${id} exists`);
    return job;
  };
  const waitForJob = (id: string, what: string, pred: (j: Job) => boolean, timeoutMs = 30_000) =>
    waitUntil(
      what,
      async () => {
        const j = await getJob(id);
        return pred(j) ? j : undefined;
      },
      timeoutMs,
    );

  describe("authentication", () => {
    const routes: [string, string][] = [
      ["GET", "/api/v1/admin/worker/jobs"],
      ["POST", "/api/v1/admin/worker/jobs"],
      ["GET", `/api/v1/admin/worker/jobs/${newId()}`],
      ["POST", `/api/v1/admin/worker/jobs/${newId()}/cancel`],
      ["POST", `/api/v1/admin/worker/jobs/${newId()}/retry`],
      ["GET", "/api/v1/admin/worker/queues"],
    ];

    it("no token: 401 unauthorized, plain text", async () => {
      for (const [method, path] of routes) {
        const res = await stack.http.request(method, path, method === "POST" ? { body: {} } : {});
        assert.equal(res.status, 401, `${method} ${path}`);
        assert.match(res.contentType, /^text\/plain; charset=utf-8/);
        assert.equal(res.text, "unauthorized");
        assert.equal(res.headers.get("x-error-code"), "unauthorized");
      }
    });

    it("a signed-in user without admin rights: 403 forbidden, plain text", async () => {
      for (const [method, path] of routes) {
        const res = await stack.http.request(method, path, { headers: user.bearer, ...(method === "POST" ? { body: {} } : {}) });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.match(res.contentType, /^text\/plain/);
        assert.equal(res.text, "forbidden");
        assert.equal(res.headers.get("x-error-code"), "forbidden");
      }
    });

    it("user API keys and org keys are refused with 401 (bearer only)", async () => {
      const headerSets: Record<string, string>[] = [
        { "x-api-key": `u_${randomBytes(24).toString("base64url")}` },
        { "x-org-key": `org_${randomBytes(16).toString("hex")}`, "x-org-secret": randomBytes(32).toString("base64url"), "x-org-id": newId() },
        { authorization: "Bearer not-a-jwt" },
      ];
      for (const headers of headerSets) {
        const res = await stack.http.get("/api/v1/admin/worker/jobs", { headers });
        assert.equal(res.status, 401, JSON.stringify(Object.keys(headers)));
        assert.equal(res.text, "unauthorized");
      }
    });
  });

  describe("enqueue", () => {
    it("answers 200 with a queued Job, which the engine runs to succeeded", async () => {
      const res = await enqueue({ type: "jobs.noop", queue: "default", payload: { note: "hello" } });
      assert.equal(res.status, 200);
      assert.match(res.contentType, /^application\/json/);
      const job = res.json;
      assert.deepEqual(Object.keys(job).sort(), ["attempts", "created_at", "id", "last_error", "max_attempts", "payload", "queue", "run_at", "status", "type", "updated_at"]);
      assert.match(job.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual(
        { type: job.type, queue: job.queue, payload: job.payload, status: job.status, attempts: job.attempts, max_attempts: job.max_attempts, last_error: job.last_error },
        { type: "jobs.noop", queue: "default", payload: { note: "hello" }, status: "queued", attempts: 0, max_attempts: 3, last_error: "" },
      );
      for (const f of ["run_at", "created_at", "updated_at"] as const) assert.match(job[f], ISO_MS);
      const done = await waitForJob(job.id, "noop job to succeed", (j) => j.status === "succeeded");
      assert.equal(done.attempts, 1);
      assert.equal(done.last_error, "");

      // stored state: payload as JSON text, the won lease claim of attempt 1
      const raw = await db.models.jobs.findById(job.id).lean();
      assert.equal(raw?.payload_json, '{"note":"hello"}');
      assert.equal(raw?.once_key, job.id);
      assert.ok(raw?.finished_at instanceof Date);
      const leases = await db.models.claims.find({ job_id: job.id }).lean();
      assert.deepEqual(
        leases.map((l) => l._id),
        [`lease:${job.id}:0:1`],
      );
    });

    it("a run_at in the future schedules the job; a past run_at queues it", async () => {
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const res = await enqueue({ type: "jobs.noop", queue: "default", payload: {}, run_at: future });
      assert.equal(res.status, 200);
      assert.equal(res.json.status, "scheduled");
      assert.equal(res.json.run_at, future);
      const past = await enqueue({ type: "jobs.noop", queue: "default", payload: {}, run_at: "2020-01-01T00:00:00Z" });
      assert.equal(past.json.status, "queued");
      assert.equal(past.json.run_at, "2020-01-01T00:00:00.000Z");
    });

    it("rejects unknown types, missing fields and bad values with 400 in plain text", async () => {
      const cases: [unknown, string][] = [
        [{ type: "nope.nothing", queue: "default", payload: {} }, "unknown job type"],
        // an organization purge is the system's alone: by hand it could wipe a live organization
        [{ type: "inventory.purgeOrganization", queue: "purge", payload: { organization_id: "01a20000-0000-7000-8000-000000000000" } }, "job type cannot be enqueued by hand"],
        [{ type: "orgs.finishDeletion", queue: "purge", payload: {} }, "job type cannot be enqueued by hand"],
        [{}, "missing fields: type, queue, payload"],
        [{ type: "jobs.noop", queue: "default" }, "missing fields: payload"],
        [{ type: { $gt: "" }, queue: "default", payload: {} }, "invalid type"],
        [{ type: "jobs.noop", queue: 7, payload: {} }, "invalid queue"],
        [{ type: "jobs.noop", queue: "default", payload: [1] }, "invalid payload"],
        [{ type: "jobs.noop", queue: "default", payload: "x" }, "invalid payload"],
        [{ type: "jobs.noop", queue: "default", payload: {}, run_at: "tomorrow" }, "invalid run_at"],
      ];
      for (const [body, message] of cases) {
        const res = await enqueue(body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.match(res.contentType, /^text\/plain/);
        assert.equal(res.text, message, JSON.stringify(body));
      }
      const bad = await http.request("POST", "/api/v1/admin/worker/jobs", { body: "{nope", raw: true });
      assert.equal(bad.status, 400);
      assert.equal(bad.text, "invalid json");
      const arr = await http.request("POST", "/api/v1/admin/worker/jobs", { body: "[]", raw: true });
      assert.equal(arr.status, 400);
      assert.equal(arr.text, "invalid json");
    });
  });

  describe("state machine", () => {
    it("scheduled → canceled → (cancel again 400) → retry → queued with attempts reset → succeeded → (retry 400, cancel 400)", async () => {
      const job = (await enqueue({ type: "jobs.noop", queue: "default", payload: {}, run_at: new Date(Date.now() + 3_600_000).toISOString() })).json;
      const canceled = await http.post<Job>(`/api/v1/admin/worker/jobs/${job.id}/cancel`, {});
      assert.equal(canceled.status, 200);
      assert.equal(canceled.json.status, "canceled");
      assert.equal(canceled.json.id, job.id);
      assert.equal((await getJob(job.id)).status, "canceled");

      const again = await http.post(`/api/v1/admin/worker/jobs/${job.id}/cancel`, {});
      assert.equal(again.status, 400);
      assert.match(again.contentType, /^text\/plain/);
      assert.equal(again.text, "job not cancellable");

      const retried = await http.post<Job>(`/api/v1/admin/worker/jobs/${job.id}/retry`, {});
      assert.equal(retried.status, 200);
      assert.equal(retried.json.status, "queued");
      assert.equal(retried.json.attempts, 0);
      assert.ok(Date.parse(retried.json.run_at) <= Date.now());
      const done = await waitForJob(job.id, "retried job to succeed", (j) => j.status === "succeeded");
      assert.equal(done.attempts, 1);

      const noRetry = await http.post(`/api/v1/admin/worker/jobs/${job.id}/retry`, {});
      assert.equal(noRetry.status, 400);
      assert.equal(noRetry.text, "job not eligible for retry");
      const noCancel = await http.post(`/api/v1/admin/worker/jobs/${job.id}/cancel`, {});
      assert.equal(noCancel.status, 400);
      assert.equal(noCancel.text, "job not cancellable");
    });

    it("cancel and retry answer 404 job not found and 400 invalid id", async () => {
      for (const op of ["cancel", "retry"]) {
        const missing = await http.post(`/api/v1/admin/worker/jobs/${newId()}/${op}`, {});
        assert.equal(missing.status, 404);
        assert.match(missing.contentType, /^text\/plain/);
        assert.equal(missing.text, "job not found");
        const invalid = await http.post(`/api/v1/admin/worker/jobs/not-a-uuid/${op}`, {});
        assert.equal(invalid.status, 400);
        assert.equal(invalid.text, "invalid id");
      }
    });

    it("GET /admin/worker/jobs/{id}: the job, when it finished, the node of its attempt and its history (attempts claimed, retries, cancels); 404 job not found, 400 invalid id", async () => {
      const key = `history-${rand()}`;
      const job = (await enqueue({ type: "jobstest.fail", queue: "jobstest", payload: { key } })).json;
      const get = (id: string) => http.get<AdminJob>(`/api/v1/admin/worker/jobs/${id}`);
      await waitForJob(job.id, "job to fail", (j) => j.status === "failed");
      assert.equal((await http.post(`/api/v1/admin/worker/jobs/${job.id}/retry`, {})).status, 200);
      const queued = await get(job.id);
      assert.deepEqual([queued.json.status, queued.json.finished_at], ["queued", null], "not finished while it waits again");
      await waitForJob(job.id, "the retried job to fail again", (j) => j.status === "failed" && callsOf(store, key) === 4);

      const res = await get(job.id);
      assert.equal(res.status, 200, res.text);
      assert.match(res.contentType, /^application\/json/);
      const { history, finished_at, lease_owner, ...fields } = res.json;
      assert.deepEqual(fields, await getJob(job.id), "the Job's own fields");
      assert.match(finished_at!, ISO_MS);
      assert.ok(Date.parse(finished_at!) >= Date.parse(queued.json.updated_at));
      const node = stack.broker.nodeID;
      assert.equal(lease_owner, node);
      assert.deepEqual(
        history.map((h) => [h.run, h.kind, h.attempt, h.by]),
        [
          [1, "attempt", 1, node],
          [1, "attempt", 2, node],
          [2, "retry", null, `user:${admin.user_id}`],
          [2, "attempt", 1, node],
          [2, "attempt", 2, node],
        ],
      );
      for (const h of history) assert.match(h.at, ISO_MS);

      // a canceled job: the cancel, who asked and when
      const scheduled = (await enqueue({ type: "jobs.noop", queue: "default", payload: {}, run_at: new Date(Date.now() + 3_600_000).toISOString() })).json;
      assert.deepEqual((await get(scheduled.id)).json.history, []);
      assert.equal((await http.post(`/api/v1/admin/worker/jobs/${scheduled.id}/cancel`, {})).status, 200);
      const canceled = (await get(scheduled.id)).json;
      assert.deepEqual([canceled.status, canceled.lease_owner], ["canceled", null]);
      assert.match(canceled.finished_at!, ISO_MS);
      assert.deepEqual(
        canceled.history.map((h) => [h.run, h.kind, h.attempt, h.by, h.at]),
        [[1, "cancel", null, `user:${admin.user_id}`, canceled.finished_at]],
      );

      const missing = await get(newId());
      assert.deepEqual([missing.status, missing.text, missing.headers.get("x-error-code")], [404, "job not found", "not_found"]);
      assert.match(missing.contentType, /^text\/plain/);
      const invalid = await get("not-a-uuid");
      assert.deepEqual([invalid.status, invalid.text], [400, "invalid id"]);
    });

    it("a queued or retrying job cannot be retried; a scheduled one can be canceled", async () => {
      const job = (await enqueue({ type: "jobs.noop", queue: "default", payload: {}, run_at: new Date(Date.now() + 3_600_000).toISOString() })).json;
      const res = await http.post(`/api/v1/admin/worker/jobs/${job.id}/retry`, {});
      assert.equal(res.status, 400);
      assert.equal(res.text, "job not eligible for retry");
      assert.equal((await http.post(`/api/v1/admin/worker/jobs/${job.id}/cancel`, {})).status, 200);
    });

    it("retries a failing handler with exponential backoff, then succeeds", async () => {
      const key = `flaky-${rand()}`;
      const job = (await enqueue({ type: "jobstest.flaky", queue: "jobstest", payload: { key, fail_times: 2 } })).json;
      assert.equal(job.max_attempts, 5);
      // after the first failure the job waits in `retrying` for d/2..d (d = base) before attempt 2
      const retrying = await waitForJob(job.id, "first failure", (j) => j.status === "retrying" || callsOf(store, key) > 1);
      assert.equal(retrying.status, "retrying", "observed the retrying state");
      assert.equal(retrying.attempts, 1);
      assert.equal(retrying.last_error, "flaky failure 1");
      const wait = Date.parse(retrying.run_at) - Date.parse(retrying.updated_at);
      assert.ok(wait >= BACKOFF_BASE_MS / 2 && wait <= BACKOFF_BASE_MS, `first backoff ${wait} ms within [${BACKOFF_BASE_MS / 2}, ${BACKOFF_BASE_MS}]`);

      const done = await waitForJob(job.id, "flaky job to succeed", (j) => j.status === "succeeded");
      assert.equal(done.attempts, 3);
      assert.equal(done.last_error, "flaky failure 2", "the last error is kept for the record");
      const times = store.calls.filter((c) => c.key === key).map((c) => c.at);
      assert.equal(times.length, 3, "ran exactly three times");
      assert.ok(times[1]! - times[0]! >= BACKOFF_BASE_MS / 2, "second attempt waited at least base/2");
      assert.ok(times[2]! - times[1]! >= BACKOFF_BASE_MS, "third attempt waited at least 2·base/2");
      assert.deepEqual(
        store.calls.filter((c) => c.key === key).map((c) => c.attempt),
        [1, 2, 3],
      );
    });

    it("fails after max_attempts with a short last_error (no stack); retry runs it again from attempt 1", async () => {
      const key = `fail-${rand()}`;
      const job = (await enqueue({ type: "jobstest.fail", queue: "jobstest", payload: { key } })).json;
      const failed = await waitForJob(job.id, "job to fail", (j) => j.status === "failed");
      assert.equal(failed.attempts, 2);
      assert.equal(failed.max_attempts, 2);
      assert.equal(failed.last_error, "always fails");
      assert.equal(callsOf(store, key), 2);

      const retried = await http.post<Job>(`/api/v1/admin/worker/jobs/${job.id}/retry`, {});
      assert.equal(retried.json.status, "queued");
      assert.equal(retried.json.attempts, 0);
      const again = await waitForJob(job.id, "retried job to fail again", (j) => j.status === "failed" && callsOf(store, key) === 4);
      assert.equal(again.attempts, 2);
    });

    it("a handler that does not answer in its type's timeout fails with `timed out`", async () => {
      const job = (await enqueue({ type: "jobstest.hang", queue: "jobstest", payload: { key: `hang-${rand()}` } })).json;
      const failed = await waitForJob(job.id, "hanging job to fail", (j) => j.status === "failed");
      assert.equal(failed.last_error, "timed out after 300 ms");
      assert.equal(failed.attempts, 1);
    });

    it("a type whose handler service is not running fails (no handler available)", async () => {
      const res = await enqueue({ type: "clusters.sweep", queue: "clusters", payload: {} });
      const failed = await waitForJob(res.json.id, "sweep without handler to fail", (j) => j.status === "failed");
      assert.equal(failed.last_error, "no handler available for clusters.sweep");
    });

    it("canceling a running job: the execution finishes, its result is recorded, nothing runs again", async () => {
      const key = `slow-${rand()}`;
      const job = (await enqueue({ type: "jobstest.slow", queue: "jobstest", payload: { key } })).json;
      await waitUntil("slow handler to start", async () => (store.waiting.has(key) ? true : undefined));
      // a claimed attempt is marked running once it has run for 100 ms (a short job never is)
      const running = await waitForJob(job.id, "the attempt to be marked running", (j) => j.status === "running");
      assert.ok(Date.parse(running.updated_at) - Date.parse(job.created_at) >= 100, "marked after 100 ms, not at once");
      assert.equal(running.attempts, 1);
      const list = await http.get<PageJob>(`/api/v1/admin/worker/jobs?status=running&q=${key}`);
      assert.deepEqual(
        list.json.items.map((j) => j.id),
        [job.id],
      );

      const canceled = await http.post<Job>(`/api/v1/admin/worker/jobs/${job.id}/cancel`, {});
      assert.equal(canceled.status, 200);
      assert.equal(canceled.json.status, "canceled");

      store.waiting.get(key)!("late failure"); // would normally mean `retrying`
      const recorded = await waitForJob(job.id, "the attempt's result to be recorded", (j) => j.last_error === "late failure");
      assert.equal(recorded.status, "canceled");
      assert.equal(recorded.attempts, 1);
      const raw = await db.models.jobs.findById(job.id).lean();
      assert.equal(raw?.lease_expires_at, null);
      assert.equal(callsOf(store, key), 1);
    });
  });

  describe("list and queues", () => {
    const queue = `list-${rand()}`;
    const ids: string[] = [];
    const future = () => new Date(Date.now() + 3_600_000).toISOString();
    // the admin enqueue takes each type's own queue; the service API may name another, which keeps these tests' jobs in a queue of their own
    const enqueueIn = (body: { type: string; queue: string; payload: Record<string, unknown>; run_at?: string }) => stack.broker.call("jobs.enqueue", body) as Promise<Job>;

    beforeAll(async () => {
      for (let i = 0; i < 6; i++) {
        ids.push((await enqueueIn({ type: "jobs.noop", queue, payload: { name: `alpha-${i}` }, run_at: future() })).id);
      }
      ids.push((await enqueueIn({ type: "jobstest.count", queue, payload: { name: "x.*y" }, run_at: future() })).id);
    });

    it("filters by queue, newest first, with page/page_size and total", async () => {
      const p1 = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&page_size=3`);
      assert.equal(p1.status, 200);
      assert.match(p1.contentType, /^application\/json/);
      assert.equal(p1.json.total, 7);
      assert.equal(p1.json.page, 1);
      assert.equal(p1.json.page_size, 3);
      const newestFirst = [...ids].reverse();
      assert.deepEqual(
        p1.json.items.map((j) => j.id),
        newestFirst.slice(0, 3),
      );
      const p3 = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&page_size=3&page=3`);
      assert.deepEqual(
        p3.json.items.map((j) => j.id),
        newestFirst.slice(6),
      );
      const p4 = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&page_size=3&page=4`);
      assert.deepEqual(p4.json, { items: [], page: 4, page_size: 3, total: 7, counts: { queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 0, retrying: 0, scheduled: 7 } });
      const dflt = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}`);
      assert.equal(dflt.json.page, 1);
      assert.equal(dflt.json.page_size, 25);
      assert.equal(dflt.json.items.length, 7);
    });

    it("filters by status and by q (literal, case-insensitive: id, type, payload, last_error)", async () => {
      const canceledId = ids[0]!;
      await http.post(`/api/v1/admin/worker/jobs/${canceledId}/cancel`, {});
      const sched = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&status=scheduled`);
      assert.equal(sched.json.total, 6);
      assert.ok(!sched.json.items.some((j) => j.id === canceledId));
      const canc = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&status=canceled`);
      assert.deepEqual(
        canc.json.items.map((j) => j.id),
        [canceledId],
      );

      const byPayload = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&q=ALPHA-3`);
      assert.deepEqual(
        byPayload.json.items.map((j) => j.id),
        [ids[3]],
      );
      const literal = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&q=${encodeURIComponent(".*")}`);
      assert.deepEqual(
        literal.json.items.map((j) => j.id),
        [ids[6]],
        "`.*` matches only the literal text",
      );
      const regexy = await http.get<PageJob>(`/api/v1/admin/worker/jobs?q=${encodeURIComponent("(a+)+$[")}`);
      assert.equal(regexy.status, 200);
      assert.equal(regexy.json.total, 0);
      const byId = await http.get<PageJob>(`/api/v1/admin/worker/jobs?q=${ids[2]}`);
      assert.deepEqual(
        byId.json.items.map((j) => j.id),
        [ids[2]],
      );
      const byType = await http.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}&q=jobstest.count`);
      assert.deepEqual(
        byType.json.items.map((j) => j.id),
        [ids[6]],
      );
      const byError = await http.get<PageJob>(`/api/v1/admin/worker/jobs?q=no%20handler%20available%20for%20clusters`);
      assert.ok(byError.json.items.every((j) => j.last_error.includes("no handler available for clusters")));
    });

    it("rejects bad page, page_size and status with 400 (no clamping)", async () => {
      const cases: [string, string][] = [
        ["page_size=0", "invalid page_size"],
        ["page_size=101", "invalid page_size"],
        ["page_size=ten", "invalid page_size"],
        ["page=0", "invalid page"],
        ["page=-1", "invalid page"],
        ["page=1.5", "invalid page"],
        ["status=done", "invalid status"],
        ["status=queued&status=failed", "invalid query parameter: status"],
      ];
      for (const [query, message] of cases) {
        const res = await http.get(`/api/v1/admin/worker/jobs?${query}`);
        assert.equal(res.status, 400, query);
        assert.match(res.contentType, /^text\/plain/);
        assert.equal(res.text, message, query);
      }
      const max = await http.get<PageJob>(`/api/v1/admin/worker/jobs?page_size=100`);
      assert.equal(max.status, 200);
      assert.equal(max.json.page_size, 100);
    });

    it("queues view: per queue pending, running, failed, scheduled; known queues even when empty", async () => {
      const qv = `qv-${rand()}`;
      const slowKey = `qv-slow-${rand()}`;
      await enqueueIn({ type: "jobs.noop", queue: qv, payload: {}, run_at: future() });
      await enqueueIn({ type: "jobs.noop", queue: qv, payload: {}, run_at: future() });
      const c = await enqueueIn({ type: "jobs.noop", queue: qv, payload: {}, run_at: future() });
      await http.post(`/api/v1/admin/worker/jobs/${c.id}/cancel`, {});
      const f = await enqueueIn({ type: "jobstest.fail", queue: qv, payload: { key: `qv-${rand()}` } });
      const s = await enqueueIn({ type: "jobstest.slow", queue: qv, payload: { key: slowKey } });
      await waitForJob(f.id, "failing job", (j) => j.status === "failed");
      await waitForJob(s.id, "slow job running", (j) => j.status === "running");
      const res = await http.get<QueueInfo[]>("/api/v1/admin/worker/queues");
      assert.equal(res.status, 200);
      assert.match(res.contentType, /^application\/json/);
      const names = res.json.map((q) => q.name);
      assert.deepEqual(names, [...names].sort(), "sorted by name");
      for (const known of ["clusters", "default", "dns", "maintenance", "purge"]) assert.ok(names.includes(known), known);
      assert.deepEqual(
        res.json.find((q) => q.name === qv),
        { name: qv, pending: 0, running: 1, failed: 1, scheduled: 2, paused: false, oldest_pending_age_seconds: 0 },
      );
      assert.deepEqual(
        res.json.find((q) => q.name === "maintenance"),
        { name: "maintenance", pending: 0, running: 0, failed: 0, scheduled: 0, paused: false, oldest_pending_age_seconds: 0 },
      );
      await waitUntil("slow handler", async () => (store.waiting.has(slowKey) ? true : undefined));
      store.waiting.get(slowKey)!();
      await waitForJob(s.id, "slow job done", (j) => j.status === "succeeded");
    });
  });

  describe("service API", () => {
    it("jobs.enqueue starts a due job at once on the replica that stored it (no claim); with every slot of its queue busy it is stored queued and claimed once a slot frees up", async () => {
      const enqueueHere = (type: string, queue: string, payload: Record<string, unknown>) => stack.broker.call("jobs.enqueue", { type, queue, payload }) as Promise<Job>;
      const queue = `full-${rand()}`;
      const keys = Array.from({ length: 10 }, (_, i) => `busy-${i}-${rand()}`); // JOBS_CONCURRENCY slots
      const busy = await Promise.all(keys.map((key) => enqueueHere("jobstest.slow", queue, { key })));
      assert.deepEqual(
        busy.map((j) => [j.status, j.attempts]),
        keys.map(() => ["running", 1]),
      );
      await waitUntil("every slot's handler to start", async () => (keys.every((k) => store.waiting.has(k)) ? true : undefined));
      const first = await db.models.jobs.findById(busy[0]!.id).lean();
      assert.equal(first?.lease_owner, stack.broker.nodeID);
      assert.deepEqual(await db.models.claims.find({ job_id: busy[0]!.id }).lean(), [], "attempt 1 was never due for anyone else");

      const key = `waiting-${rand()}`;
      const waiting = await enqueueHere("jobstest.count", queue, { key });
      assert.deepEqual([waiting.status, waiting.attempts], ["queued", 0]);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal((await getJob(waiting.id)).status, "queued", "no free slot: it waits");
      assert.equal(callsOf(store, key), 0);

      store.waiting.get(keys[0]!)!();
      const done = await waitForJob(waiting.id, "the queued job to run once a slot is free", (j) => j.status === "succeeded");
      assert.equal(done.attempts, 1);
      assert.equal(callsOf(store, key), 1);
      const leases = await db.models.claims.find({ job_id: waiting.id }).lean();
      assert.deepEqual(
        leases.map((l) => l._id),
        [`lease:${waiting.id}:0:1`],
      );
      for (const k of keys.slice(1)) store.waiting.get(k)!();
      await Promise.all(busy.map((j) => waitForJob(j.id, "the busy jobs to finish", (x) => x.status === "succeeded")));
      for (const k of keys) assert.equal(callsOf(store, k), 1);
    });

    it("a job started at once: a failure retries it (attempt 2 claimed), a cancel while it runs wins over its outcome", async () => {
      const flakyKey = `flaky-here-${rand()}`;
      const flaky = (await stack.broker.call("jobs.enqueue", { type: "jobstest.flaky", payload: { key: flakyKey, fail_times: 1 } })) as Job;
      assert.equal(flaky.status, "running");
      const done = await waitForJob(flaky.id, "the flaky job to succeed on attempt 2", (j) => j.status === "succeeded");
      assert.deepEqual([done.attempts, callsOf(store, flakyKey)], [2, 2]);
      assert.deepEqual(
        (await db.models.claims.find({ job_id: flaky.id }).lean()).map((l) => l._id),
        [`lease:${flaky.id}:0:2`],
      );

      const slowKey = `slow-here-${rand()}`;
      const slow = (await stack.broker.call("jobs.enqueue", { type: "jobstest.slow", payload: { key: slowKey } })) as Job;
      await waitUntil("the slow handler to start", async () => (store.waiting.has(slowKey) ? true : undefined));
      assert.equal((await http.post<Job>(`/api/v1/admin/worker/jobs/${slow.id}/cancel`, {})).json.status, "canceled");
      store.waiting.get(slowKey)!("late failure");
      const canceled = await waitForJob(slow.id, "the attempt's result on the canceled job", (j) => j.last_error === "late failure");
      assert.deepEqual([canceled.status, canceled.attempts], ["canceled", 1]);
      await new Promise((r) => setTimeout(r, BACKOFF_BASE_MS * 3));
      assert.equal(callsOf(store, slowKey), 1, "nothing runs again");
    });

    it("jobs.enqueue with a dedupe key returns the unfinished job instead of a new one", async () => {
      const key = `dedupe-${rand()}`;
      const runAt = new Date(Date.now() + 3_600_000).toISOString();
      const a = (await stack.broker.call("jobs.enqueue", { type: "jobs.noop", payload: { n: 1 }, dedupe_key: key, run_at: runAt })) as Job;
      const b = (await stack.broker.call("jobs.enqueue", { type: "jobs.noop", payload: { n: 2 }, dedupe_key: key })) as Job;
      assert.equal(b.id, a.id);
      assert.deepEqual(b.payload, { n: 1 });
      assert.equal(a.status, "scheduled");
      assert.equal(a.queue, "default");
      await http.post(`/api/v1/admin/worker/jobs/${a.id}/cancel`, {});
      const c = (await stack.broker.call("jobs.enqueue", { type: "jobs.noop", payload: { n: 3 }, dedupe_key: key, delay_ms: 3_600_000 })) as Job;
      assert.notEqual(c.id, a.id, "a finished job frees its key");
      assert.equal(c.status, "scheduled");
    });

    it("concurrent enqueues with one dedupe key create exactly one job", async () => {
      const key = `race-${rand()}`;
      const runAt = new Date(Date.now() + 3_600_000).toISOString();
      const jobs = (await Promise.all(
        Array.from({ length: 10 }, () => stack.broker.call("jobs.enqueue", { type: "jobs.noop", payload: {}, dedupe_key: key, run_at: runAt })),
      )) as Job[];
      assert.equal(new Set(jobs.map((j) => j.id)).size, 1);
      assert.equal(await db.models.jobs.countDocuments({ dedupe_key: key }), 1);
    });

    it("jobs.enqueue refuses an unknown type; max_attempts and queue override the type's defaults", async () => {
      await assert.rejects(stack.broker.call("jobs.enqueue", { type: "nope.nothing", payload: {} }), { code: 400, message: "unknown job type" });
      const j = (await stack.broker.call("jobs.enqueue", { type: "jobs.noop", queue: "other", payload: {}, max_attempts: 9, delay_ms: 3_600_000 })) as Job;
      assert.equal(j.max_attempts, 9);
      assert.equal(j.queue, "other");
    });

    it("jobs.fanOut enqueues one job per handler, once per dedupe prefix; jobs.getMany reads them", async () => {
      const org = newId();
      const first = (await stack.broker.call("jobs.fanOut", { event: "organization.deleted", payload: { organization_id: org }, dedupe_prefix: `org-deleted:${org}` })) as Job[];
      assert.deepEqual(
        first.map((j) => j.type),
        [
          "inventory.purgeOrganization",
          "credentials.purgeOrganization",
          "dns.purgeOrganization",
          "clusters.purgeOrganization",
          "events.purgeOrganization",
          "runner.purgeOrganization",
        ],
      );
      assert.ok(first.every((j) => j.queue === "purge" && (j.payload as { organization_id: string }).organization_id === org));
      const second = (await stack.broker.call("jobs.fanOut", { event: "organization.deleted", payload: { organization_id: org }, dedupe_prefix: `org-deleted:${org}` })) as Job[];
      assert.deepEqual(
        second.map((j) => j.id),
        first.map((j) => j.id),
      );
      const many = (await stack.broker.call("jobs.getMany", { ids: [...first.map((j) => j.id), newId(), "junk"] })) as Job[];
      assert.deepEqual(many.map((j) => j.id).sort(), first.map((j) => j.id).sort());
    });

    it("jobs.cleanupFinished deletes finished jobs older than 7 days, with their claims, and nothing else", async () => {
      const old = (await enqueue({ type: "jobs.noop", queue: "default", payload: {} })).json;
      const recent = (await enqueue({ type: "jobs.noop", queue: "default", payload: {} })).json;
      await waitForJob(old.id, "old job", (j) => j.status === "succeeded");
      await waitForJob(recent.id, "recent job", (j) => j.status === "succeeded");
      const pending = (await enqueue({ type: "jobs.noop", queue: "default", payload: {}, run_at: "2099-01-01T00:00:00Z" })).json;
      const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
      await db.models.jobs.updateOne({ _id: old.id }, { $set: { finished_at: eightDaysAgo } });
      await db.models.jobs.updateOne({ _id: pending.id }, { $set: { created_at: eightDaysAgo } });
      const res = (await stack.broker.call("jobs.cleanupFinished", {})) as { deleted: number };
      assert.ok(res.deleted >= 1);
      const left = ((await stack.broker.call("jobs.getMany", { ids: [old.id, recent.id, pending.id] })) as Job[]).map((j) => j.id).sort();
      assert.deepEqual(left, [recent.id, pending.id].sort());
      assert.equal(await db.models.claims.countDocuments({ job_id: old.id }), 0);
    });
  });
});
