import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Schema, type Connection, type Model } from "mongoose";
import { z } from "zod";
import { config } from "./config.ts";
import { loadMasterKeys, masterFor, open, seal, Sealed, type MasterKeys } from "./crypto.ts";
import { claimOnce, deleteMatching, docSchema, isDuplicateKey, requiredStrings } from "./db.ts";

/**
 * Secrets at rest: per-organization 256-bit data keys, generated on first use and stored in the
 * USING service's own database (collection `data_keys`), wrapped with AES-256-GCM by the master
 * key (`MASTER_KEY`). Values are encrypted with AES-256-GCM under the organization's data key;
 * the AAD binds each ciphertext to its organization, its purpose and the data-key version, so a
 * ciphertext copied to another organization or another field does not decrypt.
 *
 * - Master-key rotation re-wraps the data keys (`rewrap`) and never touches ciphertexts.
 * - Deleting an organization's data keys (`purge`) crypto-shreds everything encrypted for it.
 * - `start()` fails loudly when the configured master key cannot unwrap the stored data keys
 *   (including a check record written at the first start, so this holds before any data key exists).
 *
 * Usage in a service: `const keyring = new Keyring(db)`; in `started()`, after `db.open()`,
 * `await keyring.start()`; then `keyring.encrypt(orgId, plaintext, "ssh-key:<id>")` and
 * `keyring.decrypt(orgId, value, "ssh-key:<id>")`. Put the resource id in `purpose`.
 */

/** The collection every service that uses the keyring has (the rotation command looks for it). */
export const DATA_KEYS_COLLECTION = "data_keys";

/**
 * A data-key record of no organization, written by the first service start: it pins the master
 * key even before any organization has a data key, so a replica started with another master key
 * fails its start-up check instead of wrapping new data keys that its peers cannot read.
 */
export const MASTER_KEY_CHECK_ID = "master-key-check";
const CHECK_ORG = "*";

/** The one data-key version in use today; the format leaves room for per-organization key rotation. */
const FIRST_VERSION = 1;

/** A value encrypted by the keyring, as stored in a service's documents. All binary parts base64. */
export const EncryptedValue = z.object({
  /** Version of the organization's data key that encrypted it. */
  key_version: z.number().int().min(1),
  iv: z.string().min(1),
  tag: z.string().min(1),
  ct: z.string(),
});
export type EncryptedValue = z.infer<typeof EncryptedValue>;

/** Mongoose definition of an EncryptedValue sub-document (`{ secret: { type: encryptedValueSchema, required: true } }`). */
export const encryptedValueSchema = new Schema<EncryptedValue>(
  {
    key_version: { type: Number, required: true },
    ...requiredStrings("iv", "tag"),
    ct: { type: String, default: "" },
  },
  { _id: false, versionKey: false },
);

export interface DataKeyDoc {
  /** `<organization_id>:<version>`: one key per organization and version, decided by a unique insert. */
  _id: string;
  organization_id: string;
  version: number;
  /** The 32-byte data key sealed by the master key named in `wrapped.kid`. */
  wrapped: Sealed;
  created_at: Date;
  rewrapped_at: Date | null;
}

const dataKeySchema = docSchema<DataKeyDoc>("key", {
  organization_id: { type: String, required: true, index: true },
  version: { type: Number, required: true },
  wrapped: {
    ...requiredStrings("kid", "iv", "tag", "ct"),
  },
  created_at: { type: Date, required: true },
  rewrapped_at: { type: Date, default: null },
});

/** The data-key model on a service's connection (defined once per connection). */
export function dataKeyModel(conn: Connection): Model<DataKeyDoc> {
  return (conn.models[DATA_KEYS_COLLECTION] as Model<DataKeyDoc> | undefined) ?? conn.model<DataKeyDoc>(DATA_KEYS_COLLECTION, dataKeySchema, DATA_KEYS_COLLECTION);
}

/** What the keyring needs of a service database: its open connection. */
export type ConnectionSource = Connection | { readonly connection: Connection };

export class KeyringError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyringError";
  }
}

export interface RewrapResult {
  /** Data keys in the database (including the master-key check record). */
  total: number;
  /** Data keys re-wrapped under the current master key by this call. */
  rewrapped: number;
}

function dataKeyId(orgId: string, version: number): string {
  return `${orgId}:${version}`;
}

function wrapAad(orgId: string, version: number): string {
  return `data-key:${orgId}:${version}`;
}

