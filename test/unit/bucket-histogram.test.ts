import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { BucketHistogram } from "../../runtime/health.ts";

describe("BucketHistogram (every histogram's type)", () => {
  it("counts each observation into every bucket it fits (cumulative), with sum and count, per series; no quantiles", () => {
    const broker = new ServiceBroker({ logger: false, metrics: { enabled: true, reporter: [] } });
    const metric = broker.metrics.register({ type: "histogram", name: "test.latency", labelNames: ["route"], buckets: [0.1, 1, 5] });
    assert.ok(metric instanceof BucketHistogram);
    for (const v of [0.05, 0.5, 0.5, 3, 10]) metric.observe(v, { route: "/a" });
    metric.observe(0.01, { route: "/b" });
    const byRoute = Object.fromEntries(metric.snapshot().map((s) => [(s.labels as { route: string }).route, s]));
    assert.deepEqual(byRoute["/a"]!.buckets, { 0.1: 1, 1: 3, 5: 4 });
    assert.equal(byRoute["/a"]!.count, 5);
    assert.equal(byRoute["/a"]!.sum, 14.05);
    assert.deepEqual(byRoute["/b"]!.buckets, { 0.1: 1, 1: 1, 5: 1 });
    assert.deepEqual((byRoute["/a"] as { quantiles?: unknown }).quantiles, {}, "no quantile is computed");
  });
});
