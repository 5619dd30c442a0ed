import { strict as assert } from "node:assert";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, it } from "@jest/globals";
import { ApiError, ok } from "../../clients/typescript/src/index.ts";
import { Connection, SESSION_ENDED, type SessionStore } from "../../console/src/connection.ts";
import type { Session } from "../../console/src/session.ts";

/**
 * The operator console's session over the typed client (console/src/connection.ts), against a
 * small HTTP server answering as the API does: a refused token is refreshed once for every
 * request that met it, the new pair stored; a 401 the refresh cannot cure ends the session with
 * its message (only the current session's); a 403 from an admin route is told; X-Org-ID goes
 * with an [org] call; every request skips the HTTP cache and sends no cookie.
 */
describe("console connection: the session over the typed client", () => {
  let server: Server;
  let baseUrl: string;
  /** The access token the server accepts now, and the refresh token it trades. */
  let valid = { access: "a1", refresh: "r1" };
  let refreshes = 0;
  let issued = 1;
  const seen: { path: string; authorization: string | undefined; key: string | undefined }[] = [];

  interface Answer {
    status: number;
    /** A `{code, message}` or other JSON body, or a plain-text message. */
    body: unknown;
    code?: string;
  }
  const refused = (status: number, code: string, message: string, style: "json" | "text"): Answer => ({ status, code, body: style === "json" ? { code, message } : message });
  const bodyOf = async (req: IncomingMessage) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    return JSON.parse(raw || "{}") as { refresh_token?: string };
  };

  /** What the API would answer (the /me and /orgs routes' errors are JSON, the others' plain text). */
  async function answer(req: IncomingMessage): Promise<Answer> {
    const path = req.url ?? "";
    seen.push({ path, authorization: req.headers.authorization, key: req.headers["idempotency-key"] as string | undefined });
    if (path === "/api/v1/auth/refresh") {
      refreshes++;
      const { refresh_token } = await bodyOf(req);
      // slow enough that the other requests refused meanwhile wait for this one
      await new Promise((r) => setTimeout(r, 150));
      if (refresh_token !== valid.refresh) return refused(401, "unauthorized", "invalid refresh token", "json");
      issued++;
      valid = { access: `a${issued}`, refresh: `r${issued}` };
      return { status: 200, body: { access_token: valid.access, refresh_token: valid.refresh, token_type: "Bearer", expires_in: 3600 } };
    }
    if (path === "/api/v1/admin/worker/stats") await new Promise((r) => setTimeout(r, 300));
    if (req.headers.authorization !== `Bearer ${valid.access}`)
      return path.startsWith("/api/v1/me") ? refused(401, "unauthorized", "invalid token", "json") : refused(401, "unauthorized", "unauthorized", "text");
    if (path === "/api/v1/me") return { status: 200, body: { id: "u1", primary_email: "ops@example.com", is_admin: true } };
    if (path === "/api/v1/admin/worker/queues") return refused(403, "forbidden", "forbidden", "text");
    if (path.startsWith("/api/v1/orgs/")) return refused(403, "forbidden", "not a member", "json");
    if (path.startsWith("/api/v1/clusters/")) return { status: 200, body: { organization: req.headers["x-org-id"] } };
    if (path === "/api/v1/admin/worker/stats") return { status: 200, body: {} };
    if (path.endsWith("/pause")) return { status: 200, body: { name: "default", paused: true } };
    return refused(404, "not_found", "not found", "text");
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      void answer(req).then(({ status, body, code }) => {
        const plain = typeof body === "string";
        res.writeHead(status, { "content-type": plain ? "text/plain; charset=utf-8" : "application/json", ...(code ? { "x-error-code": code } : {}) });
        res.end(plain ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
    refreshes = 0;
  });

  /** A connection signed in with `session`, its store and what it told the app. */
  function connect(session: Session | undefined) {
    let stored = session;
    const store: SessionStore = { load: () => stored, save: (s) => (stored = s) };
    const requests: Request[] = [];
    const connection = new Connection({ baseUrl, store, fetch: (request) => (requests.push(request), fetch(request)) });
    const ended: (string | undefined)[] = [];
    let adminRefusals = 0;
    connection.onSessionChange((next, reason) => {
      if (!next) ended.push(reason);
    });
    connection.onAdminRefused(() => adminRefusals++);
    return { connection, stored: () => stored, ended, adminRefusals: () => adminRefusals, requests };
  }

  it("concurrent requests refused with an expired token share one refresh, are sent again with the new token, and the new pair is stored", async () => {
    valid = { access: "a-current", refresh: "r-current" };
    const c = connect({ access_token: "a-expired", refresh_token: "r-current" });
    const answers = await Promise.all([1, 2, 3].map(() => ok(c.connection.client.api.GET("/api/v1/me"))));
    assert.deepEqual(
      answers.map((me) => me.primary_email),
      ["ops@example.com", "ops@example.com", "ops@example.com"],
    );
    assert.equal(refreshes, 1, "one refresh for the three refusals");
    assert.deepEqual(c.stored(), { access_token: valid.access, refresh_token: valid.refresh });
    assert.deepEqual(c.connection.current, c.stored());
    assert.deepEqual(c.ended, [], "the session goes on");
    // the next request carries the new token at once
    await ok(c.connection.client.api.GET("/api/v1/me"));
    assert.equal(seen.at(-1)?.authorization, `Bearer ${valid.access}`);
    assert.equal(refreshes, 1);
  });

  it("a refused refresh ends the session with its message; the call fails with the API's own 401", async () => {
    valid = { access: "a-current", refresh: "r-current" };
    const c = connect({ access_token: "a-expired", refresh_token: "r-revoked" });
    await assert.rejects(ok(c.connection.client.api.GET("/api/v1/me")), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.deepEqual([e.status, e.code, e.message], [401, "unauthorized", "invalid token"]);
      return true;
    });
    assert.equal(refreshes, 1);
    assert.deepEqual(c.ended, [SESSION_ENDED]);
    assert.equal(SESSION_ENDED, "Your session has ended (the token expired or was revoked). Sign in again.");
    assert.equal(c.stored(), undefined, "the tokens are forgotten");
    assert.equal(c.connection.current, undefined);
  });

  it("without a refresh token, a refused token ends the session at once (no refresh asked)", async () => {
    const c = connect({ access_token: "a-expired" });
    await assert.rejects(ok(c.connection.client.api.GET("/api/v1/admin/worker/queues")), (e: unknown) => e instanceof ApiError && e.status === 401 && e.message === "unauthorized");
    assert.equal(refreshes, 0);
    assert.deepEqual(c.ended, [SESSION_ENDED]);
  });

  it("a 401 for a session that was replaced meanwhile does not end the new one", async () => {
    valid = { access: "a-new", refresh: "r-new" };
    const c = connect({ access_token: "a-old" });
    // answered after 300 ms, refused: the old session's token
    const pending = ok(c.connection.client.api.GET("/api/v1/admin/worker/stats")).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    c.connection.setSession({ access_token: "a-new", refresh_token: "r-new" });
    const err = await pending;
    assert.ok(err instanceof ApiError && err.status === 401);
    assert.deepEqual(c.ended, []);
    assert.deepEqual(c.connection.current, { access_token: "a-new", refresh_token: "r-new" });
    await ok(c.connection.client.api.GET("/api/v1/admin/worker/stats"));
  });

  it("a 403 from an admin route is told (its plain-text message kept); a 403 elsewhere is not", async () => {
    valid = { access: "a-admin", refresh: "r-admin" };
    const c = connect({ access_token: "a-admin", refresh_token: "r-admin" });
    await assert.rejects(
      ok(c.connection.client.api.GET("/api/v1/admin/worker/queues")),
      (e: unknown) => e instanceof ApiError && e.status === 403 && e.style === "text" && e.message === "forbidden",
    );
    assert.equal(c.adminRefusals(), 1);
    const orgId = "0190d6a4-0000-7000-8000-000000000001";
    await assert.rejects(
      ok(c.connection.client.api.GET("/api/v1/orgs/{id}", { params: { path: { id: orgId } } })),
      (e: unknown) => e instanceof ApiError && e.status === 403 && e.style === "json" && e.code === "forbidden" && e.message === "not a member",
    );
    assert.equal(c.adminRefusals(), 1);
    assert.deepEqual(c.ended, []);
  });

  it("an [org] call carries X-Org-ID; every request skips the HTTP cache and sends no cookie, signed in or not", async () => {
    valid = { access: "a-org", refresh: "r-org" };
    const c = connect({ access_token: "a-org", refresh_token: "r-org" });
    const org = "0190d6a4-0000-7000-8000-000000000002";
    const run = await c.connection.client.api.GET("/api/v1/clusters/{clusterID}/runs/{runID}", {
      params: { path: { clusterID: "0190d6a4-0000-7000-8000-000000000003", runID: "0190d6a4-0000-7000-8000-000000000004" }, header: { "X-Org-ID": org } },
    });
    assert.deepEqual(run.data, { organization: org });
    await c.connection.anonymous.api.GET("/api/v1/auth/providers");
    assert.equal(seen.at(-1)?.authorization, undefined, "the anonymous client sends no token");
    assert.equal(c.requests.length, 2);
    for (const request of c.requests) assert.deepEqual([request.cache, request.credentials], ["no-store", "omit"], request.url);
  });

  it("a page served over plain http from another host (no crypto.randomUUID) still sends each change with a new Idempotency-Key", async () => {
    valid = { access: "a-http", refresh: "r-http" };
    const c = connect({ access_token: "a-http", refresh_token: "r-http" });
    const own = Object.getOwnPropertyDescriptor(crypto, "randomUUID");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      for (let i = 0; i < 2; i++) await ok(c.connection.client.api.POST("/api/v1/admin/worker/queues/{name}/pause", { params: { path: { name: "default" } }, body: {} }));
    } finally {
      if (own) Object.defineProperty(crypto, "randomUUID", own);
      else Reflect.deleteProperty(crypto, "randomUUID");
    }
    const keys = seen.filter((s) => s.path.endsWith("/pause")).map((s) => s.key ?? "");
    assert.equal(keys.length, 2);
    for (const key of keys) assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(keys[0], keys[1]);
  });
});
