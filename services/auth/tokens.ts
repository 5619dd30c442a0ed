import { randomToken, sha256Hex } from "../../shared/crypto.ts";
import { newId } from "../../shared/ids.ts";
import type { AppConfig } from "../../shared/config.ts";
import type { TokenPair } from "../../shared/contracts/auth.ts";
import type { AuthModels, UserDoc } from "./models.ts";
import type { SigningKeys } from "./signing-keys.ts";

/** Refresh tokens: `rt_` + 256 bits, stored only as their SHA-256. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${randomToken(32)}`;
  return { token, hash: sha256Hex(token) };
}

/**
 * A signed access token (claims iss, aud, sub, iat, exp, jti, email, name) and a new refresh
 * token in `familyId` (a new family when omitted).
 */
export async function issueTokenPair(models: AuthModels, keys: SigningKeys, cfg: AppConfig, user: UserDoc, familyId: string = newId()): Promise<TokenPair> {
  const claims: Record<string, string> = {};
  if (user.primary_email) claims.email = user.primary_email;
  if (user.display_name) claims.name = user.display_name;
  const access_token = await keys.sign(claims, {
    subject: user._id,
    issuer: cfg.JWT_ISSUER,
    audience: cfg.JWT_AUDIENCE,
    jti: newId(),
  });
  const refresh = newRefreshToken();
  await models.refreshTokens.create({
    _id: refresh.hash,
    user_id: user._id,
    family_id: familyId,
    expires_at: new Date(Date.now() + cfg.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return { access_token, refresh_token: refresh.token, token_type: "Bearer", expires_in: cfg.ACCESS_TOKEN_TTL_SECONDS };
}
