import { z } from "zod";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import type { Cluster, RunClusterStatus } from "../../shared/contracts/clusters.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import type { RunStatus } from "../../shared/contracts/runner.ts";
import type { RunnerDeps } from "./deps.ts";
import { endLog, openLogSink, runSubject, type LogSink } from "./log-sink.ts";
import { makeCommand } from "./make-command.ts";
import type { RunDoc } from "./run-models.ts";
import { cancelRequested, moveRun } from "./runs.ts";
import { connectPinned } from "./bastion.ts";
import { sshUsablePrivateKey } from "./openssh-key.ts";
import { SshError, type ExecResult, type SshSession, type UploadFile } from "./ssh.ts";
import { call } from "../../shared/call.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

/** How often the executing replica renews a run's heartbeat and looks for a cancel request. */
export const RUN_HEARTBEAT_MS = 2_000;
/** The bounds of a run's org key lifetime (step timeout × 2). */
const KEY_TTL_MIN_S = 60;
const KEY_TTL_MAX_S = 7 * 86_400;

/** A reason a run ends failed, in words for the run's `error` and the cluster's `last_error` (never a secret). */
class RunFailure extends Error {}
class RunCanceled extends Error {}

/** What is missing for a run: the cluster's shape checked before anything is sent (empty when it can run). */
export function missingForRun(cluster: Cluster): string[] {
  const missing: string[] = [];
  if (!cluster.captain_domain) missing.push("captain domain");
  if (!cluster.control_plane_record_set) missing.push("control-plane record set");
  if (!cluster.apps_load_balancer) missing.push("apps load balancer");
  if (!cluster.glueops_load_balancer) missing.push("platform load balancer");
  if (!cluster.bastion_server) missing.push("bastion server");
  else if (cluster.bastion_server.status !== "ready") missing.push("a ready bastion server");
  if (cluster.node_pools.length === 0) missing.push("node pools");
  else if (cluster.node_pools.some((p) => p.servers.length === 0)) missing.push("servers in every node pool");
  return missing;
}

/** The run's env/json file: how its make steps call the API back. */
export function apiBaseUrl(settings: RunnerDeps["settings"]): string {
  return settings.API_BASE_URL ?? `http://127.0.0.1:${settings.PORT}/api/v1`;
}

interface RunContext {
  deps: RunnerDeps;
  /** The job's call: the run's changes are made in its name. */
  caller: ChangeCaller;
  run: RunDoc;
  signal: AbortSignal;
  /** Values redacted from the run's log. */
  secrets: string[];
  /** Undone in reverse order once the run ends, whatever happened. */
  cleanups: (() => Promise<unknown>)[];
  sink?: LogSink;
}

async function setClusterStatus(ctx: RunContext, status: RunClusterStatus, lastError = ""): Promise<void> {
  await call(ctx.deps.bus, CLUSTERS_ACTIONS.setRunStatus, { organization_id: ctx.run.organization_id, cluster_id: ctx.run.cluster_id, status, last_error: lastError });
}

async function sinkOf(ctx: RunContext): Promise<LogSink> {
  ctx.sink ??= await openLogSink(ctx.deps, {
    organizationId: ctx.run.organization_id,
    subject: runSubject(ctx.run._id),
    secrets: ctx.secrets,
    maxBytes: ctx.deps.settings.RUNNER_LOG_MAX_BYTES,
  });
  return ctx.sink;
}

/**
 * Connects to the bastion (trust on first use; a changed host key refused naming both
 * fingerprints); answers the fingerprint it pinned, if it did.
 */
async function connectBastion(ctx: RunContext, serverId: string): Promise<{ session: SshSession; pinned?: string }> {
  const { deps, run } = ctx;
  const conn = await call(deps.bus, INVENTORY_ACTIONS.connectionFor, { organization_id: run.organization_id, server_id: serverId });
  ctx.secrets.push(conn.private_key);
  let pinned: string | undefined;
  const session = await connectPinned(deps, conn, (fingerprint) => (pinned = fingerprint));
  return { session, ...(pinned === undefined ? {} : { pinned }) };
}

