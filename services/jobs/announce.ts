import type { Context } from "moleculer";
import { JOBS_ENQUEUED } from "../../shared/contracts/jobs.ts";
import { toCandidate, type Candidate } from "./engine.ts";

/** How a job is handed to the workers: an action's `ctx` or the broker. */
export type Emitter = Pick<Context, "emit">;

/**
 * Hands a new job to one worker (a balanced event), with what a claim needs: this replica's own
 * worker when it has one (Moleculer prefers the local subscriber; enqueue calls are spread over
 * the replicas), otherwise the workers in turn. Only that worker tries to claim it at once, so
 * replicas do not spend inserts on each other's claims; a worker that is busy, stopping or gone
 * leaves it to the others' periodic scan (JOBS_POLL_MS), which also spreads a backlog.
 */
export function announce(emitter: Emitter, job: Candidate): void {
  void emitter.emit(JOBS_ENQUEUED, { run_at: job.run_at.toISOString(), job: toCandidate(job) });
}
