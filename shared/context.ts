import type { Context } from "moleculer";
import type { IdempotencyRequest } from "./idempotency.ts";
import type { PreconditionRequest } from "./preconditions.ts";

/** Who made the request, as established by the gateway. */
export type Principal =
  | {
      kind: "user";
      user_id: string;
      is_admin: boolean;
      /** How the user authenticated: a bearer access token or a user API key. */
      via: "bearer" | "api_key";
    }
  | {
      kind: "org_key";
      key_id: string;
      organization_id: string;
      /** A key minted for one cluster's run: it reaches only routes whose `clusterID` is this cluster. */
      cluster_id?: string;
    };

export type OrgRole = "owner" | "admin" | "member";

/** The organization an [org] request acts on; set only by the gateway after authorization. */
export interface OrgScope {
  id: string;
  /** The member's role; absent for org-key principals (they act as the organization). */
  role?: OrgRole;
}

/**
 * `ctx.meta` of every call that starts at the gateway. Services read the principal and the
 * organization from here, never from params.
 */
export interface RequestMeta {
  principal?: Principal;
  org?: OrgScope;
  /** Client address as the gateway saw it (after TRUST_PROXY handling). */
  client_ip?: string;
  /** The `Last-Event-ID` header of a request to the event stream (a client resuming). */
  last_event_id?: string;
  /** Set by the job engine on a job handler's call: which attempt this is, of how many. */
  job?: JobAttempt;
  /** The request's Idempotency-Key, checked by the gateway (POST and PATCH; shared/idempotency.ts). */
  idempotency?: IdempotencyRequest;
  /** The request's `If-Match`, for a route that changes one resource (shared/preconditions.ts). */
  precondition?: PreconditionRequest;
  /** Set by the owning service when it answered a repeat from its record of the first answer. */
  idempotent_replayed?: boolean;
}

/** What the job engine tells a job handler about the attempt it runs. */
export interface JobAttempt {
  job_id: string;
  attempt: number;
  max_attempts: number;
}

export type RequestContext<P = unknown> = Context<P, RequestMeta>;
