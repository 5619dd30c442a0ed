import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { freePort, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";

/**
 * Gateway throughput and latency: `GET /api/v1/healthz` through the embedded gateway versus
 * raw Node http on the same machine, load generated from this process.
 *   npm run bench                    (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string): Promise<Figure> {
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections, duration: seconds });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function ready(url: string): Promise<void> {
  await waitUntil(url, async () => ((await fetch(url)).ok ? true : undefined));
}

async function main(): Promise<void> {
  const figures: Figure[] = [];

  const rawPort = await freePort();
  const raw: ChildProcess = spawn(process.execPath, ["--import", "tsx", resolve(import.meta.dirname, "raw-http-server.ts")], {
    env: { ...process.env, PORT: String(rawPort) },
    stdio: "ignore",
  });
  await ready(`http://127.0.0.1:${rawPort}/api/v1/healthz`);
  figures.push(await load("raw node http", `http://127.0.0.1:${rawPort}/api/v1/healthz`));
  raw.kill();

  const port = await freePort();
  const gw: NodeProcess = startNode("gateway", { SERVICES: "api", PORT: String(port), LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "0" });
  await ready(`http://127.0.0.1:${port}/api/v1/healthz`);
  figures.push(await load("gateway, embedded (one process)", `http://127.0.0.1:${port}/api/v1/healthz`));
  await gw.stop();

  const base = figures[0]!.rps;
  console.log(`\nGET /api/v1/healthz, ${connections} connections, ${seconds}s each, load from one process on the same machine`);
  console.log("| layout | req/s | p50 ms | p99 ms | errors | vs raw |");
  console.log("|---|---|---|---|---|---|");
  for (const f of figures) {
    console.log(`| ${f.name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / base).toFixed(2)} |`);
  }
}

await main();
