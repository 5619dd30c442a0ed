import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { ReclaimSchedule } from "../../runtime/memory-reclaim.ts";

const MB = 1024 * 1024;

describe("memory reclaim schedule", () => {
  const opts = { idleMs: 5_000, growthBytes: 32 * MB, quietUtilization: 0.05 };

  it("after start-up: once the loop has been quiet for idleMs", () => {
    const s = new ReclaimSchedule(opts);
    assert.equal(s.shouldReclaim({ nowMs: 0, utilization: 0.01, rssBytes: 150 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 4_999, utilization: 0.01, rssBytes: 150 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 5_000, utilization: 0.01, rssBytes: 150 * MB }), true);
  });

  it("never while busy: a busy check starts the quiet time again", () => {
    const s = new ReclaimSchedule(opts);
    s.shouldReclaim({ nowMs: 0, utilization: 0.01, rssBytes: 300 * MB });
    assert.equal(s.shouldReclaim({ nowMs: 4_000, utilization: 0.5, rssBytes: 300 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 6_000, utilization: 0.01, rssBytes: 300 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 10_999, utilization: 0.01, rssBytes: 300 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 11_000, utilization: 0.01, rssBytes: 300 * MB }), true);
  });

  it("again only after the process has grown by growthBytes since the last reclaim", () => {
    const s = new ReclaimSchedule(opts);
    s.shouldReclaim({ nowMs: 0, utilization: 0, rssBytes: 170 * MB });
    assert.equal(s.shouldReclaim({ nowMs: 5_000, utilization: 0, rssBytes: 170 * MB }), true);
    s.reclaimed(120 * MB);
    // quiet for long, grown a little (timers, caches): left alone
    s.shouldReclaim({ nowMs: 6_000, utilization: 0, rssBytes: 140 * MB });
    assert.equal(s.shouldReclaim({ nowMs: 60_000, utilization: 0, rssBytes: 151 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 61_000, utilization: 0, rssBytes: 152 * MB }), true);
  });

  it("the quiet time restarts after a reclaim", () => {
    const s = new ReclaimSchedule(opts);
    s.shouldReclaim({ nowMs: 0, utilization: 0, rssBytes: 400 * MB });
    s.reclaimed(150 * MB);
    s.shouldReclaim({ nowMs: 5_000, utilization: 0, rssBytes: 400 * MB });
    assert.equal(s.shouldReclaim({ nowMs: 9_999, utilization: 0, rssBytes: 400 * MB }), false);
    assert.equal(s.shouldReclaim({ nowMs: 10_000, utilization: 0, rssBytes: 400 * MB }), true);
  });
});
