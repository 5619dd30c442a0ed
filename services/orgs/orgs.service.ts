import type { Context, ServiceBroker, ServiceSchema } from "moleculer";
import { z } from "zod";
import type { RequestMeta } from "../../shared/context.ts";
import type { EnqueueParams, Job } from "../../shared/contracts/jobs.ts";
import {
  ApiKeyRecord,
  GetUsersParams,
  MemberOut,
  type Membership,
  Organization,
  OrgKeyCreateResp,
  ORGS_ACCESS_CHANGED,
  type OrgsAccessChanged,
  type ResolvedOrgKey,
  UserSummary,
} from "../../shared/contracts/orgs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { notFound, unavailableAs503 } from "../../shared/errors.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { defineAction } from "../../shared/validation.ts";
import { finishDeletion, markDeleting, scheduleDeletion, sweepDeletions, type FinishOutcome, type JobsClient } from "./deletion.ts";
import { inspectOrganization } from "./inspect.ts";
import { listMembers, removeMember, setMember, toMemberOut, type EmailLookup } from "./members.ts";
import { defineOrgsModels } from "./models.ts";
import { createOrgKey, listOrgKeys, resolveOrgKey, revokeOrgKey } from "./org-keys.ts";
import {
  createOrganization,
  joinByEmailDomain,
  organizationOr404,
  organizationsOf,
  roleOf,
  toOrganization,
  updateOrganization,
} from "./organizations.ts";

type Ctx = Context<unknown, RequestMeta>;
type Logger = Pick<Console, "info" | "warn" | "debug">;

/** A deletion left half done for this long is finished again by the periodic sweep. */
const DELETION_STUCK_AFTER_MS = 60_000;
type Caller = Pick<ServiceBroker, "call"> | Ctx;

/** The jobs service, reached through `caller` (a request's or a job's ctx). */
function jobsClient(caller: Caller): JobsClient {
  return {
    fanOut: (params) => caller.call("jobs.fanOut", params) as Promise<Job[]>,
    enqueue: (params: EnqueueParams) => caller.call("jobs.enqueue", params) as Promise<Job>,
    getMany: (ids) => caller.call("jobs.getMany", { ids }) as Promise<Job[]>,
  };
}

/** E-mails from the auth service; 503 while it cannot answer. */
function emailLookup(ctx: Ctx): EmailLookup {
  return async (ids) => {
    let raw: unknown;
    try {
      raw = await ctx.call("auth.getUsers", GetUsersParams.parse({ ids }));
    } catch (err) {
      throw unavailableAs503(err);
    }
    return new Map(z.array(UserSummary).parse(raw).map((u) => [u.id, u.primary_email]));
  };
}

