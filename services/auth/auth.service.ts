import type {
  AuthStartResponse,
  IdentityProvider,
  CleanupTokensResult,
  Jwks,
  MeResponse,
  ResolvedApiKey,
  TokenPair,
  User,
  UserApiKeyOut,
  UserStatus,
} from "../../shared/contracts/auth.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import type { UserSummary } from "../../shared/contracts/orgs.ts";
import { config } from "../../shared/config.ts";
import { apiError } from "../../shared/errors.ts";
import { defineService } from "../../shared/service.ts";
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from "./api-keys.ts";
import { cleanupTokens } from "./cleanup.ts";
import { authDeps } from "./deps.ts";
import { inspectUser } from "./inspect.ts";
import { completeLogin, devLogin, startLogin } from "./login.ts";
import { defineAuthModels } from "./models.ts";
import { me, setDisplayName } from "./profile.ts";
import { logout, rotateRefreshToken } from "./refresh.ts";
import { setUserFlag, userStatus, userSummaries } from "./users.ts";
import { getUser, listUsers, searchUserIds, updateUser } from "./admin-users.ts";

/** Identity: users, signing keys, access/refresh tokens, JWKS. */
export default defineService({
  name: "auth",

  database: defineAuthModels,
  deps: authDeps,

  actions: (action) => ({
    // operator-only: exists only with DEV_LOGIN_ENABLED (off in production by default)
    ...(config().DEV_LOGIN_ENABLED ? { devLogin: action(AUTH_ACTIONS.devLogin, (ctx, deps): Promise<TokenPair> => devLogin(deps, ctx, ctx.params)) } : {}),

    jwks: action(AUTH_ACTIONS.jwks, (_ctx, deps): Promise<Jwks> => deps.keys.jwks()),

    userStatus: action(AUTH_ACTIONS.userStatus, (ctx, deps): Promise<UserStatus | null> => userStatus(deps.models, ctx.params.user_id)),

    getUsers: action(AUTH_ACTIONS.getUsers, (ctx, deps): Promise<UserSummary[]> => userSummaries(deps.models, ctx.params.ids)),

    adminListUsers: action(AUTH_ACTIONS.adminListUsers, (ctx, deps) => listUsers(deps, ctx.params)),

    adminGetUser: action(AUTH_ACTIONS.adminGetUser, (ctx, deps) => getUser(deps, ctx.params.id)),

    adminUpdateUser: action(AUTH_ACTIONS.adminUpdateUser, (ctx, deps) => updateUser(deps, ctx, ctx.locals.user?.user_id, ctx.params)),

    searchUserIds: action(AUTH_ACTIONS.searchUserIds, (ctx, deps) => searchUserIds(deps, ctx.params.q, ctx.params.limit)),

    setAdmin: action(AUTH_ACTIONS.setAdmin, (ctx, deps) =>
      setUserFlag(deps.models, ctx.params.email, { is_admin: ctx.params.is_admin }, (userId) => deps.userChanged(ctx, userId)),
    ),

    listProviders: action(AUTH_ACTIONS.listProviders, (_ctx, deps): IdentityProvider[] => deps.providers.list()),

    loginStart: action(AUTH_ACTIONS.loginStart, async (ctx, deps): Promise<AuthStartResponse> => ({
      auth_url: await startLogin(deps, ctx.params.provider, ctx.params.return_to ?? "api"),
    })),

    loginCallback: action(AUTH_ACTIONS.loginCallback, (ctx, deps): Promise<TokenPair> => completeLogin(deps, ctx, ctx.params)),

    refresh: action(AUTH_ACTIONS.refresh, (ctx, deps): Promise<TokenPair> => rotateRefreshToken(deps.models, deps.keys, deps.master, deps.cfg, ctx.params.refresh_token)),

    logout: action(AUTH_ACTIONS.logout, async (ctx, deps): Promise<null> => {
      await logout(deps.models, ctx.params.refresh_token);
      return null;
    }),

    me: action(AUTH_ACTIONS.me, (ctx, deps): Promise<MeResponse> => me(deps, ctx, ctx.locals.user.user_id)),

    updateMe: action(AUTH_ACTIONS.updateMe, async (ctx, deps): Promise<User> => {
      const user = await setDisplayName(deps.models, ctx.locals.user.user_id, ctx.params.display_name);
      if (!user) throw apiError("unauthorized");
      return user;
    }),

    listApiKeys: action(AUTH_ACTIONS.listApiKeys, (ctx, deps): Promise<UserApiKeyOut[]> => listApiKeys(deps.models, ctx.locals.user.user_id)),

    createApiKey: action(AUTH_ACTIONS.createApiKey, (ctx, deps): Promise<UserApiKeyOut> =>
      createApiKey(deps.models, ctx.locals.user.user_id, ctx.params.name, ctx.params.expires_in_hours),
    ),

    deleteApiKey: action(AUTH_ACTIONS.deleteApiKey, async (ctx, deps): Promise<null> => {
      const { user_id } = ctx.locals.user;
      await revokeApiKey(deps.models, user_id, ctx.params.id);
      await deps.apiKeyRevoked(ctx, user_id, ctx.params.id);
      return null;
    }),

    resolveApiKey: action(AUTH_ACTIONS.resolveApiKey, (ctx, deps): Promise<ResolvedApiKey> => resolveApiKey(deps.models, ctx.params.key)),

    cleanupTokens: action(AUTH_ACTIONS.cleanupTokens, async (ctx, deps): Promise<CleanupTokensResult> => {
      const result = await cleanupTokens(deps.models, ctx.params.grace_hours, deps.cfg.REFRESH_TOKEN_TTL_DAYS, deps.cfg.REFRESH_REUSE_GRACE_SECONDS);
      deps.logger.info("token cleanup", result);
      return result;
    }),

    setDisabled: action(AUTH_ACTIONS.setDisabled, (ctx, deps) =>
      setUserFlag(deps.models, ctx.params.email, { is_disabled: ctx.params.is_disabled }, (userId) => deps.userChanged(ctx, userId)),
    ),

    inspectUser: action(AUTH_ACTIONS.inspectUser, (ctx, deps) => inspectUser(deps.models, ctx.params.email)),

    rotateSigningKey: action(AUTH_ACTIONS.rotateSigningKey, async (_ctx, deps): Promise<{ kid: string }> => ({ kid: await deps.keys.rotate() })),
  }),

  started(deps) {
    deps.logger.info(`master key from ${deps.master.source}`);
    if (deps.cfg.DEV_LOGIN_ENABLED && deps.cfg.NODE_ENV === "production") {
      deps.logger.warn("auth.devLogin is enabled in production (DEV_LOGIN_FORCE): any node on the bus can mint tokens");
    }
  },
});
