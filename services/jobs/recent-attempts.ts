import type { AttemptCounts, JobStats, RecentAttempts as RecentAttemptsOut } from "../../shared/contracts/jobs.ts";
import type { AttemptOutcome, EngineMetrics } from "./engine.ts";

const MINUTE = 60_000;
/** Minutes kept: the last hour. */
const KEPT = 60;

const none = (): AttemptCounts => ({ succeeded: 0, failed: 0, retrying: 0, canceled: 0 });

/**
 * This replica's counters of the attempts its engine ran, per minute and queue, for the last
 * hour: what the administrators' throughput view adds up over every replica (`statsOf`).
 */
export class RecentAttempts implements EngineMetrics {
  /** minute (epoch ms) → queue → counts */
  private readonly minutes = new Map<number, Map<string, AttemptCounts>>();

  attempt({ queue, outcome }: { queue: string; outcome: AttemptOutcome }, now = Date.now()): void {
    const minute = Math.floor(now / MINUTE) * MINUTE;
    let queues = this.minutes.get(minute);
    if (!queues) {
      queues = new Map();
      this.minutes.set(minute, queues);
      for (const at of this.minutes.keys()) if (at <= minute - KEPT * MINUTE) this.minutes.delete(at);
    }
    const counts = queues.get(queue) ?? none();
    counts[outcome]++;
    queues.set(queue, counts);
  }

  /** The last hour's counts, oldest minute first. */
  snapshot(now = Date.now()): RecentAttemptsOut {
    const since = Math.floor(now / MINUTE) * MINUTE - (KEPT - 1) * MINUTE;
    const minutes = [...this.minutes.entries()]
      .filter(([at]) => at >= since)
      .sort(([a], [b]) => a - b)
      .flatMap(([at, queues]) => [...queues.entries()].map(([queue, c]) => ({ at: new Date(at).toISOString(), queue, ...c })));
    return { minutes };
  }
}

/** Both: the process's metrics and its recent counters hear of every attempt. */
export function bothMetrics(a: EngineMetrics | undefined, b: EngineMetrics): EngineMetrics {
  return {
    attempt(x) {
      a?.attempt(x);
      b.attempt(x);
    },
  };
}

function add(into: AttemptCounts, c: AttemptCounts): void {
  into.succeeded += c.succeeded;
  into.failed += c.failed;
  into.retrying += c.retrying;
  into.canceled += c.canceled;
}

/** Every replica's counters added up: sixty minutes (zeros where nothing ended), and per queue over the hour. */
export function statsOf(replicas: readonly RecentAttemptsOut[], missing: number, now = Date.now()): JobStats {
  const first = Math.floor(now / MINUTE) * MINUTE - (KEPT - 1) * MINUTE;
  const minutes = Array.from({ length: KEPT }, (_, i) => ({ at: new Date(first + i * MINUTE).toISOString(), ...none() }));
  const byQueue = new Map<string, AttemptCounts>();
  for (const r of replicas) {
    for (const m of r.minutes) {
      const i = Math.round((Date.parse(m.at) - first) / MINUTE);
      if (i < 0 || i >= KEPT) continue;
      add(minutes[i]!, m);
      const q = byQueue.get(m.queue) ?? none();
      add(q, m);
      byQueue.set(m.queue, q);
    }
  }
  return {
    since: new Date(first).toISOString(),
    minutes,
    queues: [...byQueue.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([queue, c]) => ({ queue, ...c })),
    replicas: replicas.length,
    replicas_missing: missing,
  };
}
