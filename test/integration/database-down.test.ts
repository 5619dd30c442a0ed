import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { freePort, startFerretDb, waitUntil } from "../helpers/processes.ts";
import { SERVER_SELECTION_MS } from "../../shared/db.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The database of the services goes away under a running system: requests answer 503 with
 * Retry-After within about a second (never a 500, never a hang), the gateway's own /healthz stays
 * 200, and once the database is back requests succeed again without a restart.
 */
describe("the database killed under a running system", () => {
  const dir = mkdtempSync(join(tmpdir(), "db-down-ferret-"));
  let port: number;
  let pid: number;
  let stack: Stack;
  let alice: SignedIn;
  let org: Record<string, string>;

  beforeAll(async () => {
    port = await freePort();
    pid = await startFerretDb(dir, port);
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"], env: { MONGO_URL: `mongodb://127.0.0.1:${port}/` } });
    alice = await signIn(stack.broker);
    const created = await stack.http.post("/api/v1/orgs", { name: "Outage Org", domain: "outage.example.com" }, { headers: alice.bearer });
    assert.equal(created.status, 201, created.text);
    org = orgHeaders(alice, (created.json as { id: string }).id);
    assert.equal((await stack.http.post("/api/v1/labels", { key: "env", value: "prod" }, { headers: org })).status, 201);
  });
  afterAll(async () => {
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After within about a second, /healthz stays 200, and recovers by itself", async () => {
    process.kill(pid, "SIGKILL");
    await waitUntil("the database to be gone", async () =>
      (await fetch(`http://127.0.0.1:${port}`).then(
        () => true,
        () => false,
      ))
        ? undefined
        : true,
    );
    try {
      for (let i = 0; i < 4; i++) {
        const t0 = Date.now();
        // reads and writes alike
        const res =
          i % 2 === 0 ? await stack.http.get("/api/v1/labels", { headers: org }) : await stack.http.post("/api/v1/labels", { key: `k${i}`, value: "v" }, { headers: org });
        const took = Date.now() - t0;
        assert.equal(res.status, 503, res.text);
        assert.equal(res.text, "service unavailable: inventory"); // the labels routes answer errors as plain text, naming the service
        assert.equal(res.headers.get("x-error-code"), "service_unavailable");
        assert.equal(res.headers.get("retry-after"), "2");
        // the driver gives up after SERVER_SELECTION_MS (not its 30 s default); the rest is headroom for a loaded CI machine
        assert.ok(took < SERVER_SELECTION_MS + 1_500, `answered after ${took} ms`);
      }
      assert.equal((await stack.http.get("/api/v1/healthz")).status, 200);
    } finally {
      // restarted whatever the assertions said: the next test starts with a database
      pid = await startFerretDb(dir, port);
    }
    const back = await waitUntil(
      "requests to succeed again",
      async () => {
        const res = await stack.http.get("/api/v1/labels", { headers: org });
        return res.status === 200 ? res : undefined;
      },
      30_000,
    );
    assert.deepEqual(
      (back.json as { key: string }[]).map((l) => l.key),
      ["env"],
      "nothing was written while the database was down",
    );
  });

  it("a database that stops answering without closing its connections (frozen, a cut network) answers 503 within a few seconds, not at the request timeout", async () => {
    await waitUntil("the database to answer", async () => ((await stack.http.get("/api/v1/labels", { headers: org })).status === 200 ? true : undefined), 30_000);
    const logsBefore = stack.logs.length;
    process.kill(pid, "SIGSTOP");
    const statuses: number[] = [];
    try {
      const t0 = Date.now();
      const res = await stack.http.get("/api/v1/labels", { headers: org });
      const took = Date.now() - t0;
      assert.equal(res.status, 503, res.text);
      assert.equal(res.text, "service unavailable: inventory");
      assert.ok(took < 5_000, `answered after ${took} ms`);
      statuses.push(res.status);
      // reads and writes alike, while the pool is being cleared and reconnected (PoolClearedOnNetworkError and its kin)
      for (let i = 0; i < 6; i++) {
        const r =
          i % 2 === 0 ? await stack.http.get("/api/v1/labels", { headers: org }) : await stack.http.post("/api/v1/labels", { key: `frozen${i}`, value: "v" }, { headers: org });
        statuses.push(r.status);
        assert.equal(r.text, "service unavailable: inventory");
      }
    } finally {
      process.kill(pid, "SIGCONT");
    }
    await waitUntil("requests to succeed again", async () => ((await stack.http.get("/api/v1/labels", { headers: org })).status === 200 ? true : undefined), 30_000);
    assert.deepEqual(statuses, [503, 503, 503, 503, 503, 503, 503], "a frozen database is an outage (503), never a 500");
    // one line per 503 at the gateway, without a stack trace, and nothing at error level
    const lines = stack.logs.slice(logsBefore);
    const answered = lines.filter((l) => l.includes("request answered 503"));
    assert.equal(answered.length, statuses.length, lines.join("\n"));
    assert.equal(lines.filter((l) => /\n\s+at |\bat .*\.(ts|js):\d+/.test(l)).length, 0, `no stack traces:\n${lines.join("\n")}`);
    assert.equal(lines.filter((l) => /\bERROR\b|"level":"error"/.test(l)).length, 0, lines.join("\n"));
  });
});
