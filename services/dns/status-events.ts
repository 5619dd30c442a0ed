import type { QueryFilter } from "mongoose";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import type { DnsModels, DomainDoc, RecordSetDoc } from "./models.ts";

type Status = DomainDoc["status"];

interface StatusFilter {
  _id: string;
  organization_id: string;
  revision?: string | number;
}
type StatusSet = { status: Status; last_error?: string } & Record<string, unknown>;

/**
 * The `domain.status_changed` / `record_set.status_changed` event of a status write, with how the
 * relay confirms it after a crash: the write is conditional (on the revision it read), so the
 * relay delivers it only while the document still has that status under that revision, never
 * because some later write touched the document (a later status write leaves it undelivered:
 * better than announcing a change that never happened).
 */
export function statusChangedDraft(models: DnsModels, kind: "domain" | "record_set", filter: StatusFilter, from: Status, set: StatusSet) {
  const model = kind === "domain" ? models.domains : models.recordSets;
  return {
    organization_id: filter.organization_id,
    type: `${kind}.status_changed`,
    resource_type: kind,
    resource_id: filter._id,
    data: { from, to: set.status, last_error: set.last_error ?? "" },
    check: {
      collection: model.collection.collectionName,
      id: filter._id,
      expect: "matches" as const,
      where: { status: set.status, ...(filter.revision === undefined ? {} : { revision: filter.revision }) },
    },
  };
}

/** A reconcile's status write (conditional on the revision it read), with its event, recorded only when the write applied. */
export async function setStatus(
  models: DnsModels,
  caller: ChangeCaller,
  kind: "domain" | "record_set",
  filter: StatusFilter,
  from: Status,
  set: StatusSet,
): Promise<{ matchedCount: number }> {
  const model = kind === "domain" ? models.domains : models.recordSets;
  const write = () => (model as typeof models.domains).updateOne(filter as QueryFilter<DomainDoc & RecordSetDoc>, { $set: set });
  return withEvents(caller, models.eventOutbox, from === set.status ? [] : [statusChangedDraft(models, kind, filter, from, set)], write, (res) => res.matchedCount > 0);
}

/**
 * A worker's write of fields a user sees besides the status (a domain's backfilled zone_id, a
 * record set's fingerprint or owner), with its `<kind>.updated` event (`changed`, `values`),
 * recorded only when the write changed the document; confirmed after a crash by what it set.
 */
export async function setFields(
  models: DnsModels,
  caller: ChangeCaller,
  kind: "domain" | "record_set",
  filter: { _id: string; organization_id: string } & Record<string, unknown>,
  set: Record<string, string>,
  /** Written with them, in the same write, but no field a user sees (a record set's `applied`). */
  also: Record<string, unknown> = {},
  /** Whether the event is owed at all (the visible fields move); the write is made either way. */
  announce = true,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  const model = kind === "domain" ? models.domains : models.recordSets;
  const draft = {
    organization_id: filter.organization_id,
    type: `${kind}.updated`,
    resource_type: kind,
    resource_id: filter._id,
    data: { changed: Object.keys(set), values: set },
    check: { collection: model.collection.collectionName, id: filter._id, expect: "matches" as const, where: set },
  };
  const write = () => (model as typeof models.domains).updateOne(filter as QueryFilter<DomainDoc & RecordSetDoc>, { $set: { ...also, ...set } });
  return withEvents(caller, models.eventOutbox, announce ? [draft] : [], write, (res) => res.modifiedCount > 0);
}
