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
      "orgs.sweepDeletions",
      "inventory.relayEvents",
      "credentials.relayEvents",
      "dns.relayEvents",
      "clusters.relayEvents",
      "jobs.relayEvents",
      "orgs.relayEvents",
      "runner.relayEvents",
      "runner.sweep",
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

/** The unique once-key of a periodic job: one job per type and period. */
export function periodKey(type: string, start: number): string {
  return `period:${type}:${new Date(start).toISOString()}`;
}
