import { randomUUID } from "node:crypto";
import mongoose, { Schema, type Connection, type Model, type SchemaDefinition, type SchemaOptions } from "mongoose";
import type DataLoader from "dataloader";
import { config } from "./config.ts";
import { groupCommit } from "./group-commit.ts";
import { newId } from "./ids.ts";
import { revisionedWrites } from "./preconditions.ts";

mongoose.set("strictQuery", true);
mongoose.set("translateAliases", false);

interface PooledClient {
  conn: Connection;
  refs: number;
}

/** One client (pool) per MongoDB URL per process, shared by every service it hosts. */
const clients = new Map<string, Promise<PooledClient>>();

/**
 * How often the driver's pools check their minimum size. The driver's default, 100 ms, wakes
 * every idle process ten times a second (about 0.4% of a core here, most of an idle process's
 * cost); with no minimum pool size the check only prunes closed connections. The driver takes
 * it from the client's options but does not accept it as an option, so it is set on them before
 * connecting (test/integration/db.test.ts checks that it reaches the pools).
 */
export const POOL_CHECK_MS = 10_000;

/**
 * How long an operation waits for a reachable server. Short, so that with the database down a
 * request answers 503 within about a second instead of hanging; the driver keeps reconnecting
 * in the background and requests succeed again as soon as the database answers.
 */
export const SERVER_SELECTION_MS = 500;

/**
 * A database that stops answering without closing its connections (a frozen process, a cut
 * network) is noticed by the driver's monitor: it checks the server every HEARTBEAT_MS and gives
 * a check CONNECT_TIMEOUT_MS; a check that times out clears the pool and interrupts the operations
 * waiting on it, which then answer 503 like a database that is down. New connections get the same
 * time to connect. (The driver's defaults, 10 s and 30 s, left requests waiting for the request
 * timeout.)
 */
const HEARTBEAT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;

/** The URLs this process is still trying to reach for the first time. */
const connecting = new Set<string>();

/** The databases this process is still waiting for at start-up, without credentials (for the message that it gave up). */
export function databasesConnecting(): string[] {
  return [...connecting].map(withoutCredentials);
}

/** A MongoDB URL as logs may show it: its user and password left out. */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return "(an invalid URL)";
  }
}

