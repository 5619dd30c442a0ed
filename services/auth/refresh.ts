import type { AppConfig } from "../../shared/config.ts";
import { TokenPair } from "../../shared/contracts/auth.ts";
import { masterFor, open, safeEqual, seal, sha256Hex, type MasterKeys } from "../../shared/crypto.ts";
import { claimOnce } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { AuthModels, ClaimDoc, RefreshTokenDoc, UserDoc } from "./models.ts";
import type { SigningKeys } from "./signing-keys.ts";
import { issueTokenPair } from "./tokens.ts";

/** One message for every refused refresh token, so the answer tells an attacker nothing. */
const invalidRefreshToken = () => MESSAGES.invalidRefreshToken.error();

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

/** The AAD of a sealed answer: binds it to the refresh token it answers. */
const answerAad = (tokenHash: string) => `refresh-answer:${tokenHash}`;

/**
 * Rotation: the presented token is spent exactly once (unique-insert claim) and a new pair in
 * the same family is issued. The claim carries that pair sealed with the master key, so a repeat
 * of the token within REFRESH_REUSE_GRACE_SECONDS (a client retrying, or racing itself) gets the
 * same pair; a later repeat is reuse and revokes the whole family. Unknown, expired, revoked
 * tokens and disabled users: 401.
 */
export async function rotateRefreshToken(models: AuthModels, keys: SigningKeys, master: MasterKeys, cfg: AppConfig, token: string): Promise<TokenPair> {
  const doc = await findToken(models, token);
  if (!doc || doc.revoked_at !== null || (await familyRevoked(models, doc.family_id))) throw invalidRefreshToken();
  if (doc.expires_at.getTime() <= Date.now()) throw invalidRefreshToken();
  if (doc.spent_at === null) {
    const user = await models.users.findById(doc.user_id).lean<UserDoc>();
    if (!user || user.is_disabled) throw invalidRefreshToken();
    // the pair is made before the claim, so the claim can carry it for repeats
    const pair = await issueTokenPair(models, keys, cfg, user, doc.family_id);
    const answer = seal(master.current, Buffer.from(JSON.stringify(pair)), answerAad(doc._id));
    if (await claimOnce(models.refreshTokenUses, doc._id, { family_id: doc.family_id, at: new Date(), answer })) {
      await models.refreshTokens.updateOne({ _id: doc._id }, { $set: { spent_at: new Date() } });
      return pair;
    }
    await models.refreshTokens.deleteOne({ _id: sha256Hex(pair.refresh_token) }); // lost to a concurrent refresh: never handed out
  }
  return repeatedRefresh(models, master, cfg, doc);
}

/** A spent token presented again: the pair it was answered with while within the grace window, else the family is revoked. */
async function repeatedRefresh(models: AuthModels, master: MasterKeys, cfg: AppConfig, doc: RefreshTokenDoc): Promise<TokenPair> {
  const use = await models.refreshTokenUses.findById(doc._id).lean<ClaimDoc>();
  if (use?.answer && Date.now() - use.at.getTime() < cfg.REFRESH_REUSE_GRACE_SECONDS * 1000) {
    return TokenPair.parse(JSON.parse(open(masterFor(master, use.answer), use.answer, answerAad(doc._id)).toString()));
  }
  await revokeFamily(models, doc.family_id);
  throw invalidRefreshToken();
}

/** Logout: revokes the token's family when the token is known; silent otherwise. */
export async function logout(models: AuthModels, token: string): Promise<void> {
  const doc = await findToken(models, token);
  if (doc) await revokeFamily(models, doc.family_id);
}
