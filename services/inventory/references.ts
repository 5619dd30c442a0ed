import { Errors, type Context } from "moleculer";
import type { Model } from "mongoose";
import { attachedMessage, References, type ReferencedKind } from "../../shared/contracts/clusters.ts";
import { apiError } from "../../shared/errors.ts";

/**
 * Before deleting a server, load balancer or node pool: asks the clusters service whether a
 * cluster references it (409 `<kind> is attached to a cluster`). When the clusters service
 * cannot answer, the delete is refused with 503 rather than risking a cluster that points at a
 * deleted resource (the embedded default always runs clusters; distributed deployments run it
 * as a Deployment like every other service).
 */
export async function ensureNotAttached(ctx: Context, organizationId: string, kind: ReferencedKind, id: string): Promise<void> {
  let refs: References;
  try {
    refs = References.parse(await ctx.call("clusters.referencesTo", { organization_id: organizationId, kind, id }));
  } catch (err) {
    if (err instanceof Errors.ServiceNotFoundError || err instanceof Errors.ServiceNotAvailableError || err instanceof Errors.RequestTimeoutError) {
      throw apiError("service_unavailable", "clusters service unavailable: cannot check references");
    }
    throw err;
  }
  if (refs.clusters.length > 0) throw apiError("conflict", attachedMessage(kind));
}

/** How long a DELETE's mark holds (a crashed DELETE frees the resource after this). */
const DELETE_MARK_MS = 30_000;

/** False while a DELETE of the document is deciding (batch look-ups leave it out). */
export function isLive(doc: { deleting_until?: Date | null }): boolean {
  return !doc.deleting_until || doc.deleting_until.getTime() <= Date.now();
}

/**
 * DELETE of a server, load balancer or node pool: marks it, asks clusters for references
 * (409/503 clear the mark again), then deletes. While marked, `inventory.get<Kind>s` leave it
 * out, so a cluster attach that re-checks its target after writing sees it gone and can undo.
 */
export async function deleteUnlessReferenced(
  ctx: Context,
  model: Model<any>,
  organizationId: string,
  kind: ReferencedKind,
  id: string,
  remove: () => Promise<void>,
): Promise<void> {
  const filter = { _id: id, organization_id: organizationId };
  await model.updateOne(filter, { $set: { deleting_until: new Date(Date.now() + DELETE_MARK_MS) } });
  try {
    await ensureNotAttached(ctx, organizationId, kind, id);
  } catch (err) {
    await model.updateOne(filter, { $set: { deleting_until: null } });
    throw err;
  }
  await remove();
}
