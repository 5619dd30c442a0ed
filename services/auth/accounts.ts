import { claimOnce, isDuplicateKey } from "../../shared/db.ts";
import type { AuthModels, UserDoc } from "./models.ts";
import type { ProviderIdentity } from "./providers.ts";

function identityId(provider: string, subject: string): string {
  return `${provider}:${subject}`;
}

/** The user linked to a provider account, if the link and the user still exist. */
async function linkedUser(models: AuthModels, provider: string, subject: string): Promise<UserDoc | null> {
  const link = await models.identities.findById(identityId(provider, subject)).lean();
  if (!link) return null;
  return models.users.findById(link.user_id).lean<UserDoc>();
}

/** The owner of the first of `emails` that is already known (verified e-mails only reach here). */
async function userOwningAny(models: AuthModels, emails: readonly string[]): Promise<UserDoc | null> {
  if (emails.length === 0) return null;
  const rows = await models.emails.find({ email: { $in: [...emails] } }).lean();
  for (const email of emails) {
    const row = rows.find((r) => r.email === email);
    if (!row) continue;
    const user = await models.users.findById(row.user_id).lean<UserDoc>();
    if (user) return user;
  }
  return null;
}

/**
 * The user a social login belongs to: by provider subject first, then by a verified e-mail
 * that a user already owns (the provider account gets linked to it), otherwise a new user with
 * the verified e-mails. The link is a unique insert, so concurrent first logins agree on one user.
 * Verified e-mails the user does not have yet (and nobody else owns) are added.
 */
export async function userForIdentity(models: AuthModels, identity: ProviderIdentity): Promise<{ user: UserDoc; created: boolean }> {
  const emails = identity.emails.map((e) => e.email);
  let user = await linkedUser(models, identity.provider, identity.subject);
  let created = false;
  if (!user) {
    const stale = await models.identities.findById(identityId(identity.provider, identity.subject)).lean();
    if (stale) await models.identities.deleteOne({ _id: stale._id }); // its user is gone
    user = await userOwningAny(models, emails);
    if (!user) {
      const primary = identity.emails.find((e) => e.primary)?.email ?? emails[0] ?? "";
      const doc = await models.users.create({
        display_name: identity.display_name || (primary ? (primary.split("@")[0] ?? "") : ""),
        primary_email: primary,
        avatar_url: identity.avatar_url,
      });
      user = doc.toObject();
      created = true;
    }
    const linked = await claimOnce(models.identities, identityId(identity.provider, identity.subject), {
      provider: identity.provider,
      subject: identity.subject,
      user_id: user._id,
      created_at: new Date(),
    });
    if (!linked) {
      // a concurrent login linked this account first: use its user, drop ours if we made one
      if (created) await models.users.deleteOne({ _id: user._id });
      const winner = await linkedUser(models, identity.provider, identity.subject);
      if (!winner) throw new Error("provider account link vanished during login");
      user = winner;
      created = false;
    }
  }
  await addVerifiedEmails(models, user, identity);
  const refreshed = await models.users.findById(user._id).lean<UserDoc>();
  return { user: refreshed ?? user, created };
}

async function addVerifiedEmails(models: AuthModels, user: UserDoc, identity: ProviderIdentity): Promise<void> {
  const existing = await models.emails.find({ user_id: user._id }).lean();
  let hasPrimary = existing.some((e) => e.is_primary);
  // the e-mail to make primary when the user has none: theirs if listed, else the provider's primary
  const candidate = identity.emails.find((e) => e.email === user.primary_email)?.email ?? identity.emails.find((e) => e.primary)?.email ?? identity.emails[0]?.email;
  for (const e of identity.emails) {
    const own = existing.find((x) => x.email === e.email);
    if (own) {
      if (!own.is_verified) await models.emails.updateOne({ _id: own._id }, { $set: { is_verified: true } });
      continue;
    }
    const primary = !hasPrimary && e.email === candidate;
    try {
      await models.emails.create({ user_id: user._id, email: e.email, is_primary: primary, is_verified: true });
      if (primary) {
        hasPrimary = true;
        await models.users.updateOne({ _id: user._id }, { $set: { primary_email: e.email } });
      }
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // another user owns it: not ours to take
    }
  }
  const patch: Partial<UserDoc> = {};
  if (!user.display_name && identity.display_name) patch.display_name = identity.display_name;
  if (!user.avatar_url && identity.avatar_url) patch.avatar_url = identity.avatar_url;
  if (Object.keys(patch).length > 0) await models.users.updateOne({ _id: user._id }, { $set: patch });
}

/** Every verified e-mail of a user (for joining organizations by domain). */
export async function verifiedEmails(models: AuthModels, userId: string): Promise<string[]> {
  const rows = await models.emails.find({ user_id: userId, is_verified: true }).lean();
  return rows.map((r) => r.email);
}
