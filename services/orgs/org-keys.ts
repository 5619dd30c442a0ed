import { isoTimes } from "../../shared/resource.ts";
import { newId } from "../../shared/ids.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { generatedKeyName, type ApiKeyRecord, type MintedClusterKey, type OrgKeyCreateResp, type ResolvedOrgKey } from "../../shared/contracts/orgs.ts";
import { randomToken, safeEqual, sha256Hex } from "../../shared/crypto.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { OrgKeyDoc, OrgKeyUsageDoc, OrgsModels } from "./models.ts";
import { activeOrganization } from "./organizations.ts";

/** `org_` + 32 url-safe characters (192 bits). */
const KEY_FORMAT = /^org_[A-Za-z0-9_-]{32}$/;
/** `orgsec_` + 43 url-safe characters (256 bits). */
const SECRET_FORMAT = /^orgsec_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept in clear for display: `org_` + 8. */
const PREFIX_LENGTH = 12;
/** `last_used_at` is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function toApiKeyRecord(doc: OrgKeyDoc, usage?: OrgKeyUsageDoc): ApiKeyRecord {
  return {
    id: doc._id,
    name: doc.name,
    prefix: doc.prefix,
    scope: "org",
    org_id: doc.organization_id,
    user_id: null,
    revoked: doc.revoked,
    ...isoTimes(doc),
    expires_at: iso(doc.expires_at),
    last_used_at: iso(usage?.last_used_at),
  };
}

/** Inserts a new key (with its `org_key.created`) and answers it with the key and secret in clear (only their hashes are stored). */
async function insertOrgKey(
  models: OrgsModels,
  caller: ChangeCaller,
  organizationId: string,
  input: { name?: string | undefined; created_by: string; expires_at: Date | null; cluster_id: string | null },
): Promise<{ doc: OrgKeyDoc; orgKey: string; orgSecret: string }> {
  const orgKey = `org_${randomToken(24)}`;
  const orgSecret = `orgsec_${randomToken(32)}`;
  const _id = newId();
  // a key created without a name is named after the prefix listings show
  const fields = { ...input, name: input.name ?? generatedKeyName(orgKey.slice(0, PREFIX_LENGTH)) };
  const data = fields.cluster_id === null ? { name: fields.name } : { name: fields.name, cluster_id: fields.cluster_id };
  const created = { organization_id: organizationId, type: "org_key.created", resource_type: "org_key", resource_id: _id, data };
  const doc = await withEvents(caller, models.eventOutbox, [{ ...created, check: { collection: "org_keys", id: _id, expect: "present" as const } }], () =>
    models.orgKeys.create({
      _id,
      organization_id: organizationId,
      prefix: orgKey.slice(0, PREFIX_LENGTH),
      key_hash: sha256Hex(orgKey),
      secret_hash: sha256Hex(orgSecret),
      ...fields,
    }),
  );
  return { doc, orgKey, orgSecret };
}

/** A new org key and secret, returned in clear only here; only their sha256 hashes are stored. */
export async function createOrgKey(
  models: OrgsModels,
  caller: ChangeCaller,
  organizationId: string,
  createdBy: string,
  input: { name?: string | undefined; expires_in_hours?: number | undefined },
): Promise<OrgKeyCreateResp> {
  const expiresAt = input.expires_in_hours === undefined ? null : new Date(Date.now() + input.expires_in_hours * 3_600_000);
  const { doc, orgKey, orgSecret } = await insertOrgKey(models, caller, organizationId, { name: input.name, created_by: createdBy, expires_at: expiresAt, cluster_id: null });
  return {
    id: doc._id,
    name: doc.name,
    scope: "org",
    created_at: doc.created_at.toISOString(),
    expires_at: iso(doc.expires_at),
    org_key: orgKey,
    org_secret: orgSecret,
  };
}

/** Who a cluster-scoped key was made by (the runner service, for a run). */
const CLUSTER_KEY_CREATOR = "system:runner";

/**
 * `orgs.mintClusterKey`: a short-lived key of the organization that reaches only the routes of
 * one cluster (a run's bastion calling back). It is an org key like any other (hashed, listed
 * under its name by GET /orgs/{id}/api-keys while it lives, revocable there too); 404 when the
 * organization is gone or being deleted.
 */
