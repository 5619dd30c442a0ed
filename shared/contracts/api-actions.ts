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
    http: {
      method: "GET",
      path: "/events",
      auth: "org",
      errors: "text",
      responseType: "text/event-stream",
      responseDescription: [
        "Server-Sent Events. Each event is one frame: `event: <type>`, `id: <event id>`, `data: <the event as JSON, a DomainEvent>`, then a blank line.",
        "A `: heartbeat` comment line comes every EVENTS_HEARTBEAT_S (15 s). With `Last-Event-ID`, what the audit log recorded since that event comes first, then the live events;",
        "the replay starts a little before that event (EVENTS_RESUME_OVERLAP_S), so a resumed stream may repeat events: deduplicate by `id`.",
        'When the backlog cannot be replayed (over EVENTS_REPLAY_MAX events, or an id the audit log no longer keeps), one `event: resync` frame (`id:` empty, `data: {"reason": …, "audit_log": "/api/v1/audit-events"}`) says to read the audit log; the live events follow.',
      ].join(" "),
      requestHeaders: [
        {
          name: "Last-Event-ID",
          description:
            "the `id` of the last event received: the stream replays what the audit log recorded since (EventSource sends it when it reconnects); 400 `invalid last-event-id` when not a UUID",
        },
      ],
    },
  }),
  docsAsset: action({
    name: "api.docsAsset",
    visibility: "published",
    description: "A static file of the documentation page.",
    input: z.object({ file: z.string().max(64) }),
    http: { method: "GET", path: "/docs/:file", ...open, responseType: "*/*" },
  }),
} as const;
