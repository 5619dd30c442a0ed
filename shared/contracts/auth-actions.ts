import { z } from "zod";
import { action } from "./action.ts";
import { PageParams, pageOf } from "../paging.ts";
import {
  AdminUpdateUserParams,
  AdminUser,
  AdminUserIdParams,
  SearchUserIdsParams,
  SearchUserIdsResult,
  ApiKeyIdParams,
  AuthStartResponse,
  CleanupTokensParams,
  CleanupTokensResult,
  CreateApiKeyParams,
  DevLoginParams,
  InspectUserParams,
  IdentityProvider,
  Jwks,
  LoginCallbackParams,
  LoginStartParams,
  MeResponse,
  RefreshTokenParams,
  ResolveApiKeyParams,
  ResolvedApiKey,
  SetAdminParams,
  SetDisabledParams,
  TokenPair,
  UpdateMeParams,
  User,
  UserApiKeyOut,
  UserStatus,
  UserStatusParams,
} from "./auth.ts";
import { GetUsersParams, UserSummary } from "./orgs.ts";

/** GET /admin/users: a page of users, newest first, whose e-mail address or name contains `q` (case-insensitive). */
const AdminListUsersParams = z.object({
  ...PageParams.shape,
  q: z.string({ error: "invalid q" }).trim().max(254, { error: "invalid q" }).optional(),
});

/** /auth, /me and the JWKS: `{code, message}` errors. */
const json = { errors: "json" } as const;

