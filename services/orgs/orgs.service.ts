import type { Context, ServiceBroker, ServiceSchema } from "moleculer";
import { z } from "zod";
import { requireUser, type RequestMeta } from "../../shared/context.ts";
import type { EnqueueParams, Job } from "../../shared/contracts/jobs.ts";
import {
  ApiKeyRecord,
  CreateOrgKeyParams,
  CreateOrgParams,
  FinishDeletionParams,
  GetUsersParams,
  InspectOrgParams,
  JoinByEmailDomainParams,
  ListForUserParams,
  MemberIdParams,
  MemberOut,
  type Membership,
  MembershipParams,
  Organization,
  OrgIdParams,
  OrgKeyCreateResp,
  OrgKeyIdParams,
  ORGS_ACCESS_CHANGED,
  type OrgsAccessChanged,
  type ResolvedOrgKey,
  ResolveOrgKeyParams,
  SetMemberParams,
  UpdateOrgParams,
  UserSummary,
} from "../../shared/contracts/orgs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { notFound, unavailableAs503 } from "../../shared/errors.ts";
import { defineAction } from "../../shared/validation.ts";
import { finishDeletion, markDeleting, scheduleDeletion, sweepDeletions, type FinishOutcome, type JobsClient } from "./deletion.ts";
import { inspectOrganization } from "./inspect.ts";
import { listMembers, removeMember, setMember, toMemberOut, type EmailLookup } from "./members.ts";
import { defineOrgsModels } from "./models.ts";
import { createOrgKey, listOrgKeys, resolveOrgKey, revokeOrgKey } from "./org-keys.ts";
import {
  createOrganization,
  joinByEmailDomain,
  organizationForMember,
  organizationsOf,
  requireMember,
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
      list: defineAction({
        output: z.array(Organization),
        visibility: "published",
        description: "GET /orgs: the organizations the caller belongs to.",
        input: z.object({}),
        handler: (ctx): Promise<Organization[]> => organizationsOf(db.models, requireUser(ctx).user_id),
      }),

      create: defineAction({

        output: Organization,
        visibility: "published",
        description: "POST /orgs: create an organization; the caller becomes its owner.",
        input: CreateOrgParams,
        async handler(ctx): Promise<Organization> {
          const user = requireUser(ctx);
          const org = await createOrganization(db.models, user.user_id, ctx.params);
          await accessChanged(ctx, { organization_id: org.id, user_id: user.user_id });
          return org;
        },
      }),

      get: defineAction({

        output: Organization,
        visibility: "published",
        description: "GET /orgs/{id}: one organization of the caller (404 for non-members).",
        input: OrgIdParams,
        async handler(ctx): Promise<Organization> {
          return toOrganization(await organizationForMember(db.models, ctx.params.id, requireUser(ctx).user_id));
        },
      }),

      update: defineAction({

        output: Organization,
        visibility: "published",
        description: "PATCH /orgs/{id}: change name and/or domain (owner or admin).",
        input: UpdateOrgParams,
        async handler(ctx): Promise<Organization> {
          const { org } = await requireMember(db.models, ctx.params.id, requireUser(ctx).user_id, ["owner", "admin"]);
          return updateOrganization(db.models, org, ctx.params);
        },
      }),

      remove: defineAction({
        visibility: "published",
        description: "DELETE /orgs/{id}: delete the organization and everything it owns in every service (owner).",
        input: OrgIdParams,
        async handler(ctx): Promise<null> {
          const user = requireUser(ctx);
          const orgId = ctx.params.id;
          await requireMember(db.models, orgId, user.user_id, ["owner"]);
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
        },
      }),

      listMembers: defineAction({

        output: z.array(MemberOut),
        visibility: "published",
        description: "GET /orgs/{id}/members: members with their e-mail and role (any member).",
        input: OrgIdParams,
        handler: (ctx): Promise<MemberOut[]> => listMembers(db.models, ctx.params.id, requireUser(ctx).user_id, emailLookup(ctx)),
      }),

      setMember: defineAction({

        output: MemberOut,
        visibility: "published",
        description: "POST /orgs/{id}/members: add a user or change their role (owner or admin).",
        input: SetMemberParams,
        async handler(ctx): Promise<MemberOut> {
          const caller = requireUser(ctx).user_id;
          const { id: orgId, user_id: userId, role } = ctx.params;
          await requireMember(db.models, orgId, caller, ["owner", "admin"]);
          const emails = await emailLookup(ctx)([userId]);
          if (!emails.has(userId)) throw notFound("user");
          if (await setMember(db.models, orgId, caller, userId, role)) {
            await accessChanged(ctx, { organization_id: orgId, user_id: userId });
          }
          return toMemberOut({ user_id: userId, role }, emails);
        },
      }),

      removeMember: defineAction({
        visibility: "published",
        description: "DELETE /orgs/{id}/members/{user_id}: remove a member (owner or admin; members may leave).",
        input: MemberIdParams,
        async handler(ctx): Promise<null> {
          await removeMember(db.models, ctx.params.id, requireUser(ctx).user_id, ctx.params.user_id);
          await accessChanged(ctx, { organization_id: ctx.params.id, user_id: ctx.params.user_id });
          return null;
        },
      }),

      listKeys: defineAction({

        output: z.array(ApiKeyRecord),
        visibility: "published",
        description: "GET /orgs/{id}/api-keys: the organization's keys, never their secrets (any member).",
        input: OrgIdParams,
        async handler(ctx): Promise<ApiKeyRecord[]> {
          await requireMember(db.models, ctx.params.id, requireUser(ctx).user_id);
          return listOrgKeys(db.models, ctx.params.id);
        },
      }),

      createKey: defineAction({

        output: OrgKeyCreateResp,
        visibility: "published",
        description: "POST /orgs/{id}/api-keys: a new org key and secret, shown only in this response (owner or admin).",
        input: CreateOrgKeyParams,
        async handler(ctx): Promise<OrgKeyCreateResp> {
          const user = requireUser(ctx);
          await requireMember(db.models, ctx.params.id, user.user_id, ["owner", "admin"]);
          const created = await createOrgKey(db.models, ctx.params.id, user.user_id, ctx.params);
          await accessChanged(ctx, { organization_id: ctx.params.id, key_id: created.id });
          return created;
        },
      }),

      deleteKey: defineAction({
        visibility: "published",
        description: "DELETE /orgs/{id}/api-keys/{key_id}: revoke an org key at once (owner or admin).",
        input: OrgKeyIdParams,
        async handler(ctx): Promise<null> {
          await requireMember(db.models, ctx.params.id, requireUser(ctx).user_id, ["owner", "admin"]);
          await revokeOrgKey(db.models, ctx.params.id, ctx.params.key_id);
          await accessChanged(ctx, { organization_id: ctx.params.id, key_id: ctx.params.key_id });
          return null;
        },
      }),

      membership: defineAction({

        idempotent: true,
        visibility: "public",
        description: "The user's role in an active organization, or null (gateway authorization).",
        input: MembershipParams,
        async handler(ctx): Promise<Membership> {
          const role = await roleOf(db.models, ctx.params.organization_id, ctx.params.user_id);
          return role ? { role } : null;
        },
      }),

      resolveOrgKey: defineAction({

        idempotent: true,
        visibility: "public",
        description: "X-ORG-KEY + X-ORG-SECRET → the key's organization, or null (gateway authentication).",
        input: ResolveOrgKeyParams,
        handler: (ctx): Promise<ResolvedOrgKey> => resolveOrgKey(db.models, ctx.params.key, ctx.params.secret),
      }),

      listForUser: defineAction({

        idempotent: true,
        visibility: "public",
        description: "The organizations a user belongs to (GET /me).",
        input: ListForUserParams,
        handler: (ctx): Promise<Organization[]> => organizationsOf(db.models, ctx.params.user_id),
      }),

      joinByEmailDomain: defineAction({
        visibility: "public",
        description: "At login: join every organization whose domain matches a verified e-mail of the user.",
        input: JoinByEmailDomainParams,
        async handler(ctx): Promise<{ joined: string[] }> {
          const joined = await joinByEmailDomain(db.models, ctx.params.user_id, ctx.params.emails);
          for (const organization_id of joined) await accessChanged(ctx, { organization_id, user_id: ctx.params.user_id });
          return { joined };
        },
      }),

      finishDeletion: defineAction({
        visibility: "public",
        description: "Job: completes an organization's deletion once every service purged it (retryable while purges run).",
        input: FinishDeletionParams,
        async handler(ctx): Promise<FinishOutcome> {
          const outcome = await finishDeletion(db.models, ctx.params.organization_id, jobsClient(ctx));
          if (outcome.deleted) {
            await accessChanged(ctx, { organization_id: ctx.params.organization_id });
            log.info("organization deleted", { organization_id: ctx.params.organization_id });
          }
          return outcome;
        },
      }),

      sweepDeletions: defineAction({
        visibility: "public",
        description: "Safety net: enqueue orgs.finishDeletion for deletions left half done (a periodic job, every minute).",
        input: z.object({ older_than_ms: z.number().int().min(0).optional() }),
        async handler(ctx): Promise<{ organizations: string[] }> {
          const olderThan = ctx.params.older_than_ms ?? DELETION_STUCK_AFTER_MS;
          return { organizations: await sweepDeletions(db.models, jobsClient(ctx), olderThan) };
        },
      }),

      inspect: defineAction({
        visibility: "public",
        description: "Operators (REPL `org <id>`): an organization with members, keys (no secrets) and deletion state.",
        input: InspectOrgParams,
        async handler(ctx) {
          const found = await inspectOrganization(db.models, ctx.params.id);
          if (!found) throw notFound("organization");
          return found;
        },
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
