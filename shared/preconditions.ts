import { AsyncLocalStorage } from "node:async_hooks";
import type { Query, Schema } from "mongoose";
import type { Caller } from "./service.ts";
import { entityTagOf, ifMatchHolds, type EntityTagCondition } from "./entity-tag.ts";
import { MESSAGES } from "./errors.ts";
import { claimOnce, type ClaimModel } from "./db.ts";

/**
 * Conditional writes (RFC 9110 `If-Match`). Every stored document keeps a revision, `_rev`, that
 * every update raises by one (`revisionedWrites`, a plugin of every schema). The gateway puts a
 * write's `If-Match` in the request's meta (`PreconditionRequest`); the routed action then runs
 * `withPrecondition`:
 * 1. the resource's current answer (its GET action, with the caller's meta) is compared with the
 *    tags: a stale tag is a 412 carrying the current `ETag`, before anything changes;
 * 2. the action's first write of the target document is the conditional one: its revision is
 *    read, the answer compared again, and the revision claimed (`<id>:<revision>`, a unique insert:
 *    the one exclusive primitive that holds on FerretDB as on MongoDB, shared/db.ts `claimOnce`);
 *    the write's filter also names the revision. Of two writers of one revision exactly one gets
 *    the claim; the other is 412. The claim is let go once the write is done (the revision has
 *    moved on by then), or taken over when its holder died (`CLAIM_STALE_MS`);
 * 3. a guarded write that matched nothing while the revision moved is a 412 too.
 */
export interface PreconditionRequest {
  if_match: EntityTagCondition;
  /** The routed action: only it checks (nested calls carry the same meta). */
  action: string;
  /** The GET action whose answer the tags name, and its params. */
  get: string;
  get_params: Record<string, unknown>;
  /** The `_id` of the document the action changes. */
  target: string;
}

/** Where each service keeps the revisions being written conditionally. */
export const REVISION_CLAIMS = "revision_claims";

/** A claim older than this belongs to a write whose process died: the next writer takes it over. */
const CLAIM_STALE_MS = 30_000;

interface Guard {
  request: PreconditionRequest;
  /** The resource's current entity tag (its GET action's answer). */
  currentTag: () => Promise<string>;
  state: "waiting" | "checking" | "done";
  /** The revision the guarded write was conditional on. */
  revision?: number | undefined;
  /** Lets go of the claim on that revision. */
  release?: () => Promise<void>;
  /** The guarded write matched nothing because another changed the document. */
  missed: boolean;
}

const guards = new AsyncLocalStorage<Guard>();

/** The guarded writes (one per request at most), so their outcome is looked at. */
const guarded = new WeakSet<object>();

type AnyQuery = Query<unknown, unknown>;

const UPDATES: ("updateOne" | "updateMany" | "findOneAndUpdate")[] = ["updateOne", "updateMany", "findOneAndUpdate"];
const WRITES: ((typeof UPDATES)[number] | "deleteOne" | "deleteMany" | "findOneAndDelete")[] = [...UPDATES, "deleteOne", "deleteMany", "findOneAndDelete"];

/** 412 naming the resource's current entity tag (the gateway answers it as `ETag`). */
export function preconditionFailed(currentTag: string): Error {
  return MESSAGES.resourceChanged.errorWith({ etag: currentTag });
}

/** The schema plugin: `_rev` kept, raised by every update, and the conditional write of a request with `If-Match`. */
export function revisionedWrites(schema: Schema): void {
  schema.add({ _rev: { type: Number } });
  schema.pre(UPDATES, { document: false, query: true }, function (this: AnyQuery) {
    raiseRevision(this);
  });
  // every write of every service passes here: without a guarded request these return at once, with no promise
  schema.pre(WRITES, { document: false, query: true }, function (this: AnyQuery) {
    return guards.getStore()?.state === "waiting" ? guardWrite(this) : undefined;
  });
  schema.post(WRITES, { document: false, query: true }, function (this: AnyQuery, res: unknown) {
    const guard = guards.getStore();
    if (!guard || !guarded.has(this) || matchedAny((this as unknown as { op?: string }).op, res)) return undefined;
    return noteMiss(this, guard);
  });
}

/** A guarded write that matched nothing lost to another only when the revision moved (else the action's own filter said no). */
async function noteMiss(q: AnyQuery, guard: Guard): Promise<void> {
  const now = await q.model.findOne({ _id: guard.request.target }, { _rev: 1 }).lean<{ _rev?: number } | null>();
  if (!now || now._rev !== guard.revision) guard.missed = true;
}

