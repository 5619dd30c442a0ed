import { ClusterClient, type Auth } from "../../clients/typescript/src/index.ts";
import { ResponseValidator } from "./openapi-validator.ts";
import type { SignedIn } from "./principals.ts";

/** One exchange the client made: `GET /api/v1/servers 200`. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
}

/**
 * A transport for the typed client that checks every answer against the gateway's OpenAPI
 * document (the same ResponseValidator the raw-request tests use) before the client decodes it,
 * and records the exchange. A mismatch rejects the call, so the test that made it fails.
 */
export function checkedTransport(baseUrl: string, log: Exchange[] = [], validator = new ResponseValidator(baseUrl)): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await fetch(request);
    const streamed = response.headers.get("content-type") ?? "";
    if (response.status === 200 && streamed.startsWith("text/event-stream")) {
      // an event stream never ends: checked by its status and type, handed over as it flows
      await validator.check(request.method, request.url, response.status, streamed, undefined, "");
      log.push({ method: request.method, path: new URL(request.url).pathname, status: response.status });
      return response;
    }
    const bytes = await response.arrayBuffer();
    const text = new TextDecoder().decode(bytes);
    const contentType = response.headers.get("content-type") ?? "";
    let json: unknown;
    if (contentType.includes("json") && text.length > 0) json = JSON.parse(text);
    await validator.check(request.method, request.url, response.status, contentType, json, text);
    log.push({ method: request.method, path: new URL(request.url).pathname, status: response.status });
    // The same answer, without Content-Length: openapi-fetch then parses JSON with its own
    // JSON.parse (in the test's realm under Jest) instead of Response.json(), whose objects come
    // from Node's realm and never deep-equal the test's literals.
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    const body = response.status === 204 || response.status === 304 ? null : bytes;
    const copy = new Response(body, { status: response.status, statusText: response.statusText, headers });
    Object.defineProperty(copy, "url", { value: response.url });
    return copy;
  };
}

/** A client for a signed-in user (bearer with its refresh token), answers checked against the document. */
export function clientFor(
  baseUrl: string,
  user: SignedIn,
  opts: { orgId?: string; log?: Exchange[]; onRefresh?: Extract<Auth, { type: "bearer" }>["onRefresh"] } = {},
): ClusterClient {
  return new ClusterClient({
    baseUrl,
    auth: { type: "bearer", accessToken: user.tokens.access_token, refreshToken: user.tokens.refresh_token, ...(opts.onRefresh ? { onRefresh: opts.onRefresh } : {}) },
    ...(opts.orgId ? { orgId: opts.orgId } : {}),
    fetch: checkedTransport(baseUrl, opts.log),
  });
}
