import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import { ServiceDatabase } from "../../shared/db.ts";
import { defineAuthModels } from "../../services/auth/models.ts";
import { followToCallback } from "../helpers/idp-browser.ts";
import { startGithub, type GithubAccount, type LocalGithub } from "../helpers/idp-github.ts";
import { startOidcProvider, type LocalOidcProvider, type OidcAccount } from "../helpers/idp-oidc.ts";
import { signIn } from "../helpers/principals.ts";
import { freePort } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const CALLBACK_BASE = "http://app.test";
const googleCallback = `${CALLBACK_BASE}/api/v1/auth/google/callback`;
const githubCallback = `${CALLBACK_BASE}/api/v1/auth/github/callback`;
/** Where a login the operator console started comes back to (the console's page redeems it at the callback route). */
const consoleCallback = (provider: string) => `${CALLBACK_BASE}/console/callback/${provider}`;

const uid = () => randomBytes(4).toString("hex");

describe("social login", () => {
  let stack: Stack;
  let google: LocalOidcProvider;
  let github: LocalGithub;
  let db: ServiceDatabase<ReturnType<typeof defineAuthModels>>;
  /** Every secret the flows handled: none may appear in a log line. */
  const secrets: string[] = [];

  beforeAll(async () => {
    google = await startOidcProvider({ redirectUri: googleCallback, moreRedirectUris: [consoleCallback("google")] });
    github = await startGithub();
    secrets.push(google.clientSecret, github.clientSecret);
    stack = await startStack({
      services: ["api", "auth", "orgs"],
      env: {
        MASTER_KEY: randomBytes(32).toString("base64"),
        AUTH_CALLBACK_BASE_URL: CALLBACK_BASE,
        GOOGLE_ISSUER_URL: google.issuer,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_AUTHORIZE_URL: github.authorizeUrl,
        GITHUB_TOKEN_URL: github.tokenUrl,
        GITHUB_API_URL: github.apiUrl,
      },
    });
    db = new ServiceDatabase("auth", defineAuthModels);
    await db.open();
  });

  afterAll(async () => {
    await db.close();
    await stack.stop();
    await google.close();
    await github.close();
  });

  async function start(provider: string) {
    const res = await stack.http.post(`/api/v1/auth/${provider}/start`, {});
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.json), ["auth_url"]);
    return new URL(res.json.auth_url as string);
  }

  /** start → the provider (login + consent) → the redirect back to us; returns our callback query. */
  async function authorize(provider: "google" | "github"): Promise<string> {
    const authUrl = await start(provider);
    const back = await followToCallback(authUrl.href, provider === "google" ? googleCallback : githubCallback);
    secrets.push(back.searchParams.get("code") ?? "", back.searchParams.get("state") ?? "");
    return back.search;
  }

  async function callback(provider: string, query: string) {
    return stack.http.get(`/api/v1/auth/${provider}/callback${query}`);
  }

  async function loginGoogle(account: OidcAccount) {
    google.signInAs(account);
    const res = await callback("google", await authorize("google"));
    assert.equal(res.status, 200, res.text);
    secrets.push(res.json.access_token, res.json.refresh_token);
    return res.json as { access_token: string; refresh_token: string; token_type: string; expires_in: number };
  }

  async function loginGithub(account: GithubAccount) {
    github.signInAs(account);
    const res = await callback("github", await authorize("github"));
    assert.equal(res.status, 200, res.text);
    secrets.push(res.json.access_token, res.json.refresh_token);
    return res.json as { access_token: string; refresh_token: string; token_type: string; expires_in: number };
  }

  async function me(accessToken: string) {
    const res = await stack.http.get("/api/v1/me", { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(res.status, 200, res.text);
    return res.json;
  }

  describe("google (OpenID Connect against a local oidc-provider)", () => {
    it("start answers the provider's authorization URL with PKCE (S256), state, nonce and our callback", async () => {
      const url = await start("google");
      assert.equal(url.origin, google.issuer);
      const q = url.searchParams;
      assert.equal(q.get("client_id"), google.clientId);
      assert.equal(q.get("redirect_uri"), googleCallback);
      assert.equal(q.get("response_type"), "code");
      assert.equal(q.get("code_challenge_method"), "S256");
      assert.match(q.get("code_challenge") ?? "", /^[A-Za-z0-9_-]{43}$/);
      assert.match(q.get("state") ?? "", /^[A-Za-z0-9_-]{43}$/);
      assert.ok((q.get("nonce") ?? "").length >= 32);
      assert.deepEqual((q.get("scope") ?? "").split(" ").sort(), ["email", "openid", "profile"]);
      // only the state's hash is stored, never the state itself
      const stored = await db.models.loginStates.findById(q.get("state")).lean();
      assert.equal(stored, null);
    });

    it("a full login returns a TokenPair whose access token works on GET /me and verifies with the JWKS", async () => {
      const email = `ann-${uid()}@example.com`;
      const pair = await loginGoogle({ sub: `g-${uid()}`, email: email.toUpperCase(), email_verified: true, name: "Ann Example", picture: "https://img.example/ann.png" });
      assert.equal(pair.token_type, "Bearer");
      assert.equal(pair.expires_in, 3600);
      assert.match(pair.refresh_token, /^rt_[A-Za-z0-9_-]{43}$/);

      const jwks = (await stack.http.get("/api/v1/.well-known/jwks.json")).json;
      const { payload } = await jwtVerify(pair.access_token, createLocalJWKSet(jwks), { issuer: "cluster-infra-api", audience: "cluster-infra-api" });
      assert.equal(payload.email, email);
      assert.equal(payload.name, "Ann Example");

      const body = await me(pair.access_token);
      assert.equal(body.id, payload.sub);
      assert.equal(body.display_name, "Ann Example");
      assert.equal(body.primary_email, email);
      assert.equal(body.avatar_url, "https://img.example/ann.png");
      assert.equal(body.is_admin, false);
      assert.equal(body.is_disabled, false);
      assert.deepEqual(body.organizations, []);
      assert.equal(body.emails.length, 1);
      assert.deepEqual(
        { email: body.emails[0].email, user_id: body.emails[0].user_id, is_primary: body.emails[0].is_primary, is_verified: body.emails[0].is_verified },
        { email, user_id: body.id, is_primary: true, is_verified: true },
      );
    });

    it("the same provider subject signs in to the same user even when the e-mail changed", async () => {
      const sub = `g-${uid()}`;
      const first = await loginGoogle({ sub, email: `bob-${uid()}@example.com`, email_verified: true, name: "Bob" });
      const second = await loginGoogle({ sub, email: `bob-new-${uid()}@example.org`, email_verified: true, name: "Bob" });
      assert.equal(decodeJwt(second.access_token).sub, decodeJwt(first.access_token).sub);
      const body = await me(second.access_token);
      assert.equal(body.emails.length, 2, "the new verified e-mail is added to the user");
    });

    it("links to an existing user by verified e-mail, but never by an unverified one", async () => {
      const existing = await signIn(stack.broker, `carol-${uid()}@example.com`);
      const linked = await loginGoogle({ sub: `g-${uid()}`, email: existing.email, email_verified: true, name: "Carol" });
      assert.equal(decodeJwt(linked.access_token).sub, existing.user_id);

      const victim = await signIn(stack.broker, `dave-${uid()}@example.com`);
      const attacker = await loginGoogle({ sub: `g-${uid()}`, email: victim.email, email_verified: false, name: "Mallory" });
      assert.notEqual(decodeJwt(attacker.access_token).sub, victim.user_id);
      const body = await me(attacker.access_token);
      assert.deepEqual(body.emails, [], "an unverified e-mail is not attached to anyone");
      assert.equal(body.primary_email, "");
    });

    it("a disabled user cannot sign in (401), and can again once re-enabled", async () => {
      const account = { sub: `g-${uid()}`, email: `kim-${uid()}@example.com`, email_verified: true, name: "Kim" };
      await loginGoogle(account);
      await stack.broker.call("auth.setDisabled", { email: account.email });
      google.signInAs(account);
      const refused = await callback("google", await authorize("google"));
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.json, { code: "unauthorized", message: "user is disabled" });
      await stack.broker.call("auth.setDisabled", { email: account.email, is_disabled: false });
      await loginGoogle(account);
    });

    it("a state is single-use: replaying the callback is 400 and issues nothing", async () => {
      google.signInAs({ sub: `g-${uid()}`, email: `erin-${uid()}@example.com`, email_verified: true });
      const query = await authorize("google");
      assert.equal((await callback("google", query)).status, 200);
      const again = await callback("google", query);
      assert.equal(again.status, 400);
      assert.match(again.contentType, /^application\/json/);
      assert.deepEqual(again.json, { code: "bad_request", message: "state already used" });
      assert.equal(again.headers.get("x-error-code"), "bad_request");
    });

    it("concurrent callbacks with one state: exactly one wins", async () => {
      google.signInAs({ sub: `g-${uid()}`, email: `fay-${uid()}@example.com`, email_verified: true });
      const query = await authorize("google");
      const results = await Promise.all([1, 2, 3, 4].map(() => callback("google", query)));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400, 400]);
    });

    it("missing, unknown and expired states are 400", async () => {
      const missing = await callback("google", "?code=abc");
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.json, { code: "bad_request", message: "missing state" });

      const unknown = await callback("google", `?code=abc&state=${randomBytes(32).toString("base64url")}`);
      assert.equal(unknown.status, 400);
      assert.deepEqual(unknown.json, { code: "bad_request", message: "invalid state" });

      google.signInAs({ sub: `g-${uid()}`, email: `gus-${uid()}@example.com`, email_verified: true });
      const query = await authorize("google");
      // eleven minutes pass: age the stored state instead of waiting
      const { createHash } = await import("node:crypto");
      const hash = createHash("sha256").update(new URLSearchParams(query).get("state")!).digest("hex");
      const aged = await db.models.loginStates.updateOne({ _id: hash }, { $set: { expires_at: new Date(Date.now() - 60_000) } });
      assert.equal(aged.matchedCount, 1);
      const expired = await callback("google", query);
      assert.equal(expired.status, 400);
      assert.deepEqual(expired.json, { code: "bad_request", message: "state expired" });
    });

    it("a state started for one provider is refused by the other provider's callback", async () => {
      google.signInAs({ sub: `g-${uid()}`, email: `hal-${uid()}@example.com`, email_verified: true });
      const query = await authorize("google");
      const res = await callback("github", query);
      assert.equal(res.status, 400);
      assert.deepEqual(res.json, { code: "bad_request", message: "invalid state" });
    });

    it("a code the provider does not accept is 401 (the state is still spent)", async () => {
      const state = (await start("google")).searchParams.get("state")!;
      const res = await callback("google", `?code=not-a-real-code&state=${state}&iss=${encodeURIComponent(google.issuer)}`);
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, { code: "unauthorized", message: "login failed" });
      const again = await callback("google", `?code=not-a-real-code&state=${state}&iss=${encodeURIComponent(google.issuer)}`);
      assert.equal(again.status, 400);
      const warning = stack.logs.find((l) => l.includes("social login refused by the provider"));
      assert.ok(warning?.includes("invalid_grant"), warning);
    });

    it("the provider answering with an error (user declined) is 401", async () => {
      const state = (await start("google")).searchParams.get("state")!;
      const res = await callback("google", `?error=access_denied&state=${state}&iss=${encodeURIComponent(google.issuer)}`);
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, { code: "unauthorized", message: "login failed" });
    });

    it("an authorization response claiming another issuer is refused (401)", async () => {
      google.signInAs({ sub: `g-${uid()}`, email: `ivy-${uid()}@example.com`, email_verified: true });
      const query = new URLSearchParams((await authorize("google")).slice(1));
      query.set("iss", "https://evil.example");
      const res = await callback("google", `?${query.toString()}`);
      assert.equal(res.status, 401);
    });
  });

  describe("github (OAuth 2 + user and e-mails API against a local GitHub-like server)", () => {
    it("start answers GitHub's authorize URL with our callback, scopes, state and PKCE", async () => {
      const url = await start("github");
      assert.equal(url.origin + url.pathname, github.authorizeUrl);
      assert.equal(url.searchParams.get("client_id"), github.clientId);
      assert.equal(url.searchParams.get("redirect_uri"), githubCallback);
      assert.equal(url.searchParams.get("scope"), "read:user user:email");
      assert.equal(url.searchParams.get("code_challenge_method"), "S256");
      assert.match(url.searchParams.get("state") ?? "", /^[A-Za-z0-9_-]{43}$/);
    });

    it("a full login creates the user with the verified e-mails only, primary first", async () => {
      const primary = `octo-${uid()}@example.com`;
      const other = `octo-work-${uid()}@example.net`;
      const unverified = `octo-old-${uid()}@example.org`;
      const before = github.requests.length;
      const pair = await loginGithub({
        id: 1000 + Math.floor(Math.random() * 1e6),
        login: "octocat",
        name: "The Octocat",
        avatar_url: "https://avatars.example/octo.png",
        emails: [
          { email: other, primary: false, verified: true },
          { email: primary, primary: true, verified: true },
          { email: unverified, primary: false, verified: false },
        ],
      });
      assert.deepEqual(github.requests.slice(before), ["GET /login/oauth/authorize", "POST /login/oauth/access_token", "GET /api/user", "GET /api/user/emails"]);
      const body = await me(pair.access_token);
      assert.equal(body.display_name, "The Octocat");
      assert.equal(body.primary_email, primary);
      assert.equal(body.avatar_url, "https://avatars.example/octo.png");
      assert.deepEqual(
        body.emails.map((e: { email: string; is_primary: boolean; is_verified: boolean }) => [e.email, e.is_primary, e.is_verified]).sort(),
        [
          [other, false, true],
          [primary, true, true],
        ].sort(),
      );
    });

    it("falls back to the login as display name, and links to the google user sharing a verified e-mail", async () => {
      const shared = `jo-${uid()}@example.com`;
      const viaGoogle = await loginGoogle({ sub: `g-${uid()}`, email: shared, email_verified: true, name: "Jo" });
      const viaGithub = await loginGithub({
        id: 2_000_000 + Math.floor(Math.random() * 1e6),
        login: "jo-gh",
        name: null,
        emails: [{ email: shared, primary: true, verified: true }],
      });
      assert.equal(decodeJwt(viaGithub.access_token).sub, decodeJwt(viaGoogle.access_token).sub);

      const solo = await loginGithub({
        id: 3_000_000 + Math.floor(Math.random() * 1e6),
        login: "solo-gh",
        name: null,
        emails: [{ email: `solo-${uid()}@example.com`, primary: true, verified: true }],
      });
      assert.equal((await me(solo.access_token)).display_name, "solo-gh");
    });

    it("a code GitHub rejects (200 with an error body, GitHub's way) is 401", async () => {
      const state = (await start("github")).searchParams.get("state")!;
      const res = await callback("github", `?code=deadbeef&state=${state}`);
      assert.equal(res.status, 401);
      assert.deepEqual(res.json, { code: "unauthorized", message: "login failed" });
    });
  });

  describe("a login started by the operator console (return_to: console)", () => {
    it("sends the browser back to the console's page, whose query redeems at the callback route (the exchange names the same redirect URI)", async () => {
      for (const provider of ["google", "github"] as const) {
        const email = `console-${provider}-${uid()}@example.com`;
        if (provider === "google") google.signInAs({ sub: `g-${uid()}`, email, email_verified: true, name: "Console User" });
        else github.signInAs({ id: 4_000_000 + Math.floor(Math.random() * 1e6), login: "console-user", name: null, emails: [{ email, primary: true, verified: true }] });
        const started = await stack.http.post(`/api/v1/auth/${provider}/start`, { return_to: "console" });
        assert.equal(started.status, 200, started.text);
        const authUrl = new URL(started.json.auth_url as string);
        assert.equal(authUrl.searchParams.get("redirect_uri"), consoleCallback(provider));
        const back = await followToCallback(authUrl.href, consoleCallback(provider));
        assert.equal(back.origin + back.pathname, consoleCallback(provider));
        secrets.push(back.searchParams.get("code") ?? "", back.searchParams.get("state") ?? "");
        const res = await callback(provider, back.search);
        assert.equal(res.status, 200, `${provider}: ${res.text}`);
        secrets.push(res.json.access_token, res.json.refresh_token);
        assert.equal((await me(res.json.access_token)).primary_email, email);
      }
    });

    it("a state started for the console is still single-use; an unknown return_to is 400", async () => {
      github.signInAs({
        id: 5_000_000 + Math.floor(Math.random() * 1e6),
        login: "twice",
        name: null,
        emails: [{ email: `twice-${uid()}@example.com`, primary: true, verified: true }],
      });
      const started = await stack.http.post("/api/v1/auth/github/start", { return_to: "console" });
      const back = await followToCallback(started.json.auth_url, consoleCallback("github"));
      secrets.push(back.searchParams.get("code") ?? "", back.searchParams.get("state") ?? "");
      const first = await callback("github", back.search);
      assert.equal(first.status, 200, first.text);
      secrets.push(first.json.access_token, first.json.refresh_token);
      const replay = await callback("github", back.search);
      assert.deepEqual([replay.status, replay.json], [400, { code: "bad_request", message: "state already used" }]);

      const bad = await stack.http.post("/api/v1/auth/github/start", { return_to: "https://evil.example/" });
      assert.deepEqual([bad.status, bad.json], [400, { code: "validation_error", message: "invalid return_to" }]);
    });
  });

  describe("providers and hygiene", () => {
    it("an unknown provider is 404 on start and on callback; a name that cannot be one is 400", async () => {
      const res = await stack.http.post("/api/v1/auth/twitter/start", {});
      assert.equal(res.status, 404);
      assert.deepEqual(res.json, { code: "not_found", message: "unknown provider" });
      const cb = await callback("twitter", "?code=a&state=b");
      assert.equal(cb.status, 404);
      assert.deepEqual(cb.json, { code: "not_found", message: "unknown provider" });
      const bad = await stack.http.post("/api/v1/auth/Not_A.Name/start", {});
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.json, { code: "validation_error", message: "unknown provider" });
    });

    it("login goes on when the orgs service is not running, with a warning logged (it stops orgs: the later tests need none)", async () => {
      await stack.broker.destroyService(stack.broker.getLocalService("orgs"));
      const pair = await loginGithub({
        id: 3_000_000 + Math.floor(Math.random() * 1e6),
        login: "no-orgs",
        name: null,
        emails: [{ email: `no-orgs-${randomBytes(4).toString("hex")}@example.com`, primary: true, verified: true }],
      });
      assert.equal(pair.token_type, "Bearer");
      assert.ok(stack.logs.some((l) => l.includes("could not join organizations by e-mail domain")));
    });

    it("auth.cleanupTokens removes used login states (and their claims) and keeps pending ones", async () => {
      const pending = (await start("google")).searchParams.get("state")!;
      const { createHash } = await import("node:crypto");
      const pendingHash = createHash("sha256").update(pending).digest("hex");
      assert.ok((await db.models.loginStateUses.countDocuments({})) > 0, "the logins above spent states");
      const result = (await stack.broker.call("auth.cleanupTokens", {})) as { login_states: number };
      assert.ok(result.login_states > 0);
      assert.equal(await db.models.loginStateUses.countDocuments({}), 0);
      assert.equal(await db.models.loginStates.countDocuments({ _id: pendingHash }), 1);
      const used = await db.models.loginStates.countDocuments({ _id: { $ne: pendingHash }, expires_at: { $gt: new Date() } });
      assert.ok(used <= 3, `only states started without a callback remain (${used})`);
    });

    it("no log line contains a token, code, state or client secret", () => {
      const live = secrets.filter((s) => s.length >= 8);
      assert.ok(live.length > 20, "the flows above collected secrets to look for");
      for (const line of stack.logs) for (const s of live) assert.ok(!line.includes(s), `a log line leaks a secret: ${line.slice(0, 200)}`);
    });
  });
});

