import { relayEventsAction } from "./events-actions.ts";
import { z } from "zod";
import { action } from "./action.ts";
import {
  AdminEnqueueParams,
  AdminJob,
  AdminListParams,
  AdminPageJob,
  BulkCancelParams,
  BulkResult,
  BulkRetryParams,
  EnqueueParams,
  FanOutParams,
  GetManyParams,
  Job,
  JobIdParams,
  JobStats,
  PeriodicJobInfo,
  QueueInfo,
  QueueNameParams,
  RecentAttempts,
} from "./jobs.ts";

/** Admin job endpoints: bearer token of an admin user, plain-text errors. */
const admin = { auth: "admin", errors: "text" } as const;
const jobId = { ...admin, uuidParams: ["id"] } as const;
/** The refusals of the pause and resume routes, as the OpenAPI document words them. */
const queueErrors = {
  400: "`invalid queue`: the name is empty or longer than 64 characters",
  404: "`queue not found`: no job type uses the queue, no job is in it and it is not paused",
} as const;

/** The actions of the jobs service: the queue's API for other services, the job handlers it owns, the admin views. */
export const JOBS_ACTIONS = {
  adminList: action({
    name: "jobs.adminList",
    visibility: "published",
    description:
      "Filtered page of jobs, newest first (by status, queue, type, text; periodic housekeeping hidden unless `periodic=true|all`), with `counts`: jobs per status under the same filters, status aside.",
    input: AdminListParams,
    output: AdminPageJob,
    http: { method: "GET", path: "/admin/worker/jobs", ...admin },
  }),
  adminGet: action({
    name: "jobs.adminGet",
    visibility: "published",
    description: "One job, with when it finished, the node of its current attempt and its attempt history (attempts claimed, retries and cancels asked for); 404 `job not found`.",
    input: JobIdParams,
    output: AdminJob,
    http: { method: "GET", path: "/admin/worker/jobs/:id", ...jobId },
  }),
  adminEnqueue: action({
    name: "jobs.adminEnqueue",
    visibility: "published",
    description:
      "Enqueue (queued, or scheduled for a future run_at). The payload is validated by the schema of the action the type names (400 with its message); the queue must be the type's (400 `invalid queue`).",
    input: AdminEnqueueParams,
    output: Job,
    http: { method: "POST", path: "/admin/worker/jobs", ...admin, refuses: [409] },
  }),
  adminCancel: action({
    name: "jobs.adminCancel",
    visibility: "published",
    description: "Cancel a job.",
    input: JobIdParams,
    output: Job,
    http: { method: "POST", path: "/admin/worker/jobs/:id/cancel", ...jobId },
  }),
  adminRetry: action({
    name: "jobs.adminRetry",
    visibility: "published",
    description: "A failed or canceled job runs again from attempt 1.",
    input: JobIdParams,
    output: Job,
    http: { method: "POST", path: "/admin/worker/jobs/:id/retry", ...jobId },
  }),
  adminBulkRetry: action({
    name: "jobs.adminBulkRetry",
    visibility: "published",
    description:
      "Retry, at most `max` of them, the failed (or canceled) jobs the filter matches (the job list's: status, queue, type, periodic), newest first; `more` says whether more matched.",
    input: BulkRetryParams,
    output: BulkResult,
    http: { method: "POST", path: "/admin/worker/jobs/bulk-retry", ...admin },
  }),
  adminBulkCancel: action({
    name: "jobs.adminBulkCancel",
    visibility: "published",
    description: "Cancel, at most `max` of them, the queued, scheduled, retrying or running jobs the filter matches, newest first; `more` says whether more matched.",
    input: BulkCancelParams,
    output: BulkResult,
    http: { method: "POST", path: "/admin/worker/jobs/bulk-cancel", ...admin },
  }),
  adminPeriodic: action({
    name: "jobs.adminPeriodic",
    visibility: "published",
    description: "The periodic housekeeping jobs: each type's schedule, its last run and outcome, and its next run.",
    output: z.array(PeriodicJobInfo),
    http: { method: "GET", path: "/admin/worker/periodic", ...admin },
  }),
  adminStats: action({
    name: "jobs.adminStats",
    visibility: "published",
    description: "Job attempts of the last hour over every jobs replica (their engines' counters): per minute and per queue, succeeded, failed, retrying and canceled.",
    output: JobStats,
    http: { method: "GET", path: "/admin/worker/stats", ...admin },
  }),
  recentAttempts: action({
    name: "jobs.recentAttempts",
    visibility: "public",
    description: "This replica's job attempts of the last hour, per minute and queue (what jobs.adminStats adds up).",
    output: RecentAttempts,
    idempotent: true,
  }),
  adminQueues: action({
    name: "jobs.adminQueues",
    visibility: "published",
    description: "Pending, running, failed and scheduled jobs per queue.",
    output: z.array(QueueInfo),
    http: { method: "GET", path: "/admin/worker/queues", ...admin },
  }),
  adminPauseQueue: action({
    name: "jobs.adminPauseQueue",
    visibility: "published",
    description:
      "Pause a queue: it keeps accepting jobs, but no replica starts one until it is resumed (running jobs finish). The queue must be known (a job type's queue, one holding a job, or a paused one), otherwise 404 `queue not found`; no body. Once it answers, no replica starts a job of the queue.",
    input: QueueNameParams,
    output: QueueInfo,
    http: { method: "POST", path: "/admin/worker/queues/:name/pause", ...admin, errorNotes: queueErrors },
    // pausing twice is pausing once: safe to repeat after a lost answer
    idempotent: true,
  }),
  adminResumeQueue: action({
    name: "jobs.adminResumeQueue",
    visibility: "published",
    description:
      "Resume a paused queue: its waiting jobs are started again. The queue must be known (a job type's queue, one holding a job, or a paused one), otherwise 404 `queue not found`; no body.",
    input: QueueNameParams,
    output: QueueInfo,
    http: { method: "POST", path: "/admin/worker/queues/:name/resume", ...admin, errorNotes: queueErrors },
    idempotent: true,
  }),
  refreshPauses: action({
    name: "jobs.refreshPauses",
    visibility: "public",
    description: "This replica's worker reads the paused queues now (called on every replica after a pause or resume).",
    input: z.object({}),
    output: z.object({ paused: z.array(z.string()) }),
    idempotent: true,
  }),

  enqueue: action({
    name: "jobs.enqueue",
    visibility: "public",
    description: "Enqueue a job (service to service): optional dedupe key, delay or run_at, max_attempts.",
    // any registered type, JOBS_EXTRA_TYPES included: the service checks it against its registry
    input: EnqueueParams.extend({ type: z.string().min(1).max(100) }),
    output: Job,
  }),
  fanOut: action({
    name: "jobs.fanOut",
    visibility: "public",
    description: "One job per handler FANOUT lists for the event, deduplicated by `<prefix>:<type>`.",
    input: FanOutParams,
    output: z.array(Job),
  }),
  getMany: action({
    name: "jobs.getMany",
    visibility: "public",
    description: "Jobs by id (missing ids are absent from the result).",
    input: GetManyParams,
    output: z.array(Job),
  }),
  noop: action({
    name: "jobs.noop",
    visibility: "public",
    description: "The no-op job handler (benchmarks, smoke tests of the engine).",
  }),
  relayEvents: relayEventsAction("jobs.relayEvents"),
  cleanupFinished: action({
    name: "jobs.cleanupFinished",
    visibility: "public",
    description: "Job handler: deletes finished jobs older than 7 days.",
    output: z.object({ deleted: z.number().int() }),
  }),
} as const;
