import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import mongoose from "mongoose";
import { newId } from "../shared/ids.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";
import { cpuSeconds, loadAverage, measureCpu } from "./proc.ts";

/**
 * The API's hot path as a new user meets it: the embedded default (every service in one process,
 * FerretDB on SQLite), or with `--pg` FerretDB on the local PostgreSQL. In one run:
 *   healthz; a list of 50 labels with X-API-KEY; the same with a bearer token; one label by id;
 *   create a label; then 100,000 labels are bulk-loaded into 200 other organizations and the
 *   list and get are measured again; finally the idle cost of both processes.
 * Per workload: req/s, p50, p99, errors, and the CPU µs per request of the node process and of
 * the database process, read from /proc over the measured run.
 *   npm run bench:api [-- --pg]   (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_IDLE_SECONDS=60)
 */
const ROOT = resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const otherRows = Number(process.env.BENCH_OTHER_ROWS ?? 100_000);
const otherOrgs = Number(process.env.BENCH_OTHER_ORGS ?? 200);
const usePostgres = process.argv.includes("--pg");
const postgresBase = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";

interface Figure {
  workload: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  nodeUs: number;
  dbUs: number;
}

interface Target {
  path: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

interface Database {
  url: string;
  pid: number;
  stop(): void;
}

function startDatabase(): Database {
  const dir = mkdtempSync(join(tmpdir(), "bench-api-"));
  const port = execFileSync(process.execPath, ["-e", 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'], { encoding: "utf8" }).trim();
  let pgDatabase: string | undefined;
  const args = [join(ROOT, "scripts/infra.sh"), "ferretdb-start", dir, port];
  if (usePostgres) {
    pgDatabase = `bench_${randomBytes(4).toString("hex")}`;
    execFileSync("psql", [`${postgresBase}/postgres`, "-qc", `CREATE DATABASE ${pgDatabase}`]);
    args.push(`${postgresBase}/${pgDatabase}`);
  }
  const pid = Number(execFileSync("bash", args, { encoding: "utf8" }).trim().split("\n").pop());
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    pid,
    stop() {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
      rmSync(dir, { recursive: true, force: true });
      if (pgDatabase) execFileSync("psql", [`${postgresBase}/postgres`, "-qc", `DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`]);
    },
  };
}

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function measure(workload: string, base: string, target: Target, pids: { node: number; db: number }): Promise<Figure> {
  const opts = { url: base + target.path, method: target.method ?? "GET", headers: target.headers, body: target.body, connections };
  await autocannon({ ...opts, duration: 1 }); // warm-up
  const { result, cpu } = await measureCpu(pids, () => autocannon({ ...opts, duration: seconds }));
  const done = result.requests.total;
  return {
    workload,
    rps: done / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    nodeUs: (cpu.node! * 1e6) / done,
    dbUs: (cpu.db! * 1e6) / done,
  };
}

/** Labels of `orgs` other organizations straight into the inventory database, as a busy system would hold them. */
async function bulkLoad(mongoUrl: string, dbPrefix: string): Promise<number> {
  const conn = await mongoose.createConnection(mongoUrl).asPromise();
  const started = Date.now();
  try {
    const labels = conn.useDb(`${dbPrefix}_inventory`).collection("labels");
    const perOrg = Math.ceil(otherRows / otherOrgs);
    let batch: Record<string, unknown>[] = [];
    for (let o = 0; o < otherOrgs; o++) {
      const org = newId();
      for (let i = 0; i < perOrg; i++) {
        const now = new Date();
        batch.push({ _id: newId(), organization_id: org, key: `bulk-${i % 40}`, value: `v${i}`, created_at: now, updated_at: now });
        if (batch.length === 1000) {
          await labels.insertMany(batch as never[], { ordered: false });
          batch = [];
        }
      }
    }
    if (batch.length > 0) await labels.insertMany(batch as never[], { ordered: false });
  } finally {
    await conn.close();
  }
  return (Date.now() - started) / 1000;
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const db = startDatabase();
  const port = await freePort();
  const dbPrefix = `bench${randomBytes(3).toString("hex")}`;
  const env = {
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    MONGO_URL: db.url,
    DB_PREFIX: dbPrefix,
    MASTER_KEY: randomBytes(32).toString("base64"),
    PORT: String(port),
    HEALTH_PORT: "0",
    RATE_LIMIT_PER_MINUTE: "0",
  };
  let app: NodeProcess | undefined;
  const figures: Figure[] = [];
  let idle = { node: 0, db: 0 };
  let loadSeconds = 0;
  try {
    app = startNode("embedded", env);
    const base = `http://127.0.0.1:${port}/api/v1`;
    await waitUntil("the gateway", async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined), 120_000);
    const pids = { node: app.child.pid!, db: db.pid };

    const token = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "bench@example.com"], env);
    if (token.code !== 0) throw new Error(`npm run token failed: ${token.stderr}`);
    const bearer = { authorization: `Bearer ${(JSON.parse(token.stdout) as { access_token: string }).access_token}` };
    const orgA = (await waitUntil("the orgs service", () => call(base, "POST", "/orgs", bearer, { name: "bench-a" }).catch(() => undefined), 60_000)).id as string;
    const orgB = (await call(base, "POST", "/orgs", bearer, { name: "bench-b" })).id as string;
    const apiKey = (await call(base, "POST", "/me/api-keys", bearer, { name: "bench" })).plain as string;
    const withKey = (org: string) => ({ "x-api-key": apiKey, "x-org-id": org });
    let labelId = "";
    for (let i = 0; i < 50; i++) labelId = (await call(base, "POST", "/labels", withKey(orgA), { key: `env-${i}`, value: `v${i}` })).id as string;

