export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Raw body text. */
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: T;
  contentType: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** A value to JSON-encode, or a string sent as is. */
  body?: unknown;
  /** Send `body` exactly as given (string), without JSON encoding. */
  raw?: boolean;
}

/** Longest wait for one answer (TEST_REQUEST_TIMEOUT_MS); a hung request fails its test by name. */
const REQUEST_TIMEOUT_MS = Number(process.env.TEST_REQUEST_TIMEOUT_MS ?? 60_000);

/** Checks a response against the API's documentation (see ResponseValidator). */
export interface ResponseCheck {
  check(method: string, url: string, status: number, contentType: string, body: unknown, text: string): Promise<void>;
}

/**
 * A small fetch-based client that keeps status, headers and both body forms. With a
 * `checker`, every response is checked against the gateway's OpenAPI document, so a field of
 * the wrong type or name fails the test that produced it.
 */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
    private readonly checker?: ResponseCheck,
  ) {}

  /** A client that sends these headers on every request (auth, X-Org-ID). */
  with(headers: Record<string, string>): HttpClient {
    return new HttpClient(this.baseUrl, { ...this.defaults, ...headers }, this.checker);
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...this.defaults, ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = opts.raw && typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    // an answer that never comes fails the test naming the request, instead of hanging it
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.baseUrl + path, { method, headers, body, signal });
      // an event stream never ends: its answer is the status and headers (test/integration/events.test.ts reads streams)
      if (res.status === 200 && (res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
        await res.body?.cancel();
        text = "";
      } else {
        text = await res.text();
      }
    } catch (err) {
      if (signal.aborted) throw new Error(`${method} ${path}: no answer within ${REQUEST_TIMEOUT_MS} ms`, { cause: err });
      throw err;
    }
    const contentType = res.headers.get("content-type") ?? "";
    let json: unknown;
    if (contentType.includes("json") && text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    await this.checker?.check(method, path, res.status, contentType, json, text);
    return { status: res.status, headers: res.headers, text, json: json as T, contentType };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>("GET", path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("POST", path, { ...opts, body: body ?? {} });
  }
  patch<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("PATCH", path, { ...opts, body: body ?? {} });
  }
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>("DELETE", path, opts);
  }
}
