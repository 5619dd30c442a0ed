import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { Errors } from "moleculer";
import { backoffMs, describeFailure } from "../../services/jobs/outcome.ts";
import { jobPayloadSchema } from "../../services/jobs/payloads.ts";
import { isPeriodicKey, PERIODIC_JOBS, periodKey, periodStart } from "../../services/jobs/periodic.ts";
import { JobRegistry } from "../../services/jobs/registry.ts";

const MINUTE = 60_000;

/** The jobs service's schedule maths, failure texts, job types and payload schemas, without a database. */
describe("jobs schedule, outcome and registry", () => {
  it("cuts time into periods and keys one job per type and period", () => {
    const now = Date.parse("2026-03-04T05:06:07.890Z");
    assert.equal(new Date(periodStart(now, MINUTE)).toISOString(), "2026-03-04T05:06:00.000Z");
    assert.equal(new Date(periodStart(now, 3_600_000)).toISOString(), "2026-03-04T05:00:00.000Z");
    assert.equal(new Date(periodStart(now, 86_400_000)).toISOString(), "2026-03-04T00:00:00.000Z");
    assert.equal(periodStart(periodStart(now, MINUTE), MINUTE), periodStart(now, MINUTE), "a period's start is in that period");
    const key = periodKey("dns.sweep", periodStart(now, MINUTE));
    assert.equal(key, "period:dns.sweep:2026-03-04T05:06:00.000Z");
    assert.equal(isPeriodicKey(key), true);
    assert.equal(isPeriodicKey("0190a1b2-0000-7000-8000-000000000000"), false);
    assert.equal(isPeriodicKey(undefined), false);
  });

  it("runs each periodic type once, every minute, hour or day", () => {
    const types = PERIODIC_JOBS.map((j) => j.type);
    assert.equal(new Set(types).size, types.length, "no type is scheduled twice");
    const every = new Map(PERIODIC_JOBS.map((j) => [j.type, j.everyMs]));
    assert.equal(every.get("dns.sweep"), MINUTE);
    assert.equal(every.get("orgs.relayEvents"), MINUTE);
    assert.equal(every.get("auth.cleanupTokens"), 3_600_000);
    assert.equal(every.get("jobs.cleanupFinished"), 86_400_000);
    const registry = new JobRegistry();
    for (const type of types) assert.notEqual(registry.get(type), undefined, `${type} is a known job type`);
  });

  it("backs off exponentially with jitter between half and all of the capped delay", () => {
    assert.equal(
      backoffMs(1, 1000, 60_000, () => 0),
      500,
    );
    assert.equal(
      backoffMs(1, 1000, 60_000, () => 1),
      1000,
    );
    assert.equal(
      backoffMs(3, 1000, 60_000, () => 0),
      2000,
    );
    assert.equal(
      backoffMs(3, 1000, 60_000, () => 0.5),
      3000,
    );
    assert.equal(
      backoffMs(10, 1000, 60_000, () => 1),
      60_000,
      "capped at the maximum",
    );
    assert.equal(
      backoffMs(0, 1000, 60_000, () => 1),
      1000,
      "attempt 0 waits as attempt 1",
    );
    for (let i = 0; i < 50; i++) {
      const ms = backoffMs(4, 1000, 60_000);
      assert.ok(ms >= 4000 && ms <= 8000, String(ms));
    }
  });

  it("describes a failure in one short, secret-free line", () => {
    assert.equal(describeFailure(new Errors.RequestTimeoutError({ action: "dns.sweep", nodeID: "n1" }), "dns.sweep", 60_000), "timed out after 60000 ms");
    assert.equal(describeFailure(new Errors.ServiceNotFoundError({ action: "dns.sweep" }), "dns.sweep", 1), "no handler available for dns.sweep");
    assert.equal(describeFailure(new Error("zone not found\n    at stack line"), "t", 1), "zone not found");
    assert.equal(describeFailure("plain text failure", "t", 1), "plain text failure");
    assert.equal(describeFailure(new Error("   "), "t", 1), "job failed");
    assert.equal(describeFailure(null, "t", 1), "job failed");
    assert.equal(describeFailure(new Error("call failed: Bearer abc.def.ghi"), "t", 1), "call failed: [REDACTED]");
    const long = describeFailure(new Error("x".repeat(500)), "t", 1);
    assert.equal(long.length, 300);
    assert.ok(long.endsWith("…"));
  });

  it("knows the built-in job types, their queues and each queue's concurrency", () => {
    const registry = new JobRegistry();
    assert.deepEqual(registry.get("dns.reconcileDomain"), { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 });
    assert.equal(registry.get("no.suchType"), undefined);
    assert.equal(registry.get("toString"), undefined, "no prototype name is a job type");
    assert.deepEqual(registry.queues().sort(), ["clusters", "default", "dns", "events", "maintenance", "purge", "runner", "webhooks"]);
    assert.equal(registry.concurrency("dns", 3), 5);
    assert.equal(registry.concurrency("webhooks", 3), 3, "a queue without its own figure uses the fallback");
  });

  it("adds the extra types of JOBS_EXTRA_TYPES and refuses bad ones with a message naming the setting", () => {
    const registry = new JobRegistry(JSON.stringify({ "reports.build": { queue: "reports", timeoutMs: 5000, maxAttempts: 2 } }));
    assert.deepEqual(registry.get("reports.build"), { queue: "reports", timeoutMs: 5000, maxAttempts: 2 });
    assert.ok(registry.queues().includes("reports"));
    assert.throws(() => new JobRegistry("{not json"), { message: "JOBS_EXTRA_TYPES: not valid JSON" });
    assert.throws(() => new JobRegistry(JSON.stringify({ "jobs.noop": { queue: "q", timeoutMs: 100, maxAttempts: 1 } })), {
      message: "JOBS_EXTRA_TYPES: jobs.noop is a built-in job type",
    });
    // a refused key is named with its rule
    assert.throws(
      () => new JobRegistry(JSON.stringify({ nodot: { queue: "q", timeoutMs: 100, maxAttempts: 1 } })),
      /^Error: JOBS_EXTRA_TYPES: nodot: must be <service>\.<action>$/,
    );
    assert.throws(
      () => new JobRegistry(JSON.stringify({ "a.b": { queue: "q", timeoutMs: 7_200_000, maxAttempts: 1 } })),
      /JOBS_EXTRA_TYPES: a\.b\.timeoutMs: at most 3600000 without a heartbeat/,
    );
    assert.deepEqual(new JobRegistry(JSON.stringify({ "a.b": { queue: "q", timeoutMs: 7_200_000, maxAttempts: 1, heartbeat: true } })).get("a.b")?.timeoutMs, 7_200_000);
  });

  it("finds the payload schema of a job type in its action's contract", () => {
    const schema = jobPayloadSchema("dns.reconcileDomain");
    assert.ok(schema);
    const organization_id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    const domain_id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c";
    assert.equal(schema.safeParse({ organization_id, domain_id }).success, true);
    assert.equal(schema.safeParse({ organization_id }).success, false);
    assert.equal(jobPayloadSchema("no.suchType"), undefined);
  });
});
