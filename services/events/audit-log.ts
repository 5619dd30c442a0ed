import type { QueryFilter } from "mongoose";
import { EVENTS_RECORDED, typeMatcher, type DomainEvent, type EventsSinceParams, type ListAuditEventsParams, type RecordEventsResult } from "../../shared/contracts/events.ts";
import { insertEach, isDuplicateKey } from "../../shared/db.ts";
import { toPage, type Page } from "../../shared/paging.ts";
import { apiError } from "../../shared/errors.ts";
import { escapeRegex } from "../../shared/zod.ts";
import type { Caller } from "../../shared/service.ts";
import type { EventsDeps } from "./deps.ts";
import { fanOut, purgeWebhooks } from "./webhooks.ts";
import type { AuditEventDoc } from "./models.ts";

/** A page of the audit log unless asked otherwise, and the most a page holds. */
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

export function toDomainEvent(doc: AuditEventDoc): DomainEvent {
  return {
    id: doc._id,
    organization_id: doc.organization_id,
    type: doc.type,
    resource_type: doc.resource_type,
    resource_id: doc.resource_id,
    actor: doc.actor,
    request_id: doc.request_id,
    occurred_at: new Date(doc.occurred_at).toISOString(),
    data: doc.data,
  };
}

/**
 * Keeps events delivered from the services' outboxes. An event already kept (a delivery repeated
 * after a crash) is not kept twice; the ones kept now are broadcast to every gateway's streams.
 */
export async function recordEvents(deps: EventsDeps, caller: Caller, events: readonly DomainEvent[]): Promise<RecordEventsResult> {
  const userIds = [...new Set(events.filter((e) => e.actor.type === "user" && e.actor.email === undefined).map((e) => e.actor.id))];
  const emails = await deps.emailsOf(caller, userIds);
  const withEmails = events.map((e) => {
    const email = e.actor.type === "user" ? (e.actor.email ?? emails.get(e.actor.id)) : undefined;
    return email === undefined ? e : { ...e, actor: { ...e.actor, email } };
  });
  const docs: AuditEventDoc[] = withEmails.map((e) => ({ ...e, _id: e.id, occurred_at: new Date(e.occurred_at) })).map(({ id: _id, ...doc }) => doc);
  const failed = await insertEach(deps.models.auditEvents, docs);
  const other = [...failed.values()].find((err) => !isDuplicateKey(err));
  if (other) throw other;
  const recorded = withEmails.filter((_, i) => !failed.has(i));
  if (recorded.length > 0) await deps.broadcast(EVENTS_RECORDED, { events: recorded });
  // every event, recorded now or before: a fan-out a crash cut short is completed when the event comes again
  await fanOut(deps, caller, withEmails);
  return { recorded: recorded.length };
}

/** The organization's audit log, newest first, filtered; `limit` 50 by default, at most 500. */
export async function listEvents(deps: EventsDeps, orgId: string, params: ListAuditEventsParams): Promise<Page<DomainEvent>> {
  if (params.limit !== undefined && params.limit > MAX_LIMIT) throw apiError("validation_error", "invalid limit");
  const filter: Record<string, unknown> = { organization_id: orgId };
  if (params.resource_id !== undefined) filter.resource_id = params.resource_id;
  if (params.type !== undefined) filter.type = params.type.endsWith(".*") ? { $regex: `^${escapeRegex(params.type.slice(0, -1))}` } : params.type;
  if (params.resource_type !== undefined) filter.resource_type = params.resource_type;
  if (params.actor_id !== undefined) filter["actor.id"] = params.actor_id;
  const time: Record<string, Date> = {};
  if (params.since) time.$gte = params.since;
  if (params.until) time.$lt = params.until;
  if (Object.keys(time).length > 0) filter.occurred_at = time;
  if (params.cursor !== undefined) filter._id = { $lt: params.cursor };
  const page = { limit: params.limit ?? DEFAULT_LIMIT, cursor: params.cursor };
  const docs = await deps.models.auditEvents
    .find(filter as QueryFilter<AuditEventDoc>)
    .sort({ _id: -1 })
    .limit(page.limit + 1)
    .lean<AuditEventDoc[]>();
  const found = toPage(docs, page, (d) => d._id);
  return { ...found, items: found.items.map(toDomainEvent) };
}

/** The organization's events after one, oldest first (a resumed stream's backlog), of the matching types. */
export async function eventsSince(deps: EventsDeps, params: EventsSinceParams): Promise<DomainEvent[]> {
  const docs = await deps.models.auditEvents
    .find({ organization_id: params.organization_id, _id: { $gt: params.after } })
    .sort({ _id: 1 })
    .limit(params.limit)
    .lean<AuditEventDoc[]>();
  const matches = typeMatcher(params.types);
  return docs.filter((d) => matches(d.type)).map(toDomainEvent);
}

export async function purgeOrganization(deps: EventsDeps, orgId: string): Promise<{ removed: number }> {
  const res = await deps.models.auditEvents.deleteMany({ organization_id: orgId });
  await purgeWebhooks(deps, orgId);
  return { removed: res.deletedCount };
}

/** Removes the events older than the retention. */
export async function purgeExpired(deps: EventsDeps, now = Date.now()): Promise<{ removed: number }> {
  const res = await deps.models.auditEvents.deleteMany({ occurred_at: { $lt: new Date(now - deps.settings.AUDIT_RETENTION_DAYS * 86_400_000) } });
  return { removed: res.deletedCount };
}
