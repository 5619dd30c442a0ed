import { isoTimes } from "../../shared/resource.ts";
import type { QueryFilter } from "mongoose";
import {
  CANCELLABLE_STATUSES,
  FINISHED_STATUSES,
  RETRYABLE_STATUSES,
  type AdminJob,
  type Job,
  type JobHistoryEntry,
  type JobStatus,
  type AdminPageJob,
  type BulkResult,
  type PeriodicJobInfo,
  type QueueInfo,
} from "../../shared/contracts/jobs.ts";
import { Errors } from "moleculer";
import { PERIODIC_JOBS, periodKey, periodStart } from "./periodic.ts";
import { JOB_STATUSES } from "../../shared/contracts/job-types.ts";
import { claimOnce, isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { escapeRegex } from "../../shared/zod.ts";
import type { JobGroupCommit } from "./group-commit.ts";
import type { ClaimDoc, JobDoc, JobsModels } from "./models.ts";
import type { JobRegistry } from "./registry.ts";

/** What storing a new job needs. */
export interface JobStore {
  models: JobsModels;
  registry: JobRegistry;
  commit: JobGroupCommit;
}

/** The Job resource of a stored job. */
export function toJob(d: JobDoc): Job {
  let payload: unknown;
  try {
    payload = JSON.parse(d.payload_json);
  } catch {
    payload = {};
  }
  return {
    id: d._id,
    type: d.type,
    queue: d.queue,
    payload,
    status: d.status,
    attempts: d.attempts,
    max_attempts: d.max_attempts,
    run_at: d.run_at.toISOString(),
    last_error: d.last_error,
    ...isoTimes(d),
  };
}

/** A replica's lease on a new job it runs at once (attempt 1), taken before the job is inserted. */
export interface NewJobLease {
  queue: string;
  owner: string;
  expires_at: Date;
}

export interface NewJob {
  type: string;
  queue?: string | undefined;
  payload: Record<string, unknown>;
  run_at?: Date | undefined;
  max_attempts?: number | undefined;
  dedupe_key?: string | undefined;
  /** Unique once-key (periodic jobs); defaults to the job id. */
  once_key?: string | undefined;
  /** Inserted as attempt 1, `running` under this lease (the enqueuing replica runs it at once). */
  lease?: NewJobLease | undefined;
  /** The request that enqueued it (its attempts run under the same request id). */
  request_id?: string | undefined;
}

/** A dedupe reservation whose job never appeared (its enqueuer died) is freed after this. */
const ORPHAN_DEDUPE_MS = 30_000;

/**
 * Stores a new job (`queued`, `scheduled` when run_at is in the future, or `running` under the
 * given lease). With a dedupe key,
 * an unfinished job already holding the key is returned instead (`created: false`). With a
 * once-key that exists already, returns null.
 */
export async function enqueueJob({ models, registry, commit }: JobStore, input: NewJob, now = new Date()): Promise<{ job: JobDoc; created: boolean } | null> {
  const spec = registry.get(input.type);
  if (!spec) throw MESSAGES.unknownJobType.error();
  const id = newId();
  if (input.dedupe_key !== undefined) {
    const existing = await reserveDedupe(models, input.dedupe_key, id, now);
    if (existing) return { job: existing, created: false };
  }
  const runAt = input.run_at ?? now;
  const doc: JobDoc = {
    _id: id,
    type: input.type,
    queue: input.queue ?? spec.queue,
    payload_json: JSON.stringify(input.payload),
    status: input.lease ? "running" : runAt.getTime() > now.getTime() ? "scheduled" : "queued",
    attempts: input.lease ? 1 : 0,
    max_attempts: input.max_attempts ?? spec.maxAttempts,
    run_at: runAt,
    last_error: "",
    lease_owner: input.lease?.owner ?? null,
    lease_expires_at: input.lease?.expires_at ?? null,
    dedupe_key: input.dedupe_key ?? null,
    once_key: input.once_key ?? id,
    epoch: 0,
    finished_at: null,
    ...(input.request_id === undefined ? {} : { request_id: input.request_id }),
    created_at: now,
    updated_at: now,
  };
  try {
    await commit.insert(doc);
  } catch (err) {
    if (isDuplicateKey(err) && input.once_key !== undefined) return null;
    throw err;
  }
  return { job: doc, created: true };
}

/** Reserves `key` for job `id`; returns the unfinished job that already holds it, if any. */
async function reserveDedupe(models: JobsModels, key: string, id: string, now: Date): Promise<JobDoc | undefined> {
  for (let i = 0; i < 5; i++) {
    if (await claimOnce(models.dedupe, key, { job_id: id, created_at: now })) return undefined;
    const holder = await models.dedupe.findById(key).lean();
    if (!holder) continue; // released meanwhile: try again
    const job = await models.jobs.findById(holder.job_id).lean<JobDoc>();
    if (job && !FINISHED_STATUSES.includes(job.status)) return job;
    if (job || Date.now() - new Date(holder.created_at).getTime() > ORPHAN_DEDUPE_MS) {
      await models.dedupe.deleteOne({ _id: key, job_id: holder.job_id });
      continue;
    }
    // the holder's job is being inserted right now
    await new Promise((r) => setTimeout(r, 20));
  }
  throw MESSAGES.dedupeKeyBusy.error();
}

/** Frees a finished job's dedupe key. */
export async function releaseDedupe(models: JobsModels, job: Pick<JobDoc, "_id" | "dedupe_key">): Promise<void> {
  if (job.dedupe_key) await models.dedupe.deleteOne({ _id: job.dedupe_key, job_id: job._id });
}

export interface ListQuery {
  status?: JobStatus | undefined;
  queue?: string | undefined;
  type?: string | undefined;
  /** Periodic housekeeping jobs (once-key of a period): hidden (`false`), only them (`true`), or `all`. */
  periodic?: "true" | "false" | "all" | undefined;
  q?: string | undefined;
  page: number;
  page_size: number;
}

/** The once-key of a periodic job (`period:<type>:<start>`, see periodic.ts). */
const PERIODIC_KEY = /^period:/;

/** The job list's filter, status aside (queue, type, periodic housekeeping or not, free text). */
function listFilter(query: Omit<ListQuery, "status" | "page" | "page_size">): QueryFilter<JobDoc> {
  const base: QueryFilter<JobDoc> = {};
  if (query.queue) base.queue = query.queue;
  if (query.type) base.type = query.type;
  const periodic = query.periodic ?? "false";
  if (periodic === "true") base.once_key = { $regex: PERIODIC_KEY };
  if (periodic === "false") base.once_key = { $not: PERIODIC_KEY };
  if (query.q) {
    const re = { $regex: escapeRegex(query.q), $options: "i" };
    base.$or = [{ _id: re }, { type: re }, { last_error: re }, { payload_json: re }] as QueryFilter<JobDoc>[];
  }
  return base;
}

/** Newest first; `q` matches id, type, last error or payload text literally (case-insensitive). */
export async function listJobs(models: JobsModels, query: ListQuery): Promise<AdminPageJob> {
  const base = listFilter(query);
  const filter: QueryFilter<JobDoc> = query.status ? { ...base, status: query.status } : base;
  const [docs, total, groups] = await Promise.all([
    models.jobs
      .find(filter)
      .sort({ _id: -1 })
      .skip((query.page - 1) * query.page_size)
      .limit(query.page_size)
      .lean<JobDoc[]>(),
    models.jobs.countDocuments(filter),
    models.jobs.aggregate<{ _id: JobStatus; n: number }>([{ $match: base }, { $group: { _id: "$status", n: { $sum: 1 } } }]),
  ]);
  const counts = Object.fromEntries(JOB_STATUSES.map((st) => [st, 0])) as Record<JobStatus, number>;
  for (const g of groups) counts[g._id] = g.n;
  return { items: docs.map(toJob), page: query.page, page_size: query.page_size, total, counts };
}

/** The statuses the queues view and the queue metrics count (succeeded and canceled jobs are not counted). */
export const COUNTED_STATUSES = ["queued", "scheduled", "running", "retrying", "failed"] as const satisfies readonly JobStatus[];
export type CountedStatus = (typeof COUNTED_STATUSES)[number];

/** Jobs of one queue in one status. */
export interface QueueCount {
  queue: string;
  status: CountedStatus;
  n: number;
}

/**
 * Jobs per queue and status (COUNTED_STATUSES): one aggregate per status, each matched by
 * equality (served by the status index; finished jobs, the bulk of the collection, are never read).
 */
export async function queueCounts(models: JobsModels): Promise<QueueCount[]> {
  return (
    await Promise.all(
      COUNTED_STATUSES.map(async (status) => {
        const groups = (await models.jobs.aggregate([{ $match: { status } }, { $group: { _id: "$queue", n: { $sum: 1 } } }])) as { _id: string; n: number }[];
        return groups.map((g) => ({ queue: g._id, status, n: g.n }));
      }),
    )
  ).flat();
}

/**
 * The earliest `run_at` of a queue's jobs in one status (read by the `{status, run_at}` index;
 * FerretDB 1.x has no `$min` accumulator, so this is one query per queue and status asked for).
 */
export async function earliestRunAt(models: JobsModels, queue: string, status: JobStatus): Promise<Date | null> {
  const first = await models.jobs.find({ status, queue }, { run_at: 1 }).sort({ run_at: 1 }).limit(1).lean<Pick<JobDoc, "_id" | "run_at">[]>();
  return first[0] ? new Date(first[0].run_at) : null;
}

/** The column of QueueInfo that counts the jobs of each counted status: queued and retrying jobs are both pending. */
const QUEUE_COLUMNS = {
  queued: "pending",
  retrying: "pending",
  running: "running",
  failed: "failed",
  scheduled: "scheduled",
} as const satisfies Record<CountedStatus, "pending" | "running" | "failed" | "scheduled">;

/** Statuses whose due jobs wait for a worker (a `scheduled` job is due once its run_at has passed). */
export const WAITING_STATUSES: readonly JobStatus[] = ["queued", "retrying", "scheduled"];

/** A queue's waiting jobs of one status (QueueCount) with the earliest `run_at` among them. */
export type WaitingGroup = QueueCount & { earliest: Date | null };

/** The earliest run_at of each group of waiting jobs in `counts` (one indexed read per group that has jobs). */
export async function waitingGroups(models: JobsModels, counts: readonly QueueCount[]): Promise<WaitingGroup[]> {
  return Promise.all(counts.filter((c) => WAITING_STATUSES.includes(c.status) && c.n > 0).map(async (c) => ({ ...c, earliest: await earliestRunAt(models, c.queue, c.status) })));
}

/** How long the oldest due waiting job of `queue` has waited, in seconds (the earliest run_at once it has passed; 0 when none is due). */
export function oldestDueSeconds(waiting: readonly WaitingGroup[], queue: string, now: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const w of waiting) if (w.queue === queue && w.earliest) earliest = Math.min(earliest, w.earliest.getTime());
  return earliest <= now ? (now - earliest) / 1000 : 0;
}

