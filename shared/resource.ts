import { Schema, type Model, type QueryFilter, type SchemaDefinition, type UpdateQuery } from "mongoose";
import { isDuplicateKey } from "./db.ts";
import { apiError, notFound } from "./errors.ts";
import { newId } from "./ids.ts";
import { fetchSize, mapPage, toPage, type Page, type PageRequest } from "./paging.ts";
import { uuid } from "./zod.ts";

/** Fields every org-scoped document has. */
export interface OrgDoc {
  _id: string;
  organization_id: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * A mongoose schema for an org-scoped resource: UUIDv7 string ids, `organization_id` indexed,
 * `created_at`/`updated_at` maintained, no `__v`.
 */
export function orgSchema<T extends object>(fields: SchemaDefinition<T>): Schema {
  const schema = new Schema(
    {
      _id: { type: String, default: newId },
      organization_id: { type: String, required: true },
      ...fields,
    },
    { versionKey: false, timestamps: { createdAt: "created_at", updatedAt: "updated_at" }, strict: true },
  );
  schema.index({ organization_id: 1, _id: -1 });
  return schema;
}

export interface OrgResourceOptions<D extends OrgDoc, Out> {
  /** Used in messages: `<kind> not found`. */
  kind: string;
  model: Model<D>;
  toResponse: (doc: D) => Out;
  /** Message for a unique-index violation. */
  conflictMessage?: string;
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

  /** `list` as stored documents (for responses built from several collections). */
  async listDocs(orgId: string, filter: QueryFilter<D> = {}, page: PageRequest = {}): Promise<Page<D>> {
    const docs = await this.opts.model
      .find(orgFilter(orgId, page.cursor === undefined ? filter : { ...filter, _id: { $lt: page.cursor } }))
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
    if (!doc) throw notFound(this.opts.kind);
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

  async create(orgId: string, data: Partial<Omit<D, keyof OrgDoc>>): Promise<Out> {
    try {
      const doc = new this.opts.model({ ...data, organization_id: orgId });
      await doc.save();
      return this.opts.toResponse(doc.toObject());
    } catch (err) {
      throw this.translate(err);
    }
  }

  async update(orgId: string, id: string, update: UpdateQuery<D>): Promise<Out> {
    assertId(id);
    try {
      const doc = await this.opts.model
        .findOneAndUpdate({ _id: id, organization_id: orgId } as QueryFilter<D>, update, {
          returnDocument: "after",
          runValidators: true,
        })
        .lean<D>();
      if (!doc) throw notFound(this.opts.kind);
      return this.opts.toResponse(doc);
    } catch (err) {
      throw this.translate(err);
    }
  }

  async remove(orgId: string, id: string): Promise<void> {
    assertId(id);
    const res = await this.opts.model.deleteOne({ _id: id, organization_id: orgId } as QueryFilter<D>);
    if (res.deletedCount === 0) throw notFound(this.opts.kind);
  }

  /** Removes everything the organization owns in this collection. */
  async purge(orgId: string): Promise<number> {
    const res = await this.opts.model.deleteMany({ organization_id: orgId } as QueryFilter<D>);
    return res.deletedCount;
  }

  private translate(err: unknown): unknown {
    if (isDuplicateKey(err)) {
      return apiError("conflict", this.opts.conflictMessage ?? `${this.opts.kind} already exists`);
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
