import type { RouteDef } from "../routes.ts";

/** Admin job endpoints: bearer token of an admin user, plain-text errors. */
export const JOBS_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/admin/worker/jobs", action: "jobs.adminList", auth: "admin", errors: "text" },
  { method: "POST", path: "/admin/worker/jobs", action: "jobs.adminEnqueue", auth: "admin", errors: "text" },
  { method: "POST", path: "/admin/worker/jobs/:id/cancel", action: "jobs.adminCancel", auth: "admin", errors: "text", uuidParams: ["id"] },
  { method: "POST", path: "/admin/worker/jobs/:id/retry", action: "jobs.adminRetry", auth: "admin", errors: "text", uuidParams: ["id"] },
  { method: "GET", path: "/admin/worker/queues", action: "jobs.adminQueues", auth: "admin", errors: "text" },
];
