import { useState } from "preact/hooks";
import { CANCELLABLE_STATUSES, isInternalJobType, JOB_TYPES, RETRYABLE_STATUSES } from "../../shared/contracts/job-types.ts";
import { api, messageOf, type Job } from "./api.ts";
import { Confirm } from "./components.tsx";
import { shortId } from "./format.ts";

/** Cancel is offered where the API allows it (queued, scheduled, retrying, running); the API still decides. */
export const canCancel = (job: Pick<Job, "status">) => CANCELLABLE_STATUSES.includes(job.status);
/** Retry is offered for failed and canceled jobs; the API still decides. */
export const canRetry = (job: Pick<Job, "status">) => RETRYABLE_STATUSES.includes(job.status);

/** The types an administrator may enqueue by hand, with their default queue (JOBS_EXTRA_TYPES may add more). */
export const ENQUEUEABLE_TYPES: { type: string; queue: string }[] = Object.entries(JOB_TYPES)
  .filter(([type]) => !isInternalJobType(type))
  .map(([type, spec]) => ({ type, queue: spec.queue }));

export interface ActionResult {
  kind: "ok" | "error";
  text: string;
}

/**
 * Cancel and retry through the admin API; the result says what the API answered (its own
 * message on a refusal: `job not cancellable`, `job not eligible for retry`, `job not found`).
 * A cancel is asked for first (`dialog`, which the page renders); a retry goes at once.
 */
export function useJobActions(done: () => void) {
  const [busy, setBusy] = useState<string | undefined>();
  const [result, setResult] = useState<ActionResult | undefined>();
  const [confirming, setConfirming] = useState<Pick<Job, "id" | "type">>();
  const act = async (kind: "cancel" | "retry", job: Pick<Job, "id">) => {
    setBusy(`${kind}:${job.id}`);
    setResult(undefined);
    try {
      const after = await (kind === "cancel" ? api.cancel(job.id) : api.retry(job.id));
      setResult({ kind: "ok", text: `Job ${shortId(after.id)} ${kind === "cancel" ? "canceled" : "queued again"}: now ${after.status}.` });
    } catch (err) {
      setResult({ kind: "error", text: `Job ${shortId(job.id)} was not ${kind === "cancel" ? "canceled" : "retried"}: ${messageOf(err)}` });
    } finally {
      setBusy(undefined);
      done();
    }
  };
  const run = (kind: "cancel" | "retry", job: Pick<Job, "id" | "type">) => {
    if (kind === "cancel") setConfirming(job);
    else void act(kind, job);
  };
  const dialog = confirming && (
    <Confirm
      title={`Cancel job ${shortId(confirming.id)}?`}
      confirm="Cancel the job"
      dismiss="Keep the job"
      onConfirm={() => {
        setConfirming(undefined);
        void act("cancel", confirming);
      }}
      onDismiss={() => setConfirming(undefined)}
    >
      The {confirming.type} job will not run again unless it is retried; an attempt already running finishes.
    </Confirm>
  );
  return { busy, result, run, dialog, clear: () => setResult(undefined) };
}
