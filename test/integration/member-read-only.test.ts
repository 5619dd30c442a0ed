import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { accessOf } from "../../shared/contracts/action.ts";
import type { DomainEvent } from "../../shared/contracts/domain-event.ts";
import { contractOf, ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { createFixtures, fixtureAction, fixtureIds, type FixtureKind, type Fixtures } from "../helpers/fixtures.ts";
import type { HttpResponse } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { BODIES, pathParams, routeKey, type IdOf } from "../helpers/route-cases.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Roles on the [org] routes, generated from the gateway's route table: a plain member (role
 * `member`) reads every route (GET) but the few that are owners' and admins' to read too, and is
 * refused 403 `forbidden` on every write (POST, PATCH, DELETE) and on the private half of an SSH
 * key, with nothing stored changing; an admin of the organization and an org key make the same
 * writes. The expectations are the rule itself (by method, with the exceptions named below), not
 * what the contracts say: a route added later is covered, and a contract or a default that lets a
 * member write fails this file.
 */

const TEXT = "text/plain; charset=utf-8";

/** GET routes whose contracts make them owners' and admins' to read as well (the audit log, its live stream, webhooks and their deliveries). */
const MANAGER_READS = new Set(["GET /events", "GET /audit-events", "GET /webhooks", "GET /webhooks/:id", "GET /webhooks/:id/deliveries"]);

/** Writing routes a plain member may call anyway (a read sent as a POST): none today. */
const MEMBER_WRITES = new Set<string>([]);

/** Query strings of a member's reads that need one (the public half of an SSH key). */
const READ_QUERIES: Record<string, string> = { "GET /ssh/:id/download": "?part=public" };

/** The reads that hand out an SSH private key: owners', admins' and org keys' only. */
const PRIVATE_KEY_READS = ["?reveal=true", "/download?part=private", "/download?part=both"];

const orgRoutes = () => ROUTES.filter((r) => r.auth === "org");
const reads = () => orgRoutes().filter((r) => r.method === "GET");
const writes = () => orgRoutes().filter((r) => r.method !== "GET");
/** Whether the rule of this route's contract lets a plain member through. */
function contractLetsMember(route: RouteDef): boolean {
  const rule = accessOf(contractOf(route.action));
  return rule === "orgScoped" || (typeof rule === "object" && "orgRoles" in rule && rule.orgRoles.includes("member"));
}

/** The URL of a route on the objects `id` names, with `query` (none by default). */
function urlOf(route: RouteDef, id: IdOf, query = ""): string {
  const ids = Object.fromEntries(pathParams(route).map((p) => [p.param, id(p.kind)]));
  return `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, (_, p: string) => ids[p]!)}${query}`;
}

/** A valid body of a writing route for `id`'s objects; names made unique so two fixture sets of one organization never collide. */
function bodyOf(route: RouteDef, id: IdOf, tag: string): Record<string, unknown> | undefined {
  const body = BODIES[routeKey(route)]?.body(id);
  if (!body) return undefined;
  for (const field of ["name", "hostname"]) if (typeof body[field] === "string") body[field] = `${body[field]}-${tag.replace(/\W/g, "-")}`;
  return body;
}

function assertForbidden(what: string, res: HttpResponse): void {
  assert.equal(res.status, 403, `${what}: expected 403 forbidden, got ${res.status} ${res.text.slice(0, 200)}`);
  assert.equal(res.contentType, TEXT, what);
  assert.equal(res.text, "forbidden", what);
  assert.equal(res.headers.get("x-error-code"), "forbidden", what);
}

