import type { Organization } from "../../shared/contracts/orgs.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { apiError, notFound } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { membershipId, type OrganizationDoc, type OrgsModels, type Role } from "./models.ts";

export function toOrganization(d: OrganizationDoc): Organization {
  return {
    id: d._id,
    name: d.name,
    domain: d.domain,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}

/** Creates an organization with `ownerId` as its owner; a domain already taken is 409. */
export async function createOrganization(
  models: OrgsModels,
  ownerId: string,
  input: { name: string; domain?: string | undefined },
): Promise<Organization> {
  const id = newId();
  const domain = input.domain ?? "";
  let org;
  try {
    org = await models.organizations.create({ _id: id, name: input.name, domain, domain_key: domain || `id:${id}`, status: "active" });
  } catch (err) {
    if (isDuplicateKey(err)) throw apiError("conflict", "domain already used by another organization");
    throw err;
  }
  try {
    await models.memberships.create({ _id: membershipId(id, ownerId), organization_id: id, user_id: ownerId, role: "owner" });
  } catch (err) {
    await models.organizations.deleteOne({ _id: id });
    throw err;
  }
  return toOrganization(org.toObject());
}

/** The organizations a user belongs to (active ones), newest first. */
export async function organizationsOf(models: OrgsModels, userId: string): Promise<Organization[]> {
  const memberships = await models.memberships.find({ user_id: userId }).lean();
  if (memberships.length === 0) return [];
  const orgs = await models.organizations
    .find({ _id: { $in: memberships.map((m) => m.organization_id) }, status: "active" })
    .sort({ _id: -1 })
    .lean<OrganizationDoc[]>();
  return orgs.map(toOrganization);
}

/** The member's role in an active organization, or null. */
export async function roleOf(models: OrgsModels, organizationId: string, userId: string): Promise<Role | null> {
  const m = await models.memberships.findById(membershipId(organizationId, userId)).lean();
  if (!m) return null;
  const org = await models.organizations.findOne({ _id: organizationId, status: "active" }, { _id: 1 }).lean();
  return org ? m.role : null;
}

/** An organization the user belongs to; 404 for non-members exactly like a missing id. */
export async function organizationForMember(models: OrgsModels, organizationId: string, userId: string): Promise<OrganizationDoc> {
  const role = await roleOf(models, organizationId, userId);
  const org = role ? await models.organizations.findById(organizationId).lean<OrganizationDoc>() : null;
  if (!org) throw notFound("organization");
  return org;
}

/** Adds the user as `member` to every active organization whose domain matches one of the e-mails. */
export async function joinByEmailDomain(models: OrgsModels, userId: string, emails: readonly string[]): Promise<string[]> {
  const domains = [...new Set(emails.map((e) => e.split("@")[1]?.toLowerCase()).filter((d): d is string => Boolean(d)))];
  if (domains.length === 0) return [];
  const orgs = await models.organizations.find({ domain: { $in: domains }, status: "active" }, { _id: 1 }).lean();
  const joined: string[] = [];
  for (const org of orgs) {
    try {
      await models.memberships.create({ _id: membershipId(org._id, userId), organization_id: org._id, user_id: userId, role: "member" });
      joined.push(org._id);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // already a member: keep the existing role
    }
  }
  return joined;
}
