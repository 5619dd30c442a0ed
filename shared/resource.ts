import type { Model, Schema, QueryFilter, SchemaDefinition, UpdateQuery } from "mongoose";
import type { Errors } from "moleculer";
import { deleteMatching, docSchema, insertGrouped, isDuplicateKey, TIMESTAMPS } from "./db.ts";
import { eventValues, withEvents, type ChangeCaller, type EventOutboxDoc } from "./event-outbox.ts";
import { newId } from "./ids.ts";
import { idempotentId, isIdempotentRerun } from "./idempotency.ts";
import { isoTime } from "./iso-time.ts";
import { apiError, MESSAGES } from "./errors.ts";
import { fetchSize, mapPage, toPage, type Page, type PageRequest } from "./paging.ts";
import { uuid } from "./zod.ts";

/** Fields every org-scoped document has. */
export interface OrgDoc {
  _id: string;
  organization_id: string;
  created_at: Date;
  updated_at: Date;
}

/** A stored document's creation and last-change times as responses show them (RFC 3339). */
export function isoTimes(d: { created_at: Date; updated_at: Date }): { created_at: string; updated_at: string } {
  return { created_at: isoTime(d.created_at), updated_at: isoTime(d.updated_at) };
}

/**
 * A mongoose schema for an org-scoped resource: UUIDv7 string ids, `organization_id` indexed,
 * `created_at`/`updated_at` maintained, no `__v`.
 */
export function orgSchema<T extends object>(fields: SchemaDefinition<T>): Schema {
  const schema = docSchema<T>("uuid", { organization_id: { type: String, required: true }, ...fields }, { timestamps: TIMESTAMPS });
  schema.index({ organization_id: 1, _id: -1 });
  return schema;
}

export interface OrgResourceOptions<D extends OrgDoc, Out> {
  /** Used in messages: `<kind> not found` (MESSAGES.notFound), `<kind> already exists`. */
  kind: string;
  model: Model<D>;
  toResponse: (doc: D) => Out;
  /** The 409 of a unique-index violation; `MESSAGES.alreadyExists` of the kind when not given. */
  conflict?: () => Errors.MoleculerClientError;
  /**
   * The service's event outbox: every create, update and delete then records its
   * `<resource_type>.created|updated|deleted` event with the change (shared/event-outbox.ts).
   */
  events?: {
    outbox: Model<EventOutboxDoc>;
    resourceType: string;
    /** A field whose change is also a `<resource_type>.status_changed` event (`from`, `to`). */
    statusField?: string;
  };
}

/**
 * What a create or an update may add to its write: `confirm` runs right after it, as part of the
 * change: a check that the change may stand (a resource it refers to is still there). When it
 * may not, `confirm` undoes the write itself (an update with `restore`, so the relay's check sees
 * no write either) and throws; the change's events are then never delivered.
 */
export interface ChangeOptions<D> {
  confirm?: (doc: D) => Promise<void>;
}

/** The names and non-secret values an update query sets (`{$set: …}` or plain fields) or unsets. */
function changedFields(update: UpdateQuery<unknown>): { changed: string[]; values: Record<string, unknown> } {
  const entries = Object.entries(update);
  const set = entries.some(([k]) => k.startsWith("$")) ? ((update as { $set?: Record<string, unknown> }).$set ?? {}) : (update as Record<string, unknown>);
  const unset = Object.keys((update as { $unset?: Record<string, unknown> }).$unset ?? {});
  const changed = [...new Set([...Object.keys(set), ...unset])].filter((k) => !k.startsWith("$") && k !== "updated_at");
  return { changed, values: eventValues(set) };
}

/**
 * CRUD for one org-scoped collection. Every query is filtered by the caller's organization,
 * so another organization's id answers 404 exactly like a missing one.
 */
export class OrgResources<D extends OrgDoc, Out> {
  constructor(private readonly opts: OrgResourceOptions<D, Out>) {}

  get model(): Model<D> {
    return this.opts.model;
  }

  /**
   * One page, newest first (at most MAX_PAGE items without a limit; shared/paging.ts).
   * `filter` must not contain `organization_id`; it is added here.
   */
  async list(orgId: string, filter: QueryFilter<D> = {}, page: PageRequest = {}): Promise<Page<Out>> {
    return mapPage(await this.listDocs(orgId, filter, page), (docs) => docs.map((d) => this.opts.toResponse(d)));
  }

