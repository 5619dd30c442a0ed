import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineAuthModels } from "../../services/auth/models.ts";
import { signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNAUTHORIZED = { code: "unauthorized", message: "unauthorized" };

describe("current user and user API keys", () => {
  let stack: Stack;
  let db: ServiceDatabase<ReturnType<typeof defineAuthModels>>;
  const plains: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs"], env: { MASTER_KEY: randomBytes(32).toString("base64") } });
    db = new ServiceDatabase("auth", defineAuthModels);
    await db.open();
  });
  afterAll(async () => {
    await db.close();
    await stack.stop();
  });

  const user = () => signIn(stack.broker, uniqueEmail("me"));
  const key = (k: string) => ({ "x-api-key": k });

  async function createKey(u: SignedIn, body: Record<string, unknown> = { name: "ci" }) {
    const res = await stack.http.post("/api/v1/me/api-keys", body, { headers: u.bearer });
    assert.equal(res.status, 201, res.text);
    plains.push(res.json.plain);
    return res.json as { id: string; name: string; scope: string; created_at: string; expires_at: string | null; last_used_at: string | null; plain: string };
  }

  describe("/me", () => {
    it("GET /me answers meResponse: the user, their e-mails and organizations", async () => {
      const u = await user();
      const res = await stack.http.get("/api/v1/me", { headers: u.bearer });
      assert.equal(res.status, 200);
      assert.match(res.contentType, /^application\/json/);
      const body = res.json;
      assert.deepEqual(Object.keys(body).sort(), [
        "avatar_url",
        "created_at",
        "display_name",
        "emails",
        "id",
        "is_admin",
        "is_disabled",
        "organizations",
        "primary_email",
        "updated_at",
      ]);
      assert.equal(body.id, u.user_id);
      assert.equal(body.primary_email, u.email);
      assert.equal(body.display_name, u.email.split("@")[0]);
      assert.equal(body.is_admin, false);
      assert.equal(body.is_disabled, false);
      assert.match(body.created_at, ISO);
      assert.deepEqual(body.organizations, []);
      assert.equal(body.emails.length, 1);
      const e = body.emails[0];
      assert.deepEqual(Object.keys(e).sort(), ["created_at", "email", "id", "is_primary", "is_verified", "updated_at", "user_id"]);
      assert.deepEqual([e.email, e.user_id, e.is_primary, e.is_verified], [u.email, u.user_id, true, true]);
    });

    it("PATCH /me changes the display name and answers the User", async () => {
      const u = await user();
      const res = await stack.http.patch("/api/v1/me", { display_name: "  Ada Lovelace  ", is_admin: true }, { headers: u.bearer });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.json).sort(), ["avatar_url", "created_at", "display_name", "id", "is_admin", "is_disabled", "primary_email", "updated_at"]);
      assert.equal(res.json.display_name, "Ada Lovelace");
      assert.equal(res.json.is_admin, false, "unknown fields are ignored, not applied");
      assert.equal((await stack.http.get("/api/v1/me", { headers: u.bearer })).json.display_name, "Ada Lovelace");
    });

    it("PATCH /me {} changes nothing and answers 200 with the user as they are", async () => {
      const u = await user();
      const named = await stack.http.patch("/api/v1/me", { display_name: "Grace" }, { headers: u.bearer });
      assert.equal(named.status, 200, named.text);
      const res = await stack.http.patch("/api/v1/me", {}, { headers: u.bearer });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, named.json);
      assert.equal((await stack.http.get("/api/v1/me", { headers: u.bearer })).json.display_name, "Grace");
    });

    it("PATCH /me with an empty, too long or non-string display_name is 400 validation_error in the codebase's words", async () => {
      const u = await user();
      for (const [body, message] of [
        [{ display_name: "" }, "missing fields: display_name"],
        [{ display_name: "   " }, "missing fields: display_name"],
        [{ display_name: "x".repeat(101) }, "invalid display_name"],
        [{ display_name: { $set: "x" } }, "invalid display_name"],
        [{ display_name: 5 }, "invalid display_name"],
      ] as const) {
        const res = await stack.http.patch("/api/v1/me", body, { headers: u.bearer });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.json, { code: "validation_error", message }, JSON.stringify(body));
      }
      const raw = await stack.http.request("PATCH", "/api/v1/me", { body: "[1,2]", raw: true, headers: u.bearer });
      assert.equal(raw.status, 400);
      assert.deepEqual(raw.json, { code: "invalid_json", message: "invalid json" });
    });

    it("/me without credentials is 401 in the {code, message} form", async () => {
      for (const [method, path] of [
        ["GET", "/api/v1/me"],
        ["PATCH", "/api/v1/me"],
        ["GET", "/api/v1/me/api-keys"],
        ["POST", "/api/v1/me/api-keys"],
      ] as const) {
        const res = await stack.http.request(method, path, method === "GET" ? {} : { body: {} });
        assert.equal(res.status, 401, `${method} ${path}`);
        assert.deepEqual(res.json, UNAUTHORIZED);
        assert.equal(res.headers.get("x-error-code"), "unauthorized");
      }
    });
  });

  describe("/me/api-keys", () => {
    it("POST creates a key shown once (201 with plain); the key is stored only as a hash", async () => {
      const u = await user();
      const created = await createKey(u, { name: "deploy bot" });
      assert.deepEqual(Object.keys(created).sort(), ["created_at", "expires_at", "id", "last_used_at", "name", "plain", "scope"]);
      assert.match(created.plain, /^u_[A-Za-z0-9_-]{32}$/);
      assert.equal(created.name, "deploy bot");
      assert.equal(created.scope, "user");
      assert.equal(created.expires_at, null);
      assert.equal(created.last_used_at, null);
      assert.match(created.created_at, ISO);

      const doc = await db.models.apiKeys.findById(created.id).lean();
      assert.ok(doc);
      assert.equal(doc.hash, sha256(created.plain));
      assert.equal(doc.prefix, created.plain.slice(0, 8));
      assert.ok(!JSON.stringify(doc).includes(created.plain), "the plaintext is not stored");
    });

    it("GET lists the caller's keys newest first without plaintext; other users see none of them", async () => {
      const u = await user();
      const a = await createKey(u, { name: "first" });
      const b = await createKey(u, { name: "second", expires_in_hours: 2 });
      const res = await stack.http.get("/api/v1/me/api-keys", { headers: u.bearer });
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.json.map((k: { id: string }) => k.id),
        [b.id, a.id],
      );
      for (const k of res.json) assert.deepEqual(Object.keys(k).sort(), ["created_at", "expires_at", "id", "last_used_at", "name", "scope"]);
      assert.ok(!res.text.includes(a.plain) && !res.text.includes(b.plain));
      const exp = Date.parse(res.json[0].expires_at);
      assert.ok(Math.abs(exp - (Date.now() + 2 * 3_600_000)) < 60_000, res.json[0].expires_at);

      const other = await user();
      const theirs = await stack.http.get("/api/v1/me/api-keys", { headers: other.bearer });
      assert.deepEqual(theirs.json, []);
    });

    it("POST without a name gets a generated one; expires_in_hours 0 means no expiry", async () => {
      const u = await user();
      for (const body of [{}, { name: "" }, { name: "   " }, { expires_in_hours: 0 }]) {
        const res = await stack.http.post("/api/v1/me/api-keys", body, { headers: u.bearer });
        assert.equal(res.status, 201, `${JSON.stringify(body)}: ${res.text}`);
        assert.equal(res.json.name, `key ${String(res.json.plain).slice(0, 8)}`);
        assert.equal(res.json.expires_at, null);
        // the key works
        assert.equal((await stack.http.get("/api/v1/me", { headers: key(res.json.plain) })).status, 200);
      }
      const named = await stack.http.post("/api/v1/me/api-keys", { name: "ci", expires_in_hours: 0 }, { headers: u.bearer });
      assert.equal(named.json.name, "ci");
      assert.equal(named.json.expires_at, null);
      const listed = (await stack.http.get("/api/v1/me/api-keys", { headers: u.bearer })).json as { name: string }[];
      assert.equal(listed.length, 5);
      assert.ok(listed.every((k) => k.name.length > 0));
    });

    it("POST with a bad name or expires_in_hours is 400 in the codebase's words", async () => {
      const u = await user();
      for (const [body, message] of [
        [{ name: "x".repeat(101) }, "invalid name"],
        [{ name: 5 }, "invalid name"],
        [{ name: "k", expires_in_hours: -1 }, "invalid expires_in_hours"],
        [{ name: "k", expires_in_hours: 1.5 }, "invalid expires_in_hours"],
        [{ name: "k", expires_in_hours: "3" }, "invalid expires_in_hours"],
      ] as const) {
        const res = await stack.http.post("/api/v1/me/api-keys", body, { headers: u.bearer });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.deepEqual(res.json, { code: "validation_error", message }, JSON.stringify(body));
      }
      assert.deepEqual((await stack.http.get("/api/v1/me/api-keys", { headers: u.bearer })).json, []);
    });

    it("X-API-KEY authenticates /me as its user and records last_used_at (at most once a minute)", async () => {
      const u = await user();
      const k = await createKey(u);
      const res = await stack.http.get("/api/v1/me", { headers: key(k.plain) });
      assert.equal(res.status, 200);
      assert.equal(res.json.id, u.user_id);
      const patched = await stack.http.patch("/api/v1/me", { display_name: "Via Key" }, { headers: key(k.plain) });
      assert.equal(patched.status, 200);

      const listed = (await stack.http.get("/api/v1/me/api-keys", { headers: u.bearer })).json as { id: string; last_used_at: string | null }[];
      const used = listed.find((x) => x.id === k.id)!.last_used_at;
      assert.match(used ?? "", ISO);
      // another resolution within the minute does not write again
      const again = await stack.broker.call("auth.resolveApiKey", { key: k.plain });
      assert.deepEqual(again, { user_id: u.user_id, key_id: k.id, expires_at: null });
      const usage = await db.models.apiKeyUsage.findById(k.id).lean();
      assert.equal(usage!.last_used_at.toISOString(), used);
    });

    it("recording use never undoes a concurrent revoke (usage lives in its own document)", async () => {
      const u = await user();
      for (let round = 0; round < 5; round++) {
        const k = await createKey(u);
        const [revoked] = await Promise.all([
          stack.http.delete(`/api/v1/me/api-keys/${k.id}`, { headers: u.bearer }),
          stack.broker.call("auth.resolveApiKey", { key: k.plain }),
          stack.broker.call("auth.resolveApiKey", { key: k.plain }),
        ]);
        assert.equal(revoked.status, 204);
        assert.equal(await stack.broker.call("auth.resolveApiKey", { key: k.plain }), null, `round ${round}: the revoke held`);
        assert.equal((await db.models.apiKeys.findById(k.id).lean())!.revoked, true);
      }
    });

    it("an API key may create keys but not delete them (DELETE is bearer only)", async () => {
      const u = await user();
      const k = await createKey(u);
      const viaKey = await stack.http.post("/api/v1/me/api-keys", { name: "child" }, { headers: key(k.plain) });
      assert.equal(viaKey.status, 201);
      plains.push(viaKey.json.plain);
      const del = await stack.http.delete(`/api/v1/me/api-keys/${k.id}`, { headers: key(k.plain) });
      assert.equal(del.status, 401);
      assert.deepEqual(del.json, UNAUTHORIZED);
      assert.equal((await stack.http.get("/api/v1/me", { headers: key(k.plain) })).status, 200, "the key still works");
    });

    it("DELETE revokes at once, even though the gateway had the key cached; then 404", async () => {
      const u = await user();
      const k = await createKey(u);
      assert.equal((await stack.http.get("/api/v1/me", { headers: key(k.plain) })).status, 200); // now cached by the gateway
      const del = await stack.http.delete(`/api/v1/me/api-keys/${k.id}`, { headers: u.bearer });
      assert.equal(del.status, 204);
      assert.equal(del.text, "");
      const after = await stack.http.get("/api/v1/me", { headers: key(k.plain) });
      assert.equal(after.status, 401);
      assert.deepEqual(after.json, UNAUTHORIZED);
      assert.deepEqual((await stack.http.get("/api/v1/me/api-keys", { headers: u.bearer })).json, []);
      const again = await stack.http.delete(`/api/v1/me/api-keys/${k.id}`, { headers: u.bearer });
      assert.equal(again.status, 404);
      assert.deepEqual(again.json, { code: "not_found", message: "api key not found" });
    });

    it("DELETE of another user's key or a missing key is 404; a non-UUID id is 400", async () => {
      const owner = await user();
      const k = await createKey(owner);
      const other = await user();
      const res = await stack.http.delete(`/api/v1/me/api-keys/${k.id}`, { headers: other.bearer });
      assert.equal(res.status, 404);
      assert.deepEqual(res.json, { code: "not_found", message: "api key not found" });
      assert.equal((await stack.http.get("/api/v1/me", { headers: key(k.plain) })).status, 200, "the owner's key still works");
      assert.equal((await stack.http.delete(`/api/v1/me/api-keys/${newId()}`, { headers: other.bearer })).status, 404);
      const bad = await stack.http.delete("/api/v1/me/api-keys/not-a-uuid", { headers: other.bearer });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.json, { code: "invalid_id", message: "invalid id" });
    });

    it("an expired key is 401", async () => {
      const u = await user();
      const k = await createKey(u, { name: "short", expires_in_hours: 1 });
      // the hour passes: move the stored expiry into the past before the key is first used
      await db.models.apiKeys.updateOne({ _id: k.id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
      const res = await stack.http.get("/api/v1/me", { headers: key(k.plain) });
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, UNAUTHORIZED);
    });

    it("unknown and malformed keys are 401", async () => {
      for (const value of [`u_${randomBytes(24).toString("base64url")}`, "u_short", "x".repeat(300), "", `org_${randomBytes(24).toString("base64url")}`]) {
        const res = await stack.http.get("/api/v1/me", { headers: key(value) });
        assert.equal(res.status, 401, value.slice(0, 12));
        assert.deepEqual(res.json, UNAUTHORIZED);
      }
    });

    it("a disabled user's keys are refused", async () => {
      const u = await user();
      const k = await createKey(u);
      assert.equal((await stack.http.get("/api/v1/me", { headers: key(k.plain) })).status, 200);
      await stack.broker.call("auth.setDisabled", { email: u.email });
      assert.equal((await stack.http.get("/api/v1/me", { headers: key(k.plain) })).status, 401);
    });
  });

  describe("auth.cleanupTokens", () => {
    it("deletes expired/revoked refresh tokens, used or expired login states and expired/revoked keys, and keeps live ones", async () => {
      const u = await user();
      const live = await signIn(stack.broker, u.email);
      const dead = await signIn(stack.broker, u.email);
      await db.models.refreshTokens.updateOne({ _id: sha256(dead.tokens.refresh_token) }, { $set: { expires_at: new Date(Date.now() - 1000) } });
      const expiredKey = await createKey(u, { name: "old", expires_in_hours: 1 });
      await db.models.apiKeys.updateOne({ _id: expiredKey.id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
      const revokedKey = await createKey(u, { name: "gone" });
      assert.equal((await stack.http.delete(`/api/v1/me/api-keys/${revokedKey.id}`, { headers: u.bearer })).status, 204);
      const liveKey = await createKey(u, { name: "live" });
      await db.models.loginStates.create({ _id: sha256("s1"), provider: "google", code_verifier: "v", nonce: "n", expires_at: new Date(Date.now() - 1000) });

      const result = (await stack.broker.call("auth.cleanupTokens", { grace_hours: 0 })) as Record<string, number>;
      assert.ok(result.refresh_tokens! >= 1 && result.api_keys! >= 2 && result.login_states! >= 1, JSON.stringify(result));

      assert.equal(await db.models.refreshTokens.countDocuments({ _id: sha256(dead.tokens.refresh_token) }), 0);
      assert.equal(await db.models.refreshTokens.countDocuments({ _id: sha256(live.tokens.refresh_token) }), 1);
      assert.equal(await db.models.apiKeys.countDocuments({ _id: { $in: [expiredKey.id, revokedKey.id] } }), 0);
      assert.equal(await db.models.loginStates.countDocuments({ _id: sha256("s1") }), 0);
      assert.equal((await stack.http.get("/api/v1/me", { headers: key(liveKey.plain) })).status, 200);
      assert.equal((await stack.http.post("/api/v1/auth/refresh", { refresh_token: live.tokens.refresh_token })).status, 200);

      // with the default grace (24 h), things that just ended are kept
      const recent = await createKey(u, { name: "recent" });
      assert.equal((await stack.http.delete(`/api/v1/me/api-keys/${recent.id}`, { headers: u.bearer })).status, 204);
      await stack.broker.call("auth.cleanupTokens", {});
      assert.equal(await db.models.apiKeys.countDocuments({ _id: recent.id }), 1);
    });
  });

  it("auth.inspectUser (the REPL's `user <email>`) shows a user without any secret", async () => {
    const u = await user();
    const k = await createKey(u, { name: "inspect" });
    const shown = (await stack.broker.call("auth.inspectUser", { email: u.email.toUpperCase() })) as Record<string, any>;
    assert.equal(shown.id, u.user_id);
    assert.equal(shown.live_refresh_tokens, 1);
    assert.deepEqual(
      shown.api_keys.map((x: { id: string; prefix: string; revoked: boolean }) => [x.id, x.prefix, x.revoked]),
      [[k.id, k.plain.slice(0, 8), false]],
    );
    const text = JSON.stringify(shown);
    for (const secret of [k.plain, sha256(k.plain), u.tokens.refresh_token, sha256(u.tokens.refresh_token)]) assert.ok(!text.includes(secret));
  });

  it("no log line contains an API key", () => {
    assert.ok(plains.length > 10);
    for (const line of stack.logs) for (const p of plains) assert.ok(!line.includes(p), `a log line leaks a key: ${line.slice(0, 200)}`);
  });

  describe("without the orgs service (last: it stops it)", () => {
    it("GET /me answers 503, not a user without organizations", async () => {
      const u = await user();
      assert.equal((await stack.http.get("/api/v1/me", { headers: u.bearer })).status, 200);
      await stack.broker.destroyService(stack.broker.getLocalService("orgs"));
      const res = await stack.http.get("/api/v1/me", { headers: u.bearer });
      assert.equal(res.status, 503, res.text);
      assert.deepEqual(res.json, { code: "service_unavailable", message: "service unavailable: orgs" });
    });
  });
});
