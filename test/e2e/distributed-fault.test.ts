import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { HttpClient } from "../helpers/http.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * Two replicas of the orgs service behind one gateway on the real NATS; one replica is killed
 * with SIGKILL (a crashed pod: no goodbye on the bus) in the middle of a bounded mix of reads and
 * writes. Reads are idempotent (GET routes) and are retried on the live replica, so every one
 * succeeds; writes are not retried, so some may fail with a 5xx (never a hang), and every write
 * that was acknowledged is readable afterwards. Then a graceful stop (SIGTERM, as in a rolling
 * update) of a replica under the same kind of load: the node leaves the registry first and drains
 * what it has in flight, so not one request fails.
 */
describe("e2e fault: orgs replicas die (SIGKILL) or stop (SIGTERM) under load", () => {
  const namespace = `fault-${randomBytes(4).toString("hex")}`;
  const common: Record<string, string> = {
    ...distributedEnv(namespace),
    // a call to the dead replica times out after 2 s and is retried; keeps the test short
    REQUEST_TIMEOUT_MS: "2000",
  };
  const TOTAL_OPS = 200;
  const KILL_AFTER = 50;
  const CONCURRENCY = 6;

  const nodes: NodeProcess[] = [];
  let gateway: NodeProcess;
  let orgsA: NodeProcess;
  let orgsB: NodeProcess;
  const healthOf = new Map<NodeProcess, number>();
  let user: HttpClient;

  const metrics = async (node: NodeProcess) => (await fetch(`http://127.0.0.1:${healthOf.get(node)}/metrics`)).text();
  /** The value of one sample of a counter in a node's /metrics (0 when absent). */
  const counter = (text: string, name: string, labelPart: string) =>
    text
      .split("\n")
      .filter((l) => l.startsWith(`${name}{`) && l.includes(labelPart))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);

  const start = async (name: string, env: Record<string, string>) => {
    const health = await freePort();
    const node = startNode(name, { ...common, ...env, HEALTH_PORT: String(health) });
    healthOf.set(node, health);
    nodes.push(node);
    await waitUntil(`${name} ready`, async () => ((await fetch(`http://127.0.0.1:${health}/readyz`)).status === 200 ? true : undefined), 60_000);
    return node;
  };

  beforeAll(async () => {
    const port = await freePort();
    [gateway] = await Promise.all([
      start("gateway", { SERVICES: "api", PORT: String(port) }),
      start("auth", { SERVICES: "auth" }),
      (async () => (orgsA = await start("orgs-a", { SERVICES: "orgs" })))(),
      (async () => (orgsB = await start("orgs-b", { SERVICES: "orgs" })))(),
    ]);
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", `fault-${namespace}@example.com`], common);
    assert.equal(out.code, 0, out.stderr);
    user = new HttpClient(`http://127.0.0.1:${port}`).with({ authorization: `Bearer ${(JSON.parse(out.stdout) as { access_token: string }).access_token}` });
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it("idempotent reads keep succeeding and every acknowledged write is readable afterwards", async () => {
    const acknowledged = new Map<string, string>(); // id → name
    for (let i = 0; i < 4; i++) {
      const res = await user.post("/api/v1/orgs", { name: `seed-${i}` });
      assert.equal(res.status, 201, res.text);
      acknowledged.set(res.json.id, `seed-${i}`);
    }
    const ids = () => [...acknowledged.keys()];
    // both replicas serve reads before the fault (round robin over the two endpoints)
    await waitUntil("both replicas to have served orgs.get", async () => {
      await Promise.all(ids().map((id) => user.get(`/api/v1/orgs/${id}`)));
      const served = await Promise.all([orgsA, orgsB].map(async (n) => counter(await metrics(n), "moleculer_request_total", 'action="orgs.get"')));
      return served.every((n) => n > 0) ? served : undefined;
    });

    const reads: { status: number; ok: boolean }[] = [];
    const writes: { status: number }[] = [];
    let issued = 0;
    let killed: Promise<void> | undefined;
    let slowest = 0;
    const worker = async () => {
      while (issued < TOTAL_OPS) {
        const op = issued++;
        if (op === KILL_AFTER) killed = orgsB.kill();
        const t0 = performance.now();
        if (op % 4 === 0) {
          const name = `w-${op}`;
          const res = await user.post("/api/v1/orgs", { name });
          writes.push({ status: res.status });
          if (res.status === 201) acknowledged.set(res.json.id, name);
        } else {
          const all = ids();
          const id = all[op % all.length]!;
          const res = await user.get(`/api/v1/orgs/${id}`);
          reads.push({ status: res.status, ok: res.status === 200 && res.json?.id === id && res.json?.name === acknowledged.get(id) });
        }
        slowest = Math.max(slowest, performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    assert.equal(orgsB.child.signalCode, "SIGKILL");
    // the dead replica is noticed by the first call waiting on it (its NATS subscription is gone), not
    // after the request timeout (2 s here) or the heartbeat timeout: no request waited long
    assert.ok(slowest < 1_500, `the slowest request took ${Math.round(slowest)} ms`);

    assert.equal(reads.length, TOTAL_OPS - TOTAL_OPS / 4);
    const failedReads = reads.filter((r) => !r.ok);
    assert.deepEqual(failedReads, [], "every read answered 200 with the organization");
    const writeStatuses = new Set(writes.map((w) => w.status));
    // a write that reached the dead replica fails with a 5xx (README "Resilience"), never a false 201
    for (const s of writeStatuses) assert.ok(s === 201 || s >= 500, `a write answered ${s}`);

    // the fault was really exercised: reads that reached the dead replica were retried
    const gw = await metrics(gateway);
    assert.ok(counter(gw, "moleculer_request_retry_attempts_total", 'action="orgs.get"') > 0, "the gateway retried orgs.get");
    assert.equal(counter(gw, "moleculer_request_retry_attempts_total", 'action="orgs.create"'), 0, "writes are never retried");

    // every acknowledged write is readable, one by one and in the caller's list
    for (const [id, name] of acknowledged) {
      const res = await user.get(`/api/v1/orgs/${id}`);
      assert.equal(res.status, 200, `${id}: ${res.text}`);
      assert.equal(res.json.name, name);
    }
    const list = await user.get("/api/v1/orgs");
    assert.equal(list.status, 200);
    const listed = new Set((list.json as { id: string }[]).map((o) => o.id));
    for (const id of acknowledged.keys()) assert.ok(listed.has(id), `${id} is listed`);
    assert.ok(acknowledged.size > 4 + TOTAL_OPS / 4 / 2, `most writes were acknowledged (${acknowledged.size - 4} of ${TOTAL_OPS / 4})`);
  });

  it("a graceful stop (SIGTERM, a rolling update) of one replica under load loses no request, read or write", async () => {
    const orgsC = await start("orgs-c", { SERVICES: "orgs" });
    const seed = await user.post("/api/v1/orgs", { name: "rolling-seed" });
    assert.equal(seed.status, 201, seed.text);
    const known = new Map<string, string>([[seed.json.id, "rolling-seed"]]);
    await waitUntil("both replicas to serve orgs.get", async () => {
      await Promise.all(Array.from({ length: 6 }, () => user.get(`/api/v1/orgs/${seed.json.id}`)));
      const c = counter(await metrics(orgsC), "moleculer_request_total", 'action="orgs.get"');
      return c > 0 ? c : undefined;
    });

    const results: { op: string; status: number }[] = [];
    let issued = 0;
    let stopped: Promise<number | null> | undefined;
    const worker = async () => {
      while (issued < 120) {
        const op = issued++;
        if (op === 30) stopped = orgsA.stop();
        if (op % 3 === 0) {
          const res = await user.post("/api/v1/orgs", { name: `r-${op}` });
          results.push({ op: "write", status: res.status });
          if (res.status === 201) known.set(res.json.id, `r-${op}`);
        } else {
          const ids = [...known.keys()];
          const res = await user.get(`/api/v1/orgs/${ids[op % ids.length]!}`);
          results.push({ op: "read", status: res.status });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    assert.equal(await stopped, 0, "the stopped replica exits cleanly");
    assert.deepEqual(
      results.filter((r) => r.status !== 200 && r.status !== 201),
      [],
      "no request failed",
    );
    for (const [id, name] of known) assert.equal((await user.get(`/api/v1/orgs/${id}`)).json.name, name);
  });
});
