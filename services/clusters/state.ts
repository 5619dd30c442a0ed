import type { ClusterStatus, ValidateClusterResult } from "../../shared/contracts/clusters.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import type { Caller } from "../../shared/service.ts";
import type { ClusterDoc, ClustersModels, ClusterStateDoc } from "./models.ts";
import { evaluateCluster } from "./validator.ts";
import { upsertById } from "./upsert.ts";
import { toClusterResponses } from "./view.ts";
import type { Keyring } from "../../shared/keyring.ts";

/** A `cluster.status_changed` event, confirmed after a crash by what its write set (`where`). */
/**
 * Writes a new state (a new generation) over `before` only while `before`'s generation is still
 * the stored one, with its `cluster.status_changed` when the status moves; true when it applied.
 */
export async function moveState(
  models: ClustersModels,
  caller: ChangeCaller,
  before: ClusterStateDoc,
  next: { organization_id: string; status: string; last_error: string; generation: string; changed_at: Date },
): Promise<boolean> {
  const change = { from: before.status, to: next.status, last_error: next.last_error };
  const drafts = before.status === next.status ? [] : [statusChanged(models, next.organization_id, before._id, change, { generation: next.generation })];
  const res = await withEvents(
    caller,
    models.eventOutbox,
    drafts,
    () => models.states.updateOne({ _id: before._id, generation: before.generation }, { $set: next }),
    (r) => r.matchedCount > 0,
  );
  return res.matchedCount > 0;
}

export function statusChanged(
  models: ClustersModels,
  organizationId: string,
  clusterId: string,
  change: { from: string; to: string; last_error: string },
  where: Record<string, unknown>,
) {
  return {
    organization_id: organizationId,
    type: "cluster.status_changed",
    resource_type: "cluster",
    resource_id: clusterId,
    data: change,
    check: { collection: models.states.collection.collectionName, id: clusterId, expect: "matches" as const, where },
  };
}

/** The statuses the validator evaluates (and the sweep looks for). */
const VALIDATED_STATUSES: readonly ClusterStatus[] = ["pre_pending", "incomplete"];

/** Tries of the conditional reset before it is written whatever the state is. */
const RESET_TRIES = 5;

/**
 * A change to the cluster: status back to `pre_pending` under a new generation, with its
 * `cluster.status_changed` when the status was another. The write is conditional on the
 * generation it read (a validation landing in between is seen, so `from` is what was replaced).
 * Returns the generation (part of the validation job's dedupe key, so each change gets its own
 * validation).
 */
export async function markChanged(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string): Promise<string> {
  const generation = newId();
  const reset = { organization_id: organizationId, status: "pre_pending", last_error: "", generation, changed_at: new Date() };
  for (let i = 0; i < RESET_TRIES; i++) {
    const before = await models.states.findById(clusterId).lean<ClusterStateDoc>();
    if (!before) break; // a new cluster's first state (its `cluster.created` says it): written below
    if (await moveState(models, caller, before, reset)) return generation;
  }
  await upsertById(models.states, clusterId, { $set: reset, $setOnInsert: { validated_at: null } });
  return generation;
}

/**
 * Validates clusters of one organization that are `pre_pending` or `incomplete` (a `pending`
 * cluster stays as it is until it changes). The nested objects of all of them are fetched in one
 * batched call per kind. An outcome is written only if no change happened since the state was
 * read (the change's own validation decides then).
 */
