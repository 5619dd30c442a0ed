import type { z } from "zod";
import type { DevLoginParams, LoginCallbackParams, LoginReturn, ProviderName, TokenPair } from "../../shared/contracts/auth.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Broadcaster, Caller } from "../../shared/service.ts";
import { userForIdentity, verifiedEmails } from "./accounts.ts";
import type { AuthDeps } from "./deps.ts";
import { consumeLoginState, createLoginState } from "./login-states.ts";
import { issueTokenPair } from "./tokens.ts";
import { findOrCreateUserByEmail } from "./users.ts";

/**
 * 404 `unknown provider` for a name that is neither built in nor configured (the path names a
 * provider, which is not there), 400 `provider not configured` for a built-in one without a client.
 */
function checkProvider(deps: AuthDeps, provider: ProviderName): void {
  if (!deps.providers.isKnown(provider)) throw MESSAGES.unknownProvider.error();
  if (!deps.providers.isConfigured(provider)) throw MESSAGES.providerNotConfigured.error();
}

/** GET /auth/{provider}/start: the provider's authorization URL, its state stored for the callback. */
export async function startLogin(deps: AuthDeps, provider: ProviderName, returnTo: LoginReturn = "api"): Promise<string> {
  checkProvider(deps, provider);
  return createLoginState(deps.models, provider, (state) => deps.providers.authorizationRequest(provider, state, returnTo));
}

/**
 * GET /auth/{provider}/callback: the provider's answer exchanged for an identity, its user found
 * or created, joined to the organizations of their e-mail domains, and signed in.
 */
export async function completeLogin(deps: AuthDeps, caller: Caller & Broadcaster, p: z.output<typeof LoginCallbackParams>): Promise<TokenPair> {
  checkProvider(deps, p.provider);
  if (p.code === undefined && p.error === undefined) {
    if (p.state === undefined) throw MESSAGES.missingState.error();
    throw MESSAGES.missingCode.error();
  }
  const stored = await consumeLoginState(deps.models, p.provider, p.state);
  const identity = await deps.providers.complete(p.provider, { ...p, state: p.state! }, stored);
  const { user, created } = await userForIdentity(deps.models, identity);
  if (user.is_disabled) throw MESSAGES.userDisabled.error();
  if (!user.is_admin && identity.emails.some((e) => deps.cfg.ADMIN_EMAILS.includes(e.email))) {
    // ADMIN_EMAILS: a provider-verified e-mail on the list makes the first administrators
    await deps.models.users.updateOne({ _id: user._id }, { $set: { is_admin: true } });
    user.is_admin = true;
    deps.logger.info("administrator from ADMIN_EMAILS", { user_id: user._id });
    await deps.userChanged(caller, user._id);
  }
  deps.logger.info("social login", { provider: p.provider, user_id: user._id, new_user: created });
  await deps.joinOrganizations(caller, user._id, await verifiedEmails(deps.models, user._id));
  return issueTokenPair(deps.models, deps.keys, deps.cfg, user);
}

/** The operators' sign-in (`auth.devLogin`): the user of `email`, created when none, made admin when asked. */
export async function devLogin(deps: AuthDeps, bus: Broadcaster, p: z.output<typeof DevLoginParams>): Promise<TokenPair> {
  const { user } = await findOrCreateUserByEmail(deps.models, p.email, { ...(p.display_name ? { display_name: p.display_name } : {}) });
  if (p.admin && !user.is_admin) {
    await deps.models.users.updateOne({ _id: user._id }, { $set: { is_admin: true } });
    user.is_admin = true;
    await deps.userChanged(bus, user._id);
  }
  return issueTokenPair(deps.models, deps.keys, deps.cfg, user);
}
