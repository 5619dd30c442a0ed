import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { Errors, type ServiceSchema } from "moleculer";
import type { AdminPageJob, Job } from "../../shared/contracts/jobs.ts";
import { apiError } from "../../shared/errors.ts";
import type { HttpClient } from "../helpers/http.ts";
import { signIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const rand = () => randomBytes(3).toString("hex");

/** Handlers refusing their parameters, as Moleculer's validator and our parseOrThrow do. */
const strictService: ServiceSchema = {
  name: "strict",
  actions: {
    moleculer: () => {
      throw new Errors.ValidationError("Parameters validation error!", "VALIDATION_ERROR", [{ field: "n" }]);
    },
    ours: () => {
      throw apiError("validation_error", "invalid n");
    },
  },
};

describe("admin jobs with signal: payload and queue checked at enqueue, validation errors final, periodic hidden, counts", () => {
  let stack: Stack;
  let http: HttpClient;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "jobs"],
      env: {
        JOBS_PERIODIC_ENABLED: "true",
        JOBS_POLL_MS: "500",
        JOBS_BACKOFF_BASE_MS: "200",
        JOBS_BACKOFF_MAX_MS: "400",
        JOBS_EXTRA_TYPES: JSON.stringify({
          "strict.moleculer": { queue: "strict", timeoutMs: 5_000, maxAttempts: 5 },
          "strict.ours": { queue: "strict", timeoutMs: 5_000, maxAttempts: 5 },
        }),
      },
    });
    stack.broker.createService(strictService);
    await stack.broker.waitForServices(["strict"]);
    const admin = await signIn(stack.broker, undefined, { admin: true });
    http = stack.http.with(admin.bearer);
  });
  afterAll(async () => {
    await stack.stop();
  });

  const enqueue = (body: unknown) => http.post<Job>("/api/v1/admin/worker/jobs", body);
  const list = async (query: string) => {
    const res = await http.get<AdminPageJob>(`/api/v1/admin/worker/jobs${query}`);
    assert.equal(res.status, 200, res.text);
    return res.json;
  };

  it("a payload the handler's schema refuses is 400 with its message, and nothing is stored", async () => {
    const before = (await list("?type=auth.cleanupTokens&periodic=all")).total;
    const res = await enqueue({ type: "auth.cleanupTokens", queue: "maintenance", payload: { grace_hours: "soon" } });
    assert.equal(res.status, 400, res.text);
    assert.match(res.text, /grace_hours/);
    assert.equal((await list("?type=auth.cleanupTokens&periodic=all")).total, before);
    const ok = await enqueue({ type: "auth.cleanupTokens", queue: "maintenance", payload: { grace_hours: 2 } });
    assert.equal(ok.status, 200, ok.text);
  });

  it("a queue other than the type's is 400 invalid queue", async () => {
    const res = await enqueue({ type: "jobs.noop", queue: "dns", payload: {} });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.text, "invalid queue");
    const ok = await enqueue({ type: "jobs.noop", queue: "default", payload: { tag: rand() } });
    assert.equal(ok.status, 200, ok.text);
  });

  it("a handler's parameter-validation error fails the job for good at its first attempt", async () => {
    for (const type of ["strict.moleculer", "strict.ours"]) {
      const res = await enqueue({ type, queue: "strict", payload: {} });
      assert.equal(res.status, 200, res.text);
      const id = res.json.id;
      const failed = await waitUntil(`${type} failed`, async () => {
        const page = await list(`?type=${type}&status=failed`);
        return page.items.find((j) => j.id === id);
      });
      assert.equal(failed.attempts, 1);
      assert.notEqual(failed.last_error, "");
    }
  });

  it("the list hides periodic housekeeping by default, shows it with periodic=true|all, filters by type, and counts per status", async () => {
    const periodic = await waitUntil("a periodic job", async () => {
      const page = await list("?periodic=true");
      return page.total > 0 ? page : undefined;
    });
    const periodicIds = new Set(periodic.items.map((j) => j.id));
    const plain = await list("?page_size=100");
    assert.ok(
      plain.items.every((j) => !periodicIds.has(j.id)),
      "no periodic job by default",
    );
    assert.ok(plain.items.some((j) => j.type === "jobs.noop"));
    const all = await list("?periodic=all&page_size=100");
    assert.equal(all.total, plain.total + (await list("?periodic=true")).total);

    const noop = await list("?type=jobs.noop");
    assert.ok(noop.total >= 1 && noop.items.every((j) => j.type === "jobs.noop"));

    const strict = await list("?type=strict.ours");
    assert.equal(strict.counts.failed, 1);
    assert.equal(
      Object.values(strict.counts).reduce((a, b) => a + b, 0),
      strict.total,
    );
    // counts ignore the status filter: the tabs of a view show every status at once
    assert.deepEqual((await list("?type=strict.ours&status=succeeded")).counts, strict.counts);

    const bad = await http.get("/api/v1/admin/worker/jobs?periodic=maybe");
    assert.equal(bad.status, 400);
    assert.equal(bad.text, "invalid periodic");
  });
});
