import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { isDecompressionFailure, MAX_JSON_DEPTH, MAX_JSON_MEMBERS, withinJsonLimits } from "../../services/api/json-body.ts";

const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;

describe("JSON body limits, checked before parsing", () => {
  it("allows 64 levels of objects and arrays and refuses 65", () => {
    assert.equal(MAX_JSON_DEPTH, 64);
    assert.ok(withinJsonLimits(nested(64)));
    assert.ok(withinJsonLimits(deepObject(64)));
    assert.ok(!withinJsonLimits(nested(65)));
    assert.ok(!withinJsonLimits(deepObject(65)));
    assert.ok(!withinJsonLimits(nested(450_000)));
    assert.ok(withinJsonLimits(`[${nested(63)},${nested(63)}]`), "siblings do not add up");
  });

  it("allows 10,000 members in an object or array and refuses one more", () => {
    assert.equal(MAX_JSON_MEMBERS, 10_000);
    const items = (n: number) => Array.from({ length: n }, (_, i) => i);
    assert.ok(withinJsonLimits(JSON.stringify(items(10_000))));
    assert.ok(!withinJsonLimits(JSON.stringify(items(10_001))));
    assert.ok(withinJsonLimits(JSON.stringify(Object.fromEntries(items(10_000).map((i) => [`k${i}`, i])))));
    assert.ok(!withinJsonLimits(JSON.stringify({ nested: Object.fromEntries(items(10_001).map((i) => [`k${i}`, i])) })));
  });

  it("does not count brackets, commas or escaped quotes inside strings", () => {
    assert.ok(withinJsonLimits(JSON.stringify({ text: "[".repeat(1000) + ",".repeat(20_000) })));
    assert.ok(withinJsonLimits(JSON.stringify({ text: 'say "[[[" and "{{{"', more: "\\" })));
    assert.ok(!withinJsonLimits(`{"text":"\\"","deep":${nested(65)}}`));
  });

  it("refuses a lone surrogate in any string, key or value, and keeps pairs", () => {
    for (const lone of ['"A\\ud800B"', '"\\udc00"', '{"\\ud800":1}', '["ok","\\ud83d"]', '"\\ud83d\\u0041"', '"\\ud83d\\ud83d\\ude00"', `"\ud800"`, `"a\udc00"`]) {
      assert.ok(!withinJsonLimits(lone), lone);
    }
    for (const fine of ['"A\\ud83d\\ude00B"', '{"\\uD83D\\uDE00":"x"}', '"😀"', '"\\\\ud800"', '"\\u00e9\\n\\"\\\\"']) {
      assert.ok(withinJsonLimits(fine), fine);
    }
  });

  it("recognises Node's zlib and brotli failures on garbage, and nothing else", () => {
    const garbage = Buffer.from("definitely not compressed");
    for (const decompress of [gunzipSync, inflateSync, brotliDecompressSync]) {
      assert.throws(
        () => decompress(garbage),
        (err: unknown) => isDecompressionFailure(err),
      );
    }
    assert.equal(isDecompressionFailure(new SyntaxError("Unexpected token")), false);
    assert.equal(isDecompressionFailure(null), false);
  });
});
