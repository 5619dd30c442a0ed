import { isInternalJobType } from "../../shared/contracts/jobs.ts";
import type { Context } from "moleculer";
import type { JobAttempt } from "../../shared/context.ts";
import { withEvents } from "../../shared/event-outbox.ts";
import { JOB_FAILED_FOR_GOOD, type JobStatus } from "../../shared/contracts/jobs.ts";
import { retryIdempotent } from "../../shared/db.ts";
import type { JobGroupCommit } from "./group-commit.ts";
import type { JobDoc, JobsModels } from "./models.ts";
import { backoffMs, describeFailure } from "./outcome.ts";
import { isUnavailable } from "../../shared/errors.ts";
import { PERIODIC_JOBS, PERIODIC_OUTAGE_ATTEMPTS, isPeriodicKey, periodKey, periodStart } from "./periodic.ts";
import type { JobRegistry } from "./registry.ts";
import { enqueueJob, pausedQueues, releaseDedupe, type NewJobLease } from "./store.ts";

/** Statuses a worker picks up once `run_at` is due. */
const CLAIMABLE: JobStatus[] = ["queued", "retrying", "scheduled"];
/** Unfinished jobs read per safety-net scan. */
const SCAN_LIMIT = 2_000;
/** Candidates a replica keeps in memory; beyond this the periodic scan finds the rest. */
const MAX_CANDIDATES = 20_000;
/** Wakes within this window share one pass. */
const WAKE_COALESCE_MS = 5;
/** Timeout used for a job whose type is no longer registered (it fails at once). */
const UNKNOWN_TYPE_TIMEOUT_MS = 10_000;
/** After a claimed attempt could not start, the job is offered again after this pause. */
const GIVE_BACK_PAUSE_MS = 1_000;
/**
 * How old the stored pause state a replica checks before it starts a job may be: a read started
 * longer ago is made again. A pause answers no sooner than this after it is stored, so no
 * replica starts a job of the queue after the pause answered, whether or not it heard of it.
 */
export const PAUSE_STATE_MAX_AGE_MS = 500;

/** What a worker needs to try a claim; enqueue events carry it, so no scan is needed to find new work. */
export type Candidate = Pick<JobDoc, "_id" | "type" | "queue" | "status" | "attempts" | "epoch" | "run_at" | "updated_at">;

/** Due for its next attempt: waiting with run_at passed, or running under an expired lease (its worker is gone). */
function claimable(job: Pick<JobDoc, "status" | "run_at" | "lease_expires_at">, now = Date.now()): boolean {
  if (job.status === "running") return job.lease_expires_at !== null && new Date(job.lease_expires_at).getTime() <= now;
  return CLAIMABLE.includes(job.status) && new Date(job.run_at).getTime() <= now;
}

/** An attempt this worker claimed: the job as read after the claim, and the attempt number. */
interface WonAttempt {
  job: JobDoc;
  attempt: number;
}

export function toCandidate(j: Candidate): Candidate {
  return { _id: j._id, type: j.type, queue: j.queue, status: j.status, attempts: j.attempts, epoch: j.epoch, run_at: new Date(j.run_at), updated_at: new Date(j.updated_at) };
}

