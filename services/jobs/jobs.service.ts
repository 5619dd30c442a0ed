import { relayEvents } from "../../shared/event-outbox.ts";
import type { Context } from "moleculer";
import { z } from "zod";
import { config } from "../../shared/config.ts";
import { FANOUT, isInternalJobType, Job, JOBS_ENQUEUED, type AdminJob, type AdminPageJob, type QueueInfo } from "../../shared/contracts/jobs.ts";
import type { RequestMeta } from "../../shared/context.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { JOBS_ACTIONS } from "../../shared/contracts/jobs-actions.ts";
import { defineService, type EventWithDeps } from "../../shared/service.ts";
import { jobsDeps, type JobsDeps } from "./deps.ts";
import { PAUSE_STATE_MAX_AGE_MS } from "./engine.ts";
import { defineJobsModels } from "./models.ts";
import { pauseQueue, resumeQueue } from "./pauses.ts";
import { adminJob, bulkChange, cancelJob, cleanupFinished, getMany, listJobs, periodicJobs, queueInfo, retryJob, toJob } from "./store.ts";
import { statsOf } from "./recent-attempts.ts";
import { CANCELLABLE_STATUSES, RETRYABLE_STATUSES, type BulkResult, type JobStats } from "../../shared/contracts/jobs.ts";
import { announce } from "./announce.ts";
import { submitJob } from "./submit.ts";
import { jobPayloadSchema } from "./payloads.ts";
import { parseOrThrow } from "../../shared/validation.ts";
import { call } from "../../shared/call.ts";

/**
 * Payload of the JOBS_ENQUEUED event between jobs replicas: the job as a claim needs it (its
 * type, queue, status and attempts as the Job resource has them, and its stored id, epoch and dates).
 */
const EnqueuedEvent = z.object({
  run_at: z.coerce.date().optional(),
  job: Job.pick({ type: true, queue: true, status: true, attempts: true })
    .extend({ _id: z.string(), epoch: z.number().int(), run_at: z.coerce.date(), updated_at: z.coerce.date() })
    .optional(),
});

function actorOf(ctx: Context<unknown, RequestMeta>): string {
  const p = ctx.meta.principal;
  return p?.kind === "user" ? `user:${p.user_id}` : "service";
}

/** How long a pause or resume waits for each replica to take it in; one that does not answer reads it at its next poll. */
const PAUSE_SYNC_TIMEOUT_MS = 2_000;

/**
 * After a pause or resume: every replica of the jobs service (this one included) reads the paused
 * queues now, best effort (a replica that does not answer in time, or fails, reads them at its
 * next poll), so a paused queue's waiting jobs are dropped from the workers' lists at once and a
 * resumed queue's are looked for at once. What stops a job of a paused queue from starting is
 * each replica's check of the stored state right before it starts one (JobEngine.pausedNow).
 */
async function refreshPausesEverywhere(ctx: Context): Promise<void> {
  const nodes = new Set((ctx.broker.registry.getServiceList({ onlyAvailable: true }) as { name: string; nodeID: string }[]).filter((s) => s.name === "jobs").map((s) => s.nodeID));
  await Promise.allSettled([...nodes].map((nodeID) => call(ctx, JOBS_ACTIONS.refreshPauses, {}, { nodeID, timeout: PAUSE_SYNC_TIMEOUT_MS, retries: 0 })));
}

