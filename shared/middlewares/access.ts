import type { Context, Middleware } from "moleculer";
import type { Principal, RequestMeta } from "../context.ts";
import { accessOf, orgRoleAllows, type Access, type MemberAccess } from "../contracts/action.ts";
import { ORGS_ACTIONS } from "../contracts/orgs-actions.ts";
import { apiError, MESSAGES } from "../errors.ts";
import { call } from "../call.ts";

type UserPrincipal = Extract<Principal, { kind: "user" }>;
type Ctx = Context<Record<string, unknown>, RequestMeta>;

function userOf(ctx: Ctx): UserPrincipal {
  const principal = ctx.meta.principal;
  if (principal?.kind !== "user") throw apiError("unauthorized");
  return principal;
}

/** The caller's role in the organization the rule's param names: 404 for non-members (exactly like a missing id), 403 without one of the roles. */
async function memberOf(ctx: Ctx, rule: MemberAccess, user: UserPrincipal): Promise<Required<NonNullable<RequestMeta["org"]>>> {
  const organizationId = String(ctx.params[rule.memberOf]);
  const membership = await call(ctx, ORGS_ACTIONS.membership, { organization_id: organizationId, user_id: user.user_id });
  if (!membership) throw MESSAGES.notFound.error("organization");
  if (rule.roles && !rule.roles.includes(membership.role)) throw apiError("forbidden");
  return { id: organizationId, role: membership.role };
}

/** Checks the rule and fills `ctx.locals` with what it established (AccessLocals in shared/contracts/action.ts). */
async function establish(ctx: Ctx, rule: Access): Promise<void> {
  if (rule === "orgScoped" || (typeof rule === "object" && "orgRoles" in rule)) {
    const org = ctx.meta.org;
    if (!org) throw apiError("organization_required");
    if (typeof rule === "object" && !orgRoleAllows(rule, org)) throw apiError("forbidden");
    ctx.locals.org = org;
  } else if (rule === "user") {
    ctx.locals.user = userOf(ctx);
  } else if (rule === "admin") {
    // a call from the bus (another service, a job, the REPL) is trusted like any public action;
    // one that came through the gateway (which sets client_ip on every request) needs an admin
    if (ctx.meta.principal === undefined && ctx.meta.client_ip === undefined) return;
    const user = userOf(ctx);
    if (!user.is_admin) throw apiError("forbidden");
    ctx.locals.user = user;
  } else {
    const user = userOf(ctx);
    ctx.locals.user = user;
    ctx.locals.org = await memberOf(ctx, rule, user);
  }
}

/**
 * Enforces the access rule of every action defined with `defineAction` before its handler runs
 * (after its params are validated), so no handler checks the organization, the user or a role
 * by hand. Also refuses to start a service that registers a contract under another name.
 */
export const AccessMiddleware: Middleware = {
  name: "Access",
  localAction(handler: (ctx: Ctx) => unknown, action: { name: string; contractName?: string; access?: unknown; http?: unknown }) {
    if (action.contractName !== undefined && action.contractName !== action.name) {
      throw new Error(`action ${action.name} implements the contract of ${action.contractName}`);
    }
    const rule = accessOf(action);
    if (!rule) return handler;
    return async function checkAccess(ctx: Ctx) {
      await establish(ctx, rule);
      return handler(ctx);
    };
  },
} as Middleware;