function valueAad(orgId: string, purpose: string, version: number): string {
  return `org:${orgId}|purpose:${purpose}|key:${version}`;
}

/** Unwrapped keys kept in memory (keyed by the wrapped bytes, so a purged-and-recreated key never hits). */
const CACHE_LIMIT = 1000;

export class Keyring {
  private model?: Model<DataKeyDoc>;
  private master?: MasterKeys;
  private readonly cache = new Map<string, Buffer>();

  /**
   * @param source the service's database (ServiceDatabase or Connection), open by `start()`
   * @param master the master keys; by default `loadMasterKeys(config())` at `start()`
   */
  constructor(
    private readonly source: ConnectionSource,
    master?: MasterKeys,
  ) {
    this.master = master;
  }

  /**
   * Binds to the service's (open) database, ensures the collection and its index, and checks that
   * every stored data key is wrapped by a master key we hold and unwraps with it. Throws (and the
   * service must not start) otherwise: a wrong MASTER_KEY never returns garbage.
   */
  async start(): Promise<void> {
    this.master ??= loadMasterKeys(config());
    const conn = "connection" in this.source ? this.source.connection : this.source;
    this.model = dataKeyModel(conn);
    this.cache.clear();
    await this.model.createCollection().catch((err: unknown) => {
      if ((err as { codeName?: string }).codeName !== "NamespaceExists") throw err;
    });
    await this.model.createIndexes();
    await this.ensureCheckRecord(this.model);
    await this.verify();
  }

  /** Where the master key came from (for a start-up log line; never the key). */
  get masterSource(): string {
    return this.masters.source;
  }

  /** The fingerprint of the current master key. */
  get masterKeyId(): string {
    return this.masters.current.id;
  }

