import type { Job } from "../../shared/contracts/jobs.ts";
import type { AdminOrganization, AdminOrgSummary, OrgInspection } from "../../shared/contracts/orgs.ts";
import { fetchSize, toPage, type Page, type PageRequest } from "../../shared/paging.ts";
import { escapeRegex } from "../../shared/zod.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Caller } from "../../shared/service.ts";
import type { OrgsDeps } from "./deps.ts";
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

/**
 * GET /admin/organizations/{id}: `inspectOrganization` with the state of each purge job (read
 * from the jobs service; 503 while it cannot answer), 404 `organization not found`.
 */
export async function adminOrganization(deps: Pick<OrgsDeps, "models" | "jobs" | "emailsOf">, caller: Caller, organizationId: string): Promise<AdminOrganization> {
  const found = await inspectOrganization(deps.models, organizationId, (ids) => deps.emailsOf(caller, ids));
  if (!found) throw MESSAGES.notFound.error("organization");
  if (!found.deletion) return { ...found, deletion: null };
  const ids = found.deletion.purges.map((p) => p.job_id);
  const jobs: Job[] = ids.length > 0 ? await deps.jobs.getMany(caller, ids) : [];
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const state = (id: string) => {
    const j = byId.get(id);
    return j ? { status: j.status, attempts: j.attempts, max_attempts: j.max_attempts, last_error: j.last_error, run_at: j.run_at, updated_at: j.updated_at } : null;
  };
  return { ...found, deletion: { ...found.deletion, purges: found.deletion.purges.map((p) => ({ ...p, job: state(p.job_id) })) } };
}

/**
 * GET /admin/organizations: newest first, the organizations whose name or domain contains `q`, or
 * with a member whose e-mail address does (the auth service's users; case-insensitive).
 */
export async function searchOrganizations(
  deps: Pick<OrgsDeps, "models" | "userIdsByEmail">,
  caller: Caller,
  params: PageRequest & { q?: string | undefined },
): Promise<Page<AdminOrgSummary>> {
  const filter: Record<string, unknown> = {};
  if (params.q) {
    const pattern = { $regex: escapeRegex(params.q), $options: "i" };
    const userIds = await deps.userIdsByEmail(caller, params.q);
    const memberOf =
      userIds.length > 0
        ? (await deps.models.memberships.find({ user_id: { $in: userIds } }, { organization_id: 1 }).lean<Pick<MembershipDoc, "organization_id">[]>()).map((m) => m.organization_id)
        : [];
    filter.$or = [{ name: pattern }, { domain: pattern }, ...(memberOf.length > 0 ? [{ _id: { $in: [...new Set(memberOf)] } }] : [])];
  }
  if (params.cursor !== undefined) filter._id = { $lt: params.cursor };
  const docs = await deps.models.organizations.find(filter).sort({ _id: -1 }).limit(fetchSize(params)).lean<OrganizationDoc[]>();
  const page = toPage(docs, params, (d) => d._id);
  return {
    ...page,
    items: page.items.map((o) => ({ id: o._id, name: o.name, domain: o.domain, status: o.status, created_at: new Date(o.created_at).toISOString() })),
  };
}
