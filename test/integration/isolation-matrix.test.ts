import { strict as assert } from "node:assert";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { createFixtures, fixtureAction, fixtureIds, FIXTURE_KINDS, type FixtureKind, type Fixtures } from "../helpers/fixtures.ts";
import type { HttpResponse } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { BODIES, PATH_PARAM_KINDS, SHARED_KINDS, pathFor, pathParams, routeKey, type BodyRef, type IdOf } from "../helpers/route-cases.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Tenant isolation, generated from the gateway's route table: every [org] route and method, called
 * by organization B in each of the three ways into an [org] route, against organization A's ids.
 * Every answer is a refusal (404, or 400 where a foreign id in a body is a validation error, or
 * 403 when B names A in X-Org-ID), A's data is exactly what it was, and nothing B receives ever
 * contains an id of A. A route this file cannot build a case for fails the test, so new routes
 * are covered or break it.
 */

const TEXT = "text/plain; charset=utf-8";

/** The 404 message of each kind. */
const NOT_FOUND: Record<FixtureKind, string> = {
  label: "label not found",
  annotation: "annotation not found",
  taint: "taint not found",
  sshKey: "ssh key not found",
  server: "server not found",
  bastion: "server not found",
  nodePool: "node pool not found",
  loadBalancer: "load balancer not found",
  platformLoadBalancer: "load balancer not found",
  route53Credential: "credential not found",
  powerdnsCredential: "credential not found",
  domain: "domain not found",
  recordSet: "record set not found",
  cluster: "cluster not found",
  metadata: "metadata not found",
  action: "action not found",
  run: "run not found",
  webhook: "webhook not found",
};

/**
 * Messages of path parameters that differ from `<kind> not found` on one route ("METHOD path :param").
 * A foreign id still answers exactly what a missing id answers (the matrix checks both).
 */
const PATH_MESSAGES: Record<string, string> = {
  "DELETE /node-pools/:id/servers/:childId :childId": "server not attached to the node pool",
  "DELETE /node-pools/:id/labels/:childId :childId": "label not attached to the node pool",
  "DELETE /node-pools/:id/annotations/:childId :childId": "annotation not attached to the node pool",
  "DELETE /node-pools/:id/taints/:childId :childId": "taint not attached to the node pool",
  // a run is looked up by its organization, cluster and id at once: the run is what is not found
  "GET /clusters/:clusterID/runs/:runID :clusterID": "run not found",
  "GET /clusters/:clusterID/runs/:runID/logs :clusterID": "run not found",
  "POST /clusters/:clusterID/runs/:runID/cancel :clusterID": "run not found",
};

type Position = BodyRef;

/** The objects a route names (path params in order, then body references); throws when one is not in the tables. */
function positionsOf(route: RouteDef): { path: { param: string; kind: FixtureKind }[]; all: Position[] } {
  const path = pathParams(route);
  const all: Position[] = path
    .filter((p) => !SHARED_KINDS.includes(p.kind))
    .map((p) => ({ kind: p.kind, status: 404, message: PATH_MESSAGES[`${routeKey(route)} :${p.param}`] ?? NOT_FOUND[p.kind] }));
  const bodyCase = BODIES[routeKey(route)];
  if ((route.method === "POST" || route.method === "PATCH") && !bodyCase) throw new Error(`${routeKey(route)}: no body in BODIES`);
  for (const ref of bodyCase?.refs ?? []) all.push(ref);
  return { path, all };
}

/** Which organization each position of a case points at: A (the victim) or B (the caller's own). */
type Owners = ("A" | "B")[];

/** Every [org] route has at least one foreign case, or is a list or a create of B's own. */
function casesOf(route: RouteDef): { owners: Owners; expect: Position }[] {
  const { all } = positionsOf(route);
  if (all.length === 0) {
    if (route.method === "GET") return [];
    if (BODIES[routeKey(route)]?.creates) return [];
    throw new Error(`${routeKey(route)}: no isolation case (no id and not a list or a create in BODIES)`);
  }
  const cases: { owners: Owners; expect: Position }[] = [{ owners: all.map(() => "A"), expect: all[0]! }];
  for (let i = 1; i < all.length; i++) cases.push({ owners: all.map((_, j) => (j === i ? "A" : "B")), expect: all[i]! });
  return cases;
}

