import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { randomBytes } from "node:crypto";
import { startHealthServer } from "../../runtime/health.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

describe("gateway", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ services: ["api"] });
  });
  afterAll(() => stack.stop());

  it("GET /api/v1/healthz answers 200 {status: ok}", async () => {
    const res = await stack.http.get("/api/v1/healthz");
    assert.equal(res.status, 200);
    assert.match(res.contentType, /^application\/json/);
    assert.deepEqual(res.json, { status: "ok" });
  });

  it("a plain GET /api/v1/healthz is answered before the action chain, with what the action answers, and is still counted", async () => {
    const health = await startHealthServer(stack.broker, { port: 0, host: "127.0.0.1" });
    try {
      const sample = async (pattern: RegExp) => Number(pattern.exec(await (await fetch(`http://127.0.0.1:${health.port}/metrics`)).text())?.[1] ?? 0);
      const httpCount = () => sample(/^http_requests_total\{[^}]*method="GET",route="\/api\/v1\/healthz",status="200"\} (\d+)$/m);
      const actionCount = () => sample(/^moleculer_request_total\{[^}]*action="api\.healthz"[^}]*\} (\d+)$/m);
      const [httpBefore, actionBefore] = [await httpCount(), await actionCount()];
      const fast = await stack.http.get("/api/v1/healthz");
      // a query string takes the action chain (unknown plain parameters are ignored)
      const chain = await stack.http.get("/api/v1/healthz?probe=1");
      assert.equal(await httpCount(), httpBefore + 2, "both are counted per route and status");
      assert.equal(await actionCount(), actionBefore + 1, "only the one with a query string ran the action");
      assert.equal(fast.status, 200);
      assert.equal(fast.text, chain.text);
      for (const h of [
        "content-type",
        "content-length",
        "etag",
        "cache-control",
        "content-security-policy",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "cross-origin-resource-policy",
      ]) {
        assert.equal(fast.headers.get(h), chain.headers.get(h), h);
      }
      assert.match(fast.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
      const etag = fast.headers.get("etag")!;
      for (const path of ["/api/v1/healthz", "/api/v1/healthz?probe=1"]) assert.equal((await stack.http.get(path, { headers: { "if-none-match": etag } })).status, 304, path);
    } finally {
      await health.close();
    }
  });

  it("GET /api/v1/version answers a VersionResponse with Node's runtime facts", async () => {
    const res = await stack.http.get("/api/v1/version");
    assert.equal(res.status, 200);
    const v = res.json as Record<string, unknown>;
    for (const k of ["version", "commit", "commitTime", "revision", "vcs", "built", "builtBy", "go", "goArch", "goOS"]) {
      assert.equal(typeof v[k], "string", k);
    }
    assert.equal(typeof v.modified, "boolean");
    assert.equal(v.go, process.version);
    assert.equal(v.goOS, process.platform);
  });

  it("an unknown route is 404 with a plain-text body and X-Error-Code", async () => {
    const res = await stack.http.get("/api/v1/does-not-exist");
    assert.equal(res.status, 404);
    assert.match(res.contentType, /^text\/plain/);
    assert.equal(res.text, "not found");
    assert.equal(res.headers.get("x-error-code"), "not_found");
  });

  it("an unknown route under /orgs answers in the {code, message} form", async () => {
    const res = await stack.http.get("/api/v1/orgs/whatever/nothing");
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, { code: "not_found", message: "not found" });
  });

  it("malformed JSON is 400 invalid json", async () => {
    const res = await stack.http.request("POST", "/api/v1/healthz", { body: "{not json", raw: true });
    // healthz is GET only, so the body error is what the client sees first
    assert.equal(res.status, 400);
    assert.equal(res.text, "invalid json");
    assert.equal(res.headers.get("x-error-code"), "invalid_json");
  });

  it("a query parameter given as an object or twice is 400, never a silently ignored filter", async () => {
    for (const [query, key] of [
      ["q[$ne]=x", "q[$ne]"],
      ["status=a&status=b", "status"],
      ["a[b][c]=1", "a[b][c]"],
    ] as const) {
      const res = await stack.http.get(`/api/v1/healthz?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.text, `invalid query parameter: ${key}`);
    }
    assert.equal((await stack.http.get("/api/v1/healthz?unknown=1")).status, 200, "unknown plain parameters are ignored");
  });

  it("a body over 1 MiB is 413", async () => {
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) });
    const res = await stack.http.request("POST", "/api/v1/anything", { body: big, raw: true });
    assert.equal(res.status, 413);
    assert.equal(res.headers.get("x-error-code"), "payload_too_large");
  });

  it("a request line over the header limit (a 30 KB query string) is 431 with a plain-text message; the gateway keeps serving", async () => {
    const res = await stack.http.get(`/api/v1/dns/domains?name=${"%7C".repeat(10_000)}`);
    assert.equal(res.status, 431);
    assert.match(res.contentType, /^text\/plain; charset=utf-8/);
    assert.equal(res.text, "request line or headers too large");
    assert.equal(res.headers.get("x-error-code"), "headers_too_large");
    assert.equal((await stack.http.get("/api/v1/healthz")).status, 200);
  });

  it("a request Node's parser cannot read is 400 bad request with a plain-text message", async () => {
    const { connect } = await import("node:net");
    const url = new URL(stack.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write("GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n"));
      let data = "";
      socket.on("data", (d: Buffer) => (data += d.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(raw, /\r\nX-Error-Code: bad_request\r\n/);
    assert.ok(raw.endsWith("\r\n\r\nbad request"), raw);
  });

  it("sets security headers and echoes a sane request id, replacing an unsafe one", async () => {
    const res = await stack.http.get("/api/v1/healthz", { headers: { "x-request-id": "abc-123" } });
    assert.equal(res.headers.get("x-request-id"), "abc-123");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    assert.equal(res.headers.get("cache-control"), "no-store");
    const bad = await stack.http.get("/api/v1/healthz", { headers: { "x-request-id": "<script>" } });
    assert.match(bad.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
  });

  it("does not expose moleculer-web's own actions or internal ones", async () => {
    for (const path of ["/api/v1/list-aliases", "/api/v1/api/listAliases", "/api/v1/$node/list", "/api/v1/~node/actions"]) {
      const res = await stack.http.get(path);
      assert.equal(res.status, 404, path);
    }
  });

  it("serves no stack trace for a not-allowed method", async () => {
    const res = await stack.http.request("PUT", "/api/v1/healthz", { body: {} });
    assert.equal(res.status, 404);
    assert.ok(!res.text.includes("at "), res.text);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once a client exceeds the per-minute limit", async () => {
    const stack = await startStack({ services: ["api"], env: { RATE_LIMIT_PER_MINUTE: "3" }, checkResponses: false });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await stack.http.get("/api/v1/healthz")).status, 200);
      const res = await stack.http.get("/api/v1/healthz");
      assert.equal(res.status, 429);
      assert.equal(res.headers.get("x-error-code"), "rate_limited");
      const retry = Number(res.headers.get("retry-after"));
      assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    } finally {
      await stack.stop();
    }
  });

  it("is shared by gateway replicas through Redis", async () => {
    const ns = `rl-${randomBytes(4).toString("hex")}`;
    const env = { RATE_LIMIT_PER_MINUTE: "4", REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", NAMESPACE: ns };
    const a = await startStack({ services: ["api"], env, checkResponses: false });
    const b = await startStack({ services: ["api"], env, checkResponses: false });
    try {
      // stay inside one fixed window: if the minute is about to roll over, wait for it first
      const msLeft = 60_000 - (Date.now() % 60_000);
      if (msLeft < 3_000) await new Promise((r) => setTimeout(r, msLeft + 50));
      const statuses: number[] = [];
      for (const s of [a, b, a, b, a, b]) statuses.push((await s.http.get("/api/v1/healthz")).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
