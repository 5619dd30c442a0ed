import { strict as assert } from "node:assert";
import { createServer, type Server } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { freePort, runCommand, SERVER_ARGS, startNode, waitUntil } from "../helpers/processes.ts";

/**
 * Start-up refusals an operator meets: each process exits 1 at once (or within its bounded
 * start-up time) with one line that says what is wrong, instead of a stack trace later or a
 * retry loop without end.
 */
describe("e2e: start-up refuses clearly and in bounded time", () => {
  const masterKey = randomBytes(32).toString("base64");
  const server = (env: Record<string, string>) => runCommand(SERVER_ARGS, { NODE_ENV: "test", LOG_LEVEL: "info", HEALTH_PORT: "0", ...env });
  let taken: Server;
  let takenPort: number;

  beforeAll(async () => {
    takenPort = await freePort();
    taken = createServer();
    await new Promise<void>((ok) => taken.listen(takenPort, "127.0.0.1", ok));
  });
  afterAll(async () => {
    await new Promise<void>((ok) => taken.close(() => ok()));
  });

  it("a MASTER_KEY that is not 32 bytes of base64 is refused by the configuration check, before anything connects", async () => {
    const t0 = Date.now();
    const res = await server({ SERVICES: "credentials", MASTER_KEY: "abc" });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /MASTER_KEY: must be base64 of exactly 32 bytes/);
    // what it guards: no wait for a database (STARTUP_TIMEOUT_MS, 60 s); loading the modules alone
    // took 15.0 s once in CI on a loaded machine (about 3 s idle)
    assert.ok(Date.now() - t0 < 30_000, `took ${Date.now() - t0} ms`);
    assert.doesNotMatch(res.stdout + res.stderr, /^\s+at /m, "no stack trace");
  });

  it("production without MASTER_KEY is refused by the configuration check, with every other problem, before anything connects, without a stack", async () => {
    const t0 = Date.now();
    // a database that would never answer: the check must not get that far
    const res = await server({ NODE_ENV: "production", SERVICES: "credentials", MASTER_KEY: "", MONGO_URL: "mongodb://127.0.0.1:9/", TLS_CERT_FILE: "/nowhere.pem" });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /MASTER_KEY is required in production for credentials/);
    assert.match(res.stderr, /TLS_CERT_FILE and TLS_KEY_FILE must be set together/);
    assert.ok(Date.now() - t0 < 15_000, `took ${Date.now() - t0} ms`);
    assert.doesNotMatch(res.stdout + res.stderr, /^\s+at /m, "no stack trace");
    assert.doesNotMatch(res.stdout + res.stderr, /connect/i, "nothing was connected to");
  });

  it("production without MONGO_URL refuses to start instead of starting an embedded FerretDB", async () => {
    const res = await server({ NODE_ENV: "production", SERVICES: "orgs,inventory", MASTER_KEY: masterKey, MONGO_URL: "", TRANSPORTER: "" });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /MONGO_URL is required in production for orgs, inventory/);
    assert.doesNotMatch(res.stdout, /embedded FerretDB/);
  });

  it("a taken HEALTH_PORT says it is the health port", async () => {
    const res = await server({ SERVICES: "api", PORT: String(await freePort()), HEALTH_PORT: String(takenPort), TRANSPORTER: "" });
    assert.equal(res.code, 1);
    assert.match(res.stderr, new RegExp(`HEALTH_PORT ${takenPort}: the health port \\(/livez, /readyz, /metrics\\) is already in use`));
  });

  it("NATS that never answers: the URL is logged, and the process exits 1 after STARTUP_TIMEOUT_MS", async () => {
    const deadBus = `nats://127.0.0.1:${await freePort()}`;
    const t0 = Date.now();
    const res = await server({ SERVICES: "orgs", TRANSPORTER: deadBus, STARTUP_TIMEOUT_MS: "3000", NAMESPACE: `dead-${randomBytes(3).toString("hex")}` });
    const took = Date.now() - t0;
    assert.equal(res.code, 1);
    const out = res.stdout + res.stderr;
    assert.match(out, new RegExp(`connecting to NATS at ${deadBus}`));
    assert.match(out, new RegExp(`start-up did not finish within 3000 ms \\(STARTUP_TIMEOUT_MS\\): NATS at ${deadBus} did not answer`));
    assert.ok(took < 20_000, `exited after ${took} ms`);
  });

  it("MongoDB that never answers: its URL is logged without the password, and the process exits 1 after STARTUP_TIMEOUT_MS with one line", async () => {
    const port = await freePort();
    const t0 = Date.now();
    const res = await server({ SERVICES: "orgs", TRANSPORTER: "", MONGO_URL: `mongodb://ops:s3cret-pw@127.0.0.1:${port}/`, STARTUP_TIMEOUT_MS: "3000" });
    const took = Date.now() - t0;
    assert.equal(res.code, 1);
    const out = res.stdout + res.stderr;
    assert.match(out, new RegExp(`connecting to MongoDB at mongodb://127\\.0\\.0\\.1:${port}/`));
    assert.match(out, new RegExp(`start-up did not finish within 3000 ms \\(STARTUP_TIMEOUT_MS\\): MongoDB at mongodb://127\\.0\\.0\\.1:${port}/ did not answer`));
    assert.ok(!out.includes("s3cret-pw"), "the password is never logged");
    assert.doesNotMatch(out, /^\s+at /m, "no stack trace");
    assert.ok(took < 20_000, `exited after ${took} ms`);
  });

  it("a gateway that starts says where the API, its docs and the operator console are, in its first lines, without listing every route", async () => {
    const port = await freePort();
    const node = startNode("gateway-only", { NODE_ENV: "test", LOG_LEVEL: "info", HEALTH_PORT: "0", SERVICES: "api", PORT: String(port), TRANSPORTER: "" });
    try {
      const line = await waitUntil("the start-up line", async () => node.output.find((l) => l.includes("services up")), 60_000);
      assert.match(line, new RegExp(`API on http://([^/ ]+):${port}/api/v1 \\(docs http://\\1:${port}/api/v1/docs, operator console http://\\1:${port}/console/\\)`));
      assert.deepEqual(
        node.output.filter((l) => /\/api\/v1\/\S* => /.test(l)),
        [],
        "route listings (`GET /api/v1/healthz => api.healthz`) are at debug level",
      );
      // Moleculer's start-up chatter (its options, every service registered and started) is at debug too
      const before = node.output.slice(
        0,
        node.output.findIndex((l) => l.includes("services up")),
      );
      assert.ok(before.length <= 2, `lines before the URLs:\n${before.join("\n")}`);
    } finally {
      await node.stop();
    }
  });
});
