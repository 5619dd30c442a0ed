import { ERROR_STYLES } from "./error-styles.ts";
import type { ErrorBody } from "./types.ts";

/**
 * The two error styles of the API: plain text bodies (org-scoped, admin and resource routes)
 * and `{code, message}` JSON (`/orgs`, `/auth/*`, `/me*`). Every error carries `X-Error-Code`.
 */
export type ErrorStyle = "text" | "json";

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ErrorBody).code === "string" && typeof (value as ErrorBody).message === "string";
}

/**
 * The operation (`<METHOD> <path>` as the document names it) each answer of the client's
 * openapi-fetch instances came from, recorded as it arrives (client.ts), so that an ApiError can
 * say which route refused and in which style the document says it refuses.
 */
export const OPERATION_OF = new WeakMap<Response, string>();

/**
 * An answer of the API outside 2xx, in either style. `message` is the server's message; `B` is
 * the error bodies the operation documents (`string` for plain text, ErrorBody for `{code,
 * message}`), as `ok()` and `attempt()` type it from the call.
 */
export class ApiError<B extends string | ErrorBody = string | ErrorBody> extends Error {
  override readonly name = "ApiError";
  /** The HTTP status (400, 401, 403, 404, 409, 413, 429, 5xx…). */
  readonly status: number;
  /** Machine-readable: the `X-Error-Code` header, else the JSON body's `code`, else `http_<status>`. */
  readonly code: string;
  /** The style this answer is written in (a 431 is plain text on every route: no route was chosen yet). */
  readonly style: ErrorStyle;
  /** The operation that answered, `<METHOD> <path>` as the document names it; undefined for a request the client did not make from the document. */
  readonly operation: string | undefined;
  /** The error style the document gives that operation: `json` on `/orgs`, `/auth/*`, `/me*` and the JWKS, `text` elsewhere. */
  readonly routeStyle: ErrorStyle | undefined;
  /** The body as sent: the text, or the `{code, message}` object; typed with the bodies the operation documents. */
  readonly body: B;
  /** `X-Request-ID` of the answer (the server logs it with the error). */
  readonly requestId: string | undefined;
  /** The URL that answered. */
  readonly url: string;
  /** A 412's `ETag`: the resource's current entity tag (its If-Match named another); undefined otherwise. */
  readonly etag: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    style: ErrorStyle;
    body: B;
    operation?: string | undefined;
    requestId?: string | undefined;
    url: string;
    etag?: string | undefined;
  }) {
    const body: string | ErrorBody = init.body;
    super(typeof body === "string" ? body : body.message);
    this.status = init.status;
    this.code = init.code;
    this.style = init.style;
    this.operation = init.operation;
    this.routeStyle = init.operation === undefined ? undefined : ERROR_STYLES[init.operation];
    this.body = init.body;
    this.requestId = init.requestId;
    this.url = init.url;
    this.etag = init.etag;
  }

  /**
   * From a response and its body as openapi-fetch parsed it (text, or JSON when it parsed). `B`
   * is what the document says the operation's error bodies are: the caller's claim, as
   * openapi-fetch's own types of a body are.
   */
  static fromResult<B extends string | ErrorBody = string | ErrorBody>(response: Response, parsed: unknown): ApiError<B> {
    const json = (response.headers.get("content-type") ?? "").startsWith("application/json") && isErrorBody(parsed);
    const body: string | ErrorBody = json ? parsed : parsed === undefined ? "" : typeof parsed === "string" ? parsed : JSON.stringify(parsed);
    return new ApiError<B>({
      status: response.status,
      code: response.headers.get("x-error-code") ?? (typeof body === "string" ? `http_${response.status}` : body.code),
      style: json ? "json" : "text",
      // the document's claim about this operation's error bodies (checked against answers by the tests)
      body: body as B,
      operation: OPERATION_OF.get(response),
      requestId: response.headers.get("x-request-id") ?? undefined,
      url: response.url,
      etag: response.status === 412 ? (response.headers.get("etag") ?? undefined) : undefined,
    });
  }
}

/** The API did not answer: connection refused or reset, DNS failure, a timeout or an abort. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`no answer from ${url}: ${cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause)}`, { cause });
  }
}

/**
 * The API answered in a way the client does not read: a success whose body is not the JSON the
 * client reads it as (a proxy's page, a server that broke mid-way), an answer larger than the
 * client reads, or a redirect (never followed: the credentials go to the gateway given and to no
 * other URL). The server failed, like a 5xx.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = "UnexpectedResponseError";
  constructor(
    readonly url: string,
    readonly status: number,
    readonly contentType: string,
    /** What is wrong with it, after the status (default: a body that is not JSON). */
    reason = `with a body that is not JSON (${contentType || "no content type"})`,
  ) {
    super(`unexpected answer from ${url}: ${status} ${reason}`);
  }
}
