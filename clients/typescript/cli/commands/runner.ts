import { collect, ok, type ClusterAction, type ClusterClient, type JsonRequest, type LogChunk, type LogPage, type Run } from "../../src/index.ts";
import { type Command, type Ctx, OutcomeFailed, UsageError, required, str } from "../command.ts";
import { printable, renderFields, renderTable } from "../output.ts";
import { serverFields } from "./orgs.ts";

/**
 * Cluster operations over SSH (docs/api/ssh-operations.md): the actions administrators define,
 * runs of them against a cluster, and the output of runs and of bastion bootstraps, printed as it
 * comes with --follow. Tables and fields escape what they show (output.ts); the lines written
 * here escape it too (`printable`; main.ts escapes an error's message): labels and remote output
 * are text from elsewhere.
 */

const e = (text: string) => printable(text);

const actionColumns = [
  ["ID", (a: ClusterAction) => a.id],
  ["LABEL", (a: ClusterAction) => a.label],
  ["MAKE TARGET", (a: ClusterAction) => a.make_target],
  ["DESCRIPTION", (a: ClusterAction) => a.description || "-"],
] as const;

const actionFields = (a: ClusterAction) =>
  renderFields([
    ["ID", a.id],
    ["LABEL", a.label],
    ["MAKE TARGET", a.make_target],
    ["DESCRIPTION", a.description || "-"],
    ["CREATED", a.created_at],
    ["UPDATED", a.updated_at],
  ]);

const runColumns = [
  ["ID", (r: Run) => r.id],
  ["ACTION", (r: Run) => r.action],
  ["MAKE TARGET", (r: Run) => r.make_target],
  ["STATUS", (r: Run) => r.status],
  ["CREATED", (r: Run) => r.created_at],
  ["FINISHED", (r: Run) => r.finished_at ?? "-"],
  ["ERROR", (r: Run) => r.error || "-"],
] as const;

const runFields = (r: Run) =>
  renderFields([
    ["ID", r.id],
    ["CLUSTER", r.cluster_id],
    ["ACTION", `${r.action} (${r.action_id})`],
    ["MAKE TARGET", r.make_target],
    ["STATUS", r.status],
    ["ERROR", r.error || "-"],
    ["CREATED", r.created_at],
    ["STARTED", r.started_at ?? "-"],
    ["FINISHED", r.finished_at ?? "-"],
  ]);

const FINISHED: readonly Run["status"][] = ["succeeded", "failed", "canceled"];

/** Remote output for a terminal: escaped (printable) but for its line breaks and tabs. */
export function printableOutput(text: string): string {
  return text
    .split("\t")
    .map((part) => printable(part, true))
    .join("\t");
}

/**
 * A chunk as it comes: stdout to standard output, stderr and the runner's own system lines to
 * standard error, escaped (printableOutput); with --json one LogChunk per line (NDJSON) on
 * standard output.
 */
export function printChunk(ctx: Ctx, c: LogChunk): void {
  if (ctx.json) ctx.io.stdout.write(`${JSON.stringify(c)}\n`);
  else (c.stream === "stdout" ? ctx.io.stdout : ctx.io.stderr).write(printableOutput(c.chunk));
}

/** Every page of a log there is now (not following): until `done`, or a page that brings nothing new. */
async function readLog(page: (after: string | undefined) => Promise<LogPage | string>, after: string | undefined): Promise<LogPage> {
  const items: LogChunk[] = [];
  let cursor = after;
  for (;;) {
    // the logs routes document a live tail (text/event-stream) too; a JSON request gets a page
    const got = await page(cursor);
    if (typeof got === "string") throw new Error("the logs route did not answer a JSON page");
    items.push(...got.items);
    if (got.next_cursor !== null) cursor = got.next_cursor;
    if (got.done || got.items.length === 0) return { items, next_cursor: cursor ?? null, done: got.done };
  }
}

/** Prints a log read whole: chunk by chunk, or with --json the LogPage of everything. */
function printLog(ctx: Ctx, log: LogPage): void {
  if (ctx.json) ctx.print(log, () => "");
  else for (const c of log.items) printChunk(ctx, c);
}

/** The run once it has ended: `done` is sent after the run's last write, its status may take a moment more. */
async function finishedRun(client: ClusterClient, clusterID: string, runID: string, timeoutMs = 30_000): Promise<Run> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await ok(client.api.GET("/api/v1/clusters/{clusterID}/runs/{runID}", { params: { path: { clusterID, runID } } }));
    if (FINISHED.includes(run.status) || Date.now() > deadline) return run;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Follows a run's log to its end, then says how the run ended: exit 6 unless it succeeded. */
