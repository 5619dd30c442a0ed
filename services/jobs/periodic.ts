import type { JobType } from "../../shared/contracts/jobs.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Types of the periodic jobs, by how often they run. */
const EVERY: readonly { everyMs: number; types: readonly JobType[] }[] = [
  {
    everyMs: MINUTE,
    types: [
      "dns.sweep",
      "clusters.sweep",
      "runner.sweep",
      "orgs.sweepDeletions",
      "inventory.relayEvents",
      "credentials.relayEvents",
      "dns.relayEvents",
      "clusters.relayEvents",
      "jobs.relayEvents",
      "orgs.relayEvents",
      "runner.relayEvents",
    ],
  },
  { everyMs: HOUR, types: ["auth.cleanupTokens"] },
  { everyMs: DAY, types: ["jobs.cleanupFinished", "events.purgeExpired", "runner.purgeExpiredLogs"] },
];

/** Periodic jobs: each is enqueued exactly once per period across all replicas. */
export const PERIODIC_JOBS: readonly { type: JobType; everyMs: number }[] = EVERY.flatMap(({ everyMs, types }) => types.map((type) => ({ type, everyMs })));

/** Start (epoch ms) of the period `now` falls in. */
export function periodStart(now: number, everyMs: number): number {
  return Math.floor(now / everyMs) * everyMs;
}

/**
 * Attempts a periodic job gets while its service cannot be reached (each a backoff apart): an
 * outage is retried rather than failing the period's run for good. A failure of the job itself
 * still ends it after its type's own maxAttempts.
 */
export const PERIODIC_OUTAGE_ATTEMPTS = 8;

/** True for a periodic job (its once-key is a period's). */
export function isPeriodicKey(onceKey: string | undefined): boolean {
  return onceKey?.startsWith("period:") === true;
}

/** The unique once-key of a periodic job: one job per type and period. */
export function periodKey(type: string, start: number): string {
  return `period:${type}:${new Date(start).toISOString()}`;
}
