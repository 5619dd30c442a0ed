import { DELETE_BATCH, deleteMatching } from "../../shared/db.ts";
import type { RunnerModels } from "./models.ts";

const DAY_MS = 86_400_000;

/** `runner.purgeExpiredLogs` (daily): output older than the retention, and the end marks of logs untouched since. */
export async function purgeExpiredLogs(models: RunnerModels, retentionDays: number, now = new Date()): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await deleteMatching(models.logChunks, { created_at: { $lt: cutoff } });
  await deleteMatching(models.logSubjects, { updated_at: { $lt: cutoff }, ended_at: { $ne: null } });
  return { deleted };
}

/** `runner.purgeOrganization` (a job when an organization is deleted): its runs, their locks, output and pending events. Idempotent. */
export async function purgeOrganization(models: RunnerModels, orgId: string): Promise<{ deleted: number }> {
  const runIds = (await models.runs.find({ organization_id: orgId }, { _id: 1 }).lean()).map((r) => r._id);
  // a run's lock and its cancel mark both carry its run_id
  for (let i = 0; i < runIds.length; i += DELETE_BATCH) await models.runLocks.deleteMany({ run_id: { $in: runIds.slice(i, i + DELETE_BATCH) } });
  await deleteMatching(models.runs, { organization_id: orgId });
  let deleted = await deleteMatching(models.logChunks, { organization_id: orgId });
  deleted += await deleteMatching(models.logSubjects, { organization_id: orgId });
  await deleteMatching(models.eventOutbox, { organization_id: orgId });
  return { deleted };
}
