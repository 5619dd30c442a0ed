import { z } from "zod";
import { limitParam, PageParams } from "../paging.ts";
import { resource } from "../zod.ts";

/**
 * Shapes of the runner service: remote execution over SSH (bastion bootstrap, cluster runs) and
 * the output it streams. Admin-defined actions are called "cluster actions" in the code (an
 * "action" is also a Moleculer action); their HTTP resource keeps the API's name.
 */

// admin-defined actions -------------------------------------------------------------------------

/** What `make` is asked to build: a plain target name, never an option or a shell word. */
export const MAKE_TARGET = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** `{id, label, description, make_target, created_at, updated_at}` (GET /admin/actions). */
export const ClusterAction = resource({
  label: z.string(),
  description: z.string(),
  make_target: z.string(),
});
export type ClusterAction = z.infer<typeof ClusterAction>;

interface Issue {
  input?: unknown;
}
const msg = (name: string) => (iss: Issue) => (iss.input === undefined || iss.input === null ? `missing fields: ${name}` : `invalid ${name}`);
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const noControl = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

const label = z
  .string({ error: msg("label") })
  .trim()
  .min(1, "missing fields: label")
  .max(100, "invalid label: longer than 100 characters")
  .refine(noControl, "invalid label");
const description = z.string({ error: msg("description") }).max(1000, "invalid description: longer than 1000 characters");
const makeTarget = z
  .string({ error: msg("make_target") })
  .trim()
  .min(1, "missing fields: make_target")
  .max(128, "invalid make_target")
  .regex(MAKE_TARGET, "invalid make_target");

const actionID = z.uuid({ error: "invalid id" }).transform((v) => v.toLowerCase());
const clusterID = z.uuid({ error: "invalid id" }).transform((v) => v.toLowerCase());
const runID = z.uuid({ error: "invalid id" }).transform((v) => v.toLowerCase());

/** POST /admin/actions: label (unique, 409) and make_target required. */
export const CreateClusterActionParams = z.object({ label, description: description.default(""), make_target: makeTarget });
/** PATCH /admin/actions/{actionID}: partial. */
export const UpdateClusterActionParams = z.object({ actionID, label: label.optional(), description: description.optional(), make_target: makeTarget.optional() });
export const ClusterActionIdParams = z.object({ actionID });

// runs ------------------------------------------------------------------------------------------

export const RunStatus = z.enum(["queued", "running", "succeeded", "failed", "canceled"]);
export type RunStatus = z.infer<typeof RunStatus>;
/** A run in one of these is over: it never changes again. */
export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ["succeeded", "failed", "canceled"];

/**
 * A run of an action against a cluster. `action` is the action's label when the run was
 * started; `error` is "" unless the run failed or was canceled; `started_at`/`finished_at` are
 * null until then.
 */
export const Run = z.object({
  id: z.string(),
  organization_id: z.string(),
  cluster_id: z.string(),
  action_id: z.string(),
  action: z.string(),
  make_target: z.string(),
  status: RunStatus,
  error: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Run = z.infer<typeof Run>;

/** POST /clusters/{clusterID}/actions/{actionID}/runs */
export const StartRunParams = z.object({ clusterID, actionID });
/** GET /clusters/{clusterID}/runs */
export const ListRunsParams = z.object({ clusterID, ...PageParams.shape });
/** GET /clusters/{clusterID}/runs/{runID}, POST …/cancel */
export const RunIdParams = z.object({ clusterID, runID });

// logs ------------------------------------------------------------------------------------------

export const LogStream = z.enum(["stdout", "stderr", "system"]);
export type LogStream = z.infer<typeof LogStream>;

/** One piece of output, in the order it was produced; `id` is the cursor that continues after it. */
export const LogChunk = z.object({
  id: z.string(),
  stream: LogStream,
  chunk: z.string(),
  created_at: z.string(),
});
export type LogChunk = z.infer<typeof LogChunk>;

/**
 * A page of output after `after` (oldest first). `next_cursor` is the id of the last chunk of the
 * page (null when the page is empty: ask again with the same `after`); `done` is true once the
 * job that writes the log has ended and this page reaches the end of it.
 */
export const LogPage = z.object({
  items: z.array(LogChunk),
  next_cursor: z.string().nullable(),
  done: z.boolean(),
});
export type LogPage = z.infer<typeof LogPage>;

const logQuery = {
  after: z
    .string({ error: "invalid after" })
    .max(100, "invalid after")
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
    .meta({ description: "the `next_cursor` (or a chunk `id`) to continue after; the beginning when absent" }),
  limit: limitParam(1000, 200),
};

/** GET /servers/{id}/logs: the server's bootstrap output. */
export const ServerLogsParams = z.object({ id: z.uuid({ error: "invalid id" }).transform((v) => v.toLowerCase()), ...logQuery });
/** GET /clusters/{clusterID}/runs/{runID}/logs */
export const RunLogsParams = z.object({ clusterID, runID, ...logQuery });

// jobs the runner runs --------------------------------------------------------------------------

/** Job `runner.bootstrapServer`: connect to a pending bastion, pin its host key, run the bootstrap script. */
export const BootstrapServerParams = z.object({ organization_id: z.uuid(), server_id: z.uuid() });
/** Job `runner.executeRun`: one run, never retried (maxAttempts 1). */
/** A run's job; `cluster_id` lets an operator reach the run from the job (jobs queued before it was added lack it). */
export const ExecuteRunParams = z.object({ organization_id: z.uuid(), run_id: z.uuid(), cluster_id: z.uuid().optional() });
/** Periodic job `runner.sweep`: bootstrap jobs for bastions left pending; runs whose worker was lost end `failed`. */
export const RunnerSweepParams = z.object({ limit: z.number().int().min(1).max(5000).default(500) });
export const RunnerSweepResult = z.object({ bootstraps: z.number().int(), lost_runs: z.number().int() });
/** Periodic job `runner.purgeExpiredLogs`: log chunks older than RUNNER_LOG_RETENTION_DAYS (45). */
export const PurgeExpiredLogsResult = z.object({ deleted: z.number().int() });

/** Broadcast when output was appended (wakes the gateways' live tails; carries no output). */
export const RUNNER_LOG_APPENDED = "runner.logAppended";
/** Broadcast to every runner replica when a run's cancel was asked for: the one running it closes its channel. */
export const RUNNER_CANCEL_REQUESTED = "runner.cancelRequested";