describe("tenant isolation matrix over every [org] route", () => {
  let stack: Stack;
  let alice: SignedIn;
  let bob: SignedIn;
  let orgA: string;
  let orgB: string;
  let fa: Fixtures;
  let fb: Fixtures;
  let idsA: Record<FixtureKind, string>;
  let idsB: Record<FixtureKind, string>;
  let aliceKeyId: string;
  let orgKeyA: string;
  let modes: Record<"bearer" | "user API key" | "org key", Record<string, string>>;
  let mongo: mongoose.mongo.MongoClient;
  /** Every id of A, to be found in nothing B ever receives. */
  let secretsOfA: string[];

  const A = () => orgHeaders(alice, orgA);

  beforeAll(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false", JOBS_PERIODIC_ENABLED: "false" } });
    mongo = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    alice = await signIn(stack.broker, uniqueEmail("alice"));
    bob = await signIn(stack.broker, uniqueEmail("bob"));
    orgA = (await stack.http.post("/api/v1/orgs", { name: "Victim A" }, { headers: alice.bearer })).json.id;
    orgB = (await stack.http.post("/api/v1/orgs", { name: "Caller B" }, { headers: bob.bearer })).json.id;
    const action = await fixtureAction(stack);
    fa = await createFixtures(stack.http.with(A()), { action });
    fb = await createFixtures(stack.http.with(orgHeaders(bob, orgB)), { action });
    idsA = fixtureIds(fa);
    idsB = fixtureIds(fb);

    const userKey = await stack.http.post("/api/v1/me/api-keys", { name: "bob-iso" }, { headers: bob.bearer });
    assert.equal(userKey.status, 201, userKey.text);
    const orgKey = await stack.http.post(`/api/v1/orgs/${orgB}/api-keys`, { name: "b-iso" }, { headers: bob.bearer });
    assert.equal(orgKey.status, 201, orgKey.text);
    const aliceKey = await stack.http.post("/api/v1/me/api-keys", { name: "alice-iso" }, { headers: alice.bearer });
    aliceKeyId = aliceKey.json.id;
    orgKeyA = (await stack.http.post(`/api/v1/orgs/${orgA}/api-keys`, { name: "a-iso" }, { headers: alice.bearer })).json.id;
    modes = {
      bearer: orgHeaders(bob, orgB),
      "user API key": { "x-api-key": userKey.json.plain, "x-org-id": orgB },
      "org key": { "x-org-key": orgKey.json.org_key, "x-org-secret": orgKey.json.org_secret },
    };
    secretsOfA = [
      orgA,
      ...FIXTURE_KINDS.filter((k) => !SHARED_KINDS.includes(k)).map((k) => idsA[k]),
      fa.secrets.kubeconfig,
      fa.secrets.route53.secret_access_key,
      fa.secrets.powerdns.token,
    ];
  });
  afterAll(async () => {
    await mongo?.close();
    await stack?.stop();
  });

  const orgRoutes = () => ROUTES.filter((r) => r.auth === "org");

  /** Everything A can see, including the secrets (revealed), the private key and the stored kubeconfig ciphertext. */
  async function snapshotA(): Promise<string> {
    const parts: string[] = [];
    // the audit log records this very snapshot's reads (a private key downloaded): it is checked by the events tests
    for (const route of orgRoutes().filter((r) => r.method === "GET" && r.path !== "/audit-events")) {
      const { path } = positionsOf(route);
      const res = await stack.http.get(pathFor(route, Object.fromEntries(path.map((p) => [p.param, idsA[p.kind]]))), { headers: A() });
      assert.equal(res.status, 200, `A reads ${routeKey(route)}: ${res.text.slice(0, 200)}`);
      parts.push(`${routeKey(route)} ${res.contentType.includes("zip") ? res.text.length : res.text}`);
    }
    for (const kind of ["route53Credential", "powerdnsCredential"] as const) {
      const res = await stack.http.post(`/api/v1/credentials/${idsA[kind]}/reveal`, {}, { headers: A() });
      assert.equal(res.status, 200, res.text);
      parts.push(`reveal ${kind} ${res.text}`);
    }
    const kube = await mongo.db(`${stack.dbPrefix}_clusters`).collection("cluster_kubeconfigs").find({}).toArray();
    const mine = kube.filter((d) => JSON.stringify(d).includes(idsA.cluster));
    assert.equal(mine.length, 1, "A's kubeconfig is stored");
    parts.push(`kubeconfig ${JSON.stringify(mine)}`);
    const keys = await stack.http.get(`/api/v1/orgs/${orgA}/api-keys`, { headers: alice.bearer });
    const members = await stack.http.get(`/api/v1/orgs/${orgA}/members`, { headers: alice.bearer });
    const org = await stack.http.get(`/api/v1/orgs/${orgA}`, { headers: alice.bearer });
    parts.push(
      JSON.stringify(keys.json, (k, v: unknown) => (k === "last_used_at" ? undefined : v)),
      members.text,
      org.text,
    );
    return parts.join("\n");
  }

  /** Nothing B receives names anything of A (other than what B itself sent). */
  function assertNoLeak(what: string, res: HttpResponse, sent = ""): void {
    const seen = `${res.text}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}`;
    for (const s of secretsOfA) assert.ok(sent.includes(s) || !seen.includes(s), `${what}: the answer contains A's ${s.slice(0, 40)}: ${res.text.slice(0, 300)}`);
  }

  function assertTextError(what: string, res: HttpResponse, status: number, message: string): void {
    assert.equal(res.status, status, `${what}: expected ${status} ${message}, got ${res.status} ${res.text.slice(0, 200)}`);
    assert.equal(res.contentType, TEXT, what);
    assert.equal(res.text, message, what);
    assert.ok(res.headers.get("x-error-code"), `${what}: X-Error-Code`);
  }

  it("the tables cover every [org] route: each path parameter has a fixture kind, each writing route a body, each route a case", () => {
    const problems: string[] = [];
    for (const route of orgRoutes()) {
      try {
        casesOf(route);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    assert.deepEqual(problems, []);
    // the tables name nothing that no longer exists (a renamed route would otherwise go untested)
    const keys = new Set(orgRoutes().map(routeKey));
    assert.deepEqual(
      Object.keys(BODIES).filter((k) => !keys.has(k)),
      [],
    );
    const params = new Set(
      orgRoutes().flatMap((r) =>
        r.path
          .split("/")
          .filter(Boolean)
          .map((s, i, a) => `${a[i - 1]}/${s}`),
      ),
    );
    assert.deepEqual(
      Object.keys(PATH_PARAM_KINDS).filter((k) => !params.has(k)),
      [],
    );
    assert.ok(orgRoutes().length >= 80, `only ${orgRoutes().length} [org] routes`);
    for (const kind of FIXTURE_KINDS.filter((k) => !SHARED_KINDS.includes(k))) assert.notEqual(idsA[kind], idsB[kind]);
  });

  it("B, in each auth mode, gets 404/400 for A's ids on every [org] route, and A's data does not change", async () => {
    let before = await snapshotA();
    let calls = 0;
    for (const route of orgRoutes()) {
      const { path } = positionsOf(route);
      const bodyCase = BODIES[routeKey(route)];
      for (const { owners, expect } of casesOf(route)) {
        const kindsOwner = new Map<FixtureKind, "A" | "B">();
        const all = positionsOf(route).all;
        all.forEach((p, i) => kindsOwner.set(p.kind, owners[i]!));
        const id: IdOf = (kind) => (kindsOwner.get(kind) === "A" ? idsA : idsB)[kind];
        const url = pathFor(route, Object.fromEntries(path.map((p) => [p.param, id(p.kind)])));
        const messageFor = (foreign: string) => (typeof expect.message === "string" ? expect.message : expect.message(foreign));
        // a foreign id answers exactly what a missing one answers
        const missing = randomUUID();
        const missingId: IdOf = (kind) => (kindsOwner.get(kind) === "A" ? missing : idsB[kind]);
        const missingUrl = pathFor(route, Object.fromEntries(path.map((p) => [p.param, missingId(p.kind)])));
        const missingBody = bodyCase?.body(missingId);
        const asMissing = await stack.http.request(route.method, missingUrl, { headers: modes.bearer, ...(missingBody ? { body: missingBody } : {}) });
        assertTextError(`missing id: ${route.method} ${missingUrl} [${owners.join(",")}]`, asMissing, expect.status, messageFor(missing));
        for (const [mode, headers] of Object.entries(modes)) {
          const body = bodyCase?.body(id);
          const res = await stack.http.request(route.method, url, { headers, ...(body ? { body } : {}) });
          calls++;
          const what = `${mode}: ${route.method} ${url} ${body ? JSON.stringify(body).slice(0, 120) : ""} [${owners.join(",")}]`;
          assertTextError(what, res, expect.status, messageFor(id(expect.kind)));
          assertNoLeak(what, res, `${url} ${JSON.stringify(body ?? {})}`);
        }
        // the same ids in upper case are the same ids (never a way around the organization filter)
        const upperId: IdOf = (kind) => id(kind).toUpperCase();
        const upperUrl = pathFor(route, Object.fromEntries(path.map((p) => [p.param, upperId(p.kind)])));
        const upperBody = bodyCase?.body(upperId);
        const upper = await stack.http.request(route.method, upperUrl, { headers: modes.bearer, ...(upperBody ? { body: upperBody } : {}) });
        assert.equal(upper.status, expect.status, `upper-case ids: ${route.method} ${upperUrl}: ${upper.status} ${upper.text.slice(0, 200)}`);
        assertNoLeak(`upper-case ids: ${route.method} ${upperUrl}`, upper, `${upperUrl} ${JSON.stringify(upperBody ?? {})}`.toLowerCase());
        // path params win over the query string: B's own ids in the query change nothing
        if (path.length > 0 && (route.method === "GET" || route.method === "DELETE")) {
          const query = path.map((p) => `${p.param}=${idsB[p.kind]}`).join("&");
          const withQuery = `${url}${url.includes("?") ? "&" : "?"}${query}`;
          const res = await stack.http.request(route.method, withQuery, { headers: modes.bearer });
          assertTextError(`query override: ${route.method} ${withQuery}`, res, expect.status, messageFor(id(expect.kind)));
        }
      }
      if (casesOf(route).length > 0 && route.method !== "GET") {
        const now = await snapshotA();
        assert.equal(now, before, `A's data changed after B's calls to ${routeKey(route)}`);
        before = now;
      }
    }
    assert.ok(calls > 200, `${calls} calls`);
    assert.equal(await snapshotA(), before);
  });

  it("B naming A in X-Org-ID is 403 forbidden in every mode, on every [org] route", async () => {
    const before = await snapshotA();
    const naming: Record<string, Record<string, string>> = {
      bearer: { ...modes.bearer, "x-org-id": orgA },
      "user API key": { ...modes["user API key"], "x-org-id": orgA },
      "org key": { ...modes["org key"], "x-org-id": orgA },
    };
    for (const route of orgRoutes()) {
      const { path } = positionsOf(route);
      const url = pathFor(route, Object.fromEntries(path.map((p) => [p.param, idsA[p.kind]])));
      const body = BODIES[routeKey(route)]?.body((k) => idsA[k]);
      for (const [mode, headers] of Object.entries(naming)) {
        const res = await stack.http.request(route.method, url, { headers, ...(body ? { body } : {}) });
        const what = `${mode} naming A: ${route.method} ${url}`;
        assertTextError(what, res, 403, "forbidden");
        assertNoLeak(what, res);
      }
    }
    assert.equal(await snapshotA(), before);
  });

  it("B's lists (every GET [org] route on B's own ids) never include A's items, in every mode; creates land in B", async () => {
    // the audit log records this very snapshot's reads (a private key downloaded): it is checked by the events tests
    for (const route of orgRoutes().filter((r) => r.method === "GET" && r.path !== "/audit-events")) {
      const { path } = positionsOf(route);
      const plain = pathFor(route, Object.fromEntries(path.map((p) => [p.param, idsB[p.kind]])));
      // tag lists can embed the node pools their items are attached to
      const urls = /^\/(labels|annotations|taints)$/.test(route.path) ? [plain, `${plain}?include=node_pools`] : [plain];
      for (const [mode, headers] of Object.entries(modes))
        for (const url of urls) {
          const res = await stack.http.get(url, { headers });
          assert.equal(res.status, 200, `${mode}: GET ${url}: ${res.text.slice(0, 200)}`);
          assertNoLeak(`${mode}: GET ${url}`, res);
        }
    }
    // an upper-case UUID is the same id: B reads its own objects with it
    for (const route of orgRoutes().filter((r) => r.method === "GET" && r.path.includes(":"))) {
      const { path } = positionsOf(route);
      const lower = pathFor(route, Object.fromEntries(path.map((p) => [p.param, idsB[p.kind]])));
      const upper = pathFor(route, Object.fromEntries(path.map((p) => [p.param, idsB[p.kind].toUpperCase()])));
      const [a, b] = [await stack.http.get(lower, { headers: modes.bearer }), await stack.http.get(upper, { headers: modes.bearer })];
      assert.equal(b.status, 200, `GET ${upper}: ${b.status} ${b.text.slice(0, 200)}`);
      if (!a.contentType.includes("zip")) assert.equal(b.text, a.text, `GET ${upper}`);
    }
    // lists are not trivially empty: B sees its own fixtures
    const clusters = await stack.http.get("/api/v1/clusters", { headers: modes["org key"] });
    assert.deepEqual(
      clusters.json.map((c: { id: string }) => c.id),
      [idsB.cluster],
    );
    assert.equal(clusters.json[0].node_pools[0].id, idsB.nodePool);

    const before = await snapshotA();
    for (const route of orgRoutes().filter((r) => BODIES[routeKey(r)]?.creates)) {
      for (const [mode, headers] of Object.entries(modes)) {
        const res = await stack.http.request(route.method, pathFor(route, {}), { headers, body: BODIES[routeKey(route)]!.body((k) => idsB[k]) });
        assert.equal(res.status, 201, `${mode}: ${routeKey(route)}: ${res.text.slice(0, 200)}`);
        if ("organization_id" in res.json) assert.equal(res.json.organization_id, orgB);
        const inB = await stack.http.get(`/api/v1${route.path}`, { headers: modes.bearer });
        assert.ok(
          inB.json.some((x: { id: string }) => x.id === res.json.id),
          `${mode}: ${routeKey(route)}: created in B`,
        );
      }
    }
    assert.equal(await snapshotA(), before, "B's creates changed nothing in A");
  });

  it("B's writes on its own objects cannot be pointed at A through body fields (organization_id, id, _id): they land in B", async () => {
    const before = await snapshotA();
    const writing = orgRoutes().filter((r) => r.method === "POST" || r.method === "PATCH");
    for (const route of writing) {
      const { path, all } = positionsOf(route);
      const own: IdOf = (kind) => idsB[kind];
      const url = pathFor(route, Object.fromEntries(path.map((p) => [p.param, own(p.kind)])));
      const victim = all[0] ? idsA[all[0].kind] : idsA.label;
      for (const [mode, headers] of Object.entries(modes)) {
        // body references in upper case: still B's own objects
        const body = {
          ...BODIES[routeKey(route)]!.body((kind) => idsB[kind].toUpperCase()),
          organization_id: orgA,
          org_id: orgA,
          id: victim,
          _id: victim,
          $set: { organization_id: orgA },
        };
        const res = await stack.http.request(route.method, url, { headers, body });
        const what = `${mode}: ${route.method} ${url}`;
        const conflict = BODIES[routeKey(route)]!.conflict;
        const refusedByOwnState = conflict !== undefined && res.status === 409 && res.text === conflict;
        assert.ok((res.status >= 200 && res.status < 300) || refusedByOwnState, `${what}: ${res.status} ${res.text.slice(0, 200)}`);
        assertNoLeak(what, res, JSON.stringify(body));
        if (res.json && typeof res.json === "object" && !Array.isArray(res.json)) {
          if ("organization_id" in res.json) assert.equal(res.json.organization_id, orgB, what);
          if ("id" in res.json) assert.notEqual(res.json.id, victim, what);
        }
      }
      const now = await snapshotA();
      assert.equal(now, before, `A's data changed after B's writes to ${routeKey(route)} with A's ids in the body`);
    }
  });

  it("/orgs routes: B's user gets 404 for organization A and its keys and members; A is unchanged", async () => {
    const before = await snapshotA();
    const ids: Record<string, string> = { id: orgA, key_id: orgKeyA, user_id: alice.user_id };
    const bodies: Record<string, unknown> = {
      "PATCH /orgs/:id": { name: "taken over" },
      "POST /orgs/:id/api-keys": { name: "stolen" },
      "POST /orgs/:id/members": { user_id: bob.user_id, role: "owner" },
    };
    const routes = ROUTES.filter((r) => r.path.startsWith("/orgs/:id"));
    assert.ok(routes.length >= 8);
    for (const route of routes) {
      const url = `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, (_, p: string) => ids[p]!)}`;
      const body = bodies[routeKey(route)];
      const res = await stack.http.request(route.method, url, { headers: bob.bearer, ...(body ? { body } : {}) });
      assert.equal(res.status, 404, `${routeKey(route)}: ${res.text}`);
      assert.match(res.contentType, /^application\/json/);
      assert.equal(res.json.code, "not_found", routeKey(route));
      assertNoLeak(routeKey(route), res);
      // the other ways into an [org] route are not ways into /orgs
      for (const mode of ["user API key", "org key"] as const) {
        const other = await stack.http.request(route.method, url, { headers: modes[mode], ...(body ? { body } : {}) });
        assert.equal(other.status, 401, `${mode}: ${routeKey(route)}`);
        assert.deepEqual(other.json, { code: "unauthorized", message: "unauthorized" });
      }
    }
    // another user's API key cannot be deleted (404, like a missing one)
    const del = await stack.http.delete(`/api/v1/me/api-keys/${aliceKeyId}`, { headers: bob.bearer });
    assert.equal(del.status, 404, del.text);
    const alicesKeys = await stack.http.get("/api/v1/me/api-keys", { headers: alice.bearer });
    assert.ok(alicesKeys.json.some((k: { id: string }) => k.id === aliceKeyId));
    const bobsOrgs = await stack.http.get("/api/v1/orgs", { headers: bob.bearer });
    assert.deepEqual(
      bobsOrgs.json.map((o: { id: string }) => o.id),
      [orgB],
    );
    assert.equal(await snapshotA(), before);
  });

  it("admin routes: a non-admin's bearer token is 403 forbidden; a user API key or an org key is 401", async () => {
    for (const route of ROUTES.filter((r) => r.auth === "admin")) {
      const url = `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, () => idsA.cluster)}`;
      const body = route.method === "POST" ? (route.path.endsWith("/jobs") ? { type: "clusters.validate", queue: "default", payload: {} } : {}) : undefined;
      const opts = body ? { body } : {};
      assertTextError(`non-admin ${routeKey(route)}`, await stack.http.request(route.method, url, { headers: bob.bearer, ...opts }), 403, "forbidden");
      assertTextError(`org member ${routeKey(route)}`, await stack.http.request(route.method, url, { headers: modes.bearer, ...opts }), 403, "forbidden");
      assertTextError(`api key ${routeKey(route)}`, await stack.http.request(route.method, url, { headers: modes["user API key"], ...opts }), 401, "unauthorized");
      assertTextError(`org key ${routeKey(route)}`, await stack.http.request(route.method, url, { headers: modes["org key"], ...opts }), 401, "unauthorized");
    }
  });
});
