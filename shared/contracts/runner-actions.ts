import { relayEventsAction } from "./events-actions.ts";
import { pageOf, PageParams } from "../paging.ts";
import { action, ORG_ROUTE } from "./action.ts";
import { PurgeOrganizationParams } from "./jobs.ts";
import {
  BootstrapServerParams,
  ClusterAction,
  ClusterActionIdParams,
  CreateClusterActionParams,
  ExecuteRunParams,
  ListRunsParams,
  LogPage,
  PurgeExpiredLogsResult,
  Run,
  RunIdParams,
  RunLogsParams,
  RunnerSweepParams,
  RunnerSweepResult,
  ServerLogsParams,
  StartRunParams,
  UpdateClusterActionParams,
} from "./runner.ts";

/** Admin routes: bearer token of an admin user, plain-text errors. */
const admin = { auth: "admin", errors: "text" } as const;
const oneAction = { ...admin, uuidParams: ["actionID"] } as const;
const managers = { orgRoles: ["owner", "admin"] } as const;
const oneRun = { ...ORG_ROUTE, uuidParams: ["clusterID", "runID"] } as const;

/** How the logs routes answer a live tail (the OpenAPI document's words). */
const TAIL_DESCRIPTION = [
  "JSON: a page of output (`LogPage`). With `Accept: text/event-stream`: a live tail (Server-Sent Events) from `after` (or `Last-Event-ID`):",
  "one `event: log` frame per chunk (`id`: the chunk's id, `data`: the LogChunk as JSON), a `: heartbeat` comment every EVENTS_HEARTBEAT_S, and a last `event: done` frame once the job has ended and everything was sent.",
].join(" ");
const TAIL_HEADERS = [
  { name: "Accept", description: "`text/event-stream` for a live tail instead of one JSON page" },
  { name: "Last-Event-ID", description: "a live tail resumes after this chunk id (EventSource sends it when it reconnects)" },
] as const;

