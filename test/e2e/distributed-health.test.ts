import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { freePort, startFerretDb, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * Readiness follows the database: a process whose database stops answering reports 503 on
 * /readyz (so Kubernetes takes it out of the Service) while /livez stays 200 (so it is not
 * restarted for someone else's outage), and it is ready again once the database is back.
 */
describe("e2e: /readyz follows the database, /livez does not", () => {
  const dir = mkdtempSync(join(tmpdir(), "health-ferret-"));
  let dbPort: number;
  let dbPid: number;
  let node: NodeProcess;
  let quiet: NodeProcess;
  let health: number;
  let quietHealth: number;

  const get = async (port: number, path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
  };

  beforeAll(async () => {
    dbPort = await freePort();
    dbPid = await startFerretDb(dir, dbPort);
    health = await freePort();
    quietHealth = await freePort();
    const env = {
      ...distributedEnv(`health-${randomBytes(4).toString("hex")}`),
      MONGO_URL: `mongodb://127.0.0.1:${dbPort}/`,
      SERVICES: "orgs",
    };
    node = startNode("orgs", { ...env, HEALTH_PORT: String(health) });
    quiet = startNode("orgs-no-metrics", { ...env, HEALTH_PORT: String(quietHealth), METRICS_ENABLED: "false" });
    for (const port of [health, quietHealth]) {
      await waitUntil("ready", async () => ((await get(port, "/readyz")).status === 200 ? true : undefined), 60_000);
    }
  });

  afterAll(async () => {
    await Promise.all([node?.stop(), quiet?.stop()]);
    try {
      process.kill(dbPid, "SIGKILL");
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("ready with the database up; /readyz lists it", async () => {
    const res = await get(health, "/readyz");
    assert.equal(res.status, 200);
    assert.match(res.type, /^application\/json/);
    assert.deepEqual(JSON.parse(res.text), { status: "ready", broker: true, draining: false, transporter: true, databases: [{ service: "orgs", ok: true }] });
  });

  it("METRICS_ENABLED=false: /metrics answers 404, health still works", async () => {
    assert.equal((await get(quietHealth, "/metrics")).status, 404);
    assert.equal((await get(quietHealth, "/livez")).status, 200);
    assert.equal((await get(health, "/metrics")).status, 200);
    assert.equal((await get(health, "/nope")).status, 404);
  });

  it("database gone: not ready (503, database not ok), still live; back: ready again", async () => {
    process.kill(dbPid, "SIGKILL");
    const down = await waitUntil("readiness to drop", async () => {
      const r = await get(health, "/readyz");
      return r.status === 503 ? r : undefined;
    });
    assert.deepEqual(JSON.parse(down.text), { status: "not ready", broker: true, draining: false, transporter: true, databases: [{ service: "orgs", ok: false }] });
    assert.equal((await get(health, "/livez")).status, 200);

    dbPid = await startFerretDb(dir, dbPort);
    await waitUntil("readiness to return", async () => ((await get(health, "/readyz")).status === 200 ? true : undefined), 60_000);
  });
});