/** The durable job queue: enqueue/fan-out API, the worker engine, periodic jobs, admin views. */
export default defineService({
  name: "jobs",

  database: defineJobsModels,
  deps: jobsDeps,

  actions: (action) => ({
    enqueue: action(JOBS_ACTIONS.enqueue, (ctx, deps): Promise<Job> => {
      const p = ctx.params;
      const runAt = p.run_at !== undefined ? new Date(p.run_at) : p.delay_ms !== undefined ? new Date(Date.now() + p.delay_ms) : undefined;
      return submitJob(
        deps,
        ctx,
        { type: p.type, queue: p.queue, payload: p.payload, run_at: runAt, max_attempts: p.max_attempts, dedupe_key: p.dedupe_key, request_id: ctx.requestID ?? undefined },
        true,
      );
    }),

    fanOut: action(JOBS_ACTIONS.fanOut, async (ctx, deps): Promise<Job[]> => {
      const jobs: Job[] = [];
      for (const type of FANOUT[ctx.params.event]) {
        const dedupe = ctx.params.dedupe_prefix !== undefined ? `${ctx.params.dedupe_prefix}:${type}` : undefined;
        jobs.push(await submitJob(deps, ctx, { type, payload: ctx.params.payload, dedupe_key: dedupe, request_id: ctx.requestID ?? undefined }, true));
      }
      return jobs;
    }),

    getMany: action(JOBS_ACTIONS.getMany, (ctx, deps): Promise<Job[]> => getMany(deps.models, ctx.params.ids)),

    noop: action(JOBS_ACTIONS.noop, () => ({})),

    relayEvents: action(JOBS_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),

    cleanupFinished: action(JOBS_ACTIONS.cleanupFinished, (_ctx, deps): Promise<{ deleted: number }> => cleanupFinished(deps.models)),

    adminList: action(JOBS_ACTIONS.adminList, (ctx, deps): Promise<AdminPageJob> => listJobs(deps.models, ctx.params)),

    adminGet: action(JOBS_ACTIONS.adminGet, (ctx, deps): Promise<AdminJob> => adminJob(deps.models, ctx.params.id)),

    adminEnqueue: action(JOBS_ACTIONS.adminEnqueue, (ctx, deps): Promise<Job> => {
      const p = ctx.params;
      if (isInternalJobType(p.type)) throw MESSAGES.jobTypeInternal.error();
      // a job that cannot succeed is refused here rather than retried: its queue is its type's, its payload the handler's params
      const spec = deps.registry.get(p.type);
      if (spec && spec.queue !== p.queue) throw MESSAGES.invalidField.error("queue");
      const schema = jobPayloadSchema(p.type);
      if (schema) parseOrThrow(schema, p.payload);
      return submitJob(deps, ctx, { type: p.type, queue: p.queue, payload: p.payload, run_at: p.run_at !== undefined ? new Date(p.run_at) : undefined }, false);
    }),

    adminCancel: action(JOBS_ACTIONS.adminCancel, async (ctx, deps): Promise<Job> => toJob(await cancelJob(deps.models, ctx.params.id, actorOf(ctx)))),

    adminRetry: action(JOBS_ACTIONS.adminRetry, async (ctx, deps): Promise<Job> => {
      const job = await retryJob(deps.models, ctx.params.id, actorOf(ctx));
      announce(ctx, job);
      return toJob(job);
    }),

    adminBulkRetry: action(JOBS_ACTIONS.adminBulkRetry, (ctx, deps): Promise<BulkResult> =>
      bulkChange(deps.models, ctx.params, RETRYABLE_STATUSES, async (id) => announce(ctx, await retryJob(deps.models, id, actorOf(ctx)))),
    ),

    adminBulkCancel: action(JOBS_ACTIONS.adminBulkCancel, (ctx, deps): Promise<BulkResult> =>
      bulkChange(deps.models, ctx.params, CANCELLABLE_STATUSES, (id) => cancelJob(deps.models, id, actorOf(ctx))),
    ),

    adminPeriodic: action(JOBS_ACTIONS.adminPeriodic, (_ctx, deps) => periodicJobs(deps.models, deps.registry)),

    recentAttempts: action(JOBS_ACTIONS.recentAttempts, (_ctx, deps) => deps.recent.snapshot()),

    // every jobs replica's counters (Moleculer's registry names them), each asked on its own node
    adminStats: action(JOBS_ACTIONS.adminStats, async (ctx): Promise<JobStats> => {
      const nodes = (ctx.broker.registry.getServiceList({ onlyAvailable: true }) as { name: string; nodeID: string }[]).filter((s) => s.name === "jobs").map((s) => s.nodeID);
      const answers = await Promise.allSettled([...new Set(nodes)].map(async (nodeID) => call(ctx, JOBS_ACTIONS.recentAttempts, {}, { nodeID })));
      const got = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value] : []));
      return statsOf(got, answers.length - got.length);
    }),

    adminQueues: action(JOBS_ACTIONS.adminQueues, (_ctx, deps): Promise<QueueInfo[]> => queueInfo(deps.models, deps.registry)),

    adminPauseQueue: action(JOBS_ACTIONS.adminPauseQueue, async (ctx, deps): Promise<QueueInfo> => {
      const info = await pauseQueue(deps.models, deps.registry, ctx.params.name, actorOf(ctx));
      // a replica starts a job only after checking the stored state as read at most PAUSE_STATE_MAX_AGE_MS
      // before: once the pause is stored for longer than that, none starts a job of the queue, told or not
      const outlived = new Promise((resolve) => setTimeout(resolve, PAUSE_STATE_MAX_AGE_MS));
      await Promise.all([refreshPausesEverywhere(ctx), outlived]);
      deps.logger.info("queue paused", { queue: ctx.params.name, by: actorOf(ctx) });
      return info;
    }),

    adminResumeQueue: action(JOBS_ACTIONS.adminResumeQueue, async (ctx, deps): Promise<QueueInfo> => {
      const info = await resumeQueue(deps.models, deps.registry, ctx.params.name);
      await refreshPausesEverywhere(ctx);
      deps.logger.info("queue resumed", { queue: ctx.params.name, by: actorOf(ctx) });
      return info;
    }),

    refreshPauses: action(JOBS_ACTIONS.refreshPauses, async (_ctx, deps): Promise<{ paused: string[] }> => {
      await deps.engine?.refreshPauses();
      return { paused: deps.engine?.pausedQueues ?? [] };
    }),
  }),

  // a replica without a worker does not take part in handing out jobs
  events: (): Record<string, EventWithDeps<JobsDeps>> =>
    config().JOBS_WORKER_ENABLED
      ? {
          [JOBS_ENQUEUED]: (ctx, deps) => {
            const parsed = EnqueuedEvent.safeParse(ctx.params);
            if (!parsed.success) return;
            if (parsed.data.job) deps.engine?.offer(parsed.data.job);
            else deps.engine?.wake(parsed.data.run_at);
          },
        }
      : {},

  async started(deps) {
    await deps.engine?.start();
    deps.queueGauges?.start();
  },

  async stopped(deps) {
    await deps.queueGauges?.stop();
    await deps.engine?.stop(10_000);
  },
});