async function connect(url: string): Promise<Connection> {
  const client = new mongoose.mongo.MongoClient(url, {
    serverSelectionTimeoutMS: SERVER_SELECTION_MS,
    heartbeatFrequencyMS: HEARTBEAT_MS,
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    maxPoolSize: 20,
  });
  Object.assign(client.options, { minPoolSizeCheckFrequencyMS: POOL_CHECK_MS });
  // at start-up the database may come up after us: keep trying for STARTUP_TIMEOUT_MS, which also
  // bounds the process's start (runtime/run.ts names the database that did not answer)
  const deadline = Date.now() + config().STARTUP_TIMEOUT_MS;
  connecting.add(url);
  try {
    for (;;) {
      try {
        await client.connect();
        break;
      } catch (err) {
        if (Date.now() >= deadline) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    connecting.delete(url);
  }
  const conn = mongoose.createConnection().setClient(client);
  conn.set("autoIndex", false);
  return conn;
}

async function acquire(url: string): Promise<Connection> {
  let entry = clients.get(url);
  if (!entry) {
    entry = connect(url).then((conn) => ({ conn, refs: 0 }));
    clients.set(url, entry);
    entry.catch(() => clients.delete(url));
  }
  const client = await entry;
  client.refs += 1;
  return client.conn;
}

async function release(url: string): Promise<void> {
  const entry = clients.get(url);
  if (!entry) return;
  const client = await entry;
  client.refs -= 1;
  if (client.refs <= 0) {
    clients.delete(url);
    await client.conn.close();
  }
}

export function requireMongoUrl(): string {
  const url = config().MONGO_URL;
  if (!url) throw new Error("MONGO_URL is not set (npm start sets it to the local FerretDB)");
  return url;
}

/** `<DB_PREFIX>_<service>`: each service owns its database on the shared server. */
export function databaseName(service: string): string {
  return `${config().DB_PREFIX}_${service}`;
}

/** The databases open in this process (readiness: runtime/health.ts pings each). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every service's database, whatever its models
const openDatabases = new Set<ServiceDatabase<any>>();

/** Pings every database open in this process; each answers within `timeoutMs` or counts as down. */
export async function databasesHealth(timeoutMs = 2_000): Promise<{ service: string; ok: boolean }[]> {
  return Promise.all(
    [...openDatabases].map(async (db) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
      const ok = await Promise.race([db.ping(), late]);
      clearTimeout(timer);
      return { service: db.service, ok };
    }),
  );
}

/**
 * A service's own database: open it in `started`, close it in `stopped`. Models are defined
 * on the service's connection (never the global mongoose connection) and their indexes are
 * ensured at open.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mongoose types a model by its document; a service's models are of different documents
export class ServiceDatabase<M extends Record<string, Model<any>>> {
  private conn?: Connection;
  private defined?: M;
  private url?: string;

  constructor(
    readonly service: string,
    private readonly define: (conn: Connection) => M,
  ) {}

  async open(url = requireMongoUrl()): Promise<void> {
    if (this.conn) return;
    const base = await acquire(url);
    this.url = url;
    this.conn = base.useDb(databaseName(this.service), { useCache: false });
    this.defined = this.define(this.conn);
    for (const model of Object.values(this.defined)) {
      await model.createCollection().catch((err: unknown) => {
        if ((err as { codeName?: string }).codeName !== "NamespaceExists") throw err;
      });
      await model.createIndexes();
    }
    openDatabases.add(this);
  }

  async close(): Promise<void> {
    if (!this.conn || !this.url) return;
    openDatabases.delete(this);
    const url = this.url;
    this.conn = undefined;
    this.defined = undefined;
    this.url = undefined;
    await release(url);
  }

  get models(): M {
    if (!this.defined) throw new Error(`database of service '${this.service}' is not open`);
    return this.defined;
  }

  get connection(): Connection {
    if (!this.conn) throw new Error(`database of service '${this.service}' is not open`);
    return this.conn;
  }

  /** A cheap round trip proving the database answers (health checks). */
  async ping(): Promise<boolean> {
    try {
      await this.connection.db?.admin().command({ ping: 1 });
      return true;
    } catch {
      return false;
    }
  }
}

/** `created_at` and `updated_at`, kept by mongoose under the API's field names. */
export const TIMESTAMPS = { createdAt: "created_at", updatedAt: "updated_at" } as const;

/** `created_at` only: documents that are written once (or whose changes are not worth a date). */
export const CREATED_AT = { createdAt: "created_at", updatedAt: false } as const;

/**
 * A document's string `_id`: `uuid`, a UUIDv7 made on insert (`newId`); `key`, given by the
 * writer (a claim's or lease's key, a natural key, the id of the document it belongs to).
 */
export type IdKind = "uuid" | "key";

/**
 * The schema of a service's collection: a string `_id` of the given kind, then `fields`; no
 * `__v`, stored fields only (strict). `options` add timestamps and the like. Every update raises
 * the document's revision `_rev`, which conditional writes check (shared/preconditions.ts).
 */
export function docSchema<T extends object>(id: IdKind, fields: SchemaDefinition<T>, options: SchemaOptions = {}): Schema {
  const _id = id === "uuid" ? { type: String, default: newId } : { type: String, required: true };
  const schema = new Schema({ _id, ...fields }, { versionKey: false, strict: true, ...options });
  schema.plugin(revisionedWrites);
  return schema;
}

/** The field declarations most stored fields are, by name: required strings. */
export function requiredStrings<K extends string>(...names: K[]): Record<K, { type: StringConstructor; required: true }> {
  return Object.fromEntries(names.map((name) => [name, { type: String, required: true }])) as Record<K, { type: StringConstructor; required: true }>;
}

/** Strings that default to "" (an optional text, an error not yet met). */
export function emptyStrings<K extends string>(...names: K[]): Record<K, { type: StringConstructor; default: "" }> {
  return Object.fromEntries(names.map((name) => [name, { type: String, default: "" }])) as Record<K, { type: StringConstructor; default: "" }>;
}

