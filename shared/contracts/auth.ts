import { z } from "zod";
import { resource } from "../zod.ts";
import { apiKeyOut, expiresInHours, optionalKeyName, Organization } from "./orgs.ts";

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

/** A user named by e-mail address (operators, the local sign-in): compared lower-case. */
const userEmail = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());

/** Params of `auth.devLogin` (the local sign-in command). */
export const DevLoginParams = z.object({
  email: userEmail,
  admin: z.boolean().default(false),
  display_name: z.string().trim().min(1).max(100).optional(),
});

/** Params of `auth.setAdmin` (REPL / operator). */
export const SetAdminParams = z.object({
  email: userEmail,
  is_admin: z.boolean().default(true),
});

/** Event emitted when anything the gateway caches about a user changes. */
export const AUTH_USER_CHANGED = "auth.user.changed";

/** Broadcast when a user API key is revoked, so gateways drop cached resolutions at once. Payload `{ key_id, user_id }`. */
export const AUTH_API_KEY_REVOKED = "auth.apikey.revoked";

/** The built-in social identity providers; OIDC_PROVIDERS adds OpenID Connect ones by name (path segment `{provider}`). */
export const PROVIDERS = ["google", "github"] as const;
export type ProviderName = string;

const providerParam = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "unknown provider");

/** GET /auth/providers: a configured identity provider (what a sign-in page shows; no secrets). */
export const IdentityProvider = z.object({ name: z.string(), display_name: z.string() });
export type IdentityProvider = z.infer<typeof IdentityProvider>;
const queryValue = z.string().max(4096).optional();

/** POST /auth/{provider}/start */
/**
 * POST /auth/{provider}/start. `return_to: "console"` sends the browser back to the operator
 * console (`<base>/console/callback/<provider>`, whose script redeems the code at the callback
 * route) instead of the API's callback route; the provider must accept that redirect URI too.
 */
export const LoginStartParams = z.object({ provider: providerParam, return_to: z.enum(["console"], { error: "invalid return_to" }).optional() });
/** Where a login started for returns the browser: the API's callback route, or the operator console. */
export type LoginReturn = "api" | "console";
/** AuthStartResponse */
export const AuthStartResponse = z.object({ auth_url: z.string() });
export type AuthStartResponse = z.infer<typeof AuthStartResponse>;

/** GET /auth/{provider}/callback: the provider's authorization response, as query parameters. */
export const LoginCallbackParams = z.object({
  provider: providerParam,
  code: queryValue,
  state: queryValue,
  iss: queryValue,
  error: queryValue,
  error_description: queryValue,
});

/** POST /auth/refresh and POST /auth/logout */
export const RefreshTokenParams = z.object({ refresh_token: z.string().min(1, "missing fields: refresh_token").max(512) });

/** The User resource (models.User). */
export const User = resource({
  display_name: z.string(),
  primary_email: z.string(),
  avatar_url: z.string(),
  is_admin: z.boolean(),
  is_disabled: z.boolean(),
});
export type User = z.infer<typeof User>;

/** The UserEmail resource (models.UserEmail); `user` is left out where the user is the enclosing object. */
export const UserEmail = resource({
  user_id: z.string(),
  email: z.string(),
  is_primary: z.boolean(),
  is_verified: z.boolean(),
});
export type UserEmail = z.infer<typeof UserEmail>;

/** GET /me (meResponse): organizations come from `orgs.listForUser`. */
export const MeResponse = User.extend({
  emails: z.array(UserEmail),
  organizations: z.array(Organization),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** PATCH /me: `{}` changes nothing (200, the user as they are). */
export const UpdateMeParams = z.object({
  display_name: z.string({ error: "invalid display_name" }).trim().min(1, "missing fields: display_name").max(100, "invalid display_name").optional(),
});

/** userAPIKeyOut; `plain` only in the create response. Unset times are null. */
export const UserApiKeyOut = apiKeyOut("user").extend({
  last_used_at: z.string().nullable(),
  plain: z.string().optional(),
});
export type UserApiKeyOut = z.infer<typeof UserApiKeyOut>;

/** POST /me/api-keys: without a name (or a blank one) the key gets a generated name; `expires_in_hours` 0 or absent: no expiry. */
export const CreateApiKeyParams = z.object({
  name: optionalKeyName,
  expires_in_hours: expiresInHours,
});

/** DELETE /me/api-keys/{id} */
export const ApiKeyIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** Params of `auth.resolveApiKey` (the gateway, for X-API-KEY). */
export const ResolveApiKeyParams = z.object({ key: z.string().min(1).max(200) });
/** Result: the key's user, or null for unknown, revoked or expired keys. */
export const ResolvedApiKey = z.object({ user_id: z.string(), key_id: z.string(), expires_at: z.string().nullable() }).nullable();
export type ResolvedApiKey = z.infer<typeof ResolvedApiKey>;

/** Params of `auth.cleanupTokens` (periodic job): what ended more than `grace_hours` ago is deleted. */
export const CleanupTokensParams = z.object({
  grace_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(24),
});
export const CleanupTokensResult = z.object({
  refresh_tokens: z.number().int(),
  login_states: z.number().int(),
  api_keys: z.number().int(),
});
export type CleanupTokensResult = z.infer<typeof CleanupTokensResult>;

/** Params of `auth.setDisabled` (operators): a disabled user is refused everywhere. */
export const SetDisabledParams = z.object({
  email: userEmail,
  is_disabled: z.boolean().default(true),
});

/** Params of `auth.inspectUser` (REPL): a user by e-mail, without secrets. */
export const InspectUserParams = z.object({
  email: userEmail,
});

/** A user as administrators see them (GET /admin/users): never a secret, an API key or a token. */
export const AdminUser = z.object({
  id: z.string(),
  display_name: z.string(),
  primary_email: z.string(),
  is_admin: z.boolean(),
  is_disabled: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** PATCH /admin/users/{id}: make or revoke an administrator, disable or enable; an empty body changes nothing. */
export const AdminUpdateUserParams = AdminUserIdParams.extend({
  is_admin: z.boolean({ error: "invalid is_admin" }).optional(),
  is_disabled: z.boolean({ error: "invalid is_disabled" }).optional(),
});

/** `auth.searchUserIds` (the orgs service's organization search): users whose primary e-mail contains `q`. */
export const SearchUserIdsParams = z.object({ q: z.string().min(1).max(254), limit: z.number().int().min(1).max(1000).default(200) });
export const SearchUserIdsResult = z.object({ ids: z.array(z.string()) });
