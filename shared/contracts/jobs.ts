import { z } from "zod";

/**
 * Job types: a job's `type` names the action that runs it. Each owning service implements the
 * action (params = the job's payload); the jobs service only schedules, runs and retries.
 * Enqueueing a type not listed here is a 400.
 */
export const JOB_TYPES = {
  // cascade delete of an organization: one purge per service that holds organization data
  "inventory.purgeOrganization": { queue: "purge", timeoutMs: 60_000, maxAttempts: 10 },
  "credentials.purgeOrganization": { queue: "purge", timeoutMs: 60_000, maxAttempts: 10 },
  "dns.purgeOrganization": { queue: "purge", timeoutMs: 60_000, maxAttempts: 10 },
  "clusters.purgeOrganization": { queue: "purge", timeoutMs: 60_000, maxAttempts: 10 },
  "orgs.finishDeletion": { queue: "purge", timeoutMs: 30_000, maxAttempts: 20 },
  // DNS reconciliation
  "dns.reconcileDomain": { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 },
  "dns.reconcileRecordSet": { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 },
  "dns.deleteRecordSet": { queue: "dns", timeoutMs: 30_000, maxAttempts: 8 },
  "dns.sweep": { queue: "dns", timeoutMs: 60_000, maxAttempts: 1 },
  // clusters
  "clusters.validate": { queue: "clusters", timeoutMs: 30_000, maxAttempts: 5 },
  "clusters.sweep": { queue: "clusters", timeoutMs: 60_000, maxAttempts: 1 },
  // housekeeping
  "auth.cleanupTokens": { queue: "maintenance", timeoutMs: 60_000, maxAttempts: 3 },
  "jobs.cleanupFinished": { queue: "maintenance", timeoutMs: 60_000, maxAttempts: 3 },
  // a handler that does nothing (benchmarks, smoke tests of the engine)
  "jobs.noop": { queue: "default", timeoutMs: 10_000, maxAttempts: 3 },
} as const satisfies Record<string, { queue: string; timeoutMs: number; maxAttempts: number }>;

export type JobType = keyof typeof JOB_TYPES;

export function isJobType(value: string): value is JobType {
  return Object.hasOwn(JOB_TYPES, value);
}

/** Fan-out events: one job per listed handler, same payload. */
export const FANOUT = {
  "organization.deleted": [
    "inventory.purgeOrganization",
    "credentials.purgeOrganization",
    "dns.purgeOrganization",
    "clusters.purgeOrganization",
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
  delay_ms: z.number().int().min(0).max(30 * 86_400_000).optional(),
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

export const JobStatus = z.enum(["queued", "running", "succeeded", "failed", "canceled", "retrying", "scheduled"]);

/** The Job resource of the spec. */
export const Job = z.object({
  id: z.string(),
  type: z.string(),
  queue: z.string(),
  payload: z.unknown(),
  status: JobStatus,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof Job>;

/** Broadcast after enqueueing so idle workers wake at once instead of waiting for their poll. */
export const JOBS_ENQUEUED = "jobs.enqueued";

/** Params of `jobs.getMany`: jobs by id (missing ids are simply absent from the result). */
export const GetManyParams = z.object({ ids: z.array(z.string()).max(500) });
