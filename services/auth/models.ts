import { Schema, type Connection } from "mongoose";
import { CREATED_AT, docSchema, TIMESTAMPS, emptyStrings, nullDates, requiredStrings } from "../../shared/db.ts";
import type { Sealed } from "../../shared/crypto.ts";

export interface UserDoc {
  _id: string;
  display_name: string;
  primary_email: string;
  avatar_url: string;
  is_admin: boolean;
  is_disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface UserEmailDoc {
  _id: string;
  user_id: string;
  /** Lower-case; unique across users. */
  email: string;
  is_primary: boolean;
  is_verified: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SigningKeyDoc {
  /** The JWK `kid`. */
  _id: string;
  alg: "EdDSA" | "RS256";
  /** Public JWK (kty, crv/x or n/e). */
  public_jwk: Record<string, string>;
  /** PKCS#8 PEM of the private key, sealed with the master key. */
  private_sealed: Sealed;
  created_at: Date;
  /** Set when a newer key took over; the key stays published until tokens it signed expired. */
  retired_at: Date | null;
}

export interface RefreshTokenDoc {
  /** sha256 hex of the token; the token itself is never stored. */
  _id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  spent_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

/** A provider account linked to a user; `_id` is `<provider>:<subject>` (unique by construction). */
export interface IdentityDoc {
  _id: string;
  provider: string;
  subject: string;
  user_id: string;
  created_at: Date;
}

/** A pending social login: `_id` is the sha256 of the `state` sent to the provider. */
export interface LoginStateDoc {
  _id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  /** The redirect URI the authorization request named (the token exchange must name it again); "" = the API's callback route. */
  redirect_uri: string;
  expires_at: Date;
  created_at: Date;
}

/** A one-time claim (unique `_id` insert): a spent refresh token or a consumed login state. */
export interface ClaimDoc {
  _id: string;
  family_id?: string;
  at: Date;
  /** A spent refresh token's answer (the new TokenPair) sealed with the master key, for repeats within the grace window; removed by cleanup. */
  answer?: Sealed;
}

/** A refresh-token family that was revoked (logout or reuse); `_id` is the family id. */
export interface RevokedFamilyDoc {
  _id: string;
  revoked_at: Date;
}

export interface ApiKeyDoc {
  _id: string;
  user_id: string;
  name: string;
  /** The first characters of the key, for display (never enough to use it). */
  prefix: string;
  /** sha256 hex of the key; the key itself is never stored. */
  hash: string;
  scope: "user";
  revoked: boolean;
  revoked_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * When a key was last used, in its own document: FerretDB writes whole documents, so a usage
 * write on the key document could undo a concurrent revoke.
 */
export interface ApiKeyUsageDoc {
  /** The key's id. */
  _id: string;
  last_used_at: Date;
}

export function defineAuthModels(conn: Connection) {
  const users = docSchema<UserDoc>(
    "uuid",
    {
      ...emptyStrings("display_name", "primary_email", "avatar_url"),
      is_admin: { type: Boolean, default: false },
      is_disabled: { type: Boolean, default: false },
    },
    { timestamps: TIMESTAMPS },
  );

  const emails = docSchema<UserEmailDoc>(
    "uuid",
    {
      user_id: { type: String, required: true, index: true },
      email: { type: String, required: true, unique: true },
      is_primary: { type: Boolean, default: false },
      is_verified: { type: Boolean, default: false },
    },
    { timestamps: TIMESTAMPS },
  );

  const signingKeys = docSchema<SigningKeyDoc>(
    "key",
    {
      alg: { type: String, required: true },
      public_jwk: { type: Schema.Types.Mixed, required: true },
      private_sealed: { type: Schema.Types.Mixed, required: true },
      retired_at: { type: Date, default: null },
    },
    { timestamps: CREATED_AT },
  );

  const refreshTokens = docSchema<RefreshTokenDoc>(
    "key",
    {
      user_id: { type: String, required: true, index: true },
      family_id: { type: String, required: true, index: true },
      expires_at: { type: Date, required: true, index: true },
      ...nullDates("spent_at", "revoked_at"),
    },
    { timestamps: CREATED_AT },
  );

  const identities = docSchema<IdentityDoc>(
    "key",
    {
      ...requiredStrings("provider", "subject"),
      user_id: { type: String, required: true, index: true },
    },
    { timestamps: CREATED_AT },
  );

  const loginStates = docSchema<LoginStateDoc>(
    "key",
    {
      ...requiredStrings("provider", "code_verifier"),
      ...emptyStrings("nonce", "redirect_uri"),
      expires_at: { type: Date, required: true, index: true },
    },
    { timestamps: CREATED_AT },
  );

  const claim = () => docSchema<ClaimDoc>("key", { family_id: { type: String }, at: { type: Date, required: true, index: true }, answer: { type: Schema.Types.Mixed } });

  const revokedFamilies = docSchema<RevokedFamilyDoc>("key", { revoked_at: { type: Date, required: true, index: true } });

  const apiKeys = docSchema<ApiKeyDoc>(
    "uuid",
    {
      user_id: { type: String, required: true, index: true },
      ...requiredStrings("name", "prefix"),
      hash: { type: String, required: true, unique: true },
      scope: { type: String, default: "user" },
      revoked: { type: Boolean, default: false },
      ...nullDates("revoked_at", "expires_at"),
    },
    { timestamps: TIMESTAMPS },
  );

  const apiKeyUsage = docSchema<ApiKeyUsageDoc>("key", { last_used_at: { type: Date, required: true } });

  return {
    identities: conn.model<IdentityDoc>("identities", identities),
    loginStates: conn.model<LoginStateDoc>("login_states", loginStates),
    loginStateUses: conn.model<ClaimDoc>("login_state_uses", claim()),
    refreshTokenUses: conn.model<ClaimDoc>("refresh_token_uses", claim()),
    revokedFamilies: conn.model<RevokedFamilyDoc>("revoked_token_families", revokedFamilies),
    apiKeys: conn.model<ApiKeyDoc>("api_keys", apiKeys),
    apiKeyUsage: conn.model<ApiKeyUsageDoc>("api_key_usage", apiKeyUsage),
    users: conn.model<UserDoc>("users", users),
    emails: conn.model<UserEmailDoc>("user_emails", emails),
    signingKeys: conn.model<SigningKeyDoc>("signing_keys", signingKeys),
    refreshTokens: conn.model<RefreshTokenDoc>("refresh_tokens", refreshTokens),
  };
}

export type AuthModels = ReturnType<typeof defineAuthModels>;