/**
 * Per queue: pending (queued + retrying), running, failed, scheduled, whether it is paused and
 * the age of its oldest due job; every known queue (a job type's, one with jobs, a paused one), by name.
 */
export async function queueInfo(models: JobsModels, registry: JobRegistry, now = Date.now()): Promise<QueueInfo[]> {
  const [rows, paused] = await Promise.all([queueCounts(models), pausedQueues(models)]);
  const waiting = await waitingGroups(models, rows);
  const byQueue = new Map<string, QueueInfo>();
  const entry = (name: string) => {
    let e = byQueue.get(name);
    if (!e) {
      e = { name, pending: 0, running: 0, failed: 0, scheduled: 0, paused: false, oldest_pending_age_seconds: 0 };
      byQueue.set(name, e);
    }
    return e;
  };
  for (const q of registry.queues()) entry(q);
  for (const q of paused) entry(q).paused = true;
  for (const row of rows) entry(row.queue)[QUEUE_COLUMNS[row.status]] += row.n;
  for (const e of byQueue.values()) e.oldest_pending_age_seconds = Math.floor(oldestDueSeconds(waiting, e.name, now));
  return [...byQueue.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The names of the paused queues (one small document each). */
export async function pausedQueues(models: JobsModels): Promise<Set<string>> {
  const docs = await models.queuePauses.find({}).select({ _id: 1 }).lean<{ _id: string }[]>();
  return new Set(docs.map((d) => d._id));
}

async function loadJob(models: JobsModels, id: string): Promise<JobDoc> {
  const job = await models.jobs.findById(id).lean<JobDoc>();
  if (!job) throw MESSAGES.notFound.error("job");
  return job;
}

/** A claim or cancel as a fact of the job's history (`lease:<job>:<epoch>:<attempt>`, `retry:<job>:<epoch>`, `cancel:<job>:<epoch>`). */
function historyEntry(doc: ClaimDoc): JobHistoryEntry[] {
  const [kind, , epoch, attempt] = doc._id.split(":");
  const at = new Date(doc.created_at).toISOString();
  const run = Number(epoch) + 1;
  if (kind === "lease") return [{ kind: "attempt", run, attempt: Number(attempt), by: doc.owner, at }];
  // a retry of run n starts run n + 1
  if (kind === "retry") return [{ kind: "retry", run: run + 1, attempt: null, by: doc.owner, at }];
  if (kind === "cancel") return [{ kind: "cancel", run, attempt: null, by: doc.owner, at }];
  return [];
}

/** One job for an administrator: finished_at, the node of its attempt and its history (oldest first); 404 `job not found`. */
export async function adminJob(models: JobsModels, id: string): Promise<AdminJob> {
  const [job, claims, cancels] = await Promise.all([
    loadJob(models, id),
    models.claims.find({ job_id: id }).lean<ClaimDoc[]>(),
    models.cancels.find({ job_id: id }).lean<ClaimDoc[]>(),
  ]);
  const order = (e: JobHistoryEntry) => [e.at, e.run, e.attempt ?? 0] as const;
  const history = [...claims, ...cancels].flatMap(historyEntry).sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || x[2] - y[2];
  });
  return { ...toJob(job), finished_at: job.finished_at ? new Date(job.finished_at).toISOString() : null, lease_owner: job.lease_owner, history };
}

