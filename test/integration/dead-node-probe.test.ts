import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterEach, describe, it } from "@jest/globals";
import { ServiceBroker, type ActionSchema, type Context, type ServiceSchema } from "moleculer";
import { brokerOptions } from "../../moleculer.config.ts";
import { parseConfig } from "../../shared/config.ts";

/**
 * The dead-node probe with the broker options the services run with, two brokers on the real
 * NATS bus and heartbeats far too slow to notice anything during a test: a node whose bus
 * connection is gone without a goodbye (as when its process is SIGKILLed) fails the calls waiting
 * on it within a second, also a call that had waited long before; a node that is slow but alive
 * keeps its calls. (A frozen process, SIGSTOP, is in test/e2e/dependency-down.test.ts: brokers
 * here share one event loop.)
 */
describe("dead-node probe: calls waiting on a node that vanished", () => {
  const namespace = `probe-${randomBytes(4).toString("hex")}`;
  const brokers: ServiceBroker[] = [];
  const started = async (name: string, services: ServiceSchema[] = []) => {
    const cfg = parseConfig({
      NODE_ENV: "test",
      NAMESPACE: namespace,
      TRANSPORTER: process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222",
      HEARTBEAT_INTERVAL_S: "20",
      HEARTBEAT_TIMEOUT_S: "120",
      LOG_LEVEL: "error",
      METRICS_ENABLED: "false",
    });
    const broker = new ServiceBroker({ ...brokerOptions(cfg, { nodeID: `${name}-${namespace}`, logWrite: () => undefined }) });
    for (const s of services) broker.createService(s);
    brokers.push(broker);
    await broker.start();
    return broker;
  };
  const after = (answer: string) => (ctx: Context<{ ms: number }>) => new Promise((r) => setTimeout(() => r(answer), ctx.params.ms));
  const slowpoke: ServiceSchema = {
    name: "slowpoke",
    // `idempotent` is this project's action flag (the retry middleware reads it), unknown to Moleculer's types
    actions: { read: { idempotent: true, handler: after("read done") } as ActionSchema, write: { handler: after("write done") } },
  };
  const waitForNodes = async (broker: ServiceBroker, count: number) => {
    for (let i = 0; i < 100 && broker.registry.nodes.list({ onlyAvailable: true, withServices: false }).length < count; i++) await new Promise((r) => setTimeout(r, 100));
  };
  const timed = async (call: () => Promise<unknown>) => {
    const t0 = performance.now();
    try {
      return { value: await call(), ms: performance.now() - t0 };
    } catch (err) {
      return { error: err as Error & { code?: number; type?: string }, ms: performance.now() - t0 };
    }
  };

  afterEach(async () => {
    // a broker whose connection was cut cannot say goodbye: its stop is not waited for long
    const stopped = (b: ServiceBroker) => Promise.race([b.stop().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
    await Promise.all(brokers.splice(0).map(stopped));
  });

  it("a slow node that still answers pings keeps its calls, and stays in the registry", async () => {
    await started("worker", [slowpoke]);
    const caller = await started("caller");
    await caller.waitForServices("slowpoke", 10_000);
    const res = await timed(() => caller.call("slowpoke.write", { ms: 1_500 }));
    assert.equal(res.value, "write done", String(res.error));
    assert.ok(res.ms >= 1_400, `answered after ${Math.round(res.ms)} ms`);
    assert.equal(caller.registry.nodes.get(`worker-${namespace}`)?.available, true);
  });

  it("a call that has waited seconds (probed many times, its node alive) still fails within a second once its node's connection is gone", async () => {
    const doomed = await started("late", [slowpoke]);
    const caller = await started("caller");
    await caller.waitForServices("slowpoke", 10_000);
    const write = timed(() => caller.call("slowpoke.write", { ms: 30_000 }));
    await new Promise((r) => setTimeout(r, 2_000));
    assert.equal(caller.registry.nodes.get(`late-${namespace}`)?.available, true, "a live node is never dropped by the probe");
    const tx = doomed.transit?.tx as unknown as { client: { close(): Promise<void> } };
    await tx.client.close();
    const cutAt = performance.now();
    const w = await write;
    assert.equal(w.error?.name, "RequestRejectedError", String(w.error ?? w.value));
    assert.ok(performance.now() - cutAt < 1_000, `failed ${Math.round(performance.now() - cutAt)} ms after the cut`);
  });

  it("a node whose bus connection is cut mid-call fails its pending write within a second, and its pending read fails over", async () => {
    const doomed = await started("doomed", [slowpoke]);
    const healthy = await started("healthy", [slowpoke]);
    const caller = await started("caller");
    const doomedID = `doomed-${namespace}`;
    await caller.waitForServices("slowpoke", 10_000);
    await waitForNodes(caller, 3);
    const write = timed(() => caller.call("slowpoke.write", { ms: 30_000 }, { nodeID: doomedID }));
    const read = timed(() => caller.call("slowpoke.read", { ms: 200 }, { nodeID: doomedID }));
    await new Promise((r) => setTimeout(r, 100));
    // the process "dies": its NATS connection closes and no DISCONNECT reaches the bus
    const tx = doomed.transit?.tx as unknown as { client: { close(): Promise<void> } };
    await tx.client.close();
    const cutAt = performance.now();
    const w = await write;
    const writeFailedAfter = performance.now() - cutAt;
    // a write is never repeated: it fails (the gateway answers 503 naming the service)
    assert.equal(w.error?.name, "RequestRejectedError", String(w.error ?? w.value));
    assert.ok(writeFailedAfter < 1_000, `failed ${Math.round(writeFailedAfter)} ms after the cut`);
    // the idempotent read is retried on the live node and answers
    const r = await read;
    assert.equal(r.value, "read done", String(r.error));
    assert.ok(performance.now() - cutAt < 1_500, `read answered ${Math.round(performance.now() - cutAt)} ms after the cut`);
    assert.equal(caller.registry.nodes.get(doomedID)?.available, false);

    // with no node left, a call fails at once instead of waiting
    await healthy.stop();
    const next = await timed(() => caller.call("slowpoke.read", { ms: 10 }));
    assert.equal(next.error?.name, "ServiceNotAvailableError", String(next.error ?? next.value));
    assert.ok(next.ms < 200, `answered in ${Math.round(next.ms)} ms`);
  });
});
