import type { JobStatus } from "../../shared/contracts/jobs.ts";
import { claimOnce } from "../../shared/db.ts";
import type { JobDoc, JobsModels } from "./models.ts";
import { backoffMs, describeFailure } from "./outcome.ts";
import { PERIODIC_JOBS, periodKey, periodStart } from "./periodic.ts";
import type { JobRegistry } from "./registry.ts";
import { enqueueJob, releaseDedupe } from "./store.ts";

/** Statuses a worker picks up once `run_at` is due. */
const CLAIMABLE: JobStatus[] = ["queued", "retrying", "scheduled"];
/** Candidates read per query and tick. */
const BATCH = 100;
/** Timeout used for a job whose type is no longer registered (it fails at once). */
const UNKNOWN_TYPE_TIMEOUT_MS = 10_000;

export interface EngineSettings {
  worker: boolean;
  periodic: boolean;
  pollMs: number;
  leaseMs: number;
  concurrency: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export interface EngineDeps {
  models: JobsModels;
  registry: JobRegistry;
  nodeId: string;
  settings: EngineSettings;
  /** Runs a job: calls the action `type` with the payload as params. */
  call(type: string, payload: Record<string, unknown>, timeoutMs: number, meta: { job_id: string; attempt: number }): Promise<unknown>;
  /** A job was enqueued here (periodic jobs): let every replica know. */
  announce(runAt: Date): void;
  logger: { info(...a: unknown[]): void; warn(...a: unknown[]): void };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The worker of one replica. Each attempt of a job is claimed by inserting the unique claim
 * `lease:<job>:<epoch>:<attempt>` (exactly one winner on MongoDB and FerretDB); the winner is
 * then the only writer of that attempt's running state. Wakes on enqueue events, on the next
 * due run_at or lease expiry, when a slot frees up, and at least every `pollMs`.
 */
export class JobEngine {
  private readonly active = new Map<string, number>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly periodSeen = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private ticking = false;
  private again = false;
  private stopped = true;

  constructor(private readonly deps: EngineDeps) {}

  get running(): number {
    return this.inflight.size;
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Stops claiming and waits (at most `drainMs`) for running attempts to record their outcome. */
  async stop(drainMs = 10_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((r) => {
        timer = setTimeout(r, drainMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Look for work now, or at `at` when that is in the future. */
  wake(at?: Date): void {
    if (this.stopped) return;
    const when = at && at.getTime() > Date.now() ? at.getTime() : Date.now();
    if (when <= Date.now() && this.ticking) {
      this.again = true;
      return;
    }
    this.schedule(when);
  }

  private schedule(atMs: number): void {
    if (this.stopped) return;
    atMs = Math.min(atMs, Date.now() + this.deps.settings.pollMs); // the poll is the longest sleep
    if (this.timer && this.timerAt <= atMs) return;
    clearTimeout(this.timer);
    this.timerAt = atMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      void this.runTick();
    }, Math.max(0, atMs - Date.now()));
  }

  private async runTick(): Promise<void> {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    this.again = false;
    let next = Date.now() + this.deps.settings.pollMs;
    try {
      next = await this.tick();
    } catch (err) {
      this.deps.logger.warn("job engine: tick failed", describeFailure(err, "", 0));
    } finally {
      this.ticking = false;
    }
    if (this.again) this.schedule(Date.now());
    else this.schedule(next);
  }

  /** One pass: periodic enqueues, claims of due and expired jobs; returns when to look again. */
  private async tick(): Promise<number> {
    const { models, settings } = this.deps;
    const now = new Date();
    let next = now.getTime() + settings.pollMs;
    if (settings.periodic) next = Math.min(next, await this.enqueuePeriodic(now));
    if (!settings.worker) return next;

    const full = [...this.active.entries()].filter(([q, n]) => n >= this.limit(q)).map(([q]) => q);
    const notFull = full.length > 0 ? { queue: { $nin: full } } : {};
    const [due, expired] = await Promise.all([
      models.jobs
        .find({ status: { $in: CLAIMABLE }, run_at: { $lte: now }, ...notFull })
        .sort({ run_at: 1 })
        .limit(BATCH)
        .lean<JobDoc[]>(),
      models.jobs
        .find({ status: "running", lease_expires_at: { $lte: now }, ...notFull })
        .limit(BATCH)
        .lean<JobDoc[]>(),
    ]);
    const claims: Promise<boolean>[] = [];
    let skipped = false;
    for (const job of shuffle([...due, ...expired])) {
      if (!this.reserve(job.queue)) {
        skipped = true;
        continue;
      }
      claims.push(this.claimAndRun(job));
    }
    const won = await Promise.all(claims);
    // more candidates than one batch, or lost races with free slots left: look again at once
    if (due.length === BATCH || expired.length === BATCH || (won.includes(false) && skipped)) this.again = true;

    const [nextDue, nextLease] = await Promise.all([
      models.jobs.findOne({ status: { $in: CLAIMABLE }, run_at: { $gt: now } }).sort({ run_at: 1 }).select({ run_at: 1 }).lean<Pick<JobDoc, "run_at">>(),
      models.jobs
        .findOne({ status: "running", lease_expires_at: { $gt: now } })
        .sort({ lease_expires_at: 1 })
        .select({ lease_expires_at: 1 })
        .lean<Pick<JobDoc, "lease_expires_at">>(),
    ]);
    if (nextDue) next = Math.min(next, new Date(nextDue.run_at).getTime());
    if (nextLease?.lease_expires_at) next = Math.min(next, new Date(nextLease.lease_expires_at).getTime());
    return next;
  }

  /** Enqueues each periodic job once per period (the once-key is unique); returns the next period start. */
  private async enqueuePeriodic(now: Date): Promise<number> {
    let next = Number.POSITIVE_INFINITY;
    for (const p of PERIODIC_JOBS) {
      const start = periodStart(now.getTime(), p.everyMs);
      next = Math.min(next, start + p.everyMs);
      if (this.periodSeen.get(p.type) === start) continue;
      const res = await enqueueJob(this.deps.models, this.deps.registry, { type: p.type, payload: {}, once_key: periodKey(p.type, start) }, now);
      this.periodSeen.set(p.type, start);
      if (res?.created) this.deps.announce(now);
    }
    return next;
  }

  private limit(queue: string): number {
    return this.deps.registry.concurrency(queue, this.deps.settings.concurrency);
  }

  private reserve(queue: string): boolean {
    const n = this.active.get(queue) ?? 0;
    if (n >= this.limit(queue)) return false;
    this.active.set(queue, n + 1);
    return true;
  }

  private release(queue: string): void {
    const n = (this.active.get(queue) ?? 1) - 1;
    if (n <= 0) this.active.delete(queue);
    else this.active.set(queue, n);
  }

  /** Resolves once the claim is decided; a won attempt keeps running in the background. */
  private async claimAndRun(job: JobDoc): Promise<boolean> {
    let attempt = 0;
    try {
      attempt = await this.claim(job);
    } catch (err) {
      this.deps.logger.warn("job engine: claim failed", { job_id: job._id, error: describeFailure(err, job.type, 0) });
    }
    if (attempt === 0) {
      this.release(job.queue);
      return false;
    }
    const run: Promise<void> = this.execute(job, attempt)
      .catch((err: unknown) => this.deps.logger.warn("job engine: recording an outcome failed", { job_id: job._id, error: describeFailure(err, job.type, 0) }))
      .finally(() => {
        this.inflight.delete(run);
        this.release(job.queue);
        this.wake();
      });
    this.inflight.add(run);
    return true;
  }

  private ttl(job: Pick<JobDoc, "type">): number {
    return (this.deps.registry.get(job.type)?.timeoutMs ?? UNKNOWN_TYPE_TIMEOUT_MS) + this.deps.settings.leaseMs;
  }

  /** Claims the next attempt of `job`; returns its number, or 0 when another worker has it. */
  private async claim(job: JobDoc): Promise<number> {
    const { models, nodeId } = this.deps;
    let attempt = job.attempts + 1;
    for (let tries = 0; ; tries++) {
      const key = `lease:${job._id}:${job.epoch}:${attempt}`;
      if (await claimOnce(models.claims, key, { job_id: job._id, owner: nodeId, created_at: new Date() })) break;
      // Lost. If the winner of that attempt died before recording it, its claim ages out and the
      // attempt counts as spent: go for the next one (exactly one worker wins that one too).
      const holder = await models.claims.findById(key).lean();
      if (!holder || tries >= 2 || Date.now() - new Date(holder.created_at).getTime() <= this.ttl(job)) return 0;
      attempt += 1;
    }
    const fresh = await models.jobs.findById(job._id).lean<JobDoc>();
    if (!fresh || fresh.epoch !== job.epoch || fresh.attempts !== job.attempts) return 0;
    const now = Date.now();
    const due = CLAIMABLE.includes(fresh.status) && new Date(fresh.run_at).getTime() <= now;
    const expired = fresh.status === "running" && fresh.lease_expires_at !== null && new Date(fresh.lease_expires_at).getTime() <= now;
    return due || expired ? attempt : 0;
  }

  private async cancelRequested(job: Pick<JobDoc, "_id" | "epoch">): Promise<boolean> {
    return (await this.deps.models.claims.exists({ _id: `cancel:${job._id}:${job.epoch}` })) !== null;
  }

  /** Runs a won attempt and records its outcome. */
  private async execute(job: JobDoc, attempt: number): Promise<void> {
    const { models, registry, nodeId } = this.deps;
    const started = new Date();
    if (await this.cancelRequested(job)) {
      await models.jobs.updateOne({ _id: job._id }, { $set: { status: "canceled", updated_at: started, finished_at: started } });
      return;
    }
    if (attempt > job.max_attempts) {
      // the last attempt's worker vanished
      await this.record(job, attempt, job.last_error || "worker lost: lease expired", true);
      return;
    }
    const spec = registry.get(job.type);
    await models.jobs.updateOne(
      { _id: job._id },
      {
        $set: {
          status: "running",
          attempts: attempt,
          lease_owner: nodeId,
          lease_expires_at: new Date(started.getTime() + this.ttl(job)),
          updated_at: started,
        },
      },
    );
    let error: string | undefined;
    if (!spec) {
      error = "unknown job type";
    } else {
      try {
        const payload = JSON.parse(job.payload_json) as Record<string, unknown>;
        await this.deps.call(job.type, payload, spec.timeoutMs, { job_id: job._id, attempt });
      } catch (err) {
        error = describeFailure(err, job.type, spec.timeoutMs);
      }
    }
    await this.record(job, attempt, error, false);
  }

  /**
   * Records an attempt's outcome, unless the job moved on meanwhile (an admin retry or a
   * worker that took over an expired lease). A cancel requested while it ran wins: the job
   * stays `canceled` (with the attempt's error, if any) and never runs again.
   */
  private async record(job: JobDoc, attempt: number, error: string | undefined, exhausted: boolean): Promise<void> {
    const { models, settings } = this.deps;
    const now = new Date();
    const fresh = await models.jobs.findById(job._id).lean<JobDoc>();
    if (!fresh || fresh.epoch !== job.epoch) return;
    if (fresh.attempts !== attempt && !(fresh.attempts === job.attempts && fresh.status === "canceled")) return;
    const finished = { lease_expires_at: null, finished_at: now, updated_at: now, attempts: Math.min(attempt, fresh.max_attempts) };
    let set: Partial<JobDoc>;
    if (fresh.status === "canceled" || (await this.cancelRequested(job))) {
      set = { ...finished, status: "canceled", last_error: error ?? fresh.last_error };
    } else if (error === undefined) {
      set = { ...finished, status: "succeeded" };
    } else if (exhausted || attempt >= fresh.max_attempts) {
      set = { ...finished, status: "failed", last_error: error };
    } else {
      const runAt = new Date(now.getTime() + backoffMs(attempt, settings.backoffBaseMs, settings.backoffMaxMs));
      set = { status: "retrying", last_error: error, run_at: runAt, lease_expires_at: null, updated_at: now };
    }
    await models.jobs.updateOne({ _id: job._id }, { $set: set });
    if (set.status === "retrying") this.wake(set.run_at);
    else await releaseDedupe(models, fresh);
  }
}