export async function mintClusterKey(
  models: OrgsModels,
  caller: ChangeCaller,
  input: { organization_id: string; cluster_id: string; ttl_seconds: number; name: string },
): Promise<MintedClusterKey> {
  if (!(await activeOrganization(models, input.organization_id))) throw MESSAGES.notFound.error("organization");
  const expiresAt = new Date(Date.now() + input.ttl_seconds * 1000);
  const { doc, orgKey, orgSecret } = await insertOrgKey(models, caller, input.organization_id, {
    name: input.name,
    created_by: CLUSTER_KEY_CREATOR,
    expires_at: expiresAt,
    cluster_id: input.cluster_id,
  });
  return { id: doc._id, org_key: orgKey, org_secret: orgSecret, expires_at: expiresAt.toISOString() };
}

/** `orgs.revokeClusterKey`: revokes a cluster-scoped key of the organization; false when there was none to revoke (already revoked, another organization's, a user-created key). */
export async function revokeClusterKey(models: OrgsModels, caller: ChangeCaller, organizationId: string, keyId: string): Promise<{ revoked: boolean }> {
  const doc = await models.orgKeys.findOne({ _id: keyId, organization_id: organizationId, revoked: false }, { cluster_id: 1 }).lean<Pick<OrgKeyDoc, "_id" | "cluster_id">>();
  if (!doc || doc.cluster_id === null || doc.cluster_id === undefined) return { revoked: false };
  await revokeOrgKey(models, caller, organizationId, keyId);
  return { revoked: true };
}

/** The organization's keys that are not revoked, newest first (expired ones stay listed). */
export async function listOrgKeys(models: OrgsModels, organizationId: string): Promise<ApiKeyRecord[]> {
  const [docs, usage] = await Promise.all([
    models.orgKeys.find({ organization_id: organizationId, revoked: false }).sort({ _id: -1 }).lean<OrgKeyDoc[]>(),
    models.keyUsage.find({ organization_id: organizationId }).lean<OrgKeyUsageDoc[]>(),
  ]);
  const used = new Map(usage.map((u) => [u._id, u]));
  return docs.map((d) => toApiKeyRecord(d, used.get(d._id)));
}

/** Revokes a key of the organization; a key of another organization, or one already revoked, is 404. */
export async function revokeOrgKey(models: OrgsModels, caller: ChangeCaller, organizationId: string, keyId: string): Promise<void> {
  const doc = await models.orgKeys.findOne({ _id: keyId, organization_id: organizationId, revoked: false }, { _id: 1 }).lean();
  if (!doc) throw MESSAGES.notFound.error("api key");
  const revoked = { organization_id: organizationId, type: "org_key.deleted", resource_type: "org_key", resource_id: keyId };
  await withEvents(caller, models.eventOutbox, [{ ...revoked, check: { collection: "org_keys", id: keyId, expect: "matches" as const, where: { revoked: true } } }], () =>
    models.orgKeys.updateOne({ _id: keyId }, { $set: { revoked: true, revoked_at: new Date() } }),
  );
}

/**
 * Records `last_used_at` at most once a minute. Best effort: two first uses racing to upsert the
 * same usage document may collide (FerretDB), and that must never fail the request.
 */
async function touchKey(models: OrgsModels, doc: OrgKeyDoc, now: number): Promise<void> {
  try {
    const usage = await models.keyUsage.findById(doc._id).lean<OrgKeyUsageDoc>();
    if (usage && now - usage.last_used_at.getTime() < LAST_USED_RESOLUTION_MS) return;
    await models.keyUsage.updateOne({ _id: doc._id }, { $set: { last_used_at: new Date(now), organization_id: doc.organization_id } }, { upsert: true });
  } catch {
    // a concurrent use recorded it
  }
}

/**
 * X-ORG-KEY + X-ORG-SECRET → the key's organization, or null for a malformed, unknown, revoked
 * or expired key, a wrong secret, or an organization that is being deleted.
 */
export async function resolveOrgKey(models: OrgsModels, key: string, secret: string): Promise<ResolvedOrgKey> {
  if (!KEY_FORMAT.test(key)) return null;
  const doc = await models.orgKeys.findOne({ key_hash: sha256Hex(key) }).lean<OrgKeyDoc>();
  // the secret is hashed and compared in constant time even when the format is off
  const secretOk = doc ? safeEqual(sha256Hex(secret), doc.secret_hash) && SECRET_FORMAT.test(secret) : false;
  if (!doc || !secretOk || doc.revoked) return null;
  const now = Date.now();
  if (doc.expires_at && doc.expires_at.getTime() <= now) return null;
  if (!(await activeOrganization(models, doc.organization_id))) return null;
  await touchKey(models, doc, now);
  const scoped = doc.cluster_id === null || doc.cluster_id === undefined ? {} : { cluster_id: doc.cluster_id };
  return { organization_id: doc.organization_id, key_id: doc._id, expires_at: iso(doc.expires_at), ...scoped };
}
