import createClient, { type Client, type Middleware } from "openapi-fetch";
import { ApiError, NetworkError, OPERATION_OF, UnexpectedResponseError } from "./errors.ts";
import { followLog, type FollowLogOptions, type LogChunk, type LogTail } from "./logs.ts";
import { ok, paginate } from "./paging.ts";
import { DEFAULT_RETRIES, retryingTransport } from "./retry.ts";
import type { paths } from "./schema.d.ts";
import type { ClusterAction, Run, SshKeyPart, TokenPair } from "./types.ts";

/**
 * How the client authenticates (docs/api/auth.md):
 * - `bearer`: an access token; with its refresh token, a 401 is answered by one
 *   `POST /api/v1/auth/refresh` and the request is sent again with the new token, and a token
 *   whose `expiresAt` is less than EXPIRY_MARGIN_MS away is refreshed before it is sent.
 * - `userKey`: a user API key (`u_…`), sent as `X-API-KEY`.
 * - `orgKey`: an org key and its secret (`X-ORG-KEY` + `X-ORG-SECRET`); the key implies its organization.
 */
export type Auth =
  | {
      type: "bearer";
      accessToken: string;
      refreshToken?: string;
      /** When the access token expires (the pair's `expires_in` after it was issued), if known. */
      expiresAt?: Date | string;
      /** Called with every new pair a refresh gave (to store it); the client uses it at once either way. */
      onRefresh?: (pair: TokenPair) => void | Promise<void>;
    }
  | { type: "userKey"; key: string }
  | { type: "orgKey"; key: string; secret: string };

export interface ClusterClientOptions {
  /** Where the gateway answers, without `/api/v1` (the generated paths carry it): `http://localhost:8080`. */
  baseUrl: string;
  auth?: Auth;
  /** The organization of [org] routes (`X-Org-ID`); not needed with an org key. */
  orgId?: string;
  /** The transport (default: the global fetch); a test or a proxy can put its own. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * How long a request may take, its answer's body included (an event stream's body excepted: it
   * flows for as long as it lasts), before it fails with NetworkError; DEFAULT_TIMEOUT_MS when
   * omitted, 0 for no limit.
   */
  timeoutMs?: number;
  /** The largest answer body read (an event stream's excepted); a larger one fails with UnexpectedResponseError. DEFAULT_MAX_RESPONSE_BYTES when omitted. */
  maxResponseBytes?: number;
  /**
   * How many times a request that met a connection failure or a 503 is sent again (after the
   * 503's Retry-After, at most 10 s); a POST or PATCH always with the same Idempotency-Key, so a
   * change is made once. DEFAULT_RETRIES (3) when omitted, 0 for none.
   */
  retries?: number;
  /**
   * openapi-fetch middleware (`onRequest`, `onResponse`, `onError`) run on every request of the
   * client, of the clients `withOrg` derives from it and of its token refreshes, after the
   * client's own handling: an answer an `onResponse` sees is the last one (after a refresh and the
   * request sent again). A browser app sets its request options there (`cache`, `credentials`) or
   * watches the answers (a 401 the refresh could not cure: the sign-in is over). None by default.
   */
  middleware?: Middleware[];
}

/** A request that has not been answered in 30 s fails (NetworkError). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** An answer body over 64 MiB is not read (UnexpectedResponseError). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** An access token this close to its expiry is refreshed before it is sent, not after its 401. */
export const EXPIRY_MARGIN_MS = 30_000;

/** A downloaded SSH key file (`GET /ssh/{id}/download`). */
export interface SshKeyFile {
  /**
   * The name `Content-Disposition` gives (`<id>.pub`, `<id>.pem`, `ssh_key_<id>.zip`) when it is a
   * plain file name, else that default: never a path (`../x`, `/x`, `a\b`), a hidden or dot name,
   * or one with control characters, so it can be written in the current folder as it is.
   */
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** The authentication state shared by a client and the clients `withOrg` derives from it. */
class Session {
  private refreshing: Promise<TokenPair> | undefined;
  /** Without auth: the refresh call, which authenticates with its body. */
  readonly anonymous: Client<paths>;