/** Organizations, memberships, roles and org keys; answers the gateway's org-scoped authorization. */
export default function createOrgsService(): ServiceSchema {
  const db = new ServiceDatabase("orgs", defineOrgsModels);
  let log: Logger = console;

  /** Tells every gateway to drop what it cached about the organization's access. */
  const accessChanged = (ctx: Ctx, payload: OrgsAccessChanged) => ctx.broadcast(ORGS_ACCESS_CHANGED, payload);

  return {
    name: "orgs",

    actions: {
      list: defineAction(ORGS_ACTIONS.list, (ctx): Promise<Organization[]> => organizationsOf(db.models, ctx.locals.user.user_id)),

      create: defineAction(ORGS_ACTIONS.create, async (ctx): Promise<Organization> => {
        const user = ctx.locals.user;
        const org = await createOrganization(db.models, user.user_id, ctx.params);
        await accessChanged(ctx, { organization_id: org.id, user_id: user.user_id });
        return org;
      }),

      get: defineAction(ORGS_ACTIONS.get, async (ctx): Promise<Organization> => toOrganization(await organizationOr404(db.models, ctx.params.id))),

      update: defineAction(ORGS_ACTIONS.update, async (ctx): Promise<Organization> => {
        return updateOrganization(db.models, ctx.params.id, ctx.params);
      }),

      remove: defineAction(ORGS_ACTIONS.remove, async (ctx): Promise<null> => {
        const user = ctx.locals.user;
        const orgId = ctx.params.id;
        await markDeleting(db.models, orgId, user.user_id);
        await accessChanged(ctx, { organization_id: orgId });
        try {
          await scheduleDeletion(db.models, orgId, jobsClient(ctx));
        } catch (err) {
          // the deletion is recorded; the sweep schedules it once the jobs service answers
          log.warn("organization deletion recorded but not scheduled yet; the sweep retries", {
            organization_id: orgId,
            error: (err as Error).name,
          });
        }
        return null;
      }),

      listMembers: defineAction(ORGS_ACTIONS.listMembers, (ctx): Promise<MemberOut[]> => listMembers(db.models, ctx.params.id, emailLookup(ctx))),

      setMember: defineAction(ORGS_ACTIONS.setMember, async (ctx): Promise<MemberOut> => {
        const caller = ctx.locals.user.user_id;
        const { id: orgId, user_id: userId, role } = ctx.params;
        const emails = await emailLookup(ctx)([userId]);
        if (!emails.has(userId)) throw notFound("user");
        if (await setMember(db.models, orgId, caller, userId, role)) {
          await accessChanged(ctx, { organization_id: orgId, user_id: userId });
        }
        return toMemberOut({ user_id: userId, role }, emails);
      }),

      removeMember: defineAction(ORGS_ACTIONS.removeMember, async (ctx): Promise<null> => {
        await removeMember(db.models, ctx.params.id, ctx.locals.user.user_id, ctx.params.user_id);
        await accessChanged(ctx, { organization_id: ctx.params.id, user_id: ctx.params.user_id });
        return null;
      }),

      listKeys: defineAction(ORGS_ACTIONS.listKeys, async (ctx): Promise<ApiKeyRecord[]> => {
        return listOrgKeys(db.models, ctx.params.id);
      }),

      createKey: defineAction(ORGS_ACTIONS.createKey, async (ctx): Promise<OrgKeyCreateResp> => {
        const user = ctx.locals.user;
        const created = await createOrgKey(db.models, ctx.params.id, user.user_id, ctx.params);
        await accessChanged(ctx, { organization_id: ctx.params.id, key_id: created.id });
        return created;
      }),

      deleteKey: defineAction(ORGS_ACTIONS.deleteKey, async (ctx): Promise<null> => {
        await revokeOrgKey(db.models, ctx.params.id, ctx.params.key_id);
        await accessChanged(ctx, { organization_id: ctx.params.id, key_id: ctx.params.key_id });
        return null;
      }),

      membership: defineAction(ORGS_ACTIONS.membership, async (ctx): Promise<Membership> => {
        const role = await roleOf(db.models, ctx.params.organization_id, ctx.params.user_id);
        return role ? { role } : null;
      }),

      resolveOrgKey: defineAction(ORGS_ACTIONS.resolveOrgKey, (ctx): Promise<ResolvedOrgKey> => resolveOrgKey(db.models, ctx.params.key, ctx.params.secret)),

      listForUser: defineAction(ORGS_ACTIONS.listForUser, (ctx): Promise<Organization[]> => organizationsOf(db.models, ctx.params.user_id)),

      joinByEmailDomain: defineAction(ORGS_ACTIONS.joinByEmailDomain, async (ctx): Promise<{ joined: string[] }> => {
        const joined = await joinByEmailDomain(db.models, ctx.params.user_id, ctx.params.emails);
        for (const organization_id of joined) await accessChanged(ctx, { organization_id, user_id: ctx.params.user_id });
        return { joined };
      }),

      finishDeletion: defineAction(ORGS_ACTIONS.finishDeletion, async (ctx): Promise<FinishOutcome> => {
        const outcome = await finishDeletion(db.models, ctx.params.organization_id, jobsClient(ctx));
        if (outcome.deleted) {
          await accessChanged(ctx, { organization_id: ctx.params.organization_id });
          log.info("organization deleted", { organization_id: ctx.params.organization_id });
        }
        return outcome;
      }),

      sweepDeletions: defineAction(ORGS_ACTIONS.sweepDeletions, async (ctx): Promise<{ organizations: string[] }> => {
        const olderThan = ctx.params.older_than_ms ?? DELETION_STUCK_AFTER_MS;
        return { organizations: await sweepDeletions(db.models, jobsClient(ctx), olderThan) };
      }),

      inspect: defineAction(ORGS_ACTIONS.inspect, async (ctx) => {
        const found = await inspectOrganization(db.models, ctx.params.id);
        if (!found) throw notFound("organization");
        return found;
      }),
    },

    async started() {
      log = this.logger;
      await db.open();
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
