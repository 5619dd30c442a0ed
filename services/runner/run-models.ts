import type { Connection } from "mongoose";
import type { RunStatus } from "../../shared/contracts/runner.ts";
import { docSchema, nullDates, requiredStrings, TIMESTAMPS } from "../../shared/db.ts";

/**
 * Storage of admin-defined actions and cluster runs (the runner's own database, next to its logs):
 *
 * - `cluster_actions`: what administrators defined; `label` unique.
 * - `runs`: one per run of an action against a cluster (organization-scoped).
 * - `run_locks`: `_id` = cluster id, inserted by a run's start (unique: one run at a time per
 *   cluster, decided by the insert since FerretDB has no transactions), removed when it ends.
 */

export interface ClusterActionDoc {
  _id: string;
  label: string;
  description: string;
  make_target: string;
  /** Who created and last changed it (`user:<id>`): admin changes are attributed in the record. */
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
}

export interface RunDoc {
  _id: string;
  organization_id: string;
  cluster_id: string;
  action_id: string;
  /** The action's label and make target when the run was started. */
  action: string;
  make_target: string;
  status: RunStatus;
  error: string;
  /** The runner.executeRun job (its id, to cancel it while queued). */
  job_id: string;
  started_at: Date | null;
  finished_at: Date | null;
  /** Renewed every few seconds by the replica executing the run; a `running` run whose heartbeat is older than a lease was lost. */
  heartbeat_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RunLockDoc {
  _id: string;
  run_id: string;
  created_at: Date;
}

export function defineRunModels(conn: Connection) {
  const actions = docSchema<ClusterActionDoc>(
    "uuid",
    {
      ...requiredStrings("make_target", "created_by", "updated_by"),
      label: { type: String, required: true, unique: true },
      description: { type: String, default: "" },
    },
    { timestamps: TIMESTAMPS },
  );
  const runs = docSchema<RunDoc>(
    "uuid",
    {
      ...requiredStrings("organization_id", "cluster_id", "action_id", "action", "make_target", "status"),
      error: { type: String, default: "" },
      job_id: { type: String, default: "" },
      ...nullDates("started_at", "finished_at", "heartbeat_at"),
    },
    { timestamps: TIMESTAMPS },
  );
  runs.index({ organization_id: 1, cluster_id: 1, _id: -1 });
  runs.index({ status: 1 });
  const locks = docSchema<RunLockDoc>("key", { run_id: { type: String, required: true, index: true }, created_at: { type: Date, required: true } });
  return {
    runs: conn.model<RunDoc>("runs", runs, "runs"),
    runLocks: conn.model<RunLockDoc>("run_locks", locks, "run_locks"),
    clusterActions: conn.model<ClusterActionDoc>("cluster_actions", actions, "cluster_actions"),
  };
}
