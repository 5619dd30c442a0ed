import { Errors } from "moleculer";
import { FANOUT, type Job, type JobType } from "../../shared/contracts/jobs.ts";
import { claimOnce, deleteMatching } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import type { Broadcaster, Caller } from "../../shared/service.ts";
import type { OrgsDeps } from "./deps.ts";
import type { DeletionDoc, OrgsModels, PurgeDoc } from "./models.ts";

/**
 * Cascade delete of an organization, durable through the jobs queue:
 *
 * 1. `markDeleting`: a unique insert into `deletions` (exclusive: one DELETE wins) and the
 *    organization's status set to `deleting`. From here on it is absent from lists, membership
 *    checks and org-key resolution, and its domain is free again.
 * 2. `scheduleDeletion`: one purge job per service (`jobs.fanOut` "organization.deleted"), their
 *    ids recorded in `purges`, and an `orgs.finishDeletion` job.
 * 3. `finishDeletion` (the job): every purge succeeded → the organization's own data goes
 *    (keys, memberships, the organization, the marker last); a purge that failed or vanished
 *    is enqueued again; anything still pending throws a retryable error so the queue retries.
 * 4. `sweepDeletions` (a periodic job): for every marker older than a minute it
 *    enqueues `orgs.finishDeletion` again (deduplicated by the queue), which repairs a deletion
 *    whose scheduling failed (jobs down, process died) or whose finishing job ran out of attempts.
 */

export const DELETION_EVENT = "organization.deleted" as const;
export const PURGE_TYPES: readonly JobType[] = FANOUT[DELETION_EVENT];

/** Dedupe keys: a repeated fan-out or enqueue returns the unfinished job instead of a new one. */
export const purgeDedupePrefix = (organizationId: string) => `orgdel:${organizationId}`;
const purgeDedupeKey = (organizationId: string, type: string) => `${purgeDedupePrefix(organizationId)}:${type}`;
const finishDedupeKey = (organizationId: string) => `orgs.finishDeletion:${organizationId}`;
const purgeId = (organizationId: string, type: string) => `${organizationId}:${type}`;

/**
 * Marks the organization deleting, with its `organization.deleted` event (the organization is gone
 * for its users from here on); a second, concurrent DELETE finds it gone (404) and records nothing.
 */
export async function markDeleting(models: OrgsModels, caller: ChangeCaller, organizationId: string, requestedBy: string): Promise<void> {
  const deleted = {
    organization_id: organizationId,
    type: "organization.deleted",
    resource_type: "organization",
    resource_id: organizationId,
    data: {},
    check: { collection: models.deletions.collection.collectionName, id: organizationId, expect: "present" as const },
  };
  await withEvents(caller, models.eventOutbox, [deleted], async () => {
    const claimed = await claimOnce(models.deletions, organizationId, { requested_by: requestedBy, created_at: new Date() });
    if (!claimed) throw MESSAGES.notFound.error("organization");
    await models.organizations.updateOne({ _id: organizationId }, { $set: { status: "deleting", domain_key: `deleting:${organizationId}` } });
  });
}

async function recordPurge(models: OrgsModels, organizationId: string, type: string, jobId: string, rounds: number): Promise<void> {
  await models.purges.updateOne({ _id: purgeId(organizationId, type) }, { $set: { organization_id: organizationId, type, job_id: jobId, rounds } }, { upsert: true });
}

/** Fans out the purge jobs and enqueues the finishing job (idempotent: the queue deduplicates). */
export async function scheduleDeletion(deps: OrgsDeps, caller: Caller, organizationId: string): Promise<Job[]> {
  const { models, jobs } = deps;
  const payload = { organization_id: organizationId };
  const purgeJobs = await jobs.fanOut(caller, { event: DELETION_EVENT, payload, dedupe_prefix: purgeDedupePrefix(organizationId) });
  for (const job of purgeJobs) await recordPurge(models, organizationId, job.type, job.id, 1);
  await jobs.enqueue(caller, { type: "orgs.finishDeletion", payload, dedupe_key: finishDedupeKey(organizationId) });
  return purgeJobs;
}

