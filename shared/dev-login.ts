import type { ServiceBroker } from "moleculer";
import type { z } from "zod";
import { call } from "./call.ts";
import { AUTH_ACTIONS } from "./contracts/auth-actions.ts";
import type { DevLoginParams, TokenPair } from "./contracts/auth.ts";

/** Why `npm run token` and the REPL's `token` cannot sign anyone in. */
export const DEV_LOGIN_REFUSED =
  "local sign-in is disabled: no running auth service offers auth.devLogin. It exists only with DEV_LOGIN_ENABLED=true " +
  "(the default outside production; production refuses it unless DEV_LOGIN_FORCE=true too). Sign in through a social provider, " +
  "or see docs/operations/security.md.";

/**
 * Mints a TokenPair through `auth.devLogin` (the local sign-in of `npm run token` and the REPL),
 * or fails with DEV_LOGIN_REFUSED when the auth service runs without it.
 */
export async function devLogin(broker: ServiceBroker, params: z.input<typeof DevLoginParams>): Promise<TokenPair> {
  await broker.waitForServices(["auth"], 15_000);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined for an action no node has registered (a Map lookup), whatever its type says
  if (!broker.registry.getActionEndpoints(AUTH_ACTIONS.devLogin.name)?.hasAvailable()) throw new Error(DEV_LOGIN_REFUSED);
  return call(broker, AUTH_ACTIONS.devLogin, params);
}
