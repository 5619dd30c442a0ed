import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { newId } from "../../shared/ids.ts";
import { decodeCursor, encodeCursor, fetchSize, limitParam, mapPage, MAX_PAGE, PageParams, pageOfIds, toPage } from "../../shared/paging.ts";

const ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

/** The messages of a failed parse. */
function issues(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  assert.equal(result.success, false);
  return result.error!.issues.map((i) => i.message);
}

/** Paging of an organization's lists (shared/paging.ts): cursors, `limit`, and cutting a page out of what was fetched. */
describe("paging", () => {
  it("hands out opaque cursors and reads back only its own", () => {
    const cursor = encodeCursor(ID);
    assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    assert.equal(cursor.includes(ID), false, "the id is not readable in the cursor");
    assert.equal(decodeCursor(cursor), ID);
    assert.equal(decodeCursor(encodeCursor(ID.toUpperCase())), ID, "ids come back lower-case");
    assert.equal(decodeCursor(Buffer.from(`v2.${ID}`).toString("base64url")), undefined, "another version");
    assert.equal(decodeCursor(encodeCursor("not-a-uuid")), undefined);
    assert.equal(decodeCursor(`${cursor}=`), undefined, "a character outside base64url");
    assert.equal(decodeCursor("x".repeat(101)), undefined);
    assert.equal(decodeCursor(""), undefined);
  });

  it("parses `limit` from a query string or a number, 1 to the maximum; 400 `invalid limit` otherwise", () => {
    const limit = limitParam();
    assert.equal(limit.parse("25"), 25);
    assert.equal(limit.parse(1000), 1000);
    assert.equal(limit.parse(undefined), undefined);
    assert.equal(limit.parse(""), undefined);
    for (const bad of ["0", "1001", "abc", "-1", "1e2", 2.5, 0, 10_000]) assert.deepEqual(issues(limit.safeParse(bad)), ["invalid limit"], String(bad));
    assert.deepEqual(issues(limit.safeParse({})), ["invalid limit"]);
    const small = limitParam(50, 20);
    assert.equal(small.parse(undefined), 20, "the list's own default");
    assert.equal(small.parse("50"), 50);
    assert.deepEqual(issues(small.safeParse("51")), ["invalid limit"]);
  });

  it("turns a list action's `limit` and `cursor` into a page request", () => {
    assert.deepEqual(PageParams.parse({ limit: "5", cursor: encodeCursor(ID) }), { limit: 5, cursor: ID });
    assert.deepEqual(PageParams.parse({}), {});
    const blank = PageParams.parse({ limit: "", cursor: "" });
    assert.equal(blank.limit, undefined, "an empty query value means none given");
    assert.equal(blank.cursor, undefined);
    assert.deepEqual(issues(PageParams.safeParse({ cursor: "bogus" })), ["invalid cursor"]);
    assert.deepEqual(issues(PageParams.safeParse({ cursor: 5 })), ["invalid cursor"]);
  });

  it("fetches one more item than a page holds, and gives a cursor only while more remain", () => {
    assert.equal(fetchSize({}), MAX_PAGE + 1);
    assert.equal(fetchSize({ limit: 2 }), 3);
    const items = [{ id: "c" }, { id: "b" }, { id: "a" }];
    assert.deepEqual(
      toPage(items, { limit: 2 }, (i) => i.id),
      { items: [{ id: "c" }, { id: "b" }], next_cursor: encodeCursor("b") },
    );
    assert.deepEqual(
      toPage(items.slice(0, 2), { limit: 2 }, (i) => i.id),
      { items: [{ id: "c" }, { id: "b" }] },
    );
    assert.deepEqual(
      toPage(items, {}, (i) => i.id),
      { items },
    );
  });

  it("maps a page's items and keeps its cursor", async () => {
    assert.deepEqual(await mapPage({ items: [1, 2], next_cursor: "n" }, (xs) => xs.map((x) => x * 10)), { items: [10, 20], next_cursor: "n" });
    assert.deepEqual(await mapPage({ items: [1] }, async (xs) => Promise.resolve(xs.map(String))), { items: ["1"] });
  });

  it("pages a list of ids: newest first, without repeats, after the cursor", () => {
    const ids = Array.from({ length: 5 }, () => newId());
    const shuffled = [ids[2]!, ids[0]!, ids[4]!, ids[1]!, ids[3]!, ids[0]!];
    assert.deepEqual(pageOfIds(shuffled, { limit: 2 }), [ids[4], ids[3], ids[2]]);
    assert.deepEqual(pageOfIds(shuffled, { limit: 2, cursor: ids[3] }), [ids[2], ids[1], ids[0]]);
    assert.deepEqual(pageOfIds(shuffled, { cursor: ids[0] }), []);
  });
});
