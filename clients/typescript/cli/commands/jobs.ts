import { collect, ok, paginateByPage, type Job, type QueueInfo } from "../../src/index.ts";
import { type Command, choice, int, str } from "../command.ts";
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
        ]),
      );
    },
  },
];
