import { strict as assert } from "node:assert";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { checkEndpoint } from "../../shared/endpoint-guard.ts";
import { pinnedRequest } from "../../shared/pinned-http.ts";

/**
 * A webhook is POSTed, and the PowerDNS API called, at the address the URL guard checked, not at
 * whatever the host resolves to when the connection is made (DNS rebinding): the connection is
 * pinned, the Host header stays.
 */
describe("a pinned request to a tenant-supplied URL (webhooks, the PowerDNS API)", () => {
  let server: Server;
  let port: number;
  const received: { headers: IncomingHttpHeaders; body: string; url: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body, url: req.url ?? "" });
        if (req.url === "/slow") return; // never answers
        if (req.url === "/json") res.writeHead(200, { "content-type": "application/json" }).end('{"zones":[]}');
        else if (req.url === "/moved") res.writeHead(302, { location: "/elsewhere" }).end();
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("connects to the checked address even for a host that resolves nowhere, keeping the Host header and the body", async () => {
    const res = await pinnedRequest(`http://hooks.invalid:${port}/in`, {
      method: "POST",
      headers: { "webhook-id": "e1", "content-type": "application/json" },
      body: '{"a":1}',
      timeoutMs: 2_000,
      pinned: { address: "127.0.0.1", family: 4 },
    });
    assert.equal(res.status, 204);
    const got = received.at(-1)!;
    assert.equal(got.headers.host, `hooks.invalid:${port}`);
    assert.equal(got.headers["webhook-id"], "e1");
    assert.equal(got.body, '{"a":1}');
    // without the pinned address the host is resolved, and does not resolve
    await assert.rejects(pinnedRequest(`http://hooks.invalid:${port}/in`, { method: "POST", headers: {}, body: "{}", timeoutMs: 2_000 }), /ENOTFOUND|EAI_AGAIN/);
  });

  it("does not follow a redirect, and gives up after the timeout", async () => {
    assert.equal((await pinnedRequest(`http://127.0.0.1:${port}/moved`, { method: "POST", headers: {}, body: "{}", timeoutMs: 2_000 })).status, 302);
    assert.ok(!received.some((r) => r.url === "/elsewhere"));
    const started = Date.now();
    await assert.rejects(pinnedRequest(`http://127.0.0.1:${port}/slow`, { method: "POST", headers: {}, body: "{}", timeoutMs: 300 }), (err: Error) => err.name === "TimeoutError");
    assert.ok(Date.now() - started < 2_000);
  });

  it("keeps the answer's body only when asked", async () => {
    const url = `http://127.0.0.1:${port}/json`;
    assert.equal((await pinnedRequest(url, { method: "GET", headers: {}, timeoutMs: 2_000, readBody: true })).text, '{"zones":[]}');
    const dropped = await pinnedRequest(url, { method: "GET", headers: {}, timeoutMs: 2_000 });
    assert.deepEqual([dropped.status, dropped.text], [200, ""]);
  });

  it("reads at most a small prefix of a body it does not keep (a receiver streaming a huge answer), and cuts a kept one at 1 MiB", async () => {
    let written = 0;
    let finished = false;
    const flood = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (written < 500 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        finished = true;
        res.end();
      };
      pump();
    });
    await new Promise<void>((r) => flood.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(flood.address() as { port: number }).port}/`;
      const dropped = await pinnedRequest(url, { method: "POST", headers: {}, body: "{}", timeoutMs: 10_000 });
      assert.deepEqual([dropped.status, dropped.text], [200, ""]);
      const kept = await pinnedRequest(url, { method: "GET", headers: {}, timeoutMs: 10_000, readBody: true });
      assert.equal(kept.status, 200);
      assert.equal(kept.text.length, 1024 * 1024);
      assert.equal(finished, false, "neither request read the body to its end");
      assert.ok(written < 200 * 1024 * 1024, `the server wrote ${written} bytes`);
    } finally {
      flood.closeAllConnections();
      await new Promise<void>((r) => flood.close(() => r()));
    }
  });

  it("the URL guard answers the addresses it checked, or refuses loopback and private ones", async () => {
    assert.deepEqual(await checkEndpoint("https://198.51.101.10/hook", false), { addresses: [{ address: "198.51.101.10", family: 4 }] });
    for (const url of ["http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/x", "http://[::1]/x", "http://169.254.169.254/latest"]) {
      const checked = await checkEndpoint(url, false);
      assert.ok("refusal" in checked && !checked.refusal.retryable, url);
    }
  });
});
