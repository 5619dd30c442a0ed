import { z } from "zod";
import { timestamp, uuid } from "../zod.ts";

/**
 * One state change of an organization's resource, as the audit log keeps it, webhooks deliver it
 * and the live stream sends it. `data` holds ids, the names of the changed fields and their
 * non-secret values, never a secret, private key, kubeconfig, certificate key or token.
 */
export const EventActor = z.object({
  type: z.enum(["user", "org_key", "system"]),
  /** The user's or org key's id; the service or job for `system`. */
  id: z.string(),
  email: z.string().optional(),
});
export type EventActor = z.infer<typeof EventActor>;

export const DomainEvent = z.object({
  id: uuid,
  organization_id: uuid,
  /** `<resource_type>.created|updated|deleted|status_changed|revealed`, `job.failed`. */
  type: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  resource_type: z.string(),
  resource_id: z.string(),
  actor: EventActor,
  request_id: z.string(),
  occurred_at: timestamp,
  data: z.record(z.string(), z.unknown()),
});
export type DomainEvent = z.infer<typeof DomainEvent>;

/**
 * An audit event as an administrator sees it: what happened to which resource, who did it and
 * when, never its `data` (the values that changed are the organization's own).
 */
export const AdminAuditEvent = DomainEvent.omit({ data: true });
export type AdminAuditEvent = z.infer<typeof AdminAuditEvent>;
