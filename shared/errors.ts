import { Errors } from "moleculer";
import type { ReferencedKind } from "./contracts/clusters.ts";
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

/**
 * A domain failure with HTTP intent; survives the trip over the bus (MoleculerClientError).
 * Services name a MESSAGES entry instead (`MESSAGES.sshKeyInUse.error()`); `apiError(code)` with
 * no message is the catalogue's own answer (`apiError("forbidden")`).
 */
export function apiError(code: ErrorCode, message?: string, data?: Record<string, unknown>): Errors.MoleculerClientError {
  const entry = ERROR_CATALOGUE[code];
  return new Errors.MoleculerClientError(message ?? entry.message, entry.status, code, data);
}

/**
 * One entry of MESSAGES, like Fastify's `createError(code, message)`: its name, its code in
 * ERROR_CATALOGUE (hence its status) and its message, a fixed text or one built from typed
 * arguments. `error(...args)` is what a service throws; `errorWith(data, ...args)` adds the
 * `data` the gateway reads (`retry_after`, `etag`, `service`).
 */
export interface ErrorMessage<A extends unknown[] = [], C extends ErrorCode = ErrorCode> {
  readonly name: string;
  readonly code: C;
  readonly status: number;
  readonly text: (...args: A) => string;
  readonly error: (...args: A) => Errors.MoleculerClientError;
  readonly errorWith: (data: Record<string, unknown>, ...args: A) => Errors.MoleculerClientError;
  /** True when the message takes arguments. */
  readonly parameterised: boolean;
}

interface MessageSpec<A extends unknown[], C extends ErrorCode> {
  code: C;
  text: (...args: A) => string;
  parameterised: boolean;
}

function message<C extends ErrorCode>(code: C, text: string): MessageSpec<[], C>;
function message<C extends ErrorCode, A extends unknown[]>(code: C, text: (...args: A) => string): MessageSpec<A, C>;
function message(code: ErrorCode, text: string | ((...args: never[]) => string)): MessageSpec<never[], ErrorCode> {
  return typeof text === "string" ? { code, text: () => text, parameterised: false } : { code, text, parameterised: true };
}

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends MessageSpec<infer A, infer C> ? ErrorMessage<A, C> : never };

function catalogue<T extends Record<string, MessageSpec<never, ErrorCode>>>(specs: T): Catalogue<T> {
  const entries = Object.entries(specs).map(([name, spec]): [string, ErrorMessage<never>] => {
    const { code, text, parameterised } = spec;
    const { status } = ERROR_CATALOGUE[code];
    const errorWith = (data: Record<string, unknown> | undefined, args: never) => new Errors.MoleculerClientError(text(...args), status, code, data);
    return [name, { name, code, status, text, parameterised, error: (...args) => errorWith(undefined, args), errorWith: (data, ...args) => errorWith(data, args) }];
  });
  return Object.fromEntries(entries) as Catalogue<T>;
}

/** `load_balancer` → `load balancer`: a referenced kind as messages name it. */
const spaced = (kind: ReferencedKind) => kind.replace("_", " ");
const scopeRule = (scopeKind: string, rule: string) => `invalid scope for scope_kind ${scopeKind}: ${rule}`;
const secretRule = (kind: string, rule: string) => `invalid secret for kind ${kind}: ${rule}`;
/** A field of a secret: named when the kind defines it, `every field` when its name is the client's own (never echoed). */
const secretField = (field: string | undefined) => field ?? "every field";

/**
 * Every message the API answers, by name: `throw MESSAGES.sshKeyInUse.error()`,
 * `throw MESSAGES.invalidValueForType.error(type, value)`. Lower-case and complete (no trailing
 * period; capitals only where a name is quoted: `CNAME`, `X-Org-ID`). One entry per message,
 * wherever it is thrown; test/unit/error-messages.test.ts checks the rules.
 */
