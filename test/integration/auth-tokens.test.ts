import { strict as assert } from "node:assert";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { keyId, open } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineAuthModels, type SigningKeyDoc } from "../../services/auth/models.ts";
import { waitUntil } from "../helpers/processes.ts";
import { signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const ISS = "cluster-infra-api";
const UNAUTHORIZED = { code: "unauthorized", message: "unauthorized" };
const INVALID_REFRESH = { code: "unauthorized", message: "invalid refresh token" };
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

type AuthDb = ServiceDatabase<ReturnType<typeof defineAuthModels>>;

/** The stack's current signing key, unsealed with the master key the test gave it (to forge tokens). */
async function currentSigningKey(db: AuthDb, masterB64: string) {
  const doc = await db.models.signingKeys.findOne({ retired_at: null }).sort({ created_at: -1 }).lean<SigningKeyDoc>();
  assert.ok(doc);
  const master = Buffer.from(masterB64, "base64");
  const pem = open({ id: keyId(master), key: master }, doc.private_sealed, `signing-key:${doc._id}`).toString();
  return { kid: doc._id, alg: doc.alg, key: await importPKCS8(pem, doc.alg) };
}

function b64url(value: unknown): string {
  return Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
}

describe("tokens: refresh, logout, bearer verification (EdDSA)", () => {
  const master = randomBytes(32).toString("base64");
  let stack: Stack;
  let db: AuthDb;
  const secrets: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs"], env: { MASTER_KEY: master } });
    db = new ServiceDatabase("auth", defineAuthModels);
    await db.open();
  });
  afterAll(async () => {
    await db.close();
    await stack.stop();
  });

  async function user(): Promise<SignedIn> {
    const u = await signIn(stack.broker, uniqueEmail("tok"));
    secrets.push(u.tokens.access_token, u.tokens.refresh_token);
    return u;
  }
  const refresh = (token: string) => stack.http.post("/api/v1/auth/refresh", { refresh_token: token });
  const logout = (token: string) => stack.http.post("/api/v1/auth/logout", { refresh_token: token });
  const meWith = (headers: Record<string, string>) => stack.http.get("/api/v1/me", { headers });
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  /** As if the refresh that spent `token` happened before the reuse grace window (10 s by default). */
  const pastGrace = (token: string) => db.models.refreshTokenUses.updateOne({ _id: sha256(token) }, { $set: { at: new Date(Date.now() - 11_000) } });

  describe("refresh", () => {
    it("rotates: a new pair in the same family, the presented token spent", async () => {
      const u = await user();
      const res = await refresh(u.tokens.refresh_token);
      assert.equal(res.status, 200, res.text);
      assert.match(res.contentType, /^application\/json/);
      assert.deepEqual(Object.keys(res.json).sort(), ["access_token", "expires_in", "refresh_token", "token_type"]);
      assert.equal(res.json.token_type, "Bearer");
      assert.equal(res.json.expires_in, 3600);
      assert.notEqual(res.json.refresh_token, u.tokens.refresh_token);
      assert.notEqual(res.json.access_token, u.tokens.access_token);
      secrets.push(res.json.access_token, res.json.refresh_token);
      assert.equal(decodeJwt(res.json.access_token).sub, u.user_id);
      assert.equal((await meWith(bearer(res.json.access_token))).status, 200);

      const old = await db.models.refreshTokens.findById(sha256(u.tokens.refresh_token)).lean();
      const fresh = await db.models.refreshTokens.findById(sha256(res.json.refresh_token)).lean();
      assert.ok(old?.spent_at instanceof Date, "the presented token is marked spent");
      assert.equal(fresh?.family_id, old?.family_id);
      assert.equal(fresh?.spent_at, null);
      // stored only as a hash
      assert.equal(await db.models.refreshTokens.countDocuments({ _id: res.json.refresh_token }), 0);
    });

    it("replaying a spent token is 401 and revokes the whole family", async () => {
      const u = await user();
      const first = await refresh(u.tokens.refresh_token);
      assert.equal(first.status, 200);
      const second = await refresh(first.json.refresh_token);
      assert.equal(second.status, 200);
      secrets.push(first.json.refresh_token, second.json.refresh_token);

      await pastGrace(u.tokens.refresh_token);
      const replay = await refresh(u.tokens.refresh_token);
      assert.equal(replay.status, 401);
      assert.deepEqual(replay.json, INVALID_REFRESH);
      assert.equal(replay.headers.get("x-error-code"), "unauthorized");

      // the legitimate newest token of the family is dead too
      const newest = await refresh(second.json.refresh_token);
      assert.equal(newest.status, 401);
      assert.deepEqual(newest.json, INVALID_REFRESH);
      const family = (await db.models.refreshTokens.findById(sha256(u.tokens.refresh_token)).lean())!.family_id;
      const live = await db.models.refreshTokens.countDocuments({ family_id: family, revoked_at: null });
      assert.equal(live, 0);

      // another session of the same user is unaffected
      const other = await signIn(stack.broker, u.email);
      assert.equal((await refresh(other.tokens.refresh_token)).status, 200);
    });

    it("a repeat within the grace window (a client retrying, ten at once) gets the same new pair; the family stays alive", async () => {
      const u = await user();
      const results = await Promise.all(Array.from({ length: 10 }, () => refresh(u.tokens.refresh_token)));
      assert.deepEqual(
        results.map((r) => r.status),
        Array(10).fill(200),
        results.map((r) => r.text).join("; "),
      );
      const pair = results[0]!.json;
      for (const r of results) assert.deepEqual(r.json, pair);
      secrets.push(pair.access_token, pair.refresh_token);
      assert.deepEqual((await refresh(u.tokens.refresh_token)).json, pair, "a later retry within the window too");
      assert.equal((await meWith(bearer(pair.access_token))).status, 200);
      const family = (await db.models.refreshTokens.findById(sha256(u.tokens.refresh_token)).lean())!.family_id;
      assert.equal(await db.models.refreshTokens.countDocuments({ family_id: family }), 2, "one new token minted, the losers' undone");

      // stored sealed, never the new token itself; the answer is dropped by cleanup after the window
      const use = await db.models.refreshTokenUses.findById(sha256(u.tokens.refresh_token)).lean();
      assert.deepEqual(Object.keys(use!.answer!).sort(), ["ct", "iv", "kid", "tag"]);
      const raw = JSON.stringify(await db.models.refreshTokenUses.find({}).lean());
      assert.ok(!raw.includes(pair.refresh_token) && !raw.includes(pair.access_token));
      await pastGrace(u.tokens.refresh_token);
      await stack.broker.call("auth.cleanupTokens", {});
      assert.equal((await db.models.refreshTokenUses.findById(sha256(u.tokens.refresh_token)).lean())!.answer, undefined);

      const next = await refresh(pair.refresh_token);
      assert.equal(next.status, 200, next.text);
      secrets.push(next.json.access_token, next.json.refresh_token);
    });

    it("a repeat after the grace window is reuse: 401 and the family revoked", async () => {
      const u = await user();
      const first = await refresh(u.tokens.refresh_token);
      assert.equal(first.status, 200);
      secrets.push(first.json.access_token, first.json.refresh_token);
      await pastGrace(u.tokens.refresh_token);
      const replay = await refresh(u.tokens.refresh_token);
      assert.equal(replay.status, 401);
      assert.deepEqual(replay.json, INVALID_REFRESH);
      assert.equal((await refresh(first.json.refresh_token)).status, 401);
    });

    it("expired, unknown and malformed refresh tokens are 401; a body without the token is 400", async () => {
      const u = await user();
      await db.models.refreshTokens.updateOne({ _id: sha256(u.tokens.refresh_token) }, { $set: { expires_at: new Date(Date.now() - 1000) } });
      const expired = await refresh(u.tokens.refresh_token);
      assert.equal(expired.status, 401);
      assert.deepEqual(expired.json, INVALID_REFRESH);

      for (const token of [`rt_${randomBytes(32).toString("base64url")}`, "x", u.tokens.access_token]) {
        const res = await refresh(token);
        assert.equal(res.status, 401, token.slice(0, 10));
        assert.deepEqual(res.json, INVALID_REFRESH);
      }
      const missing = await stack.http.post("/api/v1/auth/refresh", {});
      assert.equal(missing.status, 400);
      assert.equal(missing.json.code, "validation_error");
      const operator = await stack.http.post("/api/v1/auth/refresh", { refresh_token: { $gt: "" } });
      assert.equal(operator.status, 400);
      assert.equal(operator.json.code, "validation_error");
    });
  });

  describe("logout", () => {
    it("revokes the whole family (204, empty body); refresh with any of its tokens is then 401", async () => {
      const u = await user();
      const rotated = await refresh(u.tokens.refresh_token);
      secrets.push(rotated.json.refresh_token);
      const other = await signIn(stack.broker, u.email); // a second session (family)
      secrets.push(other.tokens.refresh_token);

      const res = await logout(rotated.json.refresh_token);
      assert.equal(res.status, 204);
      assert.equal(res.text, "");
      assert.equal((await refresh(rotated.json.refresh_token)).status, 401);
      assert.equal((await refresh(other.tokens.refresh_token)).status, 200, "other families stay signed in");
    });

    it("answers 204 for unknown or already revoked tokens too", async () => {
      assert.equal((await logout(`rt_${randomBytes(32).toString("base64url")}`)).status, 204);
      assert.equal((await logout("not-a-token")).status, 204);
      const u = await user();
      assert.equal((await logout(u.tokens.refresh_token)).status, 204);
      assert.equal((await logout(u.tokens.refresh_token)).status, 204);
    });
  });

  describe("bearer verification at the gateway", () => {
    it("the issued token is accepted, its claims are those of decisions.md", async () => {
      const u = await user();
      const header = decodeProtectedHeader(u.tokens.access_token);
      assert.equal(header.alg, "EdDSA");
      assert.ok(header.kid);
      const claims = decodeJwt(u.tokens.access_token);
      assert.deepEqual(Object.keys(claims).sort(), ["aud", "email", "exp", "iat", "iss", "jti", "name", "sub"]);
      assert.equal(claims.exp! - claims.iat!, 3600);
      assert.equal((await meWith(u.bearer)).status, 200);
    });

    it("expired, tampered, wrong-audience, wrong-issuer, alg none, unknown kid and HS256 tokens are 401", async () => {
      const u = await user();
      const signer = await currentSigningKey(db, master);
      const now = Math.floor(Date.now() / 1000);
      const forge = (claims: JWTPayload, header: Record<string, unknown> = {}) =>
        new SignJWT({ email: u.email, ...claims }).setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: "JWT", ...header }).sign(signer.key);
      const base = { sub: u.user_id, iss: ISS, aud: ISS, jti: newId(), iat: now, exp: now + 600 };

      // control: a token forged with the real key and right claims is accepted, so the cases below fail for their one defect
      assert.equal((await meWith(bearer(await forge(base)))).status, 200);

      const [h, p, s] = u.tokens.access_token.split(".") as [string, string, string];
      const tamperedPayload = b64url({ ...decodeJwt(u.tokens.access_token), sub: newId() });
      const stranger = await generateKeyPair("EdDSA");
      const cases: Record<string, string> = {
        expired: await forge({ ...base, iat: now - 7200, exp: now - 3600 }),
        "tampered payload": `${h}.${tamperedPayload}.${s}`,
        "tampered signature": `${h}.${p}.${s.slice(0, -4)}${s.endsWith("AAAA") ? "BBBB" : "AAAA"}`,
        "wrong audience": await forge({ ...base, aud: "another-api" }),
        "wrong issuer": await forge({ ...base, iss: "https://evil.example" }),
        "alg none": `${b64url({ alg: "none", typ: "JWT" })}.${b64url(base)}.`,
        "alg none with kid": `${b64url({ alg: "none", kid: signer.kid })}.${b64url(base)}.`,
        "unknown kid": await new SignJWT(base).setProtectedHeader({ alg: "EdDSA", kid: "not-a-key-we-have" }).sign(stranger.privateKey),
        "right kid, other key": await new SignJWT(base).setProtectedHeader({ alg: "EdDSA", kid: signer.kid }).sign(stranger.privateKey),
        "HS256 with a guessable secret": await new SignJWT(base).setProtectedHeader({ alg: "HS256", kid: signer.kid }).sign(new TextEncoder().encode(signer.kid)),
        "missing jti": await forge({ sub: u.user_id, iss: ISS, aud: ISS, iat: now, exp: now + 600 }),
        "sub not a user id": await forge({ ...base, sub: "admin" }),
        "sub of no user": await forge({ ...base, sub: newId() }),
      };
      for (const [name, token] of Object.entries(cases)) {
        const res = await meWith(bearer(token));
        assert.equal(res.status, 401, name);
        assert.deepEqual(res.json, UNAUTHORIZED, name);
        assert.equal(res.headers.get("www-authenticate"), 'Bearer realm="api"', name);
      }
    });

    it("a token the gateway verified before (and remembers) is refused once it has expired", async () => {
      const u = await user();
      const signer = await currentSigningKey(db, master);
      const now = Math.floor(Date.now() / 1000);
      const exp = now + 2;
      const token = await new SignJWT({ email: u.email, sub: u.user_id, iss: ISS, aud: ISS, jti: newId(), iat: now, exp })
        .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: "JWT" })
        .sign(signer.key);
      for (let i = 0; i < 3; i++) assert.equal((await meWith(bearer(token))).status, 200);
      await waitUntil("the expired token to be refused", async () => ((await meWith(bearer(token))).status === 401 ? true : undefined), 20_000);
      assert.ok(Date.now() / 1000 >= exp, "refused only after its exp");
      assert.equal((await meWith(bearer(token))).status, 401);
    });

    it("malformed Authorization headers are 401", async () => {
      const u = await user();
      const t = u.tokens.access_token;
      const forms = [
        "",
        "Bearer",
        "Bearer ",
        t,
        `Basic ${Buffer.from("a:b").toString("base64")}`,
        `Token ${t}`,
        `Bearer ${t} extra`,
        `Bearer ${t}.x`,
        `Bearer ${t.split(".").slice(0, 2).join(".")}`,
        `Bearer\t${t}x`,
        `Bearer ${t}, Bearer ${t}`,
        `Bearer "${t}"`,
      ];
      for (const value of forms) {
        const res = await meWith({ authorization: value });
        assert.equal(res.status, 401, JSON.stringify(value.slice(0, 30)));
        assert.deepEqual(res.json, UNAUTHORIZED);
      }
      // no credentials at all, and two identities at once
      assert.equal((await meWith({})).status, 401);
      const both = await meWith({ ...u.bearer, "x-api-key": `u_${randomBytes(24).toString("base64url")}` });
      assert.equal(both.status, 401);
    });

    it("a disabled user is refused at once (bearer and refresh), and accepted again when re-enabled", async () => {
      const u = await user();
      assert.equal((await meWith(u.bearer)).status, 200); // the gateway has cached the user's status
      await stack.broker.call("auth.setDisabled", { email: u.email });
      const res = await meWith(u.bearer);
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, UNAUTHORIZED);
      assert.equal((await refresh(u.tokens.refresh_token)).status, 401);
      await stack.broker.call("auth.setDisabled", { email: u.email, is_disabled: false });
      assert.equal((await meWith(u.bearer)).status, 200);
    });
  });

  describe("JWKS", () => {
    it("an independent JOSE verifier (createRemoteJWKSet over HTTP) verifies issued tokens; no private key parts are published", async () => {
      const u = await user();
      for (const path of ["/api/v1/.well-known/jwks.json", "/.well-known/jwks.json"]) {
        const jwks = createRemoteJWKSet(new URL(stack.baseUrl + path));
        const { payload, protectedHeader } = await jwtVerify(u.tokens.access_token, jwks, { issuer: ISS, audience: ISS, algorithms: ["EdDSA"] });
        assert.equal(payload.sub, u.user_id);
        assert.equal(protectedHeader.alg, "EdDSA");
      }
      const body = (await stack.http.get("/.well-known/jwks.json")).json as { keys: Record<string, string>[] };
      assert.ok(body.keys.length >= 1);
      for (const k of body.keys) {
        assert.deepEqual(Object.keys(k).sort(), ["alg", "crv", "kid", "kty", "use", "x"]);
        assert.deepEqual([k.kty, k.crv, k.alg, k.use], ["OKP", "Ed25519", "EdDSA", "sig"]);
      }
    });

    it("after a key rotation new tokens carry the new kid and verify at the gateway; older tokens keep working", async () => {
      const before = await user();
      const { kid } = (await stack.broker.call("auth.rotateSigningKey", {})) as { kid: string };
      const after = await user();
      assert.equal(decodeProtectedHeader(after.tokens.access_token).kid, kid);
      // the gateway refetches the key set on an unknown kid (rate-limited), so wait for it to pick the key up
      await waitUntil("gateway to accept a token of the new key", async () => ((await meWith(after.bearer)).status === 200 ? true : undefined), 15_000);
      assert.equal((await meWith(before.bearer)).status, 200);
      const kids = ((await stack.http.get("/.well-known/jwks.json")).json as { keys: { kid: string }[] }).keys.map((k) => k.kid);
      assert.ok(kids.includes(kid) && kids.includes(decodeProtectedHeader(before.tokens.access_token).kid!));
    });
  });

  it("no log line contains an access or refresh token", () => {
    assert.ok(secrets.length > 10);
    for (const line of stack.logs) for (const s of secrets) assert.ok(!line.includes(s), `a log line leaks a token: ${line.slice(0, 200)}`);
    for (const line of stack.logs) assert.ok(!/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/.test(line), line.slice(0, 200));
  });
});

