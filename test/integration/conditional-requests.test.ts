import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { createFixtures, fixtureAction, fixtureIds, type FixtureKind } from "../helpers/fixtures.ts";
import type { HttpResponse } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { BODIES, pathFor, pathParams, routeKey } from "../helpers/route-cases.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Conditional requests (RFC 9110): every read, create and conditional write answers an `ETag`;
 * `If-None-Match` on a GET answers 304; `If-Match` on a write that changes one resource is checked
 * by the write itself: a stale tag is 412 with the current `ETag` and changes nothing, and of two
 * concurrent writes with the same tag exactly one wins. Generated from the route table: every
 * conditional [org] route is exercised, so a new one is covered or breaks this test.
 */

const STALE = '"stale-entity-tag"';

/** The conditional [org] routes, each with the GET route its tags name. */
const CONDITIONAL: { route: RouteDef; get: RouteDef }[] = ROUTES.filter((r) => r.conditional !== undefined && r.auth === "org").map((route) => {
  const get = ROUTES.find((g) => g.method === "GET" && g.path === route.conditional);
  if (!get) throw new Error(`${routeKey(route)}: no GET route at ${route.conditional}`);
  return { route, get };
});

describe("conditional requests: ETag, If-Match, If-None-Match", () => {
  let stack: Stack;
  let alice: SignedIn;
  let bob: SignedIn;
  let admin: SignedIn;
  let orgA: string;
  let orgB: string;
  let idsA: Record<FixtureKind, string>;

  const A = () => orgHeaders(alice, orgA);
  const B = () => orgHeaders(bob, orgB);
  const etagOf = (res: HttpResponse) => {
    const tag = res.headers.get("etag");
    assert.match(tag ?? "", /^"[A-Za-z0-9_-]{27}"$/, `no strong ETag on ${res.status} ${res.text.slice(0, 200)}`);
    return tag!;
  };
  const idsFor = (route: RouteDef) => Object.fromEntries(pathParams(route).map((p) => [p.param, idsA[p.kind]]));
  const send = (route: RouteDef, headers: Record<string, string>) => {
    const url = pathFor(route, idsFor(route));
    const body = BODIES[routeKey(route)]?.body((kind) => idsA[kind]);
    return stack.http.request(route.method, url, { headers, ...(route.method === "POST" || route.method === "PATCH" ? { body: body ?? {} } : {}) });
  };

  beforeAll(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false", JOBS_PERIODIC_ENABLED: "false" } });
    alice = await signIn(stack.broker, uniqueEmail("alice"));
    bob = await signIn(stack.broker, uniqueEmail("bob"));
    admin = await signIn(stack.broker, uniqueEmail("admin"), { admin: true });
    orgA = (await stack.http.post("/api/v1/orgs", { name: "Conditional A" }, { headers: alice.bearer })).json.id;
    orgB = (await stack.http.post("/api/v1/orgs", { name: "Conditional B" }, { headers: bob.bearer })).json.id;
    const action = await fixtureAction(stack);
    idsA = fixtureIds(await createFixtures(stack.http.with(A()), { action }));
  });
  afterAll(async () => {
    await stack.stop();
  });

  it("covers the conditional routes it should (attach and detach, PATCH and DELETE of every resource)", () => {
    const keys = CONDITIONAL.map((c) => routeKey(c.route));
    for (const expected of [
      "PATCH /labels/:id",
      "DELETE /ssh/:id",
      "POST /clusters/:clusterID/bastion",
      "DELETE /clusters/:clusterID/node-pools/:nodePoolID",
      "POST /node-pools/:id/servers",
      "PATCH /clusters/:clusterID/metadata/:metadataID",
      "DELETE /dns/records/:id",
    ]) {
      assert.ok(keys.includes(expected), `${expected} is not conditional`);
    }
    assert.ok(CONDITIONAL.length >= 40, `only ${CONDITIONAL.length} conditional routes`);
  });

  it("every conditional route: a stale If-Match is 412 with the current ETag, and changes nothing", async () => {
    for (const { route, get } of CONDITIONAL) {
      // the plain answer (an SSH key's GET also has a `reveal` form, with its own tag)
      const getUrl = pathFor(get, idsFor(get)).split("?")[0]!;
      const before = await stack.http.get(getUrl, { headers: A() });
      assert.equal(before.status, 200, `${routeKey(get)}: ${before.text}`);
      const tag = etagOf(before);
      const refused = await send(route, { ...A(), "if-match": STALE });
      assert.equal(refused.status, 412, `${routeKey(route)}: ${refused.status} ${refused.text}`);
      assert.equal(refused.headers.get("x-error-code"), "precondition_failed");
      assert.equal(refused.headers.get("etag"), tag, `${routeKey(route)}: the 412 names the current tag`);
      const after = await stack.http.get(getUrl, { headers: A() });
      assert.deepEqual(after.json, before.json, `${routeKey(route)} changed the resource`);
      assert.equal(after.headers.get("etag"), tag);
      // another organization learns nothing from a tag: its write on A's resource is the 404 of any foreign id
      const foreign = await send(route, { ...B(), "if-match": tag });
      assert.equal(foreign.status, 404, `${routeKey(route)} from B: ${foreign.status} ${foreign.text}`);
      assert.equal(foreign.headers.get("etag"), null);
    }
  });

  it("a current If-Match writes; the answer's ETag is the resource's new one; the old tag is then stale", async () => {
    const created = await stack.http.post("/api/v1/labels", { key: "tier", value: "one" }, { headers: A() });
    assert.equal(created.status, 201);
    const url = `/api/v1/labels/${created.json.id}`;
    const first = etagOf(await stack.http.get(url, { headers: A() }));
    assert.equal(etagOf(created), first, "a create answers the tag a GET then gives");
    const patched = await stack.http.patch(url, { value: "two" }, { headers: { ...A(), "if-match": first } });
    assert.equal(patched.status, 200, patched.text);
    const second = etagOf(patched);
    assert.notEqual(second, first);
    assert.equal(etagOf(await stack.http.get(url, { headers: A() })), second);
    const stale = await stack.http.delete(url, { headers: { ...A(), "if-match": first } });
    assert.equal(stale.status, 412);
    assert.equal(stale.headers.get("etag"), second);
    // a list of tags holds when one of them is current; `*` holds for any existing resource
    const listed = await stack.http.patch(url, { value: "three" }, { headers: { ...A(), "if-match": `${STALE}, ${second}` } });
    assert.equal(listed.status, 200, listed.text);
    const weak = await stack.http.patch(url, { value: "four" }, { headers: { ...A(), "if-match": `W/${etagOf(listed)}` } });
    assert.equal(weak.status, 412, "If-Match compares strongly: a weak tag never matches");
    const deleted = await stack.http.delete(url, { headers: { ...A(), "if-match": "*" } });
    assert.equal(deleted.status, 204);
    assert.equal((await stack.http.get(url, { headers: A() })).status, 404);
    const gone = await stack.http.patch(url, { value: "five" }, { headers: { ...A(), "if-match": etagOf(listed) } });
    assert.equal(gone.status, 404, "a deleted resource is 404, not 412");
  });

  it("of two concurrent writes with the same tag, exactly one wins (the database decides)", async () => {
    const label = (await stack.http.post("/api/v1/labels", { key: "race", value: "0" }, { headers: A() })).json.id as string;
    const labelUrl = `/api/v1/labels/${label}`;
    for (let round = 1; round <= 8; round++) {
      const tag = etagOf(await stack.http.get(labelUrl, { headers: A() }));
      const answers = await Promise.all(["a", "b"].map((who) => stack.http.patch(labelUrl, { value: `${round}-${who}` }, { headers: { ...A(), "if-match": tag } })));
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [200, 412], `round ${round}: ${answers.map((a) => `${a.status} ${a.text}`).join(" | ")}`);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.find((a) => a.status === 412)!;
      assert.equal(loser.headers.get("etag"), etagOf(winner), "the loser is told the winner's tag");
      assert.equal((await stack.http.get(labelUrl, { headers: A() })).json.value, winner.json.value);
    }
    // attach and detach on a node pool: its answer changes with its attachments, and so does its tag
    const pool = (await stack.http.post("/api/v1/node-pools", { name: "race-pool", role: "worker" }, { headers: A() })).json.id as string;
    const poolUrl = `/api/v1/node-pools/${pool}`;
    const labels = await Promise.all(["x", "y"].map(async (v) => (await stack.http.post("/api/v1/labels", { key: `pool-${v}`, value: v }, { headers: A() })).json.id as string));
    const setAttached = async (ids: string[]) => {
      for (const id of labels) await stack.http.delete(`${poolUrl}/labels/${id}`, { headers: A() });
      if (ids.length > 0) assert.equal((await stack.http.post(`${poolUrl}/labels`, { label_ids: ids }, { headers: A() })).status, 204);
    };
    for (let round = 1; round <= 4; round++) {
      // odd rounds race two attaches to an empty pool, even rounds two detaches from a pool of both
      const attaching = round % 2 === 1;
      await setAttached(attaching ? [] : labels);
      const tag = etagOf(await stack.http.get(poolUrl, { headers: A() }));
      const answers = await Promise.all(
        labels.map((id) =>
          attaching
            ? stack.http.post(`${poolUrl}/labels`, { label_ids: [id] }, { headers: { ...A(), "if-match": tag } })
            : stack.http.delete(`${poolUrl}/labels/${id}`, { headers: { ...A(), "if-match": tag } }),
        ),
      );
      assert.deepEqual(answers.map((a) => a.status).sort(), [204, 412], `pool round ${round}: ${answers.map((a) => `${a.status} ${a.text}`).join(" | ")}`);
      const attached = (await stack.http.get(poolUrl, { headers: A() })).json.labels as { id: string }[];
      assert.equal(attached.length, 1, `pool round ${round}: the loser changed nothing`);
    }
  });

  it("If-None-Match on a GET: 304 without a body while the tag is current (weakly compared), 200 once it changed", async () => {
    const url = `/api/v1/clusters/${idsA.cluster}`;
    const first = await stack.http.get(url, { headers: A() });
    const tag = etagOf(first);
    for (const header of [tag, `W/${tag}`, `${STALE}, ${tag}`, "*"]) {
      const cached = await stack.http.get(url, { headers: { ...A(), "if-none-match": header } });
      assert.equal(cached.status, 304, header);
      assert.equal(cached.text, "");
      assert.equal(cached.headers.get("etag"), tag);
    }
    assert.equal((await stack.http.get(url, { headers: { ...A(), "if-none-match": STALE } })).status, 200);
    // lists carry a tag too
    const list = await stack.http.get("/api/v1/labels", { headers: A() });
    assert.equal((await stack.http.get("/api/v1/labels", { headers: { ...A(), "if-none-match": etagOf(list) } })).status, 304);
    // a change through another collection (the cluster's metadata) changes the cluster's tag
    assert.equal((await stack.http.post(`${url}/metadata`, { key: "owner", value: "team-a" }, { headers: A() })).status, 201);
    const changed = await stack.http.get(url, { headers: { ...A(), "if-none-match": tag } });
    assert.equal(changed.status, 200);
    assert.notEqual(etagOf(changed), tag);
    // If-None-Match on a write is not a read's cache check: the write happens and answers as usual
    const written = await stack.http.patch(url, { name: "renamed" }, { headers: { ...A(), "if-none-match": etagOf(changed) } });
    assert.equal(written.status, 200, written.text);
  });

  it("outside the [org] routes: /me, /orgs/{id} and an administrator's action take If-Match; a route with no entity tag takes only *", async () => {
    const me = await stack.http.get("/api/v1/me", { headers: alice.bearer });
    const meTag = etagOf(me);
    assert.equal((await stack.http.patch("/api/v1/me", { name: "Alice" }, { headers: { ...alice.bearer, "if-match": STALE } })).status, 412);
    const renamed = await stack.http.patch("/api/v1/me", { name: "Alice" }, { headers: { ...alice.bearer, "if-match": meTag } });
    assert.equal(renamed.status, 200, renamed.text);

    const orgTag = etagOf(await stack.http.get(`/api/v1/orgs/${orgA}`, { headers: alice.bearer }));
    assert.equal((await stack.http.patch(`/api/v1/orgs/${orgA}`, { name: "Conditional A2" }, { headers: { ...alice.bearer, "if-match": STALE } })).status, 412);
    assert.equal((await stack.http.delete(`/api/v1/orgs/${orgA}`, { headers: { ...alice.bearer, "if-match": STALE } })).status, 412);
    assert.equal((await stack.http.get(`/api/v1/orgs/${orgA}`, { headers: alice.bearer })).status, 200, "the stale DELETE kept the organization");
    assert.equal((await stack.http.patch(`/api/v1/orgs/${orgA}`, { name: "Conditional A2" }, { headers: { ...alice.bearer, "if-match": orgTag } })).status, 200);

    const actionUrl = `/api/v1/admin/actions/${idsA.action}`;
    const actionTag = etagOf(await stack.http.get(actionUrl, { headers: admin.bearer }));
    assert.equal((await stack.http.patch(actionUrl, { label: "Renamed" }, { headers: { ...admin.bearer, "if-match": STALE } })).status, 412);
    assert.equal((await stack.http.patch(actionUrl, { label: "Renamed" }, { headers: { ...admin.bearer, "if-match": actionTag } })).status, 200);

    // a create has no current resource to match: only * holds, and a refused create creates nothing
    const before = (await stack.http.get("/api/v1/taints", { headers: A() })).json.length as number;
    const refused = await stack.http.post("/api/v1/taints", { key: "never", value: "made", effect: "NoSchedule" }, { headers: { ...A(), "if-match": STALE } });
    assert.equal(refused.status, 412);
    assert.equal((await stack.http.get("/api/v1/taints", { headers: A() })).json.length, before);
    const key = await stack.http.post(`/api/v1/orgs/${orgB}/api-keys`, { name: "k" }, { headers: bob.bearer });
    assert.equal(key.status, 201, key.text);
    assert.equal((await stack.http.delete(`/api/v1/orgs/${orgB}/api-keys/${key.json.id}`, { headers: { ...bob.bearer, "if-match": STALE } })).status, 412);
    assert.equal((await stack.http.delete(`/api/v1/orgs/${orgB}/api-keys/${key.json.id}`, { headers: { ...bob.bearer, "if-match": "*" } })).status, 204);
  });
});
