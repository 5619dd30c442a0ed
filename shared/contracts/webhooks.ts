import { z } from "zod";
import { PageParams } from "../paging.ts";
import { timestamp, uuid } from "../zod.ts";
import { EventPattern } from "./events.ts";

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
