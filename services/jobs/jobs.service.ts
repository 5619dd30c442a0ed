import type { Context, ServiceSchema } from "moleculer";
import { z } from "zod";
import { config } from "../../shared/config.ts";
import { FANOUT, isInternalJobType, Job, JOBS_ENQUEUED, JobStatus, PageJob, QueueInfo } from "../../shared/contracts/jobs.ts";
import type { RequestMeta } from "../../shared/context.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { apiError } from "../../shared/errors.ts";
import { JOBS_ACTIONS } from "../../shared/contracts/jobs-actions.ts";
import { defineAction } from "../../shared/validation.ts";
import { JobEngine, toCandidate, type Candidate } from "./engine.ts";
import { defineJobsModels } from "./models.ts";
import { JobRegistry } from "./registry.ts";
import { cancelJob, cleanupFinished, enqueueJob, getMany, listJobs, queueInfo, retryJob, toJob, type NewJob } from "./store.ts";

/** Payload of the JOBS_ENQUEUED event between jobs replicas. */
const EnqueuedEvent = z.object({
  run_at: z.coerce.date().optional(),
  job: z
    .object({
      _id: z.string(),
      type: z.string(),
      queue: z.string(),
      status: JobStatus,
      attempts: z.number().int(),
      epoch: z.number().int(),
      run_at: z.coerce.date(),
      updated_at: z.coerce.date(),
    })
    .optional(),
});

function actorOf(ctx: Context<unknown, RequestMeta>): string {
  const p = ctx.meta.principal;
  return p?.kind === "user" ? `user:${p.user_id}` : "service";
}

