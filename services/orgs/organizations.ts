import { isoTimes } from "../../shared/resource.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import type { Organization, OrgStatusOut } from "../../shared/contracts/orgs.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { memberCreated } from "./members.ts";
import { membershipId, type OrganizationDoc, type OrgsModels, type Role } from "./models.ts";

export function toOrganization(d: OrganizationDoc): Organization {
  return {
    id: d._id,
    name: d.name,
    domain: d.domain,
    ...isoTimes(d),
  };
}

/**
 * Creates an organization with `ownerId` as its owner; a domain already taken is 409. One change
 * with two events, `organization.created` and the owner's `member.created`: a membership that
 * cannot be written undoes the organization, and neither event is delivered.
 */
export async function createOrganization(models: OrgsModels, caller: ChangeCaller, ownerId: string, input: { name: string; domain?: string | undefined }): Promise<Organization> {
  const id = newId();
  const domain = input.domain ?? "";
  const created = { organization_id: id, type: "organization.created", resource_type: "organization", resource_id: id, data: { name: input.name, domain } };
  const owner = memberCreated(id, ownerId, "owner");
  try {
    const org = await withEvents(caller, models.eventOutbox, [{ ...created, check: { collection: "organizations", id, expect: "present" as const } }, owner], async () => {
      const doc = await models.organizations.create({ _id: id, name: input.name, domain, domain_key: domain || `id:${id}`, status: "active" });
      try {
        await models.memberships.create({ _id: membershipId(id, ownerId), organization_id: id, user_id: ownerId, role: "owner" });
      } catch (err) {
        await models.organizations.deleteOne({ _id: id });
        throw err;
      }
      return doc;
    });
    return toOrganization(org.toObject());
  } catch (err) {
    if (isDuplicateKey(err)) throw MESSAGES.orgDomainTaken.error();
    throw err;
  }
}

/**
 * Active organizations among `ids`: status `active` and no deletion marker (the marker is the
 * authority; `status` is a convenience copy a concurrent PATCH could overwrite on FerretDB).
 */
async function activeOrganizations(models: OrgsModels, ids: readonly string[]): Promise<OrganizationDoc[]> {
  if (ids.length === 0) return [];
  const [orgs, deleting] = await Promise.all([
    models.organizations
      .find({ _id: { $in: ids }, status: "active" })
      .sort({ _id: -1 })
      .lean<OrganizationDoc[]>(),
    models.deletions.find({ _id: { $in: ids } }, { _id: 1 }).lean(),
  ]);
  const gone = new Set(deleting.map((d) => d._id));
  return orgs.filter((o) => !gone.has(o._id));
}

/** The organization when it exists and is not being deleted, else null. */
export async function activeOrganization(models: OrgsModels, organizationId: string): Promise<OrganizationDoc | null> {
  return (await activeOrganizations(models, [organizationId]))[0] ?? null;
}

/** The organizations a user belongs to (active ones), newest first. */
export async function organizationsOf(models: OrgsModels, userId: string): Promise<Organization[]> {
  const memberships = await models.memberships.find({ user_id: userId }).lean();
  const orgs = await activeOrganizations(
    models,
    memberships.map((m) => m.organization_id),
  );
  return orgs.map(toOrganization);
}

/** The member's role in an active organization, or null. */
export async function roleOf(models: OrgsModels, organizationId: string, userId: string): Promise<Role | null> {
  const [m, org] = await Promise.all([models.memberships.findById(membershipId(organizationId, userId)).lean(), activeOrganization(models, organizationId)]);
  return m && org ? m.role : null;
}

/** An active organization; 404 `organization not found` otherwise. */
export async function organizationOr404(models: OrgsModels, organizationId: string): Promise<OrganizationDoc> {
  const org = await activeOrganization(models, organizationId);
  if (!org) throw MESSAGES.notFound.error("organization");
  return org;
}

/** Changes the name and/or the domain (`""` removes it); a domain taken by another organization is 409. */
export async function updateOrganization(
  models: OrgsModels,
  caller: ChangeCaller,
  organizationId: string,
  input: { name?: string | undefined; domain?: string | undefined },
): Promise<Organization> {
  const org = await organizationOr404(models, organizationId);
  const set: Partial<OrganizationDoc> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.domain !== undefined) {
    set.domain = input.domain;
    set.domain_key = input.domain || `id:${org._id}`;
  }
  if (Object.keys(set).length === 0) return toOrganization(org);
  if (set.domain) {
    const holder = await models.organizations.findOne({ domain_key: set.domain, _id: { $ne: org._id } }, { _id: 1 }).lean();
    if (holder) throw MESSAGES.orgDomainTaken.error();
  }
  let updated: OrganizationDoc | null;
  try {
    const values = { ...(set.name !== undefined ? { name: set.name } : {}), ...(set.domain !== undefined ? { domain: set.domain } : {}) };
    const change = { organization_id: org._id, type: "organization.updated", resource_type: "organization", resource_id: org._id, data: { changed: Object.keys(values), values } };
    updated = await withEvents(caller, models.eventOutbox, [{ ...change, check: { collection: "organizations", id: org._id, expect: "matches" as const, where: values } }], () =>
      models.organizations.findOneAndUpdate({ _id: org._id }, { $set: set }, { returnDocument: "after" }).lean<OrganizationDoc>(),
    );
  } catch (err) {
    if (isDuplicateKey(err)) throw MESSAGES.orgDomainTaken.error();
    throw err;
  }
  if (!updated) throw MESSAGES.notFound.error("organization");
  return toOrganization(updated);
}

/** Adds the user as `member` to every active organization whose domain matches one of the e-mails. */
export async function joinByEmailDomain(models: OrgsModels, caller: ChangeCaller, userId: string, emails: readonly string[]): Promise<string[]> {
  const domains = [...new Set(emails.map((e) => e.split("@")[1]?.toLowerCase()).filter((d): d is string => Boolean(d)))];
  if (domains.length === 0) return [];
  const matching = await models.organizations.find({ domain: { $in: domains }, status: "active" }, { _id: 1 }).lean();
  const orgs = await activeOrganizations(
    models,
    matching.map((o) => o._id),
  );
  const joined: string[] = [];
  for (const org of orgs) {
    try {
      await withEvents(caller, models.eventOutbox, [memberCreated(org._id, userId, "member")], () =>
        models.memberships.create({ _id: membershipId(org._id, userId), organization_id: org._id, user_id: userId, role: "member" }),
      );
      joined.push(org._id);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // already a member: keep the existing role
    }
  }
  return joined;
}

/** The organization's status; 404 when there is none. */
export async function organizationStatus(models: OrgsModels, id: string): Promise<OrgStatusOut> {
  const org = await models.organizations.findById(id, { status: 1 }).lean<Pick<OrganizationDoc, "status">>();
  if (!org) throw MESSAGES.notFound.error("organization");
  return { status: org.status };
}