/** The actions of the runner service: admin-defined actions, cluster runs, logs, and the jobs that do the SSH work. */
export const RUNNER_ACTIONS = {
  actions: {
    list: action({
      name: "runner.listActions",
      visibility: "published",
      description: "The actions administrators defined (label, description, make_target), newest first.",
      input: PageParams,
      output: pageOf(ClusterAction),
      http: { method: "GET", path: "/admin/actions", ...admin, paged: true },
    }),
    available: action({
      name: "runner.listAvailableActions",
      visibility: "published",
      description: "The actions an organization can run on its clusters (the ones administrators defined: label, description, make_target), newest first; any member reads them.",
      input: PageParams,
      output: pageOf(ClusterAction),
      http: { method: "GET", path: "/actions", ...ORG_ROUTE, paged: true },
    }),
    create: action({
      name: "runner.createAction",
      visibility: "published",
      description: "Define an action: a make target runs against a cluster through its bastion. Labels are unique (409).",
      input: CreateClusterActionParams,
      output: ClusterAction,
      http: { method: "POST", path: "/admin/actions", ...admin, status: 201, location: "/admin/actions/:actionID", refuses: [409] },
    }),
    get: action({
      name: "runner.getAction",
      visibility: "published",
      description: "One action.",
      input: ClusterActionIdParams,
      output: ClusterAction,
      http: { method: "GET", path: "/admin/actions/:actionID", ...oneAction },
    }),
    update: action({
      name: "runner.updateAction",
      visibility: "published",
      description: "Change an action (partial); runs already started keep what they were started with.",
      input: UpdateClusterActionParams,
      output: ClusterAction,
      http: { method: "PATCH", path: "/admin/actions/:actionID", ...oneAction, refuses: [409], conditional: "/admin/actions/:actionID" },
    }),
    remove: action({
      name: "runner.deleteAction",
      visibility: "published",
      description: "Delete an action; runs already started keep what they were started with.",
      input: ClusterActionIdParams,
      http: { method: "DELETE", path: "/admin/actions/:actionID", ...oneAction, status: 204, conditional: "/admin/actions/:actionID" },
    }),
  },

  runs: {
    start: action({
      name: "runner.startRun",
      visibility: "published",
      description: "Run an action against the cluster through its bastion (owners and admins). One run at a time per cluster: 409 while one is queued or running.",
      input: StartRunParams,
      output: Run,
      access: managers,
      http: {
        method: "POST",
        path: "/clusters/:clusterID/actions/:actionID/runs",
        ...ORG_ROUTE,
        status: 201,
        uuidParams: ["clusterID", "actionID"],
        location: "/clusters/:clusterID/runs/:runID",
        refuses: [409],
      },
    }),
    list: action({
      name: "runner.listRuns",
      visibility: "published",
      description: "The cluster's runs, newest first.",
      input: ListRunsParams,
      output: pageOf(Run),
      http: { method: "GET", path: "/clusters/:clusterID/runs", ...ORG_ROUTE, uuidParams: ["clusterID"], paged: true },
    }),
    get: action({
      name: "runner.getRun",
      visibility: "published",
      description: "One run of the cluster.",
      input: RunIdParams,
      output: Run,
      http: { method: "GET", path: "/clusters/:clusterID/runs/:runID", ...oneRun },
    }),
    logs: action({
      name: "runner.runLogs",
      visibility: "published",
      description: "The run's output: a page after `after`, or a live tail (Accept: text/event-stream).",
      input: RunLogsParams,
      output: LogPage,
      http: { method: "GET", path: "/clusters/:clusterID/runs/:runID/logs", ...oneRun, tail: true, responseDescription: TAIL_DESCRIPTION, requestHeaders: TAIL_HEADERS },
    }),
    cancel: action({
      name: "runner.cancelRun",
      visibility: "published",
      description: "Cancel a queued or running run (owners and admins): a running one is sent a signal and its channel closed; it ends `canceled`. 409 when it has already ended.",
      input: RunIdParams,
      output: Run,
      access: managers,
      http: { method: "POST", path: "/clusters/:clusterID/runs/:runID/cancel", ...oneRun, refuses: [409] },
    }),
  },

  serverLogs: action({
    name: "runner.serverLogs",
    visibility: "published",
    description: "A server's bootstrap output: a page after `after`, or a live tail (Accept: text/event-stream).",
    input: ServerLogsParams,
    output: LogPage,
    http: { method: "GET", path: "/servers/:id/logs", ...ORG_ROUTE, uuidParams: ["id"], tail: true, responseDescription: TAIL_DESCRIPTION, requestHeaders: TAIL_HEADERS },
  }),

  bootstrapServer: action({
    name: "runner.bootstrapServer",
    visibility: "public",
    description: "Job: connect to a pending bastion (pinning its host key on first use) and run the bootstrap script; pending → provisioning → ready or failed.",
    input: BootstrapServerParams,
  }),
  executeRun: action({
    name: "runner.executeRun",
    visibility: "public",
    description: "Job: one cluster run (validate, upload, make ping-servers, make <target>, clean up); never retried.",
    input: ExecuteRunParams,
  }),
  sweep: action({
    name: "runner.sweep",
    visibility: "public",
    description: "Periodic job: bootstrap jobs for bastions left pending; runs whose worker was lost end failed.",
    input: RunnerSweepParams,
    output: RunnerSweepResult,
  }),
  purgeExpiredLogs: action({
    name: "runner.purgeExpiredLogs",
    visibility: "public",
    description: "Periodic job: output older than RUNNER_LOG_RETENTION_DAYS.",
    output: PurgeExpiredLogsResult,
  }),
  relayEvents: relayEventsAction("runner.relayEvents"),
  purgeOrganization: action({
    name: "runner.purgeOrganization",
    visibility: "public",
    description: "Job handler: removes the organization's runs and output here. Idempotent.",
    input: PurgeOrganizationParams,
  }),
} as const;
