import type { CallingOptions, Logger } from "moleculer";
import { call } from "./call.ts";
import { JOBS_ACTIONS } from "./contracts/jobs-actions.ts";
import type { EnqueueParams, FanOutParams, Job, JobType } from "./contracts/jobs.ts";
import type { Caller } from "./service.ts";

/**
 * The jobs service as every other service calls it (shared/contracts/jobs-actions.ts). A job
 * enqueued in a request's name keeps that request's id: the engine runs it under the same id, so
 * its logs and spans link back to the request that caused it.
 */

/** A request never waits long for the queue: what a best-effort enqueue loses, a sweep catches. */
export const ENQUEUE_TIMEOUT_MS = 3_000;

/** The params of an enqueue by another service: a job type of the table (JOB_TYPES). */
export type JobRequest = EnqueueParams & { type: JobType };

export interface JobsClient {
  enqueue(caller: Caller, params: JobRequest, opts?: CallingOptions): Promise<Job>;
  /** One job per handler FANOUT lists for the event. */
  fanOut(caller: Caller, params: FanOutParams): Promise<Job[]>;
  /** Jobs by id; unknown ids are absent. */
  getMany(caller: Caller, ids: string[]): Promise<Job[]>;
  /**
   * An enqueue that never fails its caller: the change that asked for it is stored, and the
   * owning service's periodic sweep finds what was not enqueued. A failure is logged with the
   * job's type and dedupe key.
   */
  enqueueOrLeaveToSweep(caller: Caller, logger: Logger, params: JobRequest): Promise<void>;
}

export const jobsClient: JobsClient = {
  enqueue: (caller, params, opts) => call(caller, JOBS_ACTIONS.enqueue, params, opts),
  fanOut: (caller, params) => call(caller, JOBS_ACTIONS.fanOut, params),
  getMany: (caller, ids) => call(caller, JOBS_ACTIONS.getMany, { ids }),
  async enqueueOrLeaveToSweep(caller, logger, params) {
    try {
      await call(caller, JOBS_ACTIONS.enqueue, params, { timeout: ENQUEUE_TIMEOUT_MS });
    } catch (err) {
      logger.warn(`could not enqueue ${params.type}; the sweep will pick it up`, { type: params.type, dedupe_key: params.dedupe_key, error: (err as Error).message });
    }
  },
};
