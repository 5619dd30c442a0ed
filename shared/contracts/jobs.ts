import { z } from "zod";
import { resource } from "../zod.ts";

import { isJobType, JOB_STATUSES, type JobType } from "./job-types.ts";

// the job types and the states of a job, without zod (the operator console bundles that file)
export * from "./job-types.ts";

/** Fan-out events: one job per listed handler, same payload. */
export const FANOUT = {
  "organization.deleted": [
    "inventory.purgeOrganization",
    "credentials.purgeOrganization",
    "dns.purgeOrganization",
    "clusters.purgeOrganization",
    "events.purgeOrganization",
    "runner.purgeOrganization",
  ],
} as const satisfies Record<string, readonly JobType[]>;

export type FanoutEvent = keyof typeof FANOUT;

/** Payload of every `<service>.purgeOrganization` job (the action must be idempotent). */
export const PurgeOrganizationParams = z.object({ organization_id: z.uuid() });

/** Params of `jobs.enqueue` (service to service). */
export const EnqueueParams = z.object({
  type: z.string().refine(isJobType, { message: "unknown job type" }),
  queue: z.string().min(1).max(64).optional(),
  payload: z.record(z.string(), z.unknown()).default({}),
  run_at: z.iso.datetime().optional(),
  delay_ms: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400_000)
    .optional(),
  max_attempts: z.number().int().min(1).max(100).optional(),
  /** While a job with this key is not finished, enqueueing again returns that job instead of a new one. */
  dedupe_key: z.string().min(1).max(200).optional(),
});
export type EnqueueParams = z.input<typeof EnqueueParams>;

/** Params of `jobs.fanOut`. */
export const FanOutParams = z.object({
  event: z.enum(Object.keys(FANOUT) as [FanoutEvent, ...FanoutEvent[]]),
  payload: z.record(z.string(), z.unknown()).default({}),
  /** Prefix of the dedupe key of each job (`<prefix>:<type>`), so a repeated fan-out is a no-op. */
  dedupe_prefix: z.string().min(1).max(150).optional(),
});
export type FanOutParams = z.input<typeof FanOutParams>;

export const JobStatus = z.enum(JOB_STATUSES);

/** The Job resource of the spec. */
export const Job = resource({
  type: z.string(),
  queue: z.string(),
  payload: z.unknown(),
  status: JobStatus,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string(),
});
export type Job = z.infer<typeof Job>;

/**
 * One fact of a job's attempt history, as the jobs service keeps it: a worker claimed an attempt
 * (`attempt`, by the node), an administrator asked for a retry (a new run, attempts from 1) or
 * a cancel (`by` the administrator, `user:<id>`, or `service`). Each attempt's own error is not
 * kept, only the job's `last_error`.
 */
export const JobHistoryEntry = z.object({
  kind: z.enum(["attempt", "retry", "cancel"]),
  /** The run the fact belongs to: 1, then one more after each retry. */
  run: z.number().int(),
  /** The attempt a worker claimed; null for a retry or cancel. */
  attempt: z.number().int().nullable(),
  by: z.string(),
  at: z.string(),
});
export type JobHistoryEntry = z.infer<typeof JobHistoryEntry>;

/**
 * GET /admin/worker/jobs/{id}: the Job with when it finished (null while it is not finished),
 * the node that runs (or last ran) its current attempt, and its history, oldest first. A job
 * started at once by the replica that stored it has no claim for its first attempt.
 */
export const AdminJob = Job.extend({
  finished_at: z.string().nullable(),
  lease_owner: z.string().nullable(),
  history: z.array(JobHistoryEntry),
});
export type AdminJob = z.infer<typeof AdminJob>;

/** Broadcast after enqueueing so idle workers wake at once instead of waiting for their poll. */
export const JOBS_ENQUEUED = "jobs.enqueued";

/** Params of `jobs.getMany`: jobs by id (missing ids are simply absent from the result). */
export const GetManyParams = z.object({ ids: z.array(z.string()).max(500) });

export type JobStatus = z.infer<typeof JobStatus>;

