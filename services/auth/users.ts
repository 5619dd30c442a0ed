import type { UserStatus } from "../../shared/contracts/auth.ts";
import type { UserSummary } from "../../shared/contracts/orgs.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
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

/**
 * Sets the admin or the disabled flag of the user owning `email` (404 when none does) and waits
 * until `announce` told every gateway, so the change holds everywhere once this answers.
 */
export async function setUserFlag(
  models: AuthModels,
  email: string,
  flag: Pick<UserStatus, "is_admin"> | Pick<UserStatus, "is_disabled">,
  announce: (userId: string) => Promise<unknown>,
): Promise<UserStatus> {
  const user = await userByEmail(models, email);
  if (!user) throw MESSAGES.notFound.error("user");
  await models.users.updateOne({ _id: user._id }, { $set: flag });
  await announce(user._id);
  return { user_id: user._id, is_admin: user.is_admin, is_disabled: user.is_disabled, ...flag };
}

/** `auth.userStatus`: the flags the gateway checks on every request; null for an unknown user. */
export async function userStatus(models: AuthModels, userId: string): Promise<UserStatus | null> {
  const user = await models.users.findById(userId).lean<UserDoc>();
  if (!user) return null;
  return { user_id: user._id, is_admin: user.is_admin, is_disabled: user.is_disabled };
}

/** `auth.getUsers`: id and primary e-mail of the users among `ids` (unknown ids are absent). */
export async function userSummaries(models: AuthModels, ids: readonly string[]): Promise<UserSummary[]> {
  if (ids.length === 0) return [];
  const users = await models.users.find({ _id: { $in: ids } }, { _id: 1, primary_email: 1 }).lean<Pick<UserDoc, "_id" | "primary_email">[]>();
  return users.map((u) => ({ id: u._id, primary_email: u.primary_email }));
}
