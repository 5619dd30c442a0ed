import type DataLoader from "dataloader";
import { claimMany, insertEach, retryIdempotent } from "../../shared/db.ts";
import { groupCommit } from "../../shared/group-commit.ts";
import type { JobDoc, JobsModels } from "./models.ts";

/** Most writes sent in one command. */
const MAX_BATCH = 100;

/** A `$set` on one job, optionally only while the job still matches `where` (besides its `_id`). */
export interface JobUpdate {
  id: string;
  set: Partial<JobDoc>;
  where?: Partial<Pick<JobDoc, "status" | "epoch" | "attempts" | "lease_owner">>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return a === b;
}

/**
 * Group commit for the job engine (shared/group-commit.ts). Each job costs a handful of small
 * reads and writes (store it, claim an attempt, read it, mark it running, record the outcome);
 * with many jobs in flight, the calls of the same kind go to the database as one command: one
 * `insert`, one `find` by `_id`s, one `updateMany` per distinct change.
 * The database commits a batch together (one transaction and one log sync instead of one per
 * job), and each caller still learns the result for its own job, exactly as from the single call.
 */
export class JobGroupCommit {
  private readonly inserts: DataLoader<JobDoc, true | Error, JobDoc>;
  private readonly claims: DataLoader<{ id: string; fields: Record<string, unknown> }, boolean | Error, string>;
  private readonly reads: DataLoader<string, JobDoc | null, string>;
  private readonly cancels: DataLoader<string, boolean, string>;
  private readonly updates: DataLoader<JobUpdate, boolean, JobUpdate>;

  constructor(private readonly models: JobsModels) {
    const batched = { maxBatchSize: MAX_BATCH };
    this.inserts = groupCommit((docs) => this.insertBatch(docs), batched);
    this.claims = groupCommit((batch) => claimMany(models.claims, batch), { ...batched, cacheKeyFn: (c) => c.id });
    this.reads = groupCommit((ids) => this.readBatch(ids), batched);
    this.cancels = groupCommit((keys) => this.cancelBatch(keys), batched);
    this.updates = groupCommit((batch) => this.updateBatch(batch), batched);
  }

  /** Inserts a new job; rejects with the database's error for this document (a duplicate key, say). */
  async insert(doc: JobDoc): Promise<void> {
    const res = await this.inserts.load(doc);
    if (res instanceof Error) throw res;
  }

  /** `claimOnce` on the claims collection. */
  async claim(id: string, fields: Record<string, unknown>): Promise<boolean> {
    const res = await this.claims.load({ id, fields });
    if (res instanceof Error) throw res;
    return res;
  }

  /** The job by id (null: none). Reads and updates are tried again after a transient failure (they are idempotent). */
  job(id: string): Promise<JobDoc | null> {
    return this.reads.load(id);
  }

  /** Whether the cancel claim `key` exists. */
  cancelRequested(key: string): Promise<boolean> {
    return this.cancels.load(key);
  }

  /** Applies the update; false when `where` no longer held (nothing was written). */
  update(update: JobUpdate): Promise<boolean> {
    return this.updates.load(update);
  }

  /** One unordered insert: documents that fail (a duplicate once-key) do not stop the others. */
  private async insertBatch(docs: readonly JobDoc[]): Promise<(true | Error)[]> {
    const failed = await insertEach(this.models.jobs, docs);
    return docs.map((_, i) => failed.get(i) ?? true);
  }

  private async readBatch(ids: readonly string[]): Promise<(JobDoc | null)[]> {
    const docs = await retryIdempotent(() => this.models.jobs.find({ _id: { $in: [...new Set(ids)] } }).lean<JobDoc[]>());
    const byId = new Map(docs.map((d) => [d._id, d]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  private async cancelBatch(keys: readonly string[]): Promise<boolean[]> {
    const found = await retryIdempotent(() =>
      this.models.cancels
        .find({ _id: { $in: [...new Set(keys)] } })
        .select({ _id: 1 })
        .lean<{ _id: string }[]>(),
    );
    const present = new Set(found.map((c) => c._id));
    return keys.map((k) => present.has(k));
  }

  /** Updates with the same change and condition share one updateMany. */
  private async updateBatch(batch: readonly JobUpdate[]): Promise<boolean[]> {
    const groups = new Map<string, number[]>();
    batch.forEach((u, i) => {
      const key = JSON.stringify([u.set, u.where ?? null]);
      const members = groups.get(key);
      if (members) members.push(i);
      else groups.set(key, [i]);
    });
    const results = new Array<boolean>(batch.length).fill(false);
    await Promise.all(
      [...groups.values()].map(async (members) => {
        const { set, where } = batch[members[0]!]!;
        const ids = [...new Set(members.map((i) => batch[i]!.id))];
        const res = await retryIdempotent(() => this.models.jobs.updateMany({ _id: { $in: ids }, ...where }, { $set: set }));
        if (!where || res.matchedCount === ids.length) {
          for (const i of members) results[i] = true;
          return;
        }
        // fewer matched than were sent: the stored jobs carrying the change are the ones written
        const stored = await retryIdempotent(() => this.models.jobs.find({ _id: { $in: ids } }).lean<JobDoc[]>());
        const written = new Set(stored.filter((d) => Object.entries(set).every(([k, v]) => sameValue(d[k as keyof JobDoc], v))).map((d) => d._id));
        for (const i of members) results[i] = written.has(batch[i]!.id);
      }),
    );
    return results;
  }
}
