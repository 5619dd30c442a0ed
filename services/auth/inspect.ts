import { MESSAGES } from "../../shared/errors.ts";
import { toApiKeyOut } from "./api-keys.ts";
import type { ApiKeyDoc, AuthModels, UserEmailDoc } from "./models.ts";
import { toUser, toUserEmail } from "./profile.ts";
import { userByEmail } from "./users.ts";

/** Everything auth knows of the user owning `email`, for operators (`auth.inspectUser`); never a secret. */
export async function inspectUser(models: AuthModels, email: string) {
  const user = await userByEmail(models, email);
  if (!user) throw MESSAGES.notFound.error("user");
  const [emails, identities, apiKeys, liveRefresh] = await Promise.all([
    models.emails.find({ user_id: user._id }).sort({ _id: -1 }).lean<UserEmailDoc[]>(),
    models.identities.find({ user_id: user._id }).lean(),
    models.apiKeys.find({ user_id: user._id }).sort({ _id: -1 }).lean<ApiKeyDoc[]>(),
    models.refreshTokens.countDocuments({ user_id: user._id, spent_at: null, revoked_at: null, expires_at: { $gt: new Date() } }),
  ]);
  return {
    ...toUser(user),
    emails: emails.map(toUserEmail),
    identities: identities.map((i) => ({ provider: i.provider, subject: i.subject, created_at: i.created_at.toISOString() })),
    api_keys: apiKeys.map((k) => ({ ...toApiKeyOut(k), prefix: k.prefix, revoked: k.revoked })),
    live_refresh_tokens: liveRefresh,
  };
}
