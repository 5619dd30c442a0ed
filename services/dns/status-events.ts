import type { QueryFilter } from "mongoose";
import { withEvents } from "../../shared/event-outbox.ts";
import type { DnsModels, DomainDoc, RecordSetDoc } from "./models.ts";

type Status = DomainDoc["status"];

/**
 * A reconcile's status write (conditional on the revision it read), with its
 * `domain.status_changed` / `record_set.status_changed` event (`from`, `to`, `last_error`): the
 * event is recorded only when the write applied. After a crash the relay delivers it only while the
 * document still has that status under that revision (a later status write leaves it undelivered:
 * better than announcing a change that a later write hides).
 */
export async function setStatus(
  models: DnsModels,
  kind: "domain" | "record_set",
  filter: { _id: string; organization_id: string; revision?: string | number },
  from: Status,
  set: { status: Status; last_error?: string } & Record<string, unknown>,
): Promise<{ matchedCount: number }> {
  const model = kind === "domain" ? models.domains : models.recordSets;
  const draft = {
    organization_id: filter.organization_id,
    type: `${kind}.status_changed`,
    resource_type: kind,
    resource_id: filter._id,
    data: { from, to: set.status, last_error: set.last_error ?? "" },
    // the write is conditional (on the revision it read): the relay confirms it by what it set, not by any later write
    check: {
      collection: model.collection.collectionName,
      id: filter._id,
      expect: "matches" as const,
      where: { status: set.status, ...(filter.revision === undefined ? {} : { revision: filter.revision }) },
    },
  };
  const write = () => (model as typeof models.domains).updateOne(filter as QueryFilter<DomainDoc & RecordSetDoc>, { $set: set });
  return withEvents(models.eventOutbox, from === set.status ? [] : [draft], write, (res) => res.matchedCount > 0);
}
