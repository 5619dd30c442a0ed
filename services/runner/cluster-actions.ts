import type { Context } from "moleculer";
import type { RequestMeta } from "../../shared/context.ts";
import type { ClusterAction } from "../../shared/contracts/runner.ts";
import { RUNNER_ACTIONS } from "../../shared/contracts/runner-actions.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { fetchSize, toPage, type Page, type PageRequest } from "../../shared/paging.ts";
import { isoTimes } from "../../shared/resource.ts";
import type { ActionMap, ActionWithDeps } from "../../shared/service.ts";
import type { RunnerDeps } from "./deps.ts";
import type { ClusterActionDoc } from "./run-models.ts";

type Models = RunnerDeps["models"];

function toClusterAction(doc: ClusterActionDoc): ClusterAction {
  return { id: doc._id, label: doc.label, description: doc.description, make_target: doc.make_target, ...isoTimes(doc) };
}

/** Who changes an admin resource: `user:<id>` from HTTP, `service` from the bus (as the jobs admin records it). */
function actorOf(ctx: Context<unknown, RequestMeta>): string {
  const p = ctx.meta.principal;
  return p?.kind === "user" ? `user:${p.user_id}` : "service";
}

async function actionDoc(models: Models, id: string): Promise<ClusterActionDoc> {
  const doc = await models.clusterActions.findById(id).lean<ClusterActionDoc>();
  if (!doc) throw MESSAGES.notFound.error("action");
  return doc;
}

/** The action a run is started from (404 `action not found`). */
export async function getClusterAction(models: Models, id: string): Promise<ClusterAction> {
  return toClusterAction(await actionDoc(models, id));
}

export async function listClusterActions(models: Models, page: PageRequest): Promise<Page<ClusterAction>> {
  const filter = page.cursor === undefined ? {} : { _id: { $lt: page.cursor } };
  const docs = await models.clusterActions.find(filter).sort({ _id: -1 }).limit(fetchSize(page)).lean<ClusterActionDoc[]>();
  return toPage(docs.map(toClusterAction), page, (a) => a.id);
}

export async function createClusterAction(deps: RunnerDeps, actor: string, input: { label: string; description: string; make_target: string }): Promise<ClusterAction> {
  try {
    const doc = await deps.models.clusterActions.create({ _id: newId(), ...input, created_by: actor, updated_by: actor });
    deps.logger.info("admin action created", { action_id: doc._id, label: doc.label, make_target: doc.make_target, actor });
    return toClusterAction(doc.toObject<ClusterActionDoc>());
  } catch (err) {
    if (isDuplicateKey(err)) throw MESSAGES.alreadyExists.error("label");
    throw err;
  }
}

export async function updateClusterAction(
  deps: RunnerDeps,
  actor: string,
  id: string,
  patch: { label?: string | undefined; description?: string | undefined; make_target?: string | undefined },
): Promise<ClusterAction> {
  await actionDoc(deps.models, id);
  const set: Record<string, string> = {};
  for (const [k, v] of Object.entries(patch)) if (typeof v === "string") set[k] = v;
  if (Object.keys(set).length === 0) return getClusterAction(deps.models, id);
  try {
    const res = await deps.models.clusterActions.updateOne({ _id: id }, { $set: { ...set, updated_by: actor } });
    if (res.matchedCount === 0) throw MESSAGES.notFound.error("action");
  } catch (err) {
    if (isDuplicateKey(err)) throw MESSAGES.alreadyExists.error("label");
    throw err;
  }
  deps.logger.info("admin action updated", { action_id: id, changed: Object.keys(set), actor });
  return getClusterAction(deps.models, id);
}

export async function deleteClusterAction(deps: RunnerDeps, actor: string, id: string): Promise<void> {
  const res = await deps.models.clusterActions.deleteOne({ _id: id });
  if (res.deletedCount === 0) throw MESSAGES.notFound.error("action");
  deps.logger.info("admin action deleted", { action_id: id, actor });
}

/** GET/POST /admin/actions, GET/PATCH/DELETE /admin/actions/{actionID} (platform administrators). */
export function clusterActionActions(action: ActionWithDeps<RunnerDeps>): ActionMap {
  const A = RUNNER_ACTIONS.actions;
  return {
    listActions: action(A.list, (ctx, deps) => listClusterActions(deps.models, ctx.params)),
    listAvailableActions: action(A.available, (ctx, deps) => listClusterActions(deps.models, ctx.params)),
    createAction: action(A.create, (ctx, deps) => createClusterAction(deps, actorOf(ctx), ctx.params)),
    getAction: action(A.get, (ctx, deps) => getClusterAction(deps.models, ctx.params.actionID)),
    updateAction: action(A.update, (ctx, deps) => {
      const { actionID, ...patch } = ctx.params;
      return updateClusterAction(deps, actorOf(ctx), actionID, patch);
    }),
    deleteAction: action(A.remove, async (ctx, deps) => {
      await deleteClusterAction(deps, actorOf(ctx), ctx.params.actionID);
      return null;
    }),
  };
}
