import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { Errors } from "moleculer";
import type { Collection, Connection } from "mongoose";
import { sha256Hex } from "./crypto.ts";
import { isDuplicateKey, retryIdempotent } from "./db.ts";
import { apiError } from "./errors.ts";

/**
 * Idempotency keys (the IETF httpapi `Idempotency-Key` draft) for every POST and PATCH route.
 *
 * The gateway checks the header and puts `{key, scope, fingerprint, action}` in the request's meta
 * (`IdempotencyRequest`); the owning service, whichever it is, records the key in its own database
 * around the change (`withIdempotency`, wrapped around every routed action by `defineService`):
 * - the first request inserts `running` (a unique `_id` per caller, organization and key), runs,
 *   and stores its answer (`done`, the result or a 4xx error); an outage (5xx) removes the record so
 *   a retry runs again;
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
  state: "running" | "done";
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

export function idempotencyCollection(conn: Connection): Collection<IdempotencyRecord> {
  return conn.collection<IdempotencyRecord>(IDEMPOTENCY_COLLECTION);
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

/**
 * Runs `run` once per idempotency key: see the module's comment. `meta` is the action's `ctx.meta`
 * (`idempotent_replayed` is set on it for a replay, and travels back to the gateway).
 */
export async function withIdempotency<T>(
  records: Collection<IdempotencyRecord>,
  request: IdempotencyRequest,
  meta: { idempotent_replayed?: boolean },
  opts: IdempotencyOptions,
  run: () => Promise<T>,
): Promise<T> {
  const _id = sha256Hex(`${request.scope}\n${request.key}`);
  for (let tries = 0; ; tries++) {
    const now = new Date();
    try {
      await records.insertOne({
        _id,
        fingerprint: request.fingerprint,
        state: "running",
        first_started_at: now,
        started_at: now,
        expires_at: new Date(now.getTime() + opts.ttlMs),
      });
      return await scope.run({ recordId: _id, firstStartedAt: now.getTime(), next: 0, rerun: false }, () => runAndRecord(records, _id, now, run));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const rec = await records.findOne({ _id });
    if (!rec || rec.expires_at.getTime() <= now.getTime()) {
      // gone meanwhile (an outage undid it) or expired: start afresh
      if (rec) await records.deleteOne({ _id, started_at: rec.started_at });
      if (tries < 3) continue;
      throw apiError("idempotency_key_in_use");
    }
    if (rec.fingerprint !== request.fingerprint) throw apiError("idempotency_key_reused");
    if (rec.state === "done") return replay(rec, meta) as T;
    if (now.getTime() - rec.started_at.getTime() < opts.staleMs) throw apiError("idempotency_key_in_use");
    // the first attempt's process died mid-way: take it over (exactly one repeat wins)
    const taken = await records.updateOne({ _id, state: "running", started_at: rec.started_at }, { $set: { started_at: now } });
    if (taken.modifiedCount !== 1) throw apiError("idempotency_key_in_use");
    const first = (rec.first_started_at as Date | undefined) ?? rec.started_at;
    return scope.run({ recordId: _id, firstStartedAt: first.getTime(), next: 0, rerun: true }, () => runAndRecord(records, _id, now, run));
  }
}

async function runAndRecord<T>(records: Collection<IdempotencyRecord>, _id: string, startedAt: Date, run: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (err) {
    const error = storedError(err);
    // a client error is the outcome; anything else (an outage) may be retried under the same key
    await retryIdempotent<unknown>(() =>
      error
        ? records.updateOne({ _id, state: "running", started_at: startedAt }, { $set: { state: "done", error } })
        : records.deleteOne({ _id, state: "running", started_at: startedAt }),
    ).catch(() => undefined);
    throw err;
  }
  await retryIdempotent(() => records.updateOne({ _id, state: "running", started_at: startedAt }, { $set: { state: "done", result_json: JSON.stringify(result ?? null) } }));
  return result;
}

/** Removes the records whose retention has passed; returns how many. */
export async function purgeExpired(records: Collection<IdempotencyRecord>, now = new Date()): Promise<number> {
  const res = await records.deleteMany({ expires_at: { $lte: now } });
  return res.deletedCount;
}
