import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { randomBytes } from "node:crypto";
import { createLocalJWKSet, jwtVerify } from "jose";
import { HttpClient } from "../helpers/http.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

describe("e2e: gateway and auth in separate processes over NATS", () => {
  const namespace = `e2e-${randomBytes(4).toString("hex")}`;
  const common = distributedEnv(namespace);
  let gateway: NodeProcess;
  let auth: NodeProcess;
  let http: HttpClient;

  beforeAll(async () => {
    const port = await freePort();
    gateway = startNode("gateway", { ...common, SERVICES: "api", PORT: String(port) });
    auth = startNode("auth", { ...common, SERVICES: "auth" });
    http = new HttpClient(`http://127.0.0.1:${port}`);
    // ready when the gateway answers a route served by the other process
    await waitUntil("JWKS through the gateway", async () => {
      const res = await http.get("/api/v1/.well-known/jwks.json");
      return res.status === 200 ? res : undefined;
    });
  });

  afterAll(async () => {
    const codes = await Promise.all([gateway.stop(), auth.stop()]);
    assert.deepEqual(codes, [0, 0], "both processes exit cleanly on SIGTERM");
  });

  it("the gateway process answers from the auth process (JWKS at /api/v1 and at the root)", async () => {
    const res = await http.get("/api/v1/.well-known/jwks.json");
    assert.equal(res.status, 200);
    const jwks = res.json as { keys: { kty: string; alg: string; use: string; kid: string; crv?: string; x?: string }[] };
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0]!.kty, "OKP");
    assert.equal(jwks.keys[0]!.crv, "Ed25519");
    const root = await http.get("/.well-known/jwks.json");
    assert.deepEqual(root.json, jwks);
  });

  it("`npm run token` over the bus issues a token the published keys verify", async () => {
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "e2e@example.com"], common);
    assert.equal(out.code, 0, out.stderr);
    const pair = JSON.parse(out.stdout) as { access_token: string; token_type: string; expires_in: number };
    assert.equal(pair.token_type, "Bearer");
    assert.equal(pair.expires_in, 3600);
    const jwks = (await http.get("/api/v1/.well-known/jwks.json")).json;
    const { payload, protectedHeader } = await jwtVerify(pair.access_token, createLocalJWKSet(jwks), {
      issuer: "cluster-infra-api",
      audience: "cluster-infra-api",
    });
    assert.equal(protectedHeader.alg, "EdDSA");
    assert.equal(payload.email, "e2e@example.com");
  });

  it("a service that is not running answers 503, not a hang or a 500", async () => {
    await auth.stop();
    const res = await waitUntil("gateway to notice auth left", async () => {
      const r = await http.get("/api/v1/.well-known/jwks.json");
      return r.status !== 200 ? r : undefined;
    });
    assert.equal(res.status, 503);
    assert.equal(res.headers.get("x-error-code"), "service_unavailable");
  });
});
