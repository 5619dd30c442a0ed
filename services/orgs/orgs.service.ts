import { relayEvents } from "../../shared/event-outbox.ts";
import type { AdminOrganization, ApiKeyRecord, MemberOut, Membership, Organization, OrgKeyCreateResp, ResolvedOrgKey } from "../../shared/contracts/orgs.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { defineService } from "../../shared/service.ts";
import { deleteOrganization, finishDeletion, sweepDeletions, type FinishOutcome } from "./deletion.ts";
import { orgsDeps } from "./deps.ts";
import { adminOrganization, inspectOrganization, searchOrganizations } from "./inspect.ts";
import { listMembers, putMember, removeMember } from "./members.ts";
import { defineOrgsModels } from "./models.ts";
import { createOrgKey, listOrgKeys, mintClusterKey, resolveOrgKey, revokeClusterKey, revokeOrgKey } from "./org-keys.ts";
import { createOrganization, joinByEmailDomain, organizationOr404, organizationsOf, organizationStatus, roleOf, toOrganization, updateOrganization } from "./organizations.ts";

/** A deletion left half done for this long is finished again by the periodic sweep. */
const DELETION_STUCK_AFTER_MS = 60_000;

/** Organizations, memberships, roles and org keys; answers the gateway's org-scoped authorization. */
export default defineService({
  name: "orgs",

  database: defineOrgsModels,
  deps: orgsDeps,

  actions: (action) => ({
    list: action(ORGS_ACTIONS.list, (ctx, deps): Promise<Organization[]> => organizationsOf(deps.models, ctx.locals.user.user_id)),

    create: action(ORGS_ACTIONS.create, async (ctx, deps): Promise<Organization> => {
      const userId = ctx.locals.user.user_id;
      const org = await createOrganization(deps.models, ctx, userId, ctx.params);
      await deps.accessChanged(ctx, { organization_id: org.id, user_id: userId });
      return org;
    }),

    get: action(ORGS_ACTIONS.get, async (ctx, deps): Promise<Organization> => toOrganization(await organizationOr404(deps.models, ctx.params.id))),

    update: action(ORGS_ACTIONS.update, (ctx, deps): Promise<Organization> => updateOrganization(deps.models, ctx, ctx.params.id, ctx.params)),

    remove: action(ORGS_ACTIONS.remove, async (ctx, deps): Promise<null> => {
      await deleteOrganization(deps, ctx, ctx.params.id, ctx.locals.user.user_id);
      return null;
    }),

    listMembers: action(ORGS_ACTIONS.listMembers, (ctx, deps): Promise<MemberOut[]> => listMembers(deps, ctx, ctx.params.id)),

    setMember: action(ORGS_ACTIONS.setMember, (ctx, deps): Promise<MemberOut> => putMember(deps, ctx, ctx.params.id, ctx.locals.user.user_id, ctx.params.user_id, ctx.params.role)),

    removeMember: action(ORGS_ACTIONS.removeMember, async (ctx, deps): Promise<null> => {
      await removeMember(deps.models, ctx, ctx.params.id, ctx.locals.user.user_id, ctx.params.user_id);
      await deps.accessChanged(ctx, { organization_id: ctx.params.id, user_id: ctx.params.user_id });
      return null;
    }),

    listKeys: action(ORGS_ACTIONS.listKeys, (ctx, deps): Promise<ApiKeyRecord[]> => listOrgKeys(deps.models, ctx.params.id)),

    createKey: action(ORGS_ACTIONS.createKey, async (ctx, deps): Promise<OrgKeyCreateResp> => {
      const created = await createOrgKey(deps.models, ctx, ctx.params.id, ctx.locals.user.user_id, ctx.params);
      await deps.accessChanged(ctx, { organization_id: ctx.params.id, key_id: created.id });
      return created;
    }),

    deleteKey: action(ORGS_ACTIONS.deleteKey, async (ctx, deps): Promise<null> => {
      await revokeOrgKey(deps.models, ctx, ctx.params.id, ctx.params.key_id);
      await deps.accessChanged(ctx, { organization_id: ctx.params.id, key_id: ctx.params.key_id });
      return null;
    }),

    mintClusterKey: action(ORGS_ACTIONS.mintClusterKey, (ctx, deps) => mintClusterKey(deps.models, ctx, ctx.params)),

    revokeClusterKey: action(ORGS_ACTIONS.revokeClusterKey, async (ctx, deps) => {
      const result = await revokeClusterKey(deps.models, ctx, ctx.params.organization_id, ctx.params.key_id);
      if (result.revoked) await deps.accessChanged(ctx, { organization_id: ctx.params.organization_id, key_id: ctx.params.key_id });
      return result;
    }),

    membership: action(ORGS_ACTIONS.membership, async (ctx, deps): Promise<Membership> => {
      const role = await roleOf(deps.models, ctx.params.organization_id, ctx.params.user_id);
      return role ? { role } : null;
    }),

    resolveOrgKey: action(ORGS_ACTIONS.resolveOrgKey, (ctx, deps): Promise<ResolvedOrgKey> => resolveOrgKey(deps.models, ctx.params.key, ctx.params.secret)),

    listForUser: action(ORGS_ACTIONS.listForUser, (ctx, deps): Promise<Organization[]> => organizationsOf(deps.models, ctx.params.user_id)),

    joinByEmailDomain: action(ORGS_ACTIONS.joinByEmailDomain, async (ctx, deps): Promise<{ joined: string[] }> => {
      const joined = await joinByEmailDomain(deps.models, ctx, ctx.params.user_id, ctx.params.emails);
      for (const organization_id of joined) await deps.accessChanged(ctx, { organization_id, user_id: ctx.params.user_id });
      return { joined };
    }),

    finishDeletion: action(ORGS_ACTIONS.finishDeletion, (ctx, deps): Promise<FinishOutcome> => finishDeletion(deps, ctx, ctx.params.organization_id)),

    relayEvents: action(ORGS_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),

    sweepDeletions: action(ORGS_ACTIONS.sweepDeletions, async (ctx, deps): Promise<{ organizations: string[] }> => ({
      organizations: await sweepDeletions(deps, ctx, ctx.params.older_than_ms ?? DELETION_STUCK_AFTER_MS),
    })),

    adminSearch: action(ORGS_ACTIONS.adminSearch, (ctx, deps) => searchOrganizations(deps, ctx, ctx.params)),

    adminGet: action(ORGS_ACTIONS.adminGet, (ctx, deps): Promise<AdminOrganization> => adminOrganization(deps, ctx, ctx.params.id)),

    status: action(ORGS_ACTIONS.status, (ctx, deps) => organizationStatus(deps.models, ctx.params.id)),

    inspect: action(ORGS_ACTIONS.inspect, async (ctx, deps) => {
      const found = await inspectOrganization(deps.models, ctx.params.id, (ids) => deps.emailsOf(ctx, ids));
      if (!found) throw MESSAGES.notFound.error("organization");
      return found;
    }),
  }),
});
