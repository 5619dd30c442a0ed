import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SERVICE_NAMES, type ServiceName } from "../shared/config.ts";
import { distributedEnv, freePort, runCommand, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";
import { anonymousMegabytes, loadAverage, measureCpu, residentMegabytes } from "./proc.ts";

/**
 * Resident memory of each service in its own process (the Kubernetes layout: `SERVICES=<name>`,
 * NATS between them, one FerretDB), as `npm start` runs it: after start-up, after a load through
 * the gateway (lists, gets and creates of labels, 50 connections), after the load once idle, and idle CPU after the load.
 *   npm run bench:memory      (BENCH_SECONDS=10 per workload; NATS on 127.0.0.1:4222; MONGO_URL or a throw-away FerretDB)
 */
const ROOT = resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 30);

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  let mongoUrl = process.env.MONGO_URL;
  let ferret: { pid: number; dir: string } | undefined;
  if (!mongoUrl) {
    const dir = mkdtempSync(join(tmpdir(), "bench-memory-"));
    const port = await freePort();
    ferret = { pid: Number(execFileSync("bash", [join(ROOT, "scripts/infra.sh"), "ferretdb-start", dir, String(port)], { encoding: "utf8" }).trim()), dir };
    mongoUrl = `mongodb://127.0.0.1:${port}/`;
  }
  const env = { ...distributedEnv(`mem-${randomBytes(3).toString("hex")}`), MONGO_URL: mongoUrl, NODE_ENV: "development", LOG_LEVEL: "warn", HEALTH_PORT: "0" };
  const port = await freePort();
  const nodes = new Map<ServiceName, NodeProcess>();
  const rows: { service: string; fresh: number; loaded: number; settled: number; settledAnon: number; idle: number }[] = [];
  try {
    for (const name of SERVICE_NAMES) nodes.set(name, startNode(name, { ...env, SERVICES: name, ...(name === "api" ? { PORT: String(port) } : {}) }));
    const base = `http://127.0.0.1:${port}/api/v1`;
    const post = async (path: string, headers: Record<string, string>, body: unknown) => {
      const res = await fetch(base + path, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const token = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "memory@example.com"], env);
    const bearer = { authorization: `Bearer ${(JSON.parse(token.stdout) as { access_token: string }).access_token}` };
    const org = (await waitUntil("every service", () => post("/orgs", bearer, { name: "memory" }).catch(() => undefined), 120_000)).id as string;
    const key = { "x-api-key": (await post("/me/api-keys", bearer, { name: "memory" })).plain as string, "x-org-id": org };
    let labelId = "";
    for (let i = 0; i < 50; i++) labelId = (await post("/labels", key, { key: `k${i}`, value: "v" })).id as string;
    // after start-up and the set-up requests, settled (a process gives start-up's garbage back once idle)
    await new Promise((r) => setTimeout(r, 10_000));
    const fresh = new Map([...nodes].map(([name, n]) => [name, residentMegabytes(n.child.pid!)]));
    for (const opts of [
      { url: `${base}/labels`, headers: key },
      { url: `${base}/labels/${labelId}`, headers: key },
      { url: `${base}/labels`, method: "POST" as const, headers: { ...key, "content-type": "application/json" }, body: JSON.stringify({ key: "t", value: "v" }) },
    ]) {
      await autocannon({ ...opts, connections: 50, duration: seconds });
    }
    const loaded = new Map([...nodes].map(([name, n]) => [name, residentMegabytes(n.child.pid!)]));
    const pids = Object.fromEntries([...nodes].map(([name, n]) => [name, () => [n.child.pid!]]));
    await new Promise((r) => setTimeout(r, settleSeconds * 1000));
    const { cpu } = await measureCpu(pids, () => new Promise((r) => setTimeout(r, idleSeconds * 1000)));
    for (const [name, n] of nodes) {
      rows.push({
        service: name,
        fresh: fresh.get(name)!,
        loaded: loaded.get(name)!,
        settled: residentMegabytes(n.child.pid!),
        settledAnon: anonymousMegabytes(n.child.pid!),
        idle: (cpu[name]! / idleSeconds) * 100,
      });
    }
  } finally {
    await Promise.all([...nodes.values()].map((n) => n.stop()));
    if (ferret) {
      process.kill(ferret.pid, "SIGKILL");
      rmSync(ferret.dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\none process per service over NATS; load average at start ${loadAtStart}, at end ${loadAverage()}; ${seconds} s each of list, get and create through the gateway, 50 connections`,
  );
  console.log(
    `| service | resident MB after start-up | at the end of the load | after the load and ${settleSeconds + idleSeconds} s idle | of it its own (RssAnon) | idle CPU after the load (${idleSeconds} s after ${settleSeconds} s to settle), % of a core |\n|---|---|---|---|---|---|`,
  );
  for (const r of rows)
    console.log(`| ${r.service} | ${r.fresh.toFixed(0)} | ${r.loaded.toFixed(0)} | ${r.settled.toFixed(0)} | ${r.settledAnon.toFixed(0)} | ${r.idle.toFixed(2)} |`);
  const total = (k: "fresh" | "loaded" | "settled" | "settledAnon") => rows.reduce((s, r) => s + r[k], 0).toFixed(0);
  console.log(
    `| all ${rows.length} | ${total("fresh")} | ${total("loaded")} | ${total("settled")} | ${total("settledAnon")} | ${rows.reduce((s, r) => s + r.idle, 0).toFixed(2)} |`,
  );
}

await main();
