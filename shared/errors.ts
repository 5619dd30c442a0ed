import { Errors } from "moleculer";
import { JOB_FAILED_FOR_GOOD } from "./contracts/jobs.ts";

/**
 * The error catalogue: every machine-readable code, its HTTP status and default message.
 * Services raise these through `apiError`; the gateway renders them (plain text or
 * `{code, message}` per route) with an `X-Error-Code` header.
 */
export const ERROR_CATALOGUE = {
  validation_error: { status: 400, message: "validation error" },
  invalid_json: { status: 400, message: "invalid json" },
  invalid_id: { status: 400, message: "invalid id" },
  bad_request: { status: 400, message: "bad request" },
  unauthorized: { status: 401, message: "unauthorized" },
  organization_required: { status: 403, message: "organization required" },
  forbidden: { status: 403, message: "forbidden" },
  not_found: { status: 404, message: "not found" },
  method_not_allowed: { status: 405, message: "method not allowed" },
  conflict: { status: 409, message: "conflict" },
  idempotency_key_in_use: { status: 409, message: "a request with this idempotency key is still being processed" },
  precondition_failed: { status: 412, message: "precondition failed" },
  idempotency_key_reused: { status: 422, message: "idempotency key was used for another request" },
  payload_too_large: { status: 413, message: "request body too large" },
  headers_too_large: { status: 431, message: "request line or headers too large" },
  rate_limited: { status: 429, message: "too many requests" },
  internal_error: { status: 500, message: "internal error" },
  service_unavailable: { status: 503, message: "service unavailable" },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** A domain failure with HTTP intent; survives the trip over the bus (MoleculerClientError). */
export function apiError(code: ErrorCode, message?: string, data?: Record<string, unknown>): Errors.MoleculerClientError {
  const entry = ERROR_CATALOGUE[code];
  return new Errors.MoleculerClientError(message ?? entry.message, entry.status, code, data);
}

/**
 * A job handler's failure that no retry can fix: the job engine records the job `failed` with
 * `message` (short, secret-free) at once, whatever attempts remain. No stack: the message is all
 * there is to say, and it travels over the bus as it is.
 */
export function jobFailedForGood(message: string): Errors.MoleculerError {
  const err = new Errors.MoleculerError(message, 422, JOB_FAILED_FOR_GOOD);
  err.stack = `${err.name}: ${message}`;
  return err;
}

/** `<kind> not found`, the 404 every resource uses for missing and foreign ids alike. */
export function notFound(kind: string): Errors.MoleculerClientError {
  return apiError("not_found", `${kind} not found`);
}

/**
 * Moleculer errors meaning "the called service cannot answer right now": no node runs it, its
 * node left mid-call, it is too slow or overloaded, or the caller's breaker for it is open.
 */
const UNAVAILABLE_ERRORS: ReadonlySet<string> = new Set([
  "ServiceNotFoundError",
  "ServiceNotAvailableError",
  "ServiceUnavailableError",
  "RequestTimeoutError",
  "RequestRejectedError",
  "QueueIsFullError",
  "BrokerDisconnectedError",
  "CircuitBreakerOpenError",
]);

/**
 * MongoDB driver errors meaning "the database cannot be reached right now" (not a bad query):
 * every connection-class error of the driver, by name (an error rebuilt from the bus keeps only
 * its name): the network ones and the pool's (cleared, cleared by a monitor's timeout, closed,
 * its wait queue timed out), server selection, and a client or topology closed under the call.
 */
const DATABASE_UNAVAILABLE_ERRORS: ReadonlySet<string> = new Set([
  "MongoServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoClientClosedError",
  "MongoServerClosedError",
  "MongoPoolClearedError",
  "PoolClearedOnNetworkError",
  "MongoPoolClosedError",
  "MongoWaitQueueTimeoutError",
  "MongoOperationTimeoutError",
]);

/** Driver error labels that only a connection-class failure carries. */
const CONNECTION_ERROR_LABELS: ReadonlySet<string> = new Set(["ResetPool", "PoolRequestedRetry", "InterruptInUseConnections"]);

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 2;

/** True when a call failed because the service it called cannot answer right now. */
export function isUnavailable(err: unknown): boolean {
  const name = typeof err === "object" && err !== null ? (err as { name?: unknown }).name : undefined;
  // the driver's insertMany wraps a connection failure in a bulk-write error: the failure is its errorResponse
  if (name === "MongoBulkWriteError") return isUnavailable((err as { errorResponse?: unknown }).errorResponse);
  if (typeof name === "string" && (UNAVAILABLE_ERRORS.has(name) || DATABASE_UNAVAILABLE_ERRORS.has(name))) return true;
  // a driver error of another name that the driver itself labelled as a lost connection
  const labels = typeof err === "object" && err !== null ? (err as { errorLabelSet?: unknown }).errorLabelSet : undefined;
  return labels instanceof Set && [...(labels as Set<unknown>)].some((l) => typeof l === "string" && CONNECTION_ERROR_LABELS.has(l));
}

/**
 * For a call to another service: its outage becomes this request's 503 (never a 404, an empty
 * answer or a 500: the data may well exist); any other error passes through unchanged.
 */
export function unavailableAs503(err: unknown, message?: string): unknown {
  if (!isUnavailable(err)) return err;
  const service = unavailableService(err);
  return apiError("service_unavailable", message ?? (service ? `service unavailable: ${service}` : undefined), service ? { service } : undefined);
}

/**
 * The service an outage is about: the one a failed call was for (Moleculer's errors carry the
 * action), or the one a service named when it reported its dependency's outage; undefined when
 * the error does not say (a database driver's error).
 */
export function unavailableService(err: unknown): string | undefined {
  const data = typeof err === "object" && err !== null ? (err as { data?: unknown }).data : undefined;
  if (typeof data !== "object" || data === null) return undefined;
  const { service, action } = data as { service?: unknown; action?: unknown };
  if (typeof service === "string" && /^[a-z][a-z0-9-]*$/.test(service)) return service;
  if (typeof action === "string") return /^([a-z][a-z0-9-]*)\./.exec(action)?.[1];
  return undefined;
}

export interface HttpErrorShape {
  status: number;
  code: ErrorCode;
  message: string;
  /** Extra headers the response must carry (for example Retry-After). */
  headers?: Record<string, string>;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  data?: unknown;
}

/**
 * Maps any thrown value to what the client sees. Only catalogued client errors keep their
 * message; everything else becomes a generic 5xx so no internals leak.
 */
export function toHttpError(err: unknown, route?: { service?: string | undefined }): HttpErrorShape {
  const e: ErrorLike = typeof err === "object" && err !== null ? err : {};
  const message = typeof e.message === "string" ? e.message : "";

  // body-parser failures (http-errors objects with a `type`)
  if (e.type === "entity.parse.failed" || e.type === "encoding.unsupported" || e.type === "charset.unsupported") {
    return fromCatalogue("invalid_json");
  }
  if (e.type === "entity.too.large") return fromCatalogue("payload_too_large");
  if (e.type === "request.aborted" || e.type === "request.size.invalid") return fromCatalogue("bad_request");

  if (err instanceof Errors.MoleculerError) {
    if (isErrorCode(err.type)) {
      const status = ERROR_CATALOGUE[err.type].status;
      if (status === 429) return { status, code: err.type, message: message || ERROR_CATALOGUE[err.type].message, headers: retryAfter(e.data) };
      if (status === 412) return { status, code: err.type, message: message || ERROR_CATALOGUE[err.type].message, headers: currentTag(e.data) };
      if (status < 500) return { status, code: err.type, message: message || ERROR_CATALOGUE[err.type].message };
      // a service's own 503 names only what it said was out (not itself: an identity provider, say)
      return fromCatalogue(err.type, unavailableService(err));
    }
    if (err instanceof Errors.ValidationError) return { status: 400, code: "validation_error", message: "validation error" };
    switch (err.name) {
      case "NotFoundError": // moleculer-web: no route
      case "ServiceNotFoundError": // not whitelisted / not published
        return fromCatalogue("not_found");
      case "BadRequestError": // moleculer-web: a path segment that is not percent-encoded UTF-8 (%FF)
        return fromCatalogue("bad_request");
      case "RateLimitExceeded":
        return fromCatalogue("rate_limited");
      case "PayloadTooLarge":
        return fromCatalogue("payload_too_large");
      default:
        break;
    }
  }
  // a called service that cannot answer, or a service's database out of reach (the driver's
  // error, as thrown locally or rebuilt from the bus)
  if (isUnavailable(err)) return fromCatalogue("service_unavailable", unavailableService(err) ?? route?.service);
  return fromCatalogue("internal_error");
}

/** A 429 raised by a service says when to retry in `data.retry_after` (seconds); 1 when it does not. */
function retryAfter(data: unknown): Record<string, string> {
  const seconds = (data as { retry_after?: unknown } | undefined)?.retry_after;
  return { "Retry-After": String(typeof seconds === "number" && Number.isInteger(seconds) && seconds > 0 ? seconds : 1) };
}

/** A 412 names the resource's current entity tag in `data.etag`, answered as `ETag` (none when it has none). */
function currentTag(data: unknown): Record<string, string> {
  const etag = (data as { etag?: unknown } | undefined)?.etag;
  return typeof etag === "string" && /^"[A-Za-z0-9_-]+"$/.test(etag) ? { ETag: etag } : {};
}

/** A catalogued error as the client sees it; a 503 names the service that cannot answer, when known, and says when to retry. */
function fromCatalogue(code: ErrorCode, service?: string): HttpErrorShape {
  const entry = ERROR_CATALOGUE[code];
  if (entry.status === 503) {
    return { status: entry.status, code, message: service ? `${entry.message}: ${service}` : entry.message, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } };
  }
  return { status: entry.status, code, message: entry.message };
}
