import { ClusterClient, type Middleware, type TokenPair } from "../../clients/typescript/src/index.ts";
import { sessionOf, type Session } from "./session.ts";

/**
 * The console's connection to the API: the signed-in session and the typed client
 * (clients/typescript) that carries it. The client sends the bearer token, refreshes it once on a
 * 401 (one refresh at a time, the new pair stored), and answers typed bodies or ApiErrors; this
 * layer adds what the console does around it: a new client for each sign-in, the sign-in over when
 * a 401 cannot be cured, a word when an admin route refuses (403), and browser request options.
 * No DOM here (the store is given): test/unit/console-connection.test.ts runs it over HTTP.
 */

/** Where a session is kept between page loads (console/src/session.ts: the tab's sessionStorage). */
export interface SessionStore {
  load(): Session | undefined;
  save(session: Session | undefined): void;
}

export interface ConnectionOptions {
  /** Where the API answers, without `/api/v1`: the console's own origin. */
  baseUrl: string;
  store: SessionStore;
  /** The transport (the global fetch by default). */
  fetch?: (request: Request) => Promise<Response>;
}

/** Told when the session ends (refused token that cannot be refreshed): the app goes back to sign-in. */
export type SessionListener = (session: Session | undefined, reason?: string) => void;

/** Why the console is back at sign-in after a 401 the refresh could not cure. */
export const SESSION_ENDED = "Your session has ended (the token expired or was revoked). Sign in again.";

/**
 * Every request as the console sends it: never from the browser's HTTP cache (a live view must
 * be current), never with cookies (the API authenticates with the bearer token alone).
 */
const BROWSER_INIT = { cache: "no-store", credentials: "omit" } as const;
const BROWSER_REQUEST: Middleware = {
  onRequest: ({ request }) => new Request(request, BROWSER_INIT),
};

export class Connection {
  /** Without credentials: the identity providers, signing in and out. */
  readonly anonymous: ClusterClient;
  private session: Session | undefined;
  private signedIn: ClusterClient;
  /** Counts sign-ins and sign-outs: a client's answers speak for the session only while it is current. */
  private generation = 0;
  private listener: SessionListener = () => {};
  private adminRefused: () => void = () => {};

  constructor(private readonly options: ConnectionOptions) {
    this.anonymous = new ClusterClient(this.clientOptions([]));
    this.session = options.store.load();
    this.signedIn = this.open(this.session);
  }

  /** The typed client with the session's credentials. */
  get client(): ClusterClient {
    return this.signedIn;
  }

  get current(): Session | undefined {
    return this.session;
  }

  /** A new session (a sign-in) or none (a sign-out, or the session ended, `reason` saying why). */
  setSession(next: Session | undefined, reason?: string): void {
    this.session = next;
    this.options.store.save(next);
    this.signedIn = this.open(next);
    this.listener(next, reason);
  }

  onSessionChange(fn: SessionListener): void {
    this.listener = fn;
  }

  /** Told when an admin route answers 403 (the user may have lost administrator rights meanwhile). */
  onAdminRefused(fn: () => void): void {
    this.adminRefused = fn;
  }

  /**
   * The client of a session: its refreshed pairs are stored as they come; a 401 it still gets (no
   * refresh token, or the refresh was refused) ends the session; a 403 from an admin route is told.
   */
  private open(session: Session | undefined): ClusterClient {
    const generation = ++this.generation;
    const isCurrent = () => generation === this.generation;
    if (!session) return new ClusterClient(this.clientOptions([]));
    const onRefresh = (pair: TokenPair) => {
      if (!isCurrent()) return;
      this.session = sessionOf(pair);
      this.options.store.save(this.session);
    };
    const answers: Middleware = {
      onResponse: ({ response, schemaPath }) => {
        if (!isCurrent()) return;
        if (response.status === 401) this.setSession(undefined, SESSION_ENDED);
        else if (response.status === 403 && schemaPath.startsWith("/api/v1/admin/")) this.adminRefused();
      },
    };
    return new ClusterClient({
      ...this.clientOptions([answers]),
      auth: { type: "bearer", accessToken: session.access_token, ...(session.refresh_token ? { refreshToken: session.refresh_token } : {}), onRefresh },
    });
  }

  private clientOptions(middleware: Middleware[]) {
    return {
      baseUrl: this.options.baseUrl,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      // the live views ask again on their own, and an action's failure is shown at once in the API's words
      retries: 0,
      middleware: [BROWSER_REQUEST, ...middleware],
    };
  }
}
