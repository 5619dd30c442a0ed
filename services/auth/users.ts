import { isDuplicateKey } from "../../shared/db.ts";
import type { AuthModels, UserDoc } from "./models.ts";

/**
 * The user owning `email` (lower-case), created with that e-mail as a verified primary one
 * when none does. Safe against concurrent first logins (the e-mail index is unique).
 */
export async function findOrCreateUserByEmail(
  models: AuthModels,
  email: string,
  profile: { display_name?: string; avatar_url?: string } = {},
): Promise<{ user: UserDoc; created: boolean }> {
  const existing = await userByEmail(models, email);
  if (existing) return { user: existing, created: false };
  const user = await models.users.create({
    display_name: profile.display_name ?? email.split("@")[0] ?? "",
    primary_email: email,
    avatar_url: profile.avatar_url ?? "",
  });
  try {
    await models.emails.create({ user_id: user._id, email, is_primary: true, is_verified: true });
  } catch (err) {
    await models.users.deleteOne({ _id: user._id });
    if (!isDuplicateKey(err)) throw err;
    const winner = await userByEmail(models, email);
    if (!winner) throw err;
    return { user: winner, created: false };
  }
  return { user: user.toObject(), created: true };
}

export async function userByEmail(models: AuthModels, email: string): Promise<UserDoc | null> {
  const row = await models.emails.findOne({ email }).lean();
  if (!row) return null;
  return models.users.findById(row.user_id).lean<UserDoc>();
}
