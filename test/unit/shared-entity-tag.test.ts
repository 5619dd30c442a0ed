import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { describe, it } from "@jest/globals";
import { entityTagOf, entityTagOfBody, ifMatchHolds, ifNoneMatchHolds, parseEntityTags } from "../../shared/entity-tag.ts";

/** Entity tags (shared/entity-tag.ts): what the gateway sends as `ETag` and how `If-Match` / `If-None-Match` compare with it. */
describe("entity tags", () => {
  it("tags the JSON body the gateway sends: a quoted, 27-character base64url prefix of its SHA-256", () => {
    const body = JSON.stringify({ id: "x", name: "n" });
    const tag = entityTagOfBody(body);
    assert.equal(tag, `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`);
    assert.match(tag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.equal(entityTagOf({ id: "x", name: "n" }), tag, "a service computes the same tag from the answer");
    assert.equal(entityTagOfBody(Buffer.from(body)), tag);
    assert.notEqual(entityTagOf({ name: "n", id: "x" }), tag, "another serialization is another representation");
  });

  it("parses a conditional header: `*`, a list of tags (weak ones keep their W/), nothing for an absent or blank one", () => {
    assert.equal(parseEntityTags(undefined), undefined);
    assert.equal(parseEntityTags("  "), undefined);
    assert.equal(parseEntityTags(" * "), "*");
    assert.deepEqual(parseEntityTags('"a", W/"b",  "c,d"'), ['"a"', 'W/"b"', '"c,d"']);
    assert.deepEqual(parseEntityTags(['"a"', '"b"']), ['"a"', '"b"'], "a header given twice");
    assert.deepEqual(parseEntityTags("unquoted"), [], "nothing that is a tag: matches no representation");
  });

  it("If-Match compares strongly: a weak tag never matches", () => {
    assert.equal(ifMatchHolds("*", '"x"'), true);
    assert.equal(ifMatchHolds(['"y"', '"x"'], '"x"'), true);
    assert.equal(ifMatchHolds(['W/"x"'], '"x"'), false);
    assert.equal(ifMatchHolds([], '"x"'), false);
  });

  it("If-None-Match compares weakly: the client's copy is current when any tag names it", () => {
    assert.equal(ifNoneMatchHolds(undefined, '"x"'), false);
    assert.equal(ifNoneMatchHolds("*", '"x"'), true);
    assert.equal(ifNoneMatchHolds('W/"x"', '"x"'), true);
    assert.equal(ifNoneMatchHolds('"a", "x"', 'W/"x"'), true);
    assert.equal(ifNoneMatchHolds('"a"', '"x"'), false);
  });
});
