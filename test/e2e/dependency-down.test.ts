import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { HttpClient } from "../helpers/http.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * The inventory service's only process dies like a crashed pod (SIGKILL, no goodbye on the bus)
 * while the gateway, clusters and the rest keep running in other processes. Heartbeats are made
 * far too slow to notice it during the test: a request waiting on the process when it dies, and
 * the first request after, ask NATS whether anybody still listens for the node and, told nobody
 * does, answer 503 naming inventory within a second, with Retry-After; so do
 * the requests after it, and writes; a clusters
 * route that needs inventory answers the same 503 (naming inventory, not clusters), and no
 * circuit breaker opens on the healthy clusters service: when inventory is back, the very next
 * request succeeds.
 */
describe("e2e: a dependency down (its only process killed)", () => {
  const namespace = `depdown-${randomBytes(4).toString("hex")}`;
  const common: Record<string, string> = { ...distributedEnv(namespace), HEARTBEAT_INTERVAL_S: "10", HEARTBEAT_TIMEOUT_S: "120" };
  const nodes: NodeProcess[] = [];
  let inventory: NodeProcess;
  let user: HttpClient;
  let clusterId = "";

  const start = async (name: string, env: Record<string, string>) => {
    const health = await freePort();
    const node = startNode(name, { ...common, ...env, HEALTH_PORT: String(health) });
    nodes.push(node);
    await waitUntil(`${name} ready`, async () => ((await fetch(`http://127.0.0.1:${health}/readyz`)).status === 200 ? true : undefined), 60_000);
    return node;
  };
  const timed = async (fn: () => Promise<{ status: number; text: string; headers: Headers }>) => {
    const t0 = performance.now();
    const res = await fn();
    return { ...res, ms: performance.now() - t0 };
  };

  beforeAll(async () => {
    const port = await freePort();
    await Promise.all([
      start("rest", { SERVICES: "api,auth,orgs,jobs,credentials,dns,clusters", PORT: String(port) }),
      (async () => (inventory = await start("inventory", { SERVICES: "inventory" })))(),
    ]);
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", `dep-${namespace}@example.com`], common);
    assert.equal(out.code, 0, out.stderr);
    const token = (JSON.parse(out.stdout) as { access_token: string }).access_token;
    const http = new HttpClient(`http://127.0.0.1:${port}`).with({ authorization: `Bearer ${token}` });
    const org = await http.post("/api/v1/orgs", { name: "Dependency Org" });
    assert.equal(org.status, 201, org.text);
    user = http.with({ "x-org-id": (org.json as { id: string }).id });
    const pool = await user.post("/api/v1/node-pools", { name: "pool-a", role: "worker" });
    assert.equal(pool.status, 201, pool.text);
    const cluster = await user.post("/api/v1/clusters", { name: "c1" });
    assert.equal(cluster.status, 201, cluster.text);
    clusterId = (cluster.json as { id: string }).id;
    const attached = await user.post(`/api/v1/clusters/${clusterId}/node-pools`, { node_pool_id: (pool.json as { id: string }).id });
    assert.ok(attached.status < 300, attached.text);
    assert.equal((await user.get(`/api/v1/clusters/${clusterId}`)).status, 200);
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it("a frozen process (SIGSTOP) keeps the request waiting on it; once it is killed, that request answers 503 naming inventory within a second", async () => {
    inventory.child.kill("SIGSTOP");
    let settledAt = 0;
    const inFlight = timed(() => user.get("/api/v1/node-pools")).finally(() => (settledAt = performance.now()));
    // alive but answering nothing (a stuck event loop, a long GC): its bus subscription is still
    // there, so the probe never drops it; only the request timeout or a heartbeat timeout would
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(settledAt, 0, "the request still waits on the frozen node");
    await inventory.kill();
    const killedAt = performance.now();
    const res = await inFlight;
    assert.equal(res.status, 503, res.text);
    assert.match(res.text, /service unavailable: inventory/);
    assert.equal(res.headers.get("retry-after"), "2");
    assert.ok(settledAt - killedAt < 1_000, `answered ${Math.round(settledAt - killedAt)} ms after the kill`);
  });

  it("inventory's routes answer 503 naming it within a second from the first request after its death, reads and writes", async () => {
    await inventory.kill();
    const first = await timed(() => user.get("/api/v1/node-pools"));
    assert.equal(first.status, 503, first.text);
    assert.match(first.text, /service unavailable: inventory/);
    assert.ok(first.ms < 1_000, `the first request answered in ${Math.round(first.ms)} ms`);
    for (let i = 0; i < 5; i++) {
      const res = await timed(() => (i % 2 === 0 ? user.get("/api/v1/node-pools") : user.post("/api/v1/labels", { key: `k${i}`, value: "v" })));
      assert.equal(res.status, 503, res.text);
      assert.match(res.text, /service unavailable: inventory/);
      assert.equal(res.headers.get("retry-after"), "2");
      assert.ok(res.ms < 1_000, `answered in ${Math.round(res.ms)} ms`);
    }
  });

  it("a clusters route needing inventory answers the same 503 naming inventory, and no breaker opens on clusters", async () => {
    // more failures than the breaker's minimum (20 calls, half failing) on the clusters endpoint
    for (let i = 0; i < 25; i++) {
      const res = await timed(() => user.get(`/api/v1/clusters/${clusterId}`));
      assert.equal(res.status, 503, res.text);
      assert.match(res.text, /service unavailable: inventory/);
      assert.ok(res.ms < 1_000, `answered in ${Math.round(res.ms)} ms`);
    }
    const health = await freePort();
    nodes.push(startNode("inventory-2", { ...common, SERVICES: "inventory", HEALTH_PORT: String(health) }));
    await waitUntil("inventory back on the bus", async () => ((await user.get("/api/v1/node-pools")).status === 200 ? true : undefined), 60_000);
    // the first clusters request after that succeeds: the gateway never opened a breaker on clusters
    const back = await user.get(`/api/v1/clusters/${clusterId}`);
    assert.equal(back.status, 200, back.text);
  });
});
