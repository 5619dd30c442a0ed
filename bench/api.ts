import autocannon from "autocannon";
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import mongoose from "mongoose";
import { newId } from "../shared/ids.ts";
import { freePort, runCommand, waitUntil } from "../test/helpers/processes.ts";
import { anonymousMegabytes, loadAverage, measureCpu, residentMegabytes } from "./proc.ts";

/**
 * The API's hot path as a new user meets it, against its floor, in one run. Two copies of the
 * embedded default (every service in one process, as `npm start` runs it) on their own FerretDB
 * on SQLite (or with `--pg` on the local PostgreSQL): one on an empty database, one whose database
 * also holds 100,000 labels of 200 other organizations; beside each, the floor (bench/floor.ts:
 * the same routes on a bare Node http server with the same driver on the same database).
 * Workloads: healthz; a list of 50 labels with X-API-KEY and with a bearer token; one label by id;
 * create a label. Every round runs each workload on every server, the databases interleaved
 * (the order alternates by round), so neither a drift of the machine nor the order favours one.
 * Per workload and database: req/s, p50, p99, errors, the CPU µs per request of node and of the
 * database (FerretDB, plus the PostgreSQL backends serving it with --pg) read from /proc, and the
 * ratio of the total to the floor's. Then: resident memory after the load, idle CPU after start-up
 * and after the load, and the time `npm start` takes to answer.
 *   npm run bench:api [-- --pg]   (BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_IDLE_SECONDS=30 BENCH_SETTLE_SECONDS=30;
 *                                  BENCH_SERVER_ENV: JSON of extra environment for the server;
 *                                  BENCH_SERVER_DIR: another checkout whose server to measure, e.g. an earlier commit's)
 */
const ROOT = resolve(import.meta.dirname, "..");
const SERVER_DIR = resolve(process.env.BENCH_SERVER_DIR ?? ROOT);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 30);
const otherRows = Number(process.env.BENCH_OTHER_ROWS ?? 100_000);
const otherOrgs = Number(process.env.BENCH_OTHER_ORGS ?? 200);
const usePostgres = process.argv.includes("--pg");
const postgresBase = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";

interface Figure {
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
  /** A fresh `Idempotency-Key` on every request. */
  idempotent?: boolean;
}

interface Database {
  url: string;
  /** FerretDB, and with --pg the PostgreSQL backends serving it. */
  pids: () => number[];
  stop(): void;
}

type Pids = Record<"node" | "db", () => number[]>;

/** What a workload needs of the server it runs against. */
interface Session {
  orgA: string;
  orgB: string;
  apiKey: string;
  bearer: string;
  labelId: string;
}

/** One database with the API and the floor in front of it. */
interface Stack {
  name: "empty" | "full";
  db: Database;
  api: { child: ChildProcess; base: string; pids: Pids };
  floor: { child: ChildProcess; base: string; pids: Pids };
  session: Session;
  dbPrefix: string;
}

/** Everything started, stopped at the end whatever happens. */
const started: { stop(): void }[] = [];

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
  const db = {
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
  started.push(db);
  return db;
}

/** The server as `npm start` runs it (its script in package.json), with the environment given. */
function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn("npm", ["start", "--silent"], { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  started.push({ stop: () => stopProcess(child) });
  return child;
}

/** npm runs the server through a shell: the process whose CPU and memory count is the node below it running the server. */
function serverPid(npm: ChildProcess): number {
  const below = (pid: number): number[] => {
    // pgrep exits 1 when a process has no children
    const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map(Number);
    return children.flatMap((c) => [c, ...below(c)]);
  };
  const servers = below(npm.pid!).filter((pid) => /^\S*node .*\bserver\.(js|ts)$/.test(execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).trim()));
  if (servers.length !== 1) throw new Error(`npm start (pid ${npm.pid}) runs ${servers.length} server processes`);
  return servers[0]!;
}

function stopProcess(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // gone already
  }
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

/** One run of `duration` seconds against a target, with the CPU the server and the database spent on it. */
async function run(base: string, target: Target, pids: Pids, duration = seconds): Promise<Figure> {
  const opts = {
    url: base + target.path,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections,
    duration,
    ...(target.idempotent ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, "idempotency-key": newId() } }) }] } : {}),
  };
  const { result, cpu } = await measureCpu(pids, () => autocannon(opts));
  const done = result.requests.total;
  return {
    rps: done / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    // no answer at all within the run: the CPU went into requests still waiting
    nodeUs: done > 0 ? (cpu.node! * 1e6) / done : Number.NaN,
    dbUs: done > 0 ? (cpu.db! * 1e6) / done : Number.NaN,
  };
}