describe("social login without configured providers", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth"],
      env: { MASTER_KEY: randomBytes(32).toString("base64"), GOOGLE_CLIENT_ID: "", GITHUB_CLIENT_ID: "" },
    });
  });
  afterAll(() => stack.stop());

  it("start and callback of a provider without a client id are 400 provider not configured", async () => {
    for (const provider of ["google", "github"]) {
      const res = await stack.http.post(`/api/v1/auth/${provider}/start`, {});
      assert.equal(res.status, 400, provider);
      assert.deepEqual(res.json, { code: "bad_request", message: "provider not configured" });
      const cb = await stack.http.get(`/api/v1/auth/${provider}/callback?code=a&state=b`);
      assert.equal(cb.status, 400, provider);
      assert.deepEqual(cb.json, { code: "bad_request", message: "provider not configured" });
    }
  });
});

describe("social login when the identity provider cannot be reached", () => {
  let stack: Stack;
  beforeAll(async () => {
    const deadPort = await freePort();
    stack = await startStack({
      services: ["api", "auth"],
      env: { MASTER_KEY: randomBytes(32).toString("base64"), GOOGLE_CLIENT_ID: "client", GOOGLE_ISSUER_URL: `http://127.0.0.1:${deadPort}` },
    });
  });
  afterAll(() => stack.stop());

  it("start answers 503 service unavailable (and nothing is half-stored)", async () => {
    const res = await stack.http.post("/api/v1/auth/google/start", {});
    assert.equal(res.status, 503);
    assert.deepEqual(res.json, { code: "service_unavailable", message: "service unavailable" });
  });
});

