import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { z } from "zod";
import { action } from "../../shared/contracts/action.ts";
import { ZodParamsMiddleware } from "../../shared/middlewares/zod-params.ts";
import { defineAction } from "../../shared/validation.ts";

describe("zod params validation through the broker", () => {
  const broker = new ServiceBroker({ logger: false, middlewares: [ZodParamsMiddleware] });
  beforeAll(async () => {
    broker.createService({
      name: "t",
      actions: {
        echo: defineAction(
          action({ name: "t.echo", visibility: "public", input: z.object({ name: z.string().trim().toLowerCase(), n: z.coerce.number().int().default(1) }) }),
          (ctx) => ctx.params,
        ),
      },
    });
    await broker.start();
  });
  afterAll(() => broker.stop());

  it("replaces params with the parsed value and drops unknown keys", async () => {
    assert.deepEqual(await broker.call("t.echo", { name: "  ABC ", extra: "x" }), { name: "abc", n: 1 });
  });

  it("rejects wrong types with a 400 validation_error naming the field", async () => {
    await assert.rejects(broker.call("t.echo", { name: { $gt: "" } }), (err: { code: number; type: string; message: string }) => {
      assert.equal(err.code, 400);
      assert.equal(err.type, "validation_error");
      assert.match(err.message, /^name: /);
      return true;
    });
    await assert.rejects(broker.call("t.echo", {}), { code: 400, type: "validation_error" });
  });
});