/** Dates that are null until something happens (revoked, finished, retired). */
export function nullDates<K extends string>(...names: K[]): Record<K, { type: DateConstructor; default: null }> {
  return Object.fromEntries(names.map((name) => [name, { type: Date, default: null }])) as Record<K, { type: DateConstructor; default: null }>;
}

/**
 * True for a unique-index violation. MongoDB reports code 11000 for inserts and updates;
 * FerretDB 1.24 (SQLite) reports 11000 for inserts but, for an update or findAndModify,
 * code 1 with "UNIQUE constraint failed" in the message.
 */
export function isDuplicateKey(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === 11000 || (typeof message === "string" && /E11000|UNIQUE constraint failed/.test(message));
}

/**
 * Most documents one delete may match. FerretDB on SQLite refuses a statement of more than 32,766
 * variables ("too many SQL variables"), and deletes the documents a filter matches by their ids in
 * one statement: a delete matching more never happens (an organization of 33,000 labels was never
 * purged). Its cost grows with the square of the `$in` list (20,000 documents in batches of 500:
 * 3.5 s; of 2,000: 26 s, measured on FerretDB 1.24 with SQLite), so batches stay small. MongoDB
 * has no such limit; batches cost it little.
 */
export const DELETE_BATCH = 500;

/** What `deleteMatching` needs of a model. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model: only find and deleteMany by a plain filter are used
export type DeleteTarget = Pick<Model<any>, "find" | "deleteMany">;

/**
 * Deletes every document matching `filter` (plain fields, no `_id` condition), at most `batch` at
 * a time: the ids of a batch, then one delete of those ids that repeats the filter (a document
 * changed meanwhile so that it no longer matches stays). Answers how many were deleted.
 */
export async function deleteMatching(model: DeleteTarget, filter: Record<string, unknown>, batch = DELETE_BATCH): Promise<number> {
  if ("_id" in filter) throw new Error("deleteMatching: the filter may not name _id");
  let deleted = 0;
  for (;;) {
    const found = (await model.find(filter, { _id: 1 }).limit(batch).lean()) as { _id: unknown }[];
    if (found.length === 0) return deleted;
    deleted += (await model.deleteMany({ ...filter, _id: { $in: found.map((d) => d._id) } })).deletedCount;
    if (found.length < batch) return deleted;
  }
}

/** A collection to insert into, as a model gives it. */
export type InsertTarget = Pick<Model<unknown>, "db" | "collection">;

/**
 * Inserts the documents with one unordered `insert` command (one round trip, one commit on
 * FerretDB): a document that fails (a duplicate key) does not stop the others. Answers the
 * per-document errors by the document's index (empty: all stored), each an Error with the
 * server's `code`. A failure of the whole command (the connection, the server selection) throws
 * as itself; the driver's `insertMany` would wrap it in a bulk-write error that no longer says
 * the database was out of reach.
 */
export async function insertEach(model: InsertTarget, docs: readonly object[]): Promise<Map<number, Error & { code?: number }>> {
  const db = model.db.db;
  if (!db) throw new Error(`database of collection '${model.collection.collectionName}' is not open`);
  const reply = await db.command({ insert: model.collection.collectionName, documents: docs, ordered: false });
  const writeErrors = (reply.writeErrors ?? []) as { index: number; code?: number; errmsg?: string }[];
  return new Map(writeErrors.map((we) => [we.index, Object.assign(new Error(we.errmsg ?? "write error"), { code: we.code })]));
}

const groupedInserts = new WeakMap<InsertTarget, DataLoader<object, true>>();

/**
 * Inserts documents, each in one `insert` command with those that other calls make into the same
 * collection at the same time (a group commit, shared/group-commit.ts: on FerretDB one transaction
 * and one log sync for the batch instead of one per document). Rejects with the first of its own
 * documents' errors (a duplicate key: `code` 11000), never with another caller's.
 */