function summarize(of: Figure[]): Figure {
  const m = (k: "rps" | "p50" | "p99" | "nodeUs" | "dbUs") => median(of.map((f) => f[k]));
  return { rps: m("rps"), p50: m("p50"), p99: m("p99"), errors: of.reduce((n, f) => n + f.errors, 0), nodeUs: m("nodeUs"), dbUs: m("dbUs") };
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

/**
 * CPU of the stack's processes over `idleSeconds` without a request, after `settleSeconds` (the
 * tail of start-up or of the load: the periodic jobs' first runs, background compilation, the
 * collection that gives memory back), in % of a core.
 */
async function idleCost(pids: Pids): Promise<{ node: number; db: number }> {
  await new Promise((r) => setTimeout(r, settleSeconds * 1000));
  const { cpu } = await measureCpu(pids, () => new Promise((r) => setTimeout(r, idleSeconds * 1000)));
  return { node: (cpu.node! / idleSeconds) * 100, db: (cpu.db! / idleSeconds) * 100 };
}

/** An organization with 50 labels, a second one for creates, an API key and a bearer token. */
async function prepare(base: string, env: Record<string, string>): Promise<Session> {
  const token = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "bench@example.com"], env);
  if (token.code !== 0) throw new Error(`npm run token failed: ${token.stderr}`);
  const bearer = `Bearer ${(JSON.parse(token.stdout) as { access_token: string }).access_token}`;
  const auth = { authorization: bearer };
  const orgA = (await waitUntil("the orgs service", () => call(base, "POST", "/orgs", auth, { name: "bench-a" }).catch(() => undefined), 60_000)).id as string;
  const orgB = (await call(base, "POST", "/orgs", auth, { name: "bench-b" })).id as string;
  const apiKey = (await call(base, "POST", "/me/api-keys", auth, { name: "bench" })).plain as string;
  let labelId = "";
  for (let i = 0; i < 50; i++) labelId = (await call(base, "POST", "/labels", { "x-api-key": apiKey, "x-org-id": orgA }, { key: `env-${i}`, value: `v${i}` })).id as string;
  return { orgA, orgB, apiKey, bearer, labelId };
}

/** Every 20 ms until the gateway answers healthz: the time it took is `npm start`'s start-up. */
async function firstAnswer(base: string, timeoutMs = 120_000): Promise<number> {
  const started = process.hrtime.bigint();
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    if ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok) return Number(process.hrtime.bigint() - started) / 1e9;
  }
  throw new Error(`${base}: no healthz answer within ${timeoutMs} ms`);
}

type ApiStack = Omit<Stack, "floor">;

/** Starts the API on a fresh database and prepares its session; with the seconds `npm start` took to answer. */
async function startStack(name: Stack["name"]): Promise<{ stack: ApiStack; startSeconds: number }> {
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
    HOST: "127.0.0.1",
    HEALTH_PORT: "0",
    RATE_LIMIT_PER_MINUTE: "0",
    // extra server environment for an experiment, e.g. BENCH_SERVER_ENV='{"METRICS_ENABLED":"false"}'
    ...(JSON.parse(process.env.BENCH_SERVER_ENV ?? "{}") as Record<string, string>),
  };
  const child = startServer(env);
  const base = `http://127.0.0.1:${port}/api/v1`;
  const startSeconds = await firstAnswer(base);
  const pid = serverPid(child);
  const session = await prepare(base, env);
  return { stack: { name, db, dbPrefix, api: { child, base, pids: { node: () => [pid], db: db.pids } }, session }, startSeconds };
}

async function startFloor({ db, dbPrefix }: ApiStack): Promise<Stack["floor"]> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench/floor.ts")], {
    cwd: ROOT,
    env: { ...process.env, MONGO_URL: db.url, DB_PREFIX: dbPrefix, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  started.push({ stop: () => stopProcess(child) });
  await new Promise<void>((ready, failed) => {
    child.stdout.once("data", () => ready());
    child.once("exit", (code) => failed(new Error(`bench/floor.ts exited ${code}`)));
  });
  const pid = child.pid!;
  return { child, base: `http://127.0.0.1:${port}/api/v1`, pids: { node: () => [pid], db: db.pids } };
}

