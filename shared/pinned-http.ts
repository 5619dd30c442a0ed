import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedAddress } from "./endpoint-guard.ts";

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, answer included (the request rejects with an error named `TimeoutError`). */
  timeoutMs: number;
  /** The address `checkEndpoint` checked: the connection goes there, whatever DNS answers now. */
  pinned?: CheckedAddress | undefined;
  /** Keep the answer's body (at most MAX_BODY_BYTES); otherwise at most DROPPED_BODY_BYTES of it are read, then the connection is closed. */
  readBody?: boolean;
}

export interface PinnedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, when asked for ("" otherwise); a longer one is cut at MAX_BODY_BYTES. */
  text: string;
}

/** The most of an answer's body read when it is kept (a tenant's server could send any amount): the rest is never read. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The most of an answer's body read when it is not kept (a webhook receiver's): the status is the answer. */
const DROPPED_BODY_BYTES = 64 * 1024;

/**
 * A `lookup` that answers the address the URL guard checked instead of asking DNS again, so a
 * host whose answer changes between the check and the connection (DNS rebinding) still reaches
 * the checked address.
 */
function pinnedLookup(to: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (err: null, addresses: CheckedAddress[]) => void)(null, [to]);
    else callback(null, to.address, to.family);
  };
}

/**
 * An HTTP request to a tenant-supplied URL (a webhook, a DNS provider's API), never following a
 * redirect. With `pinned`, the connection goes to that address; the Host header and the TLS
 * server name stay the URL's host, so virtual hosting and certificate checks work as with any
 * request. Rejects on a network error (with its `code`, e.g. ECONNREFUSED) or when `timeoutMs`
 * passes.
 */
export function pinnedRequest(url: string, req: PinnedRequest): Promise<PinnedResponse> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => outgoing.destroy(Object.assign(new Error(`no answer within ${req.timeoutMs} ms`), { name: "TimeoutError" })), req.timeoutMs);
    const settle =
      <T>(fn: (v: T) => void) =>
      (v: T) => {
        clearTimeout(deadline);
        fn(v);
      };
    resolve = settle(resolve);
    reject = settle(reject);
    const outgoing = request(
      target,
      {
        method: req.method,
        headers: { ...req.headers, ...(req.body === undefined ? {} : { "content-length": String(Buffer.byteLength(req.body)) }) },
        ...(req.pinned ? { lookup: pinnedLookup(req.pinned) } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const limit = req.readBody ? MAX_BODY_BYTES : DROPPED_BODY_BYTES;
        let read = 0;
        const answer = () => ({ status: res.statusCode ?? 0, headers: res.headers, text: req.readBody ? Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString("utf8") : "" });
        res.on("data", (c: Buffer) => {
          read += c.length;
          if (req.readBody) chunks.push(c);
          if (read < limit) return;
          // enough of it: the rest is not read, the connection (never reused: agent false) is closed
          resolve(answer());
          res.destroy();
        });
        res.on("end", () => resolve(answer()));
        res.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}
