/**
 * SSH key generation: our generator (node:crypto async generateKeyPair on the thread pool, see
 * services/inventory/ssh-format.ts) against OpenSSH's `ssh-keygen`, and the event-loop delay while
 * generating (perf_hooks monitorEventLoopDelay), with generateKeyPairSync as the blocking baseline.
 *
 *   npm run bench:ssh                         BENCH_RSA_KEYS=8 BENCH_ED25519_KEYS=100 by default
 *
 * Event-loop delay columns: how late a 10 ms timer fired while generating (0 = never blocked).
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { FairSlots } from "../services/inventory/keygen-slots.ts";
import { generateSshKey, maxParallel, type SshKeyType } from "../services/inventory/ssh-format.ts";

const run = promisify(execFile);
const RSA_KEYS = Number(process.env.BENCH_RSA_KEYS ?? 8);
const ED_KEYS = Number(process.env.BENCH_ED25519_KEYS ?? 100);
const RESOLUTION_MS = 10;

interface Row {
  generator: string;
  type: string;
  keys: number;
  meanMs: number;
  p50Ms: number;
  maxMs: number;
  lagP50: number;
  lagP99: number;
  lagMax: number;
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

/** Runs `one` `n` times in sequence, timing each and sampling the event-loop delay meanwhile. */
async function measure(generator: string, type: string, n: number, one: () => unknown): Promise<Row> {
  const h = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  h.enable();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await one();
    times.push(performance.now() - t0);
    // let the loop turn (timers fire), so time spent blocked inside `one` is recorded as delay
    await new Promise((r) => setTimeout(r, RESOLUTION_MS * 2));
  }
  h.disable();
  // the histogram records the interval between samples: the delay is what exceeds the resolution
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return {
    generator,
    type,
    keys: n,
    meanMs: times.reduce((a, b) => a + b, 0) / n,
    p50Ms: q(times, 0.5),
    maxMs: Math.max(...times),
    lagP50: ms(h.percentile(50)),
    lagP99: ms(h.percentile(99)),
    lagMax: ms(h.max),
  };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-ssh-"));
  const rows: Row[] = [];
  try {
    let k = 0;
    const sshKeygen = (type: SshKeyType) => async () => {
      const file = join(dir, `k${k++}`);
      const args = type === "rsa" ? ["-t", "rsa", "-b", "4096"] : ["-t", "ed25519"];
      await run("ssh-keygen", [...args, "-N", "", "-C", "bench", "-q", "-f", file]);
    };
    // warm-up (JIT, thread pool start)
    await generateSshKey("ed25519", 0, "warm");
    await generateSshKey("rsa", 2048, "warm");

    rows.push(await measure("ours (async generateKeyPair)", "rsa-4096", RSA_KEYS, () => generateSshKey("rsa", 4096, "bench")));
    rows.push(await measure("ssh-keygen (child process)", "rsa-4096", RSA_KEYS, sshKeygen("rsa")));
    rows.push(await measure("generateKeyPairSync (blocking baseline)", "rsa-4096", RSA_KEYS, () => generateKeyPairSync("rsa", { modulusLength: 4096 })));
    rows.push(await measure("ours (async generateKeyPair)", "ed25519", ED_KEYS, () => generateSshKey("ed25519", 0, "bench")));
    rows.push(await measure("ssh-keygen (child process)", "ed25519", ED_KEYS, sshKeygen("ed25519")));
    rows.push(await measure("generateKeyPairSync (blocking baseline)", "ed25519", ED_KEYS, () => generateKeyPairSync("ed25519")));
    // four requests at once, as a burst of POST /ssh would do (ours caps parallel generations)
    const slots = new FairSlots(maxParallel(), 4);
    rows.push(
      await measure("ours, 4 at once (per batch of 4)", "rsa-4096", Math.max(1, Math.round(RSA_KEYS / 4)), () =>
        Promise.all([1, 2, 3, 4].map(() => slots.run("bench", () => generateSshKey("rsa", 4096, "bench")))),
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const f = (x: number) => x.toFixed(1);
  console.log(`\nSSH key generation, Node ${process.version}, ${new Date().toISOString()}`);
  console.log(`${availableParallelism()} CPUs available; our generator runs ${maxParallel()} generation(s) at once`);
  console.log("| generator | key | keys | mean ms | p50 ms | max ms | loop delay p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.generator} | ${r.type} | ${r.keys} | ${f(r.meanMs)} | ${f(r.p50Ms)} | ${f(r.maxMs)} | ${f(r.lagP50)} | ${f(r.lagP99)} | ${f(r.lagMax)} |`);
  }
}

await main();
