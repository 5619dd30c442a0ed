import {
  ApiError,
  LogFollowError,
  NetworkError,
  ok,
  UnexpectedResponseError,
  type JsonRequest,
  type JsonResponse,
  type LogChunk,
  type operations,
} from "../../clients/typescript/src/index.ts";
import { Connection } from "./connection.ts";
import { loadSession, saveSession, type Session } from "./session.ts";

/**
 * The console's only way to the system: the typed client (clients/typescript, over the schema
 * generated from the API's OpenAPI document) with the signed-in administrator's bearer token, on
 * the console's own origin. Every path, parameter and answer is typed from the document; an error
 * is the client's ApiError, carrying the API's own status, code and message (plain text on the
 * admin routes, `{code, message}` on /auth and /me), so the console says exactly what the API said.
 */

export { ApiError };
export type { LogChunk };

const connection = new Connection({ baseUrl: location.origin, store: { load: loadSession, save: saveSession } });

export const currentSession = (): Session | undefined => connection.current;
/** The typed client with the signed-in session (the tenant pages derive each organization's with `withOrg`). */
export const signedInClient = () => connection.client;
export const setSession = (next: Session | undefined, reason?: string): void => connection.setSession(next, reason);
/** Told when the session ends (refused token that cannot be refreshed): the app goes back to sign-in. */
export const onSessionChange = (fn: (session: Session | undefined, reason?: string) => void): void => connection.onSessionChange(fn);
/** Told when an admin route answers 403 `forbidden` (the user may have lost administrator rights meanwhile). */
export const onAdminRefused = (fn: () => void): void => connection.onAdminRefused(fn);

/** The answers the pages show, as the generated schema names them. */
export type Me = JsonResponse<"getMe">;
export type Job = JsonResponse<"postAdminWorkerJobsIdCancel">;
export type AdminJob = JsonResponse<"getAdminWorkerJobsId">;
export type AdminPageJob = JsonResponse<"getAdminWorkerJobs">;
export type QueueInfo = JsonResponse<"getAdminWorkerQueues">[number];
export type JobStats = JsonResponse<"getAdminWorkerStats">;
export type PeriodicJobInfo = JsonResponse<"getAdminWorkerPeriodic">[number];
export type AdminUser = JsonResponse<"getAdminUsersId">;
export type AdminOrganization = JsonResponse<"getAdminOrganizationsId">;
export type AdminAuditEvent = JsonResponse<"getAdminOrganizationsIdAuditEvents">[number];
export type ClusterAction = JsonResponse<"getAdminActionsActionID">;
export type Run = JsonResponse<"getClustersClusterIDRunsRunID">;

/**
 * What a form or the address holds, sent as it is: the keys are the document's, the values are
 * the API's to check (its message says what is wrong: `missing fields: payload`, `invalid status`),
 * so the console does not check them first.
 */
type AsTyped<T extends object> = { [K in keyof T]?: unknown };

type JobsQuery = NonNullable<operations["getAdminWorkerJobs"]["parameters"]["query"]>;
/** The job list's filters as the address gives them (`periodic`: `false`, the API's default, hides periodic housekeeping; `true` only them; `all` both). */
export type JobFilter = AsTyped<JobsQuery>;
/** The filter of a bulk retry or cancel (the job list's, without its free text) and how many jobs at most. */
export type BulkRetry = JsonRequest<"postAdminWorkerJobsBulkRetry">;
export type BulkCancel = JsonRequest<"postAdminWorkerJobsBulkCancel">;
type Enqueue = JsonRequest<"postAdminWorkerJobs">;
/** The enqueue form: type, queue, payload, run_at. */
export type EnqueueForm = AsTyped<Enqueue>;
export type ActionChange = JsonRequest<"patchAdminActionsActionID">;

/** Only the defined, non-empty values (an empty filter is no filter). */
function defined<T extends object>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(params) as (keyof T)[]) if (params[key] !== undefined && params[key] !== "") out[key] = params[key];
  return out;
}

type CallbackQuery = NonNullable<operations["getAuthProviderCallback"]["parameters"]["query"]>;
const CALLBACK_PARAMS = ["code", "state", "iss", "error", "error_description"] as const satisfies readonly (keyof CallbackQuery)[];

const signedIn = () => connection.client.api;
const anonymous = () => connection.anonymous.api;

