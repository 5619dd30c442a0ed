import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { ROUTES } from "../../services/api/routes.ts";
import { createFixtures, fixtureAction, fixtureIds, type FixtureKind } from "../helpers/fixtures.ts";
import type { HttpClient, HttpResponse } from "../helpers/http.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { pathFor, pathParams, routeKey } from "../helpers/route-cases.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Optional pagination of every list of an organization's resources: without parameters a list
 * answers as it always did (at most 1000 items, now with a Link when more remain); `?limit=N`
 * answers at most N in the same order with `Link: <…>; rel="next"` while more remain; invalid
 * `limit` or `cursor` is a 400 in the route's error style.
 */

const TEXT = "text/plain; charset=utf-8";

/** The next page's URL from a Link header (`<path>; rel="next"`), or undefined. */
function nextOf(res: HttpResponse): string | undefined {
  const link = res.headers.get("link");
  if (!link) return undefined;
  const m = /^<([^>]+)>; rel="next"$/.exec(link);
  assert.ok(m, `Link header: ${link}`);
  return m[1];
}

/** Follows Link headers from `first`, returning every page's ids. */
async function walk(c: HttpClient, first: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let url: string | undefined = first; url;) {
    const res: HttpResponse = await c.get(url);
    assert.equal(res.status, 200, `${url}: ${res.text}`);
    pages.push((res.json as { id: string }[]).map((x) => x.id));
    url = nextOf(res);
    assert.ok(pages.length < 100, "the pages end");
  }
  return pages;
}

