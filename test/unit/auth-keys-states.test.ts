import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { sha256Hex } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from "../../services/auth/api-keys.ts";
import { cleanupTokens } from "../../services/auth/cleanup.ts";
import { consumeLoginState, createLoginState } from "../../services/auth/login-states.ts";
import { defineAuthModels } from "../../services/auth/models.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

const badRequest = (message: string) => ({ code: 400, type: "bad_request", message });

/** The auth service's user API keys, login states and their cleanup (services/auth/api-keys.ts, login-states.ts, cleanup.ts) over its database. */
describe("auth api keys and login states (no broker)", () => {
  const db = new ServiceDatabase("auth", defineAuthModels);
  useTestDatabase(db);

  /** Starts a login with the provider and answers the `state` the provider would send back. */
  async function startLogin(provider: "github" | "oidc"): Promise<string> {
    let state = "";
    const url = await createLoginState(db.models, provider, (s) => {
      state = s;
      return Promise.resolve({ code_verifier: `verifier-${s}`, nonce: "n", auth_url: `https://idp.example/authorize?state=${s}`, redirect_uri: "https://api.example/callback" });
    });
    assert.equal(url, `https://idp.example/authorize?state=${state}`);
    return state;
  }

  it("creates a key shown once and stores only its hash; names an unnamed key after its prefix", async () => {
    const user = newId();
    const key = await createApiKey(db.models, user, "deploy", 24);
    assert.match(key.plain ?? "", /^u_[A-Za-z0-9_-]{32}$/);
    assert.deepEqual([key.name, key.scope, key.last_used_at], ["deploy", "user", null]);
    assert.ok(key.expires_at !== null && Math.abs(Date.parse(key.expires_at) - (Date.now() + 24 * 3_600_000)) < 60_000);
    const stored = await db.models.apiKeys.findById(key.id).lean();
    assert.equal(stored?.hash, sha256Hex(key.plain!));
    assert.equal(JSON.stringify(stored).includes(key.plain!), false);
    const unnamed = await createApiKey(db.models, user, undefined);
    assert.equal(unnamed.name, `key ${unnamed.plain!.slice(0, 8)}`);
    assert.equal(unnamed.expires_at, null);
  });

  it("resolves a key to its user and records its use; null for a malformed, unknown, revoked or expired key", async () => {
    const user = newId();
    const key = await createApiKey(db.models, user, "ci");
    assert.deepEqual(await resolveApiKey(db.models, key.plain!), { user_id: user, key_id: key.id, expires_at: null });
    const listed = await listApiKeys(db.models, user);
    assert.deepEqual(
      listed.map((k) => k.id),
      [key.id],
    );
    assert.notEqual(listed[0]?.last_used_at, null);
    assert.equal(JSON.stringify(listed).includes(key.plain!), false);

    assert.equal(await resolveApiKey(db.models, "u_short"), null);
    assert.equal(await resolveApiKey(db.models, `u_${"A".repeat(32)}`), null);
    const expired = await createApiKey(db.models, user, "old");
    await db.models.apiKeys.updateOne({ _id: expired.id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    assert.equal(await resolveApiKey(db.models, expired.plain!), null);
    assert.deepEqual(
      (await listApiKeys(db.models, user)).map((k) => k.id),
      [expired.id, key.id],
      "an expired key stays listed, newest first",
    );

    await assert.rejects(revokeApiKey(db.models, newId(), key.id), { code: 404, message: "api key not found" }, "another user's key");
    await revokeApiKey(db.models, user, key.id);
    assert.equal(await resolveApiKey(db.models, key.plain!), null);
    await assert.rejects(revokeApiKey(db.models, user, key.id), { code: 404, message: "api key not found" });
    assert.deepEqual(
      (await listApiKeys(db.models, user)).map((k) => k.id),
      [expired.id],
    );
  });

  it("spends a login state once, only with the provider it was started for", async () => {
    const state = await startLogin("github");
    const stored = await db.models.loginStates.findById(sha256Hex(state)).lean();
    assert.equal(stored?.code_verifier, `verifier-${state}`, "kept under the state's hash");
    await assert.rejects(consumeLoginState(db.models, "github", undefined), badRequest("missing state"));
    await assert.rejects(consumeLoginState(db.models, "github", "unknown"), badRequest("invalid state"));
    await assert.rejects(consumeLoginState(db.models, "oidc", state), badRequest("invalid state"));
    assert.deepEqual(await consumeLoginState(db.models, "github", state), {
      code_verifier: `verifier-${state}`,
      nonce: "n",
      redirect_uri: "https://api.example/callback",
    });
    await assert.rejects(consumeLoginState(db.models, "github", state), badRequest("state already used"));
  });

  it("lets exactly one of concurrent callbacks spend a state, and refuses an expired one", async () => {
    const state = await startLogin("oidc");
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => consumeLoginState(db.models, "oidc", state)));
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    const late = await startLogin("oidc");
    await db.models.loginStates.updateOne({ _id: sha256Hex(late) }, { $set: { expires_at: new Date(Date.now() - 1) } });
    await assert.rejects(consumeLoginState(db.models, "oidc", late), badRequest("state expired"));
  });

  it("cleans up used login states and keys revoked or expired longer ago than the grace period", async () => {
    const user = newId();
    const unused = await startLogin("github");
    const stale = await createApiKey(db.models, user, "stale");
    await db.models.apiKeys.updateOne({ _id: stale.id }, { $set: { revoked: true, revoked_at: new Date(Date.now() - 3 * 3_600_000) } });
    const fresh = await createApiKey(db.models, user, "fresh");
    await revokeApiKey(db.models, user, fresh.id);
    const live = await createApiKey(db.models, user, "live");

    const result = await cleanupTokens(db.models, 1, 30, 60);
    assert.deepEqual(result, { refresh_tokens: 0, login_states: 3, api_keys: 1 }, "the three states spent above, the key revoked 3 hours ago");
    assert.equal(await db.models.loginStateUses.countDocuments({}), 0);
    assert.notEqual(await db.models.loginStates.findById(sha256Hex(unused)).lean(), null, "a live, unused state stays");
    const left = (await db.models.apiKeys.find({ user_id: user }).lean()).map((k) => k._id).sort();
    assert.deepEqual(left, [fresh.id, live.id].sort());
    assert.deepEqual(await cleanupTokens(db.models, 1, 30, 60), { refresh_tokens: 0, login_states: 0, api_keys: 0 }, "nothing left to clean");
  });
});