    const list = { path: "/labels", headers: withKey(orgA) };
    const listBearer = { path: "/labels", headers: { ...bearer, "x-org-id": orgA } };
    const getOne = { path: `/labels/${labelId}`, headers: withKey(orgA) };
    figures.push(await measure("GET /healthz", base, { path: "/healthz", headers: {} }, pids));
    figures.push(await measure("GET /labels (50), X-API-KEY", base, list, pids));
    figures.push(await measure("GET /labels (50), bearer", base, listBearer, pids));
    figures.push(await measure("GET /labels/{id}", base, getOne, pids));
    figures.push(
      await measure("POST /labels", base, { path: "/labels", method: "POST", headers: { ...withKey(orgB), "content-type": "application/json" }, body: JSON.stringify({ key: "tier", value: "gold" }) }, pids),
    );

    loadSeconds = await bulkLoad(db.url, dbPrefix);
    const others = `after ${otherRows.toLocaleString("en")} rows in ${otherOrgs} other orgs`;
    figures.push(await measure(`GET /labels (50), X-API-KEY, ${others}`, base, list, pids));
    figures.push(await measure(`GET /labels (50), bearer, ${others}`, base, listBearer, pids));
    figures.push(await measure(`GET /labels/{id}, ${others}`, base, getOne, pids));

    const before = { node: cpuSeconds(pids.node), db: cpuSeconds(pids.db) };
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    idle = { node: ((cpuSeconds(pids.node) - before.node) / idleSeconds) * 100, db: ((cpuSeconds(pids.db) - before.db) / idleSeconds) * 100 };
  } finally {
    await app?.stop();
    db.stop();
  }

  const backend = usePostgres ? "FerretDB on PostgreSQL" : "embedded default (FerretDB on SQLite)";
  console.log(`\n${backend}; ${connections} connections, ${seconds}s per workload after a 1s warm-up; load from this process on the same machine`);
  console.log(`load average at start: ${loadAtStart}, at end: ${loadAverage()}; bulk load of ${otherRows} rows took ${loadSeconds.toFixed(1)} s`);
  console.log("| workload | req/s | p50 ms | p99 ms | errors | node CPU µs/req | database CPU µs/req | total CPU µs/req |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const f of figures) {
    console.log(`| ${f.workload} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${Math.round(f.nodeUs)} | ${Math.round(f.dbUs)} | ${Math.round(f.nodeUs + f.dbUs)} |`);
  }
  const ratio = (name: string) => {
    const empty = figures.find((f) => f.workload === name)!;
    const full = figures.find((f) => f.workload.startsWith(`${name}, after`))!;
    return `| ${name} | ${(empty.rps / full.rps).toFixed(2)} | ${((full.nodeUs + full.dbUs) / (empty.nodeUs + empty.dbUs)).toFixed(2)} |`;
  };
  console.log("\n| with other organizations' rows vs without | req/s ratio (empty / full) | CPU per request ratio (full / empty) |");
  console.log("|---|---|---|");
  for (const name of ["GET /labels (50), X-API-KEY", "GET /labels (50), bearer", "GET /labels/{id}"]) console.log(ratio(name));
  console.log(`\nidle for ${idleSeconds} s (after the load): node ${idle.node.toFixed(2)}% of a core, database ${idle.db.toFixed(2)}% of a core`);
}

await main();
