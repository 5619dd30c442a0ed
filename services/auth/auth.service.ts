import type { Context, Logger, ServiceSchema } from "moleculer";
import { z } from "zod";
import { config } from "../../shared/config.ts";
import type { RequestMeta } from "../../shared/context.ts";
import {
  AUTH_API_KEY_REVOKED,
  AUTH_USER_CHANGED,
  DevLoginParams,
  AuthStartResponse,
  type CleanupTokensResult,
  Jwks,
  MeResponse,
  type ResolvedApiKey,
  TokenPair,
  User,
  UserApiKeyOut,
  type UserStatus,
} from "../../shared/contracts/auth.ts";
import { Organization, type UserSummary } from "../../shared/contracts/orgs.ts";
import { loadMasterKeys, type MasterKeys } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { apiError, notFound, unavailableAs503 } from "../../shared/errors.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import { defineAction } from "../../shared/validation.ts";
import { userForIdentity, verifiedEmails } from "./accounts.ts";
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey, toApiKeyOut } from "./api-keys.ts";
import { cleanupTokens } from "./cleanup.ts";
import { consumeLoginState, createLoginState } from "./login-states.ts";
import { defineAuthModels, type ApiKeyDoc, type UserEmailDoc } from "./models.ts";
import { profileOf, setDisplayName, toUser, toUserEmail } from "./profile.ts";
import { SocialProviders } from "./providers.ts";
import { logout, rotateRefreshToken } from "./refresh.ts";
import { SigningKeys } from "./signing-keys.ts";
import { issueTokenPair } from "./tokens.ts";
import { findOrCreateUserByEmail, setUserFlag, userByEmail } from "./users.ts";

