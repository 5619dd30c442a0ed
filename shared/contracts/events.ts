import { z } from "zod";
import { PageParams } from "../paging.ts";
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

/** Params of `events.since`: the organization's events after `after` (oldest first), for a stream that resumes. */
export const EventsSinceParams = z.object({
  organization_id: uuid,
  after: uuid,
  types: z.array(z.string().max(100)).max(50).optional(),
  limit: z.number().int().min(1).max(1000).default(500),
});
export type EventsSinceParams = z.infer<typeof EventsSinceParams>;

/** Name of the broadcast each recorded event goes out as (every gateway's live streams listen). */
export const EVENTS_RECORDED = "events.recorded";

/** `GET /events` (Server-Sent Events): an optional comma-separated `types` filter of type patterns. */
export const EventStreamParams = z.object({ types: queryText });

/** `types` patterns (`record_set.*`, `job.failed`, `*`) as a test on event types. */
export function typeMatcher(patterns: readonly string[] | undefined): (type: string) => boolean {
  if (!patterns || patterns.length === 0) return () => true;
  const tests = patterns.map((p) => (p === "*" ? () => true : p.endsWith(".*") ? (t: string) => t.startsWith(p.slice(0, -1)) : (t: string) => t === p));
  return (type) => tests.some((test) => test(type));
}
