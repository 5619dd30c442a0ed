import { createHash } from "node:crypto";
import type { QueryFilter } from "mongoose";
import { type DomainEvent, type EventsSinceParams, type EventsSinceResult, type ListAuditEventsParams, type RecordEventsResult } from "../../shared/contracts/events.ts";
import { deleteMatching, insertEach, isDuplicateKey } from "../../shared/db.ts";
import { toPage, type Page } from "../../shared/paging.ts";
import { idTime } from "../../shared/ids.ts";
import { escapeRegex } from "../../shared/zod.ts";
import type { Caller } from "../../shared/service.ts";
import type { EventsDeps } from "./deps.ts";
import { fanOut, purgeExpiredDeliveries, purgeWebhooks } from "./webhooks.ts";
import type { AuditEventDoc } from "./models.ts";

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

/** An event's place in the order of recording: the time it was recorded (ms, fixed width), then its id. */
function positionOf(recordedAtMs: number, id: string): string {
  return `${String(recordedAtMs).padStart(15, "0")}:${id}`;
}

/** A MongoDB filter on `type` for type patterns (`record_set.*`, `job.failed`, `*`); nothing to filter for none or `*`. */
function typeFilter(patterns: readonly string[] | undefined): Record<string, unknown> {
  if (!patterns || patterns.length === 0 || patterns.includes("*")) return {};
  const exact = patterns.filter((p) => !p.endsWith(".*"));
  const terms: Record<string, unknown>[] = patterns.filter((p) => p.endsWith(".*")).map((p) => ({ type: { $regex: `^${escapeRegex(p.slice(0, -1))}` } }));
  if (exact.length > 0) terms.push({ type: exact.length === 1 ? exact[0] : { $in: exact } });
  return terms.length === 1 ? terms[0]! : { $or: terms };
}

/**
 * Keeps events delivered from the services' outboxes, each with the time it is recorded here and
 * its position in the order of recording (what a resumed stream replays by: an event recorded
 * after another has a later position, whatever their ids). An event already kept (a delivery
 * repeated after a crash) is not kept twice and keeps its position; every one is broadcast to
 * every gateway's streams (again for one kept before: its first broadcast may never have happened).
 */
export async function recordEvents(deps: EventsDeps, caller: Caller, all: readonly DomainEvent[]): Promise<RecordEventsResult> {
  // an organization seen purged already: what its services still owed (a relay, a late delivery) is dropped
  const events = all.filter((e) => deps.seenPurged.get(e.organization_id) === undefined);
  if (events.length === 0) return { recorded: 0 };
  const userIds = [...new Set(events.filter((e) => e.actor.type === "user" && e.actor.email === undefined).map((e) => e.actor.id))];
  const emails = await deps.emailsOf(caller, userIds);
  const withEmails = events.map((e) => {
    const email = e.actor.type === "user" ? (e.actor.email ?? emails.get(e.actor.id)) : undefined;
    return email === undefined ? e : { ...e, actor: { ...e.actor, email } };
  });
  const now = Date.now();
  const docs: AuditEventDoc[] = withEmails
    .map((e) => ({ ...e, _id: e.id, occurred_at: new Date(e.occurred_at), recorded_at: new Date(now), position: positionOf(now, e.id) }))
    .map(({ id: _id, ...doc }) => doc);
  const failed = await insertEach(deps.models.auditEvents, docs);
  const other = [...failed.values()].find((err) => !isDuplicateKey(err));
  if (other) throw other;
  // checked after writing: a purge marks the organization before it deletes, so either its delete
  // saw these rows or this check sees its mark (and the rows go)
  const purged = await purgedAmong(
    deps,
    events.map((e) => e.organization_id),
  );
  if (purged.size > 0) await deps.models.auditEvents.deleteMany({ _id: { $in: events.filter((e) => purged.has(e.organization_id)).map((e) => e.id) } });
  const kept = withEmails.filter((e) => !purged.has(e.organization_id));
  const recorded = withEmails.filter((e, i) => !failed.has(i) && !purged.has(e.organization_id));
  // every event, kept now or before: a delivery comes again when the last one failed after its
  // insert (before or during its broadcast), so the streams may never have had it; they drop an id
  // they already sent
  if (kept.length > 0) await deps.recorded.send(kept);
  // every event, recorded now or before: a fan-out a crash cut short is completed when the event comes again
  await fanOut(deps, caller, kept);
  return { recorded: recorded.length };
}

/** The organization's audit log, newest first, filtered; `limit` 50 by default, at most 500 (checked by its schema). */
export async function listEvents(deps: EventsDeps, orgId: string, params: ListAuditEventsParams): Promise<Page<DomainEvent>> {
  const filter: Record<string, unknown> = { organization_id: orgId };
  if (params.resource_id !== undefined) filter.resource_id = params.resource_id;
  if (params.type !== undefined) Object.assign(filter, typeFilter([params.type]));
  if (params.resource_type !== undefined) filter.resource_type = params.resource_type;
  if (params.actor_id !== undefined) filter["actor.id"] = params.actor_id;
  const time: Record<string, Date> = {};
  if (params.since) time.$gte = params.since;
  if (params.until) time.$lt = params.until;
  if (Object.keys(time).length > 0) filter.occurred_at = time;
  if (params.cursor !== undefined) filter._id = { $lt: params.cursor };
  // `limit`: 50 unless asked, at most 500 (ListAuditEventsParams)
  const page = { limit: params.limit ?? 50, cursor: params.cursor };
  const docs = await deps.models.auditEvents
    .find(filter as QueryFilter<AuditEventDoc>)
    .sort({ _id: -1 })
    .limit(page.limit + 1)
    .lean<AuditEventDoc[]>();
  const found = toPage(docs, page, (d) => d._id);
  return { ...found, items: found.items.map(toDomainEvent) };
}