describe("pagination of an organization's lists", () => {
  let stack: Stack;
  let t: Tenant;
  let ids: Record<FixtureKind, string>;
  const labels: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false", JOBS_PERIODIC_ENABLED: "false" } });
    t = await newTenant(stack, "Pages");
    ids = fixtureIds(await createFixtures(t.http, { action: await fixtureAction(stack) }));
    for (let i = 0; i < 7; i++) labels.unshift((await t.http.post("/api/v1/labels", { key: `page-${i}`, value: i % 2 ? "odd" : "even" })).json.id);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("every list route of an organization is paged: it answers an array, never a page object", async () => {
    const lists: string[] = [];
    // a log (a route with a live tail) answers a page of its output stream, not a list
    for (const route of ROUTES.filter((r) => r.auth === "org" && r.method === "GET" && !r.raw && !r.tail)) {
      const res = await t.http.get(pathFor(route, Object.fromEntries(pathParams(route).map((p) => [p.param, ids[p.kind]]))));
      assert.equal(res.status, 200, `${routeKey(route)}: ${res.text.slice(0, 200)}`);
      const body = res.json as unknown;
      assert.ok(!(body && typeof body === "object" && "items" in body), `${routeKey(route)} answers a page object`);
      if (Array.isArray(body)) lists.push(routeKey(route));
    }
    assert.ok(lists.length >= 14, `${lists.length} list routes`);
    assert.deepEqual(
      lists.filter((k) => !ROUTES.find((r) => routeKey(r) === k)?.paged),
      [],
    );
  });

  it("limit pages a list in its order, the Link header leads to the next page, the last has none", async () => {
    const all = await t.http.get("/api/v1/labels");
    assert.equal(all.status, 200);
    assert.equal(all.headers.get("link"), null, "a list within 1000 items has no Link");
    const everything = (all.json as { id: string }[]).map((l) => l.id);
    assert.deepEqual(everything.slice(0, 7), labels, "newest first");
    const pages = await walk(t.http, "/api/v1/labels?limit=3");
    assert.deepEqual(
      pages.map((p) => p.length),
      [3, 3, 2],
    );
    assert.deepEqual(pages.flat(), everything);
    const first = await t.http.get("/api/v1/labels?limit=3");
    assert.match(nextOf(first)!, /^\/api\/v1\/labels\?limit=3&cursor=[A-Za-z0-9_-]+$/);
    // a limit of exactly the list's length has no next page
    assert.equal((await t.http.get(`/api/v1/labels?limit=${everything.length}`)).headers.get("link"), null);
  });

  it("filters stay on every page", async () => {
    const pages = await walk(t.http, "/api/v1/labels?value=odd&limit=2");
    assert.deepEqual(
      pages.map((p) => p.length),
      [2, 1],
    );
    assert.deepEqual(
      pages.flat(),
      labels.filter((_, i) => (6 - i) % 2 === 1),
    );
    const next = nextOf(await t.http.get("/api/v1/labels?value=odd&limit=2"))!;
    assert.match(next, /[?&]value=odd(&|$)/);
  });

  it("every paged route pages: limit=1 answers one item and a Link while more remain", async () => {
    // an organization's own routes (the administrators' view of an audit log pages in orgs-admin.test.ts)
    for (const route of ROUTES.filter((r) => r.paged && r.auth !== "admin")) {
      const base = pathFor(route, Object.fromEntries(pathParams(route).map((p) => [p.param, ids[p.kind]])));
      const all = await t.http.get(base);
      assert.equal(all.status, 200, `${routeKey(route)}: ${all.text.slice(0, 200)}`);
      const count = (all.json as unknown[]).length;
      assert.ok(count >= 1, `${routeKey(route)} lists something`);
      const pages = await walk(t.http, `${base}${base.includes("?") ? "&" : "?"}limit=1`);
      assert.equal(pages.length, count, routeKey(route));
      assert.deepEqual(
        pages.flat(),
        (all.json as { id: string }[]).map((x) => x.id),
        routeKey(route),
      );
    }
  });

  it("an invalid limit or cursor is 400 in the route's error style", async () => {
    for (const limit of ["0", "1001", "-1", "1.5", "abc", "1e3", "99999"]) {
      const res = await t.http.get(`/api/v1/labels?limit=${limit}`);
      assert.equal(res.status, 400, limit);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, "invalid limit", limit);
    }
    for (const cursor of ["x", "not-a-cursor!", Buffer.from("v1.nope").toString("base64url"), Buffer.from(ids.label).toString("base64url"), "A".repeat(300)]) {
      const res = await t.http.get(`/api/v1/clusters?cursor=${encodeURIComponent(cursor)}`);
      assert.equal(res.status, 400, cursor);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, "invalid cursor", cursor);
    }
    assert.equal((await t.http.get("/api/v1/labels?limit=5&limit=6")).status, 400, "a parameter given twice");
  });

  it("another organization's cursor shows nothing of it: the cursor is a position, the organization comes from the caller", async () => {
    const other = await newTenant(stack, "Other");
    await other.http.post("/api/v1/labels", { key: "theirs", value: "x" });
    const next = nextOf(await t.http.get("/api/v1/labels?limit=2"))!;
    const res = await other.http.get(next);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, [], "the other organization's only label is newer than the cursor");
  });

  it("without parameters a list answers at most 1000 items, with a Link to the rest", async () => {
    const bulk = await newTenant(stack, "Bulk");
    const created: string[] = [];
    for (let i = 0; i < 1001; i += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, 1001 - i) }, (_, j) => bulk.http.post("/api/v1/annotations", { key: `k${i + j}`, value: "v" })));
      for (const r of batch) assert.equal(r.status, 201, r.text);
      created.push(...batch.map((r) => r.json.id as string));
    }
    const first = await bulk.http.get("/api/v1/annotations");
    assert.equal((first.json as unknown[]).length, 1000);
    const next = nextOf(first);
    assert.ok(next, "a Link to the rest");
    const rest = await bulk.http.get(next);
    assert.equal((rest.json as unknown[]).length, 1);
    assert.equal(nextOf(rest), undefined);
    const seen = [...(first.json as { id: string }[]), ...(rest.json as { id: string }[])].map((x) => x.id);
    assert.deepEqual([...seen].sort(), [...created].sort());
  });
});