describe("tokens with RS256", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs"], env: { MASTER_KEY: randomBytes(32).toString("base64"), JWT_ALG: "RS256" } });
  });
  afterAll(() => stack.stop());

  it("issues RS256 tokens that the gateway and an independent remote-JWKS verifier accept; the JWK carries n and e", async () => {
    const u = await signIn(stack.broker, uniqueEmail("rsa"));
    assert.equal(decodeProtectedHeader(u.tokens.access_token).alg, "RS256");
    const { payload } = await jwtVerify(u.tokens.access_token, createRemoteJWKSet(new URL(`${stack.baseUrl}/api/v1/.well-known/jwks.json`)), {
      issuer: ISS,
      audience: ISS,
      algorithms: ["RS256"],
    });
    assert.equal(payload.sub, u.user_id);
    const keys = ((await stack.http.get("/api/v1/.well-known/jwks.json")).json as { keys: Record<string, string>[] }).keys;
    assert.deepEqual(Object.keys(keys[0]!).sort(), ["alg", "e", "kid", "kty", "n", "use"]);
    assert.equal(keys[0]!.kty, "RSA");
    assert.equal((await stack.http.get("/api/v1/me", { headers: u.bearer })).status, 200);
    const refreshed = await stack.http.post("/api/v1/auth/refresh", { refresh_token: u.tokens.refresh_token });
    assert.equal(refreshed.status, 200);
    assert.equal(decodeProtectedHeader(refreshed.json.access_token).alg, "RS256");
  });
});
