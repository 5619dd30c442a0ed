import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { ServiceBroker } from "moleculer";
import { resetConfig } from "../shared/config.ts";
import { ServiceDatabase, claimOnce } from "../shared/db.ts";
import { defineJobsModels } from "../services/jobs/models.ts";
import { freePort, startNode, waitUntil, type NodeProcess } from "../test/helpers/processes.ts";

/**
 * Job engine throughput: jobs/s end to end (enqueue over NATS → claim → run `jobs.noop` →
 * record) for 1, 2 and 3 `jobs` replicas in separate processes, against the raw claim rate of
 * the database (unique inserts/s, the primitive every claim costs).
 *   npm run bench:jobs        (BENCH_JOBS=2000 BENCH_CONCURRENCY=50 by default)
 * Uses MONGO_URL when set, otherwise starts a throw-away FerretDB; NATS on TEST_NATS_URL or 127.0.0.1:4222.
 */
const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REPLICAS = (process.env.BENCH_REPLICAS ?? "1,2,3").split(",").map(Number);
const NATS = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";

interface Figure {
  name: string;
  perSecond: number;
  note: string;
}

async function withMongo<T>(fn: () => Promise<T>): Promise<T> {
  if (process.env.MONGO_URL) return fn();
  const dir = mkdtempSync(join(tmpdir(), "bench-jobs-"));
  const port = await freePort();
  const pid = execFileSync("bash", ["scripts/infra.sh", "ferretdb-start", dir, String(port)], { encoding: "utf8" }).trim();
  process.env.MONGO_URL = `mongodb://127.0.0.1:${port}/`;
  resetConfig();
  try {
    return await fn();
  } finally {
    process.kill(Number(pid));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pool(total: number, width: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

/** Unique inserts/s with CONCURRENCY writers (the cost of one claim, uncontended). */
async function rawClaimRate(): Promise<Figure[]> {
  process.env.DB_PREFIX = `bench${randomBytes(3).toString("hex")}`;
  resetConfig();
  const db = new ServiceDatabase("jobs", defineJobsModels);
  await db.open();
  const run = `r${randomBytes(3).toString("hex")}`;
  await pool(200, CONCURRENCY, (i) => claimOnce(db.models.claims, `warm:${run}:${i}`, { job_id: "x", created_at: new Date() }));
  const t0 = performance.now();
  await pool(JOBS, CONCURRENCY, (i) => claimOnce(db.models.claims, `lease:${run}:${i}`, { job_id: "x", created_at: new Date() }));
  const secs = (performance.now() - t0) / 1000;
  // an update by _id (what recording `running` and the outcome costs: two per job)
  const t1 = performance.now();
  await pool(JOBS, CONCURRENCY, (i) => db.models.claims.updateOne({ _id: `lease:${run}:${i}` }, { $set: { owner: "y" } }));
  const updSecs = (performance.now() - t1) / 1000;
  await db.connection.dropDatabase();
  await db.close();
  return [
    { name: "raw claim (unique insert)", perSecond: JOBS / secs, note: `${JOBS} inserts, ${CONCURRENCY} writers` },
    {
      name: "raw update by _id",
      perSecond: JOBS / updSecs,
      note: `${JOBS} updates, ${CONCURRENCY} writers; a job started at once costs 1 insert + 1 update, a claimed one 2 inserts + 1 update (+1 if it runs over 100 ms); the engine sends them in batches`,
    },
  ];
}

async function engineRate(replicas: number): Promise<Figure> {
  const prefix = `bench${randomBytes(3).toString("hex")}`;
  const env = {
    TRANSPORTER: NATS,
    NAMESPACE: `bench-jobs-${randomBytes(3).toString("hex")}`,
    DB_PREFIX: prefix,
    LOG_LEVEL: "warn",
    JOBS_PERIODIC_ENABLED: "false",
    JOBS_CONCURRENCY: "50",
    HEALTH_PORT: "0",
  };
  const nodes: NodeProcess[] = [];
  for (let i = 1; i <= replicas; i++) nodes.push(startNode(`jobs-${i}`, { ...env, SERVICES: "jobs", NODE_ID: `bench-jobs-${i}` }));
  const client = new ServiceBroker({
    namespace: env.NAMESPACE,
    nodeID: `bench-client-${process.pid}`,
    transporter: { type: "NATS", options: { url: NATS } },
    serializer: "JSON",
    logger: false,
  });
  await client.start();
  process.env.DB_PREFIX = prefix;
  resetConfig();
  const db = new ServiceDatabase("jobs", defineJobsModels);
  try {
    await waitUntil(
      `${replicas} jobs replicas`,
      async () => {
        const n = new Set((client.registry.getServiceList({ onlyAvailable: true }) as { name: string; nodeID: string }[]).filter((s) => s.name === "jobs").map((s) => s.nodeID))
          .size;
        return n >= replicas ? true : undefined;
      },
      60_000,
    );
    await db.open();
    const t0 = performance.now();
    await pool(JOBS, CONCURRENCY, () => client.call("jobs.enqueue", { type: "jobs.noop", payload: {} }));
    const enqueued = performance.now();
    // every job is stored by now: wait until none is unfinished (asking for one, which the
    // database answers at the first it finds; counting them all, or the succeeded ones, every
    // 500 ms would cost it more than the engine's own reads)
    await waitUntil(
      "all jobs to finish",
      async () => ((await db.models.jobs.exists({ status: { $in: ["queued", "scheduled", "running", "retrying"] } })) === null ? true : undefined),
      600_000,
    );
    const secs = (performance.now() - t0) / 1000;
    const succeeded = await db.models.jobs.countDocuments({ status: "succeeded" });
    if (succeeded !== JOBS) throw new Error(`${succeeded} of ${JOBS} jobs succeeded`);
    const owners = await db.models.jobs.distinct("lease_owner");
    return {
      name: `engine, ${replicas} replica${replicas > 1 ? "s" : ""}`,
      perSecond: JOBS / secs,
      note: `${JOBS} jobs; enqueue phase ${(JOBS / ((enqueued - t0) / 1000)).toFixed(0)}/s; ran on ${owners.length} node(s)`,
    };
  } finally {
    await client.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    await db.connection.dropDatabase().catch(() => {});
    await db.close();
  }
}

async function main(): Promise<void> {
  await withMongo(async () => {
    const figures: Figure[] = await rawClaimRate();
    for (const r of REPLICAS) figures.push(await engineRate(r));
    const base = figures[0]!.perSecond;
    console.log(`\njobs.noop end to end over NATS vs raw unique inserts; ${JOBS} jobs, ${CONCURRENCY} concurrent enqueuers`);
    console.log("| layout | per second | vs raw claim | note |");
    console.log("|---|---|---|---|");
    for (const f of figures) console.log(`| ${f.name} | ${Math.round(f.perSecond)} | ${(f.perSecond / base).toFixed(2)} | ${f.note} |`);
  });
}

await main();
