import type { MemberOut } from "../../shared/contracts/orgs.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { withEvents, type ChangeCaller, type ChangeCheck } from "../../shared/event-outbox.ts";
import { apiError, MESSAGES } from "../../shared/errors.ts";
import type { Broadcaster, Caller } from "../../shared/service.ts";
import type { OrgsDeps } from "./deps.ts";
import { withLock } from "./locks.ts";
import { membershipId, type MembershipDoc, type OrgsModels, type Role } from "./models.ts";

const ALL_ROLES: readonly Role[] = ["owner", "admin", "member"];
const MANAGERS: readonly Role[] = ["owner", "admin"];

/** The `member.<verb>` event of a membership change (resource id: the user's id). */
function memberEvent(
  organizationId: string,
  userId: string,
  verb: "created" | "updated" | "deleted",
  data: Record<string, unknown>,
  check: Omit<ChangeCheck, "collection" | "id">,
) {
  return {
    organization_id: organizationId,
    type: `member.${verb}`,
    resource_type: "member",
    resource_id: userId,
    data: { user_id: userId, ...data },
    check: { collection: "memberships", id: membershipId(organizationId, userId), ...check },
  };
}

/** The `member.created` event of a new membership (an owner at the organization's creation, a member joined by e-mail domain, one added). */
export function memberCreated(organizationId: string, userId: string, role: Role) {
  return memberEvent(organizationId, userId, "created", { role }, { expect: "present" });
}

/**
 * Every change to an organization's memberships runs under this lock, so two owners demoting
 * each other at the same moment can never leave the organization without an owner.
 */
const membersLock = (organizationId: string) => `members:${organizationId}`;

export function toMemberOut(m: Pick<MembershipDoc, "user_id" | "role">, emails: Map<string, string>): MemberOut {
  return { user_id: m.user_id, email: emails.get(m.user_id) ?? "", role: m.role };
}

/** The members of an organization, newest first. */
export async function listMembers(deps: OrgsDeps, caller: Caller, organizationId: string): Promise<MemberOut[]> {
  const members = await deps.models.memberships.find({ organization_id: organizationId }).sort({ created_at: -1, _id: -1 }).lean<MembershipDoc[]>();
  const emails =
    members.length > 0
      ? await deps.emailsOf(
          caller,
          members.map((m) => m.user_id),
        )
      : new Map<string, string>();
  return members.map((m) => toMemberOut(m, emails));
}

/**
 * The caller's role, read again under the members lock: the action's access rule checked it
 * before, but a change of it made meanwhile must count (404 once they left, 403 without `allowed`).
 */
async function callerRoleUnderLock(models: OrgsModels, organizationId: string, callerId: string, allowed: readonly Role[]): Promise<Role> {
  const caller = await models.memberships.findById(membershipId(organizationId, callerId)).lean<MembershipDoc>();
  if (!caller) throw MESSAGES.notFound.error("organization");
  if (!allowed.includes(caller.role)) throw apiError("forbidden");
  return caller.role;
}

async function assertAnotherOwner(models: OrgsModels, organizationId: string, userId: string): Promise<void> {
  const others = await models.memberships.countDocuments({
    organization_id: organizationId,
    role: "owner",
    _id: { $ne: membershipId(organizationId, userId) },
  });
  if (others === 0) throw MESSAGES.lastOwner.error();
}

/**
 * Adds `userId` with `role`, or changes their role (owner or admin). Granting `owner`, or
 * changing an owner's role, takes an owner. The last owner cannot be demoted (409).
 * Returns whether anything changed.
 */
export async function setMember(models: OrgsModels, caller: ChangeCaller, organizationId: string, callerId: string, userId: string, role: Role): Promise<boolean> {
  return withLock(models, membersLock(organizationId), async () => {
    const callerRole = await callerRoleUnderLock(models, organizationId, callerId, MANAGERS);
    const current = await models.memberships.findById(membershipId(organizationId, userId)).lean<MembershipDoc>();
    if ((role === "owner" || current?.role === "owner") && callerRole !== "owner") throw apiError("forbidden");
    if (current?.role === role) return false;
    if (current?.role === "owner") await assertAnotherOwner(models, organizationId, userId);
    const _id = membershipId(organizationId, userId);
    if (!current) {
      try {
        await withEvents(caller, models.eventOutbox, [memberCreated(organizationId, userId, role)], () =>
          models.memberships.create({ _id, organization_id: organizationId, user_id: userId, role }),
        );
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err; // joined by e-mail domain a moment ago: set the role below
      }
    }
    await withEvents(
      caller,
      models.eventOutbox,
      [memberEvent(organizationId, userId, "updated", { changed: ["role"], values: { role } }, { expect: "matches", where: { role } })],
      () => models.memberships.updateOne({ _id }, { $set: { role } }),
    );
    return true;
  });
}

/**
 * Removes a member (owner or admin; anyone may leave on their own). Removing an owner takes an
 * owner; the last owner cannot be removed (409).
 */
export async function removeMember(models: OrgsModels, caller: ChangeCaller, organizationId: string, callerId: string, userId: string): Promise<void> {
  await withLock(models, membersLock(organizationId), async () => {
    const self = callerId === userId;
    const callerRole = await callerRoleUnderLock(models, organizationId, callerId, self ? ALL_ROLES : MANAGERS);
    const current = await models.memberships.findById(membershipId(organizationId, userId)).lean<MembershipDoc>();
    if (!current) throw MESSAGES.notFound.error("member");
    if (current.role === "owner" && !self && callerRole !== "owner") throw apiError("forbidden");
    if (current.role === "owner") await assertAnotherOwner(models, organizationId, userId);
    await withEvents(caller, models.eventOutbox, [memberEvent(organizationId, userId, "deleted", {}, { expect: "absent" })], () =>
      models.memberships.deleteOne({ _id: current._id }),
    );
  });
}

/** PUT /orgs/{id}/members/{user_id}: an existing user (404 otherwise) gets `role`; the gateways are told when it changed. */
export async function putMember(deps: OrgsDeps, caller: Caller & Broadcaster, organizationId: string, callerId: string, userId: string, role: Role): Promise<MemberOut> {
  const emails = await deps.emailsOf(caller, [userId]);
  if (!emails.has(userId)) throw MESSAGES.notFound.error("user");
  if (await setMember(deps.models, caller, organizationId, callerId, userId, role)) {
    await deps.accessChanged(caller, { organization_id: organizationId, user_id: userId });
  }
  return toMemberOut({ user_id: userId, role }, emails);
}
