import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { followToCallback } from "../helpers/idp-browser.ts";
import { startOidcProvider, type LocalOidcProvider, type OidcAccount } from "../helpers/idp-oidc.ts";
import { runCommand } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const CALLBACK_BASE = "http://app.test";
const googleCallback = `${CALLBACK_BASE}/api/v1/auth/google/callback`;
const corpCallback = `${CALLBACK_BASE}/api/v1/auth/corp/callback`;
const uid = () => randomBytes(4).toString("hex");
const bossEmail = `boss-${uid()}@example.com`;

describe("first administrator (ADMIN_EMAILS, the admin command) and OpenID providers by configuration", () => {
  let stack: Stack;
  let google: LocalOidcProvider;
  /** A second provider, configured through OIDC_PROVIDERS as `corp`. */
  let corp: LocalOidcProvider;

  beforeAll(async () => {
    google = await startOidcProvider({ redirectUri: googleCallback });
    corp = await startOidcProvider({ redirectUri: corpCallback });
    stack = await startStack({
      services: ["api", "auth", "orgs"],
      env: {
        MASTER_KEY: randomBytes(32).toString("base64"),
        AUTH_CALLBACK_BASE_URL: CALLBACK_BASE,
        GOOGLE_ISSUER_URL: google.issuer,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        ADMIN_EMAILS: ` other@example.com , ${bossEmail.toUpperCase()}`,
        OIDC_PROVIDERS: JSON.stringify([
          { name: "corp", display_name: "Corp SSO", issuer: corp.issuer, client_id: corp.clientId, client_secret: corp.clientSecret, scopes: "openid email" },
        ]),
      },
    });
  });

  afterAll(async () => {
    await stack.stop();
    await google.close();
    await corp.close();
  });

  /** A whole sign-in through the local OpenID provider; the callback's answer. */
  async function login(account: OidcAccount) {
    google.signInAs(account);
    const start = await stack.http.post("/api/v1/auth/google/start", {});
    assert.equal(start.status, 200, start.text);
    const back = await followToCallback(start.json.auth_url as string, googleCallback);
    return stack.http.get(`/api/v1/auth/google/callback${back.search}`);
  }

  async function me(accessToken: string) {
    const res = await stack.http.get("/api/v1/me", { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(res.status, 200, res.text);
    return res.json as { is_admin: boolean; primary_email: string };
  }

  /** The admin command as an operator runs it: a child process against the test database (no bus). */
  function admin(...args: string[]) {
    return runCommand(["--import", "tsx", "bin/admin.ts", ...args], {
      NODE_ENV: "test",
      DB_PREFIX: stack.dbPrefix,
      MONGO_URL: process.env.MONGO_URL ?? "",
      MASTER_KEY: process.env.MASTER_KEY ?? "",
      TRANSPORTER: "",
      HEALTH_PORT: "0",
    });
  }

  it("a verified e-mail on ADMIN_EMAILS signs in as a platform administrator", async () => {
    const res = await login({ sub: `g-${uid()}`, email: bossEmail, email_verified: true, name: "Boss" });
    assert.equal(res.status, 200, res.text);
    const body = await me(res.json.access_token as string);
    assert.equal(body.is_admin, true);
  });

  it("the same e-mail unverified by the provider does not make an administrator", async () => {
    const email = `other-${uid()}@example.com`;
    const res = await login({ sub: `g-${uid()}`, email, email_verified: false, name: "Mallory" });
    assert.equal(res.status, 200, res.text);
    assert.equal((await me(res.json.access_token as string)).is_admin, false);
    // on the list but unverified: still no administrator
    const unverifiedBoss = await login({ sub: `g-${uid()}`, email: "other@example.com", email_verified: false });
    assert.equal(unverifiedBoss.status, 200, unverifiedBoss.text);
    assert.equal((await me(unverifiedBoss.json.access_token as string)).is_admin, false);
  });

  it("the admin command grants, revokes, disables and enables by e-mail", async () => {
    const email = `ops-${uid()}@example.com`;
    const account = { sub: `g-${uid()}`, email, email_verified: true, name: "Ops" };
    const first = await login(account);
    assert.equal(first.status, 200, first.text);
    assert.equal((await me(first.json.access_token as string)).is_admin, false);

    const granted = await admin("grant", "--email", email.toUpperCase());
    assert.equal(granted.code, 0, granted.stderr);
    assert.equal(JSON.parse(granted.stdout).is_admin, true);
    const asAdmin = await login(account);
    assert.equal((await me(asAdmin.json.access_token as string)).is_admin, true);

    const revoked = await admin("revoke", "--email", email);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal(JSON.parse(revoked.stdout).is_admin, false);
    const plain = await login(account);
    assert.equal((await me(plain.json.access_token as string)).is_admin, false);

    const disabled = await admin("disable", "--email", email);
    assert.equal(disabled.code, 0, disabled.stderr);
    assert.equal(JSON.parse(disabled.stdout).is_disabled, true);
    const refused = await login(account);
    assert.equal(refused.status, 401, refused.text);

    const enabled = await admin("enable", "--email", email);
    assert.equal(enabled.code, 0, enabled.stderr);
    assert.equal((await login(account)).status, 200);
  });

  it("the admin command names an unknown e-mail or bad usage in one line and exits 1", async () => {
    const unknown = await admin("grant", "--email", `nobody-${uid()}@example.com`);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^admin: no user with that e-mail/);
    const usage = await admin("promote", "--email", "a@b.c");
    assert.equal(usage.code, 1);
    assert.match(usage.stderr, /usage: admin\.js grant\|revoke\|disable\|enable/);
  });

  describe("OIDC_PROVIDERS", () => {
    it("GET /auth/providers lists the configured providers by name and display name, no secrets", async () => {
      const res = await stack.http.get("/api/v1/auth/providers");
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json, [
        { name: "google", display_name: "Google" },
        { name: "corp", display_name: "Corp SSO" },
      ]);
      assert.ok(!res.text.includes(corp.clientSecret) && !res.text.includes(corp.clientId) && !res.text.includes(corp.issuer));
    });

    it("a sign-in through a configured generic provider works end to end", async () => {
      const email = `corp-${uid()}@corp.example`;
      corp.signInAs({ sub: `c-${uid()}`, email, email_verified: true, name: "Corp User" });
      const start = await stack.http.post("/api/v1/auth/corp/start", {});
      assert.equal(start.status, 200, start.text);
      const authUrl = new URL(start.json.auth_url as string);
      assert.equal(authUrl.origin, corp.issuer);
      assert.equal(authUrl.searchParams.get("scope"), "openid email");
      assert.equal(authUrl.searchParams.get("redirect_uri"), corpCallback);
      const back = await followToCallback(authUrl.href, corpCallback);
      const res = await stack.http.get(`/api/v1/auth/corp/callback${back.search}`);
      assert.equal(res.status, 200, res.text);
      assert.equal(corp.tokenExchanges(), 1);
      const body = await me(res.json.access_token as string);
      assert.equal(body.primary_email, email);
      assert.equal(body.is_admin, false);
      // the login's secrets never reach a log line
      const logs = stack.logs.join("\n");
      for (const secret of [corp.clientSecret, res.json.access_token as string, res.json.refresh_token as string, back.searchParams.get("code") ?? ""]) {
        assert.ok(!logs.includes(secret));
      }
    });

    it("an unknown provider is 404, an unconfigured one or a malformed name 400, on start and callback", async () => {
      for (const [name, status] of [
        ["nope", 404],
        ["github", 400],
        ["Bad_Name", 400],
      ] as const) {
        const start = await stack.http.post(`/api/v1/auth/${name}/start`, {});
        assert.equal(start.status, status, `${name}: ${start.text}`);
        const cb = await stack.http.get(`/api/v1/auth/${name}/callback?code=x&state=y`);
        assert.equal(cb.status, status, `${name}: ${cb.text}`);
      }
    });
  });
});
