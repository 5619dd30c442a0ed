import type { Logger, ServiceBroker } from "moleculer";
import type { AttemptOutcome, EngineMetrics } from "./engine.ts";
import type { JobsModels } from "./models.ts";
import { COUNTED_STATUSES, oldestDueSeconds, pausedQueues, queueCounts, waitingGroups, type QueueCount, type WaitingGroup } from "./store.ts";
import type { JobRegistry } from "./registry.ts";

/**
 * The job queue's metrics, in Moleculer's registry (runtime/health.ts prints them at /metrics,
 * dots becoming underscores): `jobs_queue_depth{queue,status}`, `jobs_oldest_pending_age_seconds{queue}`,
 * `jobs_queue_paused{queue}` (1 while paused: an alert can tell a paused queue from a stuck one),
 * `jobs_duration_seconds{type,outcome}` (histogram), `jobs_attempts_total{type,outcome}`, `jobs_failures_total{type}`.
 */
export const JOB_METRICS = {
  depth: "jobs.queue.depth",
  oldestPendingAge: "jobs.oldest.pending.age.seconds",
  paused: "jobs.queue.paused",
  duration: "jobs.duration.seconds",
  attempts: "jobs.attempts.total",
  failures: "jobs.failures.total",
} as const;

/** Attempt run times: 5 ms to a minute (longer attempts land in +Inf), 7 bounds: each is a series per job type and outcome. */
export const DURATION_BUCKETS = [0.005, 0.025, 0.1, 0.5, 2.5, 10, 60];

type Metrics = ServiceBroker["metrics"];

/** Registers the job metrics; undefined when metrics are disabled (METRICS_ENABLED=false). */
export function jobMetrics(broker: ServiceBroker): Metrics | undefined {
  if (!broker.isMetricsEnabled()) return undefined;
  const metrics = broker.metrics;
  // registered once per process (a restarted service keeps its counters)
  if (metrics.hasMetric(JOB_METRICS.depth)) return metrics;
  metrics.register({ type: "gauge", name: JOB_METRICS.depth, labelNames: ["queue", "status"], description: "jobs per queue and status (unfinished and failed)" });
  metrics.register({
    type: "gauge",
    name: JOB_METRICS.oldestPendingAge,
    labelNames: ["queue"],
    unit: "seconds",
    description: "age of the oldest due job waiting for a worker (0 when none)",
  });
  metrics.register({ type: "gauge", name: JOB_METRICS.paused, labelNames: ["queue"], description: "1 while the queue is paused (no replica starts its jobs), else 0" });
  metrics.register({
    type: "histogram",
    name: JOB_METRICS.duration,
    labelNames: ["type", "outcome"],
    unit: "seconds",
    description: "run time of the job attempts this process ran, by outcome",
    buckets: DURATION_BUCKETS,
  });
  metrics.register({ type: "counter", name: JOB_METRICS.attempts, labelNames: ["type", "outcome"], description: "job attempts this process ran, by outcome" });
  metrics.register({ type: "counter", name: JOB_METRICS.failures, labelNames: ["type"], description: "job attempts this process ran that ended in an error" });
  return metrics;
}

/** What the engine reports of each attempt it ran, into the registry. */
export function engineMetrics(metrics: Metrics): EngineMetrics {
  return {
    attempt({ type, outcome, seconds, failed }: { type: string; queue: string; outcome: AttemptOutcome; seconds: number; failed: boolean }) {
      metrics.observe(JOB_METRICS.duration, seconds, { type, outcome });
      metrics.increment(JOB_METRICS.attempts, { type, outcome });
      if (failed) metrics.increment(JOB_METRICS.failures, { type });
    },
  };
}

/**
 * The gauges' values: depth per queue and status, and per queue the age of the oldest due
 * waiting job (`waiting`: the queued, retrying and scheduled groups, with their earliest run_at).
 */
export function queueGauges(
  counts: QueueCount[],
  waiting: WaitingGroup[],
  queues: Iterable<string>,
  now: number,
): { depth: { queue: string; status: string; n: number }[]; oldest: { queue: string; seconds: number }[] } {
  const names = new Set(queues);
  for (const c of counts) names.add(c.queue);
  const depth: { queue: string; status: string; n: number }[] = [];
  const oldest: { queue: string; seconds: number }[] = [];
  for (const queue of [...names].sort()) {
    for (const status of COUNTED_STATUSES) depth.push({ queue, status, n: counts.find((c) => c.queue === queue && c.status === status)?.n ?? 0 });
    oldest.push({ queue, seconds: oldestDueSeconds(waiting, queue, now) });
  }
  return { depth, oldest };
}

/**
 * Refreshes the queue gauges every `intervalMs` (a Prometheus scrape never waits for the
 * database): one count per status (the queues view's query), and the earliest run_at of
 * each queue and status where jobs wait. The timer does not keep the
 * process alive; a refresh still running when the next is due is not doubled.
 */
export class QueueGaugeRefresher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Queues seen before: a queue whose jobs are all gone reads 0, not its last count. */
  private readonly seen = new Set<string>();

  constructor(private readonly deps: { models: JobsModels; registry: JobRegistry; metrics: Metrics; logger: Pick<Logger, "warn">; intervalMs: number }) {}

  start(): void {
    if (this.timer || this.deps.intervalMs <= 0) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One refresh now (joins the one running, if any). */
  refresh(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.update()
      .catch((err: unknown) => this.deps.logger.warn("jobs: refreshing the queue metrics failed", { error: (err as Error | null)?.message ?? String(err) }))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async update(): Promise<void> {
    const { models, registry, metrics } = this.deps;
    const counts = await queueCounts(models);
    // the oldest waiting job is looked up only where jobs wait (an idle system asks nothing more)
    const waiting = await waitingGroups(models, counts);
    for (const q of registry.queues()) this.seen.add(q);
    const { depth, oldest } = queueGauges(counts, waiting, this.seen, Date.now());
    for (const d of depth) {
      this.seen.add(d.queue);
      metrics.set(JOB_METRICS.depth, d.n, { queue: d.queue, status: d.status });
    }
    for (const o of oldest) metrics.set(JOB_METRICS.oldestPendingAge, o.seconds, { queue: o.queue });
    const paused = await pausedQueues(models);
    for (const q of paused) this.seen.add(q);
    for (const q of this.seen) metrics.set(JOB_METRICS.paused, paused.has(q) ? 1 : 0, { queue: q });
  }
}