  /**
   * `list` as stored documents (for responses built from several collections). An `_id`
   * condition of the filter (`{$in: …}`, `{$nin: …}`) is kept next to the cursor's.
   */
  async listDocs(orgId: string, filter: QueryFilter<D> = {}, page: PageRequest = {}): Promise<Page<D>> {
    const idCondition = (filter as { _id?: unknown })._id;
    const own = typeof idCondition === "object" && idCondition !== null ? idCondition : {};
    const docs = await this.opts.model
      .find(orgFilter(orgId, page.cursor === undefined ? filter : { ...filter, _id: { ...own, $lt: page.cursor } }))
      .sort({ _id: -1 })
      .limit(fetchSize(page))
      .lean<D[]>();
    return toPage(docs, page, (d) => d._id);
  }

  async findDoc(orgId: string, id: string): Promise<D | null> {
    if (!uuid.safeParse(id).success) return null;
    return this.opts.model.findOne({ _id: id, organization_id: orgId } as QueryFilter<D>).lean<D>();
  }

  async getDoc(orgId: string, id: string): Promise<D> {
    assertId(id);
    const doc = await this.findDoc(orgId, id);
    if (!doc) throw MESSAGES.notFound.error(this.opts.kind);
    return doc;
  }

  async get(orgId: string, id: string): Promise<Out> {
    return this.opts.toResponse(await this.getDoc(orgId, id));
  }

  /** The documents of `ids` that exist in the organization (missing ids are simply absent). */
  async getMany(orgId: string, ids: readonly string[]): Promise<D[]> {
    const valid = [...new Set(ids)].filter((id) => uuid.safeParse(id).success);
    if (valid.length === 0) return [];
    return this.opts.model.find({ _id: { $in: valid }, organization_id: orgId } as QueryFilter<D>).lean<D[]>();
  }

  /** Creates the document in the name of `caller` (the actor and request id of its event). */
  async create(caller: ChangeCaller, orgId: string, data: Partial<Omit<D, keyof OrgDoc>>, options: ChangeOptions<D> = {}): Promise<Out> {
    // under an Idempotency-Key every attempt of the request creates the same id (shared/idempotency.ts)
    const id = (data as { _id?: string })._id ?? idempotentId() ?? newId();
    try {
      const doc = await this.recorded(caller, orgId, "created", id, "present", Object.keys(data), data, undefined, async () => {
        const now = new Date();
        const created = new this.opts.model({ ...data, _id: id, organization_id: orgId, created_at: now, updated_at: now });
        await created.validate();
        const stored = created.toObject() as D;
        // the creates of many requests at once go to the database as one insert
        await insertGrouped(this.opts.model, [stored]);
        await options.confirm?.(stored);
        return stored;
      });
      return this.opts.toResponse(doc);
    } catch (err) {
      // an attempt that took over from one that died after its create (or is still running): that create is the answer
      if (isDuplicateKey(err) && isIdempotentRerun()) {
        const earlier = await this.findDoc(orgId, id);
        if (earlier) return this.opts.toResponse(earlier);
      }
      throw this.translate(err);
    }
  }

  async update(caller: ChangeCaller, orgId: string, id: string, update: UpdateQuery<D>, options: ChangeOptions<D> = {}): Promise<Out> {
    assertId(id);
    const { changed, values } = changedFields(update);
    const statusChange = await this.statusChange(orgId, id, changed, values);
    try {
      const doc = await this.recorded(caller, orgId, "updated", id, "updated_since", changed, values, statusChange, async () => {
        const found = await this.opts.model
          .findOneAndUpdate({ _id: id, organization_id: orgId } as QueryFilter<D>, update, {
            returnDocument: "after",
            runValidators: true,
          })
          .lean<D>();
        if (!found) throw MESSAGES.notFound.error(this.opts.kind);
        await options.confirm?.(found);
        return found;
      });
      return this.opts.toResponse(doc);
    } catch (err) {
      throw this.translate(err);
    }
  }

