import type { QueryFilter } from "mongoose";
import type { AdminUser } from "../../shared/contracts/auth.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { fetchSize, toPage, type Page, type PageRequest } from "../../shared/paging.ts";
import type { Broadcaster } from "../../shared/service.ts";
import { escapeRegex } from "../../shared/zod.ts";
import type { AuthDeps } from "./deps.ts";
import type { UserDoc } from "./models.ts";

function toAdminUser(u: UserDoc): AdminUser {
  return {
    id: u._id,
    display_name: u.display_name,
    primary_email: u.primary_email,
    is_admin: u.is_admin,
    is_disabled: u.is_disabled,
    created_at: new Date(u.created_at).toISOString(),
  };
}

/** A case-insensitive "contains" on each field. */
function containing(q: string, fields: readonly string[]): Record<string, unknown> {
  const pattern = { $regex: escapeRegex(q), $options: "i" };
  return { $or: fields.map((f) => ({ [f]: pattern })) };
}

/** GET /admin/users: newest first, whose primary e-mail or name contains `q`. */
export async function listUsers(deps: Pick<AuthDeps, "models">, params: PageRequest & { q?: string | undefined }): Promise<Page<AdminUser>> {
  const filter: Record<string, unknown> = params.q ? containing(params.q, ["primary_email", "display_name"]) : {};
  if (params.cursor !== undefined) filter._id = { $lt: params.cursor };
  const docs = await deps.models.users
    .find(filter as QueryFilter<UserDoc>)
    .sort({ _id: -1 })
    .limit(fetchSize(params))
    .lean<UserDoc[]>();
  const page = toPage(docs, params, (d) => d._id);
  return { ...page, items: page.items.map(toAdminUser) };
}

export async function getUser(deps: Pick<AuthDeps, "models">, id: string): Promise<AdminUser> {
  const user = await deps.models.users.findById(id).lean<UserDoc>();
  if (!user) throw MESSAGES.notFound.error("user");
  return toAdminUser(user);
}

/**
 * PATCH /admin/users/{id}: the admin and disabled flags. An administrator never revokes or
 * disables themselves (another must: the platform is never left without one by a slip); every
 * gateway drops what it cached about the user before this answers, so the change holds at once.
 */
export async function updateUser(
  deps: Pick<AuthDeps, "models" | "userChanged">,
  bus: Broadcaster,
  actorId: string | undefined,
  params: { id: string; is_admin?: boolean | undefined; is_disabled?: boolean | undefined },
): Promise<AdminUser> {
  const set: Partial<Pick<UserDoc, "is_admin" | "is_disabled">> = {};
  if (params.is_admin !== undefined) set.is_admin = params.is_admin;
  if (params.is_disabled !== undefined) set.is_disabled = params.is_disabled;
  if (actorId === params.id && (set.is_admin === false || set.is_disabled === true)) {
    throw (set.is_admin === false ? MESSAGES.cannotRevokeOwnAdmin : MESSAGES.cannotDisableSelf).error();
  }
  if (Object.keys(set).length === 0) return getUser(deps, params.id);
  const res = await deps.models.users.updateOne({ _id: params.id }, { $set: set });
  if (res.matchedCount === 0) throw MESSAGES.notFound.error("user");
  await deps.userChanged(bus, params.id);
  return getUser(deps, params.id);
}

/** `auth.searchUserIds`: users whose primary e-mail contains `q`. */
export async function searchUserIds(deps: Pick<AuthDeps, "models">, q: string, limit: number): Promise<{ ids: string[] }> {
  const docs = await deps.models.users
    .find(containing(q, ["primary_email"]) as QueryFilter<UserDoc>, { _id: 1 })
    .limit(limit)
    .lean<Pick<UserDoc, "_id">[]>();
  return { ids: docs.map((d) => d._id) };
}
