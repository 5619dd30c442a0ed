/**
 * The job types and the states of a job, as plain data without zod: the job engine, the admin
 * API and the operator console (which bundles this file) read the same table. Re-exported by
 * `jobs.ts`, where the zod schemas are.
 */

/**
 * Job types: a job's `type` names the action that runs it. Each owning service implements the
 * action (params = the job's payload); the jobs service only schedules, runs and retries.
 * Enqueueing a type not listed here is a 400.
 */
export interface JobTypeSpec {
  queue: string;
  timeoutMs: number;
  maxAttempts: number;
  /** Enqueued only by the system (never through the admin API). */
  internal?: boolean;
  /**
   * A long job (up to `timeoutMs`, hours for a cluster run): its lease is JOBS_LEASE_MS long and
   * renewed by the worker while the call runs, so a worker that dies is noticed within a lease,
   * not after the whole timeout.
   */
  heartbeat?: boolean;
}

/** Cascade delete of an organization: one purge per service that holds organization data. */
const PURGE: JobTypeSpec = { queue: "purge", timeoutMs: 60_000, maxAttempts: 10, internal: true };

/** Events owed to the audit log by a service's outbox (a delivery that failed, a process that died mid-change). */
const RELAY_EVENTS: JobTypeSpec = { queue: "events", timeoutMs: 60_000, maxAttempts: 1 };

export const JOB_TYPES = {
  "inventory.purgeOrganization": PURGE,
  "credentials.purgeOrganization": PURGE,
  "dns.purgeOrganization": PURGE,
  "clusters.purgeOrganization": PURGE,
  "events.purgeOrganization": PURGE,
  "orgs.finishDeletion": { queue: "purge", timeoutMs: 30_000, maxAttempts: 20, internal: true },
  "orgs.sweepDeletions": { queue: "purge", timeoutMs: 60_000, maxAttempts: 1 },
  // DNS reconciliation
  "dns.reconcileDomain": { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 },
  "dns.reconcileRecordSet": { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 },
  "dns.deleteRecordSet": { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 },
  "dns.sweep": { queue: "dns", timeoutMs: 60_000, maxAttempts: 1 },
  // clusters
  "clusters.validate": { queue: "clusters", timeoutMs: 30_000, maxAttempts: 5 },
  "clusters.sweep": { queue: "clusters", timeoutMs: 60_000, maxAttempts: 1 },
  // remote execution over SSH (the runner service): a run is never retried (not safely repeatable)
  "runner.bootstrapServer": { queue: "runner", timeoutMs: 30 * 60_000, maxAttempts: 3, heartbeat: true, internal: true },
  "runner.executeRun": { queue: "runner", timeoutMs: 24 * 3_600_000, maxAttempts: 1, heartbeat: true, internal: true },
  "runner.sweep": { queue: "runner", timeoutMs: 60_000, maxAttempts: 1 },
  "runner.purgeOrganization": PURGE,
  "runner.relayEvents": RELAY_EVENTS,
  // housekeeping
  "runner.purgeExpiredLogs": { queue: "maintenance", timeoutMs: 60_000, maxAttempts: 3 },
  "auth.cleanupTokens": { queue: "maintenance", timeoutMs: 60_000, maxAttempts: 3 },
  "jobs.cleanupFinished": { queue: "maintenance", timeoutMs: 60_000, maxAttempts: 3 },
  "events.purgeExpired": { queue: "maintenance", timeoutMs: 60_000, maxAttempts: 3 },
  // a webhook delivery: retried with backoff until it succeeds or its retry window (24 h) is over
  "events.deliverWebhook": { queue: "webhooks", timeoutMs: 30_000, maxAttempts: 100, internal: true },
  "inventory.relayEvents": RELAY_EVENTS,
  "credentials.relayEvents": RELAY_EVENTS,
  "dns.relayEvents": RELAY_EVENTS,
  "clusters.relayEvents": RELAY_EVENTS,
  "jobs.relayEvents": RELAY_EVENTS,
  "orgs.relayEvents": RELAY_EVENTS,
  // a handler that does nothing (benchmarks, smoke tests of the engine)
  "jobs.noop": { queue: "default", timeoutMs: 10_000, maxAttempts: 3 },
} as const satisfies Record<string, JobTypeSpec>;

export type JobType = keyof typeof JOB_TYPES;

/**
 * The `type` of a job handler's error that no retry can fix: the engine records the job
 * `failed` with the error's message at once, whatever attempts remain (any other error is
 * retried with backoff until `max_attempts`).
 */
export const JOB_FAILED_FOR_GOOD = "JOB_FAILED_FOR_GOOD";

/**
 * True for job types only the system may enqueue (the organization purges): an administrator
 * enqueueing one by hand could wipe a live organization's data.
 */
export function isInternalJobType(type: string): boolean {
  return isJobType(type) && (JOB_TYPES[type] as JobTypeSpec).internal === true;
}

export function isJobType(value: string): value is JobType {
  return Object.hasOwn(JOB_TYPES, value);
}

/** Every status a job can be in (the Job resource's `status`). */
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "canceled", "retrying", "scheduled"] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];

/** States a job can be canceled from (decisions.md "Worker and jobs"). */
export const CANCELLABLE_STATUSES: readonly JobStatusName[] = ["queued", "scheduled", "retrying", "running"];
/** States an admin retry starts from. */
export const RETRYABLE_STATUSES: readonly JobStatusName[] = ["failed", "canceled"];
/** States a job never leaves on its own. */
export const FINISHED_STATUSES: readonly JobStatusName[] = ["succeeded", "failed", "canceled"];
