import { randomBytes } from "node:crypto";
import type { ResolvedApiKey, UserApiKeyOut } from "../../shared/contracts/auth.ts";
import { generatedKeyName } from "../../shared/contracts/orgs.ts";
import { safeEqual, sha256Hex } from "../../shared/crypto.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { ApiKeyDoc, AuthModels } from "./models.ts";

/** `last_used_at` is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;
const KEY_FORMAT = /^u_[A-Za-z0-9_-]{32}$/;
/** How much of the key is kept in clear for display (`u_` + 6 characters). */
const PREFIX_LENGTH = 8;

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

export function toApiKeyOut(doc: ApiKeyDoc, lastUsed: Date | null = null): UserApiKeyOut {
  return {
    id: doc._id,
    name: doc.name,
    scope: "user",
    created_at: doc.created_at.toISOString(),
    expires_at: iso(doc.expires_at),
    last_used_at: iso(lastUsed),
  };
}

/** A new key: `u_` + 32 url-safe random characters (192 bits); stored as its sha256 only. */
export async function createApiKey(models: AuthModels, userId: string, name: string | undefined, expiresInHours?: number): Promise<UserApiKeyOut> {
  const plain = `u_${randomBytes(24).toString("base64url")}`;
  const prefix = plain.slice(0, PREFIX_LENGTH);
  const doc = await models.apiKeys.create({
    user_id: userId,
    name: name ?? generatedKeyName(prefix),
    prefix,
    hash: sha256Hex(plain),
    scope: "user",
    expires_at: expiresInHours === undefined ? null : new Date(Date.now() + expiresInHours * 3_600_000),
  });
  return { ...toApiKeyOut(doc.toObject()), plain };
}

/** The user's keys that are not revoked, newest first (expired ones stay listed until cleanup). */
export async function listApiKeys(models: AuthModels, userId: string): Promise<UserApiKeyOut[]> {
  const docs = await models.apiKeys.find({ user_id: userId, revoked: false }).sort({ _id: -1 }).lean<ApiKeyDoc[]>();
  const usage = await models.apiKeyUsage.find({ _id: { $in: docs.map((d) => d._id) } }).lean();
  const lastUsed = new Map(usage.map((u) => [u._id, u.last_used_at]));
  return docs.map((d) => toApiKeyOut(d, lastUsed.get(d._id) ?? null));
}

/** Revokes one of the user's keys; another user's key, or one already revoked, is a 404. */
export async function revokeApiKey(models: AuthModels, userId: string, id: string): Promise<void> {
  const doc = await models.apiKeys.findOne({ _id: id, user_id: userId, revoked: false }).lean();
  if (!doc) throw MESSAGES.notFound.error("api key");
  const now = new Date();
  await models.apiKeys.updateOne({ _id: id }, { $set: { revoked: true, revoked_at: now } });
}

/** X-API-KEY → its user, or null for malformed, unknown, revoked or expired keys. */
export async function resolveApiKey(models: AuthModels, key: string): Promise<ResolvedApiKey> {
  if (!KEY_FORMAT.test(key)) return null;
  const hash = sha256Hex(key);
  const doc = await models.apiKeys.findOne({ hash }).lean<ApiKeyDoc>();
  if (!doc || !safeEqual(doc.hash, hash) || doc.revoked) return null;
  const now = Date.now();
  if (doc.expires_at && doc.expires_at.getTime() <= now) return null;
  const usage = await models.apiKeyUsage.findById(doc._id).lean();
  if (!usage || now - usage.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    try {
      await models.apiKeyUsage.updateOne({ _id: doc._id }, { $set: { last_used_at: new Date(now) } }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // a concurrent first use recorded it
    }
  }
  return { user_id: doc.user_id, key_id: doc._id, expires_at: iso(doc.expires_at) };
}
