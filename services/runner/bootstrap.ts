import { readFile } from "node:fs/promises";
import type { Server, ServerConnection } from "../../shared/contracts/inventory.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import type { RunnerDeps } from "./deps.ts";
import { openLogSink, serverSubject, type LogSink } from "./log-sink.ts";
import { connectPinned } from "./bastion.ts";
import { shellQuote, SshError, type SshSession } from "./ssh.ts";
import { call } from "../../shared/call.ts";
import { jobsClient } from "../../shared/jobs-client.ts";

/** Waits for cloud-init where it exists, then checks the toolkit's `make` is there. */
export const DEFAULT_BOOTSTRAP_SCRIPT = [
  "set -e",
  "if command -v cloud-init >/dev/null 2>&1; then echo 'waiting for cloud-init'; cloud-init status --wait || true; fi",
  "if ! command -v make >/dev/null 2>&1; then echo 'make is not installed' >&2; exit 1; fi",
  'echo "make: $(command -v make)"',
  "echo 'bastion ready'",
].join("\n");

async function bootstrapScript(path: string | undefined): Promise<string> {
  return path ? readFile(path, "utf8") : DEFAULT_BOOTSTRAP_SCRIPT;
}

async function setStatus(deps: RunnerDeps, orgId: string, serverId: string, status: Server["status"], lastError: string, from: Server["status"][]): Promise<Server | null> {
  return (await call(deps.bus, INVENTORY_ACTIONS.setServerStatus, { organization_id: orgId, server_id: serverId, status, last_error: lastError, from })).server;
}

/**
 * Connects to the bastion (trust on first use), runs the bootstrap script into the server's log and answers why it failed, or
 * null when it succeeded.
 */
async function connectAndRun(deps: RunnerDeps, conn: ServerConnection, log: LogSink): Promise<string | null> {
  const { server } = conn;
  log.system(`connecting to ${server.ssh_user}@${server.public_ip_address}:${server.ssh_port}`);
  let session: SshSession;
  try {
    session = await connectPinned(deps, conn, (fingerprint) => log.system(`host key pinned: ${fingerprint}`));
  } catch (err) {
    return err instanceof SshError ? err.message : `connection failed: ${(err as Error).message}`;
  }
  try {
    const script = await bootstrapScript(deps.settings.BASTION_BOOTSTRAP_SCRIPT);
    log.system("running the bootstrap script");
    const result = await session.exec(`sh -c ${shellQuote(script)}`, {
      onOutput: (stream, text) => log.write(stream, text),
      timeoutMs: deps.settings.RUNNER_STEP_TIMEOUT_S * 1000,
    });
    if (result.timedOut) return "bootstrap script timed out";
    if (result.exitCode !== 0) return `bootstrap script failed (exit ${result.exitCode ?? result.exitSignal ?? "unknown"})`;
    return null;
  } finally {
    session.close();
  }
}

/** Job `runner.bootstrapServer`: pending → provisioning → ready, or failed with `last_error`; output in the server's log. */
export async function bootstrapServer(deps: RunnerDeps, orgId: string, serverId: string): Promise<void> {
  const started = await setStatus(deps, orgId, serverId, "provisioning", "", ["pending"]);
  if (!started) return; // gone, or not pending any more (another attempt has it)
  let conn: ServerConnection;
  try {
    conn = await call(deps.bus, INVENTORY_ACTIONS.connectionFor, { organization_id: orgId, server_id: serverId });
  } catch (err) {
    await setStatus(deps, orgId, serverId, "failed", `connection details unavailable: ${(err as Error).message}`, ["provisioning"]);
    return;
  }
  const log = await openLogSink(deps, { organizationId: orgId, subject: serverSubject(serverId), secrets: [conn.private_key], maxBytes: deps.settings.RUNNER_LOG_MAX_BYTES });
  let failure: string | null;
  try {
    failure = await connectAndRun(deps, conn, log);
  } catch (err) {
    failure = `bootstrap failed: ${(err as Error).message}`;
  }
  log.system(failure === null ? "bootstrap succeeded" : `bootstrap failed: ${failure}`);
  await log.close();
  await setStatus(deps, orgId, serverId, failure === null ? "ready" : "failed", failure ?? "", ["provisioning"]);
}

/** The sweep's bastion part: a bootstrap job for every bastion left pending (a lost enqueue); answers how many were enqueued. */
export async function sweepPendingBastions(deps: RunnerDeps, limit: number): Promise<number> {
  const { servers } = await call(deps.bus, INVENTORY_ACTIONS.pendingBastions, { limit });
  const period = Math.floor(Date.now() / 60_000);
  let enqueued = 0;
  for (const s of servers) {
    try {
      await jobsClient.enqueue(deps.bus, {
        type: "runner.bootstrapServer",
        payload: { organization_id: s.organization_id, server_id: s.id },
        dedupe_key: `runner.bootstrapServer:${s.id}:sweep:${period}`,
      });
      enqueued++;
    } catch (err) {
      deps.logger.warn("runner.bootstrapServer not enqueued by the sweep", { server_id: s.id, error: (err as Error).message });
    }
  }
  return enqueued;
}
