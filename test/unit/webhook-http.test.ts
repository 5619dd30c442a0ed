import { strict as assert } from "node:assert";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { checkEndpoint } from "../../shared/endpoint-guard.ts";
import { postPinned } from "../../services/events/webhook-http.ts";

/**
 * A webhook is POSTed to the address the URL guard checked, not to whatever the host resolves to
 * when the connection is made (DNS rebinding): the connection is pinned, the Host header stays.
 */
describe("webhook delivery: a pinned POST", () => {
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
        if (req.url === "/moved") res.writeHead(302, { location: "/elsewhere" }).end();
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
    const res = await postPinned(`http://hooks.invalid:${port}/in`, { "webhook-id": "e1", "content-type": "application/json" }, '{"a":1}', 2_000, {
      address: "127.0.0.1",
      family: 4,
    });
    assert.equal(res.status, 204);
    const got = received.at(-1)!;
    assert.equal(got.headers.host, `hooks.invalid:${port}`);
    assert.equal(got.headers["webhook-id"], "e1");
    assert.equal(got.body, '{"a":1}');
    // without the pinned address the host is resolved, and does not resolve
    await assert.rejects(postPinned(`http://hooks.invalid:${port}/in`, {}, "{}", 2_000), /ENOTFOUND|EAI_AGAIN/);
  });

  it("does not follow a redirect, and gives up after the timeout", async () => {
    assert.equal((await postPinned(`http://127.0.0.1:${port}/moved`, {}, "{}", 2_000)).status, 302);
    assert.ok(!received.some((r) => r.url === "/elsewhere"));
    const started = Date.now();
    await assert.rejects(postPinned(`http://127.0.0.1:${port}/slow`, {}, "{}", 300), (err: Error) => err.name === "TimeoutError");
    assert.ok(Date.now() - started < 2_000);
  });

  it("the URL guard answers the addresses it checked, or refuses loopback and private ones", async () => {
    assert.deepEqual(await checkEndpoint("https://192.0.2.10/hook", false), { addresses: [{ address: "192.0.2.10", family: 4 }] });
    for (const url of ["http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/x", "http://[::1]/x", "http://169.254.169.254/latest"]) {
      const checked = await checkEndpoint(url, false);
      assert.ok("refusal" in checked && !checked.refusal.retryable, url);
    }
  });
});