describe("social login with the orgs service", () => {
  let stack: Stack;
  let github: LocalGithub;
  beforeAll(async () => {
    github = await startGithub();
    stack = await startStack({
      services: ["api", "auth", "orgs"],
      env: {
        MASTER_KEY: randomBytes(32).toString("base64"),
        AUTH_CALLBACK_BASE_URL: CALLBACK_BASE,
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_AUTHORIZE_URL: github.authorizeUrl,
        GITHUB_TOKEN_URL: github.tokenUrl,
        GITHUB_API_URL: github.apiUrl,
      },
    });
  });
  afterAll(async () => {
    await stack.stop();
    await github.close();
  });

  async function login(account: GithubAccount) {
    github.signInAs(account);
    const start = await stack.http.post("/api/v1/auth/github/start", {});
    const back = await followToCallback(start.json.auth_url, githubCallback);
    const res = await stack.http.get(`/api/v1/auth/github/callback${back.search}`);
    assert.equal(res.status, 200, res.text);
    return res.json as { access_token: string };
  }

  it("a login joins the organizations of the user's verified e-mail domains, and GET /me lists them", async () => {
    const domain = `acme-${uid()}.example`;
    const owner = await signIn(stack.broker, `owner@${domain}`);
    const created = await stack.http.post("/api/v1/orgs", { name: "Acme", domain }, { headers: owner.bearer });
    assert.equal(created.status, 201, created.text);

    const member = await login({ id: 5_000_000 + Math.floor(Math.random() * 1e6), login: "dev", name: "Dev", emails: [{ email: `dev@${domain}`, primary: true, verified: true }] });
    const me = await stack.http.get("/api/v1/me", { headers: { authorization: `Bearer ${member.access_token}` } });
    assert.equal(me.status, 200);
    assert.deepEqual(me.json.organizations, [created.json]);

    const outsider = await login({
      id: 6_000_000 + Math.floor(Math.random() * 1e6),
      login: "outsider",
      name: null,
      emails: [
        { email: `outsider-${uid()}@example.com`, primary: true, verified: true },
        { email: `spoof@${domain}`, primary: false, verified: false },
      ],
    });
    const theirs = await stack.http.get("/api/v1/me", { headers: { authorization: `Bearer ${outsider.access_token}` } });
    assert.deepEqual(theirs.json.organizations, [], "an unverified e-mail at the domain joins nothing");
    assert.ok(!stack.logs.some((l) => l.includes("could not join organizations")));
  });
});
