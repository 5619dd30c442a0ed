import { Errors, type Context } from "moleculer";
import { attachedMessage, References, type ReferencedKind } from "../../shared/contracts/clusters.ts";
import { apiError } from "../../shared/errors.ts";
import type { Inventory } from "./resources.ts";

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

export type MarkKind = ReferencedKind | "ssh_key";

const markId = (kind: MarkKind, id: string) => `${kind}:${id}`;

/** The ids among `ids` that a DELETE is deciding about right now (one query). */
export async function markedIds(inv: Inventory, kind: MarkKind, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const marks = await inv.models.marks
    .find({ _id: { $in: ids.map((id) => markId(kind, id)) }, until: { $gt: new Date() } }, { _id: 1 })
    .lean<{ _id: string }[]>();
  return new Set(marks.map((m) => m._id.slice(kind.length + 1)));
}

/** `docs` without those a DELETE is deciding about. */
export async function withoutMarked<D extends { _id: string }>(
  inv: Inventory,
  kind: MarkKind,
  ids: readonly string[],
  load: (ids: readonly string[]) => Promise<D[]>,
): Promise<D[]> {
  // marks first, documents second: a DELETE that finishes between the two reads has removed the
  // document by the time it is loaded (the other order lets a just-deleted resource through)
  const marked = await markedIds(inv, kind, ids);
  const docs = await load(ids.filter((id) => !marked.has(id)));
  return docs.filter((d) => !marked.has(d._id));
}

/**
 * Runs a DELETE that must not leave a reference dangling: marks the resource, runs `check`
 * (which throws 409/503 while it is referenced; the mark is then cleared), then `remove`.
 * Writers of references re-check the target after writing and see the mark (or the resource
 * gone), so a concurrent delete and reference never both succeed.
 */
export async function deleteWithMark(
  inv: Inventory,
  organizationId: string,
  kind: MarkKind,
  id: string,
  check: () => Promise<void>,
  remove: () => Promise<void>,
): Promise<void> {
  const _id = markId(kind, id);
  await inv.models.marks.updateOne({ _id }, { $set: { organization_id: organizationId, until: new Date(Date.now() + DELETE_MARK_MS) } }, { upsert: true });
  try {
    await check();
    await remove();
  } finally {
    await inv.models.marks.deleteOne({ _id });
  }
}

/**
 * DELETE of a server, load balancer or node pool: 409 while a cluster references it. While the
 * mark holds, `inventory.get<Kind>s` leave it out, so a cluster attach that looks its target up
 * again after writing sees it gone and can undo.
 */
export function deleteUnlessReferenced(ctx: Context, inv: Inventory, organizationId: string, kind: ReferencedKind, id: string, remove: () => Promise<void>): Promise<void> {
  return deleteWithMark(inv, organizationId, kind, id, () => ensureNotAttached(ctx, organizationId, kind, id), remove);
}