/** The files a run's make steps read: the cluster, its kubeconfig, the node servers' private keys, the call-back credential. */
async function runFiles(ctx: RunContext, target: { cluster: Cluster; kubeconfig: string | null }, runDir: string): Promise<UploadFile[]> {
  const { deps, run } = ctx;
  const servers = target.cluster.node_pools.flatMap((p) => p.servers);
  const keyIds = [...new Set(servers.map((s) => s.ssh_key_id).filter((id) => id !== ""))];
  const { keys } = await call(deps.bus, INVENTORY_ACTIONS.privateKeysFor, { organization_id: run.organization_id, ssh_key_ids: keyIds });
  // in OpenSSH's format, which the bastion's ssh reads (it cannot load a PKCS#8 Ed25519 key); both forms are redacted
  const keyOf = new Map(keys.map((k) => [k.ssh_key_id, sshUsablePrivateKey(k.private_key)]));
  ctx.secrets.push(...keys.map((k) => k.private_key), ...keyOf.values());
  const ttl = Math.min(KEY_TTL_MAX_S, Math.max(KEY_TTL_MIN_S, deps.settings.RUNNER_STEP_TIMEOUT_S * 2));
  const minted = await call(deps.bus, ORGS_ACTIONS.mintClusterKey, { organization_id: run.organization_id, cluster_id: run.cluster_id, ttl_seconds: ttl, name: `run ${run._id}` });
  ctx.secrets.push(minted.org_secret);
  ctx.cleanups.push(() => call(deps.bus, ORGS_ACTIONS.revokeClusterKey, { organization_id: run.organization_id, key_id: minted.id }));
  const files: UploadFile[] = [{ path: `${runDir}/cluster.json`, content: JSON.stringify(target.cluster, null, 2), mode: 0o600 }];
  if (target.kubeconfig !== null) files.push({ path: `${runDir}/kubeconfig`, content: target.kubeconfig, mode: 0o600 });
  for (const server of servers) {
    const key = keyOf.get(server.ssh_key_id);
    if (key === undefined) throw new RunFailure(`no private key for server ${server.id}`);
    files.push({ path: `${runDir}/keys/${server.id}`, content: key.endsWith("\n") ? key : `${key}\n`, mode: 0o600 });
  }
  const env = { cluster_id: run.cluster_id, organization_id: run.organization_id, org_key: minted.org_key, org_secret: minted.org_secret, api_base_url: apiBaseUrl(deps.settings) };
  files.push({ path: `${runDir}/env.json`, content: JSON.stringify(env, null, 2), mode: 0o600 });
  return files;
}

async function makeStep(ctx: RunContext, session: SshSession, cluster: Cluster, runDir: string, target: string): Promise<void> {
  const sink = await sinkOf(ctx);
  sink.system(`make ${target}`);
  const command = makeCommand({ runDir, target, dockerImage: cluster.docker_image, dockerTag: cluster.docker_tag, toolkitDir: ctx.deps.settings.RUNNER_TOOLKIT_DIR });
  const result: ExecResult = await session.exec(command, {
    onOutput: (stream, text) => sink.write(stream, text),
    signal: ctx.signal,
    timeoutMs: ctx.deps.settings.RUNNER_STEP_TIMEOUT_S * 1000,
  });
  if (result.canceled) throw new RunCanceled("canceled");
  if (result.timedOut) throw new RunFailure(`make ${target} timed out after ${ctx.deps.settings.RUNNER_STEP_TIMEOUT_S}s`);
  if (result.exitCode !== 0) throw new RunFailure(`make ${target} failed (${result.exitCode === null ? `signal ${result.exitSignal ?? "unknown"}` : `exit ${result.exitCode}`})`);
}

/** The run's steps; throws RunFailure / RunCanceled (or another error) when it does not succeed. */
async function perform(ctx: RunContext): Promise<void> {
  const { deps, run } = ctx;
  const target = await call(deps.bus, CLUSTERS_ACTIONS.runTarget, { organization_id: run.organization_id, cluster_id: run.cluster_id });
  const cluster = target.cluster;
  if (!cluster) throw new RunFailure("cluster not found");
  if (target.kubeconfig !== null) ctx.secrets.push(target.kubeconfig);
  const missing = missingForRun(cluster);
  if (missing.length > 0) throw new RunFailure(`cluster is missing: ${missing.join(", ")}`);
  const bastion = cluster.bastion_server;
  if (!bastion) throw new RunFailure("cluster is missing: bastion server");
  await setClusterStatus(ctx, "bootstrapping");
  const runDir = `/tmp/run-${run._id}`;
  const { session, pinned } = await connectBastion(ctx, bastion.id);
  ctx.cleanups.push(async () => session.close());
  const files = await runFiles(ctx, { cluster, kubeconfig: target.kubeconfig }, runDir);
  // the log opens once every secret of the run is known (its redaction list is fixed then)
  const sink = await sinkOf(ctx);
  if (pinned !== undefined) sink.system(`bastion host key pinned on first use: ${pinned}`);
  sink.system(`connected to the bastion ${bastion.hostname || bastion.public_ip_address}; uploading the run's files`);
  ctx.cleanups.push(() => session.removeDir(runDir));
  await session.upload(files);
  await setClusterStatus(ctx, "pending");
  if (ctx.signal.aborted) throw new RunCanceled("canceled");
  await makeStep(ctx, session, cluster, runDir, "ping-servers");
  await setClusterStatus(ctx, "provisioning");
  await makeStep(ctx, session, cluster, runDir, run.make_target);
  await setClusterStatus(ctx, "ready");
}

