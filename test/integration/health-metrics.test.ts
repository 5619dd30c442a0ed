import { strict as assert } from "node:assert";
import { homedir, networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { startHealthServer, type HealthServer } from "../../runtime/health.ts";
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
    const res = await fetch(`http://127.0.0.1:${health.port}/metrics`);
    assert.equal(res.status, 200);
    const body = await res.text();
    assert.match(body, /^process_pid\{/m, "process metrics are still collected");
    assert.match(body, /^moleculer_request_total|^os_cpu_total/m);
    for (const name of ["process_arguments", "os_user_homedir", "os_network_mac"]) assert.ok(!body.includes(name), name);
    const macs = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.mac)).filter((m) => m !== "00:00:00:00:00:00");
    for (const mac of macs) assert.ok(!body.includes(mac), `MAC ${mac}`);
    assert.ok(!body.includes(`"${homedir()}"`), "home directory");
    for (const arg of process.argv) assert.ok(!body.includes(arg), `process argument ${arg}`);
  });
});
