import { isoTimes } from "../../shared/resource.ts";
import type { MeResponse, User, UserEmail } from "../../shared/contracts/auth.ts";
import { apiError } from "../../shared/errors.ts";
import type { Caller } from "../../shared/service.ts";
import type { AuthDeps } from "./deps.ts";
import type { AuthModels, UserDoc, UserEmailDoc } from "./models.ts";

export function toUser(doc: UserDoc): User {
  return {
    id: doc._id,
    display_name: doc.display_name,
    primary_email: doc.primary_email,
    avatar_url: doc.avatar_url,
    is_admin: doc.is_admin,
    is_disabled: doc.is_disabled,
    ...isoTimes(doc),
  };
}

export function toUserEmail(doc: UserEmailDoc): UserEmail {
  return {
    id: doc._id,
    user_id: doc.user_id,
    email: doc.email,
    is_primary: doc.is_primary,
    is_verified: doc.is_verified,
    ...isoTimes(doc),
  };
}

/** The user and their e-mails (newest first); organizations are added by the caller. */
export async function profileOf(models: AuthModels, userId: string): Promise<Omit<MeResponse, "organizations"> | null> {
  const user = await models.users.findById(userId).lean<UserDoc>();
  if (!user) return null;
  const emails = await models.emails.find({ user_id: userId }).sort({ _id: -1 }).lean<UserEmailDoc[]>();
  return { ...toUser(user), emails: emails.map(toUserEmail) };
}

/** GET /me: the signed-in user, their e-mails and organizations (401 when the user is gone). */
export async function me(deps: AuthDeps, caller: Caller, userId: string): Promise<MeResponse> {
  const profile = await profileOf(deps.models, userId);
  if (!profile) throw apiError("unauthorized");
  return { ...profile, organizations: await deps.organizationsOf(caller, userId) };
}

/** PATCH /me: sets what is given (nothing given: nothing changes) and answers the user. */
export async function setDisplayName(models: AuthModels, userId: string, displayName: string | undefined): Promise<User | null> {
  if (displayName !== undefined) await models.users.updateOne({ _id: userId }, { $set: { display_name: displayName } });
  const user = await models.users.findById(userId).lean<UserDoc>();
  return user ? toUser(user) : null;
}
