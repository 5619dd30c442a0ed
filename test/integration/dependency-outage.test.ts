import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker, type Context } from "moleculer";
import { brokerOptions } from "../../moleculer.config.ts";
import { parseConfig } from "../../shared/config.ts";
import { toHttpError } from "../../shared/errors.ts";

/**
 * With the broker options the services run with: a healthy service whose dependency times out
 * answers `service_unavailable` naming the dependency, and its circuit breaker never opens
 * because of that: once the dependency answers again, the very next call succeeds. A dependency
 * no node offers is the same 503 (never the 404 a ServiceNotFoundError would become).
 */
describe("a dependency's outage inside a healthy service's action", () => {
  let broker: ServiceBroker;
  let slowMs = 200;

  beforeAll(async () => {
    const cfg = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "fatal", METRICS_ENABLED: "false" });
    broker = new ServiceBroker({ ...brokerOptions(cfg, { nodeID: "dependency-outage", logWrite: () => undefined }) });
    broker.createService({
      name: "front",
      actions: {
        read: (ctx: Context) => ctx.call("back.read", {}, { timeout: 50 }),
        missing: (ctx: Context) => ctx.call("absent.read"),
      },
    });
    broker.createService({ name: "back", actions: { read: () => new Promise((r) => setTimeout(() => r("back answered"), slowMs)) } });
    await broker.start();
  });
  afterAll(async () => {
    await broker.stop();
  });

  it("a timing-out dependency is a 503 naming it, and no breaker opens on the healthy service", async () => {
    // more failures than the breaker needs to open (20 calls, half failing)
    for (let i = 0; i < 30; i++) {
      const err = await broker.call("front.read").then(
        () => assert.fail("front.read answered while back was too slow"),
        (e: unknown) => e as Error & { type?: string; code?: number; data?: { service?: string } },
      );
      assert.equal(err.type, "service_unavailable", `${err.name}: ${err.message}`);
      assert.equal(err.code, 503);
      assert.equal(err.data?.service, "back");
      assert.deepEqual(toHttpError(err), { status: 503, code: "service_unavailable", message: "service unavailable: back", headers: { "Retry-After": "2" } });
    }
    slowMs = 0;
    assert.equal(await broker.call("front.read"), "back answered");
  });

  it("a dependency no node offers is a 503 naming it, not a 404", async () => {
    const err = await broker.call("front.missing").then(
      () => assert.fail("answered"),
      (e: unknown) => e as Error,
    );
    assert.deepEqual(toHttpError(err), { status: 503, code: "service_unavailable", message: "service unavailable: absent", headers: { "Retry-After": "2" } });
  });
});
