import type { AdminUser, AuthStartResponse, IdentityProvider, MeResponse, TokenPair } from "../../shared/contracts/auth.ts";
import type { AdminAuditEvent } from "../../shared/contracts/domain-event.ts";
import type { AdminJob, AdminPageJob, BulkResult, Job, JobStats, JobStatus, PeriodicJobInfo, QueueInfo } from "../../shared/contracts/jobs.ts";
import type { AdminOrganization, AdminOrgSummary } from "../../shared/contracts/orgs.ts";
import type { ClusterAction, Run } from "../../clients/typescript/src/types.ts";
import { followLog, type LogChunk } from "../../clients/typescript/src/logs.ts";
import { loadSession, saveSession, sessionOf, type Session } from "./session.ts";

/**
 * The console's only way to the system: the same HTTP API every client uses (same origin,
 * /api/v1), with the signed-in administrator's bearer token. An error carries the API's own
 * status, code and message (plain text on the admin routes, `{code, message}` on /auth and
 * /me), so the console says exactly what the API said.
 */

const API = "/api/v1";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Told when the session ends (refused token that cannot be refreshed): the app goes back to sign-in. */
type SessionListener = (session: Session | undefined, reason?: string) => void;
let listener: SessionListener = () => {};
let session: Session | undefined = loadSession();

export function onSessionChange(fn: SessionListener): void {
  listener = fn;
}

/** Told when an admin route answers 403 `forbidden` (the user may have lost administrator rights meanwhile). */
let adminRefused: () => void = () => {};

export function onAdminRefused(fn: () => void): void {
  adminRefused = fn;
}

export function currentSession(): Session | undefined {
  return session;
}

export function setSession(next: Session | undefined, reason?: string): void {
  session = next;
  saveSession(next);
  listener(next, reason);
}

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  const code = res.headers.get("x-error-code") ?? "error";
  if ((res.headers.get("content-type") ?? "").startsWith("application/json")) {
    try {
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (typeof body.message === "string") return new ApiError(res.status, typeof body.code === "string" ? body.code : code, body.message);
    } catch {
      // fall through to the text
    }
  }
  return new ApiError(res.status, code, text || res.statusText || `HTTP ${res.status}`);
}

interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Without the session's token (sign-in). */
  anonymous?: boolean;
  /** Aborts the request (a newer one replaces it, or its page went away). */
  signal?: AbortSignal | undefined;
  /** The organization of an [org] route (`X-Org-ID`). */
  org?: string | undefined;
}

let refreshing: Promise<boolean> | undefined;

