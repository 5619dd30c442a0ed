import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import { RunTarget } from "../../shared/contracts/clusters.ts";
import { JOBS_ACTIONS } from "../../shared/contracts/jobs-actions.ts";
import { FINISHED_RUN_STATUSES, RUNNER_CANCEL_REQUESTED, type LogPage, type Run, type RunStatus } from "../../shared/contracts/runner.ts";
import { RUNNER_ACTIONS } from "../../shared/contracts/runner-actions.ts";
import { claimOnce } from "../../shared/db.ts";
import { MESSAGES, unavailableAs503 } from "../../shared/errors.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { newId } from "../../shared/ids.ts";
import { fetchSize, toPage, type Page, type PageRequest } from "../../shared/paging.ts";
import type { ActionMap, ActionWithDeps, Caller } from "../../shared/service.ts";
import { getClusterAction } from "./cluster-actions.ts";
import type { RunnerDeps } from "./deps.ts";
import { readLogPage, type LogQuery } from "./log-reader.ts";
import { endLog, runSubject } from "./log-sink.ts";
import type { RunDoc } from "./run-models.ts";
import { call } from "../../shared/call.ts";
import { jobsClient } from "../../shared/jobs-client.ts";

type Models = RunnerDeps["models"];
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toRun(doc: RunDoc): Run {
  return {
    id: doc._id,
    organization_id: doc.organization_id,
    cluster_id: doc.cluster_id,
    action_id: doc.action_id,
    action: doc.action,
    make_target: doc.make_target,
    status: doc.status,
    error: doc.error,
    created_at: doc.created_at.toISOString(),
    started_at: iso(doc.started_at),
    finished_at: iso(doc.finished_at),
  };
}

/** The run of the organization's cluster (404 `run not found` for another organization's, another cluster's or a missing one). */
async function runDoc(models: Models, organizationId: string, clusterId: string, runId: string): Promise<RunDoc> {
  const doc = await models.runs.findOne({ _id: runId, organization_id: organizationId, cluster_id: clusterId }).lean<RunDoc>();
  if (!doc) throw MESSAGES.notFound.error("run");
  return doc;
}

/** `run.created` / `run.status_changed`: ids, statuses and the error message only. */
function runEvent(
  models: Models,
  doc: Pick<RunDoc, "_id" | "organization_id" | "cluster_id">,
  type: "run.created" | "run.status_changed",
  data: Record<string, string>,
  where: Record<string, unknown>,
) {
  return {
    organization_id: doc.organization_id,
    type,
    resource_type: "run",
    resource_id: doc._id,
    data: { cluster_id: doc.cluster_id, ...data },
    check: { collection: models.runs.collection.collectionName, id: doc._id, expect: "matches" as const, where },
  };
}

/**
 * Moves a run from one of `from` to `to` (one conditional write, with its `run.status_changed`);
 * false when the run was no longer in one of `from`. A run that ends frees its cluster's lock.
 */
export async function moveRun(models: Models, caller: ChangeCaller, doc: RunDoc, from: readonly RunStatus[], to: RunStatus, error = ""): Promise<boolean> {
  const now = new Date();
  const set: Partial<RunDoc> = { status: to, error, updated_at: now };
  if (to === "running") {
    set.started_at = now;
    set.heartbeat_at = now;
  }
  if (FINISHED_RUN_STATUSES.includes(to)) set.finished_at = now;
  const event = runEvent(models, doc, "run.status_changed", { from: doc.status, to, error }, { status: to });
  const res = await withEvents(
    caller,
    models.eventOutbox,
    [event],
    () => models.runs.updateOne({ _id: doc._id, status: { $in: [...from] } }, { $set: set }),
    (r) => r.matchedCount > 0,
  );
  if (res.matchedCount === 0) return false;
  if (FINISHED_RUN_STATUSES.includes(to)) await models.runLocks.deleteOne({ _id: doc.cluster_id, run_id: doc._id });
  return true;
}

/** Takes the cluster's run lock; a lock left by a run that has ended (a crash between its end and the lock's removal) is taken over. */
async function lockCluster(models: Models, clusterId: string, runId: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    if (await claimOnce(models.runLocks, clusterId, { run_id: runId, created_at: new Date() })) return;
    const lock = await models.runLocks.findById(clusterId).lean();
    const holder = lock ? await models.runs.findById(lock.run_id).lean<RunDoc>() : null;
    if (lock && holder && !FINISHED_RUN_STATUSES.includes(holder.status)) break;
    if (lock) await models.runLocks.deleteOne({ _id: clusterId, run_id: lock.run_id });
  }
  throw MESSAGES.runInProgress.error();
}

/** The cluster a run route names, with its kubeconfig; 404 when it is not the organization's. */
async function clusterOf(caller: Caller, organizationId: string, clusterId: string): Promise<RunTarget> {
  let target: RunTarget;
  try {
    target = await call(caller, CLUSTERS_ACTIONS.runTarget, { organization_id: organizationId, cluster_id: clusterId });
  } catch (err) {
    throw unavailableAs503(err, MESSAGES.clustersUnavailable.text());
  }
  if (!target.cluster) throw MESSAGES.notFound.error("cluster");
  return target;
}

