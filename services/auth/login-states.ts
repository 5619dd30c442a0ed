import type { ProviderName } from "../../shared/contracts/auth.ts";
import { randomToken, safeEqual, sha256Hex } from "../../shared/crypto.ts";
import { claimOnce } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { AuthModels } from "./models.ts";

/** A login state lives this long between start and callback. */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

/** A new random `state` (256 bits); only its hash is stored, with the PKCE verifier and nonce. */
export async function createLoginState(
  models: AuthModels,
  provider: ProviderName,
  secrets: (state: string) => Promise<{ code_verifier: string; nonce: string; auth_url: string; redirect_uri: string }>,
): Promise<string> {
  const state = randomToken(32);
  const req = await secrets(state);
  await models.loginStates.create({
    _id: sha256Hex(state),
    provider,
    code_verifier: req.code_verifier,
    nonce: req.nonce,
    redirect_uri: req.redirect_uri,
    expires_at: new Date(Date.now() + LOGIN_STATE_TTL_MS),
  });
  return req.auth_url;
}

/**
 * Spends `state` once: missing, unknown, already used, expired or started for another provider
 * → 400. Exactly one of any number of concurrent callbacks wins (unique-insert claim).
 */
export async function consumeLoginState(
  models: AuthModels,
  provider: ProviderName,
  state: string | undefined,
): Promise<{ code_verifier: string; nonce: string; redirect_uri: string }> {
  if (state === undefined || state === "") throw MESSAGES.missingState.error();
  const hash = sha256Hex(state);
  const doc = await models.loginStates.findById(hash).lean();
  if (!doc || !safeEqual(doc._id, hash) || doc.provider !== provider) throw MESSAGES.invalidState.error();
  if (!(await claimOnce(models.loginStateUses, hash, { at: new Date() }))) throw MESSAGES.stateAlreadyUsed.error();
  if (doc.expires_at.getTime() <= Date.now()) throw MESSAGES.stateExpired.error();
  return { code_verifier: doc.code_verifier, nonce: doc.nonce, redirect_uri: doc.redirect_uri };
}