export async function insertGrouped(model: InsertTarget, docs: readonly object[]): Promise<void> {
  let loader = groupedInserts.get(model);
  if (!loader) {
    loader = groupCommit<object, true>(
      async (batch) => {
        const failed = await insertEach(model, batch);
        return batch.map((_, i) => failed.get(i) ?? (true as const));
      },
      { maxBatchSize: 100 },
    );
    groupedInserts.set(model, loader);
  }
  const results = await loader.loadMany(docs);
  const failed = results.find((r): r is Error => r instanceof Error);
  if (failed) throw failed;
}

/** What a claim needs of a model: insert, and read back by `_id`. */
export type ClaimModel = InsertTarget;

/** A claim to take: its unique `_id` and the fields stored with it. */
export interface ClaimRequest {
  id: string;
  fields?: Record<string, unknown>;
}

/**
 * The one exclusive primitive that holds on MongoDB and on FerretDB alike: inserting a
 * document under a unique `_id`. Of any number of concurrent callers exactly one gets true.
 * (FerretDB 1.x applies updates as read-modify-write: concurrent `$inc`, conditional
 * `findOneAndUpdate` and `findOneAndDelete` can all have several winners. Claims, leases and
 * once-per-period work are therefore decided by a unique insert, never by a conditional update.)
 *
 * An insert whose answer is lost (a dropped connection, a server error after the write) may
 * still have landed: the claim carries a random `claim_token`, and the stored document says
 * whether the winner was this call. Without that read-back a worker would hold a claim it
 * believes it lost, and the work would wait for the claim to age out.
 */
export async function claimOnce(model: ClaimModel, id: string, fields: Record<string, unknown> = {}): Promise<boolean> {
  const [result] = await claimMany(model, [{ id, fields }]);
  if (result instanceof Error) throw result;
  return result === true;
}

/**
 * `claimOnce` for several claims in one unordered insert (one round trip, one commit): per
 * claim true (won), false (another caller holds it) or the error that kept it from being
 * stored. Throws when the database cannot say which claims landed.
 */
export async function claimMany(model: ClaimModel, claims: readonly ClaimRequest[]): Promise<(boolean | Error)[]> {
  const tokens = claims.map(() => randomUUID());
  const docs = claims.map((c, i) => ({ ...c.fields, claim_token: tokens[i], _id: c.id }));
  let failed: Map<number, Error>;
  let cause: unknown;
  try {
    failed = await insertEach(model, docs);
    cause = [...failed.values()].find((e) => !isDuplicateKey(e));
    if (cause === undefined) return claims.map((_, i) => !failed.has(i));
  } catch (err) {
    failed = new Map();
    cause = err;
  }
  // not stored (or the database cannot say): the stored claims say which landed, and whose they are
  const stored = await readBack(
    model,
    claims.map((c) => c.id),
  );
  if (!stored) throw cause;
  return claims.map((c, i) => (stored.has(c.id) ? stored.get(c.id) === tokens[i] : (failed.get(i) ?? (cause as Error))));
}

/** The stored claims' tokens by `_id`, or undefined when the database cannot be asked either. */
async function readBack(model: ClaimModel, ids: string[]): Promise<Map<string, unknown> | undefined> {
  for (let i = 0; i < 3; i++) {
    try {
      const stored = await model.collection.find({ _id: { $in: ids } } as never, { projection: { claim_token: 1 } }).toArray();
      return new Map(stored.map((d) => [String((d as Record<string, unknown>)._id), (d as Record<string, unknown>).claim_token]));
    } catch {
      await new Promise((r) => setTimeout(r, 100 * 2 ** i));
    }
  }
  return undefined;
}

/**
 * Runs an idempotent database operation (a `$set` by `_id`, a read), trying again after a
 * transient failure (a dropped connection, a busy server). The last failure is thrown.
 */
export async function retryIdempotent<T>(op: () => Promise<T>, tries = 4, firstDelayMs = 50): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await op();
    } catch (err) {
      if (i >= tries || isDuplicateKey(err)) throw err;
      await new Promise((r) => setTimeout(r, firstDelayMs * 2 ** (i - 1)));
    }
  }
}