/** Identity: users, signing keys, access/refresh tokens, JWKS. */
export default function createAuthService(): ServiceSchema {
  const cfg = config();
  const db = new ServiceDatabase("auth", defineAuthModels);
  let keys: SigningKeys;
  let master: MasterKeys;
  let logger: Logger;
  const providers = new SocialProviders(cfg, (failure) => logger.warn("social login refused by the provider", failure));

  /** Joins the user to organizations of their e-mail domains; a missing or failing orgs service never fails a login. */
  async function joinOrganizations(ctx: Context<unknown, RequestMeta>, userId: string): Promise<void> {
    const emails = await verifiedEmails(db.models, userId);
    try {
      await ctx.call("orgs.joinByEmailDomain", { user_id: userId, emails }, { timeout: 5_000 });
    } catch (err) {
      const name = (err as { name?: string }).name ?? "Error";
      logger.warn("could not join organizations by e-mail domain; login continues", { user_id: userId, error: name });
    }
  }

  /** The user's organizations; 503 while the orgs service cannot answer (never an empty list it is not). */
  async function organizationsOf(ctx: Context<unknown, RequestMeta>, userId: string): Promise<MeResponse["organizations"]> {
    try {
      return z.array(Organization).parse(await ctx.call("orgs.listForUser", { user_id: userId }));
    } catch (err) {
      throw unavailableAs503(err);
    }
  }

  /** Tells every gateway to forget what it cached about the user. */
  const userChanged = (ctx: Context) => (userId: string) => ctx.broadcast(AUTH_USER_CHANGED, { user_id: userId });

  /** Operator-only: exists only with DEV_LOGIN_ENABLED (off in production by default). */
  const devLogin = defineAction(AUTH_ACTIONS.devLogin, async (ctx): Promise<TokenPair> => {
    const { user } = await findOrCreateUserByEmail(db.models, ctx.params.email, {
      ...(ctx.params.display_name ? { display_name: ctx.params.display_name } : {}),
    });
    if (ctx.params.admin && !user.is_admin) {
      await db.models.users.updateOne({ _id: user._id }, { $set: { is_admin: true } });
      user.is_admin = true;
      ctx.broadcast(AUTH_USER_CHANGED, { user_id: user._id });
    }
    return issueTokenPair(db.models, keys, cfg, user);
  });

  return {
    name: "auth",

    actions: {
      ...(cfg.DEV_LOGIN_ENABLED ? { devLogin } : {}),

      jwks: defineAction(AUTH_ACTIONS.jwks, (): Promise<Jwks> => keys.jwks()),

      userStatus: defineAction(AUTH_ACTIONS.userStatus, async (ctx): Promise<UserStatus | null> => {
        const user = await db.models.users.findById(ctx.params.user_id).lean();
        if (!user) return null;
        return { user_id: user._id, is_admin: user.is_admin, is_disabled: user.is_disabled };
      }),

      getUsers: defineAction(AUTH_ACTIONS.getUsers, async (ctx): Promise<UserSummary[]> => {
        if (ctx.params.ids.length === 0) return [];
        const users = await db.models.users.find({ _id: { $in: ctx.params.ids } }, { _id: 1, primary_email: 1 }).lean();
        return users.map((u) => ({ id: u._id, primary_email: u.primary_email }));
      }),

      setAdmin: defineAction(AUTH_ACTIONS.setAdmin, (ctx) => setUserFlag(db.models, ctx.params.email, { is_admin: ctx.params.is_admin }, userChanged(ctx))),

      loginStart: defineAction(AUTH_ACTIONS.loginStart, async (ctx): Promise<AuthStartResponse> => {
        const { provider } = ctx.params;
        if (!providers.isConfigured(provider)) throw apiError("bad_request", "provider not configured");
        const auth_url = await createLoginState(db.models, provider, (state) => providers.authorizationRequest(provider, state));
        return { auth_url };
      }),

      loginCallback: defineAction(AUTH_ACTIONS.loginCallback, async (ctx): Promise<TokenPair> => {
        const p = ctx.params;
        if (!providers.isConfigured(p.provider)) throw apiError("bad_request", "provider not configured");
        if (p.code === undefined && p.error === undefined) {
          if (p.state === undefined) throw apiError("bad_request", "missing state");
          throw apiError("bad_request", "missing code");
        }
        const stored = await consumeLoginState(db.models, p.provider, p.state);
        const identity = await providers.complete(p.provider, { ...p, state: p.state! }, stored);
        const { user, created } = await userForIdentity(db.models, identity);
        if (user.is_disabled) throw apiError("unauthorized", "user is disabled");
        logger.info("social login", { provider: p.provider, user_id: user._id, new_user: created });
        await joinOrganizations(ctx, user._id);
        return issueTokenPair(db.models, keys, cfg, user);
      }),

      refresh: defineAction(AUTH_ACTIONS.refresh, (ctx): Promise<TokenPair> => rotateRefreshToken(db.models, keys, master, cfg, ctx.params.refresh_token)),

      logout: defineAction(AUTH_ACTIONS.logout, async (ctx): Promise<null> => {
        await logout(db.models, ctx.params.refresh_token);
        return null;
      }),

      me: defineAction(AUTH_ACTIONS.me, async (ctx): Promise<MeResponse> => {
        const { user_id } = ctx.locals.user;
        const profile = await profileOf(db.models, user_id);
        if (!profile) throw apiError("unauthorized");
        return { ...profile, organizations: await organizationsOf(ctx, user_id) };
      }),

      updateMe: defineAction(AUTH_ACTIONS.updateMe, async (ctx): Promise<User> => {
        const user = await setDisplayName(db.models, ctx.locals.user.user_id, ctx.params.display_name);
        if (!user) throw apiError("unauthorized");
        return user;
      }),

      listApiKeys: defineAction(AUTH_ACTIONS.listApiKeys, (ctx): Promise<UserApiKeyOut[]> => listApiKeys(db.models, ctx.locals.user.user_id)),

      createApiKey: defineAction(AUTH_ACTIONS.createApiKey, (ctx): Promise<UserApiKeyOut> =>
        createApiKey(db.models, ctx.locals.user.user_id, ctx.params.name, ctx.params.expires_in_hours)),

      deleteApiKey: defineAction(AUTH_ACTIONS.deleteApiKey, async (ctx): Promise<null> => {
        const { user_id } = ctx.locals.user;
        await revokeApiKey(db.models, user_id, ctx.params.id);
        await ctx.broadcast(AUTH_API_KEY_REVOKED, { key_id: ctx.params.id, user_id });
        return null;
      }),

      resolveApiKey: defineAction(AUTH_ACTIONS.resolveApiKey, (ctx): Promise<ResolvedApiKey> => resolveApiKey(db.models, ctx.params.key)),

      cleanupTokens: defineAction(AUTH_ACTIONS.cleanupTokens, async (ctx): Promise<CleanupTokensResult> => {
        const result = await cleanupTokens(db.models, ctx.params.grace_hours, cfg.REFRESH_TOKEN_TTL_DAYS, cfg.REFRESH_REUSE_GRACE_SECONDS);
        logger.info("token cleanup", result);
        return result;
      }),

      setDisabled: defineAction(AUTH_ACTIONS.setDisabled, (ctx) => setUserFlag(db.models, ctx.params.email, { is_disabled: ctx.params.is_disabled }, userChanged(ctx))),

      inspectUser: defineAction(AUTH_ACTIONS.inspectUser, async (ctx) => {
        const user = await userByEmail(db.models, ctx.params.email);
        if (!user) throw notFound("user");
        const [emails, identities, apiKeys, liveRefresh] = await Promise.all([
          db.models.emails.find({ user_id: user._id }).sort({ _id: -1 }).lean<UserEmailDoc[]>(),
          db.models.identities.find({ user_id: user._id }).lean(),
          db.models.apiKeys.find({ user_id: user._id }).sort({ _id: -1 }).lean<ApiKeyDoc[]>(),
          db.models.refreshTokens.countDocuments({ user_id: user._id, spent_at: null, revoked_at: null, expires_at: { $gt: new Date() } }),
        ]);
        return {
          ...toUser(user),
          emails: emails.map(toUserEmail),
          identities: identities.map((i) => ({ provider: i.provider, subject: i.subject, created_at: i.created_at.toISOString() })),
          api_keys: apiKeys.map((k) => ({ ...toApiKeyOut(k), prefix: k.prefix, revoked: k.revoked })),
          live_refresh_tokens: liveRefresh,
        };
      }),

      rotateSigningKey: defineAction(AUTH_ACTIONS.rotateSigningKey, async (): Promise<{ kid: string }> => {
        return { kid: await keys.rotate() };
      }),
    },

    async started() {
      logger = this.logger;
      master = loadMasterKeys(cfg);
      await db.open();
      keys = new SigningKeys(db.models, master, cfg.JWT_ALG, cfg.ACCESS_TOKEN_TTL_SECONDS);
      await keys.ensureActive();
      this.logger.info(`master key from ${master.source}`);
      if (cfg.DEV_LOGIN_ENABLED && cfg.NODE_ENV === "production") this.logger.warn("auth.devLogin is enabled in production (DEV_LOGIN_FORCE): any node on the bus can mint tokens");
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
