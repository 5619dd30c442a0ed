import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { join } from "node:path";
import type { ServerResponse } from "node:http";
import { Redis } from "ioredis";
import { Errors, type Context, type ServiceBroker, type ServiceSchema } from "moleculer";
import ApiGateway from "moleculer-web";
import { config } from "../../shared/config.ts";
import type { RequestMeta } from "../../shared/context.ts";
import { apiError, toHttpError, unavailableAs503 } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { projectRoot } from "../../shared/project-root.ts";
import { defineAction } from "../../shared/validation.ts";
import { Authenticator, authorizeClusterScope } from "./authenticate.ts";
import { AUTH_API_KEY_REVOKED, AUTH_USER_CHANGED } from "../../shared/contracts/auth.ts";
import { ORGS_ACCESS_CHANGED } from "../../shared/contracts/orgs.ts";
import { API_ACTIONS } from "../../shared/contracts/api-actions.ts";
import { accessLogFields, answerParserErrors, buildParams, clientIp, createdLocation, incomingRequestId, setSecurityHeaders, writeError, type GatewayRequest } from "./http.ts";
import { readJsonBody } from "./json-body.ts";
import { idempotencyOf } from "./idempotency-key.ts";
import { preconditionOf } from "./preconditions.ts";
import { entityTagOfBody, ifNoneMatchHolds } from "../../shared/entity-tag.ts";
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from "./rate-limit.ts";
import { API_PREFIX, ROUTES, errorStyleForPath, type ErrorStyle, type RouteDef } from "./routes.ts";
import { buildInfo } from "../../shared/build-info.ts";
import { docsActions } from "./docs.ts";
import { EventStreams } from "./event-stream.ts";
import { StreamCredentials } from "./stream-credentials.ts";
import { sendResponseQuietly } from "./streamed-answer.ts";
import { LogTails, wantsEventStream } from "./log-tail.ts";
import { LogPage, RUNNER_LOG_APPENDED } from "../../shared/contracts/runner.ts";
import { EVENTS_RECORDED, EventsRecordedPayload } from "../../shared/contracts/events.ts";
import { BroadcastGaps } from "./broadcast-gaps.ts";
import { CONSOLE_PATH, ConsoleSite } from "./console.ts";
import { answerHealthCheck, HEALTH_CHECK_ERRORS, HEALTHY, isPlainHealthCheck } from "./health-check.ts";

type Next = (err?: unknown) => void;
type HttpHandler = (this: unknown, req: GatewayRequest, res: ServerResponse, next?: Next) => Promise<void>;

/** moleculer-web's request handler: every request but the plain health check goes through it. */
const gatewayHttpHandler = (ApiGateway as ServiceSchema).methods?.httpHandler as HttpHandler;

/** A live log tail reads its log again at least this often (the safety net for a missed `runner.logAppended`). */
const LOG_TAIL_POLL_MS = 2_000;

/** Methods whose request body is never read (it is drained). */
const BODYLESS = new Set(["GET", "HEAD", "DELETE"]);

/** What a route middleware sees as `this`: the gateway service (moleculer-web). */
interface Gateway {
  resolveAlias(url: string, method?: string): false | { alias: Partial<RouteDef> };
}

/** `"GET /x": {action, ...route}` aliases for moleculer-web, keeping our route metadata on the alias. */
function aliasesOf(routes: readonly RouteDef[]): Record<string, RouteDef> {
  return Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, r]));
}

/**
 * A `raw` route's file answer `{content_type, filename, body}`: sets the content type and an
 * attachment disposition, returns the bytes (a Buffer that crossed NATS arrives as {type, data}).
 */
function fileBody(ctx: Context<unknown, Record<string, unknown>>, data: unknown): Buffer {
  const file = data as { content_type?: unknown; filename?: unknown; body?: unknown } | null;
  if (!file || typeof file.content_type !== "string" || typeof file.filename !== "string" || typeof file.body !== "object" || file.body === null) {
    throw new Error("raw route: the action did not answer {content_type, filename, body}");
  }
  ctx.meta.$responseType = file.content_type;
  ctx.meta.$responseHeaders = { "Content-Disposition": `attachment; filename="${file.filename.replace(/["\\\r\n]/g, "_")}"` };
  return Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body as { type: "Buffer"; data: number[] } as never);
}

