import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ClusterClient } from "../../clients/typescript/src/index.ts";
import { HttpClient } from "../helpers/http.ts";
import { startNatsServer, type NatsServer } from "../helpers/nats-server.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * Writes under faults with the typed client's retries (an Idempotency-Key on every POST, kept by
 * its retries): two gateways, two inventory replicas, on a NATS of the test's own. One replica is
 * killed (SIGKILL) and later the bus is restarted in the middle of a bounded stream of creates:
 * every create ends acknowledged and each exists exactly once (0 duplicates, 0 lost). And a key
 * used through one gateway is replayed through the other.
 */
describe("e2e fault: client retries with idempotency keys make no duplicates", () => {
  let nats: NatsServer;
  const nodes = new Map<string, NodeProcess>();
  const health = new Map<string, number>();
  const gatewayPorts: number[] = [];
  let token: string;
  let orgId: string;

  const ready = async (name: string) => (await fetch(`http://127.0.0.1:${health.get(name)}/readyz`).catch(() => undefined))?.status;
  const client = (port: number) => new ClusterClient({ baseUrl: `http://127.0.0.1:${port}`, auth: { type: "bearer", accessToken: token }, orgId, retries: 8, timeoutMs: 15_000 });

  beforeAll(async () => {
    nats = await startNatsServer();
    const namespace = `idem-${randomBytes(4).toString("hex")}`;
    // a call to the killed replica fails over within ~2 s; a first attempt left `running` by it is taken over after 7 s
    const common = { ...distributedEnv(namespace), TRANSPORTER: nats.url, REQUEST_TIMEOUT_MS: "2000" };
    const start = async (name: string, env: Record<string, string>) => {
      const port = await freePort();
      health.set(name, port);
      nodes.set(name, startNode(name, { ...common, ...env, HEALTH_PORT: String(port) }));
      await waitUntil(`${name} ready`, async () => ((await ready(name)) === 200 ? true : undefined), 240_000);
    };
    gatewayPorts.push(await freePort(), await freePort());
    await Promise.all([
      start("gateway-1", { SERVICES: "api", PORT: String(gatewayPorts[0]) }),
      start("gateway-2", { SERVICES: "api", PORT: String(gatewayPorts[1]) }),
      start("backend", { SERVICES: "auth,orgs" }),
      start("inventory-a", { SERVICES: "inventory" }),
      start("inventory-b", { SERVICES: "inventory" }),
    ]);
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", `idem-${namespace}@example.com`], common);
    assert.equal(out.code, 0, out.stderr);
    token = (JSON.parse(out.stdout) as { access_token: string }).access_token;
    const created = await new HttpClient(`http://127.0.0.1:${gatewayPorts[0]}`).post("/api/v1/orgs", { name: "Idem Org" }, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(created.status, 201, created.text);
    orgId = (created.json as { id: string }).id;
  });

  afterAll(async () => {
    await Promise.all([...nodes.values()].map((n) => n.stop()));
    await nats?.stop();
  });

  it("a key used through one gateway is replayed through the other, with the first answer", async () => {
    const key = `cross-${randomBytes(4).toString("hex")}`;
    const [one, two] = gatewayPorts.map((p) => new HttpClient(`http://127.0.0.1:${p}`).with({ authorization: `Bearer ${token}`, "x-org-id": orgId, "idempotency-key": key }));
    const first = await one!.post("/api/v1/labels", { key: "cross", value: "1" });
    assert.equal(first.status, 201, first.text);
    const again = await two!.post("/api/v1/labels", { key: "cross", value: "1" });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(again.json, first.json);
    assert.equal(again.headers.get("location"), first.headers.get("location"));
  });

  it("0 duplicates and 0 lost after a replica SIGKILL and a NATS restart under load", async () => {
    const TOTAL = 120;
    const clients = gatewayPorts.map(client);
    const outcomes: { i: number; status: number; ms: number }[] = [];
    let issued = 0;
    const worker = async (w: number) => {
      while (issued < TOTAL) {
        const i = issued++;
        const t0 = Date.now();
        const res = await clients[w % 2]!.api.POST("/api/v1/labels", { body: { key: "load", value: `v${i}` } }).catch(() => undefined);
        outcomes.push({ i, status: res?.response.status ?? 0, ms: Date.now() - t0 });
      }
    };
    const faults = (async () => {
      await waitUntil("a quarter of the creates", async () => (outcomes.length >= TOTAL / 4 ? true : undefined), 60_000);
      await nodes.get("inventory-a")!.kill();
      await waitUntil("half of the creates", async () => (outcomes.length >= TOTAL / 2 ? true : undefined), 120_000);
      await nats.stop();
      await nats.restart();
    })();
    await Promise.all([0, 1, 2, 3].map(worker));
    await faults;
    const failed = outcomes.filter((o) => o.status !== 201);
    const reader = new HttpClient(`http://127.0.0.1:${gatewayPorts[0]}`).with({ authorization: `Bearer ${token}`, "x-org-id": orgId });
    const stored = await waitUntil("the labels to be readable", async () => {
      const res = await reader.get("/api/v1/labels?limit=500");
      return res.status === 200 ? (res.json as { key: string; value: string }[]).filter((l) => l.key === "load") : undefined;
    });
    const counts = new Map<string, number>();
    for (const l of stored) counts.set(l.value, (counts.get(l.value) ?? 0) + 1);
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    console.log(`idempotent retries: ${TOTAL} creates, ${failed.length} not acknowledged, ${stored.length} stored, ${duplicates} duplicated, slowest ${slowest} ms`);
    assert.deepEqual(failed, [], "every create is acknowledged in the end (retried with its key)");
    assert.equal(duplicates, 0, "no create was made twice");
    assert.equal(stored.length, TOTAL, "every acknowledged create is stored once");
  });
});