export interface EngineSettings {
  worker: boolean;
  periodic: boolean;
  pollMs: number;
  leaseMs: number;
  /** A claimed attempt still running after this long is marked `running` (see execute()). */
  runningMarkMs: number;
  concurrency: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

/** How an attempt's outcome was recorded. */
export type AttemptOutcome = Extract<JobStatus, "succeeded" | "failed" | "retrying" | "canceled">;

/** What the engine reports of the attempts it runs (the process's metrics). */
export interface EngineMetrics {
  /** An attempt this replica ran had its outcome recorded: run time in seconds, and whether it ended in an error. */
  attempt(a: { type: string; queue: string; outcome: AttemptOutcome; seconds: number; failed: boolean }): void;
}

/** The job's service could not be reached (no node, its node gone, its own 503 about an outage). */
function serviceOut(err: unknown): boolean {
  return isUnavailable(err) || (err as { type?: unknown } | null)?.type === "service_unavailable";
}

/** A handler's error that no retry can fix (its `type` is JOB_FAILED_FOR_GOOD): the job fails at once. */
/** Error types no retry can fix: the handler said so, or refused its parameters (Moleculer's validator or ours). */
const FOR_GOOD_TYPES: ReadonlySet<unknown> = new Set([JOB_FAILED_FOR_GOOD, "VALIDATION_ERROR", "validation_error"]);

function failedForGood(err: unknown): boolean {
  return typeof err === "object" && err !== null && FOR_GOOD_TYPES.has((err as { type?: unknown }).type);
}

export interface EngineDeps {
  models: JobsModels;
  registry: JobRegistry;
  commit: JobGroupCommit;
  nodeId: string;
  settings: EngineSettings;
  /** Runs a job: calls the action `type` with the payload as params, under the request id that enqueued it. */
  call(type: string, payload: Record<string, unknown>, timeoutMs: number, meta: JobAttempt, requestId: string | undefined): Promise<unknown>;
  /** A job was enqueued here (periodic jobs): hand it to a worker replica. */
  announce(job: Candidate): void;
  logger: { info(...a: unknown[]): void; warn(...a: unknown[]): void };
  /** Reports each attempt's outcome and run time; absent when metrics are disabled. */
  metrics?: EngineMetrics | undefined;
  /** Delivers the `job.failed` events of organizations' jobs to the audit log. */
  events: Pick<Context, "call">;
}

/** The organization a job's payload names, if any. */
function organizationOf(payloadJson: string): string | undefined {
  try {
    const id = (JSON.parse(payloadJson) as { organization_id?: unknown } | null)?.organization_id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
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
  private lastMaintenance = 0;
  private rescan = false;
  /** Jobs this replica may claim when due: from enqueue events, its own retries and scans. */
  private readonly candidates = new Map<string, Candidate>();
  /**
   * Queues whose jobs this replica does not start (queue_pauses, read before the first claim,
   * at every safety-net scan, when a pause or resume is announced, and by `pausedNow`): skips
   * a paused queue's candidates early. Whether a job starts is decided by `pausedNow`.
   */
  private paused = new Set<string>();
  /** The last read of the stored pause state and when it started (performance.now()). */
  private pauseState: { startedAt: number; queues: Set<string> } | undefined;
  /** The read of the pause state in flight, if any. */
  private pauseReading: { startedAt: number; done: Promise<Set<string>> } | undefined;

  constructor(private readonly deps: EngineDeps) {}

  get running(): number {
    return this.inflight.size;
  }

  /** Reads the paused queues, then starts claiming. */
  async start(): Promise<void> {
    if (this.deps.settings.worker) await this.readPauses();
    this.stopped = false;
    this.wake();
  }

  /** The queues this replica does not start jobs of. */
  get pausedQueues(): string[] {
    return [...this.paused].sort();
  }

  /** Reads the paused queues now (after a pause or resume anywhere): a paused queue's candidates are dropped, a resumed one is scanned for at once. */
  async refreshPauses(): Promise<void> {
    if (!this.deps.settings.worker) return;
    await this.readPauses();
  }

  /** Reads the stored pause state (a new read, started now) and applies it. */
  private readPauses(): Promise<Set<string>> {
    const startedAt = performance.now();
    const done = pausedQueues(this.deps.models).then((queues) => {
      // a slower read that started earlier never replaces a newer one
      if (!this.pauseState || this.pauseState.startedAt <= startedAt) {
        this.pauseState = { startedAt, queues };
        this.applyPauses(queues);
      }
      return queues;
    });
    const reading = { startedAt, done };
    this.pauseReading = reading;
    const clear = () => {
      if (this.pauseReading === reading) this.pauseReading = undefined;
    };
    done.then(clear, clear);
    return done;
  }

  /**
   * Whether `queue` is paused, by the stored state as read at most PAUSE_STATE_MAX_AGE_MS ago
   * (a read started within that time, finished or in flight, or a new one): checked right before
   * a job starts, so a replica that missed an announced pause starts none after the pause
   * answered. Rejects when the state cannot be read (the job is then not started).
   */
  private async pausedNow(queue: string): Promise<boolean> {
    const fresh = (startedAt: number) => performance.now() - startedAt <= PAUSE_STATE_MAX_AGE_MS;
    if (this.pauseState && fresh(this.pauseState.startedAt)) return this.pauseState.queues.has(queue);
    const queues = await (this.pauseReading && fresh(this.pauseReading.startedAt) ? this.pauseReading.done : this.readPauses());
    return queues.has(queue);
  }

  private applyPauses(now: Set<string>): void {
    const resumed = [...this.paused].some((q) => !now.has(q));
    this.paused = now;
    for (const [id, c] of this.candidates) if (now.has(c.queue)) this.candidates.delete(id);
    if (resumed) {
      // the resumed queues' waiting jobs are found by a scan (their candidates were dropped)
      this.lastMaintenance = 0;
      this.wake();
    }
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

  /** Look for work now (within a few ms, so a burst of wakes makes one pass), or at `at` when that is in the future. */
  wake(at?: Date): void {
    if (this.stopped) return;
    const soon = Date.now() + WAKE_COALESCE_MS;
    const when = at && at.getTime() > soon ? at.getTime() : soon;
    if (when === soon && this.ticking) {
      this.again = true;
      return;
    }
    this.schedule(when);
  }

  /** A job that may be claimed at its run_at (an enqueue event, a retry). */
  offer(job: Candidate): void {
    if (this.stopped || !this.deps.settings.worker || this.paused.has(job.queue)) return;
    const at = new Date(job.run_at);
    if (at.getTime() > Date.now() + this.deps.settings.pollMs) return; // a scan before then picks it up
    if (this.candidates.size < MAX_CANDIDATES) this.candidates.set(job._id, toCandidate(job));
    else this.rescan = true;
    this.wake(at);
  }

  /**
   * A lease for a new job this replica runs itself, when the job is due now and its queue has a
   * free slot here (the slot is taken): the job is then inserted already `running` as attempt 1
   * under this lease, which saves the claim insert, a read and the `running` write of a job
   * handed to a worker. Give the slot back with `releaseNew` when the job was not inserted.
   */
  leaseNew(type: string, queue: string, runAt: Date | undefined): NewJobLease | undefined {
    if (this.stopped || !this.deps.settings.worker) return undefined;
    if (runAt && runAt.getTime() > Date.now()) return undefined;
    if (this.paused.has(queue) || !this.reserve(queue)) return undefined;
    return { queue, owner: this.deps.nodeId, expires_at: new Date(Date.now() + this.ttl({ type })) };
  }

  releaseNew(lease: NewJobLease): void {
    this.release(lease.queue);
    this.wake();
  }

  /**
   * Runs a job inserted under `leaseNew`'s lease (in the background), unless its queue is
   * paused by the stored state (`pausedNow`; also when that cannot be read): then the job is
   * put back `queued`, unstarted, for after the resume, and its slot freed. Answers the job as
   * it now is.
   */
  async runNew(job: JobDoc): Promise<JobDoc> {
    // the attempt is recorded against the job as it was before attempt 1
    const before: JobDoc = { ...job, status: "queued", attempts: 0, lease_owner: null, lease_expires_at: null };
    let paused: boolean;
    try {
      paused = await this.pausedNow(job.queue);
    } catch (err) {
      this.deps.logger.warn("job engine: the paused queues could not be read; a new job waits instead of starting", { job_id: job._id, error: describeFailure(err, job.type, 0) });
      paused = true;
    }
    if (!paused) {
      this.track({ job: before, attempt: 1 }, true);
      return job;
    }
    this.release(job.queue);
    this.wake();
    const back = { ...before, updated_at: new Date() };
    try {
      const undone = await this.deps.commit.update({
        id: job._id,
        set: { status: back.status, attempts: back.attempts, lease_owner: null, lease_expires_at: null, updated_at: back.updated_at },
        where: { epoch: job.epoch, attempts: 1, status: "running", lease_owner: this.deps.nodeId },
      });
      if (undone) return back;
    } catch (err) {
      // the job stays `running` under our lease, never started: when the lease expires it is claimed again
      this.deps.logger.warn("job engine: putting back a job of a paused queue failed", { job_id: job._id, error: describeFailure(err, job.type, 0) });
    }
    return job;
  }

  private schedule(atMs: number): void {
    if (this.stopped) return;
    atMs = Math.min(atMs, Date.now() + this.deps.settings.pollMs); // the poll is the longest sleep
    if (this.timer && this.timerAt <= atMs) return;
    clearTimeout(this.timer);
    this.timerAt = atMs;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        void this.runTick();
      },
      Math.max(0, atMs - Date.now()),
    );
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
    // set by a runTick that came while this one awaited: TypeScript keeps `this.again = false` across the await
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (this.again) this.schedule(Date.now());
    else this.schedule(next);
  }

  /**
   * One pass: periodic enqueues, then claims of due candidates. New work arrives with enqueue
   * events; the scans (FerretDB answers them by reading the whole collection) run once per
   * poll interval, as a safety net for missed events, and for expired leases.
   */
  private async tick(): Promise<number> {
    const { models, settings } = this.deps;
    const now = new Date();
    const nowMs = now.getTime();
    let next = nowMs + settings.pollMs;
    if (settings.periodic) next = Math.min(next, await this.enqueuePeriodic(now));
    if (!settings.worker) return next;

    const expired: JobDoc[] = [];
    const maintenance = (this.rescan && this.candidates.size === 0) || nowMs - this.lastMaintenance >= settings.pollMs;
    let scannedFull = false;
    if (maintenance) {
      // the paused queues first (a replica that missed an announced pause or resume catches up here)
      await this.readPauses();
      this.rescan = false;
      this.lastMaintenance = nowMs;
      // one scan (FerretDB reads the whole collection for it) gives due jobs, expired leases and the next due time;
      // a paused queue's jobs are left where they are (an expired lease of one is taken over once it is resumed)
      const paused = [...this.paused];
      const open = await models.jobs
        .find({ status: { $in: [...CLAIMABLE, "running"] }, ...(paused.length > 0 ? { queue: { $nin: paused } } : {}) })
        .select({ payload_json: 0, last_error: 0 })
        .sort({ run_at: 1 })
        .limit(SCAN_LIMIT)
        .lean<JobDoc[]>();
      const horizon = nowMs + settings.pollMs;
      for (const j of open) {
        if (j.status === "running") {
          if (j.lease_expires_at !== null && new Date(j.lease_expires_at).getTime() <= nowMs) expired.push(j);
          else if (j.lease_expires_at !== null) next = Math.min(next, new Date(j.lease_expires_at).getTime());
        } else if (new Date(j.run_at).getTime() <= horizon && this.candidates.size < MAX_CANDIDATES) {
          // due before the next scan: keep it (a job further out is found by a later scan)
          this.candidates.set(j._id, toCandidate(j));
        }
      }
      scannedFull = open.length === SCAN_LIMIT;
    }

    const claims: Promise<boolean>[] = [];
    for (const job of expired) if (this.reserve(job.queue)) claims.push(this.claimAndRun(toCandidate(job)));
    // replicas that found the same jobs in a scan: trying them in random order keeps them off each other's claims
    for (const job of shuffle([...this.candidates.values()])) {
      const at = job.run_at.getTime();
      if (at > nowMs) {
        next = Math.min(next, at);
        continue;
      }
      if (!this.reserve(job.queue)) continue; // stays a candidate until a slot frees up
      this.candidates.delete(job._id);
      claims.push(this.claimAndRun(job));
    }
    await Promise.all(claims);
    if (scannedFull) {
      // more due work than one scan returns: scan again once slots free up
      this.rescan = true;
    }
    return next;
  }

  /** Enqueues each periodic job once per period (the once-key is unique); returns the next period start. */
  private async enqueuePeriodic(now: Date): Promise<number> {
    let next = Number.POSITIVE_INFINITY;
    for (const p of PERIODIC_JOBS) {
      const start = periodStart(now.getTime(), p.everyMs);
      next = Math.min(next, start + p.everyMs);
      if (this.periodSeen.get(p.type) === start) continue;
      const maxAttempts = Math.max(this.deps.registry.get(p.type)?.maxAttempts ?? 1, PERIODIC_OUTAGE_ATTEMPTS);
      const res = await enqueueJob(this.deps, { type: p.type, payload: {}, once_key: periodKey(p.type, start), max_attempts: maxAttempts }, now);
      this.periodSeen.set(p.type, start);
      if (res?.created) this.deps.announce(res.job);
    }
    return next;
  }

  private limit(queue: string): number {
    return this.deps.registry.concurrency(queue, this.deps.settings.concurrency);
  }

  /** Takes a slot of the queue on this replica; none while the queue is paused. */
  private reserve(queue: string): boolean {
    if (this.paused.has(queue)) return false;
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
  private async claimAndRun(candidate: Candidate): Promise<boolean> {
    let won: WonAttempt | undefined;
    try {
      won = await this.claim(candidate);
    } catch (err) {
      // nothing was claimed: offer it again after a pause (the database is struggling)
      this.deps.logger.warn("job engine: claim failed", { job_id: candidate._id, error: describeFailure(err, candidate.type, 0) });
      setTimeout(() => this.offer({ ...candidate, run_at: new Date() }), GIVE_BACK_PAUSE_MS).unref();
    }
    if (!won) {
      this.release(candidate.queue);
      return false;
    }
    this.track(won, false);
    return true;
  }

  /** Runs a won attempt in the background; its slot is released when its outcome is recorded. */
  private track(won: WonAttempt, alreadyRunning: boolean): void {
    const { job } = won;
    const run: Promise<void> = this.execute(won, alreadyRunning)
      .catch((err: unknown) => this.deps.logger.warn("job engine: recording an outcome failed", { job_id: job._id, error: describeFailure(err, job.type, 0) }))
      .finally(() => {
        this.inflight.delete(run);
        this.release(job.queue);
        this.wake();
      });
    this.inflight.add(run);
  }

  /**
   * How long a claim or lease of the job's attempt holds: a heartbeat type's lease is one
   * JOBS_LEASE_MS, renewed while the attempt runs (`keepLease`); any other's covers its timeout.
   */
  private ttl(job: Pick<JobDoc, "type">): number {
    const spec = this.deps.registry.get(job.type);
    if (spec?.heartbeat === true) return this.deps.settings.leaseMs;
    return (spec?.timeoutMs ?? UNKNOWN_TYPE_TIMEOUT_MS) + this.deps.settings.leaseMs;
  }

  /**
   * Renews a heartbeat attempt's lease every third of a lease while it runs: one conditional
   * write on the attempt this replica holds (a write that no longer matches means the job moved
   * on: canceled, retried by an admin, or taken over; the renewals stop). Returns the stop.
   */
  private keepLease(job: JobDoc, attempt: number): () => void {
    const leaseMs = this.deps.settings.leaseMs;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const beat = async () => {
      const now = new Date();
      let held = true;
      try {
        held = await this.deps.commit.update({
          id: job._id,
          set: { lease_expires_at: new Date(now.getTime() + leaseMs), updated_at: now },
          where: { epoch: job.epoch, attempts: attempt, status: "running", lease_owner: this.deps.nodeId },
        });
      } catch (err) {
        // a missed renewal is tried again at the next beat; the lease still has two thirds left
        this.deps.logger.warn("job engine: renewing a lease failed", { job_id: job._id, error: describeFailure(err, job.type, 0) });
      }
      if (!held) this.deps.logger.warn("job engine: a heartbeat job moved on while it ran; its lease is no longer renewed", { job_id: job._id });
      else if (!stopped) timer = setTimeout(() => void beat(), Math.max(1, Math.floor(leaseMs / 3)));
    };
    timer = setTimeout(() => void beat(), Math.max(1, Math.floor(leaseMs / 3)));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  /**
   * Claims the next attempt of a candidate by inserting `lease:<job>:<epoch>:<attempt>`;
   * returns the job and the attempt number, or nothing when another worker has it or the job
   * moved on since the candidate was seen.
   */
  private async claim(c: Candidate): Promise<WonAttempt | undefined> {
    const { models, nodeId } = this.deps;
    let attempt = c.attempts + 1;
    let key: string;
    for (let tries = 0; ; tries++) {
      key = `lease:${c._id}:${c.epoch}:${attempt}`;
      if (await this.deps.commit.claim(key, { job_id: c._id, owner: nodeId, created_at: new Date() })) break;
      // Lost: usually another worker has this attempt. If that worker died before touching the
      // job (the job, read now, still shows the candidate's attempt, untouched for longer than
      // a lease), its claim ages out and the attempt counts as spent: go for the next one
      // (exactly one worker wins that one too). A stale candidate (the job moved on) stops
      // here, so it never takes a claim a later attempt of the job will need.
      const ttl = this.ttl(c);
      const untouchedFor = (j: Pick<JobDoc, "updated_at" | "run_at">) => Date.now() - Math.max(new Date(j.updated_at).getTime(), new Date(j.run_at).getTime());
      if (tries >= 2 || untouchedFor(c) <= ttl) return undefined;
      const holder = await models.claims.findById(key).lean();
      if (!holder || Date.now() - new Date(holder.created_at).getTime() <= ttl) return undefined;
      const current = await models.jobs.findById(c._id).select({ payload_json: 0 }).lean<JobDoc>();
      if (!current || current.epoch !== c.epoch || current.attempts !== c.attempts || !claimable(current) || untouchedFor(current) <= ttl) return undefined;
      attempt += 1;
    }
    // the winner reads the job (by _id: cheap) and checks it is still what the candidate said
    let job: JobDoc | null;
    try {
      job = await this.deps.commit.job(c._id);
    } catch (err) {
      await this.giveBack(c, key, err);
      return undefined;
    }
    if (!job || job.epoch !== c.epoch || job.attempts !== c.attempts) return undefined;
    let paused: boolean;
    try {
      paused = await this.pausedNow(c.queue);
    } catch (err) {
      await this.giveBack(c, key, err);
      return undefined;
    }
    if (paused) {
      // paused (the stored state, even if this replica missed the announcement): the attempt is not started, and its claim is freed for after the resume
      await this.freeClaim(c, key);
      return undefined;
    }
    return claimable(job) ? { job, attempt } : undefined;
  }

  /** Deletes a claim this replica won but will not use (it would otherwise age out and count the attempt as spent). */
  private async freeClaim(c: Candidate, key: string): Promise<boolean> {
    try {
      await retryIdempotent(() => this.deps.models.claims.deleteOne({ _id: key, owner: this.deps.nodeId }));
      return true;
    } catch (err) {
      this.deps.logger.warn("job engine: freeing a claim failed (it ages out)", { job_id: c._id, error: describeFailure(err, c.type, 0) });
      return false;
    }
  }

  /**
   * A won attempt that could not start (the database failed us before the job was touched):
   * frees its claim so the same attempt can be claimed again, and offers the job again after a
   * pause. Without this the attempt would count as spent once its claim aged out, although
   * the job never ran. If the claim cannot be freed either, it ages out as before.
   */
  private async giveBack(c: Candidate, key: string, cause: unknown): Promise<void> {
    this.deps.logger.warn("job engine: a claimed attempt could not start; giving it back", { job_id: c._id, error: describeFailure(cause, c.type, 0) });
    if (await this.freeClaim(c, key)) setTimeout(() => this.offer({ ...c, run_at: new Date() }), GIVE_BACK_PAUSE_MS).unref();
  }

  private cancelRequested(job: Pick<JobDoc, "_id" | "epoch">): Promise<boolean> {
    return this.deps.commit.cancelRequested(`cancel:${job._id}:${job.epoch}`);
  }

  /** Runs a won attempt and records its outcome (`alreadyRunning`: inserted as `running`, see `leaseNew`). */
  private async execute({ job, attempt }: WonAttempt, alreadyRunning: boolean): Promise<void> {
    if (attempt > job.max_attempts) {
      // the last attempt's worker vanished
      await this.record(job, attempt, job.last_error || "worker lost: lease expired", true);
      return;
    }
    const spec = this.deps.registry.get(job.type);
    // A claimed attempt is exclusive from its claim on. The job is marked `running` (with our
    // lease) only if the attempt is still running after `runningMarkMs`: a short job costs one
    // write of the job (its outcome) instead of two. The mark is conditional, so it never
    // undoes a cancel; without it, a worker that dies leaves its claim to age out (see claim()).
    let mark: Promise<boolean> | undefined;
    // a heartbeat attempt is marked at once: its short lease must be stored before it is renewed
    const markMs = spec?.heartbeat === true ? 0 : this.deps.settings.runningMarkMs;
    if (!alreadyRunning && markMs === 0) mark = this.markRunning(job, attempt);
    const markLater =
      alreadyRunning || markMs === 0
        ? undefined
        : setTimeout(() => {
            mark = this.markRunning(job, attempt);
          }, markMs);
    let error: string | undefined;
    let forGood = false;
    const started = performance.now();
    if (!spec) {
      error = "unknown job type";
    } else {
      const stopBeating = spec.heartbeat === true ? await this.heartbeatAfterMark(job, attempt, alreadyRunning, mark) : undefined;
      try {
        const payload = JSON.parse(job.payload_json) as Record<string, unknown>;
        await this.deps.call(job.type, payload, spec.timeoutMs, { job_id: job._id, attempt, max_attempts: job.max_attempts }, job.request_id);
      } catch (err) {
        error = describeFailure(err, job.type, spec.timeoutMs);
        // a periodic job's own failure ends it after its type's attempts; its service being out is retried
        forGood = failedForGood(err) || (isPeriodicKey(job.once_key) && attempt >= spec.maxAttempts && !serviceOut(err));
      } finally {
        stopBeating?.();
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearTimeout(markLater);
    const marked = alreadyRunning || (mark !== undefined && (await mark));
    const outcome = await this.record(job, attempt, error, false, marked, forGood);
    if (outcome) this.deps.metrics?.attempt({ type: job.type, queue: job.queue, outcome, seconds, failed: error !== undefined });
  }

  /**
   * Starts renewing a heartbeat attempt's lease once it is stored `running` under this replica
   * (inserted so, or marked now); an attempt whose mark did not land is not renewed (the job
   * moved on, or the database failed us: its claim then ages out within a lease).
   */
  private async heartbeatAfterMark(job: JobDoc, attempt: number, alreadyRunning: boolean, mark: Promise<boolean> | undefined): Promise<(() => void) | undefined> {
    const marked = alreadyRunning || (mark !== undefined && (await mark));
    return marked ? this.keepLease(job, attempt) : undefined;
  }

  /** Marks a claimed attempt `running` under our lease, unless the job moved on meanwhile; true when written. */
  private async markRunning(job: JobDoc, attempt: number): Promise<boolean> {
    const now = new Date();
    const running = { status: "running" as const, attempts: attempt, lease_owner: this.deps.nodeId, lease_expires_at: new Date(now.getTime() + this.ttl(job)), updated_at: now };
    try {
      return await this.deps.commit.update({ id: job._id, set: running, where: { epoch: job.epoch, attempts: job.attempts, status: job.status } });
    } catch (err) {
      this.deps.logger.warn("job engine: marking a job running failed (its outcome is still recorded)", { job_id: job._id, error: describeFailure(err, job.type, 0) });
      return false;
    }
  }

  /**
   * Records an attempt's outcome, unless the job moved on meanwhile (an admin retry bumped its
   * epoch, or a worker took over an expired lease). A cancel requested while it ran wins: the
   * job stays `canceled` (with the attempt's error, if any) and never runs again. Reads and
   * writes go by `_id` alone: FerretDB answers those from its index, any other filter scans.
   * `forGood`: the error is final (no retry, whatever attempts remain). Returns the outcome
   * recorded, or nothing when the job had moved on.
   */
  private async record(job: JobDoc, attempt: number, error: string | undefined, exhausted: boolean, marked = false, forGood = false): Promise<AttemptOutcome | undefined> {
    const now = new Date();
    // A cancel stores its claim before it touches the job, so with no cancel claim one
    // conditional write records the outcome while the job is still our attempt: marked
    // running by us, or (a short attempt, never marked) exactly as we claimed it.
    // Otherwise (canceled, or moved on meanwhile) the full check below decides.
    if (!exhausted && !(await this.cancelRequested(job))) {
      const set = this.outcome(job, attempt, error, forGood, false, now);
      const where = marked
        ? { epoch: job.epoch, attempts: attempt, status: "running" as const, lease_owner: this.deps.nodeId }
        : { epoch: job.epoch, attempts: job.attempts, status: job.status };
      if (await this.withFailedEvent(job, set, () => this.deps.commit.update({ id: job._id, set, where }))) {
        await this.recorded({ ...job, status: "running", attempts: attempt }, set);
        return set.status as AttemptOutcome;
      }
    }
    // a failure here leaves the job `running`: its lease expires and another attempt follows
    const [fresh, cancelRequested] = await Promise.all([this.deps.commit.job(job._id), this.cancelRequested(job)]);
    if (!fresh || fresh.epoch !== job.epoch) return undefined;
    // our attempt, or the attempt count we read: an attempt never marked running (a short one,
    // or one canceled before our mark) is still that; a marked one only if canceled before the mark landed
    const expected = exhausted ? [job.attempts] : [attempt, job.attempts];
    if (!expected.includes(fresh.attempts) || (marked && fresh.attempts === job.attempts && !exhausted && fresh.status !== "canceled")) return undefined;
    const set = this.outcome(fresh, attempt, error, exhausted || forGood, fresh.status === "canceled" || cancelRequested, now);
    await this.withFailedEvent(fresh, set, () => this.deps.commit.update({ id: job._id, set }));
    await this.recorded(fresh, set);
    return set.status as AttemptOutcome;
  }

  /**
   * An outcome write that fails an organization's job for good (its payload names the
   * organization) records `job.failed` with it, through the jobs database's event outbox.
   */
  private withFailedEvent(job: JobDoc, set: Partial<JobDoc>, write: () => Promise<boolean>): Promise<boolean> {
    // the system's own jobs (an organization's purges) are not the organization's events
    if (set.status !== "failed" || isInternalJobType(job.type)) return write();
    const orgId = organizationOf(job.payload_json);
    if (orgId === undefined) return write();
    const failed = {
      organization_id: orgId,
      type: "job.failed",
      resource_type: "job",
      resource_id: job._id,
      data: { job_type: job.type, queue: job.queue, attempts: set.attempts ?? job.attempts, last_error: set.last_error ?? "" },
      check: { collection: this.deps.models.jobs.collection.collectionName, id: job._id, expect: "matches" as const, where: { status: "failed", epoch: job.epoch } },
    };
    return withEvents(this.deps.events, this.deps.models.eventOutbox, [failed], write, (applied) => applied);
  }

  /** The fields an attempt's outcome sets on its job (`final`: an error is not retried, whatever attempts remain). */
  private outcome(job: Pick<JobDoc, "max_attempts" | "last_error">, attempt: number, error: string | undefined, final: boolean, canceled: boolean, now: Date): Partial<JobDoc> {
    const attempts = Math.min(attempt, job.max_attempts);
    const finished = { lease_owner: this.deps.nodeId, lease_expires_at: null, finished_at: now, updated_at: now, attempts };
    if (canceled) return { ...finished, status: "canceled", last_error: error ?? job.last_error };
    if (error === undefined) return { ...finished, status: "succeeded" };
    if (final || attempt >= job.max_attempts) return { ...finished, status: "failed", last_error: error };
    const runAt = new Date(now.getTime() + backoffMs(attempt, this.deps.settings.backoffBaseMs, this.deps.settings.backoffMaxMs));
    return { status: "retrying", attempts, last_error: error, run_at: runAt, lease_owner: this.deps.nodeId, lease_expires_at: null, updated_at: now };
  }

  /** After an outcome is stored: a retry is offered again, a finished job frees its dedupe key. */
  private async recorded(job: JobDoc, set: Partial<JobDoc>): Promise<void> {
    if (set.status === "retrying") this.offer({ ...job, ...set });
    else await releaseDedupe(this.deps.models, job);
  }
}