/**
 * A `paged` route's answer: the page's items as the body and, while more remain, a
 * `Link: <next page>; rel="next"` header (RFC 8288) naming this request with the next cursor.
 */
function pageBody(ctx: Context<unknown, Record<string, unknown>>, req: GatewayRequest, data: unknown): unknown[] {
  const page = data as { items?: unknown; next_cursor?: unknown } | null;
  if (!page || !Array.isArray(page.items)) throw new Error("paged route: the action did not answer a page");
  if (typeof page.next_cursor === "string") {
    const next = new URL(req.originalUrl ?? req.url ?? "/", "http://gateway");
    next.searchParams.set("cursor", page.next_cursor);
    ctx.meta.$responseHeaders = { Link: `<${next.pathname}${next.search}>; rel="next"` };
  }
  return page.items;
}

/** The HTTP gateway: authentication, edge validation, error mapping, rate limit; /api/v1. */
export default function createApiService(): ServiceSchema {
  const cfg = config();
  const https = cfg.TLS_CERT_FILE && cfg.TLS_KEY_FILE ? { cert: readFileSync(cfg.TLS_CERT_FILE), key: readFileSync(cfg.TLS_KEY_FILE) } : undefined;
  const startedAt = new Date();
  let limiter: RateLimiter | undefined;
  const authenticator = new Authenticator(cfg);
  let streams: EventStreams | undefined;
  let streamCredentials: StreamCredentials | undefined;
  let logTails: LogTails | undefined;
  let broadcastGaps: BroadcastGaps | undefined;

  /**
   * Counts the request against its client's limit; true when it was over and has been answered
   * 429, in the error style of the route it asked for (by its path when no route serves it).
   */
  async function overLimit(req: GatewayRequest, res: ServerResponse, style?: ErrorStyle): Promise<boolean> {
    req.clientIp = clientIp(req, cfg.TRUST_PROXY);
    if (!limiter) return false;
    const d = await limiter.hit(req.clientIp);
    res.setHeader("X-RateLimit-Limit", String(d.limit));
    res.setHeader("X-RateLimit-Remaining", String(d.remaining));
    if (d.allowed) return false;
    const e = toHttpError(apiError("rate_limited"));
    writeError(res, style ?? errorStyleForPath(req.originalUrl ?? req.url ?? ""), { ...e, headers: { "Retry-After": String(d.resetSeconds) } });
    return true;
  }

  /**
   * Rate limit, then the body of a request no route takes (so its body errors answer as before).
   * A route's body is read in onBeforeCall, after authentication: an anonymous caller never
   * costs a parse.
   */
  async function rateLimit(this: Gateway, req: GatewayRequest, res: ServerResponse, next: Next): Promise<void> {
    try {
      const found = this.resolveAlias(req.parsedUrl ?? "", req.method);
      if (await overLimit(req, res, found ? found.alias.errors : undefined)) return;
      if (BODYLESS.has(req.method ?? "")) {
        req.resume();
      } else if (!found) {
        await readJsonBody(req, res);
      }
      next();
    } catch (err) {
      next(err);
    }
  }

  const site = new ConsoleSite(join(projectRoot(), "console", "dist"));

  /** The operator console's static files (/console/), rate limited like every request; never a body read. */
  async function serveConsole(req: GatewayRequest, res: ServerResponse, next: Next): Promise<void> {
    try {
      if (BODYLESS.has(req.method ?? "")) req.resume();
      if (await overLimit(req, res)) return;
      site.serve(req, res);
    } catch (err) {
      next(err);
    }
  }

  const ROUTED_ACTIONS = new Set(ROUTES.map((r) => r.action));

  function renderError(this: { logger: { error: (...a: unknown[]) => void; warn: (...a: unknown[]) => void } }, req: GatewayRequest, res: ServerResponse, err: unknown): void {
    // a routed action whose service no node offers any more is an outage (503 naming it), not a missing route
    const gone = err instanceof Errors.ServiceNotFoundError && ROUTED_ACTIONS.has(String((err.data as { action?: unknown } | undefined)?.action));
    const routedAction = req.$alias?.action;
    const http = toHttpError(gone ? unavailableAs503(err) : err, { service: typeof routedAction === "string" ? routedAction.split(".")[0] : undefined });
    if (http.status === 503) {
      // an outage is expected and says all in one line: what answered 503 and why, never a stack
      const e = err as { name?: unknown; message?: unknown };
      this.logger.warn("request answered 503", {
        requestId: req.$ctx?.requestID,
        method: req.method,
        url: req.originalUrl,
        reason: http.message,
        cause: `${String(e.name)}: ${String(e.message)}`,
      });
    } else if (http.status >= 500) {
      this.logger.error("request failed", { requestId: req.$ctx?.requestID, method: req.method, url: req.originalUrl, error: err });
    }
    // a recorded 4xx answered again for a repeated Idempotency-Key
    if (req.$ctx?.meta?.idempotent_replayed === true) res.setHeader("Idempotent-Replayed", "true");
    writeError(res, req.$alias?.errors ?? errorStyleForPath(req.originalUrl ?? req.url ?? ""), http);
  }

  /** Binds an event stream just opened to the credential of its request (services/api/stream-credentials.ts). */
  function watchStreamCredential(ctx: Context<unknown, RequestMeta>, req: GatewayRequest, stream: PassThrough): void {
    const { principal, org } = ctx.meta;
    if (!streamCredentials || !principal || !org) return;
    streamCredentials.watch(stream, {
      organizationId: org.id,
      userId: principal.kind === "user" ? principal.user_id : undefined,
      via: principal.kind === "user" ? principal.via : "org_key",
      expiresAt: authenticator.expiryOf(req),
      stillValid: () => authenticator.stillAuthorized(ctx.broker, req, "org", { principal, org }),
    });
  }

  /** The principal a stream counts against (a user, or an org key). */
  function principalIdOf(ctx: Context<unknown, RequestMeta>): string {
    const principal = ctx.meta.principal;
    return principal?.kind === "user" ? principal.user_id : (principal?.key_id ?? "");
  }

  /**
   * A `tail` route asked for `text/event-stream`: the first page (the action's answer to this
   * request) opens a live tail counted against the event streams' caps, bound to the request's
   * credential; later pages are read by calling the same action with the request's meta.
   */
  function openLogTail(ctx: Context<unknown, RequestMeta>, req: GatewayRequest, data: unknown): PassThrough {
    const org = ctx.meta.org;
    if (!streams || !logTails || !org) throw apiError("service_unavailable");
    const first = LogPage.parse(data);
    const stream = streams.openTail(org.id, principalIdOf(ctx));
    watchStreamCredential(ctx, req, stream);
    const action = String(req.$alias?.action);
    const params = { ...req.$params! };
    const meta = { ...ctx.meta } as Record<string, unknown>;
    stream.write(": stream open\n\n");
    // the request's deadline does not bound the tail: later pages are asked for by the gateway itself
    logTails.follow(stream, org.id, first, typeof params.after === "string" ? params.after : undefined, (after) =>
      ctx.broker.call(action, { ...params, after }, { meta, timeout: cfg.REQUEST_TIMEOUT_MS }),
    );
    const responseMeta = ctx.meta as Record<string, unknown>;
    responseMeta.$responseType = "text/event-stream; charset=utf-8";
    responseMeta.$responseHeaders = { "Cache-Control": "no-cache", "X-Accel-Buffering": "no" };
    return stream;
  }

  const routeCommon = {
    mappingPolicy: "restrict" as const,
    whitelist: ROUTES.map((r) => r.action),
    bodyParsers: false as const,
    mergeParams: false,
    autoAliases: false,
    logging: true,
    use: [rateLimit],
    callOptions: { timeout: cfg.REQUEST_TIMEOUT_MS },

    async onBeforeCall(ctx: Context<unknown, RequestMeta>, _route: unknown, req: GatewayRequest, res: ServerResponse) {
      const alias = req.$alias ?? {};
      // moleculer-web resolves an OPTIONS request by its Access-Control-Request-Method (GET when
      // absent) and, without CORS, runs that action: OPTIONS must never read or change anything
      if (req.method !== alias.method) throw apiError("not_found");
      ctx.meta.client_ip = req.clientIp;
      const lastEventId = req.headers["last-event-id"];
      if (typeof lastEventId === "string") ctx.meta.last_event_id = lastEventId;
      // who is calling first: an anonymous caller learns nothing about ids or bodies (401, not 400)
      await authenticator.authorize(ctx, req, alias.auth ?? "none");
      // a cluster-scoped org key reaches only its cluster's routes: refused before the body is read
      authorizeClusterScope(ctx.meta.principal, req.$params?.params as Record<string, unknown> | undefined);
      const body = BODYLESS.has(req.method ?? "") ? undefined : await readJsonBody(req, res);
      const params = req.$params ?? {};
      const clean = buildParams(req.method ?? "GET", body, params.query as Record<string, unknown>, params.params as Record<string, unknown>, alias.uuidParams);
      // the params object itself is what the action receives: emptied and refilled in place
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      for (const k of Object.keys(params)) delete params[k];
      Object.assign(params, clean);
      // a live tail resumes after its Last-Event-ID, which takes precedence over `after`
      if (alias.tail && wantsEventStream(req.headers.accept) && typeof lastEventId === "string" && lastEventId.trim() !== "") params.after = lastEventId;
      const path = (req.originalUrl ?? req.url ?? "").split("?")[0] ?? "";
      const idempotency = idempotencyOf(req.method ?? "GET", path, req.headers["idempotency-key"], ctx.meta, String(alias.action), clean);
      if (idempotency) ctx.meta.idempotency = idempotency;
      const precondition = preconditionOf(req.method ?? "GET", req.headers["if-match"], alias, clean, ctx.meta);
      if (precondition) ctx.meta.precondition = precondition;
      // If-None-Match is for reads (304); moleculer-web would otherwise answer a matching write 304 after making it
      if (req.method !== "GET") delete req.headers["if-none-match"];
    },

    async onAfterCall(ctx: Context<unknown, Record<string, unknown>>, _route: unknown, req: GatewayRequest, res: ServerResponse, data: unknown) {
      const status = req.$alias?.status ?? 200;
      if (ctx.meta.idempotent_replayed === true) res.setHeader("Idempotent-Replayed", "true");
      ctx.meta.$statusCode = status;
      if (status === 201) ctx.meta.$location = createdLocation(req.$alias ?? {}, req.$params ?? {}, data);
      if (req.$alias?.action === API_ACTIONS.eventStream.name && data instanceof PassThrough) watchStreamCredential(ctx, req, data);
      if (req.$alias?.tail && wantsEventStream(req.headers.accept)) return openLogTail(ctx as Context<unknown, RequestMeta>, req, data);
      if (req.$alias?.raw) return fileBody(ctx, data);
      if (req.$alias?.paged) return pageBody(ctx, req, data);
      return status === 204 ? null : data;
    },

    onError: renderError,
  };

  return {
    name: "api",
    mixins: [ApiGateway],

    settings: {
      port: cfg.PORT,
      ip: cfg.HOST,
      https,
      path: "",
      cors:
        cfg.CORS_ORIGINS.length > 0
          ? {
              origin: cfg.CORS_ORIGINS.includes("*") ? "*" : cfg.CORS_ORIGINS,
              methods: ["GET", "POST", "PATCH", "DELETE", "OPTIONS"],
              allowedHeaders: [
                "Authorization",
                "Content-Type",
                "X-Org-ID",
                "X-API-KEY",
                "X-ORG-KEY",
                "X-ORG-SECRET",
                "X-Request-ID",
                "Idempotency-Key",
                "If-Match",
                "If-None-Match",
              ],
              exposedHeaders: ["X-Request-ID", "X-Error-Code", "Retry-After", "Link", "Location", "Idempotent-Replayed", "ETag"],
              maxAge: 600,
            }
          : undefined,
      qsOptions: { depth: 0, parameterLimit: 100, arrayLimit: 0, allowPrototypes: false },
      log4XXResponses: false,
      // one line per route (over a hundred) at start-up is for debugging, not for the console
      logRouteRegistration: "debug",
      logRequest: "debug",
      // the access log (module `access`) is the one line per request; moleculer-web's own, with the raw URL, only at debug
      logResponse: "debug",
      logRequestParams: null,
      logResponseData: null,
      requestTimeout: cfg.REQUEST_TIMEOUT_MS + 5_000,

      rootCallOptions(options: { requestID?: string }, req: GatewayRequest, res: ServerResponse) {
        options.requestID = incomingRequestId(req) ?? newId();
        setSecurityHeaders(res, https !== undefined);
      },

      routes: [
        { ...routeCommon, path: API_PREFIX, aliases: aliasesOf(ROUTES) },
        { ...routeCommon, path: CONSOLE_PATH, aliases: {}, whitelist: [], use: [serveConsole] },
        { ...routeCommon, path: "/", aliases: aliasesOf(ROUTES.filter((r) => r.alsoAtRoot)) },
      ],

      onError: renderError,
    },

    methods: {
      async httpHandler(req: GatewayRequest, res: ServerResponse, next?: Next): Promise<void> {
        if (!isPlainHealthCheck(req, cfg.CORS_ORIGINS.length > 0)) return gatewayHttpHandler.call(this, req, res, next);
        if (!(await overLimit(req, res, HEALTH_CHECK_ERRORS))) answerHealthCheck(req, res, https !== undefined);
      },
      // moleculer-web's own logs every 5xx with its stack before answering; renderError (onError) logs what it must, once
      errorHandler(this: { sendError: (req: GatewayRequest, res: ServerResponse, err: unknown) => void }, req: GatewayRequest, res: ServerResponse, err: unknown) {
        this.sendError(req, res, err);
      },
      sendResponse: sendResponseQuietly,
      // a read, a create and a conditional write answer their JSON with its strong entity tag
      // (shared/entity-tag.ts), and a GET whose If-None-Match holds is 304 (moleculer-web then drops
      // the body). Evaluated here: moleculer-web's own check (`fresh`) gives up on a request's
      // `Cache-Control: no-cache`, which fetch() adds to every conditional request
      encodeResponse(req: GatewayRequest, res: ServerResponse, data: unknown): string {
        const body = JSON.stringify(data);
        const alias = req.$alias;
        if (req.method !== "GET" && alias?.status !== 201 && alias?.conditional === undefined) return body;
        const tag = entityTagOfBody(body);
        res.setHeader("ETag", tag);
        if (req.method === "GET" && res.statusCode === 200 && ifNoneMatchHolds(req.headers["if-none-match"], tag)) res.statusCode = 304;
        return body;
      },
    },

    actions: {
      healthz: defineAction(API_ACTIONS.healthz, () => HEALTHY),

      version: defineAction(API_ACTIONS.version, () => buildInfo(cfg, startedAt)),

      eventStream: defineAction(API_ACTIONS.eventStream, async (ctx) => {
        if (!streams) throw apiError("service_unavailable");
        const stream = await streams.open(ctx, ctx.locals.org.id, ctx.meta.last_event_id);
        const meta = ctx.meta as Record<string, unknown>;
        meta.$responseType = "text/event-stream; charset=utf-8";
        meta.$responseHeaders = { "Cache-Control": "no-cache", "X-Accel-Buffering": "no" };
        return stream;
      }),

      ...docsActions(),
    },

    events: {
      [AUTH_USER_CHANGED]: {
        handler(ctx: Context<{ user_id?: string }>) {
          if (typeof ctx.params.user_id !== "string") return;
          const userId = ctx.params.user_id;
          authenticator.forgetUser(userId);
          void streamCredentials?.recheck((c) => c.userId === userId);
        },
      },
      [AUTH_API_KEY_REVOKED]: {
        handler() {
          authenticator.forgetApiKeys();
          void streamCredentials?.recheck((c) => c.via === "api_key");
        },
      },
      [ORGS_ACCESS_CHANGED]: {
        handler(ctx: Context<{ organization_id?: string; user_id?: string; key_id?: string }>) {
          if (typeof ctx.params.organization_id !== "string") return;
          authenticator.forgetOrganization(ctx.params.organization_id);
          const orgId = ctx.params.organization_id;
          streams?.accessChanged(orgId, ctx.params.user_id ?? ctx.params.key_id);
          void streamCredentials?.recheck((c) => c.organizationId === orgId);
        },
      },
      [RUNNER_LOG_APPENDED]: {
        handler(ctx: Context<{ organization_id?: unknown }>) {
          if (typeof ctx.params.organization_id === "string") logTails?.wake(ctx.params.organization_id);
        },
      },
      [EVENTS_RECORDED]: {
        handler(ctx: Context) {
          const parsed = EventsRecordedPayload.safeParse(ctx.params);
          if (!parsed.success) return;
          streams?.deliver(parsed.data.events);
          const seq = parsed.data.sequence;
          if (seq) broadcastGaps?.see(seq.source, seq.seq);
        },
      },
      // back on the bus: what was broadcast while the link was down never came here
      "$transporter.connected": {
        handler(this: { broker: ServiceBroker }, ctx: Context<{ wasReconnect?: unknown }>) {
          if (ctx.params.wasReconnect === true) streams?.catchUp(this.broker, "the gateway's bus link came back");
        },
      },
    },

    async started() {
      const eventStreams = new EventStreams(this.logger, {
        heartbeatMs: cfg.EVENTS_HEARTBEAT_S * 1_000,
        replayMax: cfg.EVENTS_REPLAY_MAX,
        maxPerOrg: cfg.EVENTS_STREAMS_PER_ORG,
        maxPerCaller: cfg.EVENTS_STREAMS_PER_CALLER,
        maxBufferBytes: cfg.EVENTS_STREAM_BUFFER_KB * 1024,
      });
      streams = eventStreams;
      broadcastGaps = new BroadcastGaps((lost) => eventStreams.catchUp(this.broker, `${lost} events.recorded broadcast(s) lost on the bus`));
      logTails = new LogTails(this.logger, LOG_TAIL_POLL_MS);
      streamCredentials = new StreamCredentials(this.logger, cfg.EVENTS_CREDENTIAL_CHECK_S * 1_000, (stream) => eventStreams.end(stream));
      if (!site.built) this.logger.warn(`the operator console is not built (${site.dir} has no index.html): /console/ answers 404 until \`npm run build:console\` and a restart`);
      answerParserErrors((this as unknown as { server: import("node:http").Server }).server);
      // HTTP metrics per route pattern (never the raw URL) and status, served at /metrics on
      // HEALTH_PORT; and the access log, one structured line per answered request
      const metrics = this.broker.isMetricsEnabled() ? this.broker.metrics : undefined;
      if (metrics) {
        metrics.register({ type: "counter", name: "http.requests.total", labelNames: ["method", "route", "status"], description: "HTTP requests answered by the gateway" });
        metrics.register({
          type: "histogram",
          name: "http.request.duration.seconds",
          labelNames: ["method", "route", "status"],
          description: "HTTP request latency at the gateway",
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        });
      }
      const accessLog = cfg.ACCESS_LOG ? this.broker.getLogger("access") : undefined;
      if (metrics || accessLog) {
        (this as unknown as { server: import("node:http").Server }).server.prependListener("request", (req: GatewayRequest, res: ServerResponse) => {
          const start = process.hrtime.bigint();
          res.once("finish", () => {
            const seconds = Number(process.hrtime.bigint() - start) / 1e9;
            const labels = { method: req.method ?? "", route: req.$alias?.fullPath ?? req.routeLabel ?? "unmatched", status: res.statusCode };
            metrics?.increment("http.requests.total", labels);
            metrics?.observe("http.request.duration.seconds", seconds, labels);
            accessLog?.info("request", accessLogFields(req, res, labels.route, seconds));
          });
        });
      }
      if (cfg.RATE_LIMIT_PER_MINUTE > 0) {
        if (cfg.REDIS_URL) {
          const redis = new Redis(cfg.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
          redis.on("error", () => {});
          // commands fail fast while disconnected; wait (bounded) so the first requests are counted
          await new Promise<void>((ready) => {
            const timer = setTimeout(ready, 5_000);
            redis.once("ready", () => {
              clearTimeout(timer);
              ready();
            });
          });
          limiter = new RedisRateLimiter(redis, cfg.RATE_LIMIT_PER_MINUTE, cfg.NAMESPACE || "api", 60_000, (err) =>
            this.logger.warn("rate limiter: redis unavailable, letting request through", err),
          );
        } else {
          limiter = new MemoryRateLimiter(cfg.RATE_LIMIT_PER_MINUTE);
        }
      }
    },

    async stopped() {
      broadcastGaps?.stop();
      streamCredentials?.closeAll();
      streams?.closeAll();
      await limiter?.close();
    },
  } as ServiceSchema;
}
