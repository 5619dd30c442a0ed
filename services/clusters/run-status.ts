import type { RunClusterStatus, RunTarget, SetRunStatusResult } from "../../shared/contracts/clusters.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { newId } from "../../shared/ids.ts";
import type { Keyring } from "../../shared/keyring.ts";
import type { Caller } from "../../shared/service.ts";
import { readKubeconfig } from "./kubeconfig.ts";
import type { ClusterDoc, ClustersModels, ClusterStateDoc } from "./models.ts";
import { moveState, statusChanged } from "./state.ts";
import { upsertById } from "./upsert.ts";
import { toClusterResponses } from "./view.ts";

/**
 * `clusters.runTarget` (the runner only): the cluster's nested view and its kubeconfig in
 * plaintext (null when none is stored); `cluster: null` when the cluster is gone.
 */
export async function runTarget(deps: { models: ClustersModels; keyring: Keyring }, caller: Caller, organizationId: string, clusterId: string): Promise<RunTarget> {
  const doc = await deps.models.clusters.findOne({ _id: clusterId, organization_id: organizationId }).lean<ClusterDoc>();
  if (!doc) return { cluster: null, kubeconfig: null };
  const [views, kubeconfig] = await Promise.all([toClusterResponses(deps, caller, organizationId, [doc]), readKubeconfig(deps.models, deps.keyring, organizationId, clusterId)]);
  return { cluster: views[0] ?? null, kubeconfig };
}

/** Tries of the conditional move before it is written whatever the state is. */
const MOVE_TRIES = 5;

/**
 * `clusters.setRunStatus`: a run moves the cluster's status, with `cluster.status_changed` when
 * the status is another. The move takes a new generation (so a validation that read the state
 * before it never overwrites the run's status) and is conditional on the generation it read.
 */
export async function setRunStatus(
  models: ClustersModels,
  caller: ChangeCaller,
  organizationId: string,
  clusterId: string,
  status: RunClusterStatus,
  lastError: string,
): Promise<SetRunStatusResult> {
  if (!(await models.clusters.exists({ _id: clusterId, organization_id: organizationId }))) return { status: null };
  for (let i = 0; i < MOVE_TRIES; i++) {
    const before = await models.states.findOne({ _id: clusterId, organization_id: organizationId }).lean<ClusterStateDoc>();
    const generation = newId();
    const set = { organization_id: organizationId, status, last_error: lastError, generation, changed_at: new Date() };
    if (!before) {
      // no state yet (a create that died midway): the run's status is its first
      const drafts = [statusChanged(models, organizationId, clusterId, { from: "pre_pending", to: status, last_error: lastError }, { generation })];
      await withEvents(caller, models.eventOutbox, drafts, () => upsertById(models.states, clusterId, { $set: set, $setOnInsert: { validated_at: null } }));
      return { status };
    }
    if (await moveState(models, caller, before, set)) return { status };
  }
  await upsertById(models.states, clusterId, { $set: { organization_id: organizationId, status, last_error: lastError, generation: newId(), changed_at: new Date() } });
  return { status };
}