  async remove(caller: ChangeCaller, orgId: string, id: string): Promise<void> {
    assertId(id);
    await this.recorded(caller, orgId, "deleted", id, "absent", [], {}, undefined, async () => {
      const res = await this.opts.model.deleteOne({ _id: id, organization_id: orgId } as QueryFilter<D>);
      if (res.deletedCount === 0) throw MESSAGES.notFound.error(this.opts.kind);
    });
  }

  /**
   * Raises the document's revision without changing it: its answer changed through another
   * collection (a node pool's attachments), and a write made conditional on it (If-Match) must
   * see that. False when the document is gone.
   */
  async touch(orgId: string, id: string): Promise<boolean> {
    const res = await this.opts.model.updateOne({ _id: id, organization_id: orgId } as QueryFilter<D>, { $inc: { _rev: 1 } }, { timestamps: false });
    return res.matchedCount > 0;
  }

  /**
   * Undoes an update (a `confirm` that found it may not stand): puts back `fields` as they were in
   * `before`, `updated_at` too, unless `where` no longer matches (a later write won). With the old
   * `updated_at` back, the relay's check (written since the event?) sees no change either.
   */
  async restore(before: D, fields: readonly (keyof D)[], where: QueryFilter<D> = {}): Promise<void> {
    const set = Object.fromEntries([...fields.map(String), "updated_at"].map((k) => [k, (before as Record<string, unknown>)[k]]));
    await this.opts.model.updateOne({ ...where, _id: before._id, organization_id: before.organization_id } as QueryFilter<D>, { $set: set } as UpdateQuery<D>, {
      timestamps: false,
    });
  }

  /** The change, with its event when the resource records events. */
  private recorded<T>(
    caller: ChangeCaller,
    orgId: string,
    verb: "created" | "updated" | "deleted",
    id: string,
    expect: "present" | "absent" | "updated_since",
    changed: string[],
    values: Record<string, unknown>,
    statusChange: { from: unknown; to: unknown } | undefined,
    change: () => Promise<T>,
  ): Promise<T> {
    const events = this.opts.events;
    if (!events) return change();
    const data = verb === "deleted" ? {} : { changed: changed.filter((name) => !name.startsWith("_")), values: eventValues(values) };
    const check = { collection: this.opts.model.collection.collectionName, id, expect };
    const base = { organization_id: orgId, resource_type: events.resourceType, resource_id: id, check };
    const drafts: (typeof base & { type: string; data: Record<string, unknown> })[] = [{ ...base, type: `${events.resourceType}.${verb}`, data }];
    if (statusChange) drafts.push({ ...base, type: `${events.resourceType}.status_changed`, data: { ...statusChange, last_error: "" } });
    return withEvents(caller, events.outbox, drafts, change);
  }

  /** For an update that sets the status field to another value: the status it moves from and to (one read by `_id`). */
  private async statusChange(orgId: string, id: string, changed: string[], values: Record<string, unknown>): Promise<{ from: unknown; to: unknown } | undefined> {
    const field = this.opts.events?.statusField;
    if (field === undefined || !changed.includes(field)) return undefined;
    const before = (await this.findDoc(orgId, id)) as Record<string, unknown> | null;
    if (!before || before[field] === values[field]) return undefined;
    return { from: before[field], to: values[field] };
  }

  /** Removes everything the organization owns in this collection. */
  async purge(orgId: string): Promise<number> {
    return deleteMatching(this.opts.model, { organization_id: orgId });
  }

  private translate(err: unknown): unknown {
    if (isDuplicateKey(err)) {
      return this.opts.conflict?.() ?? MESSAGES.alreadyExists.error(this.opts.kind);
    }
    return err;
  }
}

/**
 * `{organization_id, ...filter}` with the caller's organization always winning: organization_id
 * comes first, because on the embedded FerretDB the filter's first indexed field chooses the
 * index (scripts/ferretdb/0002), so an organization's query never walks another index across
 * every tenant's documents.
 */
export function orgFilter<D>(orgId: string, filter: QueryFilter<D> = {}): QueryFilter<D> {
  const scoped: Record<string, unknown> = { organization_id: orgId, ...filter };
  scoped.organization_id = orgId;
  return scoped;
}

export function assertId(id: string): void {
  if (!uuid.safeParse(id).success) throw apiError("invalid_id");
}
