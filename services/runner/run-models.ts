import type { Connection } from "mongoose";
import { docSchema, requiredStrings, TIMESTAMPS } from "../../shared/db.ts";

/**
 * Storage of admin-defined actions and cluster runs (the runner's own database, next to its logs):
 *
 * - `cluster_actions`: what administrators defined; `label` unique.
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
  return {
    clusterActions: conn.model<ClusterActionDoc>("cluster_actions", actions, "cluster_actions"),
  };
}
