import { Schema, type Connection } from "mongoose";
import { docSchema, TIMESTAMPS, requiredStrings } from "../../shared/db.ts";
import { encryptedValueSchema, type EncryptedValue } from "../../shared/keyring.ts";
import type { EventActor } from "../../shared/contracts/events.ts";

/**
 * One event of the audit log; `_id` is the event's UUIDv7 id, made before the change (so `_id`
 * order is the order the changes began). `recorded_at` and `position` are the events service's:
 * when it recorded the event, and its place in the order of recording (`recorded_at` in
 * milliseconds, fixed width, then the id), which is the order a resumed stream replays in.
 */
export interface AuditEventDoc {
  _id: string;
  organization_id: string;
  type: string;
  resource_type: string;
  resource_id: string;
  actor: EventActor;
  request_id: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  recorded_at: Date;
  position: string;
}

/** A signing secret of a webhook, encrypted by the keyring; a rotated-out one signs until `valid_until`. */
export interface WebhookSecret {
  secret: EncryptedValue;
  valid_until: Date | null;
}

export interface WebhookDoc {
  _id: string;
  organization_id: string;
  url: string;
  events: string[];
  description: string;
  active: boolean;
  secrets: WebhookSecret[];
  /** A new id per secret rotation: a rotation writes only over the secrets it read. */
  revision?: string;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryAttemptDoc {
  at: Date;
  status_code: number | null;
  error: string;
  duration_ms: number;
}

/** One event for one webhook; the body sent is fixed at fan-out, so retries send the same bytes. */
export interface DeliveryDoc {
  _id: string;
  organization_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  /** The JSON body (the event), as sent on every attempt. */
  body: string;
  status: "pending" | "succeeded" | "failed";
  attempts: DeliveryAttemptDoc[];
  created_at: Date;
  updated_at: Date;
}

/** A decision only one caller may take (a secret rotation of one revision), by a unique `_id`. */
export interface EventsClaimDoc {
  _id: string;
  organization_id: string;
  created_at: Date;
}

/** An organization whose events were purged (`_id`: a hash of its id): events for it arriving later are not kept. */
export interface PurgedOrganizationDoc {
  _id: string;
  purged_at: Date;
}

export function defineEventsModels(conn: Connection) {
  const auditEvents = docSchema<AuditEventDoc>(
    "key",
    {
      ...requiredStrings("organization_id", "type", "resource_type", "resource_id"),
      actor: { type: Schema.Types.Mixed, required: true },
      request_id: { type: String, default: "" },
      occurred_at: { type: Date, required: true },
      data: { type: Schema.Types.Mixed, default: {} },
      recorded_at: { type: Date, required: true },
      position: { type: String, required: true },
    },
    { minimize: false },
  );
  auditEvents.index({ organization_id: 1, _id: -1 });
  // the audit log's filters, each led by organization_id (an organization's query never walks
  // another's events); newest first by _id within each
  auditEvents.index({ organization_id: 1, resource_id: 1, _id: -1 });
  auditEvents.index({ organization_id: 1, type: 1, _id: -1 });
  auditEvents.index({ organization_id: 1, resource_type: 1, _id: -1 });
  auditEvents.index({ organization_id: 1, "actor.id": 1, _id: -1 });
  auditEvents.index({ organization_id: 1, occurred_at: -1 });
  // a resumed stream's replay, in the order of recording
  auditEvents.index({ organization_id: 1, position: 1 });
  auditEvents.index({ occurred_at: 1 });
  const webhooks = docSchema<WebhookDoc>(
    "uuid",
    {
      ...requiredStrings("organization_id", "url"),
      events: { type: [String], required: true },
      description: { type: String, default: "" },
      active: { type: Boolean, default: true },
      secrets: { type: [{ _id: false, secret: { type: encryptedValueSchema, required: true }, valid_until: { type: Date, default: null } }], default: [] },
      revision: { type: String },
    },
    { timestamps: TIMESTAMPS },
  );
  webhooks.index({ organization_id: 1, _id: -1 });

  const deliveries = docSchema<DeliveryDoc>(
    "uuid",
    {
      ...requiredStrings("organization_id", "webhook_id", "event_id", "event_type", "body"),
      status: { type: String, required: true, default: "pending" },
      attempts: { type: [{ _id: false, at: Date, status_code: { type: Number, default: null }, error: { type: String, default: "" }, duration_ms: Number }], default: [] },
    },
    { timestamps: TIMESTAMPS },
  );
  // one delivery per event and webhook, however often the event is recorded again
  deliveries.index({ webhook_id: 1, event_id: 1 }, { unique: true });
  deliveries.index({ organization_id: 1, webhook_id: 1, _id: -1 });
  deliveries.index({ event_id: 1 });
  deliveries.index({ created_at: 1 });

  const claims = docSchema<EventsClaimDoc>("key", {
    organization_id: { type: String, required: true, index: true },
    created_at: { type: Date, required: true },
  });
  const purged = docSchema<PurgedOrganizationDoc>("key", { purged_at: { type: Date, required: true, index: true } });

  return {
    auditEvents: conn.model<AuditEventDoc>("audit_events", auditEvents, "audit_events"),
    webhooks: conn.model<WebhookDoc>("webhooks", webhooks, "webhooks"),
    deliveries: conn.model<DeliveryDoc>("webhook_deliveries", deliveries, "webhook_deliveries"),
    claims: conn.model<EventsClaimDoc>("events_claims", claims, "events_claims"),
    purgedOrganizations: conn.model<PurgedOrganizationDoc>("purged_organizations", purged, "purged_organizations"),
  };
}

export type EventsModels = ReturnType<typeof defineEventsModels>;