async function followRun(ctx: Ctx, client: ClusterClient, clusterID: string, runID: string, after?: string): Promise<void> {
  for await (const c of client.followRunLog(clusterID, runID, { after })) printChunk(ctx, c);
  const run = await finishedRun(client, clusterID, runID);
  if (ctx.json) ctx.io.stdout.write(`${JSON.stringify(run)}\n`);
  else ctx.io.stderr.write(`Run ${run.id} ${run.status}${run.error ? `: ${e(run.error)}` : ""}.\n`);
  if (run.status !== "succeeded") throw new OutcomeFailed(`run ${run.id} ${run.status}${run.error ? `: ${run.error}` : ""}`);
}

const FOLLOW_DETAILS = [
  "--follow: print the output as it is written until the run ends (stdout to standard output; stderr and the",
  "runner's system lines to standard error; with --json one LogChunk per line, then the run); exit 6 when the",
  "run ends failed or canceled. A dropped connection is opened again where it left off.",
];

type ActionPatch = JsonRequest<"patchAdminActionsActionID">;

export const ACTION_COMMANDS: Command[] = [
  {
    path: ["actions", "list"],
    summary: "the actions administrators defined (every page; administrators)",
    usage: "",
    async run(ctx) {
      const actions = await collect((await ctx.client()).actions());
      ctx.print(actions, () => renderTable(actions, actionColumns));
    },
  },
  {
    path: ["actions", "get"],
    summary: "one action (administrators)",
    usage: "<action-id>",
    args: ["action-id"],
    async run(ctx) {
      const action = await ok((await ctx.client()).api.GET("/api/v1/admin/actions/{actionID}", { params: { path: { actionID: ctx.args[0]! } } }));
      ctx.print(action, () => actionFields(action));
    },
  },
  {
    path: ["actions", "create"],
    summary: "define an action: a make target run against a cluster through its bastion (administrators)",
    usage: "--label LABEL --make-target TARGET [--description TEXT]",
    details: ["Labels are unique (a second one is refused, exit 3); a make target is a plain name: letters, digits, _ . - (not first)."],
    options: { label: { type: "string" }, "make-target": { type: "string" }, description: { type: "string" } },
    async run(ctx) {
      const description = str(ctx.values, "description");
      const body = { label: required(ctx.values, "label"), make_target: required(ctx.values, "make-target"), ...(description === undefined ? {} : { description }) };
      const action = await ok((await ctx.client()).api.POST("/api/v1/admin/actions", { body }));
      ctx.print(action, () => actionFields(action));
    },
  },
  {
    path: ["actions", "update"],
    summary: "change an action's label, description or make target (administrators)",
    usage: "<action-id> [--label LABEL] [--make-target TARGET] [--description TEXT]",
    args: ["action-id"],
    details: ["Runs already started keep what they were started with."],
    options: { label: { type: "string" }, "make-target": { type: "string" }, description: { type: "string" } },
    async run(ctx) {
      const label = str(ctx.values, "label");
      const target = str(ctx.values, "make-target");
      const description = str(ctx.values, "description");
      const body: ActionPatch = {
        ...(label === undefined ? {} : { label }),
        ...(target === undefined ? {} : { make_target: target }),
        ...(description === undefined ? {} : { description }),
      };
      if (Object.keys(body).length === 0) throw new UsageError("nothing to change: give --label, --make-target or --description");
      const action = await ok((await ctx.client()).api.PATCH("/api/v1/admin/actions/{actionID}", { params: { path: { actionID: ctx.args[0]! } }, body }));
      ctx.print(action, () => actionFields(action));
    },
  },
  {
    path: ["actions", "delete"],
    summary: "delete an action (administrators; runs already started keep what they were started with)",
    usage: "<action-id>",
    args: ["action-id"],
    async run(ctx) {
      await ok((await ctx.client()).api.DELETE("/api/v1/admin/actions/{actionID}", { params: { path: { actionID: ctx.args[0]! } } }));
      ctx.say(`Deleted action ${ctx.args[0]!}.`);
    },
  },
];

