import type DataLoader from "dataloader";
import { Schema, type Connection, type Model } from "mongoose";
import type { RequestContext } from "./context.ts";
import { call } from "./call.ts";
import type { DomainEvent, EventActor } from "./contracts/events.ts";
import { EVENTS_ACTIONS } from "./contracts/events-actions.ts";
import { docSchema, insertGrouped } from "./db.ts";
import { groupCommit } from "./group-commit.ts";
import { newId } from "./ids.ts";
import type { Caller } from "./service.ts";

/**
 * How the relay can tell, after a crash, whether the change an event announces happened: the
 * resource exists (created), is gone (deleted), or was written at or after the event (updated,
 * status changed).
 */
export interface ChangeCheck {
  collection: string;
  id: string;
  expect: "present" | "absent" | "updated_since" | "matches";
  /** With `updated_since`: the document's time of its last write (`updated_at` unless named). */
  field?: string;
  /** With `matches`: the fields the document has after the change. */
  where?: Record<string, unknown>;
}

/** An event waiting in the outbox of the service that made the change. */
export interface EventOutboxDoc {
  _id: string;
  organization_id: string;
  event: DomainEvent;
  check: ChangeCheck;
  /** `intent`: written before the change; `ready`: the change happened, delivery is owed. */
  state: "intent" | "ready";
  created_at: Date;
}

/** The `event_outbox` collection of a service's database. */
export function eventOutboxModel(conn: Connection): Model<EventOutboxDoc> {
  const schema = docSchema<EventOutboxDoc>(
    "key",
    {
      organization_id: { type: String, required: true, index: true },
      event: { type: Schema.Types.Mixed, required: true },
      check: { type: Schema.Types.Mixed, required: true },
      state: { type: String, required: true },
      created_at: { type: Date, required: true, index: true },
    },
    { minimize: false },
  );
  return conn.model<EventOutboxDoc>("event_outbox", schema, "event_outbox");
}

/** What a change says about itself; the id, actor, request id and time are added here. */
export interface EventDraft {
  organization_id: string;
  type: string;
  resource_type: string;
  resource_id: string;
  data?: Record<string, unknown>;
}

/** Field names whose values never go into an event (secrets, keys, tokens, kubeconfigs, certificates). */
const SECRET_FIELD = /secret|private|password|passphrase|token|kubeconfig|certificate|cert_key|api_key|credential_value|^key_hash$/i;

/**
 * The non-secret part of a resource or a change, for an event's `data`: scalar fields and lists of
 * scalars, never a field whose name says it holds a secret, nor nested objects (they may).
 */
export function eventValues(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === "_id" || name === "organization_id" || SECRET_FIELD.test(name)) continue;
    const scalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
    if (value instanceof Date) out[name] = value.toISOString();
    else if (scalar(value) || (Array.isArray(value) && value.every(scalar))) out[name] = value;
  }
  return out;
}

/**
 * Who makes a change, passed by every write: the action's `ctx` (its principal is the event's
 * actor, its request id the event's; a job's ctx names the job's action as the system actor), or
 * the broker for a service's own background work (the system). It also delivers the events to
 * the audit log.
 */
export type ChangeCaller = Caller & Partial<Pick<RequestContext, "meta" | "requestID">> & { action?: { name?: string } | null };

/** Who is making the change: the gateway's principal of the call, or the system (a job, a sweep). */
export function actorOf(caller: ChangeCaller): EventActor {
  const principal = caller.meta?.principal;
  if (principal?.kind === "user") return { type: "user", id: principal.user_id };
  if (principal?.kind === "org_key") return { type: "org_key", id: principal.key_id };
  return { type: "system", id: caller.action?.name ?? "system" };
}

function eventOf(draft: EventDraft, caller: ChangeCaller): DomainEvent {
  return {
    id: newId(),
    organization_id: draft.organization_id,
    type: draft.type,
    resource_type: draft.resource_type,
    resource_id: draft.resource_id,
    actor: actorOf(caller),
    request_id: caller.requestID ?? "",
    occurred_at: new Date().toISOString(),
    data: draft.data ?? {},
  };
}

/** How long a delivery may wait for the audit log before the relay is left to do it. */
const DELIVERY_TIMEOUT_MS = 2_000;

/** Most events handed to the audit log in one call (what `events.record` takes). */
const MAX_DELIVERY = 500;

/**
 * Group commit of the outbox (shared/group-commit.ts): the intents written, removed and marked
 * ready, and the events handed to the audit log, by concurrent changes go out as one command each
 * (one `insert`, one `delete`, one `update`, one `events.record` call), and each change still
 * learns its own outcome. Under load that is one commit for many changes instead of three per
 * change, on the database that commits each command (FerretDB: a transaction and a log sync each).
 */
class OutboxBatches {
  private readonly removals: DataLoader<string, true>;
  private readonly readies: DataLoader<string, true>;
  private readonly deliveries: DataLoader<{ event: DomainEvent; caller: Caller }, boolean>;

  constructor(private readonly outbox: Model<EventOutboxDoc>) {
    this.removals = groupCommit(
      async (ids) => {
        await outbox.deleteMany({ _id: { $in: [...ids] } }).catch(() => undefined);
        return ids.map(() => true as const);
      },
      { maxBatchSize: 500 },
    );
    this.readies = groupCommit(
      async (ids) => {
        await outbox.updateMany({ _id: { $in: [...ids] } }, { $set: { state: "ready" } }).catch(() => undefined);
        return ids.map(() => true as const);
      },
      { maxBatchSize: 500 },
    );
    // one call for the batch, made by the first change's caller (the events carry their own request ids)
    this.deliveries = groupCommit(
      async (items) => {
        try {
          await call(items[0]!.caller, EVENTS_ACTIONS.record, { events: items.map((i) => i.event) }, { timeout: DELIVERY_TIMEOUT_MS });
          return items.map(() => true);
        } catch {
          return items.map(() => false);
        }
      },
      { maxBatchSize: MAX_DELIVERY },
    );
  }

