import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { z } from "zod";
import { action } from "../../shared/contracts/action.ts";
import { ZodParamsMiddleware } from "../../shared/middlewares/zod-params.ts";
import { defineAction, describeZodError, parseFirstRefusal } from "../../shared/validation.ts";

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
      assert.equal(err.message, "invalid name");
      return true;
    });
    await assert.rejects(broker.call("t.echo", {}), { code: 400, type: "validation_error", message: "missing fields: name" });
  });
});

describe("describeZodError: one message style, never a validator's default text", () => {
  const messageOf = (schema: z.ZodType, value: unknown): string => {
    const result = schema.safeParse(value);
    assert.ok(!result.success);
    return describeZodError(result.error);
  };

  it("absent fields are gathered into one `missing fields: a, b`, in the schema's order", () => {
    const schema = z.object({ key: z.string(), value: z.string(), n: z.number().optional() });
    assert.equal(messageOf(schema, {}), "missing fields: key, value");
    assert.equal(messageOf(schema, { value: "x" }), "missing fields: key");
  });

  it("our own `missing fields: …` messages merge with each other (no repeated prefix)", () => {
    const required = (name: string) => z.string({ error: (iss) => (iss.input === undefined ? `missing fields: ${name}` : `invalid ${name}`) });
    assert.equal(messageOf(z.object({ key: required("key"), value: required("value") }), {}), "missing fields: key, value");
    assert.equal(messageOf(z.object({ key: required("key"), value: required("value") }), { key: 5 }), "missing fields: value; invalid key");
  });

  it("a wrong type, size or format is `invalid <field>` (the top-level field), whatever the validator says", () => {
    const schema = z.object({ name: z.string().max(3), tags: z.array(z.string()), when: z.iso.datetime() });
    assert.equal(messageOf(schema, { name: "long name", tags: ["a", 5], when: "yesterday" }), "invalid name; invalid tags; invalid when");
    assert.equal(messageOf(schema, { name: { $gt: "" }, tags: [], when: "2026-01-01T00:00:00Z" }), "invalid name");
  });

  it("lower-case messages written in the codebase are kept as they are", () => {
    assert.equal(messageOf(z.object({ bits: z.number({ error: "invalid bits" }) }), { bits: "x" }), "invalid bits");
    assert.equal(messageOf(z.object({ k: z.string().refine(() => false, "kubeconfig too large") }), { k: "x" }), "kubeconfig too large");
  });
});

describe("parseFirstRefusal: the first refusal only, absent fields first, then the fields in the order given", () => {
  const schema = z
    .object({
      key: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().toLowerCase()),
      value: z.string().max(3),
      tags: z
        .array(z.string())
        .refine((tags) => new Set(tags).size === tags.length, "duplicate tag")
        .optional(),
      n: z.number().optional(),
    })
    .superRefine((body, ctx) => {
      if (body.value === "bad") ctx.addIssue({ code: "custom", message: "value bad for this key" });
    });
  const parse = (value: unknown) => parseFirstRefusal(schema, value, ["value", "key", "tags", "n"]);
  const refused = (value: unknown): string => {
    try {
      parse(value);
    } catch (err) {
      const { code, type, message } = err as { code: number; type: string; message: string };
      assert.deepEqual([code, type], [400, "validation_error"]);
      return message;
    }
    assert.fail("no refusal");
  };

  it("answers the parsed value when nothing is refused", () => {
    assert.deepEqual(parse({ key: " K ", value: "v", extra: 1 }), { key: "k", value: "v" });
  });

  it("every required field that is absent, null or made absent by its own preprocessing, together, in the schema's order", () => {
    assert.equal(refused({ n: "x" }), "missing fields: key, value");
    assert.equal(refused({ key: "", value: null, n: "x" }), "missing fields: key, value");
    assert.equal(refused({ key: 5 }), "missing fields: value");
  });

  it("else one refusal: the first field of the order given that has one, never joined with another", () => {
    assert.equal(refused({ key: 5, value: "long", n: "x" }), "invalid value");
    assert.equal(refused({ key: 5, value: "v", n: "x" }), "invalid key");
    assert.equal(refused({ key: "k", value: "v", n: null }), "invalid n", "null for an optional field is a wrong value, not an absent one");
  });

  it("keeps the schema's own lower-case messages; a rule across fields comes after every field's", () => {
    assert.equal(refused({ key: "k", value: "v", tags: ["a", "a"] }), "duplicate tag");
    assert.equal(refused({ key: "k", value: "bad" }), "value bad for this key");
    assert.equal(refused({ key: "k", value: "bad", tags: ["a", "a"] }), "duplicate tag");
  });
});
