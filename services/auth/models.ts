import { Schema, type Connection, type Model } from "mongoose";
import { newId } from "../../shared/ids.ts";
import type { Sealed } from "../../shared/crypto.ts";

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

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

export function defineAuthModels(conn: Connection) {
  const users = new Schema<UserDoc>(
    {
      _id: { type: String, default: newId },
      display_name: { type: String, default: "" },
      primary_email: { type: String, default: "" },
      avatar_url: { type: String, default: "" },
      is_admin: { type: Boolean, default: false },
      is_disabled: { type: Boolean, default: false },
    },
    { versionKey: false, timestamps },
  );

  const emails = new Schema<UserEmailDoc>(
    {
      _id: { type: String, default: newId },
      user_id: { type: String, required: true, index: true },
      email: { type: String, required: true, unique: true },
      is_primary: { type: Boolean, default: false },
      is_verified: { type: Boolean, default: false },
    },
    { versionKey: false, timestamps },
  );

  const signingKeys = new Schema<SigningKeyDoc>(
    {
      _id: { type: String, required: true },
      alg: { type: String, required: true },
      public_jwk: { type: Schema.Types.Mixed, required: true },
      private_sealed: { type: Schema.Types.Mixed, required: true },
      retired_at: { type: Date, default: null },
    },
    { versionKey: false, timestamps: { createdAt: "created_at", updatedAt: false } },
  );

  const refreshTokens = new Schema<RefreshTokenDoc>(
    {
      _id: { type: String, required: true },
      user_id: { type: String, required: true, index: true },
      family_id: { type: String, required: true, index: true },
      expires_at: { type: Date, required: true, index: true },
      spent_at: { type: Date, default: null },
      revoked_at: { type: Date, default: null },
    },
    { versionKey: false, timestamps: { createdAt: "created_at", updatedAt: false } },
  );

  return {
    users: conn.model<UserDoc>("users", users) as Model<UserDoc>,
    emails: conn.model<UserEmailDoc>("user_emails", emails) as Model<UserEmailDoc>,
    signingKeys: conn.model<SigningKeyDoc>("signing_keys", signingKeys) as Model<SigningKeyDoc>,
    refreshTokens: conn.model<RefreshTokenDoc>("refresh_tokens", refreshTokens) as Model<RefreshTokenDoc>,
  };
}

export type AuthModels = ReturnType<typeof defineAuthModels>;