/** Removes everything the orgs service holds for the organization; the deletion marker goes last. */
export async function purgeOwnData(models: OrgsModels, organizationId: string): Promise<void> {
  await deleteMatching(models.keyUsage, { organization_id: organizationId });
  await deleteMatching(models.orgKeys, { organization_id: organizationId });
  await deleteMatching(models.memberships, { organization_id: organizationId });
  await deleteMatching(models.purges, { organization_id: organizationId });
  await deleteMatching(models.eventOutbox, { organization_id: organizationId });
  await models.locks.deleteMany({ _id: `members:${organizationId}` });
  await models.organizations.deleteOne({ _id: organizationId });
  await models.deletions.deleteOne({ _id: organizationId });
}

export interface FinishOutcome {
  organization_id: string;
  deleted: boolean;
}

/** The `orgs.finishDeletion` job: see the module comment. */
export async function finishDeletion(deps: OrgsDeps, caller: Caller & Broadcaster, organizationId: string): Promise<FinishOutcome> {
  const { models, jobs } = deps;
  const marker = await models.deletions.findById(organizationId).lean<DeletionDoc>();
  if (!marker) return { organization_id: organizationId, deleted: false }; // finished earlier, or never deleted
  const purges = await models.purges.find({ organization_id: organizationId }).lean<PurgeDoc[]>();
  const byType = new Map(purges.map((p) => [p.type, p]));
  const ids = purges.map((p) => p.job_id);
  const found = ids.length > 0 ? await jobs.getMany(caller, ids) : [];
  const jobById = new Map(found.map((j) => [j.id, j]));

  const pending: string[] = [];
  for (const type of PURGE_TYPES) {
    const record = byType.get(type);
    const job = record ? jobById.get(record.job_id) : undefined;
    if (job?.status === "succeeded") continue;
    if (!record || !job || job.status === "failed" || job.status === "canceled") {
      // never scheduled, cleaned up, out of attempts or canceled: the purge must still happen
      const again = await jobs.enqueue(caller, { type, payload: { organization_id: organizationId }, dedupe_key: purgeDedupeKey(organizationId, type) });
      await recordPurge(models, organizationId, type, again.id, (record?.rounds ?? 0) + 1);
      pending.push(`${type} enqueued again`);
    } else {
      pending.push(`${type} ${job.status}`);
    }
  }
  if (pending.length > 0) {
    // 409, not 5xx: "not yet" is no fault of the orgs service, so the circuit breaker must not count it
    throw new Errors.MoleculerRetryableError(`organization purge not finished: ${pending.join(", ")}`, 409, "purge_pending");
  }
  await purgeOwnData(models, organizationId);
  await deps.accessChanged(caller, { organization_id: organizationId });
  deps.logger.info("organization deleted", { organization_id: organizationId });
  return { organization_id: organizationId, deleted: true };
}

/** Safety net: enqueues `orgs.finishDeletion` for every deletion older than `olderThanMs`. */
export async function sweepDeletions(deps: OrgsDeps, caller: Caller, olderThanMs = 60_000): Promise<string[]> {
  const stuck = await deps.models.deletions
    .find({ created_at: { $lt: new Date(Date.now() - olderThanMs) } }, { _id: 1 })
    .limit(500)
    .lean();
  for (const d of stuck) {
    await deps.jobs.enqueue(caller, { type: "orgs.finishDeletion", payload: { organization_id: d._id }, dedupe_key: finishDedupeKey(d._id) });
  }
  return stuck.map((d) => d._id);
}

/**
 * DELETE /orgs/{id}: the deletion is recorded and the gateways told at once; the purge jobs are
 * scheduled when the jobs service answers, else by the sweep.
 */
export async function deleteOrganization(deps: OrgsDeps, caller: Caller & Broadcaster, organizationId: string, userId: string): Promise<void> {
  await markDeleting(deps.models, caller, organizationId, userId);
  await deps.accessChanged(caller, { organization_id: organizationId });
  try {
    await scheduleDeletion(deps, caller, organizationId);
  } catch (err) {
    deps.logger.warn("organization deletion recorded but not scheduled yet; the sweep retries", { organization_id: organizationId, error: (err as Error).name });
  }
}