export const MESSAGES = catalogue({
  // Any resource: a missing or foreign id (404), a unique name taken, a resource a cluster still uses.
  notFound: message("not_found", (kind: string) => `${kind} not found`),
  alreadyExists: message("conflict", (kind: string) => `${kind} already exists`),
  attachedToCluster: message("conflict", (kind: ReferencedKind) => `${spaced(kind)} is attached to a cluster`),

  // Request fields, in the words of the validation layer (shared/validation.ts describeZodError).
  invalidField: message("validation_error", (field: string) => `invalid ${field}`),
  missingFields: message("validation_error", (fields: readonly string[]) => `missing fields: ${fields.join(", ")}`),
  cannotBeChanged: message("validation_error", (field: string) => `${field} cannot be changed`),

  // The gateway: query, headers, conditional requests, event streams.
  invalidQueryParameter: message("validation_error", (name: string) => `invalid query parameter: ${name}`),
  invalidOrgIdHeader: message("invalid_id", "invalid X-Org-ID"),
  idempotencyKeyEmpty: message("bad_request", "idempotency key is empty"),
  idempotencyKeyTooLong: message("bad_request", (max: number) => `idempotency key longer than ${max} characters`),
  noEntityTag: message("precondition_failed", "precondition failed: this route has no entity tag to match"),
  resourceChanged: message("precondition_failed", "precondition failed: the resource has changed since that entity tag"),
  tooManyOrgEventStreams: message("rate_limited", (max: number) => `too many open event streams for this organization (at most ${max})`),
  tooManyCallerEventStreams: message("rate_limited", (max: number) => `too many open event streams for this caller (at most ${max})`),

  // Outages: another service (or this one's database) cannot answer; the gateway shows `service unavailable[: <service>]`.
  serviceUnavailable: message("service_unavailable", (service: string) => `service unavailable: ${service}`),
  clustersUnavailable: message("service_unavailable", "clusters service unavailable"),
  clustersUnavailableForReferences: message("service_unavailable", "clusters service unavailable: cannot check references"),
  jobsUnavailable: message("service_unavailable", "jobs service unavailable"),

  // Sign-in (auth): providers, the login state, tokens, a user's own rights.
  unknownProvider: message("not_found", "unknown provider"),
  providerNotConfigured: message("bad_request", "provider not configured"),
  missingState: message("bad_request", "missing state"),
  invalidState: message("bad_request", "invalid state"),
  stateAlreadyUsed: message("bad_request", "state already used"),
  stateExpired: message("bad_request", "state expired"),
  missingCode: message("bad_request", "missing code"),
  loginFailed: message("unauthorized", "login failed"),
  identityProviderUnavailable: message("service_unavailable", "identity provider unavailable"),
  userDisabled: message("unauthorized", "user is disabled"),
  invalidRefreshToken: message("unauthorized", "invalid refresh token"),
  cannotRevokeOwnAdmin: message("conflict", "you cannot revoke your own administrator rights"),
  cannotDisableSelf: message("conflict", "you cannot disable yourself"),

  // Organizations and their members.
  orgDomainTaken: message("conflict", "domain already used by another organization"),
  lastOwner: message("conflict", "cannot remove or demote the last owner"),
  orgBeingChanged: message("conflict", "organization is being changed, try again"),

  // Credentials: the contract's validation (shared/contracts/credentials.ts) and uniqueness. No message ever holds a secret value.
  credentialExists: message("conflict", "credential already exists for this provider, scope_kind and scope"),
  credentialInUse: message("conflict", "credential is used by a domain"),
  notOneOf: message("validation_error", (field: string, allowed: readonly string[]) => `invalid ${field}: must be one of ${allowed.join(", ")}`),
  notPositiveInteger: message("validation_error", (field: string) => `invalid ${field}: must be an integer of at least 1`),
  textTooLong: message("validation_error", (field: string, max: number) => `invalid ${field}: must be a string of at most ${max} characters`),
  kindNotForProvider: message(
    "validation_error",
    (provider: string, allowed: readonly string[]) => `invalid kind for provider ${provider}: must be ${allowed.length === 1 ? allowed[0]! : `one of ${allowed.join(", ")}`}`,
  ),
  scopeNotObject: message("validation_error", "invalid scope: must be an object"),
  scopeNotEmpty: message("validation_error", (scopeKind: string) => scopeRule(scopeKind, "must be an empty object")),
  scopeOnlyField: message("validation_error", (scopeKind: string, field: string) => scopeRule(scopeKind, `only the field ${field} is allowed`)),
  scopeFieldRequired: message("validation_error", (scopeKind: string, field: string) => scopeRule(scopeKind, `${field} is required`)),
  scopeServiceName: message("validation_error", (scopeKind: string) => scopeRule(scopeKind, "service must be a name of at most 63 letters, digits, '.', '_' or '-'")),
  scopeArn: message("validation_error", (scopeKind: string) => scopeRule(scopeKind, "arn must be a non-empty string of at most 2048 characters without spaces")),
  secretNotObject: message("validation_error", "invalid secret: must be an object"),
  secretTooManyFields: message("validation_error", (kind: string, max: number) => secretRule(kind, `at most ${max} fields are allowed`)),
  secretOnlyFields: message("validation_error", (kind: string, required: readonly string[], optional: readonly string[]) =>
    secretRule(kind, `only the fields ${[...required, ...optional.map((f) => `${f} (optional)`)].join(", ")} are allowed`),
  ),
  secretFieldNames: message("validation_error", (kind: string) => secretRule(kind, "field names must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'")),
  secretFieldRequired: message("validation_error", (kind: string, field: string) => secretRule(kind, `${field} is required`)),
  secretValueNotString: message("validation_error", (kind: string, field: string | undefined) => secretRule(kind, `${secretField(field)} must be a string`)),
  secretValueTooLong: message("validation_error", (kind: string, field: string | undefined, max: number) =>
    secretRule(kind, `${secretField(field)} must be at most ${max} characters`),
  ),
  secretValueEmpty: message("validation_error", (kind: string, field: string) => secretRule(kind, `${field} must not be empty`)),
  credentialNotForService: message(
    "validation_error",
    (service: string, provider: string, kinds: readonly string[]) => `invalid credential for service ${service}: must have provider ${provider} and kind ${kinds.join(" or ")}`,
  ),
  powerdnsApiUrlRequired: message("validation_error", "invalid secret for service powerdns: api_url is required"),
  powerdnsApiUrl: message("validation_error", "invalid secret for service powerdns: api_url must be an http or https url without user information"),
  powerdnsServerId: message("validation_error", "invalid secret for service powerdns: server_id must be a non-empty string of at most 128 characters"),

  // DNS: record sets (RFC 1034's CNAME rule, values per type) and a domain's credential.
  reservedRecordName: message("validation_error", "invalid name: _autoglue names are reserved for ownership markers"),
  duplicateValue: message("validation_error", "duplicate value in values"),
  cnameSingleValue: message("validation_error", "cname takes exactly one value"),
  cnameAtApex: message("validation_error", "cname is not allowed at the apex"),
  invalidValueForType: message("validation_error", (type: string, value: string) => `invalid value for type ${type}: ${value.length > 64 ? `${value.slice(0, 64)}...` : value}`),
  cnameConflict: message("conflict", (name: string) => `a CNAME cannot coexist with other records at the same name (${name})`),
  credentialNotFound: message("validation_error", "credential not found"),
  credentialNotDnsHosting: message("validation_error", "credential is not scoped to a dns hosting service"),

  // Inventory: ssh keys, servers, a node pool's attachments.
  sshKeyInUse: message("conflict", "ssh key is used by a server"),
  sshKeygenOrgBusy: message("rate_limited", "too many ssh keys being generated for this organization"),
  sshKeygenOverloaded: message("rate_limited", "ssh key generation is busy"),
  sshKeygenBusy: message("service_unavailable", "ssh key generation is busy"),
  bastionNeedsPublicIp: message("validation_error", "public_ip_address is required for a bastion"),
  invalidIds: message("validation_error", (field: string, ids: readonly string[]) => `invalid ${field}: ${ids.slice(0, 10).join(", ")}${ids.length > 10 ? ", …" : ""}`),
  notAttachedToNodePool: message("not_found", (kind: string) => `${kind} not attached to the node pool`),

  // Runner: a cluster's runs.
  runInProgress: message("conflict", "a run of this cluster is queued or running"),
  runEnded: message("conflict", "run has already ended"),

  // Events: webhooks.
  webhookUrlNotAllowed: message("validation_error", (reason: string) => `url not allowed: ${reason}`),
  tooManyWebhooks: message("conflict", (max: number) => `too many webhooks: at most ${max} per organization`),
  webhookSecretRotated: message("conflict", "the webhook's secret was rotated meanwhile; try again"),

  // Jobs: the admin's enqueue, cancel and retry.
  jobTypeInternal: message("validation_error", "job type cannot be enqueued by hand"),
  unknownJobType: message("validation_error", "unknown job type"),
  dedupeKeyBusy: message("conflict", "dedupe key is busy"),
  jobNotCancellable: message("bad_request", "job not cancellable"),
  jobNotRetryable: message("bad_request", "job not eligible for retry"),
});

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

/** `<kind> not found`, the 404 every resource uses for missing and foreign ids alike: `MESSAGES.notFound.error(kind)`. */
export function notFound(kind: string): Errors.MoleculerClientError {
  return MESSAGES.notFound.error(kind);
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
  // Moleculer wraps a rejection that is not an `instanceof Error` of its realm (one made by Node's
  // core in another realm, as under Jest) in a MoleculerError whose message is that error: look inside
  const wrapped = name === "MoleculerError" ? (err as { message?: unknown }).message : undefined;
  if (typeof wrapped === "object" && wrapped !== null) return isUnavailable(wrapped);
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
  return apiError("service_unavailable", message ?? (service ? MESSAGES.serviceUnavailable.text(service) : undefined), service ? { service } : undefined);
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
    return { status: entry.status, code, message: service ? MESSAGES.serviceUnavailable.text(service) : entry.message, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } };
  }
  return { status: entry.status, code, message: entry.message };
}
