import type { ServiceSchema } from "moleculer";
import { z } from "zod";
import { config } from "../../shared/config.ts";
import {
  AUTH_USER_CHANGED,
  DevLoginParams,
  SetAdminParams,
  UserStatusParams,
  type Jwks,
  type TokenPair,
  type UserStatus,
} from "../../shared/contracts/auth.ts";
import { loadMasterKeys } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { notFound } from "../../shared/errors.ts";
import { defineAction } from "../../shared/validation.ts";
import { defineAuthModels } from "./models.ts";
import { SigningKeys } from "./signing-keys.ts";
import { issueTokenPair } from "./tokens.ts";
import { findOrCreateUserByEmail, userByEmail } from "./users.ts";

/** Identity: users, signing keys, access/refresh tokens, JWKS. */
export default function createAuthService(): ServiceSchema {
  const cfg = config();
  const db = new ServiceDatabase("auth", defineAuthModels);
  let keys: SigningKeys;

  return {
    name: "auth",

    actions: {
      jwks: defineAction({
        visibility: "published",
        description: "Public keys that verify access tokens (JWKS).",
        input: z.object({}),
        handler: (): Promise<Jwks> => keys.jwks(),
      }),

      userStatus: defineAction({
        visibility: "public",
        description: "Admin and disabled flags of a user (the gateway caches this briefly).",
        input: UserStatusParams,
        async handler(ctx): Promise<UserStatus | null> {
          const user = await db.models.users.findById(ctx.params.user_id).lean();
          if (!user) return null;
          return { user_id: user._id, is_admin: user.is_admin, is_disabled: user.is_disabled };
        },
      }),

      devLogin: defineAction({
        visibility: "public",
        description: "Local sign-in without a social provider: creates the user if needed and returns a TokenPair.",
        input: DevLoginParams,
        async handler(ctx): Promise<TokenPair> {
          const { user } = await findOrCreateUserByEmail(db.models, ctx.params.email, {
            ...(ctx.params.display_name ? { display_name: ctx.params.display_name } : {}),
          });
          if (ctx.params.admin && !user.is_admin) {
            await db.models.users.updateOne({ _id: user._id }, { $set: { is_admin: true } });
            user.is_admin = true;
            ctx.broadcast(AUTH_USER_CHANGED, { user_id: user._id });
          }
          return issueTokenPair(db.models, keys, cfg, user);
        },
      }),

      setAdmin: defineAction({
        visibility: "public",
        description: "Grants or removes administrator rights (operators, through the REPL).",
        input: SetAdminParams,
        async handler(ctx): Promise<UserStatus> {
          const user = await userByEmail(db.models, ctx.params.email);
          if (!user) throw notFound("user");
          await db.models.users.updateOne({ _id: user._id }, { $set: { is_admin: ctx.params.is_admin } });
          ctx.broadcast(AUTH_USER_CHANGED, { user_id: user._id });
          return { user_id: user._id, is_admin: ctx.params.is_admin, is_disabled: user.is_disabled };
        },
      }),

      rotateSigningKey: defineAction({
        visibility: "public",
        description: "Adds a new signing key; older keys stay published until their tokens expire.",
        input: z.object({}),
        async handler(): Promise<{ kid: string }> {
          return { kid: await keys.rotate() };
        },
      }),
    },

    async started() {
      const master = loadMasterKeys(cfg);
      await db.open();
      keys = new SigningKeys(db.models, master, cfg.JWT_ALG, cfg.ACCESS_TOKEN_TTL_SECONDS);
      await keys.ensureActive();
      this.logger.info(`master key from ${master.source}`);
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