describe("[org] routes: members read, owners and admins write", () => {
  let stack: Stack;
  let mongo: mongoose.mongo.MongoClient;
  let action: Record<string, any>;
  let owner: SignedIn;
  let admin: SignedIn;
  let member: SignedIn;
  let orgA: string;
  let orgB: string;
  /** A plain member of organization B. */
  let outsider: SignedIn;
  let fa: Fixtures;
  let idsA: Record<FixtureKind, string>;
  let idsB: Record<FixtureKind, string>;
  let modes: { owner: Record<string, string>; admin: Record<string, string>; member: Record<string, string>; "org key": Record<string, string> };

  const A = (kind: FixtureKind) => idsA[kind];

  async function join(orgId: string, by: SignedIn, user: SignedIn, role: "admin" | "member"): Promise<void> {
    const res = await stack.http.post(`/api/v1/orgs/${orgId}/members`, { user_id: user.user_id, role }, { headers: by.bearer });
    assert.equal(res.status, 200, res.text);
  }

  beforeAll(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false", JOBS_PERIODIC_ENABLED: "false" } });
    mongo = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    const user = (prefix: string) => signIn(stack.broker, uniqueEmail(prefix));
    [owner, admin, member, outsider] = await Promise.all([user("owner"), user("admin"), user("member"), user("outsider")]);
    const bob = await signIn(stack.broker, uniqueEmail("bob"));
    orgA = (await stack.http.post("/api/v1/orgs", { name: "Roles A" }, { headers: owner.bearer })).json.id;
    orgB = (await stack.http.post("/api/v1/orgs", { name: "Roles B" }, { headers: bob.bearer })).json.id;
    await join(orgA, owner, admin, "admin");
    await join(orgA, owner, member, "member");
    await join(orgB, bob, outsider, "member");
    const key = await stack.http.post(`/api/v1/orgs/${orgA}/api-keys`, { name: "roles" }, { headers: owner.bearer });
    assert.equal(key.status, 201, key.text);
    modes = {
      owner: orgHeaders(owner, orgA),
      admin: orgHeaders(admin, orgA),
      member: orgHeaders(member, orgA),
      "org key": { "x-org-key": key.json.org_key, "x-org-secret": key.json.org_secret },
    };
    action = await fixtureAction(stack);
    fa = await createFixtures(stack.http.with(modes.owner), { action });
    idsA = fixtureIds(fa);
    idsB = fixtureIds(await createFixtures(stack.http.with(orgHeaders(bob, orgB)), { action }));
  });
  afterAll(async () => {
    await mongo?.close();
    await stack?.stop();
  });

  /** Everything of A's fixtures the owner can see: every read (the private key included), the credentials' secrets, the stored kubeconfig. */
  async function snapshotA(): Promise<string> {
    const parts: string[] = [];
    for (const route of reads().filter((r) => r.path !== "/events" && r.path !== "/audit-events")) {
      const query = routeKey(route) === "GET /ssh/:id/download" ? "?part=both" : routeKey(route) === "GET /ssh/:id" ? "?reveal=true" : "";
      const res = await stack.http.get(urlOf(route, A, query), { headers: modes.owner });
      assert.equal(res.status, 200, `owner reads ${routeKey(route)}: ${res.text.slice(0, 200)}`);
      parts.push(`${routeKey(route)} ${res.contentType.includes("zip") ? res.text.length : res.text}`);
    }
    for (const kind of ["route53Credential", "powerdnsCredential"] as const) {
      const res = await stack.http.post(`/api/v1/credentials/${A(kind)}/reveal`, {}, { headers: modes.owner });
      assert.equal(res.status, 200, res.text);
      parts.push(`reveal ${kind} ${res.text}`);
    }
    const kube = await mongo.db(`${stack.dbPrefix}_clusters`).collection("cluster_kubeconfigs").find({}).toArray();
    parts.push(`kubeconfig ${JSON.stringify(kube.filter((d) => JSON.stringify(d).includes(A("cluster"))))}`);
    return parts.join("\n");
  }

  /** The organization's audit log, as its owner reads it. */
  async function auditLog(): Promise<DomainEvent[]> {
    const all: DomainEvent[] = [];
    let url: string | undefined = "/api/v1/audit-events?limit=200";
    while (url) {
      const res: HttpResponse<DomainEvent[]> = await stack.http.get(url, { headers: modes.owner });
      assert.equal(res.status, 200, res.text);
      all.push(...res.json);
      url = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1];
    }
    return all;
  }

  it("the rule of every [org] contract is the rule: GET for members (but the managers' reads), every other method for owners and admins", () => {
    const disagree = orgRoutes()
      .filter((r) => contractLetsMember(r) !== (r.method === "GET" ? !MANAGER_READS.has(routeKey(r)) : MEMBER_WRITES.has(routeKey(r))))
      .map((r) => `${routeKey(r)} (${contractLetsMember(r) ? "a member passes" : "a member is refused"})`);
    assert.deepEqual(disagree, []);
    // the tables name nothing that no longer exists
    const keys = new Set(orgRoutes().map(routeKey));
    assert.deepEqual(
      [...MANAGER_READS, ...MEMBER_WRITES, ...Object.keys(READ_QUERIES)].filter((k) => !keys.has(k)),
      [],
    );
    assert.ok(writes().length >= 50, `only ${writes().length} writing [org] routes`);
  });

  it("a plain member reads every [org] route (the public half of an SSH key included) and is refused the managers' reads", async () => {
    for (const route of reads()) {
      const url = urlOf(route, A, READ_QUERIES[routeKey(route)]);
      const res = await stack.http.get(url, { headers: modes.member });
      if (MANAGER_READS.has(routeKey(route))) assertForbidden(`member: GET ${url}`, res);
      else assert.equal(res.status, 200, `member: GET ${url}: ${res.text.slice(0, 200)}`);
    }
    const key = await stack.http.get(`/api/v1/ssh/${A("sshKey")}`, { headers: modes.member });
    assert.deepEqual([key.json.id, key.json.public_key, "private_key" in key.json], [A("sshKey"), fa.sshKey.public_key, false]);
    const pub = await stack.http.get(`/api/v1/ssh/${A("sshKey")}/download?part=public`, { headers: modes.member });
    assert.deepEqual([pub.status, pub.contentType, pub.text], [200, TEXT, `${fa.sshKey.public_key}\n`]);
  });

  it("a plain member is refused 403 forbidden on every write and on an SSH private key, and nothing stored changes", async () => {
    const before = await snapshotA();
    let calls = 0;
    for (const route of writes()) {
      const url = urlOf(route, A);
      const body = bodyOf(route, A, "member");
      const res = await stack.http.request(route.method, url, { headers: modes.member, ...(body ? { body } : {}) });
      assertForbidden(`member: ${route.method} ${url} ${body ? JSON.stringify(body).slice(0, 120) : ""}`, res);
      calls++;
    }
    for (const query of PRIVATE_KEY_READS) {
      const res = await stack.http.get(`/api/v1/ssh/${A("sshKey")}${query}`, { headers: modes.member });
      assertForbidden(`member: GET /ssh/:id${query}`, res);
      assert.ok(!res.text.includes("PRIVATE KEY"));
    }
    assert.ok(calls >= 50, `${calls} writes`);
    const recorded = (await auditLog()).length;
    assert.equal(await snapshotA(), before, "a member's refused writes changed A's data");
    // the snapshot, after the member's calls, records the owner's reveals; once they are in the log, it holds no event of the member
    await waitUntil("the owner's reveals in the audit log", async () => ((await auditLog()).length > recorded ? true : undefined));
    assert.deepEqual(
      (await auditLog()).filter((e) => e.actor.id === member.user_id),
      [],
    );
  });

  it("a member of another organization is refused as before: 403 naming A, 404 for A's ids through their own organization (403 on writes)", async () => {
    const before = await snapshotA();
    const naming = orgHeaders(outsider, orgA);
    const own = orgHeaders(outsider, orgB);
    for (const route of orgRoutes()) {
      const url = urlOf(route, A, route.method === "GET" ? READ_QUERIES[routeKey(route)] : "");
      const body = bodyOf(route, A, "outsider");
      const opts = body ? { body } : {};
      assertForbidden(`outsider naming A: ${route.method} ${url}`, await stack.http.request(route.method, url, { headers: naming, ...opts }));
      const res = await stack.http.request(route.method, url, { headers: own, ...opts });
      if (route.method !== "GET" || MANAGER_READS.has(routeKey(route))) assertForbidden(`outsider in B: ${route.method} ${url}`, res);
      else if (pathParams(route).length > 0) {
        assert.equal(res.status, 404, `outsider in B: GET ${url}: ${res.status} ${res.text.slice(0, 200)}`);
        assert.match(res.text, / not found$/);
      } else {
        // a list: B's own items only
        assert.equal(res.status, 200, `outsider in B: GET ${url}`);
        for (const kind of Object.keys(idsA) as FixtureKind[])
          if (idsA[kind] !== idsB[kind]) assert.ok(!res.text.includes(idsA[kind]), `outsider in B: GET ${url} shows A's ${kind}`);
      }
    }
    // and a plain member of A gets nothing of B
    assertForbidden("member naming B", await stack.http.get("/api/v1/labels", { headers: orgHeaders(member, orgB) }));
    assert.equal(await snapshotA(), before);
  });

  describe.each(["admin", "org key"] as const)("%s", (mode) => {
    it("reveals an SSH private key: ?reveal=true, a download of the private part and of both", async () => {
      const headers = modes[mode];
      const key = await stack.http.get(`/api/v1/ssh/${A("sshKey")}?reveal=true`, { headers });
      assert.equal(key.status, 200, key.text);
      assert.match(key.json.private_key, /^-----BEGIN PRIVATE KEY-----\n/);
      const pem = await stack.http.get(`/api/v1/ssh/${A("sshKey")}/download?part=private`, { headers });
      assert.deepEqual([pem.status, pem.contentType, pem.text], [200, "application/x-pem-file", key.json.private_key]);
      const both = await stack.http.get(`/api/v1/ssh/${A("sshKey")}/download?part=both`, { headers });
      assert.deepEqual([both.status, both.contentType], [200, "application/zip"]);
      const secret = await stack.http.post(`/api/v1/credentials/${A("route53Credential")}/reveal`, {}, { headers });
      assert.deepEqual([secret.status, secret.json], [200, fa.secrets.route53]);
    });

    it("makes every write in an organization of its own: creates (a fixture set), every POST and PATCH on it, then every DELETE", async () => {
      // an organization per mode: a fixture set holds the one credential of its kind and scope an organization may have
      const orgId = (await stack.http.post("/api/v1/orgs", { name: `Roles ${mode}` }, { headers: owner.bearer })).json.id as string;
      let headers: Record<string, string>;
      if (mode === "admin") {
        await join(orgId, owner, admin, "admin");
        headers = orgHeaders(admin, orgId);
      } else {
        const key = await stack.http.post(`/api/v1/orgs/${orgId}/api-keys`, { name: "writes" }, { headers: owner.bearer });
        assert.equal(key.status, 201, key.text);
        headers = { "x-org-key": key.json.org_key, "x-org-secret": key.json.org_secret };
      }
      const own = fixtureIds(await createFixtures(stack.http.with(headers), { action }));
      for (const route of writes().filter((r) => r.method !== "DELETE")) {
        const id: IdOf = (kind) => own[kind];
        const url = urlOf(route, id);
        const res = await stack.http.request(route.method, url, { headers, body: bodyOf(route, id, mode) ?? {} });
        const conflict = BODIES[routeKey(route)]?.conflict;
        const refusedByOwnState = conflict !== undefined && res.status === 409 && res.text === conflict;
        assert.ok((res.status >= 200 && res.status < 300) || refusedByOwnState, `${mode}: ${route.method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
      }

      // the deletes, with an SSH key no server uses (the fixtures' servers keep theirs)
      const spare = await stack.http.post("/api/v1/ssh", { name: "spare", type: "ed25519" }, { headers });
      assert.equal(spare.status, 201, spare.text);
      const id: IdOf = (kind) => (kind === "sshKey" ? spare.json.id : own[kind]);
      // deepest paths first (detaches before removals), later declared first (record sets before
      // their domain); an object still referenced (409) is tried again once the rest is gone
      const declared = writes();
      let pending = declared.filter((r) => r.method === "DELETE").sort((a, b) => b.path.split("/").length - a.path.split("/").length || declared.indexOf(b) - declared.indexOf(a));
      assert.ok(pending.length >= 20);
      while (pending.length > 0) {
        const still: RouteDef[] = [];
        const answers: string[] = [];
        for (const route of pending) {
          const url = urlOf(route, id);
          const res = await stack.http.delete(url, { headers });
          if (res.status === 409) {
            still.push(route);
            answers.push(`${routeKey(route)}: ${res.text}`);
          } else assert.ok(res.status >= 200 && res.status < 300, `${mode}: DELETE ${url}: ${res.status} ${res.text.slice(0, 200)}`);
        }
        assert.ok(still.length < pending.length, `${mode}: these deletes stay refused: ${answers.join("; ")}`);
        pending = still;
      }
      const gone = await stack.http.get(`/api/v1/clusters/${own.cluster}`, { headers });
      assert.deepEqual([gone.status, gone.text], [404, "cluster not found"]);
    });
  });
});
