import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { z } from "zod";
import { action } from "../../shared/contracts/action.ts";
import { AccessMiddleware } from "../../shared/middlewares/access.ts";
import { defineAction } from "../../shared/validation.ts";

describe("the admin access rule fails closed", () => {
  const broker = new ServiceBroker({ logger: false, middlewares: [AccessMiddleware] });
  beforeAll(async () => {
    broker.createService({
      name: "t",
      actions: {
        secret: defineAction(action({ name: "t.secret", visibility: "public", access: "admin", output: z.object({ ok: z.boolean() }) }), () => ({ ok: true })),
      },
    });
    await broker.start();
  });
  afterAll(() => broker.stop());

  it("refuses a call that came through the gateway (client_ip set) without a caller identity: 401", async () => {
    await assert.rejects(broker.call("t.secret", {}, { meta: { client_ip: "203.0.113.9" } }), { code: 401, type: "unauthorized" });
  });

  it("refuses a non-admin user and lets an admin through", async () => {
    const user = { kind: "user", user_id: "u1", is_admin: false, via: "bearer" };
    await assert.rejects(broker.call("t.secret", {}, { meta: { client_ip: "203.0.113.9", principal: user } }), { code: 403 });
    await assert.rejects(broker.call("t.secret", {}, { meta: { principal: { kind: "org_key", key_id: "k", organization_id: "o" } } }), { code: 401 });
    assert.deepEqual(await broker.call("t.secret", {}, { meta: { client_ip: "203.0.113.9", principal: { ...user, is_admin: true } } }), { ok: true });
  });

  it("keeps trusting a call from the bus with no HTTP origin (another service, a job, the REPL)", async () => {
    assert.deepEqual(await broker.call("t.secret", {}), { ok: true });
  });
});