/** Trades the refresh token for a new pair (once at a time); false when there is none or it is refused. */
function refresh(): Promise<boolean> {
  const current = session;
  if (!current?.refresh_token) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const pair = await request<TokenPair>("/auth/refresh", { method: "POST", body: { refresh_token: current.refresh_token }, anonymous: true });
      setSession(sessionOf(pair));
      return true;
    } catch {
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

async function request<T>(path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = opts.anonymous ? undefined : session?.access_token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.org !== undefined) headers["x-org-id"] = opts.org;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(API + path, { method: opts.method ?? "GET", headers, body, credentials: "omit", cache: "no-store", signal: opts.signal ?? null });
  if (res.status === 401 && token && !retried) {
    // an expired access token: a refresh token gets a new one, then the request goes again
    if (await refresh()) return request<T>(path, opts, true);
    setSession(undefined, "Your session has ended (the token expired or was revoked). Sign in again.");
  }
  if (res.status === 403 && path.startsWith("/admin/")) adminRefused();
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/**
 * A live tail (`Accept: text/event-stream`) with the session's token: EventSource cannot send an
 * Authorization header, so the stream is fetched (same origin) and read by the typed client's
 * follower, which resumes a dropped connection with `Last-Event-ID` and ends at `done`.
 */
function tail(path: string, org: string, signal: AbortSignal | undefined): AsyncGenerator<LogChunk, void, undefined> {
  const open = async (lastEventId: string | undefined, abort: AbortSignal, retried = false): Promise<Response> => {
    const headers: Record<string, string> = { accept: "text/event-stream", "x-org-id": org };
    const token = session?.access_token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
    const res = await fetch(API + path, { headers, credentials: "omit", cache: "no-store", signal: abort });
    if (res.status === 401 && token && !retried && (await refresh())) return open(lastEventId, abort, true);
    return res;
  };
  return followLog(
    { open: (id, abort) => open(id, abort), refused: errorOf, unexpected: (res) => new ApiError(res.status, "unexpected", "The API answered something that is not a live log.") },
    { signal },
  );
}

const clusterPath = (cluster: string) => `/clusters/${encodeURIComponent(cluster)}`;
const runPath = (cluster: string, run: string) => `${clusterPath(cluster)}/runs/${encodeURIComponent(run)}`;

/** Query string of the defined, non-empty values. */
function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export interface JobFilter {
  status?: string | undefined;
  queue?: string | undefined;
  type?: string | undefined;
  /** `false` (the API's default): periodic housekeeping hidden; `true`: only them; `all`: both. */
  periodic?: string | undefined;
  q?: string | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

/** The filter of a bulk retry or cancel (the job list's, without its free text) and how many jobs at most. */
export interface BulkFilter<S extends JobStatus> {
  status?: S | undefined;
  queue?: string | undefined;
  type?: string | undefined;
  periodic?: "true" | "false" | "all" | undefined;
  max: number;
}

export const api = {
  me: () => request<MeResponse>("/me"),
  /** The identity providers this deployment is configured with (name and display name). */
  providers: () => request<IdentityProvider[]>("/auth/providers", { anonymous: true }),
  loginStart: (provider: string) => request<AuthStartResponse>(`/auth/${encodeURIComponent(provider)}/start`, { method: "POST", body: { return_to: "console" }, anonymous: true }),
  /** The provider's answer (code, state, …) as it reached the console's callback page. */
  loginCallback: (provider: string, search: string) => request<TokenPair>(`/auth/${encodeURIComponent(provider)}/callback${search}`, { anonymous: true }),
  logout: (refreshToken: string) => request<undefined>("/auth/logout", { method: "POST", body: { refresh_token: refreshToken }, anonymous: true }),

  jobs: (filter: JobFilter, signal?: AbortSignal) => request<AdminPageJob>(`/admin/worker/jobs${query({ ...filter })}`, { signal }),
  job: (id: string, signal?: AbortSignal) => request<AdminJob>(`/admin/worker/jobs/${encodeURIComponent(id)}`, { signal }),
  enqueue: (body: Record<string, unknown>) => request<Job>("/admin/worker/jobs", { method: "POST", body }),
  cancel: (id: string) => request<Job>(`/admin/worker/jobs/${encodeURIComponent(id)}/cancel`, { method: "POST", body: {} }),
  retry: (id: string) => request<Job>(`/admin/worker/jobs/${encodeURIComponent(id)}/retry`, { method: "POST", body: {} }),

  /** Failed or canceled jobs of the filter (the list's, without its free text), at most `max` (1 to 500), newest first, queued again. */
  bulkRetry: (body: BulkFilter<"failed" | "canceled">) => request<BulkResult>("/admin/worker/jobs/bulk-retry", { method: "POST", body }),
  /** Queued, scheduled, retrying or running jobs of the filter, at most `max` (1 to 500), newest first, canceled. */
  bulkCancel: (body: BulkFilter<"queued" | "scheduled" | "retrying" | "running">) => request<BulkResult>("/admin/worker/jobs/bulk-cancel", { method: "POST", body }),
  /** The periodic housekeeping job types: schedule, last run, next run. */
  periodic: (signal?: AbortSignal) => request<PeriodicJobInfo[]>("/admin/worker/periodic", { signal }),
  /** Attempts of the last hour, per minute and per queue, over every jobs replica. */
  stats: (signal?: AbortSignal) => request<JobStats>("/admin/worker/stats", { signal }),

  queues: (signal?: AbortSignal) => request<QueueInfo[]>("/admin/worker/queues", { signal }),
  pauseQueue: (name: string) => request<QueueInfo>(`/admin/worker/queues/${encodeURIComponent(name)}/pause`, { method: "POST", body: {} }),
  resumeQueue: (name: string) => request<QueueInfo>(`/admin/worker/queues/${encodeURIComponent(name)}/resume`, { method: "POST", body: {} }),

  /** Organizations whose name or domain contains `q`, or with a member whose e-mail does (newest first, up to 100). */
  searchOrganizations: (q: string, signal?: AbortSignal) => request<AdminOrgSummary[]>(`/admin/organizations${query({ q, limit: 100 })}`, { signal }),
  /** Users whose e-mail or name contains `q` (all when empty; newest first, up to 100). */
  users: (q: string, signal?: AbortSignal) => request<AdminUser[]>(`/admin/users${query({ q, limit: 100 })}`, { signal }),
  updateUser: (id: string, body: { is_admin?: boolean; is_disabled?: boolean }) => request<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  organization: (id: string, signal?: AbortSignal) => request<AdminOrganization>(`/admin/organizations/${encodeURIComponent(id)}`, { signal }),
  /** The actions administrators defined (one page of up to 1000, newest first). */
  actions: (signal?: AbortSignal) => request<ClusterAction[]>(`/admin/actions${query({ limit: 1000 })}`, { signal }),
  createAction: (body: Record<string, unknown>) => request<ClusterAction>("/admin/actions", { method: "POST", body }),
  updateAction: (id: string, body: Record<string, unknown>) => request<ClusterAction>(`/admin/actions/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  deleteAction: (id: string) => request<undefined>(`/admin/actions/${encodeURIComponent(id)}`, { method: "DELETE" }),

  run: (org: string, cluster: string, run: string, signal?: AbortSignal) => request<Run>(runPath(cluster, run), { org, signal }),
  cancelRun: (org: string, cluster: string, run: string) => request<Run>(`${runPath(cluster, run)}/cancel`, { method: "POST", body: {}, org }),
  /** The run's output as it is written, until it has ended (live tail). */
  followRunLog: (org: string, cluster: string, run: string, signal?: AbortSignal) => tail(`${runPath(cluster, run)}/logs`, org, signal),

  /** The organization's newest audit events (the route answers the page's items). */
  auditEvents: (id: string, limit: number, signal?: AbortSignal) =>
    request<AdminAuditEvent[]>(`/admin/organizations/${encodeURIComponent(id)}/audit-events${query({ limit })}`, { signal }),
};

/** A message for any failure: the API's own words, or what went wrong on the way. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof TypeError) return "The API did not answer (network error).";
  return err instanceof Error ? err.message : String(err);
}
