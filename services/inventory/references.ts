import { Errors, type Context } from "moleculer";
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