/** The durable job queue: enqueue/fan-out API, the worker engine, periodic jobs, admin views. */
export default function createJobsService(): ServiceSchema {
  const cfg = config();
  const db = new ServiceDatabase("jobs", defineJobsModels);
  const registry = new JobRegistry(cfg.JOBS_EXTRA_TYPES);
  let engine: JobEngine | undefined;

  /**
   * Hands a new job to one worker (a balanced event), with what a claim needs: this replica's own
   * worker when it has one (Moleculer prefers the local subscriber; enqueue calls are spread over
   * the replicas), otherwise the workers in turn. Only that worker tries to claim it at once, so
   * replicas do not spend inserts on each other's claims; a worker that is busy, stopping or gone
   * leaves it to the others' periodic scan (JOBS_POLL_MS), which also spreads a backlog.
   */
  function announce(ctx: { emit: Context["emit"] }, job: Candidate): void {
    void ctx.emit(JOBS_ENQUEUED, { run_at: job.run_at.toISOString(), job: toCandidate(job) });
  }

  /**
   * Stores a job and hands it to a worker replica. With `startHere` (service-to-service
   * enqueues), a due job runs here at once when this replica's worker has a free slot in its
   * queue: it is inserted `running`. An admin's enqueue answers the job `queued`, as documented.
   */
  async function enqueue(ctx: Context<unknown, RequestMeta>, input: NewJob, startHere: boolean): Promise<Job> {
    const spec = registry.get(input.type);
    const lease = spec && startHere ? engine?.leaseNew(input.type, input.queue ?? spec.queue, input.run_at) : undefined;
    let result: Awaited<ReturnType<typeof enqueueJob>>;
    try {
      result = await enqueueJob(db.models, registry, { ...input, lease });
    } catch (err) {
      // if the insert landed after all, the job is `running` under our lease, and its expiry hands it on
      if (lease) engine?.releaseNew(lease);
      throw err;
    }
    if (!result) throw new Error("periodic once-key used by enqueue"); // only periodic jobs pass a once-key
    if (lease && result.created) engine?.runNew(result.job);
    else {
      if (lease) engine?.releaseNew(lease);
      if (result.created) announce(ctx, result.job);
    }
    return toJob(result.job);
  }

  return {
    name: "jobs",

    actions: {
      enqueue: defineAction(JOBS_ACTIONS.enqueue, (ctx): Promise<Job> => {
        const p = ctx.params;
        const runAt = p.run_at !== undefined ? new Date(p.run_at) : p.delay_ms !== undefined ? new Date(Date.now() + p.delay_ms) : undefined;
        return enqueue(ctx, { type: p.type, queue: p.queue, payload: p.payload, run_at: runAt, max_attempts: p.max_attempts, dedupe_key: p.dedupe_key }, true);
      }),

      fanOut: defineAction(JOBS_ACTIONS.fanOut, async (ctx): Promise<Job[]> => {
        const jobs: Job[] = [];
        for (const type of FANOUT[ctx.params.event]) {
          const dedupe = ctx.params.dedupe_prefix !== undefined ? `${ctx.params.dedupe_prefix}:${type}` : undefined;
          jobs.push(await enqueue(ctx, { type, payload: ctx.params.payload, dedupe_key: dedupe }, true));
        }
        return jobs;
      }),

      getMany: defineAction(JOBS_ACTIONS.getMany, (ctx): Promise<Job[]> => getMany(db.models, ctx.params.ids)),

      noop: defineAction(JOBS_ACTIONS.noop, () => ({})),

      cleanupFinished: defineAction(JOBS_ACTIONS.cleanupFinished, (): Promise<{ deleted: number }> => cleanupFinished(db.models)),

      adminList: defineAction(JOBS_ACTIONS.adminList, (ctx): Promise<PageJob> => listJobs(db.models, ctx.params)),

      adminEnqueue: defineAction(JOBS_ACTIONS.adminEnqueue, (ctx): Promise<Job> => {
        const p = ctx.params;
        if (isInternalJobType(p.type)) throw apiError("validation_error", "job type cannot be enqueued by hand");
        return enqueue(ctx, { type: p.type, queue: p.queue, payload: p.payload, run_at: p.run_at !== undefined ? new Date(p.run_at) : undefined }, false);
      }),

      adminCancel: defineAction(JOBS_ACTIONS.adminCancel, async (ctx): Promise<Job> => {
        return toJob(await cancelJob(db.models, ctx.params.id, actorOf(ctx)));
      }),

      adminRetry: defineAction(JOBS_ACTIONS.adminRetry, async (ctx): Promise<Job> => {
        const job = await retryJob(db.models, ctx.params.id, actorOf(ctx));
        announce(ctx, job);
        return toJob(job);
      }),

      adminQueues: defineAction(JOBS_ACTIONS.adminQueues, (): Promise<QueueInfo[]> => queueInfo(db.models, registry)),
    },

    // a replica without a worker does not take part in handing out jobs
    events: cfg.JOBS_WORKER_ENABLED
      ? {
          [JOBS_ENQUEUED]: {
            handler(ctx: Context<{ run_at?: unknown; job?: unknown }>) {
              const parsed = EnqueuedEvent.safeParse(ctx.params);
              if (!parsed.success) return;
              if (parsed.data.job) engine?.offer(parsed.data.job);
              else engine?.wake(parsed.data.run_at);
            },
          },
        }
      : {},

    async started() {
      await db.open();
      if (cfg.JOBS_WORKER_ENABLED || cfg.JOBS_PERIODIC_ENABLED) {
        engine = new JobEngine({
          models: db.models,
          registry,
          nodeId: this.broker.nodeID,
          settings: {
            worker: cfg.JOBS_WORKER_ENABLED,
            periodic: cfg.JOBS_PERIODIC_ENABLED,
            pollMs: cfg.JOBS_POLL_MS,
            leaseMs: cfg.JOBS_LEASE_MS,
            concurrency: cfg.JOBS_CONCURRENCY,
            backoffBaseMs: cfg.JOBS_BACKOFF_BASE_MS,
            backoffMaxMs: cfg.JOBS_BACKOFF_MAX_MS,
          },
          call: (type, payload, timeoutMs, meta) => this.broker.call(type, payload, { timeout: timeoutMs, retries: 0, meta: { job: meta } }),
          announce: (job) => announce(this.broker, job),
          logger: this.logger,
        });
        engine.start();
      }
    },

    async stopped() {
      await engine?.stop(10_000);
      engine = undefined;
      await db.close();
    },
  } as ServiceSchema;
}
