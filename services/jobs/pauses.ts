import type { QueueInfo } from "../../shared/contracts/jobs.ts";
import { claimOnce } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { JobsModels } from "./models.ts";
import type { JobRegistry } from "./registry.ts";
import { queueInfo } from "./store.ts";

/** A queue exists when a job type uses it, a job was ever put in it (and not yet cleaned up), or it is paused. */
async function queueExists(models: JobsModels, registry: JobRegistry, name: string): Promise<boolean> {
  if (registry.queues().includes(name)) return true;
  const [job, paused] = await Promise.all([models.jobs.exists({ queue: name }), models.queuePauses.exists({ _id: name })]);
  return job !== null || paused !== null;
}

/** The queue's QueueInfo (a queue that holds only finished jobs and is not paused is not listed: all zero). */
async function infoOf(models: JobsModels, registry: JobRegistry, name: string): Promise<QueueInfo> {
  const info = (await queueInfo(models, registry)).find((q) => q.name === name);
  return info ?? { name, pending: 0, running: 0, failed: 0, scheduled: 0, paused: false, oldest_pending_age_seconds: 0 };
}

/**
 * Pauses a queue: the paused state is one document in the jobs database (`queue_pauses`), so it
 * survives restarts and every replica sees it. Pausing a paused queue changes nothing. Answers
 * the queue's QueueInfo; 404 `queue not found` for a queue nobody uses.
 */
export async function pauseQueue(models: JobsModels, registry: JobRegistry, name: string, actor: string, now = new Date()): Promise<QueueInfo> {
  if (!(await queueExists(models, registry, name))) throw MESSAGES.notFound.error("queue");
  await claimOnce(models.queuePauses, name, { paused_by: actor, paused_at: now });
  return infoOf(models, registry, name);
}

/** Resumes a queue (resuming one that is not paused changes nothing); 404 for a queue nobody uses. */
export async function resumeQueue(models: JobsModels, registry: JobRegistry, name: string): Promise<QueueInfo> {
  if (!(await queueExists(models, registry, name))) throw MESSAGES.notFound.error("queue");
  await models.queuePauses.deleteOne({ _id: name });
  return infoOf(models, registry, name);
}
