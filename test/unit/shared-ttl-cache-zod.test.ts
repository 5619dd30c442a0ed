import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { z } from "zod";
import { TtlCache } from "../../shared/ttl-cache.ts";
import { escapeRegex, idParams, orgResource, queryText, text, withAlias } from "../../shared/zod.ts";

/** The small shared helpers: the per-process cache (shared/ttl-cache.ts) and the zod building blocks (shared/zod.ts). */
describe("ttl cache and zod helpers", () => {
  it("keeps a value for its time-to-live, or until an earlier expiry given with it", () => {
    const cache = new TtlCache<string>(60_000);
    cache.set("a", "1");
    assert.equal(cache.get("a"), "1");
    cache.set("b", "2", Date.now() - 1);
    assert.equal(cache.get("b"), undefined, "expired at once");
    cache.set("c", "3", Date.now() + 3_600_000);
    assert.equal(cache.get("c"), "3", "a later expiry does not outlive the ttl, but holds now");
    const gone = new TtlCache<string>(0);
    gone.set("a", "1");
    assert.equal(gone.get("a"), undefined, "a ttl of 0 keeps nothing");
    cache.delete("a");
    assert.equal(cache.get("a"), undefined);
  });

  it("drops the oldest entry when full, and clears by key prefix", () => {
    const cache = new TtlCache<number>(60_000, 3);
    for (const [i, k] of ["org:1", "org:2", "user:1", "user:2"].entries()) cache.set(k, i);
    assert.equal(cache.get("org:1"), undefined, "the oldest went");
    assert.deepEqual(
      ["org:2", "user:1", "user:2"].map((k) => cache.get(k)),
      [1, 2, 3],
    );
    cache.clear("user:");
    assert.deepEqual(
      ["org:2", "user:1", "user:2"].map((k) => cache.get(k)),
      [1, undefined, undefined],
    );
    cache.clear();
    assert.equal(cache.get("org:2"), undefined);
  });

  it("validates ids and trimmed texts; an object is never a text", () => {
    assert.deepEqual(idParams.parse({ id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }), { id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" });
    assert.equal(idParams.safeParse({ id: "nope" }).error?.issues[0]?.message, "invalid id");
    assert.equal(text(5).parse("  abc  "), "abc");
    assert.equal(text(5).safeParse("   ").success, false);
    assert.equal(text(5).safeParse("abcdef").success, false);
    assert.equal(text().safeParse({ $ne: "" }).success, false);
    assert.equal(queryText.parse("  q  "), "q");
    assert.equal(queryText.parse("   "), undefined);
    assert.equal(queryText.parse(undefined), undefined);
  });

  it("puts a resource's fields in the documented order", () => {
    const shape = orgResource({ name: z.string() });
    assert.deepEqual(Object.keys(shape.shape), ["id", "organization_id", "name", "created_at", "updated_at"]);
  });

  it("escapes user text for a literal regular expression", () => {
    const q = "a.b*(c)?[d]{1}^$|\\+";
    assert.equal(new RegExp(escapeRegex(q)).test(`x${q}y`), true);
    assert.equal(new RegExp(escapeRegex(".*")).test("anything"), false);
  });

  it("takes an alias for a field: it stands in when the field is absent or blank, and must agree when both are given", () => {
    const schema = withAlias(
      z.object({ provider: z.string().trim().optional(), cluster_provider: z.string().trim().optional(), name: z.string() }),
      "provider",
      "cluster_provider",
    );
    assert.deepEqual(schema.parse({ cluster_provider: "aws", name: "n" }), { provider: "aws", name: "n" });
    assert.deepEqual(schema.parse({ provider: "aws", name: "n" }), { provider: "aws", name: "n" });
    assert.deepEqual(schema.parse({ provider: "aws", cluster_provider: " aws ", name: "n" }), { provider: "aws", name: "n" });
    assert.deepEqual(schema.parse({ provider: "", cluster_provider: "gcp", name: "n" }), { provider: "gcp", name: "n" });
    assert.deepEqual(schema.parse({ provider: "aws", cluster_provider: "", name: "n" }), { provider: "aws", name: "n" });
    assert.equal(schema.safeParse({ provider: "aws", cluster_provider: "gcp", name: "n" }).error?.issues[0]?.message, "invalid cluster_provider: differs from provider");
  });
});
