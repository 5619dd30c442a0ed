import type { Logger } from "moleculer";
import { call } from "../../shared/call.ts";
import { AUTH_API_KEY_REVOKED, AUTH_USER_CHANGED, type MeResponse } from "../../shared/contracts/auth.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { config, type AppConfig } from "../../shared/config.ts";
import { loadMasterKeys, type MasterKeys } from "../../shared/crypto.ts";
import type { Broadcaster, Caller, ServiceRuntime } from "../../shared/service.ts";
import type { AuthModels } from "./models.ts";
import { SocialProviders } from "./providers.ts";
import { SigningKeys } from "./signing-keys.ts";

/** What the auth logic needs, built once when the service starts; clients call in the name of their `caller`. */
export interface AuthDeps {
  cfg: AppConfig;
  models: AuthModels;
  master: MasterKeys;
  keys: SigningKeys;
  providers: SocialProviders;
  logger: Logger;
  /** `orgs.joinByEmailDomain`; a missing or failing orgs service never fails a login (logged). */
  joinOrganizations(caller: Caller, userId: string, emails: string[]): Promise<void>;
  /** `orgs.listForUser`; 503 while the orgs service cannot answer (never an empty list it is not). */
  organizationsOf(caller: Caller, userId: string): Promise<MeResponse["organizations"]>;
  /** Tells every gateway to forget what it cached about the user. */
  userChanged(bus: Broadcaster, userId: string): Promise<void>;
  /** Tells every gateway to forget the API keys it resolved. */
  apiKeyRevoked(bus: Broadcaster, userId: string, keyId: string): Promise<void>;
}

export async function authDeps({ db, logger }: ServiceRuntime<AuthModels>): Promise<AuthDeps> {
  const cfg = config();
  const master = loadMasterKeys(cfg);
  const keys = new SigningKeys(db.models, master, cfg.JWT_ALG, cfg.ACCESS_TOKEN_TTL_SECONDS);
  await keys.ensureActive();
  return {
    cfg,
    models: db.models,
    master,
    keys,
    providers: new SocialProviders(cfg, (failure) => logger.warn("social login refused by the provider", failure)),
    logger,
    async joinOrganizations(caller, userId, emails) {
      try {
        await call(caller, ORGS_ACTIONS.joinByEmailDomain, { user_id: userId, emails }, { timeout: 5_000 });
      } catch (err) {
        const name = (err as { name?: string }).name ?? "Error";
        logger.warn("could not join organizations by e-mail domain; login continues", { user_id: userId, error: name });
      }
    },
    async organizationsOf(caller, userId) {
      return call(caller, ORGS_ACTIONS.listForUser, { user_id: userId });
    },
    async userChanged(bus, userId) {
      await bus.broadcast(AUTH_USER_CHANGED, { user_id: userId });
    },
    async apiKeyRevoked(bus, userId, keyId) {
      await bus.broadcast(AUTH_API_KEY_REVOKED, { key_id: keyId, user_id: userId });
    },
  };
}