  /** Encrypts `plaintext` for the organization; creates its data key on first use. */
  async encrypt(orgId: string, plaintext: Buffer | string, purpose: string): Promise<EncryptedValue> {
    checkArgs(orgId, purpose);
    const version = FIRST_VERSION;
    const key = await this.dataKey(orgId, version, true);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(valueAad(orgId, purpose, version)));
    const data = typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext;
    const ct = Buffer.concat([cipher.update(data), cipher.final()]);
    return { key_version: version, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), ct: ct.toString("base64") };
  }

  /**
   * Decrypts and authenticates a value of the organization. Throws KeyringError when the data key
   * is gone (purged), or the value was tampered with or belongs to another organization/purpose.
   */
  async decrypt(orgId: string, value: EncryptedValue, purpose: string): Promise<Buffer> {
    checkArgs(orgId, purpose);
    const parsed = EncryptedValue.safeParse(value);
    if (!parsed.success) throw new KeyringError("malformed encrypted value");
    const v = parsed.data;
    const key = await this.dataKey(orgId, v.key_version, false);
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(v.iv, "base64"));
      decipher.setAAD(Buffer.from(valueAad(orgId, purpose, v.key_version)));
      decipher.setAuthTag(Buffer.from(v.tag, "base64"));
      return Buffer.concat([decipher.update(Buffer.from(v.ct, "base64")), decipher.final()]);
    } catch {
      throw new KeyringError(`encrypted value does not authenticate for organization ${orgId} and purpose ${purpose}`);
    }
  }

  /** `decrypt` as UTF-8 text. */
  async decryptText(orgId: string, value: EncryptedValue, purpose: string): Promise<string> {
    return (await this.decrypt(orgId, value, purpose)).toString("utf8");
  }

  /**
   * Master-key rotation: re-wraps every data key not wrapped by the current master key, reading
   * with MASTER_KEYS_PREVIOUS. Ciphertexts are untouched. Idempotent; safe to run on replicas at once.
   */
  async rewrap(): Promise<RewrapResult> {
    const model = this.requireModel();
    const master = this.masters;
    const docs = await model.find({}).lean<DataKeyDoc[]>();
    let rewrapped = 0;
    const failures: string[] = [];
    for (const doc of docs) {
      if (doc.wrapped.kid === master.current.id) continue;
      let raw: Buffer;
      try {
        raw = this.unwrap(doc);
      } catch (err) {
        failures.push((err as Error).message);
        continue;
      }
      const wrapped = seal(master.current, raw, wrapAad(doc.organization_id, doc.version));
      const res = await model.updateOne({ _id: doc._id, "wrapped.kid": doc.wrapped.kid }, { $set: { wrapped, rewrapped_at: new Date() } });
      if (res.modifiedCount > 0) rewrapped += 1;
    }
    if (failures.length > 0) {
      throw new KeyringError(`${failures.length} data key(s) could not be re-wrapped: ${failures.slice(0, 3).join("; ")}`);
    }
    return { total: docs.length, rewrapped };
  }

  /** Deletes the organization's data keys: everything encrypted for it becomes unreadable. Idempotent. */
  async purge(orgId: string): Promise<number> {
    checkArgs(orgId, "purge");
    const deleted = await deleteMatching(this.requireModel(), { organization_id: orgId });
    for (const k of this.cache.keys()) if (k.startsWith(`${orgId}:`)) this.cache.delete(k);
    return deleted;
  }

  /** Checks that every master key that wrapped a stored data key is configured and unwraps it. */
  async verify(): Promise<void> {
    const model = this.requireModel();
    const kids = (await model.distinct("wrapped.kid")) as string[];
    for (const kid of kids) {
      const doc = await model.findOne({ "wrapped.kid": kid }).lean<DataKeyDoc>();
      if (!doc) continue;
      try {
        this.unwrap(doc);
      } catch (err) {
        throw new KeyringError(
          `the configured master key cannot unwrap the data keys in database '${model.db.name}': ${(err as Error).message}. ` +
            "Refusing to start: set MASTER_KEY (and MASTER_KEYS_PREVIOUS during a rotation) to the keys that wrapped them.",
        );
      }
    }
  }

  /** Inserts the master-key check record once (a unique insert: concurrent starts keep the first). */
  private async ensureCheckRecord(model: Model<DataKeyDoc>): Promise<void> {
    if (await model.exists({ _id: MASTER_KEY_CHECK_ID })) return;
    const raw = randomBytes(32);
    const wrapped = seal(this.masters.current, raw, wrapAad(CHECK_ORG, FIRST_VERSION));
    await claimOnce(model, MASTER_KEY_CHECK_ID, { organization_id: CHECK_ORG, version: FIRST_VERSION, wrapped, created_at: new Date(), rewrapped_at: null });
  }

  private get masters(): MasterKeys {
    if (!this.master) throw new KeyringError("keyring not started");
    return this.master;
  }

  private requireModel(): Model<DataKeyDoc> {
    if (!this.model) throw new KeyringError("keyring not started");
    return this.model;
  }

  private unwrap(doc: DataKeyDoc): Buffer {
    const key = masterFor(this.masters, doc.wrapped);
    let raw: Buffer;
    try {
      raw = open(key, doc.wrapped, wrapAad(doc.organization_id, doc.version));
    } catch {
      throw new KeyringError(`data key ${doc._id} does not authenticate under master key ${key.id}`);
    }
    if (raw.length !== 32) throw new KeyringError(`data key ${doc._id} has the wrong length`);
    return raw;
  }

  /** The organization's data key of `version`, reading the database every time (a purge takes effect at once). */
  private async dataKey(orgId: string, version: number, create: boolean): Promise<Buffer> {
    const model = this.requireModel();
    const id = dataKeyId(orgId, version);
    let doc = await model.findById(id).lean<DataKeyDoc>();
    if (!doc) {
      if (!create) throw new KeyringError(`data key ${id} not found (the organization's secrets were purged)`);
      doc = await this.createDataKey(model, orgId, version);
    }
    const cacheKey = `${doc._id}:${doc.wrapped.ct}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const raw = this.unwrap(doc);
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(cacheKey, raw);
    return raw;
  }

  /** First use: of any number of concurrent creators (any replica) exactly one insert wins; the others re-read. */
  private async createDataKey(model: Model<DataKeyDoc>, orgId: string, version: number): Promise<DataKeyDoc> {
    const id = dataKeyId(orgId, version);
    const raw = randomBytes(32);
    const wrapped = seal(this.masters.current, raw, wrapAad(orgId, version));
    raw.fill(0);
    const fields = { organization_id: orgId, version, wrapped, created_at: new Date(), rewrapped_at: null };
    try {
      await claimOnce(model, id, fields);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const doc = await model.findById(id).lean<DataKeyDoc>();
    if (!doc) throw new KeyringError(`data key ${id} vanished while being created`);
    return doc;
  }
}

function checkArgs(orgId: string, purpose: string): void {
  if (typeof orgId !== "string" || orgId.length === 0 || orgId === CHECK_ORG) throw new KeyringError("organization id required");
  if (typeof purpose !== "string" || purpose.length === 0) throw new KeyringError("purpose required");
}
