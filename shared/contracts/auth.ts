import { z } from "zod";

/** TokenPair: what login, refresh and `npm run token` return. */
export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const Jwk = z.object({
  kty: z.string(),
  alg: z.string(),
  use: z.string(),
  kid: z.string(),
  n: z.string().optional(),
  e: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
});
export const Jwks = z.object({ keys: z.array(Jwk) });
export type Jwks = z.infer<typeof Jwks>;

/** What the gateway needs to know about a user on each request (cached briefly). */
export const UserStatus = z.object({
  user_id: z.string(),
  is_admin: z.boolean(),
  is_disabled: z.boolean(),
});
export type UserStatus = z.infer<typeof UserStatus>;

/** Params of `auth.userStatus`. */
export const UserStatusParams = z.object({ user_id: z.uuid() });

/** Params of `auth.devLogin` (the local sign-in command). */
export const DevLoginParams = z.object({
  email: z.email().max(254).transform((e) => e.toLowerCase()),
  admin: z.boolean().default(false),
  display_name: z.string().trim().min(1).max(100).optional(),
});

/** Params of `auth.setAdmin` (REPL / operator). */
export const SetAdminParams = z.object({
  email: z.email().max(254).transform((e) => e.toLowerCase()),
  is_admin: z.boolean().default(true),
});

/** Event emitted when anything the gateway caches about a user changes. */
export const AUTH_USER_CHANGED = "auth.user.changed";
