import type { Model, QueryFilter } from "mongoose";
import type { LogChunkDoc, RunnerModels } from "./models.ts";

const DAY_MS = 86_400_000;

/** FerretDB on SQLite refuses a statement with more than 32,766 variables: deletes go by batches of ids. */
const DELETE_BATCH = 5_000;

/** Deletes the chunks matching `filter`, a batch of ids at a time; answers how many went. */
export async function deleteChunks(chunks: Model<LogChunkDoc>, filter: QueryFilter<LogChunkDoc>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (await chunks.find(filter, { _id: 1 }).limit(DELETE_BATCH).lean()).map((d) => d._id);
    if (ids.length === 0) return deleted;
    deleted += (await chunks.deleteMany({ _id: { $in: ids } })).deletedCount;
    if (ids.length < DELETE_BATCH) return deleted;
  }
}

/** `runner.purgeExpiredLogs` (daily): output older than the retention, and the end marks of logs untouched since. */
export async function purgeExpiredLogs(models: RunnerModels, retentionDays: number, now = new Date()): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await deleteChunks(models.logChunks, { created_at: { $lt: cutoff } });
  await models.logSubjects.deleteMany({ updated_at: { $lt: cutoff }, ended_at: { $ne: null } });
  return { deleted };
}

/** `runner.purgeOrganization` (a job when an organization is deleted): its runs, their locks, output and pending events. Idempotent. */
export async function purgeOrganization(models: RunnerModels, orgId: string): Promise<{ deleted: number }> {
  const runIds = (await models.runs.find({ organization_id: orgId }, { _id: 1 }).lean()).map((r) => r._id);
  if (runIds.length > 0) await models.runLocks.deleteMany({ $or: [{ run_id: { $in: runIds } }, { _id: { $in: runIds.map((id) => `cancel:${id}`) } }] });
  await models.runs.deleteMany({ organization_id: orgId });
  let deleted = await deleteChunks(models.logChunks, { organization_id: orgId });
  deleted += (await models.logSubjects.deleteMany({ organization_id: orgId })).deletedCount;
  await models.eventOutbox.deleteMany({ organization_id: orgId });
  return { deleted };
}
