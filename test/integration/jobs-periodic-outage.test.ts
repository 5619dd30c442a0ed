import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { PERIODIC_JOBS, periodKey, periodStart } from "../../services/jobs/periodic.ts";
import { loadService } from "../../runtime/services.ts";
import { openJobsDatabase } from "../helpers/jobs-nodes.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * A periodic job whose service is down is retried with backoff (beyond its type's own attempts,
 * which are for failures of the job itself), and runs once the service is back: it does not fail
 * for good after one attempt and wait for the next period (a day, for events.purgeExpired).
 */
describe("periodic jobs while their service is down", () => {
  let stack: Stack;
  let db: Awaited<ReturnType<typeof openJobsDatabase>>;
  const type = "events.purgeExpired"; // daily, 3 attempts of its own
  const every = PERIODIC_JOBS.find((p) => p.type === type)!.everyMs;

  beforeAll(async () => {
    stack = await startStack({
      services: ["jobs"],
      env: { JOBS_PERIODIC_ENABLED: "true", JOBS_POLL_MS: "200", JOBS_BACKOFF_BASE_MS: "200", JOBS_BACKOFF_MAX_MS: "2000" },
    });
    db = await openJobsDatabase(stack.dbPrefix);
  });
  afterAll(async () => {
    await stack.stop();
    await db.connection.dropDatabase();
    await db.close();
  });

  it("is retried with backoff past its own attempts while the service is out, and succeeds once it is back", async () => {
    const onceKey = periodKey(type, periodStart(Date.now(), every));
    const job = () => db.models.jobs.findOne({ once_key: onceKey }).lean();
    const retried = await waitUntil(
      "the periodic job to be retried past its type's 3 attempts",
      async () => {
        const j = await job();
        assert.notEqual(j?.status, "failed", `failed for good: ${JSON.stringify(j)}`);
        return j && j.attempts >= 4 ? j : undefined;
      },
      30_000,
    );
    assert.match(retried.last_error, /events/);
    stack.broker.createService(await loadService("events"));
    const done = await waitUntil(
      "the periodic job to succeed once its service is back",
      async () => {
        const j = await job();
        return j?.status === "succeeded" || j?.status === "failed" ? j : undefined;
      },
      30_000,
    );
    assert.equal(done.status, "succeeded", JSON.stringify(done));
    assert.ok(done.attempts >= 5 && done.attempts <= 8, `attempts ${done.attempts}`);
  });
});
