import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { Errors } from "moleculer";
import { Schema, type Connection, type Model } from "mongoose";
import { sha256Hex } from "./crypto.ts";
import { deleteMatching, docSchema, insertGrouped, isDuplicateKey, retryIdempotent } from "./db.ts";
import { apiError } from "./errors.ts";

/**
 * Idempotency keys (the IETF httpapi `Idempotency-Key` draft) for every POST and PATCH route.
 *
 * The gateway checks the header and puts `{key, scope, fingerprint, action}` in the request's meta
 * (`IdempotencyRequest`); the owning service, whichever it is, records the key in its own database
 * around the change (`withIdempotency`, wrapped around every routed action by `defineService`):
 * - the first request inserts its claim, `running` (a unique `_id` per caller, organization and
 *   key), runs, and inserts its outcome beside it (`done`: the result or a 4xx error); an outage
 *   (5xx) removes the claim so a retry runs again;
 * - a repeat with the same fingerprint replays the stored answer (`meta.idempotent_replayed`), on any
 *   gateway, also when the first answer was lost or was a 503 the bus made of an applied change;
 * - a different request with the same key is 422; a repeat while the first still runs is 409 (a
 *   `running` record older than `staleMs`, whose process died, is taken over instead).
 * Records are kept `ttlMs` (IDEMPOTENCY_TTL_S) and purged hourly by each service (`purgeExpired`).
 */
export interface IdempotencyRequest {
  key: string;
  /** `<caller id>:<organization id or "">`: a key is one caller's in one organization. */
  scope: string;
  /** sha256 of the method, the path and the request's params (canonical JSON). */
  fingerprint: string;
  /** The routed action: only it records the key (nested calls carry the same meta). */
  action: string;
}

export const IDEMPOTENCY_KEY_MAX = 255;

export const IDEMPOTENCY_COLLECTION = "idempotency_records";

interface StoredError {
  message: string;
  code: number;
  type: string;
  data?: unknown;
}

interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  /** A claim, an attempt's outcome, or the mark of a repeat that took a dead attempt over. */
  state: "running" | "done" | "takeover";
  /** When the first attempt began: the ids its creates get derive from it (`idempotentId`). */
  first_started_at: Date;
  started_at: Date;
  expires_at: Date;
  result_json?: string;
  error?: StoredError;
}

/** The request being run under a key: what its creates' ids derive from. */
const scope = new AsyncLocalStorage<{ recordId: string; firstStartedAt: number; next: number; rerun: boolean }>();

/**
 * The id of the next document a create makes while a request with an Idempotency-Key runs: the
 * same for every attempt of that request (a UUIDv7 of the first attempt's start, its other bits
 * from the key's record and the create's rank), so an attempt that takes over from one that died
 * after its change (or is still running) meets that change's document instead of making a second
 * one. Undefined outside such a request.
 */