/** Page of jobs (PageJob). */
export const PageJob = z.object({
  items: z.array(Job),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type PageJob = z.infer<typeof PageJob>;

/** GET /admin/worker/jobs: a PageJob with the number of jobs per status under the same filters (status aside). */
export const AdminPageJob = PageJob.extend({
  counts: z.record(JobStatus, z.number().int()),
});
export type AdminPageJob = z.infer<typeof AdminPageJob>;

/**
 * Queue info (QueueInfo): pending = queued + retrying. Beyond the spec's fields: `paused` (no
 * replica starts the queue's jobs until it is resumed) and `oldest_pending_age_seconds`, how long
 * the oldest due job of the queue has waited for a worker (whole seconds; 0 when none waits).
 */
export const QueueInfo = z.object({
  name: z.string(),
  pending: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  scheduled: z.number().int(),
  paused: z.boolean(),
  oldest_pending_age_seconds: z.number().int(),
});
export type QueueInfo = z.infer<typeof QueueInfo>;

/** An integer query parameter (a plain string from the gateway, or a number from the bus); documented as the integer it is. */
function intParam(name: string, min: number, max: number, fallback: number) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `invalid ${name}` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: "integer", minimum: min, maximum: max });
}

/** Query of GET /admin/worker/jobs. Out-of-range page/page_size is a 400, never clamped. */
export const AdminListParams = z.object({
  status: z
    .string({ error: "invalid status" })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const parsed = JobStatus.safeParse(v.trim());
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "invalid status" });
        return z.NEVER;
      }
      return parsed.data;
    })
    .meta({ type: "string", enum: JobStatus.options }),
  queue: z
    .string({ error: "invalid queue" })
    .max(64, { error: "invalid queue" })
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim())),
  type: z
    .string({ error: "invalid type" })
    .max(100, { error: "invalid type" })
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim())),
  /** Periodic housekeeping jobs (sweeps, cleanups, relays enqueued once per period): hidden by default. */
  periodic: z
    .enum(["true", "false", "all"], { error: "invalid periodic" })
    .default("false")
    .meta({ description: "`false` (default): hide periodic housekeeping jobs; `true`: only them; `all`: both" }),
  q: z
    .string({ error: "invalid q" })
    .max(256, { error: "invalid q" })
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim())),
  page: intParam("page", 1, 1_000_000, 1),
  page_size: intParam("page_size", 1, 100, 25),
});
export type AdminListParams = z.input<typeof AdminListParams>;

/**
 * Body of POST /admin/worker/jobs: type, queue and payload are required, run_at optional
 * (a future run_at schedules the job). Messages: `missing fields: a, b`, `invalid <field>`.
 */
export const AdminEnqueueParams = z
  .object({
    // checked by the transform below (exact messages); the meta is what the OpenAPI document shows
    type: z.unknown().optional().meta({ type: "string", maxLength: 100, description: "job type name" }),
    queue: z.unknown().optional().meta({ type: "string", maxLength: 64 }),
    payload: z.unknown().optional().meta({ type: "object", additionalProperties: {} }),
    run_at: z.unknown().optional().meta({ type: "string", format: "date-time", description: "schedules the job for then; omitted: at once" }),
  })
  .meta({ required: ["type", "queue", "payload"] })
  .transform((v, ctx) => {
    const missing = (["type", "queue", "payload"] as const).filter((k) => v[k] === undefined || v[k] === null);
    if (missing.length > 0) {
      ctx.addIssue({ code: "custom", message: `missing fields: ${missing.join(", ")}` });
      return z.NEVER;
    }
    const fail = (field: string) => {
      ctx.addIssue({ code: "custom", message: `invalid ${field}` });
      return z.NEVER;
    };
    if (typeof v.type !== "string" || v.type.trim() === "" || v.type.length > 100) return fail("type");
    if (typeof v.queue !== "string" || v.queue.trim() === "" || v.queue.trim().length > 64) return fail("queue");
    if (typeof v.payload !== "object" || Array.isArray(v.payload)) return fail("payload");
    let runAt: string | undefined;
    if (v.run_at !== undefined && v.run_at !== "") {
      if (typeof v.run_at !== "string" || !z.iso.datetime({ offset: true }).safeParse(v.run_at).success) return fail("run_at");
      runAt = new Date(v.run_at).toISOString();
    }
    return {
      type: v.type.trim(),
      queue: v.queue.trim(),
      payload: v.payload as Record<string, unknown>,
      ...(runAt !== undefined ? { run_at: runAt } : {}),
    };
  });