  constructor(
    readonly baseUrl: string,
    public auth: Auth | undefined,
    readonly transport: (request: Request) => Promise<Response>,
    /** The caller's middleware (ClusterClientOptions.middleware), on every openapi-fetch client sharing this session. */
    readonly middleware: readonly Middleware[],
  ) {
    this.anonymous = createClient<paths>({ baseUrl, fetch: transport });
    this.anonymous.use(ANSWERS, ...middleware);
  }

  /**
   * Sends a request with the credentials: a bearer token about to expire is refreshed first; a
   * 401 to a bearer token with a refresh token refreshes once and sends it again.
   */
  async send(request: Request): Promise<Response> {
    await this.refreshIfExpiring();
    const auth = this.auth;
    const spare = auth?.type === "bearer" && auth.refreshToken ? request.clone() : undefined;
    const response = await this.transport(withAuth(request, auth));
    if (response.status !== 401 || !spare || auth?.type !== "bearer") return response;
    const token = await this.tokenAfter401(auth.accessToken);
    if (token === undefined) return response;
    await response.body?.cancel();
    return this.transport(withAuth(spare, { type: "bearer", accessToken: token }));
  }

  /**
   * A token to try again with after `refused` got a 401: the current one when another request
   * refreshed meanwhile, else a new one (concurrent 401s share one refresh); undefined when the
   * refresh token is refused too.
   */
  private async tokenAfter401(refused: string): Promise<string | undefined> {
    const auth = this.auth;
    if (auth?.type !== "bearer") return undefined;
    if (auth.accessToken !== refused) return auth.accessToken;
    try {
      return (await this.refresh()).access_token;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 400)) return undefined;
      throw err;
    }
  }

  /** A bearer token known to expire within EXPIRY_MARGIN_MS is refreshed now; a refused refresh leaves the 401 to tell. */
  private async refreshIfExpiring(): Promise<void> {
    const auth = this.auth;
    if (auth?.type !== "bearer" || !auth.refreshToken || auth.expiresAt === undefined) return;
    if (new Date(auth.expiresAt).getTime() - Date.now() > EXPIRY_MARGIN_MS) return;
    try {
      await this.refresh();
    } catch (err) {
      if (!(err instanceof ApiError && (err.status === 401 || err.status === 400))) throw err;
    }
  }

  /** One `POST /api/v1/auth/refresh` at a time; the new pair replaces the old one. */
  refresh(): Promise<TokenPair> {
    this.refreshing ??= (async () => {
      const auth = this.auth;
      if (auth?.type !== "bearer" || !auth.refreshToken) throw new Error("no refresh token to refresh with");
      const pair = await ok(this.anonymous.POST("/api/v1/auth/refresh", { body: { refresh_token: auth.refreshToken } }));
      this.auth = { ...auth, accessToken: pair.access_token, refreshToken: pair.refresh_token, expiresAt: new Date(Date.now() + pair.expires_in * 1000) };
      await auth.onRefresh?.(pair);
      return pair;
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }
}

/** `name` when it is a plain file name (no folder, not hidden, no control characters), else undefined. */
function plainFileName(name: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (name === undefined || name === "" || name.startsWith(".") || /[/\\\u0000-\u001f\u007f]/.test(name)) return undefined;
  return name;
}

function withAuth(request: Request, auth: Auth | undefined): Request {
  if (!auth) return request;
  const headers = new Headers(request.headers);
  switch (auth.type) {
    case "bearer":
      headers.set("authorization", `Bearer ${auth.accessToken}`);
      break;
    case "userKey":
      headers.set("x-api-key", auth.key);
      break;
    case "orgKey":
      headers.set("x-org-key", auth.key);
      headers.set("x-org-secret", auth.secret);
      break;
  }
  return new Request(request, { headers });
}

/**
 * Every answer: the operation it answers is recorded (OPERATION_OF, for ApiError), and a success
 * read as JSON (openapi-fetch's default) must be JSON: anything else is an
 * UnexpectedResponseError, not the SyntaxError of its parser.
 */
const ANSWERS: Middleware = {
  async onResponse({ request, response, options, schemaPath }) {
    // which operation answered: an ApiError made of this answer names it and its error style
    OPERATION_OF.set(response, `${request.method} ${schemaPath}`);
    if (!response.ok || response.status === 204 || options.parseAs !== "json") return undefined;
    const text = await response.clone().text();
    if (text === "") return undefined;
    try {
      JSON.parse(text);
    } catch {
      throw new UnexpectedResponseError(request.url, response.status, response.headers.get("content-type") ?? "");
    }
    return undefined;
  },
};

/**
 * The transport of every request: the answer within `timeoutMs` (headers and body), else a
 * NetworkError, as for a connection refused or reset. An event stream is handed over as soon as
 * it starts, its body flowing for as long as it lasts; any other body is read here, chunk by chunk
 * up to `maxBytes` (more fails with UnexpectedResponseError), so that a server going silent in the
 * middle of one fails in time too and a huge one never fills the memory. Redirects are never
 * followed (the credentials would go with them to another origin): a 3xx is an
 * UnexpectedResponseError naming where it pointed.
 */
function transportOf(fetchImpl: (request: Request) => Promise<Response>, timeoutMs: number, maxBytes: number): (request: Request) => Promise<Response> {
  return async (request) => {
    const limit = timeoutMs > 0 ? new AbortController() : undefined;
    const timer = limit && setTimeout(() => limit.abort(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    try {
      const response = await fetchImpl(new Request(request, { redirect: "manual", ...(limit ? { signal: AbortSignal.any([request.signal, limit.signal]) } : {}) }));
      const contentType = response.headers.get("content-type") ?? "";
      if ((response.status >= 300 && response.status < 400 && response.status !== 304) || response.redirected) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        throw new UnexpectedResponseError(
          request.url,
          response.status,
          contentType,
          `redirecting to ${location === null ? "nowhere" : JSON.stringify(location)}: not followed (credentials are only sent to the gateway given)`,
        );
      }
      if (response.body === null || contentType.startsWith("text/event-stream")) return response;
      const body = await readAtMost(response, maxBytes, request.url);
      const copy = new Response(response.status === 204 || response.status === 304 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      Object.defineProperty(copy, "url", { value: response.url });
      return copy;
    } catch (err) {
      if (err instanceof UnexpectedResponseError) throw err;
      throw new NetworkError(request.url, limit?.signal.aborted ? limit.signal.reason : err);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The body of an answer as it streams in, refused (and the rest not read) once it is over `maxBytes`. */
async function readAtMost(response: Response, maxBytes: number, url: string): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new UnexpectedResponseError(url, response.status, response.headers.get("content-type") ?? "", `with a body over ${maxBytes} bytes (not read)`);
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The typed client: `api` is an openapi-fetch client over the generated `paths` (every path,
 * parameter, body and answer typed from the served OpenAPI document), sending the credentials,
 * `X-Org-ID` and refreshing the token on a 401. `ok()` turns a result into its body or an ApiError.
 *
 *     const client = new ClusterClient({ baseUrl, auth: { type: "bearer", accessToken, refreshToken }, orgId });
 *     const server = await ok(client.api.GET("/api/v1/servers/{id}", { params: { path: { id } } }));
 */
export class ClusterClient {
  readonly api: Client<paths>;
  readonly baseUrl: string;
  readonly orgId: string | undefined;
  private readonly session: Session;

  /** `session` is internal: `withOrg` shares its credentials and refreshes with the client it derives. */
  constructor(options: ClusterClientOptions, session?: Session) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.orgId = options.orgId;
    const fetchImpl = options.fetch ?? ((request: Request) => fetch(request));
    this.session =
      session ??
      new Session(
        this.baseUrl,
        options.auth,
        retryingTransport(
          transportOf(fetchImpl, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
          options.retries ?? DEFAULT_RETRIES,
        ),
        options.middleware ?? [],
      );
    this.api = createClient<paths>({
      baseUrl: this.baseUrl,
      fetch: (request) => this.session.send(request),
      ...(options.orgId ? { headers: { "X-Org-ID": options.orgId } } : {}),
    });
    this.api.use(ANSWERS, ...this.session.middleware);
  }

  /** The same credentials (and token refreshes, and middleware) for another organization's [org] routes. */
  withOrg(orgId: string): ClusterClient {
    return new ClusterClient({ baseUrl: this.baseUrl, orgId }, this.session);
  }

  /** The current credentials (after any refresh). */
  get auth(): Auth | undefined {
    return this.session.auth;
  }

  /** Refreshes the token pair now (`POST /api/v1/auth/refresh`); throws ApiError when the refresh token is refused. */
  refresh(): Promise<TokenPair> {
    return this.session.refresh();
  }

  /** Downloads an SSH key: the public key, the private key (PEM) or a zip of both. */
  async downloadSshKey(id: string, part: SshKeyPart): Promise<SshKeyFile> {
    const result = await this.api.GET("/api/v1/ssh/{id}/download", { params: { path: { id }, query: { part } }, parseAs: "arrayBuffer" });
    const data = await ok(result);
    const given = /filename="([^"]*)"/.exec(result.response.headers.get("content-disposition") ?? "")?.[1];
    const fallback = part === "public" ? `${id}.pub` : part === "private" ? `${id}.pem` : `ssh_key_${id}.zip`;
    return {
      filename: plainFileName(given) ?? plainFileName(fallback) ?? `ssh_key.${part === "public" ? "pub" : part === "private" ? "pem" : "zip"}`,
      contentType: result.response.headers.get("content-type") ?? "application/octet-stream",
      data: new Uint8Array(data),
    };
  }

  /** Every action administrators defined (`GET /admin/actions`, every page), newest first. */
  actions(pageSize = 100): AsyncGenerator<ClusterAction, void, undefined> {
    return paginate((cursor) => this.api.GET("/api/v1/admin/actions", { params: { query: { limit: pageSize, ...(cursor ? { cursor } : {}) } } }));
  }

  /** Every run of a cluster (`GET /clusters/{clusterID}/runs`, every page), newest first. */
  runs(clusterID: string, pageSize = 100): AsyncGenerator<Run, void, undefined> {
    return paginate((cursor) => this.api.GET("/api/v1/clusters/{clusterID}/runs", { params: { path: { clusterID }, query: { limit: pageSize, ...(cursor ? { cursor } : {}) } } }));
  }

  /**
   * A run's output as it is written, until the run has ended and everything was sent (`GET
   * …/runs/{runID}/logs` with `Accept: text/event-stream`; a dropped connection is opened again
   * with `Last-Event-ID`). Throws an ApiError when the API refuses (404, 403…):
   *
   *     for await (const c of client.followRunLog(clusterID, runID)) (c.stream === "stderr" ? process.stderr : process.stdout).write(c.chunk);
   */
  followRunLog(clusterID: string, runID: string, options: FollowLogOptions = {}): AsyncGenerator<LogChunk, void, undefined> {
    return followLog(
      this.tail((header, signal) => this.api.GET("/api/v1/clusters/{clusterID}/runs/{runID}/logs", { params: { path: { clusterID, runID }, header }, parseAs: "stream", signal })),
      options,
    );
  }

  /** A server's bootstrap output as it is written, until the bootstrap has ended (`GET /servers/{id}/logs`, live): like followRunLog. */
  followServerLog(id: string, options: FollowLogOptions = {}): AsyncGenerator<LogChunk, void, undefined> {
    return followLog(
      this.tail((header, signal) => this.api.GET("/api/v1/servers/{id}/logs", { params: { path: { id }, header }, parseAs: "stream", signal })),
      options,
    );
  }

  /** A live tail over the typed client (credentials, token refresh, the operation named in an ApiError). */
  private tail(get: (header: { Accept: string; "Last-Event-ID"?: string }, signal: AbortSignal) => Promise<{ response: Response; error?: unknown }>): LogTail {
    const refusals = new WeakMap<Response, ApiError>();
    return {
      open: async (lastEventId, signal) => {
        const result = await get({ Accept: "text/event-stream", ...(lastEventId === undefined ? {} : { "Last-Event-ID": lastEventId }) }, signal);
        if (!result.response.ok) refusals.set(result.response, ApiError.fromResult(result.response, result.error));
        return result.response;
      },
      refused: (response) => Promise.resolve(refusals.get(response) ?? ApiError.fromResult(response, undefined)),
      unexpected: (response) => {
        const contentType = response.headers.get("content-type") ?? "";
        return new UnexpectedResponseError(response.url, response.status, contentType, `that is not a live log (${contentType || "no content type"})`);
      },
      // a redirect (never followed) or an answer too large: asking again gets the same
      isFinal: (err) => err instanceof UnexpectedResponseError || err instanceof ApiError,
    };
  }
}