export function idempotentId(): string | undefined {
  const s = scope.getStore();
  if (!s) return undefined;
  const hash = createHash("sha256").update(`${s.recordId}:${s.next++}`).digest("hex");
  const ms = s.firstStartedAt.toString(16).padStart(12, "0");
  const variant = ((parseInt(hash.slice(3, 4), 16) & 0x3) | 0x8).toString(16);
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${hash.slice(0, 3)}-${variant}${hash.slice(4, 7)}-${hash.slice(7, 19)}`;
}

/** True inside a request with an Idempotency-Key that takes over from an earlier attempt. */
export function isIdempotentRerun(): boolean {
  return scope.getStore()?.rerun === true;
}

/** JSON with object keys sorted at every level: the same params give the same text, whatever their order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  // undefined, a function or a symbol: JSON has no such value
  return value === undefined || typeof value === "function" || typeof value === "symbol" ? "null" : JSON.stringify(value);
}

/** What a request is, for telling a repeat from another request under the same key. */
export function requestFingerprint(method: string, path: string, params: unknown): string {
  return sha256Hex(`${method} ${path}\n${canonicalJson(params)}`);
}

const recordSchema = docSchema(
  "key",
  {
    fingerprint: String,
    state: String,
    first_started_at: Date,
    started_at: Date,
    expires_at: Date,
    result_json: String,
    error: Schema.Types.Mixed,
  },
  { collection: IDEMPOTENCY_COLLECTION },
);

const recordModels = new WeakMap<Connection, IdempotencyRecords>();

/** The idempotency records of a service's database. */
export type IdempotencyRecords = Model<IdempotencyRecord>;

export function idempotencyRecords(conn: Connection): IdempotencyRecords {
  let model = recordModels.get(conn);
  if (!model) {
    model = conn.model<IdempotencyRecord>("IdempotencyRecord", recordSchema);
    recordModels.set(conn, model);
  }
  return model;
}

export interface IdempotencyOptions {
  ttlMs: number;
  /** A `running` record older than this is a first attempt that died: a repeat takes it over. */
  staleMs: number;
}

function storedError(err: unknown): StoredError | undefined {
  if (!(err instanceof Errors.MoleculerError) || typeof err.code !== "number" || err.code >= 500) return undefined;
  return { message: err.message, code: err.code, type: err.type, ...(err.data !== undefined ? { data: err.data as unknown } : {}) };
}

function replay(rec: IdempotencyRecord, meta: { idempotent_replayed?: boolean }): unknown {
  meta.idempotent_replayed = true;
  if (rec.error) throw new Errors.MoleculerClientError(rec.error.message, rec.error.code, rec.error.type, rec.error.data);
  return rec.result_json === undefined ? undefined : JSON.parse(rec.result_json);
}

/** The `_id` of a key's outcome, beside its claim's. */
const outcomeId = (claimId: string) => `${claimId}:outcome`;

/** A key's claim and, once an attempt has finished, its outcome. */
async function readKey(records: IdempotencyRecords, _id: string): Promise<{ claim?: IdempotencyRecord; outcome?: IdempotencyRecord }> {
  const found = await records.find({ _id: { $in: [_id, outcomeId(_id)] } }).lean<IdempotencyRecord[]>();
  // a claim marked done is a record of the single-document layout (before the outcome had its own document)
  const claim = found.find((r) => r._id === _id);
  return { claim, outcome: found.find((r) => r._id !== _id) ?? (claim?.state === "done" ? claim : undefined) };
}

/**
 * Runs `run` once per idempotency key: see the module's comment. `meta` is the action's `ctx.meta`
 * (`idempotent_replayed` is set on it for a replay, and travels back to the gateway).
 *
 * A key is two documents, each written by a unique insert (FerretDB applies an update as a read
 * and a write: an insert costs it a tenth of one, and the inserts of concurrent requests go out
 * together): the claim (`running`, when the attempt started) and, once an attempt has finished,
 * its outcome (`<claim id>:outcome`: the answer or the client error).
 */
export async function withIdempotency<T>(
  records: IdempotencyRecords,
  request: IdempotencyRequest,
  meta: { idempotent_replayed?: boolean },
  opts: IdempotencyOptions,
  run: () => Promise<T>,
): Promise<T> {
  const _id = sha256Hex(`${request.scope}\n${request.key}`);
  for (let tries = 0; ; tries++) {
    const now = new Date();
    try {
      await insertGrouped(records, [
        { _id, fingerprint: request.fingerprint, state: "running", first_started_at: now, started_at: now, expires_at: new Date(now.getTime() + opts.ttlMs) },
      ]);
      return await scope.run({ recordId: _id, firstStartedAt: now.getTime(), next: 0, rerun: false }, () => runAndRecord(records, request, _id, now, opts, run));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const { claim, outcome } = await readKey(records, _id);
    const rec = outcome ?? claim;
    if (!rec || rec.expires_at.getTime() <= now.getTime()) {
      // gone meanwhile (an outage undid it) or expired: start afresh
      if (rec) await records.deleteMany({ _id: { $in: [_id, outcomeId(_id)] }, expires_at: { $lte: now } });
      if (tries < 3) continue;
      throw apiError("idempotency_key_in_use");
    }
    if (rec.fingerprint !== request.fingerprint) throw apiError("idempotency_key_reused");
    if (outcome) return replay(outcome, meta) as T;
    if (!claim || now.getTime() - claim.started_at.getTime() < opts.staleMs) throw apiError("idempotency_key_in_use");
    // the first attempt's process died mid-way: take it over. Exactly one repeat wins, the one whose
    // unique insert of this takeover lands (FerretDB applies a conditional update as a read and a
    // write: several repeats won it); the winner then dates the claim, so that its own takeover, if
    // it dies too, is another document
    try {
      await insertGrouped(records, [
        {
          _id: `${_id}:takeover:${claim.started_at.getTime()}`,
          fingerprint: claim.fingerprint,
          state: "takeover",
          first_started_at: now,
          started_at: now,
          expires_at: claim.expires_at,
        },
      ]);
    } catch (err) {
      if (isDuplicateKey(err)) throw apiError("idempotency_key_in_use");
      throw err;
    }
    await retryIdempotent(() => records.updateOne({ _id }, { $set: { started_at: now } }));
    const first = (claim.first_started_at as Date | undefined) ?? claim.started_at;
    return scope.run({ recordId: _id, firstStartedAt: first.getTime(), next: 0, rerun: true }, () => runAndRecord(records, request, _id, now, opts, run));
  }
}

async function runAndRecord<T>(
  records: IdempotencyRecords,
  request: IdempotencyRequest,
  _id: string,
  startedAt: Date,
  opts: IdempotencyOptions,
  run: () => Promise<T>,
): Promise<T> {
  const outcome = (fields: Pick<IdempotencyRecord, "result_json" | "error">): IdempotencyRecord => ({
    _id: outcomeId(_id),
    fingerprint: request.fingerprint,
    state: "done",
    first_started_at: startedAt,
    started_at: startedAt,
    expires_at: new Date(startedAt.getTime() + opts.ttlMs),
    ...fields,
  });
  let result: T;
  try {
    result = await run();
  } catch (err) {
    const error = storedError(err);
    // a client error is the outcome; anything else (an outage) may be retried under the same key
    await retryIdempotent<unknown>(() => (error ? recordOutcome(records, outcome({ error })) : records.deleteOne({ _id, state: "running", started_at: startedAt }))).catch(
      () => undefined,
    );
    throw err;
  }
  await retryIdempotent(() => recordOutcome(records, outcome({ result_json: JSON.stringify(result ?? null) })));
  return result;
}

/** Stores an attempt's outcome, unless another attempt of the request (one that took over, or the one this took over from) stored its own first: that one stands. */
async function recordOutcome(records: IdempotencyRecords, outcome: IdempotencyRecord): Promise<void> {
  try {
    await insertGrouped(records, [outcome]);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/** Removes the records whose retention has passed; returns how many. */
export async function purgeExpired(records: IdempotencyRecords, now = new Date()): Promise<number> {
  return deleteMatching(records, { expires_at: { $lte: now } });
}
