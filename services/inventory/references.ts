import type { References, ReferencedKind } from "../../shared/contracts/clusters.ts";
import { call } from "../../shared/call.ts";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import { DeletionMarks } from "../../shared/deletion-marks.ts";
import { MESSAGES, unavailableAs503 } from "../../shared/errors.ts";
import type { Caller } from "../../shared/service.ts";
import type { Inventory } from "./resources.ts";

/**
 * Before deleting a server, load balancer or node pool: asks the clusters service whether a
 * cluster references it (409 `<kind> is attached to a cluster`). When the clusters service
 * cannot answer, the delete is refused with 503 rather than risking a cluster that points at a
 * deleted resource (the embedded default always runs clusters; distributed deployments run it
 * as a Deployment like every other service).
 */
export async function ensureNotAttached(caller: Caller, organizationId: string, kind: ReferencedKind, id: string): Promise<void> {
  let refs: References;
  try {
    refs = await call(caller, CLUSTERS_ACTIONS.referencesTo, { organization_id: organizationId, kind, id });
  } catch (err) {
    throw unavailableAs503(err, MESSAGES.clustersUnavailableForReferences.text());
  }
  if (refs.clusters.length > 0) throw MESSAGES.attachedToCluster.error(kind);
}

export type MarkKind = ReferencedKind | "ssh_key";

/** The inventory's deletion marks (see shared/deletion-marks.ts). */
export function marksOf(inv: Inventory): DeletionMarks<MarkKind> {
  return new DeletionMarks<MarkKind>(inv.models.marks);
}

/** The inventory's resources a cluster can reference, by kind. */
const REFERENCEABLE = { server: "servers", load_balancer: "loadBalancers", node_pool: "nodePools" } as const;
export type ReferenceableKind = keyof typeof REFERENCEABLE;

/**
 * DELETE of a server, load balancer or node pool: 404 when the organization has no such object,
 * 409 while a cluster references it. While the mark holds, `inventory.get<Kind>s` leave it out,
 * so a cluster attach that looks its target up again after writing sees it gone and can undo.
 */
export async function deleteUnlessReferenced(
  caller: Caller,
  inv: Inventory,
  organizationId: string,
  kind: ReferenceableKind,
  id: string,
  remove: () => Promise<void>,
): Promise<void> {
  await inv.res[REFERENCEABLE[kind]].getDoc(organizationId, id);
  await marksOf(inv).deleteMarked(organizationId, [{ kind, id }], () => ensureNotAttached(caller, organizationId, kind, id), remove);
}
