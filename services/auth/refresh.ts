import type { AppConfig } from "../../shared/config.ts";
import type { TokenPair } from "../../shared/contracts/auth.ts";
import { safeEqual, sha256Hex } from "../../shared/crypto.ts";
import { claimOnce } from "../../shared/db.ts";
import { apiError } from "../../shared/errors.ts";
import type { AuthModels, RefreshTokenDoc, UserDoc } from "./models.ts";
import type { SigningKeys } from "./signing-keys.ts";
import { issueTokenPair } from "./tokens.ts";

/** One message for every refused refresh token, so the answer tells an attacker nothing. */
const invalidRefreshToken = () => apiError("unauthorized", "invalid refresh token");

async function findToken(models: AuthModels, token: string): Promise<RefreshTokenDoc | null> {
  if (!/^rt_[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = sha256Hex(token);
  const doc = await models.refreshTokens.findById(hash).lean<RefreshTokenDoc>();
  return doc && safeEqual(doc._id, hash) ? doc : null;
}

async function familyRevoked(models: AuthModels, familyId: string): Promise<boolean> {
  return (await models.revokedFamilies.exists({ _id: familyId })) !== null;
}

/**
 * Revokes every refresh token of a family (logout everywhere, or reuse detected). The family
 * record is what refresh checks, so a token minted concurrently in the family is refused too.
 */
export async function revokeFamily(models: AuthModels, familyId: string): Promise<void> {
  const now = new Date();
  await claimOnce(models.revokedFamilies, familyId, { revoked_at: now });
  await models.refreshTokens.updateMany({ family_id: familyId, revoked_at: null }, { $set: { revoked_at: now } });
}

/**
 * Rotation: the presented token is spent exactly once (unique-insert claim) and a new pair in
 * the same family is issued. A token that was already spent revokes its whole family (reuse
 * detection). Unknown, expired, revoked tokens and disabled users: 401.
 */
export async function rotateRefreshToken(models: AuthModels, keys: SigningKeys, cfg: AppConfig, token: string): Promise<TokenPair> {
  const doc = await findToken(models, token);
  if (!doc || doc.revoked_at !== null || (await familyRevoked(models, doc.family_id))) throw invalidRefreshToken();
  if (doc.expires_at.getTime() <= Date.now()) throw invalidRefreshToken();
  const won = doc.spent_at === null && (await claimOnce(models.refreshTokenUses, doc._id, { family_id: doc.family_id, at: new Date() }));
  if (!won) {
    await revokeFamily(models, doc.family_id);
    throw invalidRefreshToken();
  }
  await models.refreshTokens.updateOne({ _id: doc._id }, { $set: { spent_at: new Date() } });
  const user = await models.users.findById(doc.user_id).lean<UserDoc>();
  if (!user || user.is_disabled) throw invalidRefreshToken();
  return issueTokenPair(models, keys, cfg, user, doc.family_id);
}

/** Logout: revokes the token's family when the token is known; silent otherwise. */
export async function logout(models: AuthModels, token: string): Promise<void> {
  const doc = await findToken(models, token);
  if (doc) await revokeFamily(models, doc.family_id);
}
