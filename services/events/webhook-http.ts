import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedAddress } from "../../shared/endpoint-guard.ts";

export interface PostResult {
  status: number;
  headers: IncomingHttpHeaders;
}

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
 * POSTs `body` to `url` and reads the answer (never following a redirect). With `pinned`, the
 * connection goes to that address; the Host header and the TLS server name stay the URL's host,
 * so virtual hosting and certificate checks work as with any request. Rejects on a network error
 * or when `timeoutMs` passes (an error named `TimeoutError`).
 */
export function postPinned(url: string, headers: Record<string, string>, body: string, timeoutMs: number, pinned?: CheckedAddress): Promise<PostResult> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // the whole exchange, not only the silences between packets
    const deadline = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: "TimeoutError" })), timeoutMs);
    const settle =
      <T>(fn: (v: T) => void) =>
      (v: T) => {
        clearTimeout(deadline);
        fn(v);
      };
    resolve = settle(resolve);
    reject = settle(reject);
    const req = request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
        agent: false,
      },
      (res) => {
        res.resume(); // the receiver's body is not kept
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
