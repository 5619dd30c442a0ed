import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Gives memory back after a burst of load. Under load V8 lets its heap grow (an embedded process:
 * ~170 MB after start-up, ~370 MB after ten seconds of lists, with about 60 MB of it live) and
 * keeps those pages; its own memory reducer gives them back only once its allocation-rate estimate
 * has decayed, which took 20 to 60 s of idleness here, and sometimes longer. This watches the event
 * loop once a second: when the process has been quiet for `idleMs` and has grown by `growthBytes`
 * since the last reclaim (or since start-up), it runs one memory-reducing full collection (V8's
 * "last resort" GC: it compacts, shrinks the young generation and unmaps the free pages). The
 * collection pauses the loop for tens of milliseconds, once, while nothing is happening; a busy
 * process is never interrupted.
 */
export interface MemoryReclaimOptions {
  /** How long the event loop must have been quiet before reclaiming. */
  idleMs: number;
  /** How much the resident size must have grown since the last reclaim. */
  growthBytes: number;
  /** The event loop's busy share, per check, below which it counts as quiet. */
  quietUtilization: number;
  checkMs: number;
}

export const MEMORY_RECLAIM_DEFAULTS: Omit<MemoryReclaimOptions, "idleMs"> = { growthBytes: 32 * 1024 * 1024, quietUtilization: 0.05, checkMs: 1_000 };

/** What a check sees: the event loop's busy share since the last check and the resident size. */
export interface MemorySample {
  nowMs: number;
  utilization: number;
  rssBytes: number;
}

/** The decision, without clocks or V8: fed one sample per check, it says when to collect. */
export class ReclaimSchedule {
  private quietSinceMs: number | undefined;
  /** The resident size after the last reclaim; 0 until the first, so start-up's garbage goes too. */
  private baselineBytes = 0;

  constructor(private readonly opts: Pick<MemoryReclaimOptions, "idleMs" | "growthBytes" | "quietUtilization">) {}

  shouldReclaim(sample: MemorySample): boolean {
    if (sample.utilization >= this.opts.quietUtilization) {
      this.quietSinceMs = undefined;
      return false;
    }
    this.quietSinceMs ??= sample.nowMs;
    return sample.nowMs - this.quietSinceMs >= this.opts.idleMs && sample.rssBytes - this.baselineBytes >= this.opts.growthBytes;
  }

  reclaimed(rssBytes: number): void {
    this.baselineBytes = rssBytes;
    this.quietSinceMs = undefined;
  }
}

type LastResortGc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** V8's gc() from a context of its own: the main context (every library's global) never gets one. */
function lastResortGc(): LastResortGc {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as LastResortGc;
}

export interface MemoryReclaimer {
  stop(): void;
}

export function startMemoryReclaim(opts: MemoryReclaimOptions, log: (message: string) => void): MemoryReclaimer {
  const gc = lastResortGc();
  const schedule = new ReclaimSchedule(opts);
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    const before = process.memoryUsage.rss();
    if (!schedule.shouldReclaim({ nowMs: performance.now(), utilization, rssBytes: before })) return;
    const started = performance.now();
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    const { rss: after, heapUsed } = process.memoryUsage();
    schedule.reclaimed(after);
    // the collection itself is busy time: the next check must not count it against quiet
    last = performance.eventLoopUtilization();
    log(
      `memory reclaimed after ${opts.idleMs} ms idle: resident ${mb(before)} -> ${mb(after)} MB (${mb(heapUsed)} MB of it live JavaScript objects) in ${Math.round(performance.now() - started)} ms`,
    );
  }, opts.checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function mb(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
