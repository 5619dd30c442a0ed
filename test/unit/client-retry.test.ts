import { strict as assert } from "node:assert";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ClusterClient, NetworkError } from "../../clients/typescript/src/index.ts";
import { freePort } from "../helpers/processes.ts";

/**
 * The typed client's retries (clients/typescript/src/retry.ts) against a real HTTP server: every
 * POST and PATCH carries an Idempotency-Key and its retries the same one; a 503 is retried after
 * its Retry-After, a bounded number of times; a 4xx is never retried.
 */
describe("typed client: retries with one Idempotency-Key", () => {
  let server: Server;
  let baseUrl: string;
  const seen: { method: string; key: string | undefined; at: number }[] = [];
  let script: number[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      req.resume();
      seen.push({ method: req.method ?? "", key: req.headers["idempotency-key"] as string | undefined, at: Date.now() });
      const status = script.shift() ?? 201;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (status === 503) Object.assign(headers, { "retry-after": "1", "x-error-code": "service_unavailable" });
      res.writeHead(status, headers);
      res.end(JSON.stringify(status < 300 ? { id: "0190d6a4-0000-7000-8000-000000000001", key: "env", value: "prod" } : { code: "x", message: "x" }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("a POST answered 503 twice is sent a third time, after each Retry-After, with the same key", async () => {
    seen.length = 0;
    script = [503, 503, 201];
    const client = new ClusterClient({ baseUrl, auth: { type: "userKey", key: "u_x" }, orgId: "0190d6a4-0000-7000-8000-000000000002" });
    const res = await client.api.POST("/api/v1/labels", { body: { key: "env", value: "prod" } });
    assert.equal(res.response.status, 201);
    assert.equal(seen.length, 3);
    const key = seen[0]!.key;
    assert.ok(key && key.length > 0 && key.length <= 255);
    assert.deepEqual(
      seen.map((s) => s.key),
      [key, key, key],
    );
    for (let i = 1; i < 3; i++) assert.ok(seen[i]!.at - seen[i - 1]!.at >= 950, `waited ${seen[i]!.at - seen[i - 1]!.at} ms, Retry-After says 1 s`);
    // another request, another key
    script = [201];
    await client.api.POST("/api/v1/labels", { body: { key: "env", value: "prod" } });
    assert.notEqual(seen[3]!.key, key);
  });

  it("bounded: a 503 that lasts is answered after `retries` more tries; a 4xx is never retried; retries: 0 sends once", async () => {
    seen.length = 0;
    script = [503, 503, 503];
    const client = new ClusterClient({ baseUrl, auth: { type: "userKey", key: "u_x" }, retries: 2 });
    const res = await client.api.PATCH("/api/v1/labels/{id}", { params: { path: { id: "0190d6a4-0000-7000-8000-000000000001" } }, body: { value: "x" } });
    assert.equal(res.response.status, 503);
    assert.equal(seen.length, 3);
    seen.length = 0;
    script = [409];
    assert.equal((await client.api.POST("/api/v1/labels", { body: { key: "env", value: "prod" } })).response.status, 409);
    assert.equal(seen.length, 1);
    seen.length = 0;
    script = [503];
    const once = new ClusterClient({ baseUrl, auth: { type: "userKey", key: "u_x" }, retries: 0 });
    assert.equal((await once.api.POST("/api/v1/labels", { body: { key: "env", value: "prod" } })).response.status, 503);
    assert.equal(seen.length, 1);
    assert.ok(seen[0]!.key, "a key is sent even without retries");
  });

  it("a connection refused is retried, then reported as NetworkError", async () => {
    const port = await freePort();
    const client = new ClusterClient({ baseUrl: `http://127.0.0.1:${port}`, auth: { type: "userKey", key: "u_x" }, retries: 1 });
    const t0 = Date.now();
    await assert.rejects(client.api.POST("/api/v1/labels", { body: { key: "env", value: "prod" } }), NetworkError);
    assert.ok(Date.now() - t0 >= 450, "waited before the retry");
  });
});
