import type { ServiceSchema } from "moleculer";
import { z } from "zod";
import { requireUser } from "../../shared/context.ts";
import {
  CreateOrgParams,
  JoinByEmailDomainParams,
  ListForUserParams,
  MembershipParams,
  OrgIdParams,
  ORGS_ACCESS_CHANGED,
  type Membership,
  type Organization,
} from "../../shared/contracts/orgs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { defineAction } from "../../shared/validation.ts";
import { defineOrgsModels } from "./models.ts";
import { createOrganization, joinByEmailDomain, organizationForMember, organizationsOf, roleOf, toOrganization } from "./organizations.ts";

/** Organizations, memberships and roles; answers the gateway's org-scoped authorization. */
export default function createOrgsService(): ServiceSchema {
  const db = new ServiceDatabase("orgs", defineOrgsModels);

  return {
    name: "orgs",

    actions: {
      list: defineAction({
        visibility: "published",
        description: "GET /orgs: the organizations the caller belongs to.",
        input: z.object({}),
        handler: (ctx): Promise<Organization[]> => organizationsOf(db.models, requireUser(ctx).user_id),
      }),

      create: defineAction({
        visibility: "published",
        description: "POST /orgs: create an organization; the caller becomes its owner.",
        input: CreateOrgParams,
        async handler(ctx): Promise<Organization> {
          const user = requireUser(ctx);
          const org = await createOrganization(db.models, user.user_id, ctx.params);
          ctx.broadcast(ORGS_ACCESS_CHANGED, { organization_id: org.id, user_id: user.user_id });
          return org;
        },
      }),

      get: defineAction({
        visibility: "published",
        description: "GET /orgs/{id}: one organization of the caller (404 for non-members).",
        input: OrgIdParams,
        async handler(ctx): Promise<Organization> {
          return toOrganization(await organizationForMember(db.models, ctx.params.id, requireUser(ctx).user_id));
        },
      }),

      membership: defineAction({
        visibility: "public",
        description: "The user's role in an active organization, or null (gateway authorization).",
        input: MembershipParams,
        async handler(ctx): Promise<Membership> {
          const role = await roleOf(db.models, ctx.params.organization_id, ctx.params.user_id);
          return role ? { role } : null;
        },
      }),

      listForUser: defineAction({
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
          for (const organization_id of joined) ctx.broadcast(ORGS_ACCESS_CHANGED, { organization_id, user_id: ctx.params.user_id });
          return { joined };
        },
      }),
    },

    async started() {
      await db.open();
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