export async function validateClusters(
  models: ClustersModels,
  keyring: Keyring,
  caller: Caller,
  organizationId: string,
  clusterIds: readonly string[],
): Promise<Map<string, ValidateClusterResult>> {
  const out = new Map<string, ValidateClusterResult>();
  if (clusterIds.length === 0) return out;
  // the state first: its generation is the version of the cluster this validation is about
  const states = await models.states.find({ _id: { $in: [...clusterIds] }, organization_id: organizationId }).lean<ClusterStateDoc[]>();
  const stateOf = new Map(states.map((s) => [s._id, s]));
  const docs = await models.clusters.find({ _id: { $in: [...clusterIds] }, organization_id: organizationId }).lean<ClusterDoc[]>();
  const gone = clusterIds.filter((id) => !docs.some((d) => d._id === id));
  for (const id of gone) out.set(id, { status: null, last_error: "" });
  // leftovers of a delete that died midway (the cluster document goes first): remove them
  const orphans = gone.filter((id) => stateOf.has(id));
  if (orphans.length > 0) {
    await Promise.all([
      models.states.deleteMany({ _id: { $in: orphans }, organization_id: organizationId }),
      models.links.deleteMany({ cluster_id: { $in: orphans }, organization_id: organizationId }),
      models.kubeconfigs.deleteMany({ _id: { $in: orphans }, organization_id: organizationId }),
    ]);
  }

  const toCheck: ClusterDoc[] = [];
  for (const doc of docs) {
    const state = stateOf.get(doc._id);
    // only a cluster waiting for validation or lacking something is evaluated: `pending` stays
    // until it changes, and a run's statuses (bootstrapping … ready, failed) are the run's
    if (state && !VALIDATED_STATUSES.includes(state.status)) out.set(doc._id, { status: state.status, last_error: state.last_error });
    else toCheck.push(doc);
  }
  const views = await toClusterResponses({ models, keyring }, caller, organizationId, toCheck);
  const now = new Date();
  await Promise.all(
    views.map(async (view) => {
      const outcome = evaluateCluster(view);
      const state = stateOf.get(view.id);
      if (state) {
        const write = () =>
          models.states.updateOne({ _id: view.id, generation: state.generation }, { $set: { status: outcome.status, last_error: outcome.last_error, validated_at: now } });
        const change = { from: state.status, to: outcome.status, last_error: outcome.last_error };
        // the event only when the status moves and the write applied (no change happened since the
        // state was read); after a crash, only while the state is still what this write made it
        const drafts =
          state.status === outcome.status
            ? []
            : [statusChanged(models, organizationId, view.id, change, { generation: state.generation, status: outcome.status, validated_at: now })];
        await withEvents(caller, models.eventOutbox, drafts, write, (res) => res.matchedCount > 0);
      } else {
        // no state document (a create that died midway, shown `pre_pending`): create it with the outcome
        const generation = newId();
        const first = { organization_id: organizationId, status: outcome.status, last_error: outcome.last_error, generation, changed_at: now, validated_at: now };
        const change = { from: "pre_pending", to: outcome.status, last_error: outcome.last_error };
        const drafts = [statusChanged(models, organizationId, view.id, change, { generation })];
        await withEvents(
          caller,
          models.eventOutbox,
          drafts,
          async () => {
            try {
              return (await models.states.updateOne({ _id: view.id }, { $setOnInsert: first }, { upsert: true })).upsertedCount;
            } catch (err) {
              if (isDuplicateKey(err)) return 0; // written meanwhile by a change: that one stands
              throw err;
            }
          },
          (inserted) => inserted > 0,
        );
      }
      out.set(view.id, outcome);
    }),
  );
  return out;
}

/** `clusters.validate` for one cluster; a cluster deleted meanwhile is nothing to do. */
export async function validateCluster(models: ClustersModels, keyring: Keyring, caller: Caller, organizationId: string, clusterId: string): Promise<ValidateClusterResult> {
  const result = await validateClusters(models, keyring, caller, organizationId, [clusterId]);
  return result.get(clusterId) ?? { status: null, last_error: "" };
}

/**
 * `clusters.sweep`: validates up to `limit` clusters left `pre_pending` (a validation job that
 * was never enqueued or failed) or `incomplete` (something they lacked may have appeared since),
 * least recently changed first, one batch per organization.
 */
export async function sweep(models: ClustersModels, keyring: Keyring, caller: Caller, limit: number): Promise<{ validated: number }> {
  type Row = Pick<ClusterStateDoc, "_id" | "organization_id">;
  // clusters waiting for validation first, then incomplete ones, least recently validated first
  const waiting = await models.states.find({ status: "pre_pending" }, { organization_id: 1 }).sort({ changed_at: 1 }).limit(limit).lean<Row[]>();
  const incomplete =
    waiting.length < limit
      ? await models.states
          .find({ status: "incomplete" }, { organization_id: 1 })
          .sort({ validated_at: 1 })
          .limit(limit - waiting.length)
          .lean<Row[]>()
      : [];
  const states = [...waiting, ...incomplete];
  const byOrg = new Map<string, string[]>();
  for (const s of states) byOrg.set(s.organization_id, [...(byOrg.get(s.organization_id) ?? []), s._id]);
  let validated = 0;
  let failure: unknown;
  for (const [organizationId, ids] of byOrg) {
    try {
      const result = await validateClusters(models, keyring, caller, organizationId, ids);
      validated += [...result.values()].filter((r) => r.status !== null).length;
    } catch (err) {
      failure ??= err; // one organization's failure (a service down) does not stop the others
    }
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the first caught error, rethrown as it came
  if (failure !== undefined) throw failure;
  return { validated };
}
