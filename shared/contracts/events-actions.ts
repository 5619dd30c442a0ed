import { z } from "zod";
import { pageOf, PageParams } from "../paging.ts";
import { action, ORG_ROUTE, orgCollectionRoutes } from "./action.ts";
import {
  AdminAuditEvent,
  AdminListAuditEventsParams,
  DomainEvent,
  EventsSinceParams,
  EventsSinceResult,
  ListAuditEventsParams,
  RecordEventsParams,
  RecordEventsResult,
} from "./events.ts";
import { PurgeOrganizationParams } from "./jobs.ts";
import {
  CreateWebhookParams,
  DeliverWebhookParams,
  DeliveryOut,
  ListDeliveriesParams,
  RotatedSecret,
  UpdateWebhookParams,
  WebhookCreated,
  WebhookIdParams,
  WebhookOut,
} from "./webhooks.ts";

const managers = { orgRoles: ["owner", "admin"] } as const;
const webhookRoutes = orgCollectionRoutes("/webhooks");

/** The actions of the events service: the audit log every other service records its changes in. */
export const EVENTS_ACTIONS = {
  list: action({
    name: "events.list",
    visibility: "published",
    description: "The organization's audit log, newest first; filters type, resource_type, resource_id, actor_id, since, until; owners and admins only.",
    input: ListAuditEventsParams,
    output: pageOf(DomainEvent),
    access: managers,
    http: { method: "GET", path: "/audit-events", ...ORG_ROUTE, paged: true },
  }),
  adminList: action({
    name: "events.adminList",
    visibility: "published",
    description:
      "Administrators: an organization's audit log, newest first, without the events' data (type, resource, actor, time, request id); the filters and paging of GET /audit-events. An organization that does not exist (or no longer does) is 404 `organization not found`.",
    input: AdminListAuditEventsParams,
    output: pageOf(AdminAuditEvent),
    http: { method: "GET", path: "/admin/organizations/:id/audit-events", auth: "admin", errors: "text", uuidParams: ["id"], paged: true },
  }),

  listWebhooks: action({
    name: "events.listWebhooks",
    visibility: "published",
    description: "The organization's webhooks, newest first; owners and admins only.",
    input: PageParams,
    output: pageOf(WebhookOut),
    access: managers,
    http: webhookRoutes.list,
  }),
  createWebhook: action({
    name: "events.createWebhook",
    visibility: "published",
    description: "Subscribe a URL to event types (patterns such as `record_set.*`); the answer shows the signing secret once.",
    input: CreateWebhookParams,
    output: WebhookCreated,
    access: managers,
    http: { ...webhookRoutes.create, refuses: [409] },
  }),
  getWebhook: action({
    name: "events.getWebhook",
    visibility: "published",
    description: "One webhook (never its secret).",
    input: WebhookIdParams,
    output: WebhookOut,
    access: managers,
    http: webhookRoutes.get,
  }),
  updateWebhook: action({
    name: "events.updateWebhook",
    visibility: "published",
    description: "Change a webhook's URL, event patterns, description or active flag.",
    input: UpdateWebhookParams,
    output: WebhookOut,
    access: managers,
    http: webhookRoutes.update,
  }),
  deleteWebhook: action({
    name: "events.deleteWebhook",
    visibility: "published",
    description: "Delete a webhook and its delivery history.",
    input: WebhookIdParams,
    access: managers,
    http: webhookRoutes.remove,
  }),
  rotateWebhookSecret: action({
    name: "events.rotateWebhookSecret",
    visibility: "published",
    description: "A new signing secret (shown once); the previous one keeps signing, next to it, for WEBHOOK_SECRET_GRACE_S.",
    input: WebhookIdParams,
    output: RotatedSecret,
    access: managers,
    http: { method: "POST", path: "/webhooks/:id/rotate-secret", ...ORG_ROUTE, uuidParams: ["id"], refuses: [409] },
  }),
  listDeliveries: action({
    name: "events.listDeliveries",
    visibility: "published",
    description: "A webhook's deliveries, newest first: attempts, status codes and errors.",
    input: ListDeliveriesParams,
    output: pageOf(DeliveryOut),
    access: managers,
    http: { method: "GET", path: "/webhooks/:id/deliveries", ...ORG_ROUTE, uuidParams: ["id"], paged: true },
  }),
  testWebhook: action({
    name: "events.testWebhook",
    visibility: "published",
    description: "Send a `webhook.ping` event to the webhook (through the queue, like any delivery); answers the delivery.",
    input: WebhookIdParams,
    output: DeliveryOut,
    access: managers,
    http: { method: "POST", path: "/webhooks/:id/test", ...ORG_ROUTE, uuidParams: ["id"] },
  }),

  record: action({
    name: "events.record",
    visibility: "public",
    description: "Keep events a service made durable in its outbox (again after a crash: an event already kept is not kept twice), then broadcast them.",
    input: RecordEventsParams,
    output: RecordEventsResult,
    idempotent: true,
  }),
  since: action({
    name: "events.since",
    visibility: "public",
    description: "What a resumed stream missed: the organization's events recorded after one (with an overlap window), in the order of recording, a page at a time.",
    input: EventsSinceParams,
    output: EventsSinceResult,
    idempotent: true,
  }),
  deliverWebhook: action({
    name: "events.deliverWebhook",
    visibility: "public",
    description: "Job handler: POST one delivery, signed (Standard Webhooks); a timeout or non-2xx answer is retried with backoff for WEBHOOK_RETRY_WINDOW_S.",
    input: DeliverWebhookParams,
    output: z.object({ status: z.enum(["succeeded", "skipped"]) }),
  }),
  purgeOrganization: action({
    name: "events.purgeOrganization",
    visibility: "public",
    description: "Job handler: remove a deleted organization's audit log, webhooks and deliveries; events for it arriving later are not kept.",
    input: PurgeOrganizationParams,
    output: z.object({ removed: z.number().int() }),
  }),
  purgeExpired: action({
    name: "events.purgeExpired",
    visibility: "public",
    description: "Periodic job: remove events and webhook deliveries (their bodies with them) older than the retention (AUDIT_RETENTION_DAYS).",
    input: z.object({}),
    output: z.object({ removed: z.number().int(), deliveries: z.number().int() }),
  }),
} as const;

/** The `relayEvents` job handler of a service with an event outbox (shared/event-outbox.ts), under its full name. */
export function relayEventsAction(name: string) {
  return action({
    name,
    visibility: "public",
    description: "Periodic job: deliver the events this service's outbox still owes the audit log; drop intents whose change never happened.",
    input: z.object({}),
    output: z.object({ delivered: z.number().int(), dropped: z.number().int() }),
  });
}