/**
 * Cancel: from queued, scheduled, retrying or running → canceled. The cancel request is a
 * claim document, so a worker finishing a running attempt honours it even if its own write
 * races with this one.
 */
export async function cancelJob(models: JobsModels, id: string, actor: string, now = new Date()): Promise<JobDoc> {
  const job = await loadJob(models, id);
  if (!CANCELLABLE_STATUSES.includes(job.status)) throw MESSAGES.jobNotCancellable.error();
  await claimOnce(models.cancels, `cancel:${job._id}:${job.epoch}`, { job_id: job._id, owner: actor, created_at: now });
  await models.jobs.updateOne({ _id: job._id }, { $set: { status: "canceled", updated_at: now, finished_at: now } });
  await releaseDedupe(models, job);
  return { ...job, status: "canceled", updated_at: now, finished_at: now };
}

/** Retry: from failed or canceled → queued with attempts reset (a new epoch), due now. */
export async function retryJob(models: JobsModels, id: string, actor: string, now = new Date()): Promise<JobDoc> {
  const job = await loadJob(models, id);
  if (!RETRYABLE_STATUSES.includes(job.status)) throw MESSAGES.jobNotRetryable.error();
  if (!(await claimOnce(models.claims, `retry:${job._id}:${job.epoch}`, { job_id: job._id, owner: actor, created_at: now }))) {
    return loadJob(models, id); // a concurrent retry of the same run won
  }
  const set = {
    status: "queued" as const,
    attempts: 0,
    epoch: job.epoch + 1,
    run_at: now,
    lease_owner: null,
    lease_expires_at: null,
    finished_at: null,
    updated_at: now,
  };
  await models.jobs.updateOne({ _id: job._id }, { $set: set });
  if (job.dedupe_key) await claimOnce(models.dedupe, job.dedupe_key, { job_id: job._id, created_at: now });
  return { ...job, ...set };
}

