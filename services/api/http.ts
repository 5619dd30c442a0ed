import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestMeta } from "../../shared/context.ts";
import { apiError, ERROR_CATALOGUE, type ErrorCode, type HttpErrorShape, MESSAGES } from "../../shared/errors.ts";
import { uuid } from "../../shared/zod.ts";
import { API_PREFIX, type ErrorStyle, type RouteDef } from "./routes.ts";

/** Properties moleculer-web and our hooks attach to the request. */
export interface GatewayRequest extends IncomingMessage {
  originalUrl?: string;
  /** The path without the query string (moleculer-web). */
  parsedUrl?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  $params?: Record<string, unknown>;
  $alias?: Partial<RouteDef> & { params?: Record<string, unknown>; fullPath?: string };
  $ctx?: { requestID?: string | null; meta?: RequestMeta };
  clientIp?: string;
  /** The route label of a request no alias serves (the console's static files), for metrics and the access log. */
  routeLabel?: string;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's request id when it is sane, otherwise none (a fresh one is minted). */
export function incomingRequestId(req: IncomingMessage): string | undefined {
  const raw = req.headers["x-request-id"] ?? req.headers["x-correlation-id"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && SAFE_REQUEST_ID.test(value) ? value : undefined;
}

/** With TRUST_PROXY, the address the (single) trusted proxy appended to X-Forwarded-For. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers["x-forwarded-for"];
    const list = (Array.isArray(xff) ? xff.join(",") : (xff ?? ""))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const last = list[list.length - 1];
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}

export function setSecurityHeaders(res: ServerResponse, https: boolean): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * Requests Node's HTTP parser refuses before any route sees them: a request line or headers over
 * the header limit (a very long query string) is 431, anything else malformed 400. Node would
 * answer with an empty body; these get the catalogue's plain-text message and X-Error-Code
 * (the route, and so its error style, is not known yet), then the connection closes.
 */
export function answerParserErrors(server: Server): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const code: ErrorCode = err.code === "HPE_HEADER_OVERFLOW" ? "headers_too_large" : "bad_request";
    const { status, message } = ERROR_CATALOGUE[code];
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
      "Content-Type: text/plain; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(message)}`,
      `X-Error-Code: ${code}`,
      "X-Content-Type-Options: nosniff",
      "Cache-Control: no-store",
      "Connection: close",
    ];
    socket.end(`${head.join("\r\n")}\r\n\r\n${message}`);
  });
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Own enumerable entries without prototype-pollution keys. */
function cleanEntries(obj: Record<string, unknown>): [string, unknown][] {
  return Object.keys(obj)
    .filter((k) => !FORBIDDEN_KEYS.has(k))
    .map((k) => [k, obj[k]]);
}

/**
 * Builds the action params from the HTTP request, checking its shape at the edge:
 * body must be a JSON object (for methods with a body), query values plain strings, declared
 * id params UUIDs. Reads take query + path params; writes take body + path params (path wins).
 */
export function buildParams(
  method: string,
  body: unknown,
  query: Record<string, unknown> | undefined,
  pathParams: Record<string, unknown> | undefined,
  uuidParams: readonly string[] = [],
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (method === "POST" || method === "PATCH" || method === "PUT") {
    const b = body === undefined || body === null || body === "" ? {} : body;
    if (!isPlainObject(b)) throw apiError("invalid_json");
    for (const [k, v] of cleanEntries(b)) params[k] = v;
  }
  for (const [k, v] of cleanEntries(query ?? {})) {
    // `?q[$ne]=x` arrives as the key "q[$ne]" (nested parsing is off): never a silently ignored filter
    if (typeof v !== "string" || /[[\]]/.test(k)) throw MESSAGES.invalidQueryParameter.error(k);
    if (method === "GET" || method === "DELETE") params[k] = v;
  }
  for (const [k, v] of cleanEntries(pathParams ?? {})) {
    if (uuidParams.includes(k)) {
      if (!uuid.safeParse(v).success) throw apiError("invalid_id");
      params[k] = (v as string).toLowerCase(); // ids are stored lower-case; UUIDs are case-insensitive
      continue;
    }
    params[k] = v;
  }
  return params;
}

const PARAM = /:([A-Za-z_]\w*)/g;

/**
 * The URL of the object a 201 created (its `Location`): the route's `location` with each
 * parameter the request's path also has taken from the request, the others from the answer's id.
 */
export function createdLocation(route: Partial<Pick<RouteDef, "path" | "location">>, params: Record<string, unknown>, answer: unknown): string | undefined {
  const id = (answer as { id?: unknown } | null)?.id;
  if (!route.location || typeof id !== "string") return undefined;
  const fromRequest = new Set(Array.from((route.path ?? "").matchAll(PARAM), (m) => m[1]));
  return API_PREFIX + route.location.replace(PARAM, (_m, name: string) => encodeURIComponent(String(fromRequest.has(name) ? params[name] : id)));
}

/** Writes an error in the route's style with `X-Error-Code`; never a stack or internals. */
export function writeError(res: ServerResponse, style: ErrorStyle, err: HttpErrorShape): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = err.status;
  res.setHeader("X-Error-Code", err.code);
  for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
  if (err.status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="api"');
  let payload: string;
  if (style === "json") {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    payload = JSON.stringify({ code: err.code, message: err.message });
  } else {
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    payload = err.message;
  }
  res.setHeader("Content-Length", Buffer.byteLength(payload));
  res.end(payload);
}

/** The access log's fields for one answered request: never a header, a body or a query value. */
export function accessLogFields(req: GatewayRequest, res: ServerResponse, route: string, seconds: number): Record<string, unknown> {
  const meta = req.$ctx?.meta;
  const principal = meta?.principal;
  const requestId = req.$ctx?.requestID ?? res.getHeader("x-request-id");
  return {
    method: req.method ?? "",
    route,
    status: res.statusCode,
    duration_ms: Math.round(seconds * 1e4) / 10,
    request_id: typeof requestId === "string" ? requestId : null,
    user_id: principal?.kind === "user" ? principal.user_id : null,
    organization_id: meta?.org?.id ?? null,
  };
}