/** The actions of the auth service. */
export const AUTH_ACTIONS = {
  jwks: action({
    name: "auth.jwks",
    visibility: "published",
    description: "Public keys that verify access tokens (JWKS).",
    output: Jwks,
    http: { method: "GET", path: "/.well-known/jwks.json", auth: "none", ...json, alsoAtRoot: true },
  }),
  // social login and tokens (no security declared)
  refresh: action({
    name: "auth.refresh",
    visibility: "published",
    description: "Spends the refresh token and returns a new pair in its family (a repeat within the grace window gets the same pair; later reuse revokes the family).",
    input: RefreshTokenParams,
    output: TokenPair,
    http: { method: "POST", path: "/auth/refresh", auth: "none", ...json, refuses: [401] },
  }),
  logout: action({
    name: "auth.logout",
    visibility: "published",
    description: "Revokes the refresh token's whole family (204 even for an unknown token).",
    input: RefreshTokenParams,
    http: { method: "POST", path: "/auth/logout", auth: "none", ...json, status: 204 },
  }),
  listProviders: action({
    name: "auth.listProviders",
    visibility: "published",
    description: "The identity providers this deployment is configured with (name and display name), for a sign-in page.",
    output: z.array(IdentityProvider),
    http: { method: "GET", path: "/auth/providers", auth: "none", ...json },
  }),
  loginStart: action({
    name: "auth.loginStart",
    visibility: "published",
    description: "The provider's authorization URL with a single-use state (10 minutes).",
    input: LoginStartParams,
    output: AuthStartResponse,
    http: { method: "POST", path: "/auth/:provider/start", auth: "none", ...json },
  }),
  loginCallback: action({
    name: "auth.loginCallback",
    visibility: "published",
    description: "Spends the state, exchanges the code, signs the user in (TokenPair).",
    input: LoginCallbackParams,
    output: TokenPair,
    http: { method: "GET", path: "/auth/:provider/callback", auth: "none", ...json, refuses: [401] },
    // a GET that redeems a one-time code: never repeated behind the caller's back
    idempotent: false,
  }),
  // current user: bearer token or X-API-KEY (deleting a key: bearer only)
  me: action({
    name: "auth.me",
    visibility: "published",
    description: "The calling user with e-mails and organizations.",
    output: MeResponse,
    http: { method: "GET", path: "/me", auth: "user", ...json },
  }),
  updateMe: action({
    name: "auth.updateMe",
    visibility: "published",
    description: "Changes the display name.",
    input: UpdateMeParams,
    output: User,
    http: { method: "PATCH", path: "/me", auth: "user", ...json, conditional: "/me" },
  }),
  listApiKeys: action({
    name: "auth.listApiKeys",
    visibility: "published",
    description: "The caller's keys, never their plaintext.",
    output: z.array(UserApiKeyOut),
    http: { method: "GET", path: "/me/api-keys", auth: "user", ...json },
  }),
  createApiKey: action({
    name: "auth.createApiKey",
    visibility: "published",
    description: "A new user API key; the plaintext is in this response only.",
    input: CreateApiKeyParams,
    output: UserApiKeyOut,
    http: { method: "POST", path: "/me/api-keys", auth: "user", ...json, status: 201, location: "/me/api-keys/:id" },
  }),
  deleteApiKey: action({
    name: "auth.deleteApiKey",
    visibility: "published",
    description: "Revokes one of the caller's keys at once (gateways drop it from their cache).",
    input: ApiKeyIdParams,
    http: { method: "DELETE", path: "/me/api-keys/:id", auth: "bearer", ...json, status: 204, uuidParams: ["id"] },
  }),

  devLogin: action({
    name: "auth.devLogin",
    visibility: "public",
    description: "Local sign-in without a social provider: creates the user if needed and returns a TokenPair.",
    input: DevLoginParams,
    output: TokenPair,
  }),
  userStatus: action({
    name: "auth.userStatus",
    visibility: "public",
    description: "Admin and disabled flags of a user (the gateway caches this briefly).",
    input: UserStatusParams,
    output: UserStatus.nullable(),
    idempotent: true,
  }),
  getUsers: action({
    name: "auth.getUsers",
    visibility: "public",
    description: "Primary e-mails of users by id (the orgs member list); unknown ids are absent.",
    input: GetUsersParams,
    output: z.array(UserSummary),
    idempotent: true,
  }),
  resolveApiKey: action({
    name: "auth.resolveApiKey",
    visibility: "public",
    description: "X-API-KEY → {user_id, key_id, expires_at}, or null for unknown, revoked or expired keys.",
    input: ResolveApiKeyParams,
    output: ResolvedApiKey,
    idempotent: true,
  }),
  adminListUsers: action({
    name: "auth.adminListUsers",
    visibility: "published",
    description: "Administrators: users, newest first, whose e-mail address or name contains `q` (case-insensitive); never a secret.",
    input: AdminListUsersParams,
    output: pageOf(AdminUser),
    http: { method: "GET", path: "/admin/users", auth: "admin", errors: "text", paged: true },
  }),
  adminGetUser: action({
    name: "auth.adminGetUser",
    visibility: "published",
    description: "Administrators: one user.",
    input: AdminUserIdParams,
    output: AdminUser,
    http: { method: "GET", path: "/admin/users/:id", auth: "admin", errors: "text", uuidParams: ["id"] },
  }),
  adminUpdateUser: action({
    name: "auth.adminUpdateUser",
    visibility: "published",
    description:
      "Administrators: make or revoke an administrator, disable or enable a user (a disabled user is refused at once everywhere). An administrator cannot revoke or disable themselves (409): another administrator must.",
    input: AdminUpdateUserParams,
    output: AdminUser,
    http: { method: "PATCH", path: "/admin/users/:id", auth: "admin", errors: "text", uuidParams: ["id"], refuses: [409], conditional: "/admin/users/:id" },
  }),
  searchUserIds: action({
    name: "auth.searchUserIds",
    visibility: "public",
    description: "The ids of users whose primary e-mail address contains `q` (the administrators' organization search).",
    input: SearchUserIdsParams,
    output: SearchUserIdsResult,
    idempotent: true,
  }),
  setAdmin: action({
    name: "auth.setAdmin",
    visibility: "public",
    description: "Grants or removes administrator rights (operators, through the REPL).",
    input: SetAdminParams,
    output: UserStatus,
  }),
  setDisabled: action({
    name: "auth.setDisabled",
    visibility: "public",
    description: "Disables (or re-enables) a user; a disabled user is refused at once everywhere (operators).",
    input: SetDisabledParams,
    output: UserStatus,
  }),
  inspectUser: action({
    name: "auth.inspectUser",
    visibility: "public",
    description: "A user by e-mail for operators: profile, e-mails, linked providers, API keys (no secrets).",
    input: InspectUserParams,
  }),
  cleanupTokens: action({
    name: "auth.cleanupTokens",
    visibility: "public",
    description: "Periodic job: deletes expired/revoked refresh tokens, used or expired login states, expired/revoked API keys.",
    input: CleanupTokensParams,
    output: CleanupTokensResult,
  }),
  rotateSigningKey: action({
    name: "auth.rotateSigningKey",
    visibility: "public",
    description: "Adds a new signing key; older keys stay published until their tokens expire.",
    output: z.object({ kid: z.string() }),
  }),
} as const;