/** Jobs by id; ids that are not UUIDs or do not exist are simply absent. */
export async function getMany(models: JobsModels, ids: string[]): Promise<Job[]> {
  const valid = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (valid.length === 0) return [];
  const docs = await models.jobs
    .find({ _id: { $in: valid } })
    .sort({ _id: -1 })
    .lean<JobDoc[]>();
  return docs.map(toJob);
}

export const FINISHED_RETENTION_MS = 7 * 86_400_000;

/** Deletes finished jobs (succeeded, failed, canceled) that finished more than 7 days ago, with their claims. */
export async function cleanupFinished(models: JobsModels, now = new Date()): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - FINISHED_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    const batch = await models.jobs
      .find({ status: { $in: [...FINISHED_STATUSES] }, finished_at: { $ne: null, $lt: cutoff } })
      .select({ _id: 1 })
      .limit(500)
      .lean<{ _id: string }[]>();
    if (batch.length === 0) break;
    const ids = batch.map((b) => b._id);
    await models.claims.deleteMany({ job_id: { $in: ids } });
    await models.cancels.deleteMany({ job_id: { $in: ids } });
    const res = await models.jobs.deleteMany({ _id: { $in: ids }, status: { $in: [...FINISHED_STATUSES] } });
    deleted += res.deletedCount;
    if (batch.length < 500) break;
  }
  return { deleted };
}