export const RUN_COMMANDS: Command[] = [
  {
    path: ["clusters", "run"],
    summary: "run an action against a cluster through its bastion (owners and admins of the organization)",
    usage: "<cluster-id> <action-id> [--follow]",
    args: ["cluster-id", "action-id"],
    details: ["One run at a time per cluster: a second is refused (409, exit 3) while one is queued or running.", ...FOLLOW_DETAILS],
    options: { follow: { type: "boolean", short: "f", default: false } },
    async run(ctx) {
      const [clusterID, actionID] = ctx.args as [string, string];
      const client = await ctx.client({ org: true });
      const run = await ok(client.api.POST("/api/v1/clusters/{clusterID}/actions/{actionID}/runs", { params: { path: { clusterID, actionID } } }));
      if (ctx.values.follow !== true) {
        ctx.print(run, () => runFields(run));
        return;
      }
      if (!ctx.json) ctx.io.stderr.write(`Run ${run.id} ${run.status}: ${e(run.action)} (make ${e(run.make_target)}).\n`);
      await followRun(ctx, client, clusterID, run.id);
    },
  },
  {
    path: ["clusters", "runs"],
    summary: "a cluster's runs, newest first (every page)",
    usage: "<cluster-id>",
    args: ["cluster-id"],
    async run(ctx) {
      const runs = await collect((await ctx.client({ org: true })).runs(ctx.args[0]!));
      ctx.print(runs, () => renderTable(runs, runColumns));
    },
  },
  {
    path: ["clusters", "get-run"],
    summary: "one run of a cluster",
    usage: "<cluster-id> <run-id>",
    args: ["cluster-id", "run-id"],
    async run(ctx) {
      const [clusterID, runID] = ctx.args as [string, string];
      const run = await ok((await ctx.client({ org: true })).api.GET("/api/v1/clusters/{clusterID}/runs/{runID}", { params: { path: { clusterID, runID } } }));
      ctx.print(run, () => runFields(run));
    },
  },
  {
    path: ["clusters", "run-logs"],
    summary: "a run's output: what there is now, or live with --follow",
    usage: "<cluster-id> <run-id> [--after CURSOR] [--follow]",
    args: ["cluster-id", "run-id"],
    details: ["Without --follow: every page there is now (--json: one LogPage of it all, its next_cursor to continue --after).", ...FOLLOW_DETAILS],
    options: { follow: { type: "boolean", short: "f", default: false }, after: { type: "string" } },
    async run(ctx) {
      const [clusterID, runID] = ctx.args as [string, string];
      const client = await ctx.client({ org: true });
      const after = str(ctx.values, "after");
      if (ctx.values.follow === true) return followRun(ctx, client, clusterID, runID, after);
      const log = await readLog(
        (cursor) =>
          ok(
            client.api.GET("/api/v1/clusters/{clusterID}/runs/{runID}/logs", {
              params: { path: { clusterID, runID }, query: { limit: 1000, ...(cursor ? { after: cursor } : {}) } },
            }),
          ),
        after,
      );
      printLog(ctx, log);
    },
  },
  {
    path: ["clusters", "cancel-run"],
    summary: "cancel a queued or running run (owners and admins; a running one is sent a signal and ends canceled)",
    usage: "<cluster-id> <run-id>",
    args: ["cluster-id", "run-id"],
    async run(ctx) {
      const [clusterID, runID] = ctx.args as [string, string];
      const run = await ok((await ctx.client({ org: true })).api.POST("/api/v1/clusters/{clusterID}/runs/{runID}/cancel", { params: { path: { clusterID, runID } } }));
      ctx.print(run, () => runFields(run));
    },
  },
];

export const SERVER_OPERATION_COMMANDS: Command[] = [
  {
    path: ["servers", "logs"],
    summary: "a server's bootstrap output: what there is now, or live with --follow",
    usage: "<server-id> [--after CURSOR] [--follow]",
    args: ["server-id"],
    details: [
      "Without --follow: every page there is now (--json: one LogPage of it all).",
      "--follow: print the output as it is written until the bootstrap ends (stdout to standard output, stderr and",
      "system lines to standard error; --json: one LogChunk per line, then the server); exit 6 when the server ends failed.",
    ],
    options: { follow: { type: "boolean", short: "f", default: false }, after: { type: "string" } },
    async run(ctx) {
      const id = ctx.args[0]!;
      const client = await ctx.client({ org: true });
      const after = str(ctx.values, "after");
      if (ctx.values.follow !== true) {
        const log = await readLog(
          (cursor) => ok(client.api.GET("/api/v1/servers/{id}/logs", { params: { path: { id }, query: { limit: 1000, ...(cursor ? { after: cursor } : {}) } } })),
          after,
        );
        printLog(ctx, log);
        return;
      }
      for await (const c of client.followServerLog(id, { after })) printChunk(ctx, c);
      const server = await ok(client.api.GET("/api/v1/servers/{id}", { params: { path: { id } } }));
      if (ctx.json) ctx.io.stdout.write(`${JSON.stringify(server)}\n`);
      else ctx.io.stderr.write(`Server ${server.id} ${server.status}${server.last_error ? `: ${e(server.last_error)}` : ""}.\n`);
      if (server.status === "failed") throw new OutcomeFailed(`server ${server.id} failed${server.last_error ? `: ${server.last_error}` : ""}`);
    },
  },
  {
    path: ["servers", "reset-hostkey"],
    summary: "forget a server's pinned SSH host key: the next connection pins the key it presents (owners and admins)",
    usage: "<server-id>",
    args: ["server-id"],
    async run(ctx) {
      const server = await ok((await ctx.client({ org: true })).api.POST("/api/v1/servers/{id}/reset-hostkey", { params: { path: { id: ctx.args[0]! } } }));
      ctx.print(server, () => serverFields(server));
    },
  },
];