function raiseRevision(q: AnyQuery): void {
  const update = q.getUpdate() as Record<string, unknown> | null;
  if (!update || Array.isArray(update)) return;
  if (!Object.keys(update).some((k) => k.startsWith("$"))) {
    q.setUpdate({ $set: update, $inc: { _rev: 1 } });
    return;
  }
  update.$inc = { ...(update.$inc as Record<string, unknown> | undefined), _rev: 1 };
}

async function guardWrite(q: AnyQuery): Promise<void> {
  const guard = guards.getStore();
  if (!guard || guard.state !== "waiting") return;
  const filter = q.getFilter() as { _id?: unknown };
  // an upsert made conditional would insert a second document under the same id: left alone
  if (filter._id !== guard.request.target || q.getOptions().upsert === true) return;
  guard.state = "checking";
  const current = await q.model.findOne({ _id: guard.request.target }, { _rev: 1 }).lean<{ _rev?: number } | null>();
  if (current) {
    // the answer after the revision: a write in between has taken the claim or moved the revision
    const tag = await guard.currentTag();
    if (!ifMatchHolds(guard.request.if_match, tag)) throw preconditionFailed(tag);
    const claims: ClaimModel = { db: q.model.db, collection: q.model.db.collection(REVISION_CLAIMS) };
    const claimId = `${guard.request.target}:${current._rev ?? 0}`;
    if (!(await claimRevision(claims, claimId))) {
      // the winner is writing: its 412 names the tag after that write, not the one both sent
      await released(claims, claimId);
      throw preconditionFailed(await guard.currentTag());
    }
    guard.release = async () => {
      await claims.collection.deleteOne({ _id: claimId as never });
    };
    guard.revision = current._rev;
    q.where({ _rev: current._rev ?? { $exists: false } });
    guarded.add(q);
  }
  guard.state = "done";
}

/** Takes the claim on a revision; a stale one (its holder died) is taken over once. */
async function claimRevision(claims: ClaimModel, id: string): Promise<boolean> {
  if (await claimOnce(claims, id, { created_at: new Date() })) return true;
  const stale = await claims.collection.deleteOne({ _id: id as never, created_at: { $lt: new Date(Date.now() - CLAIM_STALE_MS) } });
  return stale.deletedCount === 1 && claimOnce(claims, id, { created_at: new Date() });
}

/** Waits (a little, bounded) until another writer lets go of its claim. */
async function released(claims: ClaimModel, id: string, waitMs = 2_000): Promise<void> {
  for (const deadline = Date.now() + waitMs; Date.now() < deadline;) {
    if ((await claims.collection.countDocuments({ _id: id as never }, { limit: 1 })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function matchedAny(op: string | undefined, res: unknown): boolean {
  if (op === "findOneAndUpdate" || op === "findOneAndDelete") {
    const value = res !== null && typeof res === "object" && "value" in res && "ok" in res ? (res as { value: unknown }).value : res;
    return value !== null && value !== undefined;
  }
  const r = (res ?? {}) as { matchedCount?: number; deletedCount?: number };
  return (r.matchedCount ?? r.deletedCount ?? 0) > 0;
}

/** Runs a write action under its request's `If-Match` (see above). */
export async function withPrecondition<T>(caller: Caller, request: PreconditionRequest, run: () => Promise<T>): Promise<T> {
  const currentTag = async () => entityTagOf(await caller.call(request.get, request.get_params));
  const tag = await currentTag();
  if (!ifMatchHolds(request.if_match, tag)) throw preconditionFailed(tag);
  const guard: Guard = { request, currentTag, state: "waiting", missed: false };
  let result: T;
  try {
    result = await guards.run(guard, run);
  } catch (err) {
    if (guard.missed) throw await failedNow(currentTag);
    throw err;
  } finally {
    await guard.release?.().catch(() => undefined);
  }
  if (guard.missed) throw await failedNow(currentTag);
  return result;
}

/** The 412 of a conditional write that lost to another; the resource's own error (404: deleted meanwhile) when it has no answer now. */
async function failedNow(currentTag: () => Promise<string>): Promise<Error> {
  try {
    return preconditionFailed(await currentTag());
  } catch (err) {
    return err as Error;
  }
}