/**
 * A bulk retry or cancel: the jobs the list's filter matches in `statuses` (one status when
 * given), newest first, at most `max` of them, each changed as its single route changes it (a job
 * that moved on meanwhile is skipped); `more` when more matched than `max`.
 */
export async function bulkChange(
  models: JobsModels,
  query: { status?: JobStatus | undefined; queue?: string | undefined; type?: string | undefined; periodic?: "true" | "false" | "all" | undefined; max: number },
  statuses: readonly JobStatus[],
  change: (id: string) => Promise<unknown>,
): Promise<BulkResult> {
  const filter: QueryFilter<JobDoc> = { ...listFilter(query), status: query.status ?? { $in: [...statuses] } };
  const docs = await models.jobs
    .find(filter, { _id: 1 })
    .sort({ _id: -1 })
    .limit(query.max + 1)
    .lean<Pick<JobDoc, "_id">[]>();
  const ids: string[] = [];
  for (const d of docs.slice(0, query.max)) {
    try {
      await change(d._id);
      ids.push(d._id);
    } catch (err) {
      // moved on since it was listed (finished, retried or canceled by another): not this change's
      if (!(err instanceof Errors.MoleculerClientError)) throw err;
    }
  }
  return { changed: ids.length, ids, more: docs.length > query.max };
}

/** The periodic jobs: each type's schedule, its newest run (this period's or the last one's), its next run. */
export async function periodicJobs(models: JobsModels, registry: JobRegistry, now = Date.now()): Promise<PeriodicJobInfo[]> {
  const keys = PERIODIC_JOBS.flatMap(({ type, everyMs }) => {
    const start = periodStart(now, everyMs);
    return [periodKey(type, start), periodKey(type, start - everyMs)];
  });
  const runs = await models.jobs.find({ once_key: { $in: keys } }).lean<JobDoc[]>();
  const byKey = new Map(runs.map((r) => [r.once_key, r]));
  return PERIODIC_JOBS.map(({ type, everyMs }) => {
    const start = periodStart(now, everyMs);
    const last = byKey.get(periodKey(type, start)) ?? byKey.get(periodKey(type, start - everyMs));
    return {
      type,
      queue: registry.get(type)?.queue ?? "default",
      every_seconds: everyMs / 1000,
      last: last
        ? {
            id: last._id,
            status: last.status,
            run_at: new Date(last.run_at).toISOString(),
            finished_at: last.finished_at ? new Date(last.finished_at).toISOString() : null,
            last_error: last.last_error,
          }
        : null,
      next_run_at: new Date(start + everyMs).toISOString(),
    };
  });
}
