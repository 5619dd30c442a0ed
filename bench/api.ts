import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import mongoose from "mongoose";
import { newId } from "../shared/ids.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";
import { loadAverage, measureCpu } from "./proc.ts";

/**
 * The API's hot path as a new user meets it: the embedded default (every service in one process,
 * FerretDB on SQLite), or with `--pg` FerretDB on the local PostgreSQL. In one run:
 *   healthz; a list of 50 labels with X-API-KEY; the same with a bearer token; one label by id;
 *   create a label; then 100,000 labels are bulk-loaded into 200 other organizations and the
 *   list and get are measured again; the idle cost of both processes after start-up and after
 *   the load.
 * Per workload: req/s, p50, p99, errors, and the CPU µs per request of the node process and of
 * the database (FerretDB, plus the PostgreSQL backends serving it with --pg), read from /proc
 * over the measured run.
 *   npm run bench:api [-- --pg]   (BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_IDLE_SECONDS=30;
 *                                  BENCH_SERVER_ENV: JSON of extra environment for the server)
 */
const ROOT = resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
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
  /** FerretDB, and with --pg the PostgreSQL backends serving it. */
  pids: () => number[];
  stop(): void;
}

function startDatabase(): Database {
  const dir = mkdtempSync(join(tmpdir(), "bench-api-"));
  const port = execFileSync(process.execPath, ["-e", 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'], {
    encoding: "utf8",
  }).trim();
  let pgDatabase: string | undefined;
  const args = [join(ROOT, "scripts/infra.sh"), "ferretdb-start", dir, port];
  if (usePostgres) {
    pgDatabase = `bench_${randomBytes(4).toString("hex")}`;
    execFileSync("psql", [`${postgresBase}/postgres`, "-qc", `CREATE DATABASE ${pgDatabase}`]);
    args.push(`${postgresBase}/${pgDatabase}`);
  }
  const pid = Number(execFileSync("bash", args, { encoding: "utf8" }).trim().split("\n").pop());
  const backends = () =>
    pgDatabase
      ? execFileSync("psql", [`${postgresBase}/postgres`, "-Atc", `SELECT pid FROM pg_stat_activity WHERE datname = '${pgDatabase}'`], { encoding: "utf8" })
          .split("\n")
          .filter(Boolean)
          .map(Number)
      : [];
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    pids: () => [pid, ...backends()],
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

/** The median of the figures that exist (NaN: a run without a single answer). */
const median = (xs: number[]) => {
  const known = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return known.length === 0 ? Number.NaN : known[Math.floor(known.length / 2)]!;
};

type Pids = Record<"node" | "db", () => number[]>;

/** One run of `seconds` against a target, with the CPU the server and the database spent on it. */
async function run(workload: string, base: string, target: Target, pids: Pids, duration = seconds): Promise<Figure> {
  const opts = { url: base + target.path, method: target.method ?? "GET", headers: target.headers, body: target.body, connections, duration };
  const { result, cpu } = await measureCpu(pids, () => autocannon(opts));
  const done = result.requests.total;
  return {
    workload,
    rps: done / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    // no answer at all within the run: the CPU went into requests still waiting
    nodeUs: done > 0 ? (cpu.node! * 1e6) / done : Number.NaN,
    dbUs: done > 0 ? (cpu.db! * 1e6) / done : Number.NaN,
  };
}

/**
 * Every workload once per round, `rounds` rounds, after a 1 s warm-up of each; each figure is the
 * median over the rounds, errors are summed. The load generator shares the machine's cores with
 * the server and the database, and a machine's speed drifts over minutes: interleaving the
 * workloads keeps a drift from favouring one of them.
 */
async function measure(workloads: [string, Target][], base: string, pids: Pids): Promise<Figure[]> {
  for (const [name, target] of workloads) await run(name, base, target, pids, 1);
  const runs: Figure[][] = workloads.map(() => []);
  for (let r = 0; r < rounds; r++) for (const [i, [name, target]] of workloads.entries()) runs[i]!.push(await run(name, base, target, pids));
  return runs.map((of) => {
    const m = (k: "rps" | "p50" | "p99" | "nodeUs" | "dbUs") => median(of.map((f) => f[k]));
    return { workload: of[0]!.workload, rps: m("rps"), p50: m("p50"), p99: m("p99"), errors: of.reduce((n, f) => n + f.errors, 0), nodeUs: m("nodeUs"), dbUs: m("dbUs") };
  });
}

/** Labels of `orgs` other organizations straight into the inventory database, as a busy system would hold them. */
/** CPU of the server and the database over `idleSeconds` without a request (after 10 s to settle), in % of a core. */
async function idleCost(pids: Pids): Promise<{ node: number; db: number }> {
  await new Promise((r) => setTimeout(r, 10_000));
  const { cpu } = await measureCpu(pids, () => new Promise((r) => setTimeout(r, idleSeconds * 1000)));
  return { node: (cpu.node! / idleSeconds) * 100, db: (cpu.db! / idleSeconds) * 100 };
}

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
          await labels.insertMany(batch, { ordered: false });
          batch = [];
        }
      }
    }
    if (batch.length > 0) await labels.insertMany(batch, { ordered: false });
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
    // extra server environment for an experiment, e.g. BENCH_SERVER_ENV='{"METRICS_ENABLED":"false"}'
    ...(JSON.parse(process.env.BENCH_SERVER_ENV ?? "{}") as Record<string, string>),
  };
  let app: NodeProcess | undefined;
  const figures: Figure[] = [];
  const idle: Record<"after start-up" | "after the load", { node: number; db: number }> = {
    "after start-up": { node: 0, db: 0 },
    "after the load": { node: 0, db: 0 },
  };
  let loadSeconds: number;
  try {
    app = startNode("embedded", env);
    const base = `http://127.0.0.1:${port}/api/v1`;
    await waitUntil("the gateway", async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined), 120_000);
    const nodePid = app.child.pid!;
    const pids = { node: () => [nodePid], db: db.pids };

    const token = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "bench@example.com"], env);
    if (token.code !== 0) throw new Error(`npm run token failed: ${token.stderr}`);
    const bearer = { authorization: `Bearer ${(JSON.parse(token.stdout) as { access_token: string }).access_token}` };
    const orgA = (await waitUntil("the orgs service", () => call(base, "POST", "/orgs", bearer, { name: "bench-a" }).catch(() => undefined), 60_000)).id as string;
    const orgB = (await call(base, "POST", "/orgs", bearer, { name: "bench-b" })).id as string;
    const apiKey = (await call(base, "POST", "/me/api-keys", bearer, { name: "bench" })).plain as string;
    const withKey = (org: string) => ({ "x-api-key": apiKey, "x-org-id": org });
    let labelId = "";
    for (let i = 0; i < 50; i++) labelId = (await call(base, "POST", "/labels", withKey(orgA), { key: `env-${i}`, value: `v${i}` })).id as string;

    idle["after start-up"] = await idleCost(pids);

    const list = { path: "/labels", headers: withKey(orgA) };
    const listBearer = { path: "/labels", headers: { ...bearer, "x-org-id": orgA } };
    const getOne = { path: `/labels/${labelId}`, headers: withKey(orgA) };
    const create = {
      path: "/labels",
      method: "POST" as const,
      headers: { ...withKey(orgB), "content-type": "application/json" },
      body: JSON.stringify({ key: "tier", value: "gold" }),
    };
    figures.push(
      ...(await measure(
        [
          ["GET /healthz", { path: "/healthz", headers: {} }],
          ["GET /labels (50), X-API-KEY", list],
          ["GET /labels (50), bearer", listBearer],
          ["GET /labels/{id}", getOne],
        ],
        base,
        pids,
      )),
    );
    // after the reads: the labels it creates (in another organization) are not in the empty-database figures
    figures.push(...(await measure([["POST /labels", create]], base, pids)));

    loadSeconds = await bulkLoad(db.url, dbPrefix);
    const others = `after ${otherRows.toLocaleString("en")} rows in ${otherOrgs} other orgs`;
    figures.push(
      ...(await measure(
        [
          [`GET /labels (50), X-API-KEY, ${others}`, list],
          [`GET /labels (50), bearer, ${others}`, listBearer],
          [`GET /labels/{id}, ${others}`, getOne],
        ],
        base,
        pids,
      )),
    );

    idle["after the load"] = await idleCost(pids);
  } finally {
    await app?.stop();
    db.stop();
  }

  const backend = usePostgres ? "FerretDB on PostgreSQL" : "embedded default (FerretDB on SQLite)";
  console.log(
    `\n${backend}; ${connections} connections; per workload a 1 s warm-up, then the median of ${rounds} interleaved runs of ${seconds} s; load from this process on the same machine`,
  );
  console.log(`load average at start: ${loadAtStart}, at end: ${loadAverage()}; bulk load of ${otherRows} rows took ${loadSeconds.toFixed(1)} s`);
  console.log("| workload | req/s | p50 ms | p99 ms | errors | node CPU µs/req | database CPU µs/req | total CPU µs/req |");
  console.log("|---|---|---|---|---|---|---|---|");
  const us = (v: number) => (Number.isNaN(v) ? "no answer" : String(Math.round(v)));
  for (const f of figures) {
    console.log(`| ${f.workload} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${us(f.nodeUs)} | ${us(f.dbUs)} | ${us(f.nodeUs + f.dbUs)} |`);
  }
  const ratio = (name: string) => {
    const empty = figures.find((f) => f.workload === name)!;
    const full = figures.find((f) => f.workload.startsWith(`${name}, after`))!;
    if (!(full.rps > 0)) return `| ${name} | no answer with the rows loaded | no answer with the rows loaded |`;
    return `| ${name} | ${(empty.rps / full.rps).toFixed(2)} | ${((full.nodeUs + full.dbUs) / (empty.nodeUs + empty.dbUs)).toFixed(2)} |`;
  };
  console.log("\n| with other organizations' rows vs without | req/s ratio (empty / full) | CPU per request ratio (full / empty) |");
  console.log("|---|---|---|");
  for (const name of ["GET /labels (50), X-API-KEY", "GET /labels (50), bearer", "GET /labels/{id}"]) console.log(ratio(name));
  for (const [when, cost] of Object.entries(idle)) {
    console.log(`\nidle for ${idleSeconds} s ${when}: node ${cost.node.toFixed(2)}% of a core, database ${cost.db.toFixed(2)}% of a core`);
  }
}

await main();