interface Workload {
  name: string;
  /** The target on a stack's API, and on its floor (the floor has no bearer tokens: its list is the same list). */
  target: (s: Session) => Target;
  /** Healthz touches no database: measured on the empty stack only. */
  databases: readonly Stack["name"][];
}

const withKey = (s: Session, org: string) => ({ "x-api-key": s.apiKey, "x-org-id": org });
const createLabel = (s: Session): Target => ({
  path: "/labels",
  method: "POST",
  headers: { ...withKey(s, s.orgB), "content-type": "application/json" },
  body: JSON.stringify({ key: "tier", value: "gold" }),
});
const WORKLOADS: Workload[] = [
  { name: "GET /healthz", target: () => ({ path: "/healthz", headers: {} }), databases: ["empty"] },
  { name: "GET /labels (50), X-API-KEY", target: (s) => ({ path: "/labels", headers: withKey(s, s.orgA) }), databases: ["empty", "full"] },
  { name: "GET /labels (50), bearer", target: (s) => ({ path: "/labels", headers: { authorization: s.bearer, "x-org-id": s.orgA } }), databases: ["empty", "full"] },
  { name: "GET /labels/{id}", target: (s) => ({ path: `/labels/${s.labelId}`, headers: withKey(s, s.orgA) }), databases: ["empty", "full"] },
  { name: "POST /labels", target: (s) => createLabel(s), databases: ["empty", "full"] },
  { name: "POST /labels, Idempotency-Key", target: (s) => ({ ...createLabel(s), idempotent: true }), databases: ["empty"] },
];
/** The floor's version of a workload: the bearer list is the floor's one list, and the floor has no idempotency records. */
const FLOOR_OF: Record<string, string> = { "GET /labels (50), bearer": "GET /labels (50), X-API-KEY", "POST /labels, Idempotency-Key": "POST /labels" };

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const stacks: Stack[] = [];
  const results = new Map<string, Figure[]>();
  const record = (key: string, f: Figure) => results.set(key, [...(results.get(key) ?? []), f]);
  let startSeconds: number;
  let loadSeconds: number;
  const idle: Record<string, { node: number; db: number }> = {};
  const memory: { what: string; mb: number }[] = [];
  try {
    // alone on the machine, so its start-up is timed on an idle machine
    const empty = await startStack("empty");
    startSeconds = empty.startSeconds;
    memory.push({ what: "node (empty stack) after start-up and its set-up requests", mb: residentMegabytes(empty.stack.api.pids.node()[0]!) });
    idle["after start-up"] = await idleCost(empty.stack.api.pids);
    const full = await startStack("full");
    loadSeconds = await bulkLoad(full.stack.db.url, full.stack.dbPrefix);
    for (const s of [empty.stack, full.stack]) stacks.push({ ...s, floor: await startFloor(s) });

    /** A workload on one database: the API's run, then the floor's (none of its own for the bearer list). */
    const cellsOf = (w: Workload, name: Stack["name"]) => {
      const stack = stacks.find((s) => s.name === name)!;
      const servers = FLOOR_OF[w.name]
        ? [["api", stack.api] as const]
        : ([
            ["api", stack.api],
            ["floor", stack.floor],
          ] as const);
      return servers.map(([server, at]) => ({ key: `${server}|${w.name}|${name}`, base: at.base, target: w.target(stack.session), pids: at.pids }));
    };
    for (const w of WORKLOADS) for (const name of w.databases) for (const c of cellsOf(w, name)) await run(c.base, c.target, c.pids, 1); // warm-up
    for (let r = 0; r < rounds; r++) {
      for (const w of WORKLOADS) {
        // the databases interleaved, in the other order every other round
        const order = r % 2 === 0 ? w.databases : [...w.databases].reverse();
        for (const name of order) for (const c of cellsOf(w, name)) record(c.key, await run(c.base, c.target, c.pids));
      }
    }
    for (const s of stacks) memory.push({ what: `node (${s.name} stack) after the load`, mb: residentMegabytes(s.api.pids.node()[0]!) });
    for (const s of stacks) memory.push({ what: `database (${s.name} stack) after the load`, mb: s.db.pids().reduce((sum, pid) => sum + residentMegabytes(pid), 0) });
    memory.push({ what: "floor (empty stack) after the load", mb: residentMegabytes(stacks[0]!.floor.pids.node()[0]!) });
    idle["after the load"] = await idleCost(stacks[0]!.api.pids);
    // both stacks have been idle since: what they hold once V8 (or MEMORY_RECLAIM_IDLE_MS) has given the load's garbage back
    for (const s of stacks) {
      const pid = s.api.pids.node()[0]!;
      memory.push({ what: `node (${s.name} stack) after the load and ${settleSeconds + idleSeconds} s idle`, mb: residentMegabytes(pid) });
      memory.push({ what: `of which its own (RssAnon; the rest is the node binary's pages)`, mb: anonymousMegabytes(pid) });
    }
  } finally {
    for (const s of started.reverse()) s.stop();
  }

  const backend = usePostgres ? "FerretDB on PostgreSQL" : "embedded default (FerretDB on SQLite)";
  console.log(
    `\n${backend}; ${connections} connections; per workload a 1 s warm-up, then the median of ${rounds} interleaved runs of ${seconds} s; load from this process on the same machine`,
  );
  console.log(`load average at start: ${loadAtStart}, at end: ${loadAverage()}; bulk load of ${otherRows.toLocaleString("en")} rows took ${loadSeconds.toFixed(1)} s`);
  console.log(`"full": the database also holds ${otherRows.toLocaleString("en")} labels of ${otherOrgs} other organizations; floor: bench/floor.ts on the same database`);
  console.log("| workload | database | req/s | p50 ms | p99 ms | errors | node CPU µs/req | database CPU µs/req | total CPU µs/req | floor total µs/req | ratio to the floor |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  const us = (v: number) => (Number.isNaN(v) ? "no answer" : String(Math.round(v)));
  for (const w of WORKLOADS) {
    for (const name of w.databases) {
      const f = summarize(results.get(`api|${w.name}|${name}`)!);
      const floor = summarize(results.get(`floor|${FLOOR_OF[w.name] ?? w.name}|${name}`)!);
      const total = f.nodeUs + f.dbUs;
      const floorTotal = floor.nodeUs + floor.dbUs;
      console.log(
        `| ${w.name} | ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${us(f.nodeUs)} | ${us(f.dbUs)} | ${us(total)} | ${us(floorTotal)} | ${(total / floorTotal).toFixed(2)} |`,
      );
    }
  }
  console.log("\n| the floor | database | req/s | p50 ms | p99 ms | errors | node CPU µs/req | database CPU µs/req | total CPU µs/req |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const w of WORKLOADS.filter((x) => !FLOOR_OF[x.name])) {
    for (const name of w.databases) {
      const f = summarize(results.get(`floor|${w.name}|${name}`)!);
      console.log(`| ${w.name} | ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${us(f.nodeUs)} | ${us(f.dbUs)} | ${us(f.nodeUs + f.dbUs)} |`);
    }
  }
  console.log("\n| with other organizations' rows vs without | req/s ratio (empty / full) | CPU per request ratio (full / empty) |");
  console.log("|---|---|---|");
  for (const w of WORKLOADS.filter((x) => x.databases.includes("full"))) {
    const e = summarize(results.get(`api|${w.name}|empty`)!);
    const f = summarize(results.get(`api|${w.name}|full`)!);
    console.log(`| ${w.name} | ${(e.rps / f.rps).toFixed(2)} | ${((f.nodeUs + f.dbUs) / (e.nodeUs + e.dbUs)).toFixed(2)} |`);
  }
  console.log(`\n\`npm start\` answered its first healthz ${startSeconds.toFixed(2)} s after it was run (on the machine alone, database already up)`);
  console.log("\n| resident memory | MB |\n|---|---|");
  for (const m of memory) console.log(`| ${m.what} | ${m.mb.toFixed(0)} |`);
  for (const [when, cost] of Object.entries(idle)) {
    console.log(`\nidle for ${idleSeconds} s ${when} (after ${settleSeconds} s to settle): node ${cost.node.toFixed(2)}% of a core, database ${cost.db.toFixed(2)}% of a core`);
  }
}

await main();
