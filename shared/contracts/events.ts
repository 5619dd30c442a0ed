import { z } from "zod";
import { limitParam, PageParams } from "../paging.ts";
import { queryText, uuid } from "../zod.ts";
import { DomainEvent } from "./domain-event.ts";

// the events themselves, apart from the paging params (Node-only): the operator console reads their types
export * from "./domain-event.ts";

/** Params of `events.record`: events a service made durable in its outbox, delivered (again, after a crash) to the audit log. */
export const RecordEventsParams = z.object({ events: z.array(DomainEvent).min(1).max(500) });
export const RecordEventsResult = z.object({ recorded: z.number().int() });
export type RecordEventsResult = z.infer<typeof RecordEventsResult>;

const optionalTime = z
  .string()
  .max(64)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    const t = new Date(v);
    if (Number.isNaN(t.getTime())) {
      ctx.addIssue({ code: "custom", message: "invalid time" });
      return z.NEVER;
    }
    return t;
  });

/** `GET /audit-events`: filters, newest first, `limit` (default 50, at most 500) and the cursor of the Link header. */
export const ListAuditEventsParams = PageParams.extend({
  limit: limitParam(500, 50),
  type: queryText,
  resource_type: queryText,
  resource_id: queryText,
  actor_id: queryText,
  since: optionalTime,
  until: optionalTime,
});
export type ListAuditEventsParams = z.infer<typeof ListAuditEventsParams>;

/**
 * `GET /admin/organizations/{id}/audit-events` (administrators, who are not members of the
 * organization): its audit log with the filters and paging of `GET /audit-events`.
 */
export const AdminListAuditEventsParams = ListAuditEventsParams.extend({ id: uuid });
export type AdminListAuditEventsParams = z.infer<typeof AdminListAuditEventsParams>;

/** An event type pattern (webhooks' `events`, the stream's `types`): `record_set.status_changed`, `record_set.*`, or `*`. */
export const EventPattern = z.string().regex(/^(\*|[a-z_]+\.(\*|[a-z_]+))$/, { error: "invalid event pattern" });

/** At most this many patterns in a stream's `types` or a webhook's `events`. */
export const MAX_PATTERNS = 50;

/**
 * Params of `events.since`: the organization's events recorded after the one a resumed stream
 * saw last (`after`, its Last-Event-ID), in the order the audit log recorded them, a page at a
 * time (`cursor`: the previous page's `next_cursor`), only those of `types`.
 */
export const EventsSinceParams = z.object({
  organization_id: uuid,
  after: uuid,
  cursor: z.string().max(100).optional(),
  types: z.array(EventPattern).max(MAX_PATTERNS).optional(),
  limit: z.number().int().min(1).max(1000).default(500),
});
export type EventsSinceParams = z.input<typeof EventsSinceParams>;

/**
 * A page of `events.since`: `next_cursor` while more follow; `resync` (a reason) instead when the
 * audit log cannot say what came after `after` (an id it no longer keeps or never kept).
 */
export const EventsSinceResult = z.object({
  events: z.array(DomainEvent),
  next_cursor: z.string().nullable(),
  resync: z.string().optional(),
});
export type EventsSinceResult = z.infer<typeof EventsSinceResult>;

/** Name of the broadcast each recorded event goes out as (every gateway's live streams listen). */
export const EVENTS_RECORDED = "events.recorded";

/**
 * What `events.recorded` carries: the events, and the broadcast's place in its sender's sequence
 * (`source`: one events process's run; `seq`: 1, 2, 3… per broadcast). A gateway that sees a
 * number skipped lost a broadcast on the bus, and has its streams read what they missed from the
 * audit log. A broadcast without events repeats the last number (a mark: a lost last broadcast
 * shows even when nothing follows it).
 */
export const EventsRecordedPayload = z.object({
  events: z.array(DomainEvent),
  sequence: z.object({ source: z.string().min(1).max(100), seq: z.number().int().min(0) }).optional(),
});
export type EventsRecordedPayload = z.infer<typeof EventsRecordedPayload>;

/**
 * `GET /events` (Server-Sent Events): an optional comma-separated `types` filter of type patterns
 * (at most 50; a bad pattern is 400 `invalid types`).
 */
export const EventStreamParams = z.object({
  types: z
    .string()
    .max(MAX_PATTERNS * 101)
    .optional()
    .transform((v, ctx) => {
      const patterns = (v ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t !== "");
      if (patterns.length > MAX_PATTERNS) {
        ctx.addIssue({ code: "custom", message: `invalid types: at most ${MAX_PATTERNS} patterns` });
        return z.NEVER;
      }
      if (patterns.some((p) => !EventPattern.safeParse(p).success)) {
        ctx.addIssue({ code: "custom", message: "invalid types" });
        return z.NEVER;
      }
      return patterns.length === 0 ? undefined : patterns;
    })
    .meta({ description: "comma-separated type patterns (`record_set.*`, `job.failed`, `*`), at most 50" }),
});

/** `types` patterns (`record_set.*`, `job.failed`, `*`) as a test on event types. */
export function typeMatcher(patterns: readonly string[] | undefined): (type: string) => boolean {
  if (!patterns || patterns.length === 0) return () => true;
  const tests = patterns.map((p) => (p === "*" ? () => true : p.endsWith(".*") ? (t: string) => t.startsWith(p.slice(0, -1)) : (t: string) => t === p));
  return (type) => tests.some((test) => test(type));
}
