import { collect, ok, paginateByPage, type Job, type QueueInfo } from "../../src/index.ts";
import { type Command, choice, int, required, str, UsageError } from "../command.ts";
import { renderTable } from "../output.ts";

const JOB_STATUSES = {
  queued: true,
  running: true,
  succeeded: true,
  failed: true,
  canceled: true,
  retrying: true,
  scheduled: true,
} as const satisfies Record<Job["status"], true>;

const jobColumns = [
  ["ID", (j: Job) => j.id],
  ["TYPE", (j: Job) => j.type],
  ["QUEUE", (j: Job) => j.queue],
  ["STATUS", (j: Job) => j.status],
  ["ATTEMPTS", (j: Job) => `${j.attempts}/${j.max_attempts}`],
  ["RUN AT", (j: Job) => j.run_at],
  ["LAST ERROR", (j: Job) => j.last_error || "-"],
] as const;

export const JOB_COMMANDS: Command[] = [
  {
    path: ["jobs", "list"],
    summary: "the job queue, newest first (administrators)",
    usage: "[--status S] [--queue Q] [--q TEXT] [--page N] [--page-size N] [--all]",
    details: [`Statuses: ${Object.keys(JOB_STATUSES).join(", ")}.`, "--all: every page (--json then prints the jobs as one array instead of the page object)."],
    options: {
      status: { type: "string" },
      queue: { type: "string" },
      q: { type: "string" },
      page: { type: "string" },
      "page-size": { type: "string" },
      all: { type: "boolean", default: false },
    },
    async run(ctx) {
      const status = choice(ctx.values, "status", JOB_STATUSES);
      const queue = str(ctx.values, "queue");
      const q = str(ctx.values, "q");
      const pageSize = int(ctx.values, "page-size");
      const query = {
        ...(status === undefined ? {} : { status }),
        ...(queue === undefined ? {} : { queue }),
        ...(q === undefined ? {} : { q }),
        ...(pageSize === undefined ? {} : { page_size: pageSize }),
      };
      const page = int(ctx.values, "page");
      const client = await ctx.client();
      if (ctx.values.all === true) {
        const jobs = await collect(paginateByPage((page) => client.api.GET("/api/v1/admin/worker/jobs", { params: { query: { ...query, page } } })));
        ctx.print(jobs, () => renderTable(jobs, jobColumns));
        return;
      }
      const result = await ok(client.api.GET("/api/v1/admin/worker/jobs", { params: { query: { ...query, ...(page === undefined ? {} : { page }) } } }));
      const pages = Math.max(1, Math.ceil(result.total / result.page_size));
      ctx.print(result, () => `${renderTable(result.items, jobColumns)}page ${result.page} of ${pages} (${result.total} jobs)\n`);
    },
  },
  {
    path: ["jobs", "cancel"],
    summary: "cancel a job (a running attempt finishes, nothing picks it up again)",
    usage: "<job-id>",
    args: ["job-id"],
    async run(ctx) {
      const job = await ok((await ctx.client()).api.POST("/api/v1/admin/worker/jobs/{id}/cancel", { params: { path: { id: ctx.args[0]! } }, body: {} }));
      ctx.print(job, () => renderTable([job], jobColumns));
    },
  },
  {
    path: ["jobs", "retry"],
    summary: "run a failed or canceled job again from attempt 1",
    usage: "<job-id>",
    args: ["job-id"],
    async run(ctx) {
      const job = await ok((await ctx.client()).api.POST("/api/v1/admin/worker/jobs/{id}/retry", { params: { path: { id: ctx.args[0]! } }, body: {} }));
      ctx.print(job, () => renderTable([job], jobColumns));
    },
  },
  {
    path: ["jobs", "queues"],
    summary: "the queues and how many jobs wait, run and failed in each",
    usage: "",
    async run(ctx) {
      const queues = await ok((await ctx.client()).api.GET("/api/v1/admin/worker/queues"));
      ctx.print(queues, () =>
        renderTable(queues, [
          ["QUEUE", (q: QueueInfo) => q.name],
          ["PENDING", (q: QueueInfo) => String(q.pending)],
          ["RUNNING", (q: QueueInfo) => String(q.running)],
          ["FAILED", (q: QueueInfo) => String(q.failed)],
          ["SCHEDULED", (q: QueueInfo) => String(q.scheduled)],
          ["STATE", (q: QueueInfo) => (q.paused ? "paused" : "active")],
          ["OLDEST PENDING", (q: QueueInfo) => (q.oldest_pending_age_seconds > 0 ? `${q.oldest_pending_age_seconds}s` : "-")],
        ]),
      );
    },
  },
  ...(["pause", "resume"] as const).map((op): Command => ({
    path: ["jobs", op],
    summary: op === "pause" ? "pause a queue: no replica starts its jobs until it is resumed (they still enqueue)" : "resume a paused queue: its waiting jobs run",
    usage: "<queue>",
    args: ["queue"],
    async run(ctx) {
      const client = await ctx.client();
      const params = { params: { path: { name: ctx.args[0]! } }, body: {} };
      const queue = await ok(
        op === "pause" ? client.api.POST("/api/v1/admin/worker/queues/{name}/pause", params) : client.api.POST("/api/v1/admin/worker/queues/{name}/resume", params),
      );
      ctx.print(queue, () => `Queue ${queue.name} ${queue.paused ? "paused" : "active"}: ${queue.pending} pending, ${queue.running} running.\n`);
    },
  })),
  {
    path: ["jobs", "enqueue"],
    summary: "enqueue a job by hand (administrators): its payload is checked against its handler's, its queue must be its type's",
    usage: "--type T --queue Q [--payload JSON] [--run-at ISO-8601]",
    details: ["--payload: a JSON object (default {}). --run-at: schedule it for then (default: at once)."],
    options: { type: { type: "string" }, queue: { type: "string" }, payload: { type: "string" }, "run-at": { type: "string" } },
    async run(ctx) {
      const type = required(ctx.values, "type");
      const queue = required(ctx.values, "queue");
      let payload: unknown;
      try {
        payload = JSON.parse(str(ctx.values, "payload") ?? "{}");
      } catch {
        payload = undefined;
      }
      if (typeof payload !== "object" || payload === null || Array.isArray(payload)) throw new UsageError("--payload must be a JSON object");
      const runAt = str(ctx.values, "run-at");
      const body = { type, queue, payload: payload as Record<string, unknown>, ...(runAt === undefined ? {} : { run_at: runAt }) };
      const job = await ok((await ctx.client()).api.POST("/api/v1/admin/worker/jobs", { body }));
      ctx.print(job, () => renderTable([job], jobColumns));
    },
  },
];
