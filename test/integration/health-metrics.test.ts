import { strict as assert } from "node:assert";
import { homedir, networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { startHealthServer, type HealthServer } from "../../runtime/health.ts";
import { projectVersion } from "../../shared/project-root.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

describe("/metrics: process metrics without details of the host", () => {
  let stack: Stack;
  let health: HealthServer;
  beforeAll(async () => {
    stack = await startStack({ services: ["orgs"] });
    health = await startHealthServer(stack.broker, { port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await health.close();
    await stack.stop();
  });

  it("never shows the MAC addresses, the home directory or the process arguments", async () => {
    await stack.broker.call("$node.list"); // a request, so request metrics exist
    const res = await fetch(`http://127.0.0.1:${health.port}/metrics`);
    assert.equal(res.status, 200);
    const body = await res.text();
    assert.match(body, /^process_pid\{/m, "process metrics are still collected");
    assert.match(body, /^moleculer_request_total\{/m);
    // a histogram is buckets, _sum and _count only (no quantile samples, no _min/_mean/_variance/_stddev/_max/_rate
    // beside them), and no series per action endpoint
    const histograms = [...body.matchAll(/^# TYPE (\S+) histogram$/gm)].map((m) => m[1]!);
    assert.ok(histograms.includes("moleculer_request_time"), histograms.join());
    // with its sum and count (Moleculer writes them only beside quantiles, which it no longer computes)
    for (const series of ["_bucket", "_sum", "_count"]) assert.match(body, new RegExp(`^moleculer_request_time${series}\\{[^}]*\\} \\d`, "m"), series);
    for (const h of histograms) {
      const own = body.split("\n").filter((l) => l.startsWith(`${h}{`) || l.startsWith(`${h}_`));
      assert.ok(own.length > 0, h);
      assert.deepEqual(
        own.filter((l) => !/^\S+_(bucket|sum|count)\{/.test(l)),
        [],
        `${h}: only buckets, _sum and _count`,
      );
    }
    assert.ok(!body.includes("moleculer_registry_action_endpoints_total"), "no series per action endpoint");
    assert.match(body, /^moleculer_registry_service_endpoints_total\{/m);
    // which build the process runs: one sample, always 1
    const build = body.split("\n").filter((l) => l.startsWith("build_info{"));
    assert.equal(build.length, 1, body.slice(0, 500));
    assert.match(build[0]!, new RegExp(`version="${projectVersion().replaceAll(".", "\\.")}"`));
    assert.match(build[0]!, new RegExp(`node="${process.version.replaceAll(".", "\\.")}"`));
    assert.match(build[0]!, / 1$/);
    for (const name of ["process_arguments", "os_user_homedir", "os_network_mac"]) assert.ok(!body.includes(name), name);
    const macs = Object.values(networkInterfaces())
      .flatMap((list) => (list ?? []).map((i) => i.mac))
      .filter((m) => m !== "00:00:00:00:00:00");
    for (const mac of macs) assert.ok(!body.includes(mac), `MAC ${mac}`);
    assert.ok(!body.includes(`"${homedir()}"`), "home directory");
    for (const arg of process.argv) assert.ok(!body.includes(arg), `process argument ${arg}`);
  });

  it("reports the event-loop delay since the previous scrape (p50, p99, max, in seconds): a blocked loop shows", async () => {
    const value = (body: string, name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(body)?.[1] ?? NaN);
    await fetch(`http://127.0.0.1:${health.port}/metrics`); // a fresh window
    const until = Date.now() + 400;
    while (Date.now() < until); // the loop is blocked for 400 ms: the sampling timer fires at least 300 ms late
    await new Promise((r) => setTimeout(r, 50)); // the delay monitor records the late tick
    const body = await (await fetch(`http://127.0.0.1:${health.port}/metrics`)).text();
    assert.match(body, /^# TYPE process_eventloop_delay_p99 gauge$/m);
    for (const stat of ["p99", "max"]) assert.ok(value(body, `process_eventloop_delay_${stat}`) >= 0.25, `${stat} ${value(body, `process_eventloop_delay_${stat}`)} s`);
    const after = await (await fetch(`http://127.0.0.1:${health.port}/metrics`)).text();
    assert.ok(value(after, "process_eventloop_delay_max") < 0.25, "the next window starts afresh");
  });
});
