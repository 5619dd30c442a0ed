import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineOrgsModels } from "../../services/orgs/models.ts";
import type { HttpResponse } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const TEXT = "text/plain; charset=utf-8";

/** Org-scoped routes answer plain-text errors with X-Error-Code. */
function assertTextError(res: HttpResponse, status: number, body: string, code: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, body);
  assert.equal(res.headers.get("x-error-code"), code);
}

interface OrgKey {
  id: string;
  org_key: string;
  org_secret: string;
}

/**
 * The three ways into an [org] route (bearer + X-Org-ID, user API key + X-Org-ID, org key +
 * secret) with every failure code of decisions.md, and the gateway's membership/org-key cache
 * being invalidated at once. The [org] route used is the inventory service's /labels.
 */
describe("org-scoped authorization through the gateway ([org] route /labels)", () => {
  let stack: Stack;
  let db: ServiceDatabase<ReturnType<typeof defineOrgsModels>>;
  let alice: SignedIn;
  let bob: SignedIn;
  let orgA: string;
  let orgB: string;
  let labelA: string;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"], env: { MASTER_KEY: randomBytes(32).toString("base64") } });
    db = new ServiceDatabase("orgs", defineOrgsModels);
    await db.open();
    alice = await signIn(stack.broker, uniqueEmail("alice"));
    bob = await signIn(stack.broker, uniqueEmail("bob"));
    orgA = (await stack.http.post("/api/v1/orgs", { name: "A" }, { headers: alice.bearer })).json.id;
    orgB = (await stack.http.post("/api/v1/orgs", { name: "B" }, { headers: bob.bearer })).json.id;
    const created = await stack.http.post("/api/v1/labels", { key: "team", value: "a" }, { headers: orgHeaders(alice, orgA) });
    assert.equal(created.status, 201, created.text);
    labelA = created.json.id;
    const inB = await stack.http.post("/api/v1/labels", { key: "team", value: "b" }, { headers: orgHeaders(bob, orgB) });
    assert.equal(inB.status, 201, inB.text);
  });
  afterAll(async () => {
    await db.close();
    await stack.stop();
  });

  const labels = (headers: Record<string, string>) => stack.http.get("/api/v1/labels", { headers });
  const idsOf = (res: HttpResponse) => (res.json as { id: string }[]).map((l) => l.id);

  async function orgKey(owner: SignedIn, orgId: string, body: Record<string, unknown> = { name: "ci" }): Promise<OrgKey> {
    const res = await stack.http.post(`/api/v1/orgs/${orgId}/api-keys`, body, { headers: owner.bearer });
    assert.equal(res.status, 201, res.text);
    return res.json as OrgKey;
  }
  const keyHeaders = (k: OrgKey) => ({ "x-org-key": k.org_key, "x-org-secret": k.org_secret });

  async function newOrgWithMember(): Promise<{ orgId: string; member: SignedIn }> {
    const orgId = (await stack.http.post("/api/v1/orgs", { name: "Cache" }, { headers: alice.bearer })).json.id as string;
    const member = await signIn(stack.broker, uniqueEmail("member"));
    const add = await stack.http.post(`/api/v1/orgs/${orgId}/members`, { user_id: member.user_id, role: "member" }, { headers: alice.bearer });
    assert.equal(add.status, 200, add.text);
    return { orgId, member };
  }

  describe("bearer token + X-Org-ID", () => {
    it("a member sees their organization's data only", async () => {
      const res = await labels(orgHeaders(alice, orgA));
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(idsOf(res), [labelA]);
    });

    it("no authentication is 401, even with X-Org-ID", async () => {
      assertTextError(await labels({ "x-org-id": orgA }), 401, "unauthorized", "unauthorized");
      assertTextError(await labels({ "x-org-id": orgA, authorization: "Bearer a.b.c" }), 401, "unauthorized", "unauthorized");
    });

    it("missing or empty X-Org-ID is 403 organization required", async () => {
      assertTextError(await labels(alice.bearer), 403, "organization required", "organization_required");
      assertTextError(await labels({ ...alice.bearer, "x-org-id": "" }), 403, "organization required", "organization_required");
    });

    it("a malformed X-Org-ID is 400", async () => {
      const res = await labels({ ...alice.bearer, "x-org-id": "not-a-uuid" });
      assert.equal(res.status, 400);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.headers.get("x-error-code"), "invalid_id");
    });

    it("another organization, or one that does not exist, is 403 forbidden", async () => {
      assertTextError(await labels(orgHeaders(alice, orgB)), 403, "forbidden", "forbidden");
      assertTextError(await labels(orgHeaders(alice, newId())), 403, "forbidden", "forbidden");
      // and a write into someone else's organization is refused the same way, storing nothing
      const write = await stack.http.post("/api/v1/labels", { key: "x", value: "y" }, { headers: orgHeaders(alice, orgB) });
      assertTextError(write, 403, "forbidden", "forbidden");
      assert.equal((await labels(orgHeaders(bob, orgB))).json.length, 1);
    });
  });

  describe("user API key + X-Org-ID", () => {
    let plain: string;
    let keyId: string;
    beforeAll(async () => {
      const res = await stack.http.post("/api/v1/me/api-keys", { name: "orgs-test" }, { headers: alice.bearer });
      assert.equal(res.status, 201, res.text);
      plain = res.json.plain;
      keyId = res.json.id;
    });

    it("acts as the user: member of A sees A; no X-Org-ID 403; B 403; malformed 400", async () => {
      const ok = await labels({ "x-api-key": plain, "x-org-id": orgA });
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(idsOf(ok), [labelA]);
      assertTextError(await labels({ "x-api-key": plain }), 403, "organization required", "organization_required");
      assertTextError(await labels({ "x-api-key": plain, "x-org-id": orgB }), 403, "forbidden", "forbidden");
      assert.equal((await labels({ "x-api-key": plain, "x-org-id": "nope" })).status, 400);
    });

    it("an unknown key, a key together with a bearer token, or a revoked key is 401", async () => {
      assertTextError(await labels({ "x-api-key": `u_${randomBytes(24).toString("base64url")}`, "x-org-id": orgA }), 401, "unauthorized", "unauthorized");
      assertTextError(await labels({ "x-api-key": plain, ...orgHeaders(alice, orgA) }), 401, "unauthorized", "unauthorized");
      const del = await stack.http.delete(`/api/v1/me/api-keys/${keyId}`, { headers: alice.bearer });
      assert.equal(del.status, 204, del.text);
      assertTextError(await labels({ "x-api-key": plain, "x-org-id": orgA }), 401, "unauthorized", "unauthorized");
    });
  });

  describe("org key + org secret", () => {
    it("imply their organization: reads and writes land in it, without X-Org-ID or with the same one", async () => {
      const key = await orgKey(alice, orgA);
      const res = await labels(keyHeaders(key));
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(idsOf(res), [labelA]);
      const same = await labels({ ...keyHeaders(key), "x-org-id": orgA.toUpperCase() });
      assert.equal(same.status, 200, same.text);
      const created = await stack.http.post("/api/v1/labels", { key: "by", value: "key" }, { headers: keyHeaders(key) });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json.organization_id, orgA);
      const seenByAlice = await labels(orgHeaders(alice, orgA));
      assert.ok(idsOf(seenByAlice).includes(created.json.id));
      assert.ok(!idsOf(await labels(orgHeaders(bob, orgB))).includes(created.json.id));
      const del = await stack.http.delete(`/api/v1/labels/${created.json.id}`, { headers: keyHeaders(key) });
      assert.equal(del.status, 204);
    });

    it("X-Org-ID naming another organization is 403 forbidden", async () => {
      const key = await orgKey(alice, orgA);
      assertTextError(await labels({ ...keyHeaders(key), "x-org-id": orgB }), 403, "forbidden", "forbidden");
    });

    it("one of the two headers missing, a wrong secret, an unknown key, or mixing with a bearer token is 401", async () => {
      const key = await orgKey(alice, orgA);
      const other = await orgKey(bob, orgB);
      const cases: Record<string, string>[] = [
        { "x-org-key": key.org_key },
        { "x-org-secret": key.org_secret },
        { "x-org-key": key.org_key, "x-org-secret": `orgsec_${randomBytes(32).toString("base64url")}` },
        { "x-org-key": key.org_key, "x-org-secret": other.org_secret },
        { "x-org-key": `org_${randomBytes(24).toString("base64url")}`, "x-org-secret": key.org_secret },
        { "x-org-key": key.org_key, "x-org-secret": "" },
        { "x-org-key": "garbage", "x-org-secret": "garbage" },
        { ...keyHeaders(key), ...alice.bearer },
      ];
      for (const headers of cases) assertTextError(await labels({ ...headers, "x-org-id": orgA }), 401, "unauthorized", "unauthorized");
      // the same answers without X-Org-ID
      assertTextError(await labels({ "x-org-key": key.org_key }), 401, "unauthorized", "unauthorized");
      // and the right pair still works afterwards (failures are not cached against the key)
      assert.equal((await labels(keyHeaders(key))).status, 200);
    });

    it("a revoked key is 401 at once, even right after it was used (and cached)", async () => {
      const key = await orgKey(alice, orgA);
      assert.equal((await labels(keyHeaders(key))).status, 200);
      const del = await stack.http.delete(`/api/v1/orgs/${orgA}/api-keys/${key.id}`, { headers: alice.bearer });
      assert.equal(del.status, 204);
      assertTextError(await labels(keyHeaders(key)), 401, "unauthorized", "unauthorized");
    });

    it("an expired key is 401", async () => {
      const key = await orgKey(alice, orgA, { name: "short", expires_in_hours: 1 });
      await db.models.orgKeys.updateOne({ _id: key.id }, { $set: { expires_at: new Date(Date.now() - 1_000) } });
      assertTextError(await labels(keyHeaders(key)), 401, "unauthorized", "unauthorized");
    });

    it("a cached key still stops working when it expires (the cache never outlives the key)", async () => {
      const key = await orgKey(alice, orgA, { name: "expiring", expires_in_hours: 1 });
      await db.models.orgKeys.updateOne({ _id: key.id }, { $set: { expires_at: new Date(Date.now() + 1_500) } });
      assert.equal((await labels(keyHeaders(key))).status, 200);
      // no event announces an expiry; the 30 s cache entry must end with the key
      const res = await waitUntil(
        "the expired key to be refused",
        async () => {
          const r = await labels(keyHeaders(key));
          return r.status === 200 ? undefined : r;
        },
        10_000,
      );
      assertTextError(res, 401, "unauthorized", "unauthorized");
    });
  });

  describe("cache invalidation (memberships and org keys are cached by the gateway)", () => {
    it("a removed member loses access at once", async () => {
      const { orgId, member } = await newOrgWithMember();
      assert.equal((await labels(orgHeaders(member, orgId))).status, 200);
      const del = await stack.http.delete(`/api/v1/orgs/${orgId}/members/${member.user_id}`, { headers: alice.bearer });
      assert.equal(del.status, 204);
      assertTextError(await labels(orgHeaders(member, orgId)), 403, "forbidden", "forbidden");
    });

    it("a user added after being refused gets access at once", async () => {
      const orgId = (await stack.http.post("/api/v1/orgs", { name: "Late" }, { headers: alice.bearer })).json.id as string;
      const carol = await signIn(stack.broker, uniqueEmail("carol"));
      assertTextError(await labels(orgHeaders(carol, orgId)), 403, "forbidden", "forbidden");
      await stack.http.post(`/api/v1/orgs/${orgId}/members`, { user_id: carol.user_id, role: "member" }, { headers: alice.bearer });
      assert.equal((await labels(orgHeaders(carol, orgId))).status, 200);
    });

    it("deleting the organization ends every member's and every key's access at once", async () => {
      const { orgId, member } = await newOrgWithMember();
      const key = await orgKey(alice, orgId);
      assert.equal((await labels(orgHeaders(member, orgId))).status, 200);
      assert.equal((await labels(orgHeaders(alice, orgId))).status, 200);
      assert.equal((await labels(keyHeaders(key))).status, 200);
      const del = await stack.http.delete(`/api/v1/orgs/${orgId}`, { headers: alice.bearer });
      assert.equal(del.status, 204);
      assertTextError(await labels(orgHeaders(member, orgId)), 403, "forbidden", "forbidden");
      assertTextError(await labels(orgHeaders(alice, orgId)), 403, "forbidden", "forbidden");
      assertTextError(await labels(keyHeaders(key)), 401, "unauthorized", "unauthorized");
    });
  });
});
