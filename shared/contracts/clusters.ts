import { z } from "zod";

/** What another service asks before deleting one of its resources (409 while referenced). */
export const ReferencedKind = z.enum(["server", "load_balancer", "node_pool", "domain", "record_set"]);
export type ReferencedKind = z.infer<typeof ReferencedKind>;

/** `clusters.referencesTo` {organization_id, kind, id} → {clusters: [{id, name}]} */
export const ReferencesToParams = z.object({ organization_id: z.uuid(), kind: ReferencedKind, id: z.uuid() });
export const References = z.object({ clusters: z.array(z.object({ id: z.string(), name: z.string() })) });
export type References = z.infer<typeof References>;

/**
 * The referencing service must answer 409 while a cluster references the resource, with a
 * message naming the referencing kind, e.g. `server is attached to a cluster`.
 */
export function attachedMessage(kind: ReferencedKind): string {
  return `${kind.replace("_", " ")} is attached to a cluster`;
}
