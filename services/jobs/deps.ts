import type { Logger } from "moleculer";
import { config } from "../../shared/config.ts";
import type { ServiceRuntime } from "../../shared/service.ts";
import { JobEngine } from "./engine.ts";
import { JobGroupCommit } from "./group-commit.ts";
import { engineMetrics, jobMetrics, QueueGaugeRefresher } from "./metrics.ts";
import type { JobsModels } from "./models.ts";
import { JobRegistry } from "./registry.ts";
import { announce } from "./announce.ts";
import { bothMetrics, RecentAttempts } from "./recent-attempts.ts";

/** What the jobs logic needs, built once when the service starts. */
export interface JobsDeps {
  models: JobsModels;
  registry: JobRegistry;
  /** Inserts of new jobs and first-attempt successes, written in batches. */
  commit: JobGroupCommit;
  /** This replica's worker and periodic scheduler; absent when both are disabled. */
  engine?: JobEngine;
  /** This replica's attempts of the last hour (the admin throughput view adds every replica's up). */
  recent: RecentAttempts;
  /** Refreshes the queue gauges of /metrics (started and stopped with the service); absent when metrics are off. */
  queueGauges?: QueueGaugeRefresher;
  logger: Logger;
}

export function jobsDeps({ broker, db, logger }: ServiceRuntime<JobsModels>): JobsDeps {
  const cfg = config();
  const registry = new JobRegistry(cfg.JOBS_EXTRA_TYPES);
  const commit = new JobGroupCommit(db.models);
  const metrics = jobMetrics(broker);
  const recent = new RecentAttempts();
  const engine =
    cfg.JOBS_WORKER_ENABLED || cfg.JOBS_PERIODIC_ENABLED
      ? new JobEngine({
          models: db.models,
          registry,
          commit,
          nodeId: broker.nodeID,
          settings: {
            worker: cfg.JOBS_WORKER_ENABLED,
            periodic: cfg.JOBS_PERIODIC_ENABLED,
            pollMs: cfg.JOBS_POLL_MS,
            leaseMs: cfg.JOBS_LEASE_MS,
            runningMarkMs: cfg.JOBS_RUNNING_MARK_MS,
            concurrency: cfg.JOBS_CONCURRENCY,
            backoffBaseMs: cfg.JOBS_BACKOFF_BASE_MS,
            backoffMaxMs: cfg.JOBS_BACKOFF_MAX_MS,
          },
          // a job's type names the action that runs it (JOB_TYPES): the one call by a name not taken from a contract
          call: (type, payload, timeoutMs, meta, requestID) =>
            broker.call(type, payload, { timeout: timeoutMs, retries: 0, meta: { job: meta }, ...(requestID ? { requestID } : {}) }),
          announce: (job) => announce(broker, job),
          logger,
          metrics: bothMetrics(metrics ? engineMetrics(metrics) : undefined, recent),
          events: broker,
        })
      : undefined;
  const queueGauges =
    metrics && cfg.JOBS_METRICS_REFRESH_MS > 0 ? new QueueGaugeRefresher({ models: db.models, registry, metrics, logger, intervalMs: cfg.JOBS_METRICS_REFRESH_MS }) : undefined;
  return { models: db.models, registry, commit, recent, ...(engine ? { engine } : {}), ...(queueGauges ? { queueGauges } : {}), logger };
}
