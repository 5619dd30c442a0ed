import { NetworkError } from "./errors.ts";

/** Connection failures and 503s are tried again this many times by default. */
export const DEFAULT_RETRIES = 3;

/** The longest wait between two tries, whatever Retry-After says. */
export const MAX_RETRY_DELAY_MS = 10_000;

/** Without Retry-After: the first wait, doubled at each try. */
const FIRST_DELAY_MS = 500;

/** Methods that change something: each request gets an Idempotency-Key, kept by its retries. */
const KEYED = new Set(["POST", "PATCH"]);

/** Methods safe to send again as they are (HTTP's idempotent methods). */
const REPEATABLE = new Set(["GET", "HEAD", "DELETE", "OPTIONS"]);

/**
 * A new UUID (v4) for an Idempotency-Key: `crypto.randomUUID()`, which a browser offers only in a
 * secure context (https, or localhost), else the same made of `crypto.getRandomValues()` (a
 * console opened over plain http from another host).
 */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function waitMs(response: Response | undefined, attempt: number): number {
  const header = response?.headers.get("retry-after");
  const seconds = header !== null && header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  return Math.min(seconds !== undefined ? seconds * 1_000 : FIRST_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** A 503, or a 409 saying the first request with this key is still being processed (its answer will come). */
function retryable(response: Response): boolean {
  return response.status === 503 || (response.status === 409 && response.headers.get("x-error-code") === "idempotency_key_in_use");
}

/**
 * Retries that never make a duplicate: every POST and PATCH is sent with an `Idempotency-Key`
 * (a new UUID, unless the caller set one), and a request that met a connection failure
 * (NetworkError), a 503 or a 409 `idempotency_key_in_use` (the first try still runs) is sent again, the same key with it, at most `retries` times, after the
 * 503's `Retry-After` (bounded by MAX_RETRY_DELAY_MS). The server answers a repeat of a change it
 * already made with that change's answer (`Idempotent-Replayed: true`). An event stream is never
 * retried here (its client resumes it with Last-Event-ID).
 */
export function retryingTransport(transport: (request: Request) => Promise<Response>, retries: number): (request: Request) => Promise<Response> {
  return async (original) => {
    let request = original;
    if (KEYED.has(request.method) && !request.headers.has("idempotency-key")) {
      const headers = new Headers(request.headers);
      headers.set("idempotency-key", newIdempotencyKey());
      request = new Request(request, { headers });
    }
    const repeatable = KEYED.has(request.method) || REPEATABLE.has(request.method);
    if (retries <= 0 || !repeatable || (request.headers.get("accept") ?? "").includes("text/event-stream")) return transport(request);
    for (let attempt = 0; ; attempt++) {
      const spare = request.clone();
      let response: Response | undefined;
      try {
        response = await transport(request);
        if (!retryable(response) || attempt >= retries) return response;
      } catch (err) {
        if (!(err instanceof NetworkError) || attempt >= retries || original.signal.aborted) throw err;
      }
      const delay = waitMs(response, attempt);
      await response?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delay));
      request = spare;
    }
  };
}
