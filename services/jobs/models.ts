import { eventOutboxModel } from "../../shared/event-outbox.ts";
import type { Connection } from "mongoose";
import { docSchema, nullDates, requiredStrings } from "../../shared/db.ts";
import type { JobStatus } from "../../shared/contracts/jobs.ts";

/** One job of the queue. Concurrently written facts (leases, cancel requests) live in `claims`. */
export interface JobDoc {
  _id: string;
  type: string;
  queue: string;
  /** The payload as JSON text: any keys survive storage, and `q` searches it literally. */
  payload_json: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string;
  /** Node that ran (or runs) the current attempt. */
  lease_owner: string | null;
  /** A running job whose lease expired is taken over by another worker. */
  lease_expires_at: Date | null;
  /** Caller's dedupe key (while the job is not finished, enqueueing the key again returns it). */
  dedupe_key: string | null;
  /** Unique: the job id, or `period:<type>:<period start>` for periodic jobs (one per period). */
  once_key: string;
  /** Bumped by an admin retry, so lease and cancel claims of earlier runs no longer apply. */
  epoch: number;
  finished_at: Date | null;
  /** The request that enqueued the job (Moleculer's request id): every attempt runs under it, so its logs and spans link back. */
  request_id?: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Exclusive markers decided by a unique insert: `lease:<job>:<epoch>:<attempt>` and
 * `retry:<job>:<epoch>` in `claims`; `cancel:<job>:<epoch>` in the small `cancels` collection,
 * which every attempt reads (FerretDB scans a collection for most reads, so hot reads go to
 * small collections).
 */
export interface ClaimDoc {
  _id: string;
  job_id: string;
  owner: string;
  created_at: Date;
}

/** `_id` = dedupe key → the unfinished job holding it. */
export interface DedupeDoc {
  _id: string;
  job_id: string;
  created_at: Date;
}

/**
 * A paused queue (`_id` = the queue's name): while the document exists no replica starts a job of
 * the queue (it still accepts jobs; running ones finish). One small document per paused queue, so
 * every replica reads them all at start, at each poll and when told of a change.
 */
export interface QueuePauseDoc {
  _id: string;
  /** `user:<id>` of the administrator, or `service` (the REPL). */
  paused_by: string;
  paused_at: Date;
}

export function defineJobsModels(conn: Connection) {
  const jobs = docSchema<JobDoc>("key", {
    ...requiredStrings("type", "queue", "status", "once_key"),
    payload_json: { type: String, default: "{}" },
    attempts: { type: Number, default: 0 },
    max_attempts: { type: Number, required: true },
    run_at: { type: Date, required: true },
    last_error: { type: String, default: "" },
    lease_owner: { type: String, default: null },
    ...nullDates("lease_expires_at", "finished_at"),
    dedupe_key: { type: String, default: null },
    epoch: { type: Number, default: 0 },
    request_id: { type: String },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  });
  jobs.index({ once_key: 1 }, { unique: true });
  // claiming: due jobs by status and run_at; expired leases of running jobs
  jobs.index({ status: 1, run_at: 1 });
  jobs.index({ status: 1, lease_expires_at: 1 });
  // admin views: newest first, by status / queue
  jobs.index({ status: 1, _id: -1 });
  jobs.index({ queue: 1, _id: -1 });
  // cleanup of finished jobs
  jobs.index({ finished_at: 1 });

  // claims and cancels: the same markers, in two collections
  const claimSchema = () => {
    const schema = docSchema<ClaimDoc>("key", {
      job_id: { type: String, required: true },
      owner: { type: String, default: "" },
      created_at: { type: Date, required: true },
    });
    schema.index({ job_id: 1 });
    return schema;
  };

  const dedupe = docSchema<DedupeDoc>("key", {
    job_id: { type: String, required: true },
    created_at: { type: Date, required: true },
  });

  const queuePauses = docSchema<QueuePauseDoc>("key", {
    paused_by: { type: String, default: "" },
    paused_at: { type: Date, required: true },
  });

  return {
    jobs: conn.model<JobDoc>("jobs", jobs),
    claims: conn.model<ClaimDoc>("claims", claimSchema()),
    cancels: conn.model<ClaimDoc>("cancels", claimSchema()),
    dedupe: conn.model<DedupeDoc>("dedupe", dedupe),
    /** Events of changes not yet delivered to the audit log (shared/event-outbox.ts). */
    eventOutbox: eventOutboxModel(conn),
    queuePauses: conn.model<QueuePauseDoc>("queue_pauses", queuePauses),
  };
}

export type JobsModels = ReturnType<typeof defineJobsModels>;
