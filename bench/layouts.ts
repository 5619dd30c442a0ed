import autocannon from "autocannon";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { freePort, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";

/**
 * Gateway throughput and latency per deployment layout, in one run on one machine:
 *   - raw Node http answering the same bodies (the ceiling),
 *   - the embedded default (every service in one process, no transporter),
 *   - three processes over NATS: gateway | auth+orgs | inventory+credentials+dns+clusters+jobs.
 * Two routes: GET /api/v1/healthz (answered by the gateway itself) and
 * GET /api/v1/.well-known/jwks.json (served by auth: across the bus in the NATS layout).
 *   npm run bench:layouts          (BENCH_SECONDS=5 BENCH_CONNECTIONS=50 by default)
 * Needs NATS on 127.0.0.1:4222 (npm run infra -- nats); uses MONGO_URL or starts a private FerretDB.
 */
const ROOT = resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUTES = ["/api/v1/healthz", "/api/v1/.well-known/jwks.json"] as const;
const run = promisify(execFile);

interface Figure {
  layout: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(layout: string, base: string, route: string): Promise<Figure> {
  await autocannon({ url: base + route, connections, duration: 1 }); // warm-up
  const r = await autocannon({ url: base + route, connections, duration: seconds });
  return { layout, route, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function ready(url: string, timeoutMs = 90_000): Promise<void> {
  await waitUntil(url, async () => ((await fetch(url)).ok ? true : undefined), timeoutMs);
}

/** Raw node:http serving fixed bodies at the benchmarked paths (no routing beyond a map lookup). */
function rawServer(port: number, bodies: Record<string, string>): ChildProcess {
  const code = `
    const bodies = JSON.parse(process.env.BODIES);
    require("node:http").createServer((req, res) => {
      const body = bodies[req.url];
      if (body === undefined) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
      res.end(body);
    }).listen(Number(process.env.PORT), "127.0.0.1");`;
  return spawn(process.execPath, ["-e", code], { env: { ...process.env, PORT: String(port), BODIES: JSON.stringify(bodies) }, stdio: "ignore" });
}

async function main(): Promise<void> {
  await run("bash", [join(ROOT, "scripts/infra.sh"), "nats"], { cwd: ROOT });
  let ferret: { pid: number; dir: string } | undefined;
  let mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) {
    const dir = mkdtempSync(join(tmpdir(), "bench-ferret-"));
    const port = await freePort();
    const { stdout } = await run("bash", [join(ROOT, "scripts/infra.sh"), "ferretdb-start", dir, String(port)], { cwd: ROOT });
    ferret = { pid: Number(stdout.trim()), dir };
    mongoUrl = `mongodb://127.0.0.1:${port}/`;
  }
  const common: Record<string, string> = {
    NODE_ENV: "production",
    MONGO_URL: mongoUrl,
    DB_PREFIX: `bench${randomBytes(3).toString("hex")}`,
    MASTER_KEY: randomBytes(32).toString("base64"),
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "0",
    HEALTH_PORT: "0",
    JOBS_POLL_MS: "5000",
  };
  const figures: Figure[] = [];
  const stopAll = (nodes: NodeProcess[]) => Promise.all(nodes.map((n) => n.stop()));

  try {
    // embedded default: everything in one process
    const port = await freePort();
    const embedded = [startNode("embedded", { ...common, PORT: String(port) })];
    const base = `http://127.0.0.1:${port}`;
    for (const r of ROUTES) await ready(base + r);
    const bodies = Object.fromEntries(await Promise.all(ROUTES.map(async (r) => [r, await (await fetch(base + r)).text()] as const)));
    for (const r of ROUTES) figures.push(await load("embedded (one process)", base, r));
    await stopAll(embedded);

    // three processes over NATS
    const natsPort = await freePort();
    const nats = { ...common, TRANSPORTER: process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222", NAMESPACE: `bench-${randomBytes(3).toString("hex")}` };
    const three = [
      startNode("gateway", { ...nats, SERVICES: "api", PORT: String(natsPort) }),
      startNode("identity", { ...nats, SERVICES: "auth,orgs" }),
      startNode("rest", { ...nats, SERVICES: "inventory,credentials,dns,clusters,jobs" }),
    ];
    const natsBase = `http://127.0.0.1:${natsPort}`;
    for (const r of ROUTES) await ready(natsBase + r);
    for (const r of ROUTES) figures.push(await load("three processes over NATS", natsBase, r));
    await stopAll(three);

    // raw node http, same bodies
    const rawPort = await freePort();
    const raw = rawServer(rawPort, bodies);
    const rawBase = `http://127.0.0.1:${rawPort}`;
    for (const r of ROUTES) await ready(rawBase + r);
    for (const r of ROUTES) figures.push(await load("raw node http", rawBase, r));
    raw.kill();
  } finally {
    if (ferret) {
      try {
        process.kill(ferret.pid, "SIGKILL");
      } catch {
        // gone
      }
      rmSync(ferret.dir, { recursive: true, force: true });
    }
  }

  console.log(`\n${connections} connections, ${seconds}s per cell after a 1s warm-up, load generated from one process on the same machine`);
  console.log("| layout | route | req/s | p50 ms | p99 ms | errors | vs raw |");
  console.log("|---|---|---|---|---|---|---|");
  for (const route of ROUTES) {
    const raw = figures.find((f) => f.layout === "raw node http" && f.route === route)!.rps;
    for (const f of figures.filter((x) => x.route === route)) {
      console.log(`| ${f.layout} | ${f.route} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / raw).toFixed(2)} |`);
    }
  }
}

await main();