/** POST /clusters/{clusterID}/actions/{actionID}/runs: 201 `queued` with its runner.executeRun job; 409 while another run of the cluster is queued or running. */
export async function startRun(deps: RunnerDeps, caller: Caller, organizationId: string, clusterId: string, actionId: string): Promise<Run> {
  await clusterOf(caller, organizationId, clusterId);
  const clusterAction = await getClusterAction(deps.models, actionId);
  const { models } = deps;
  const runId = newId();
  await lockCluster(models, clusterId, runId);
  const now = new Date();
  const doc: RunDoc = {
    _id: runId,
    organization_id: organizationId,
    cluster_id: clusterId,
    action_id: clusterAction.id,
    action: clusterAction.label,
    make_target: clusterAction.make_target,
    status: "queued",
    error: "",
    job_id: "",
    started_at: null,
    finished_at: null,
    heartbeat_at: null,
    created_at: now,
    updated_at: now,
  };
  try {
    const created = runEvent(models, doc, "run.created", { action_id: doc.action_id, action: doc.action, make_target: doc.make_target }, {});
    await withEvents(caller, models.eventOutbox, [{ ...created, check: { ...created.check, expect: "present" as const } }], () => models.runs.create(doc));
  } catch (err) {
    await models.runLocks.deleteOne({ _id: clusterId, run_id: runId });
    throw err;
  }
  try {
    const job = await jobsClient.enqueue(caller, { type: "runner.executeRun", payload: { organization_id: organizationId, cluster_id: clusterId, run_id: runId } });
    await models.runs.updateOne({ _id: runId }, { $set: { job_id: job.id } });
    doc.job_id = job.id;
  } catch (err) {
    await moveRun(models, caller, doc, ["queued"], "failed", "the run could not be queued");
    throw unavailableAs503(err, MESSAGES.jobsUnavailable.text());
  }
  return toRun(doc);
}

export async function listRuns(models: Models, caller: Caller, organizationId: string, clusterId: string, page: PageRequest): Promise<Page<Run>> {
  // the first page says whether the cluster is there (another organization's: 404, like every cluster route)
  if (page.cursor === undefined) await clusterOf(caller, organizationId, clusterId);
  const filter = { organization_id: organizationId, cluster_id: clusterId, ...(page.cursor === undefined ? {} : { _id: { $lt: page.cursor } }) };
  const docs = await models.runs.find(filter).sort({ _id: -1 }).limit(fetchSize(page)).lean<RunDoc[]>();
  return toPage(docs.map(toRun), page, (r) => r.id);
}

export async function getRun(models: Models, organizationId: string, clusterId: string, runId: string): Promise<Run> {
  return toRun(await runDoc(models, organizationId, clusterId, runId));
}

/**
 * POST …/runs/{runID}/cancel: a queued run is `canceled` at once and its job canceled; a running
 * one is asked to stop (every runner replica hears it; the one running it closes its channel,
 * and also sees the request on the run's document at its next heartbeat) and ends `canceled`.
 * 409 when the run has already ended.
 */
export async function cancelRun(deps: RunnerDeps, caller: ChangeCaller, organizationId: string, clusterId: string, runId: string): Promise<Run> {
  const { models } = deps;
  let doc = await runDoc(models, organizationId, clusterId, runId);
  if (doc.status === "queued" && (await moveRun(models, caller, doc, ["queued"], "canceled", "canceled"))) {
    if (doc.job_id !== "") {
      try {
        // in the service's own name: the request's caller (an org member) is no platform admin
        await call(deps.bus, JOBS_ACTIONS.adminCancel, { id: doc.job_id });
      } catch (err) {
        // the job then starts, finds its run canceled and does nothing
        deps.logger.warn("runner: canceling a queued run's job failed", { run_id: runId, error: (err as Error).name });
      }
    }
    await endLog(deps, { organizationId, subject: runSubject(runId), line: "run canceled before it started" });
    return getRun(models, organizationId, clusterId, runId);
  }
  doc = await runDoc(models, organizationId, clusterId, runId);
  if (FINISHED_RUN_STATUSES.includes(doc.status)) throw MESSAGES.runEnded.error();
  await claimOnce(models.runLocks, `cancel:${runId}`, { run_id: runId, created_at: new Date() });
  await deps.bus.broadcast(RUNNER_CANCEL_REQUESTED, { run_id: runId });
  return toRun(doc);
}

/** GET …/runs/{runID}/logs: the run's output (404 for another organization's or cluster's run); a queued or running run's log is still to come. */
export async function runLogs(models: Models, organizationId: string, clusterId: string, runId: string, query: LogQuery): Promise<LogPage> {
  const doc = await runDoc(models, organizationId, clusterId, runId);
  return readLogPage(models, runSubject(doc._id), query, FINISHED_RUN_STATUSES.includes(doc.status));
}

/** Whether a cancel of the run was asked for (read by the executing replica at its heartbeat). */
export async function cancelRequested(models: Models, runId: string): Promise<boolean> {
  return (await models.runLocks.exists({ _id: `cancel:${runId}` })) !== null;
}

/** The cluster runs' routes (start, list, get, cancel). */
export function runActions(action: ActionWithDeps<RunnerDeps>): ActionMap {
  const R = RUNNER_ACTIONS.runs;
  return {
    startRun: action(R.start, (ctx, deps) => startRun(deps, ctx, ctx.locals.org.id, ctx.params.clusterID, ctx.params.actionID)),
    listRuns: action(R.list, (ctx, deps) => listRuns(deps.models, ctx, ctx.locals.org.id, ctx.params.clusterID, ctx.params)),
    getRun: action(R.get, (ctx, deps) => getRun(deps.models, ctx.locals.org.id, ctx.params.clusterID, ctx.params.runID)),
    runLogs: action(R.logs, (ctx, deps) => runLogs(deps.models, ctx.locals.org.id, ctx.params.clusterID, ctx.params.runID, ctx.params)),
    cancelRun: action(R.cancel, (ctx, deps) => cancelRun(deps, ctx, ctx.locals.org.id, ctx.params.clusterID, ctx.params.runID)),
  };
}