export type AdminEnqueueParams = z.input<typeof AdminEnqueueParams>;

/** `{name}` of the pause and resume routes: a queue's name as jobs carry it (1 to 64 characters). */
export const QueueNameParams = z.object({
  name: z.string({ error: "invalid queue" }).trim().min(1, { error: "invalid queue" }).max(64, { error: "invalid queue" }),
});

/** `{id}` of the cancel and retry routes (the gateway already answers 400 `invalid id`). */
export const JobIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** One periodic job type (GET /admin/worker/periodic): its schedule, its last run, its next. */
export const PeriodicJobInfo = z.object({
  type: z.string(),
  queue: z.string(),
  every_seconds: z.number().int(),
  /** The newest run (this period's or the last one's); null when neither exists (never ran, or cleaned up). */
  last: z.object({ id: z.string(), status: JobStatus, run_at: z.string(), finished_at: z.string().nullable(), last_error: z.string() }).nullable(),
  next_run_at: z.string(),
});
export type PeriodicJobInfo = z.infer<typeof PeriodicJobInfo>;

/** Attempts that ended in a minute (or over the hour, per queue), by outcome. */
export const AttemptCounts = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  retrying: z.number().int(),
  canceled: z.number().int(),
});
export type AttemptCounts = z.infer<typeof AttemptCounts>;

/** This jobs replica's attempts of the last hour, per minute and queue (`jobs.recentAttempts`). */
export const RecentAttempts = z.object({
  minutes: z.array(AttemptCounts.extend({ at: z.string(), queue: z.string() })),
});
export type RecentAttempts = z.infer<typeof RecentAttempts>;

/** GET /admin/worker/stats: attempts of the last hour over every jobs replica, minute by minute (oldest first) and per queue. */
export const JobStats = z.object({
  since: z.string(),
  minutes: z.array(AttemptCounts.extend({ at: z.string() })),
  queues: z.array(AttemptCounts.extend({ queue: z.string() })),
  /** Replicas that answered, and those that did not (their attempts are missing from the figures). */
  replicas: z.number().int(),
  replicas_missing: z.number().int(),
});
export type JobStats = z.infer<typeof JobStats>;

const bulkMax = z
  .number({ error: (issue) => (issue.input === undefined ? "missing fields: max" : "invalid max") })
  .int({ error: "invalid max" })
  .min(1, { error: "invalid max" })
  .max(500, { error: "invalid max" })
  .meta({ description: "at most this many jobs are changed (1 to 500): the bound the operator confirmed" });

/** The filter of a bulk change: the job list's (status among those the change applies to, queue, type, periodic housekeeping or not). */
function bulkParams<S extends readonly [JobStatus, ...JobStatus[]]>(statuses: S) {
  return z.object({
    status: z
      .enum(statuses, { error: "invalid status" })
      .optional()
      .meta({ description: `one of ${statuses.join(", ")}; all of them when left out` }),
    queue: z.string({ error: "invalid queue" }).trim().min(1, { error: "invalid queue" }).max(64, { error: "invalid queue" }).optional(),
    type: z.string({ error: "invalid type" }).trim().min(1, { error: "invalid type" }).max(100, { error: "invalid type" }).optional(),
    periodic: z.enum(["true", "false", "all"], { error: "invalid periodic" }).optional(),
    max: bulkMax,
  });
}

/** POST /admin/worker/jobs/bulk-retry: failed or canceled jobs of the filter, queued again. */
export const BulkRetryParams = bulkParams(["failed", "canceled"] as const);
/** POST /admin/worker/jobs/bulk-cancel: queued, scheduled, retrying or running jobs of the filter, canceled. */
export const BulkCancelParams = bulkParams(["queued", "scheduled", "retrying", "running"] as const);

/** What a bulk change did: the jobs changed (newest first), and whether more matched beyond `max`. */
export const BulkResult = z.object({ changed: z.number().int(), ids: z.array(z.string()), more: z.boolean() });
export type BulkResult = z.infer<typeof BulkResult>;