/**
 * Where a resumed stream starts: the position at which the audit log recorded the client's last
 * event (or, for an id it does not hold, the time the UUIDv7 was made), less the overlap window
 * (EVENTS_RESUME_OVERLAP_S). An event recorded a little before that one but committed or
 * broadcast after it (concurrent requests, several events replicas and their clocks) therefore
 * comes again rather than never; the client deduplicates by id. No start for an id that is not a
 * UUIDv7 or is older than the retention: the client must read the audit log instead.
 */
async function replayStart(deps: EventsDeps, organizationId: string, after: string): Promise<{ position: string } | { resync: string }> {
  const doc = await deps.models.auditEvents.findOne({ organization_id: organizationId, _id: after }, { recorded_at: 1 }).lean<Pick<AuditEventDoc, "recorded_at">>();
  const seen = doc ? new Date(doc.recorded_at).getTime() : idTime(after);
  if (seen === undefined) return { resync: "the audit log does not know the Last-Event-ID" };
  if (!doc && seen < Date.now() - deps.settings.AUDIT_RETENTION_DAYS * 86_400_000) return { resync: "the Last-Event-ID is older than the audit log keeps" };
  return { position: positionOf(Math.max(0, seen - deps.settings.EVENTS_RESUME_OVERLAP_S * 1000), "") };
}

/**
 * A page of what a resumed stream missed: the organization's events of `types`, in the order the
 * audit log recorded them, from the overlap window before the client's last event on (that event
 * itself left out), or after `cursor` (the previous page's `next_cursor`).
 */
export async function eventsSince(deps: EventsDeps, params: EventsSinceParams): Promise<EventsSinceResult> {
  const limit = params.limit ?? 500;
  let position: Record<string, string>;
  if (params.cursor !== undefined) {
    position = { $gt: params.cursor };
  } else {
    const start = await replayStart(deps, params.organization_id, params.after);
    if ("resync" in start) return { events: [], next_cursor: null, resync: start.resync };
    position = { $gte: start.position };
  }
  const filter = { organization_id: params.organization_id, position, _id: { $ne: params.after }, ...typeFilter(params.types) };
  const docs = await deps.models.auditEvents
    .find(filter as QueryFilter<AuditEventDoc>)
    .sort({ position: 1 })
    .limit(limit + 1)
    .lean<AuditEventDoc[]>();
  const page = docs.slice(0, limit);
  return { events: page.map(toDomainEvent), next_cursor: docs.length > limit ? page[page.length - 1]!.position : null };
}

/**
 * The key of a purged organization's mark: a hash of its id, so that nothing naming the
 * organization is left once it is purged (the mark only answers "was this id purged?").
 */
function purgedKey(orgId: string): string {
  return createHash("sha256").update(`purged-organization:${orgId}`).digest("hex");
}

/** The organizations among `ids` whose events were purged (remembered in `seenPurged`: a purge is for good). */
async function purgedAmong(deps: EventsDeps, ids: readonly string[]): Promise<Set<string>> {
  const keys = new Map([...new Set(ids)].map((id) => [purgedKey(id), id]));
  const found = await deps.models.purgedOrganizations.find({ _id: { $in: [...keys.keys()] } }, { _id: 1 }).lean<{ _id: string }[]>();
  const purged = new Set(found.map((d) => keys.get(d._id)!));
  for (const id of purged) deps.seenPurged.set(id, true);
  return purged;
}

/**
 * `events.purgeOrganization`: the organization's audit log, webhooks, deliveries and keys. The
 * organization is marked purged first (by a hash of its id), so events for it that arrive later
 * (a service's relay, a delivery retried) are not kept (the mark is kept for the audit retention).
 */
export async function purgeOrganization(deps: EventsDeps, orgId: string): Promise<{ removed: number }> {
  await deps.models.purgedOrganizations.updateOne({ _id: purgedKey(orgId) }, { $setOnInsert: { purged_at: new Date() } }, { upsert: true });
  const res = await deleteMatching(deps.models.auditEvents, { organization_id: orgId });
  await purgeWebhooks(deps, orgId);
  return { removed: res };
}

/** Removes what is older than the retention (AUDIT_RETENTION_DAYS): events, webhook deliveries with their stored bodies, purge marks. */
export async function purgeExpired(deps: EventsDeps, now = Date.now()): Promise<{ removed: number; deliveries: number }> {
  const before = new Date(now - deps.settings.AUDIT_RETENTION_DAYS * 86_400_000);
  const res = await deleteMatching(deps.models.auditEvents, { occurred_at: { $lt: before } });
  const deliveries = await purgeExpiredDeliveries(deps, before);
  await deleteMatching(deps.models.purgedOrganizations, { purged_at: { $lt: before } });
  return { removed: res, deliveries };
}