  /** Writes the intents; rejects with the first document's error. */
  async write(docs: readonly EventOutboxDoc[]): Promise<void> {
    await insertGrouped(this.outbox, docs);
  }

  async remove(ids: readonly string[]): Promise<void> {
    await this.removals.loadMany(ids);
  }

  async markReady(ids: readonly string[]): Promise<void> {
    await this.readies.loadMany(ids);
  }

  /** Hands the events to the audit log; true when it took them. */
  async deliver(caller: Caller, events: readonly DomainEvent[]): Promise<boolean> {
    if (events.length === 0) return false;
    const results = await this.deliveries.loadMany(events.map((event) => ({ event, caller })));
    return results.every((r) => r === true);
  }
}

const batchesOf = new WeakMap<Model<EventOutboxDoc>, OutboxBatches>();

function batches(outbox: Model<EventOutboxDoc>): OutboxBatches {
  let found = batchesOf.get(outbox);
  if (!found) {
    found = new OutboxBatches(outbox);
    batchesOf.set(outbox, found);
  }
  return found;
}

/**
 * Makes a change together with its events, without a transaction: the events are written to the
 * service's own outbox first (as intents, with how to check the change), then the change is
 * made; a change that fails removes its intents (no event without its change); a change that
 * succeeded is delivered to the audit log and leaves the outbox. A process that dies in between
 * leaves the intents behind, and the relay (`relayEvents`) checks the change and delivers or
 * drops them (no change without its event). Answers the change's result.
 */
export async function withEvents<T>(
  caller: ChangeCaller,
  outbox: Model<EventOutboxDoc>,
  drafts: readonly (EventDraft & { check: ChangeCheck })[],
  change: () => Promise<T>,
  /** For a conditional write: whether its result says it changed anything (when not, the events are dropped). */
  changed: (result: T) => boolean = () => true,
): Promise<T> {
  if (drafts.length === 0) return change();
  const docs = drafts.map(({ check, ...draft }) => {
    const event = eventOf(draft, caller);
    return { _id: event.id, organization_id: event.organization_id, event, check, state: "intent" as const, created_at: new Date() };
  });
  const batch = batches(outbox);
  await batch.write(docs);
  const ids = docs.map((d) => d._id);
  let result: T;
  try {
    result = await change();
  } catch (err) {
    await batch.remove(ids);
    throw err;
  }
  if (!changed(result)) {
    await batch.remove(ids);
    return result;
  }
  const delivered = await batch.deliver(
    caller,
    docs.map((d) => d.event),
  );
  if (delivered) await batch.remove(ids);
  else await batch.markReady(ids);
  return result;
}

export interface RelayResult {
  delivered: number;
  dropped: number;
}

/**
 * An event about something that changes no document (a secret revealed): recorded before the
 * caller goes on, so the secret is handed out only once its event is durable.
 */
export async function recordEvent(caller: ChangeCaller, outbox: Model<EventOutboxDoc>, draft: EventDraft & { check: ChangeCheck }): Promise<void> {
  await withEvents(caller, outbox, [draft], () => Promise.resolve());
}

/** Intents younger than this may still belong to a change in progress: the relay leaves them. */
const INTENT_GRACE_MS = 30_000;

/**
 * Delivers what the outbox still owes: `ready` events at once, intents older than the grace
 * period once their change is confirmed (dropped when it did not happen). Runs as each service's
 * periodic `relayEvents` job; answers how many events were delivered and dropped.
 */
export async function relayEvents(outbox: Model<EventOutboxDoc>, caller: Caller): Promise<RelayResult> {
  const before = new Date(Date.now() - INTENT_GRACE_MS);
  const pending = await outbox
    .find({ $or: [{ state: "ready" }, { created_at: { $lt: before } }] })
    .sort({ _id: 1 })
    .limit(500)
    .lean<EventOutboxDoc[]>();
  const owed: EventOutboxDoc[] = [];
  const dropped: string[] = [];
  for (const doc of pending) {
    if (doc.state === "ready" || (await changeHappened(outbox.db, doc))) owed.push(doc);
    else dropped.push(doc._id);
  }
  if (dropped.length > 0) await outbox.deleteMany({ _id: { $in: dropped } });
  if (owed.length > 0) {
    await call(caller, EVENTS_ACTIONS.record, { events: owed.map((d) => d.event) });
    await outbox.deleteMany({ _id: { $in: owed.map((d) => d._id) } });
  }
  return { delivered: owed.length, dropped: dropped.length };
}

async function changeHappened(conn: Connection, doc: EventOutboxDoc): Promise<boolean> {
  const { collection, id, expect, field = "updated_at", where = {} } = doc.check;
  if (expect === "matches") return (await conn.collection(collection).findOne({ ...where, _id: id as never }, { projection: { _id: 1 } })) !== null;
  const found = await conn.collection(collection).findOne({ _id: id as never }, { projection: { [field]: 1 } });
  if (expect === "absent") return found === null;
  if (expect === "present") return found !== null;
  const updated = (found as Record<string, unknown> | null)?.[field];
  return updated instanceof Date && updated.getTime() >= new Date(doc.event.occurred_at).getTime();
}
