import { z } from "zod";
import { PageParams } from "../paging.ts";
import { timestamp, uuid } from "../zod.ts";
import { DomainEvent, EventPattern } from "./events.ts";

const WebhookUrl = z
  .url({ protocol: /^https?$/, error: "invalid url" })
  .max(2048)
  .refine((u) => !/^[a-z]+:\/\/[^/]*@/i.test(u), { error: "invalid url: credentials in the url" });

/** A webhook of an organization (its signing secret is shown once, at creation and rotation). */
export const WebhookOut = z.object({
  id: z.string(),
  organization_id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WebhookOut = z.infer<typeof WebhookOut>;

/** The create answer: the webhook and its signing secret (`whsec_…`, Standard Webhooks), this once. */
export const WebhookCreated = WebhookOut.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreated>;

export const CreateWebhookParams = z.object({
  url: WebhookUrl,
  events: z.array(EventPattern).min(1).max(50),
  description: z.string().trim().max(500).default(""),
  active: z.boolean().default(true),
});

export const WebhookIdParams = z.object({ id: uuid });

export const UpdateWebhookParams = z.object({
  id: uuid,
  url: WebhookUrl.optional(),
  events: z.array(EventPattern).min(1).max(50).optional(),
  description: z.string().trim().max(500).optional(),
  active: z.boolean().optional(),
});

/** The answer of a secret rotation: the new secret (shown once) and until when the previous one still signs. */
export const RotatedSecret = z.object({ secret: z.string(), previous_valid_until: timestamp });
export type RotatedSecret = z.infer<typeof RotatedSecret>;

export const DeliveryAttempt = z.object({
  at: timestamp,
  /** The receiver's status, or null when it did not answer (timeout, refused, unreachable). */
  status_code: z.number().int().nullable(),
  error: z.string(),
  duration_ms: z.number().int(),
});

/** One event delivered (or being delivered) to one webhook. */
export const DeliveryOut = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.array(DeliveryAttempt),
  created_at: timestamp,
  updated_at: timestamp,
});
export type DeliveryOut = z.infer<typeof DeliveryOut>;

export const ListDeliveriesParams = PageParams.extend({ id: uuid });

/** Payload of the `events.deliverWebhook` job. */
export const DeliverWebhookParams = z.object({ organization_id: uuid, delivery_id: uuid });

/**
 * What a webhook receives (the OpenAPI document's `webhooks`): a POST per event with the
 * Standard Webhooks headers; the body is the event (a DomainEvent; `webhook.ping` for a test).
 */
export const WEBHOOK_DELIVERY = {
  name: "event",
  summary: "An event of the organization, delivered to a webhook",
  description: [
    "A POST per event matching the webhook's patterns, following the Standard Webhooks specification (verify it with any Standard Webhooks library and the webhook's `whsec_` secret).",
    "Answer 2xx within WEBHOOK_TIMEOUT_MS; anything else (a timeout, a non-2xx answer; redirects are not followed) is retried with backoff for WEBHOOK_RETRY_WINDOW_S (24 h), then the delivery is failed.",
    "Deduplicate on `webhook-id`: the same on every retry.",
  ].join(" "),
  headers: [
    { name: "webhook-id", description: "the event's id, the same on every retry of this delivery" },
    { name: "webhook-timestamp", description: "when this attempt was signed, Unix seconds" },
    {
      name: "webhook-signature",
      description:
        'space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret still signing (two while a rotated secret is in its grace period)',
    },
  ],
  body: { name: "DomainEvent", schema: DomainEvent },
} as const;
