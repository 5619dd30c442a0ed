import type { JobType } from "../../shared/contracts/jobs.ts";

/** Periodic jobs: each is enqueued exactly once per period across all replicas. */
export const PERIODIC_JOBS = [
  { type: "dns.sweep", everyMs: 60_000 },
  { type: "clusters.sweep", everyMs: 60_000 },
  { type: "orgs.sweepDeletions", everyMs: 60_000 },
  { type: "auth.cleanupTokens", everyMs: 3_600_000 },
  { type: "jobs.cleanupFinished", everyMs: 86_400_000 },
  { type: "events.purgeExpired", everyMs: 86_400_000 },
  { type: "inventory.relayEvents", everyMs: 60_000 },
  { type: "credentials.relayEvents", everyMs: 60_000 },
  { type: "dns.relayEvents", everyMs: 60_000 },
  { type: "clusters.relayEvents", everyMs: 60_000 },
  { type: "jobs.relayEvents", everyMs: 60_000 },
  { type: "orgs.relayEvents", everyMs: 60_000 },
] as const satisfies readonly { type: JobType; everyMs: number }[];

/** Start (epoch ms) of the period `now` falls in. */
export function periodStart(now: number, everyMs: number): number {
  return Math.floor(now / everyMs) * everyMs;
}

/** The unique once-key of a periodic job: one job per type and period. */
export function periodKey(type: string, start: number): string {
  return `period:${type}:${new Date(start).toISOString()}`;
}