/** Words for an unexpected error (no secret: an SSH error's message, or a generic one). */
function failureMessage(err: unknown): string {
  if (err instanceof RunFailure || err instanceof SshError) return err.message;
  return "the run failed unexpectedly";
}

/**
 * Job `runner.executeRun` (never retried): queued → running; the cluster's shape checked; its
 * files uploaded to the bastion; `make ping-servers` then `make <target>`, their output in the
 * run's log (secrets redacted); the run directory removed and the org key revoked whatever happened;
 * the run ends succeeded, failed or canceled.
 */
export async function executeRun(deps: RunnerDeps, caller: ChangeCaller, organizationId: string, runId: string): Promise<void> {
  const { models } = deps;
  const found = await models.runs.findOne({ _id: runId, organization_id: organizationId }).lean<RunDoc>();
  if (!found || found.status !== "queued") return;
  if (!(await moveRun(models, caller, found, ["queued"], "running"))) return;
  const run: RunDoc = { ...found, status: "running" };
  const controller = new AbortController();
  deps.activeRuns.set(runId, controller);
  const beat = setInterval(() => {
    void (async () => {
      await models.runs.updateOne({ _id: runId, status: "running" }, { $set: { heartbeat_at: new Date() } });
      if (await cancelRequested(models, runId)) controller.abort();
    })().catch((err: unknown) => deps.logger.warn("runner: a run's heartbeat failed", { run_id: runId, error: (err as Error).name }));
  }, RUN_HEARTBEAT_MS);
  const ctx: RunContext = { deps, caller, run, signal: controller.signal, secrets: [], cleanups: [] };
  let status: RunStatus = "succeeded";
  let error = "";
  try {
    await perform(ctx);
  } catch (err) {
    if (err instanceof RunCanceled || controller.signal.aborted) {
      status = "canceled";
      error = "canceled";
    } else {
      status = "failed";
      error = failureMessage(err);
      if (!(err instanceof RunFailure) && !(err instanceof SshError)) deps.logger.warn("runner: a run failed unexpectedly", { run_id: runId, error: (err as Error).name });
    }
  } finally {
    clearInterval(beat);
    deps.activeRuns.delete(runId);
  }
  for (const cleanup of ctx.cleanups.reverse()) {
    await cleanup().catch((err: unknown) => deps.logger.warn("runner: a run's clean-up failed", { run_id: runId, error: (err as Error).name }));
  }
  const sink = await sinkOf(ctx).catch(() => undefined);
  if (status !== "succeeded") {
    sink?.system(`run ${status}: ${error}`);
    await setClusterStatus(ctx, "failed", status === "canceled" ? "run canceled" : error).catch(() => undefined);
  } else sink?.system("run succeeded");
  await sink?.close().catch(() => undefined);
  await moveRun(models, caller, run, ["running"], status, error);
}

/** `runner.sweep`'s part for runs: a `running` run whose heartbeat is older than a lease lost its worker; it ends failed "worker lost". */
export async function failLostRuns(deps: RunnerDeps, caller: ChangeCaller, limit: number, now = new Date()): Promise<number> {
  const { models } = deps;
  const cutoff = new Date(now.getTime() - Math.max(deps.settings.JOBS_LEASE_MS, RUN_HEARTBEAT_MS * 5));
  const lost = await models.runs
    .find({ status: "running", $or: [{ heartbeat_at: { $lt: cutoff } }, { heartbeat_at: null, started_at: { $lt: cutoff } }] })
    .limit(limit)
    .lean<RunDoc[]>();
  let count = 0;
  for (const run of lost) {
    if (!(await moveRun(models, caller, run, ["running"], "failed", "worker lost"))) continue;
    count += 1;
    await endLog(deps, { organizationId: run.organization_id, subject: runSubject(run._id), line: "run failed: worker lost" }).catch((err: unknown) =>
      deps.logger.warn("runner: a lost run's log was not ended", { run_id: run._id, error: (err as Error).name }),
    );
    await call(deps.bus, CLUSTERS_ACTIONS.setRunStatus, { organization_id: run.organization_id, cluster_id: run.cluster_id, status: "failed", last_error: "worker lost" }).catch(
      () => undefined,
    );
  }
  return count;
}

export const CancelRequestedPayload = z.object({ run_id: z.string() });
