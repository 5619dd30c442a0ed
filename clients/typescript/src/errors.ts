import type { ErrorBody } from "./types.ts";

/**
 * The two error styles of the API: plain text bodies (org-scoped, admin and resource routes)
 * and `{code, message}` JSON (`/orgs`, `/auth/*`, `/me*`). Every error carries `X-Error-Code`.
 */
export type ErrorStyle = "text" | "json";

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ErrorBody).code === "string" && typeof (value as ErrorBody).message === "string";
}

/** An answer of the API outside 2xx, in either style. `message` is the server's message. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The HTTP status (400, 401, 403, 404, 409, 413, 429, 5xx…). */
  readonly status: number;
  /** Machine-readable: the `X-Error-Code` header, else the JSON body's `code`, else `http_<status>`. */
  readonly code: string;
  /** Which of the two error styles the route answered in. */
  readonly style: ErrorStyle;
  /** The body as sent: the text, or the `{code, message}` object. */
  readonly body: string | ErrorBody;
  /** `X-Request-ID` of the answer (the server logs it with the error). */
  readonly requestId: string | undefined;
  /** The URL that answered. */
  readonly url: string;

  constructor(init: { status: number; code: string; style: ErrorStyle; body: string | ErrorBody; requestId?: string | undefined; url: string }) {
    super(typeof init.body === "string" ? init.body : init.body.message);
    this.status = init.status;
    this.code = init.code;
    this.style = init.style;
    this.body = init.body;
    this.requestId = init.requestId;
    this.url = init.url;
  }

  /** From a response and its body as openapi-fetch parsed it (text, or JSON when it parsed). */
  static fromResult(response: Response, parsed: unknown): ApiError {
    const json = (response.headers.get("content-type") ?? "").startsWith("application/json") && isErrorBody(parsed);
    const body: string | ErrorBody = json ? parsed : parsed === undefined ? "" : typeof parsed === "string" ? parsed : JSON.stringify(parsed);
    return new ApiError({
      status: response.status,
      code: response.headers.get("x-error-code") ?? (typeof body === "string" ? `http_${response.status}` : body.code),
      style: json ? "json" : "text",
      body,
      requestId: response.headers.get("x-request-id") ?? undefined,
      url: response.url,
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
 * The API answered a success whose body is not the JSON the client reads it as (a proxy's page,
 * a server that broke mid-way): the server failed, like a 5xx.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = "UnexpectedResponseError";
  constructor(
    readonly url: string,
    readonly status: number,
    readonly contentType: string,
  ) {
    super(`unexpected answer from ${url}: ${status} with a body that is not JSON (${contentType || "no content type"})`);
  }
}
