import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { residentMegabytes } from "../../bench/proc.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess } from "../helpers/processes.ts";

const RECLAIMED = /memory reclaimed after \d+ ms idle: resident (\d+) -> (\d+) MB/;

interface Reclaim {
  before: number;
  after: number;
  at: number;
}

/**
 * An embedded process gives its memory back once it is idle: after start-up, and after a burst of
 * load (which grows V8's heap by well over a hundred MB), within a few seconds rather than V8's
 * 20–60 s; never while it is busy.
 */
describe("e2e: memory given back when idle", () => {
  let node: NodeProcess;
  let base: string;
  let headers: Record<string, string>;
  const reclaims = (): Reclaim[] =>
    node.output.flatMap((line) => {
      const m = RECLAIMED.exec(line);
      if (!m) return [];
      const { ts } = JSON.parse(line) as { ts: string };
      return [{ before: Number(m[1]), after: Number(m[2]), at: Date.parse(ts) }];
    });

  beforeAll(async () => {
    const port = await freePort();
    const env = {
      MONGO_URL: process.env.MONGO_URL ?? "",
      DB_PREFIX: `reclaim${randomBytes(3).toString("hex")}_`,
      MASTER_KEY: randomBytes(32).toString("base64"),
      PORT: String(port),
      HEALTH_PORT: "0",
      MEMORY_RECLAIM_IDLE_MS: "1500",
    };
    node = startNode("all", env);
    base = `http://127.0.0.1:${port}/api/v1`;
    await waitUntil("the server", () => fetch(`${base}/healthz`).then((r) => (r.ok ? true : undefined)), 60_000);
    const token = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "reclaim@example.com"], env);
    const bearer = { authorization: `Bearer ${(JSON.parse(token.stdout) as { access_token: string }).access_token}`, "content-type": "application/json" };
    const post = async (path: string, h: Record<string, string>, body: unknown) => {
      const res = await fetch(base + path, { method: "POST", headers: h, body: JSON.stringify(body) });
      assert.ok(res.ok, `${path}: ${res.status}`);
      return (await res.json()) as { id: string; plain: string };
    };
    const org = (await post("/orgs", bearer, { name: "reclaim" })).id;
    headers = { "x-api-key": (await post("/me/api-keys", bearer, { name: "reclaim" })).plain, "x-org-id": org, "content-type": "application/json" };
    for (let i = 0; i < 50; i++) await post("/labels", headers, { key: `k${i}`, value: "v" });
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
  });

  it("after start-up: one collection once quiet, and the process is smaller for it", async () => {
    const first = await waitUntil("a reclaim after start-up", async () => reclaims()[0], 20_000);
    assert.ok(first.after < first.before, `${first.before} -> ${first.after} MB`);
    assert.ok(residentMegabytes(node.child.pid!) < first.before, "resident memory stays below what it was before the collection");
  }, 30_000);

  it("after a burst of load: none while busy, then the growth given back within seconds", async () => {
    await waitUntil("a quiet process", async () => (reclaims().length > 0 ? true : undefined), 20_000);
    const before = residentMegabytes(node.child.pid!);
    const count = reclaims().length;
    const started = Date.now();
    // bursts of lists until the heap has grown (a loaded CI machine serves fewer per second)
    let peak = before;
    for (let burst = 0; burst < 8 && peak - before < 40; burst++) {
      const result = await autocannon({ url: `${base}/labels`, headers, connections: 30, duration: 2 });
      assert.equal(result.non2xx, 0);
      peak = residentMegabytes(node.child.pid!);
    }
    const ended = Date.now();
    assert.ok(peak - before >= 40, `the load grew the process by ${(peak - before).toFixed(0)} MB only (${before.toFixed(0)} -> ${peak.toFixed(0)})`);
    assert.ok(
      reclaims()
        .slice(count)
        .every((r) => r.at < started || r.at > ended),
      "no collection while the process was busy",
    );
    const after = await waitUntil(
      "the growth given back",
      async () =>
        reclaims()
          .slice(count)
          .find((r) => r.at > ended),
      15_000,
    );
    assert.ok(after.after <= before + (peak - before) / 2, `after the load ${after.before} -> ${after.after} MB (before it ${before.toFixed(0)}, peak ${peak.toFixed(0)})`);
    assert.ok(residentMegabytes(node.child.pid!) <= before + (peak - before) / 2 + 8);
  }, 60_000);
});