export const api = {
  me: () => ok(signedIn().GET("/api/v1/me")),
  /** The identity providers this deployment is configured with (name and display name). */
  providers: () => ok(anonymous().GET("/api/v1/auth/providers")),
  loginStart: (provider: string) => ok(anonymous().POST("/api/v1/auth/{provider}/start", { params: { path: { provider } }, body: { return_to: "console" } })),
  /** The provider's answer (code, state, …) as it reached the console's callback page. */
  loginCallback: (provider: string, search: string) => {
    const given = new URLSearchParams(search);
    const query: CallbackQuery = {};
    for (const name of CALLBACK_PARAMS) {
      const value = given.get(name);
      if (value !== null) query[name] = value;
    }
    return ok(anonymous().GET("/api/v1/auth/{provider}/callback", { params: { path: { provider }, query } }));
  },
  logout: (refreshToken: string) => ok(anonymous().POST("/api/v1/auth/logout", { body: { refresh_token: refreshToken } })),

  jobs: (filter: JobFilter, signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/worker/jobs", { params: { query: defined(filter) as JobsQuery }, signal })),
  job: (id: string, signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/worker/jobs/{id}", { params: { path: { id } }, signal })),
  enqueue: (form: EnqueueForm) => ok(signedIn().POST("/api/v1/admin/worker/jobs", { body: form as Enqueue })),
  cancel: (id: string) => ok(signedIn().POST("/api/v1/admin/worker/jobs/{id}/cancel", { params: { path: { id } }, body: {} })),
  retry: (id: string) => ok(signedIn().POST("/api/v1/admin/worker/jobs/{id}/retry", { params: { path: { id } }, body: {} })),

  /** Failed or canceled jobs of the filter (the list's, without its free text), at most `max` (1 to 500), newest first, queued again. */
  bulkRetry: (body: BulkRetry) => ok(signedIn().POST("/api/v1/admin/worker/jobs/bulk-retry", { body })),
  /** Queued, scheduled, retrying or running jobs of the filter, at most `max` (1 to 500), newest first, canceled. */
  bulkCancel: (body: BulkCancel) => ok(signedIn().POST("/api/v1/admin/worker/jobs/bulk-cancel", { body })),
  /** The periodic housekeeping job types: schedule, last run, next run. */
  periodic: (signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/worker/periodic", { signal })),
  /** Attempts of the last hour, per minute and per queue, over every jobs replica. */
  stats: (signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/worker/stats", { signal })),

  queues: (signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/worker/queues", { signal })),
  pauseQueue: (name: string) => ok(signedIn().POST("/api/v1/admin/worker/queues/{name}/pause", { params: { path: { name } }, body: {} })),
  resumeQueue: (name: string) => ok(signedIn().POST("/api/v1/admin/worker/queues/{name}/resume", { params: { path: { name } }, body: {} })),

  /** Organizations whose name or domain contains `q`, or with a member whose e-mail does (newest first, up to 100). */
  searchOrganizations: (q: string, signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/organizations", { params: { query: { ...(q ? { q } : {}), limit: 100 } }, signal })),
  /** Users whose e-mail or name contains `q` (all when empty; newest first, up to 100). */
  users: (q: string, signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/users", { params: { query: { ...(q ? { q } : {}), limit: 100 } }, signal })),
  updateUser: (id: string, body: JsonRequest<"patchAdminUsersId">) => ok(signedIn().PATCH("/api/v1/admin/users/{id}", { params: { path: { id } }, body })),
  organization: (id: string, signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/organizations/{id}", { params: { path: { id } }, signal })),
  /** The actions administrators defined (one page of up to 1000, newest first). */
  actions: (signal?: AbortSignal) => ok(signedIn().GET("/api/v1/admin/actions", { params: { query: { limit: 1000 } }, signal })),
  createAction: (body: JsonRequest<"postAdminActions">) => ok(signedIn().POST("/api/v1/admin/actions", { body })),
  updateAction: (actionID: string, body: ActionChange) => ok(signedIn().PATCH("/api/v1/admin/actions/{actionID}", { params: { path: { actionID } }, body })),
  deleteAction: (actionID: string) => ok(signedIn().DELETE("/api/v1/admin/actions/{actionID}", { params: { path: { actionID } } })),

  run: (org: string, clusterID: string, runID: string, signal?: AbortSignal) =>
    ok(signedIn().GET("/api/v1/clusters/{clusterID}/runs/{runID}", { params: { path: { clusterID, runID }, header: { "X-Org-ID": org } }, signal })),
  cancelRun: (org: string, clusterID: string, runID: string) =>
    ok(signedIn().POST("/api/v1/clusters/{clusterID}/runs/{runID}/cancel", { params: { path: { clusterID, runID }, header: { "X-Org-ID": org } }, body: {} })),
  /**
   * The run's output as it is written, until it has ended (live tail): the typed client's
   * follower (fetch with the session's token, which EventSource cannot send; a dropped connection
   * resumed with `Last-Event-ID`; the token refreshed on a 401).
   */
  followRunLog: (org: string, clusterID: string, runID: string, signal?: AbortSignal) => connection.client.withOrg(org).followRunLog(clusterID, runID, { signal }),

  /** The organization's newest audit events (the route answers the page's items). */
  auditEvents: (id: string, limit: number, signal?: AbortSignal) =>
    ok(signedIn().GET("/api/v1/admin/organizations/{id}/audit-events", { params: { path: { id }, query: { limit } }, signal })),
};

/** A message for any failure: the API's own words, or what went wrong on the way. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message || `HTTP ${err.status}`;
  if (err instanceof NetworkError || err instanceof TypeError) return "The API did not answer (network error).";
  if (err instanceof UnexpectedResponseError || err instanceof LogFollowError) return err.message;
  return err instanceof Error ? err.message : String(err);
}
