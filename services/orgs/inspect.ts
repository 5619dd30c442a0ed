import type { OrgInspection } from "../../shared/contracts/orgs.ts";
import type { DeletionDoc, MembershipDoc, OrganizationDoc, OrgKeyDoc, OrgsModels, PurgeDoc } from "./models.ts";
import { toApiKeyRecord } from "./org-keys.ts";

/**
 * Everything the orgs service knows about one organization, for operators; never a secret or
 * hash. `emailsOf` gives the members' e-mail addresses (the auth service's).
 */
export async function inspectOrganization(
  models: OrgsModels,
  organizationId: string,
  emailsOf: (userIds: string[]) => Promise<Map<string, string>>,
): Promise<OrgInspection | null> {
  const [org, deletion, members, keys, usage, purges] = await Promise.all([
    models.organizations.findById(organizationId).lean<OrganizationDoc>(),
    models.deletions.findById(organizationId).lean<DeletionDoc>(),
    models.memberships.find({ organization_id: organizationId }).sort({ created_at: -1 }).lean<MembershipDoc[]>(),
    models.orgKeys.find({ organization_id: organizationId }).sort({ _id: -1 }).lean<OrgKeyDoc[]>(),
    models.keyUsage.find({ organization_id: organizationId }).lean(),
    models.purges.find({ organization_id: organizationId }).lean<PurgeDoc[]>(),
  ]);
  if (!org && !deletion) return null;
  const used = new Map(usage.map((u) => [u._id, u]));
  const emails = members.length > 0 ? await emailsOf(members.map((m) => m.user_id)) : new Map<string, string>();
  return {
    id: organizationId,
    name: org?.name ?? "",
    domain: org?.domain ?? "",
    status: deletion ? "deleting" : (org?.status ?? "active"),
    created_at: org?.created_at.toISOString() ?? null,
    updated_at: org?.updated_at.toISOString() ?? null,
    deletion: deletion
      ? {
          requested_by: deletion.requested_by,
          requested_at: deletion.created_at.toISOString(),
          purges: purges.map((p) => ({ type: p.type, job_id: p.job_id, rounds: p.rounds })),
        }
      : null,
    members: members.map((m) => ({ user_id: m.user_id, email: emails.get(m.user_id) ?? "", role: m.role, since: m.created_at.toISOString() })),
    api_keys: keys.map((k) => ({ ...toApiKeyRecord(k, used.get(k._id)), created_by: k.created_by })),
  };
}
