import { z } from "zod";
import { action } from "./action.ts";
import { VersionResponse } from "./api.ts";
import { EventStreamParams } from "./events.ts";

const open = { auth: "none", errors: "text" } as const;

/** The actions of the HTTP gateway itself: health, version and the API documentation. */
export const API_ACTIONS = {
  healthz: action({
    name: "api.healthz",
    visibility: "published",
    description: "Liveness of the HTTP gateway.",
    output: z.object({ status: z.literal("ok") }),
    http: { method: "GET", path: "/healthz", ...open },
  }),
  version: action({
    name: "api.version",
    visibility: "published",
    description: "Build information (VersionResponse).",
    output: VersionResponse,
    http: { method: "GET", path: "/version", ...open },
  }),
  openapi: action({
    name: "api.openapi",
    visibility: "published",
    description: "The OpenAPI 3.1 document of every route.",
    http: { method: "GET", path: "/openapi.json", ...open },
  }),
  docs: action({
    name: "api.docs",
    visibility: "published",
    description: "The API documentation page.",
    http: { method: "GET", path: "/docs", ...open, responseType: "text/html" },
  }),
  eventStream: action({
    name: "api.eventStream",
    visibility: "published",
    description:
      "The organization's events as they happen (Server-Sent Events); `Last-Event-ID` resumes from the audit log; `types` filters by type patterns. Owners and admins only, like the audit log it replays (members get 403 `forbidden`).",
    input: EventStreamParams,
    access: { orgRoles: ["owner", "admin"] },
    http: { method: "GET", path: "/events", auth: "org", errors: "text", responseType: "text/event-stream" },
  }),
  docsAsset: action({
    name: "api.docsAsset",
    visibility: "published",
    description: "A static file of the documentation page.",
    input: z.object({ file: z.string().max(64) }),
    http: { method: "GET", path: "/docs/:file", ...open, responseType: "*/*" },
  }),
} as const;
