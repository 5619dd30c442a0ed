import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";
import { loadAverage } from "./proc.ts";

/**
 * What one Prometheus scrape of an idle process costs (`npm run bench:metrics`): every service in
 * one process on the embedded default, left idle for BENCH_IDLE_SECONDS (20) after it is ready
 * (its periodic jobs run meanwhile), one request to the gateway, then one scrape of `/metrics`:
 * bytes, samples, and the metric families with the most samples.
 */
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const dataDir = mkdtempSync(join(tmpdir(), "bench-metrics-"));
let app: NodeProcess | undefined;
try {
  const [port, health, mongoPort] = [await freePort(), await freePort(), await freePort()];
  app = startNode("embedded", {
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    PORT: String(port),
    HEALTH_PORT: String(health),
    LOCAL_MONGO_PORT: String(mongoPort),
    TRANSPORTER: "",
  });
  await waitUntil("ready", async () => ((await fetch(`http://127.0.0.1:${health}/readyz`).catch(() => undefined))?.ok ? true : undefined), 120_000);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  await fetch(`http://127.0.0.1:${port}/api/v1/healthz`);
  const body = await (await fetch(`http://127.0.0.1:${health}/metrics`)).text();
  const samples = body.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  const families = new Map<string, number>();
  for (const s of samples) {
    const name = s.replace(/[{ ].*/, "");
    families.set(name, (families.get(name) ?? 0) + 1);
  }
  console.log(`| idle ${idleSeconds} s, all services, one process | ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB | ${samples.length} samples | load ${loadAverage()} |`);
  console.log("most samples:");
  for (const [name, n] of [...families].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n} ${name}`);
} finally {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
