import type { Connection, Model } from "mongoose";
import { docSchema } from "./db.ts";

/**
 * A DELETE deciding about a resource, kept as its own document `<kind>:<id>` so marking never
 * rewrites the resource (a concurrent PATCH is never lost on FerretDB). A mark past `until` is
 * stale: a DELETE that crashed midway frees the resource after that.
 */
export interface DeletionMarkDoc {
  _id: string;
  organization_id: string;
  until: Date;
}

/** The `deletion_marks` collection of a service's database. */
export function deletionMarksModel(conn: Connection): Model<DeletionMarkDoc> {
  const schema = docSchema<DeletionMarkDoc>("key", {
    organization_id: { type: String, required: true, index: true },
    until: { type: Date, required: true },
  });
  return conn.model<DeletionMarkDoc>("deletion_marks", schema, "deletion_marks");
}

/** How long a DELETE's mark holds. */
const DELETE_MARK_MS = 30_000;

const markId = (kind: string, id: string) => `${kind}:${id}`;

/**
 * Deletes that must not leave a reference dangling when the reference is written by another
 * request (or service) at the same time. The DELETE marks its resources, checks that nothing
 * references them, removes them, and clears the marks. A writer of a reference writes first,
 * then looks the target up again through `without`, which hides marked resources: it sees the
 * target marked or gone and undoes its write. So a delete and a new reference never both
 * succeed, with no transaction (FerretDB has none that hold under concurrency).
 */
export class DeletionMarks<Kind extends string> {
  constructor(private readonly model: Model<DeletionMarkDoc>) {}

  /** The ids among `ids` that a DELETE is deciding about right now (one query by `_id`). */
  async marked(kind: Kind, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const marks = await this.model.find({ _id: { $in: ids.map((id) => markId(kind, id)) } }, { _id: 1, until: 1 }).lean<{ _id: string; until: Date }[]>();
    const now = Date.now();
    return new Set(marks.filter((m) => new Date(m.until).getTime() > now).map((m) => m._id.slice(kind.length + 1)));
  }

  /** `load(ids)` without the resources a DELETE is deciding about. */
  async without<D extends { _id: string }>(kind: Kind, ids: readonly string[], load: (ids: readonly string[]) => Promise<D[]>): Promise<D[]> {
    // marks first, documents second: a DELETE that finishes between the two reads has removed
    // the document by the time it is loaded (the other order lets a just-deleted resource through)
    const marked = await this.marked(kind, ids);
    const docs = await load(ids.filter((id) => !marked.has(id)));
    return docs.filter((d) => !marked.has(d._id));
  }

  /**
   * Marks `targets`, runs `check` (it throws 409/503 while something references them; the marks
   * are then cleared), then `remove`, then clears the marks. `check` may mark more resources
   * with `mark` (a domain's record sets, listed after the domain itself is marked, so one
   * created meanwhile sees the domain's mark).
   */
  async deleteMarked(
    organizationId: string,
    targets: readonly { kind: Kind; id: string }[],
    check: (mark: (more: readonly { kind: Kind; id: string }[]) => Promise<void>) => Promise<void>,
    remove: () => Promise<void>,
  ): Promise<void> {
    const held: string[] = [];
    const until = new Date(Date.now() + DELETE_MARK_MS);
    const mark = async (more: readonly { kind: Kind; id: string }[]) => {
      for (const t of more) {
        const _id = markId(t.kind, t.id);
        held.push(_id);
        await this.model.updateOne({ _id }, { $set: { organization_id: organizationId, until } }, { upsert: true });
      }
    };
    try {
      await mark(targets);
      await check(mark);
      await remove();
    } finally {
      if (held.length > 0) await this.model.deleteMany({ _id: { $in: held } });
    }
  }
}
