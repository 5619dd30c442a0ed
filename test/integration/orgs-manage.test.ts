import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineOrgsModels } from "../../services/orgs/models.ts";
import { signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FORBIDDEN = { code: "forbidden", message: "forbidden" };
const ORG_NOT_FOUND = { code: "not_found", message: "organization not found" };
const LAST_OWNER = { code: "conflict", message: "cannot remove or demote the last owner" };
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

interface Org {
  id: string;
  name: string;
  domain: string;
  created_at: string;
  updated_at: string;
}

describe("organizations: update, members, roles, org keys, delete (through HTTP)", () => {
  let stack: Stack;
  let db: ServiceDatabase<ReturnType<typeof defineOrgsModels>>;
  const secrets: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs"], env: { MASTER_KEY: randomBytes(32).toString("base64") } });
    db = new ServiceDatabase("orgs", defineOrgsModels);
    await db.open();
  });
  afterAll(async () => {
    await db.close();
    await stack.stop();
  });

  const user = (p = "org") => signIn(stack.broker, uniqueEmail(p));
  const domainName = (p: string) => `${p}-${randomBytes(4).toString("hex")}.example`;

  async function createOrg(owner: SignedIn, body: Record<string, unknown> = { name: "Acme" }): Promise<Org> {
    const res = await stack.http.post("/api/v1/orgs", body, { headers: owner.bearer });
    assert.equal(res.status, 201, res.text);
    return res.json as Org;
  }

  async function addMember(by: SignedIn, orgId: string, who: SignedIn, role: string) {
    const res = await stack.http.post(`/api/v1/orgs/${orgId}/members`, { user_id: who.user_id, role }, { headers: by.bearer });
    assert.equal(res.status, 200, res.text);
    return res;
  }

  /** An organization with an owner, an admin and a member. */
  async function team() {
    const [owner, admin, member, outsider] = await Promise.all([user("owner"), user("admin"), user("member"), user("outsider")]);
    const org = await createOrg(owner);
    await addMember(owner, org.id, admin, "admin");
    await addMember(owner, org.id, member, "member");
    return { owner, admin, member, outsider, org };
  }

  describe("PATCH /orgs/{id}", () => {
    it("owner and admin change name and domain (stored lower-case); the answer is the Organization", async () => {
      const { owner, admin, org } = await team();
      const domain = domainName("patched");
      const res = await stack.http.patch(`/api/v1/orgs/${org.id}`, { name: "Renamed", domain: domain.toUpperCase() }, { headers: owner.bearer });
      assert.equal(res.status, 200, res.text);
      assert.match(res.contentType, /^application\/json/);
      const body = res.json as Org;
      assert.deepEqual(Object.keys(body).sort(), ["created_at", "domain", "id", "name", "updated_at"]);
      assert.equal(body.id, org.id);
      assert.equal(body.name, "Renamed");
      assert.equal(body.domain, domain);
      assert.equal(body.created_at, org.created_at);
      assert.match(body.updated_at, ISO);

      const byAdmin = await stack.http.patch(`/api/v1/orgs/${org.id}`, { name: "By admin" }, { headers: admin.bearer });
      assert.equal(byAdmin.status, 200, byAdmin.text);
      assert.equal(byAdmin.json.name, "By admin");
      assert.equal(byAdmin.json.domain, domain, "a field not given is unchanged");

      const got = await stack.http.get(`/api/v1/orgs/${org.id}`, { headers: owner.bearer });
      assert.deepEqual({ name: got.json.name, domain: got.json.domain }, { name: "By admin", domain });
      const stored = await db.models.organizations.findById(org.id).lean();
      assert.equal(stored?.domain, domain);
      assert.equal(stored?.domain_key, domain);
    });

    it("a member gets 403 forbidden, a non-member 404, and nothing changes", async () => {
      const { member, outsider, org } = await team();
      const asMember = await stack.http.patch(`/api/v1/orgs/${org.id}`, { name: "Hijacked" }, { headers: member.bearer });
      assert.equal(asMember.status, 403);
      assert.deepEqual(asMember.json, FORBIDDEN);
      assert.equal(asMember.headers.get("x-error-code"), "forbidden");
      const asOutsider = await stack.http.patch(`/api/v1/orgs/${org.id}`, { name: "Hijacked" }, { headers: outsider.bearer });
      assert.equal(asOutsider.status, 404);
      assert.deepEqual(asOutsider.json, ORG_NOT_FOUND);
      const missing = await stack.http.patch(`/api/v1/orgs/${newId()}`, { name: "x" }, { headers: outsider.bearer });
      assert.deepEqual([missing.status, missing.json], [404, ORG_NOT_FOUND]);
      assert.equal((await db.models.organizations.findById(org.id).lean())?.name, "Acme");
    });

    it("a domain another organization uses is 409; an empty domain removes it and frees it", async () => {
      const alice = await user();
      const taken = domainName("taken");
      const first = await createOrg(alice, { name: "First", domain: taken });
      const second = await createOrg(alice, { name: "Second" });
      const clash = await stack.http.patch(`/api/v1/orgs/${second.id}`, { domain: taken }, { headers: alice.bearer });
      assert.equal(clash.status, 409);
      assert.deepEqual(clash.json, { code: "conflict", message: "domain already used by another organization" });

      const cleared = await stack.http.patch(`/api/v1/orgs/${first.id}`, { domain: "" }, { headers: alice.bearer });
      assert.equal(cleared.status, 200);
      assert.equal(cleared.json.domain, "");
      const moved = await stack.http.patch(`/api/v1/orgs/${second.id}`, { domain: taken }, { headers: alice.bearer });
      assert.equal(moved.status, 200, moved.text);
      assert.equal(moved.json.domain, taken);
    });

    it("validates: bad domain, empty name, wrong types, malformed id; {} changes nothing", async () => {
      const alice = await user();
      const org = await createOrg(alice);
      for (const body of [{ domain: "not a domain" }, { name: "  " }, { name: { $gt: "" } }, { domain: 5 }]) {
        const res = await stack.http.patch(`/api/v1/orgs/${org.id}`, body, { headers: alice.bearer });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.json.code, "validation_error", JSON.stringify(body));
      }
      const bad = await stack.http.patch("/api/v1/orgs/nope", { name: "x" }, { headers: alice.bearer });
      assert.deepEqual([bad.status, bad.json], [400, { code: "invalid_id", message: "invalid id" }]);
      const same = await stack.http.patch(`/api/v1/orgs/${org.id}`, {}, { headers: alice.bearer });
      assert.equal(same.status, 200);
      assert.deepEqual(same.json, org);
    });
  });

  describe("members", () => {
    it("the creator is the owner; GET lists memberOut {user_id, email, role}, newest first, for any member", async () => {
      const { owner, admin, member, outsider, org } = await team();
      const res = await stack.http.get(`/api/v1/orgs/${org.id}/members`, { headers: member.bearer });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, [
        { user_id: member.user_id, email: member.email, role: "member" },
        { user_id: admin.user_id, email: admin.email, role: "admin" },
        { user_id: owner.user_id, email: owner.email, role: "owner" },
      ]);
      const other = await stack.http.get(`/api/v1/orgs/${org.id}/members`, { headers: outsider.bearer });
      assert.deepEqual([other.status, other.json], [404, ORG_NOT_FOUND]);
    });

    it("POST adds (200 memberOut) and updates a role; the gateway sees the new role at once", async () => {
      const { owner, org } = await team();
      const carol = await user("carol");
      const added = await addMember(owner, org.id, carol, "member");
      assert.deepEqual(added.json, { user_id: carol.user_id, email: carol.email, role: "member" });
      assert.deepEqual(await stack.broker.call("orgs.membership", { organization_id: org.id, user_id: carol.user_id }), { role: "member" });
      const promoted = await addMember(owner, org.id, carol, "admin");
      assert.deepEqual(promoted.json, { user_id: carol.user_id, email: carol.email, role: "admin" });
      const stored = await db.models.memberships.find({ organization_id: org.id, user_id: carol.user_id }).lean();
      assert.equal(stored.length, 1, "one membership per user and organization");
      assert.equal(stored[0]?.role, "admin");
    });

    it("adding a user that does not exist is 404; bad input is 400", async () => {
      const { owner, org } = await team();
      const ghost = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: newId(), role: "member" }, { headers: owner.bearer });
      assert.equal(ghost.status, 404);
      assert.deepEqual(ghost.json, { code: "not_found", message: "user not found" });
      const cases: [unknown, string][] = [
        [{ role: "member" }, "missing fields: user_id"],
        [{ user_id: owner.user_id }, "missing fields: role"],
        [{ user_id: "nope", role: "member" }, "invalid user_id"],
        [{ user_id: owner.user_id, role: "superuser" }, "invalid role"],
      ];
      for (const [body, message] of cases) {
        const res = await stack.http.post(`/api/v1/orgs/${org.id}/members`, body, { headers: owner.bearer });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.json, { code: "validation_error", message }, JSON.stringify(body));
      }
    });

    it("members cannot add, change or remove others (403); non-members get 404", async () => {
      const { owner, admin, member, outsider, org } = await team();
      const carol = await user("carol");
      const add = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: carol.user_id, role: "member" }, { headers: member.bearer });
      assert.deepEqual([add.status, add.json], [403, FORBIDDEN]);
      const promote = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: member.user_id, role: "admin" }, { headers: member.bearer });
      assert.deepEqual([promote.status, promote.json], [403, FORBIDDEN]);
      const remove = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${admin.user_id}`, { headers: member.bearer });
      assert.deepEqual([remove.status, remove.json], [403, FORBIDDEN]);
      const fromOutside = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${member.user_id}`, { headers: outsider.bearer });
      assert.deepEqual([fromOutside.status, fromOutside.json], [404, ORG_NOT_FOUND]);
      const roles = await db.models.memberships.find({ organization_id: org.id }).lean();
      assert.deepEqual(
        roles.map((m) => [m.user_id, m.role]).sort(),
        [
          [owner.user_id, "owner"],
          [admin.user_id, "admin"],
          [member.user_id, "member"],
        ].sort(),
      );
    });

    it("admins manage members and admins, but only an owner grants, changes or removes the owner role", async () => {
      const { owner, admin, member, org } = await team();
      const carol = await user("carol");
      assert.deepEqual((await addMember(admin, org.id, carol, "admin")).json.role, "admin");
      assert.deepEqual((await addMember(admin, org.id, carol, "member")).json.role, "member");
      const grant = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: member.user_id, role: "owner" }, { headers: admin.bearer });
      assert.deepEqual([grant.status, grant.json], [403, FORBIDDEN]);
      const demote = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: owner.user_id, role: "member" }, { headers: admin.bearer });
      assert.deepEqual([demote.status, demote.json], [403, FORBIDDEN]);
      const remove = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${owner.user_id}`, { headers: admin.bearer });
      assert.deepEqual([remove.status, remove.json], [403, FORBIDDEN]);
      const removeMember = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${carol.user_id}`, { headers: admin.bearer });
      assert.equal(removeMember.status, 204);
      assert.equal(removeMember.text, "");
      assert.equal(await stack.broker.call("orgs.membership", { organization_id: org.id, user_id: carol.user_id }), null);
    });

    it("the last owner can be neither demoted nor removed (409); with a second owner both work", async () => {
      const { owner, admin, org } = await team();
      const demote = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: owner.user_id, role: "admin" }, { headers: owner.bearer });
      assert.deepEqual([demote.status, demote.json], [409, LAST_OWNER]);
      const leave = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${owner.user_id}`, { headers: owner.bearer });
      assert.deepEqual([leave.status, leave.json], [409, LAST_OWNER]);
      assert.deepEqual(await stack.broker.call("orgs.membership", { organization_id: org.id, user_id: owner.user_id }), { role: "owner" });

      await addMember(owner, org.id, admin, "owner");
      const demoted = await stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: owner.user_id, role: "member" }, { headers: admin.bearer });
      assert.equal(demoted.status, 200, demoted.text);
      assert.equal(demoted.json.role, "member");
      const last = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${admin.user_id}`, { headers: admin.bearer });
      assert.deepEqual([last.status, last.json], [409, LAST_OWNER]);
    });

    it("two owners demoting each other at the same moment leave exactly one owner", async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = await Promise.all([user("a"), user("b")]);
        const org = await createOrg(a);
        await addMember(a, org.id, b, "owner");
        const [r1, r2] = await Promise.all([
          stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: b.user_id, role: "member" }, { headers: a.bearer }),
          stack.http.post(`/api/v1/orgs/${org.id}/members`, { user_id: a.user_id, role: "member" }, { headers: b.bearer }),
        ]);
        // serialized: the first demotion wins; the second caller is then no owner (403) or the last owner (409)
        assert.deepEqual([r1.status, r2.status].filter((s) => s === 200).length, 1, `${r1.text} / ${r2.text}`);
        const owners = await db.models.memberships.countDocuments({ organization_id: org.id, role: "owner" });
        assert.equal(owners, 1);
      }
    });

    it("a member may leave on their own (204); removing a non-member is 404", async () => {
      const { owner, member, org } = await team();
      const leave = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${member.user_id}`, { headers: member.bearer });
      assert.equal(leave.status, 204);
      const list = await stack.http.get("/api/v1/orgs", { headers: member.bearer });
      assert.deepEqual(list.json, []);
      const again = await stack.http.delete(`/api/v1/orgs/${org.id}/members/${member.user_id}`, { headers: owner.bearer });
      assert.deepEqual([again.status, again.json], [404, { code: "not_found", message: "member not found" }]);
      const badId = await stack.http.delete(`/api/v1/orgs/${org.id}/members/nope`, { headers: owner.bearer });
      assert.deepEqual([badId.status, badId.json], [400, { code: "invalid_id", message: "invalid id" }]);
    });
  });

  describe("org API keys", () => {
    async function createKey(by: SignedIn, orgId: string, body: Record<string, unknown> = { name: "ci" }) {
      const res = await stack.http.post(`/api/v1/orgs/${orgId}/api-keys`, body, { headers: by.bearer });
      assert.equal(res.status, 201, res.text);
      secrets.push(res.json.org_key, res.json.org_secret);
      return res.json as { id: string; name: string; scope: string; created_at: string; expires_at: string | null; org_key: string; org_secret: string };
    }

    it("POST answers orgKeyCreateResp with org_key and a 256-bit org_secret, stored only as hashes", async () => {
      const { owner, admin, org } = await team();
      const before = Date.now();
      const key = await createKey(owner, org.id, { name: "deploy", expires_in_hours: 2 });
      assert.deepEqual(Object.keys(key).sort(), ["created_at", "expires_at", "id", "name", "org_key", "org_secret", "scope"]);
      assert.equal(key.name, "deploy");
      assert.equal(key.scope, "org");
      assert.match(key.created_at, ISO);
      const expires = Date.parse(key.expires_at!);
      assert.ok(expires >= before + 2 * 3_600_000 - 1_000 && expires <= Date.now() + 2 * 3_600_000 + 1_000);
      assert.match(key.org_key, /^org_[A-Za-z0-9_-]{32}$/);
      assert.match(key.org_secret, /^orgsec_[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(key.org_secret.slice("orgsec_".length), "base64url").length, 32);

      const byAdmin = await createKey(admin, org.id, { name: "by admin" });
      assert.equal(byAdmin.expires_at, null);
      assert.notEqual(byAdmin.org_key, key.org_key);

      const stored = await db.models.orgKeys.findById(key.id).lean();
      assert.ok(stored);
      const raw = JSON.stringify(stored);
      assert.ok(!raw.includes(key.org_key) && !raw.includes(key.org_secret), "neither the key nor the secret is stored");
      assert.equal(stored.key_hash, sha256(key.org_key));
      assert.equal(stored.secret_hash, sha256(key.org_secret));
    });

    it("GET lists APIKey records without secrets, newest first, for any member; revoked keys disappear", async () => {
      const { owner, member, outsider, org } = await team();
      const first = await createKey(owner, org.id, { name: "first" });
      const second = await createKey(owner, org.id, { name: "second" });
      const res = await stack.http.get(`/api/v1/orgs/${org.id}/api-keys`, { headers: member.bearer });
      assert.equal(res.status, 200, res.text);
      const list = res.json as Record<string, unknown>[];
      assert.deepEqual(
        list.map((k) => k.id),
        [second.id, first.id],
      );
      assert.deepEqual(list[1], {
        id: first.id,
        name: "first",
        prefix: first.org_key.slice(0, 12),
        scope: "org",
        org_id: org.id,
        user_id: null,
        revoked: false,
        created_at: first.created_at,
        updated_at: first.created_at,
        expires_at: null,
        last_used_at: null,
      });
      assert.ok(!res.text.includes(first.org_secret) && !res.text.includes(first.org_key));

      const del = await stack.http.delete(`/api/v1/orgs/${org.id}/api-keys/${first.id}`, { headers: owner.bearer });
      assert.equal(del.status, 204);
      const after = await stack.http.get(`/api/v1/orgs/${org.id}/api-keys`, { headers: owner.bearer });
      assert.deepEqual(
        (after.json as { id: string }[]).map((k) => k.id),
        [second.id],
      );
      const again = await stack.http.delete(`/api/v1/orgs/${org.id}/api-keys/${first.id}`, { headers: owner.bearer });
      assert.deepEqual([again.status, again.json], [404, { code: "not_found", message: "api key not found" }]);
      assert.equal((await db.models.orgKeys.findById(first.id).lean())?.revoked, true);

      const outside = await stack.http.get(`/api/v1/orgs/${org.id}/api-keys`, { headers: outsider.bearer });
      assert.deepEqual([outside.status, outside.json], [404, ORG_NOT_FOUND]);
    });

    it("members cannot create or delete keys (403); another organization's key id is 404", async () => {
      const { owner, member, org } = await team();
      const key = await createKey(owner, org.id);
      const create = await stack.http.post(`/api/v1/orgs/${org.id}/api-keys`, { name: "x" }, { headers: member.bearer });
      assert.deepEqual([create.status, create.json], [403, FORBIDDEN]);
      const del = await stack.http.delete(`/api/v1/orgs/${org.id}/api-keys/${key.id}`, { headers: member.bearer });
      assert.deepEqual([del.status, del.json], [403, FORBIDDEN]);

      const other = await createOrg(owner, { name: "Other" });
      const foreign = await stack.http.delete(`/api/v1/orgs/${other.id}/api-keys/${key.id}`, { headers: owner.bearer });
      assert.deepEqual([foreign.status, foreign.json], [404, { code: "not_found", message: "api key not found" }]);
      assert.equal((await db.models.orgKeys.findById(key.id).lean())?.revoked, false);
    });

    it("without a name the key gets a generated one; expires_in_hours 0 means no expiry", async () => {
      const { owner, org } = await team();
      for (const body of [{}, { name: " " }, { expires_in_hours: 0 }]) {
        const res = await stack.http.post(`/api/v1/orgs/${org.id}/api-keys`, body, { headers: owner.bearer });
        assert.equal(res.status, 201, `${JSON.stringify(body)}: ${res.text}`);
        assert.equal(res.json.name, `key ${String(res.json.org_key).slice(0, 12)}`);
        assert.equal(res.json.expires_at, null);
        assert.deepEqual(await stack.broker.call("orgs.resolveOrgKey", { key: res.json.org_key, secret: res.json.org_secret }), {
          organization_id: org.id,
          key_id: res.json.id,
          expires_at: null,
        });
      }
    });

    it("validates the body: name a string of at most 100 characters, expires_in_hours a non-negative integer", async () => {
      const { owner, org } = await team();
      const cases: [unknown, string][] = [
        [{ name: 5 }, "invalid name"],
        [{ name: "x".repeat(101) }, "invalid name"],
        [{ name: "x", expires_in_hours: -1 }, "invalid expires_in_hours"],
        [{ name: "x", expires_in_hours: "5" }, "invalid expires_in_hours"],
        [{ name: "x", expires_in_hours: 1.5 }, "invalid expires_in_hours"],
      ];
      for (const [body, message] of cases) {
        const res = await stack.http.post(`/api/v1/orgs/${org.id}/api-keys`, body, { headers: owner.bearer });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.json, { code: "validation_error", message }, JSON.stringify(body));
      }
    });

    it("many first uses of a key at the same moment all succeed (usage is recorded once)", async () => {
      const { owner, org } = await team();
      const key = await createKey(owner, org.id);
      const results = await Promise.all(Array.from({ length: 8 }, () => stack.broker.call("orgs.resolveOrgKey", { key: key.org_key, secret: key.org_secret })));
      for (const r of results) assert.deepEqual(r, { organization_id: org.id, key_id: key.id, expires_at: null });
      assert.equal(await db.models.keyUsage.countDocuments({ _id: key.id }), 1);
    });

    it("orgs.resolveOrgKey: the key's organization for the right secret; null otherwise", async () => {
      const { owner, org } = await team();
      const key = await createKey(owner, org.id);
      assert.deepEqual(await stack.broker.call("orgs.resolveOrgKey", { key: key.org_key, secret: key.org_secret }), {
        organization_id: org.id,
        key_id: key.id,
        expires_at: null,
      });
      const wrong = `orgsec_${randomBytes(32).toString("base64url")}`;
      assert.equal(await stack.broker.call("orgs.resolveOrgKey", { key: key.org_key, secret: wrong }), null);
      assert.equal(await stack.broker.call("orgs.resolveOrgKey", { key: `org_${randomBytes(24).toString("base64url")}`, secret: key.org_secret }), null);
      const usage = await db.models.keyUsage.findById(key.id).lean();
      assert.ok(usage && Date.now() - usage.last_used_at.getTime() < 60_000, "last_used_at recorded");
      const listed = await stack.http.get(`/api/v1/orgs/${org.id}/api-keys`, { headers: owner.bearer });
      assert.equal(listed.json[0].last_used_at, usage.last_used_at.toISOString());
    });
  });

  describe("DELETE /orgs/{id}", () => {
    it("owner only: admins and members get 403, non-members 404", async () => {
      const { admin, member, outsider, org } = await team();
      for (const [who, status, body] of [
        [admin, 403, FORBIDDEN],
        [member, 403, FORBIDDEN],
        [outsider, 404, ORG_NOT_FOUND],
      ] as const) {
        const res = await stack.http.delete(`/api/v1/orgs/${org.id}`, { headers: who.bearer });
        assert.deepEqual([res.status, res.json], [status, body]);
      }
      assert.equal((await db.models.organizations.findById(org.id).lean())?.status, "active");
    });

    it("two DELETEs at the same moment: one 204, the other 404", async () => {
      const { owner, org } = await team();
      const results = await Promise.all([0, 1, 2].map(() => stack.http.delete(`/api/v1/orgs/${org.id}`, { headers: owner.bearer })));
      assert.deepEqual(results.map((r) => r.status).sort(), [204, 404, 404]);
      assert.equal(await db.models.deletions.countDocuments({ _id: org.id }), 1);
    });

    it("204; the organization disappears at once for every member, its keys stop resolving, its domain is free", async () => {
      const { owner, member, org } = await team();
      const domain = domainName("gone");
      await stack.http.patch(`/api/v1/orgs/${org.id}`, { domain }, { headers: owner.bearer });
      const key = await stack.http.post(`/api/v1/orgs/${org.id}/api-keys`, { name: "k" }, { headers: owner.bearer });
      secrets.push(key.json.org_key, key.json.org_secret);

      const before = await stack.http.get("/api/v1/me", { headers: member.bearer });
      assert.deepEqual(
        (before.json.organizations as Org[]).map((o) => o.id),
        [org.id],
      );
      const res = await stack.http.delete(`/api/v1/orgs/${org.id}`, { headers: owner.bearer });
      assert.equal(res.status, 204);
      assert.equal(res.text, "");
      for (const who of [owner, member]) {
        assert.deepEqual((await stack.http.get("/api/v1/orgs", { headers: who.bearer })).json, []);
        const got = await stack.http.get(`/api/v1/orgs/${org.id}`, { headers: who.bearer });
        assert.deepEqual([got.status, got.json], [404, ORG_NOT_FOUND]);
        assert.equal(await stack.broker.call("orgs.membership", { organization_id: org.id, user_id: who.user_id }), null);
        const me = await stack.http.get("/api/v1/me", { headers: who.bearer });
        assert.equal(me.status, 200, me.text);
        assert.deepEqual(me.json.organizations, [], "GET /me no longer lists it");
      }
      assert.equal(await stack.broker.call("orgs.resolveOrgKey", { key: key.json.org_key, secret: key.json.org_secret }), null);
      const again = await stack.http.delete(`/api/v1/orgs/${org.id}`, { headers: owner.bearer });
      assert.deepEqual([again.status, again.json], [404, ORG_NOT_FOUND]);
      const members = await stack.http.get(`/api/v1/orgs/${org.id}/members`, { headers: owner.bearer });
      assert.deepEqual([members.status, members.json], [404, ORG_NOT_FOUND]);

      const reuse = await stack.http.post("/api/v1/orgs", { name: "Reborn", domain }, { headers: owner.bearer });
      assert.equal(reuse.status, 201, reuse.text);
      // the deletion is recorded durably (finished by the jobs queue; see orgs-cascade.test.ts)
      assert.ok(await db.models.deletions.findById(org.id).lean());
      assert.equal((await db.models.organizations.findById(org.id).lean())?.status, "deleting");
    });
  });

  it("orgs.inspect (REPL `org <id>`) shows members, keys and status, never a secret or a hash", async () => {
    const { owner, admin, org } = await team();
    const key = await stack.http.post(`/api/v1/orgs/${org.id}/api-keys`, { name: "k" }, { headers: owner.bearer });
    secrets.push(key.json.org_key, key.json.org_secret);
    const found = (await stack.broker.call("orgs.inspect", { id: org.id })) as Record<string, any>;
    assert.equal(found.status, "active");
    assert.equal(found.deletion, null);
    assert.deepEqual(
      found.members.map((m: { user_id: string }) => m.user_id).sort(),
      [owner.user_id, admin.user_id, found.members.find((m: { role: string }) => m.role === "member").user_id].sort(),
    );
    assert.equal(found.members.find((m: { user_id: string }) => m.user_id === owner.user_id).email, owner.email, "members carry their e-mail");
    assert.equal(found.api_keys[0].id, key.json.id);
    assert.equal(found.api_keys[0].created_by, owner.user_id);
    const text = JSON.stringify(found);
    const stored = await db.models.orgKeys.findById(key.json.id).lean();
    for (const s of [key.json.org_key, key.json.org_secret, stored!.key_hash, stored!.secret_hash]) assert.ok(!text.includes(s));
    await assert.rejects(stack.broker.call("orgs.inspect", { id: newId() }), { code: 404 });
  });

  it("orgs.finishDeletion for an organization that is not being deleted changes nothing", async () => {
    const { owner, org } = await team();
    assert.deepEqual(await stack.broker.call("orgs.finishDeletion", { organization_id: org.id }), { organization_id: org.id, deleted: false });
    assert.equal((await stack.http.get(`/api/v1/orgs/${org.id}`, { headers: owner.bearer })).status, 200);
  });

  it("no org key or secret ever reaches a log line", () => {
    const logs = stack.logs.join("\n");
    assert.ok(secrets.length > 0);
    for (const s of secrets) assert.ok(!logs.includes(s), "a key or secret leaked into the logs");
  });
});
