import type { Model } from "mongoose";
import type { CleanupTokensResult } from "../../shared/contracts/auth.ts";
import { deleteMatching } from "../../shared/db.ts";
import type { AuthModels } from "./models.ts";

const BATCH = 1_000;

/** Deletes `ids` from a collection and their one-time claims, in batches. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model: only deleteMany by _id is used
async function deleteWithClaims(ids: string[], main: Model<any>, claims: Model<any>): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.slice(i, i + BATCH);
    deleted += (await main.deleteMany({ _id: { $in: slice } })).deletedCount;
    await claims.deleteMany({ _id: { $in: slice } });
  }
  return deleted;
}

/**
 * Housekeeping (the `auth.cleanupTokens` periodic job): refresh tokens that expired or were
 * revoked more than `graceHours` ago (spent ones are kept until they expire, so a replay is still
 * recognised as reuse) and the sealed answers of spent ones once their reuse grace window is
 * over, login states that were used or expired, and user API keys that expired or were revoked
 * more than `graceHours` ago. Idempotent; safe on several replicas at once.
 */
export async function cleanupTokens(models: AuthModels, graceHours: number, refreshTtlDays: number, reuseGraceSeconds: number): Promise<CleanupTokensResult> {
  const now = Date.now();
  const cutoff = new Date(now - graceHours * 3_600_000);
  await models.refreshTokenUses.updateMany({ answer: { $exists: true }, at: { $lt: new Date(now - reuseGraceSeconds * 1000) } }, { $unset: { answer: "" } });

  const tokenIds = (await models.refreshTokens.find({ $or: [{ expires_at: { $lt: cutoff } }, { revoked_at: { $ne: null, $lt: cutoff } }] }, { _id: 1 }).lean()).map((d) => d._id);
  const refresh_tokens = await deleteWithClaims(tokenIds, models.refreshTokens, models.refreshTokenUses);
  // a revoked family can hold no live token once the longest refresh lifetime has passed
  await deleteMatching(models.revokedFamilies, { revoked_at: { $lt: new Date(cutoff.getTime() - refreshTtlDays * 86_400_000) } });

  const usedStateIds = (await models.loginStateUses.find({}, { _id: 1 }).lean()).map((d) => d._id);
  const expiredStateIds = (await models.loginStates.find({ expires_at: { $lt: cutoff } }, { _id: 1 }).lean()).map((d) => d._id);
  const stateIds = [...new Set([...usedStateIds, ...expiredStateIds])];
  const login_states = await deleteWithClaims(stateIds, models.loginStates, models.loginStateUses);

  const staleKeys = { $or: [{ expires_at: { $ne: null, $lt: cutoff } }, { revoked_at: { $ne: null, $lt: cutoff } }] };
  const keyIds = (await models.apiKeys.find(staleKeys, { _id: 1 }).lean()).map((d) => d._id);
  const api_keys = keyIds.length === 0 ? 0 : (await models.apiKeys.deleteMany({ _id: { $in: keyIds } })).deletedCount;
  if (keyIds.length > 0) await models.apiKeyUsage.deleteMany({ _id: { $in: keyIds } });

  return { refresh_tokens, login_states, api_keys };
}
