import { z } from "zod";
import { JOB_TYPES } from "./contracts/job-types.ts";

/** All service names a process can host; `SERVICES` selects a subset. */
export const SERVICE_NAMES = ["api", "auth", "orgs", "inventory", "credentials", "dns", "clusters", "jobs", "events", "runner"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const bool = z.enum(["true", "false", "1", "0", "yes", "no", ""]).transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const MASTER_KEY_FORMAT = "must be base64 of exactly 32 bytes (for example the output of `openssl rand -base64 32`)";

/** base64 (standard alphabet, padded) of exactly 32 bytes. */
function isKey32(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, "base64").length === 32;
}

/** A whole number from the environment, between `min` and `max`, `fallback` when unset. */
/** What a webhook delivery job needs besides waiting for the receiver (the URL check, signing, the writes). */
const DELIVERY_MARGIN_MS = 5_000;

function integer(min: number, max: number, fallback: number) {
  return z.coerce.number().int().min(min).max(max).default(fallback);
}

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: integer(0, 65535, 8080),
  MONGO_URL: optionalString.pipe(z.url({ protocol: /^mongodb(\+srv)?$/ }).optional()),
  DB_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, "lower-case letters, digits and _, starting with a letter")
    .default("clusterapi"),
  /**
   * NATS URL, or several comma-separated (the seed servers of a NATS cluster: the client tries
   * them in turn and learns the rest from the cluster); `tls://` requires TLS. Credentials go in
   * NATS_USER/NATS_PASSWORD, never in a URL.
   */
  TRANSPORTER: optionalString.pipe(
    z
      .string()
      .refine((v) => v.split(",").every((u) => z.url({ protocol: /^(nats|tls)$/ }).safeParse(u.trim()).success), "each URL must be nats:// or tls://")
      .refine((v) => v.split(",").every((u) => !/^[a-z]+:\/\/[^/]*@/i.test(u.trim())), "put bus credentials in NATS_USER and NATS_PASSWORD, not in the URL")
      .optional(),
  ),
  /** Bus credentials (user/password of the NATS server); required in production when TRANSPORTER is set. */
  NATS_USER: optionalString,
  NATS_PASSWORD: optionalString,
  /** PEM files for TLS to NATS: CA to verify the server; client certificate and key (mutual TLS) together. Any of them turns TLS on. */
  NATS_TLS_CA: optionalString,
  NATS_TLS_CERT: optionalString,
  NATS_TLS_KEY: optionalString,
  SERVICES: commaList.pipe(z.array(z.enum(SERVICE_NAMES))),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  NAMESPACE: z
    .string()
    .regex(/^[a-z0-9-]*$/)
    .default(""),
  NODE_ID: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** Port of the per-process health/metrics server (/livez, /readyz, /metrics); 0 disables it. Unset under NODE_ENV=test: disabled. */
  HEALTH_PORT: integer(0, 65535, 3001),
  /** Collect Moleculer and HTTP metrics and serve them at /metrics on HEALTH_PORT. */
  METRICS_ENABLED: bool.default(true),
  /** Moleculer tracing: `off`, or `console` (spans printed by the Console exporter). */
  /** One structured log line per answered request at the gateway (method, route pattern, status, duration_ms, request_id, user_id, organization_id). */
  ACCESS_LOG: bool.default(true),
  TRACING: z.enum(["off", "console", "zipkin"]).default("off"),
  /** With TRACING=zipkin: the collector's base URL (Zipkin, or an OpenTelemetry Collector's zipkin receiver); spans go to <url>/api/v2/spans. */
  TRACING_ZIPKIN_URL: z.url().default("http://localhost:9411"),
  /** With TRACING=zipkin: seconds between batches of spans sent. */
  TRACING_INTERVAL_S: z.coerce.number().min(0.1).max(60).default(5),
  /** On SIGTERM: report not-ready for this long before stopping (load balancers stop routing here), then drain. */
  SHUTDOWN_DELAY_MS: integer(0, 60_000, 0),
  /** Attempts after the first for idempotent calls that failed with a retryable error (timeout, node gone). */
  RETRY_ATTEMPTS: integer(0, 10, 3),
  REQUEST_TIMEOUT_MS: integer(100, 600_000, 10_000),
  /** How long an Idempotency-Key's recorded answer is kept (and replayed), in seconds; 24 h. */
  IDEMPOTENCY_TTL_S: integer(60, 30 * 86_400, 86_400),
  /** Seconds between a node's heartbeats on the bus; a node silent for HEARTBEAT_TIMEOUT_S is dropped (its pending calls fail over or answer 503). */
  HEARTBEAT_INTERVAL_S: integer(1, 60, 2),
  HEARTBEAT_TIMEOUT_S: integer(2, 300, 6),
  /** A call waiting this long on another node (and again every as long) asks the bus whether anybody still listens for that node; a node nobody listens for is dropped at once (0: only heartbeats notice). */
  DEAD_NODE_PROBE_AFTER_MS: integer(0, 60_000, 250),
  /** How long such a probe waits for the bus's "no responders"; silence means the node is there. */
  DEAD_NODE_PROBE_TIMEOUT_MS: integer(50, 60_000, 500),
  /** Seconds between the comment lines that keep an idle event stream (GET /events) open through proxies. */
  EVENTS_HEARTBEAT_S: z.coerce.number().min(0.1).max(300).default(15),
  /**
   * A resumed stream (Last-Event-ID) replays from this many seconds before the position at which
   * the audit log recorded the last event the client saw, so an event recorded a little earlier
   * but committed or broadcast later (concurrent requests, several events replicas, their clocks'
   * skew) is never missed; the events in that window may come again (same id).
   */
  EVENTS_RESUME_OVERLAP_S: integer(0, 3_600, 10),
  /** A resumed stream replays at most this many events; past that it sends a `resync` event (read the audit log) and goes on live. */
  EVENTS_REPLAY_MAX: integer(1, 1_000_000, 10_000),
  /** Open event streams (GET /events) one organization may have on one gateway; one more is 429 with Retry-After. */
  EVENTS_STREAMS_PER_ORG: integer(1, 100_000, 100),
  /** Open event streams one caller (a user, an org key) may have on one gateway, all organizations together. */
  EVENTS_STREAMS_PER_CALLER: integer(1, 10_000, 10),
  /** What a stream whose client does not read may hold unsent (KiB) before it is cut. */
  EVENTS_STREAM_BUFFER_KB: integer(16, 1_048_576, 4_096),
  /** Seconds between re-checks of every open stream's credential (a safety net next to the revocation events and the timer at its expiry). */
  EVENTS_CREDENTIAL_CHECK_S: integer(1, 86_400, 60),
  /** Webhook URLs may resolve to loopback, private or link-local addresses (an operator's choice; never for untrusted tenants). */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** How long a webhook receiver has to answer one delivery: within the delivery job's own timeout, with room for the URL check and the writes. */
  WEBHOOK_TIMEOUT_MS: integer(100, JOB_TYPES["events.deliverWebhook"].timeoutMs - DELIVERY_MARGIN_MS, 10_000),
  /** Webhook deliveries of one organization sent at once by one events process; more wait in the queue without holding a worker. */
  WEBHOOK_ORG_CONCURRENCY: integer(1, 1_000, 2),
  /** Deliveries to one webhook sent at once by one events process. */
  WEBHOOK_ENDPOINT_CONCURRENCY: integer(1, 1_000, 1),
  /** After this many timeouts in a row a webhook is not called for a while (10 s, doubling up to 5 min); any answer resets it. */
  WEBHOOK_TIMEOUTS_BEFORE_BACKOFF: integer(1, 1_000, 3),
  /** After a secret rotation, seconds the previous secret keeps signing next to the new one. */
  WEBHOOK_SECRET_GRACE_S: integer(0, 30 * 86_400, 86_400),
  /** Seconds a delivery keeps being retried (timeouts, non-2xx answers) before it is marked failed. */
  WEBHOOK_RETRY_WINDOW_S: integer(1, 7 * 86_400, 86_400),
  /** Days the audit log keeps an event (a periodic job removes older ones). */
  AUDIT_RETENTION_DAYS: integer(1, 3650, 400),
  RATE_LIMIT_PER_MINUTE: integer(0, Number.MAX_SAFE_INTEGER, 600),
  TRUST_PROXY: bool.default(false),
  CORS_ORIGINS: commaList,
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  BUILD_VERSION: optionalString,
  BUILD_COMMIT: optionalString,
  BUILD_COMMIT_TIME: optionalString,
  BUILD_DATE: optionalString,
  BUILD_BY: optionalString,
  DATA_DIR: z.string().min(1).default(".data"),
  /** base64 of 32 bytes; wraps every data key and signing key. Generated into DATA_DIR outside production. */
  MASTER_KEY: optionalString.refine((v) => v === undefined || isKey32(v), MASTER_KEY_FORMAT),
  /** Comma list of earlier master keys, accepted for reading while re-wrapping after a rotation. */
  MASTER_KEYS_PREVIOUS: commaList.refine((keys) => keys.every(isKey32), `every key ${MASTER_KEY_FORMAT}`),
  /** A process that has not started within this time (NATS or a database not answering) says which and exits 1. */
  STARTUP_TIMEOUT_MS: integer(1_000, 3_600_000, 60_000),
  /** After this long with an idle event loop, a process that has grown gives its memory back (runtime/memory-reclaim.ts); 0: never. */
  MEMORY_RECLAIM_IDLE_MS: integer(0, 3_600_000, 5_000),
  /** Run the job engine (claiming and running jobs) in this process; the jobs API is served either way. */
  JOBS_WORKER_ENABLED: bool.default(true),
  /** Enqueue the periodic jobs (sweeps, cleanups) from this process (exactly once per period across replicas). */
  JOBS_PERIODIC_ENABLED: bool.default(true),
  /** Safety-net poll of the job engine; it otherwise wakes on enqueue events and due run_at. */
  JOBS_POLL_MS: integer(20, 60_000, 5_000),
  /** Grace beyond a job type's timeout before a running job's lease expires and another worker takes it. */
  JOBS_LEASE_MS: integer(100, 3_600_000, 30_000),
  /** A claimed attempt still running after this long is marked `running` in its job (0: at once); a shorter one is never marked. */
  JOBS_RUNNING_MARK_MS: integer(0, 3_600_000, 100),
  /** Jobs running at once per queue per replica (for queues without their own limit). */
  JOBS_CONCURRENCY: integer(1, 1_000, 10),
  /** First retry delay; doubles per attempt (with jitter) up to JOBS_BACKOFF_MAX_MS. */
  JOBS_BACKOFF_BASE_MS: integer(1, 3_600_000, 5_000),
  JOBS_BACKOFF_MAX_MS: integer(1, 86_400_000, 3_600_000),
  /** How often a jobs process counts the queues for its /metrics gauges (jobs_queue_depth, jobs_oldest_pending_age_seconds); 0: never. */
  JOBS_METRICS_REFRESH_MS: integer(0, 3_600_000, 15_000),
  /** JSON object of extra job types `{"svc.action": {"queue", "timeoutMs", "maxAttempts"}}` (plugins, tests). */
  JOBS_EXTRA_TYPES: optionalString,
  /** Another Route53-compatible endpoint for every route53 credential (tests, private deployments). */
  /** How long a reconcile waits for a Route53 change to be INSYNC (GetChange) before retrying later; 0 accepts PENDING. */
  DNS_ROUTE53_SYNC_WAIT_MS: integer(0, 25_000, 15_000),
  DNS_ROUTE53_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Let the DNS worker call tenant-supplied provider URLs (PowerDNS `api_url`) that resolve to
   * loopback, private or link-local addresses. Off by default: a tenant must not reach our network.
   */
  DNS_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
  /** Days the runner keeps bootstrap and run output (a periodic job removes older chunks). */
  RUNNER_LOG_RETENTION_DAYS: integer(1, 3650, 45),
  /** Output kept per run or bootstrap; past it a `system` line says the output was cut. */
  RUNNER_LOG_MAX_BYTES: integer(1024, 1_073_741_824, 10 * 1024 * 1024),
  /** How long the runner waits for an SSH connection (TCP, key exchange, authentication). */
  RUNNER_CONNECT_TIMEOUT_MS: integer(1_000, 600_000, 20_000),
  /** How long one remote command (a bootstrap script, a `make` step) may run. */
  RUNNER_STEP_TIMEOUT_S: integer(1, 7 * 86_400, 3_600),
  /** A file whose content replaces the default bastion bootstrap script (runner/bootstrap-script.ts). */
  BASTION_BOOTSTRAP_SCRIPT: optionalString,
  /** SSH targets may be loopback, private or link-local addresses (an operator's choice; tests). */
  SSH_ALLOW_PRIVATE_TARGETS: bool.default(false),
  /** The toolkit directory on a bastion (its Makefile) where a run's `make` steps execute when the cluster names no image. */
  RUNNER_TOOLKIT_DIR: z.string().min(1).default("/opt/cluster-toolkit"),
  /** The API's base URL a run's make steps call back (given to them with a cluster-scoped org key); http://127.0.0.1:<PORT>/api/v1 when unset. */
  API_BASE_URL: optionalString,
  JWT_ISSUER: z.string().min(1).default("cluster-infra-api"),
  JWT_AUDIENCE: z.string().min(1).default("cluster-infra-api"),
  JWT_ALG: z.enum(["EdDSA", "RS256"]).default("EdDSA"),
  ACCESS_TOKEN_TTL_SECONDS: integer(60, 86_400, 3600),
  REFRESH_TOKEN_TTL_DAYS: integer(1, 365, 30),
  /** `auth.devLogin` (tokens for any e-mail, admin too, without a provider). Default: on outside production, off in production. */
  DEV_LOGIN_ENABLED: bool.optional(),
  /** Production refuses to start with DEV_LOGIN_ENABLED unless this is also set. */
  DEV_LOGIN_FORCE: bool.default(false),
  /** A spent refresh token presented again within this many seconds gets the same new pair (a client retrying); later, reuse revokes the family. 0: always revokes. */
  REFRESH_REUSE_GRACE_SECONDS: integer(0, 60, 10),
  /**
   * Comma list of e-mails whose users become platform administrators when they sign in through a
   * provider that verified that e-mail. Removing an e-mail later does not revoke: use `admin.js revoke`.
   */
  ADMIN_EMAILS: commaList.transform((list) => list.map((e) => e.toLowerCase())),
  /** Social login (auth service). A provider is configured when its client id is set. */
  GOOGLE_ISSUER_URL: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_AUTHORIZE_URL: z.url({ protocol: /^https?$/ }).default("https://github.com/login/oauth/authorize"),
  GITHUB_TOKEN_URL: z.url({ protocol: /^https?$/ }).default("https://github.com/login/oauth/access_token"),
  GITHUB_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.github.com"),
  /**
   * Further OpenID Connect providers, a JSON array of
   * `{"name","display_name","issuer","client_id","client_secret"?,"scopes"?}` (discovery at
   * `<issuer>/.well-known/openid-configuration`; scopes default to "openid email profile"). Each is
   * served at /auth/<name>/start and /auth/<name>/callback like google and github.
   */
  OIDC_PROVIDERS: optionalString,
  /** Public base URL of the API; providers redirect to `<base>/api/v1/auth/<provider>/callback`. Default http://localhost:PORT. */
  AUTH_CALLBACK_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

/** A variable of the environment schema. */
export type ConfigVariable = keyof typeof envSchema.shape;

/**
 * One row of the configuration table in docs/operations/configuration.md (written by
 * scripts/config-table.ts, checked by test/unit/docs-links.test.ts): what the variable does, and,
 * only for a variable the schema gives no default, what leaving it unset means (the schema's own
 * default is shown otherwise). A variable documented in another's row names that row.
 */
export type ConfigDoc = { doc: string; unset?: string } | { sameRowAs: ConfigVariable; unset?: string };

/** Every variable of the schema, described: a variable added without a description does not compile. In the table's order. */
export const CONFIG_DOCS: Record<ConfigVariable, ConfigDoc> = {
  NODE_ENV: {
    doc: '`development`, `production` or `test`; `production` refuses unsafe settings at start-up ("Security": no `MASTER_KEY`, `TRANSPORTER` without `NATS_USER`/`NATS_PASSWORD`, `DEV_LOGIN_ENABLED` without `DEV_LOGIN_FORCE`) and turns `DEV_LOGIN_ENABLED` off unless it is set',
  },
  PORT: { doc: "HTTP port of the gateway" },
  HOST: { doc: "address the gateway binds" },
  MONGO_URL: {
    doc: "MongoDB URL, with its user and password when distributed (`mongodb://user:pw@host:27017/?authSource=admin`); each service uses database `<DB_PREFIX>_<service>` on it. Required in production by every process hosting a service with a database (start-up refuses, rather than starting an embedded FerretDB)",
    unset: "embedded FerretDB",
  },
  DB_PREFIX: { doc: "prefix of the per-service database names" },
  SERVICES: { doc: "comma list of services this process runs: `api,auth`", unset: "all" },
  TRANSPORTER: {
    doc: "NATS URL (`nats://host:4222`, or `tls://host:4222` to require TLS) when services run in several processes; credentials in the URL are refused (use the next two)",
    unset: "none (in-process)",
  },
  NATS_USER: { doc: 'bus credentials (the NATS server\'s user and password), set together; **required in production** when `TRANSPORTER` is set ("Security")', unset: "none" },
  NATS_PASSWORD: { sameRowAs: "NATS_USER" },
  NATS_TLS_CA: { doc: "PEM file of the CA that signed the NATS server's certificate; setting any `NATS_TLS_*` turns TLS on", unset: "none" },
  NATS_TLS_CERT: { doc: "PEM client certificate and key for mutual TLS with NATS, set together", unset: "none" },
  NATS_TLS_KEY: { sameRowAs: "NATS_TLS_CERT" },
  NAMESPACE: { doc: "Moleculer namespace; processes only see nodes of the same namespace", unset: "empty" },
  NODE_ID: { doc: "Moleculer node id", unset: "`<hostname>-<pid>`" },
  REDIS_URL: { doc: "Redis for the Moleculer cacher and the shared rate limiter; `redis://:<password>@host:6379` (or `rediss://` for TLS)", unset: "none (memory cacher)" },
  LOG_LEVEL: { doc: "`fatal` … `trace`" },
  LOG_FORMAT: { doc: "`json` (one object per line) or `pretty`; secrets are redacted either way" },
  REQUEST_TIMEOUT_MS: { doc: "timeout of every call between services" },
  IDEMPOTENCY_TTL_S: { doc: 'how long the answer to a POST or PATCH with an `Idempotency-Key` is kept and replayed ("Resilience")' },
  HEARTBEAT_INTERVAL_S: { doc: 'heartbeats on the bus; a node silent for the timeout is dropped (see "Resilience")' },
  HEARTBEAT_TIMEOUT_S: { sameRowAs: "HEARTBEAT_INTERVAL_S" },
  DEAD_NODE_PROBE_AFTER_MS: {
    doc: "a call waiting this long on another node (and again every as long) asks NATS whether anybody still listens for that node; a node nobody listens for is dropped at once (`0` turns the probe off: only heartbeats notice)",
  },
  DEAD_NODE_PROBE_TIMEOUT_MS: { sameRowAs: "DEAD_NODE_PROBE_AFTER_MS" },
  RETRY_ATTEMPTS: { doc: 'retries of an idempotent call after a retryable failure, each on another node ("Resilience")' },
  HEALTH_PORT: {
    doc: "per-process `/livez`, `/readyz`, `/metrics`; `0` disables. Unset: off in the REPL and under `NODE_ENV=test`. A port in use stops start-up with a message naming it",
  },
  STARTUP_TIMEOUT_MS: {
    doc: "a process not started within this time (NATS or a database not answering) logs which and exits 1; the NATS URL and the MongoDB URL (without its user and password) are logged when connecting, and a database not answering yet is retried until then",
  },
  MEMORY_RECLAIM_IDLE_MS: {
    doc: "a process whose resident memory grew by 32 MB or more (a burst of load, start-up) and whose event loop has been idle this long runs one memory-reducing garbage collection, which gives V8's free pages back to the system (a pause of tens of milliseconds while nothing runs); `0` leaves it to V8, which does so after 20–60 s or more of idleness",
  },
  METRICS_ENABLED: { doc: "collect Moleculer and HTTP metrics and serve `/metrics`" },
  TRACING: { doc: "`console` prints Moleculer's tracing spans; `zipkin` sends them to `TRACING_ZIPKIN_URL`" },
  TRACING_ZIPKIN_URL: { doc: "the Zipkin-compatible collector (Zipkin, Jaeger, an OpenTelemetry Collector's zipkin receiver) and how often spans are sent" },
  TRACING_INTERVAL_S: { sameRowAs: "TRACING_ZIPKIN_URL" },
  ACCESS_LOG: {
    doc: "one JSON line per answered request at the gateway (module `access`): `method`, `route` (the pattern), `status`, `duration_ms`, `request_id`, `user_id`, `organization_id`; never a header, body or query value",
  },
  SHUTDOWN_DELAY_MS: { doc: "on SIGTERM, report not-ready for this long before draining (5000 in k8s)" },
  RATE_LIMIT_PER_MINUTE: { doc: "requests per client IP per minute; `0` disables" },
  TRUST_PROXY: { doc: "trust `X-Forwarded-For` from one proxy hop for the client address" },
  CORS_ORIGINS: { doc: "comma list of allowed origins, or `*`", unset: "none (CORS off)" },
  TLS_CERT_FILE: { doc: "serve HTTPS with these PEM files", unset: "none" },
  TLS_KEY_FILE: { sameRowAs: "TLS_CERT_FILE" },
  MASTER_KEY: {
    doc: "base64 of 32 bytes (`openssl rand -base64 32`), checked with the rest of the configuration before anything connects; wraps signing keys and per-organization data keys. Required in production",
    unset: "generated into `.data/master.key` outside production",
  },
  MASTER_KEYS_PREVIOUS: { doc: "comma list of earlier master keys, readable during a rotation", unset: "none" },
  DNS_ROUTE53_ENDPOINT: { doc: "another Route53-compatible endpoint for every route53 credential (tests, private deployments)", unset: "AWS" },
  DNS_ROUTE53_SYNC_WAIT_MS: {
    doc: "how long a reconcile waits for a Route53 change to be `INSYNC` (GetChange every second) before it fails retryably and the job retries; `0` accepts `PENDING` (0..25000, within the 30 s job timeout)",
  },
  DNS_ALLOW_PRIVATE_ENDPOINTS: { doc: "let the DNS worker call tenant-supplied PowerDNS URLs on loopback/private addresses" },
  JWT_ALG: { doc: "access-token signature: `EdDSA` (Ed25519) or `RS256`" },
  JWT_ISSUER: { doc: "`iss` and `aud` of access tokens" },
  JWT_AUDIENCE: { sameRowAs: "JWT_ISSUER" },
  ACCESS_TOKEN_TTL_SECONDS: { doc: "access-token lifetime (`expires_in`)" },
  REFRESH_TOKEN_TTL_DAYS: { doc: "refresh-token lifetime" },
  DEV_LOGIN_ENABLED: {
    doc: "offer `auth.devLogin` (behind `npm run token` and the REPL's `token`): a TokenPair, admin too, for any e-mail without a provider. Without it the action does not exist",
    unset: "`true`, but `false` under `NODE_ENV=production`",
  },
  DEV_LOGIN_FORCE: { doc: "production refuses to start with `DEV_LOGIN_ENABLED=true` unless this is `true` too" },
  REFRESH_REUSE_GRACE_SECONDS: {
    doc: "a spent refresh token presented again within this many seconds (a client retrying) gets the same new pair; later it is reuse and revokes the family; `0` always revokes (0..60)",
  },
  ADMIN_EMAILS: {
    doc: 'comma list of e-mails: a user signing in through a provider that **verified** one of them becomes a platform administrator. Removing an e-mail later does not revoke: run `admin.js revoke` (see "First administrator")',
    unset: "none",
  },
  OIDC_PROVIDERS: {
    doc: 'further OpenID Connect providers, a JSON array of `{"name","display_name","issuer","client_id","client_secret","scopes"}` (`scopes` default `openid email profile`; discovery at `<issuer>/.well-known/openid-configuration`); each is served at `/auth/<name>/start` and `/callback` like google and github, e.g. `[{"name":"corp","display_name":"Corp SSO","issuer":"https://sso.corp.example","client_id":"api","client_secret":"…"}]`. `GET /api/v1/auth/providers` lists the configured providers (name and display name) for sign-in pages',
    unset: "none",
  },
  GOOGLE_CLIENT_ID: { doc: "OAuth client of the `google` provider; the provider is configured when the client id is set", unset: "none (google off)" },
  GOOGLE_CLIENT_SECRET: { sameRowAs: "GOOGLE_CLIENT_ID" },
  GOOGLE_ISSUER_URL: { doc: "OpenID issuer of the `google` provider (discovery at `<issuer>/.well-known/openid-configuration`)" },
  GITHUB_CLIENT_ID: { doc: "OAuth app of the `github` provider; configured when the client id is set", unset: "none (github off)" },
  GITHUB_CLIENT_SECRET: { sameRowAs: "GITHUB_CLIENT_ID" },
  GITHUB_AUTHORIZE_URL: { doc: "GitHub's OAuth endpoints (GitHub Enterprise or a test server)" },
  GITHUB_TOKEN_URL: { sameRowAs: "GITHUB_AUTHORIZE_URL" },
  GITHUB_API_URL: { doc: "base of the `/user` and `/user/emails` API" },
  AUTH_CALLBACK_BASE_URL: {
    doc: "public base URL of the API; providers redirect to `<base>/api/v1/auth/<provider>/callback` (register this URL with the provider)",
    unset: "`http://localhost:<PORT>`",
  },
  JOBS_WORKER_ENABLED: { doc: "run the job engine (claim and run jobs) in this process; the jobs API is served either way" },
  JOBS_PERIODIC_ENABLED: { doc: "enqueue the periodic jobs from this process (exactly once per period across replicas)" },
  JOBS_POLL_MS: { doc: "safety-net scan of the engine (missed events, expired leases); it otherwise wakes on enqueue events and due `run_at`" },
  JOBS_LEASE_MS: { doc: "grace beyond a job type's timeout before a running job's lease expires and another replica takes it over" },
  JOBS_RUNNING_MARK_MS: {
    doc: "a claimed attempt still running after this long is marked `running` in its job (`0`: at once); a shorter attempt goes from `queued` straight to its outcome, one write fewer",
  },
  JOBS_CONCURRENCY: { doc: "jobs running at once per queue per replica, for queues without their own limit (`purge` 4, `dns` 5, `clusters` 5, `maintenance` 2)" },
  JOBS_BACKOFF_BASE_MS: { doc: "retry delay after attempt n: between d/2 and d, d = base·2^(n-1) capped at max" },
  JOBS_BACKOFF_MAX_MS: { sameRowAs: "JOBS_BACKOFF_BASE_MS" },
  JOBS_METRICS_REFRESH_MS: {
    doc: "how often a process running the `jobs` service counts the queues for its `/metrics` gauges (`jobs_queue_depth`, `jobs_oldest_pending_age_seconds`, `jobs_queue_paused`); `0`: never",
  },
  JOBS_EXTRA_TYPES: {
    doc: 'JSON `{"svc.action": {"queue", "timeoutMs", "maxAttempts"}}`: job types beyond the built-in table (plugins, tests); cannot redefine a built-in type',
    unset: "none",
  },
  DATA_DIR: { doc: "embedded FerretDB data, generated master key" },
  AUDIT_RETENTION_DAYS: { doc: "days the audit log keeps an event, and webhook deliveries with their bodies (the daily `events.purgeExpired` job removes older ones)" },
  EVENTS_HEARTBEAT_S: { doc: "seconds between the comment lines that keep an idle `GET /events` stream open through proxies" },
  EVENTS_RESUME_OVERLAP_S: {
    doc: "a resumed stream replays from this many seconds before the recorded position of the client's last event: longer than an event can take from being recorded to reaching the gateways, plus the clock skew between `events` replicas; events in that window may come again (same id)",
  },
  EVENTS_REPLAY_MAX: { doc: "the most events a resumed stream replays; a longer backlog ends in an `event: resync` (read the audit log) and the stream goes on live" },
  EVENTS_STREAMS_PER_ORG: {
    doc: "open `GET /events` streams one organization, and one caller (a user or an org key, all organizations together), may have on one gateway; one more is 429 with `Retry-After: 30`",
  },
  EVENTS_STREAMS_PER_CALLER: { sameRowAs: "EVENTS_STREAMS_PER_ORG" },
  EVENTS_STREAM_BUFFER_KB: { doc: "what a live stream whose client does not read may hold unsent before it is cut (one warning line with the reason)" },
  EVENTS_CREDENTIAL_CHECK_S: { doc: "seconds between re-checks of every open stream's credential (a safety net: revocations end a stream at once, expiries on time)" },
  WEBHOOKS_ALLOW_PRIVATE: {
    doc: "webhook URLs may resolve to loopback, private or link-local addresses (an operator's choice for trusted tenants; the tests use it for their local receiver)",
  },
  RUNNER_LOG_RETENTION_DAYS: { doc: "days the runner keeps bootstrap and run output (the daily `runner.purgeExpiredLogs` job removes older chunks)" },
  RUNNER_LOG_MAX_BYTES: { doc: "output kept per run or bootstrap (10 MB); past it one `system` line says the output was cut" },
  RUNNER_CONNECT_TIMEOUT_MS: { doc: "how long the runner waits for an SSH connection (TCP, key exchange, authentication)" },
  RUNNER_STEP_TIMEOUT_S: { doc: "how long one remote command (a bootstrap script, a `make` step) may run" },
  BASTION_BOOTSTRAP_SCRIPT: { doc: "a file whose content replaces the default bastion bootstrap script", unset: "built in" },
  SSH_ALLOW_PRIVATE_TARGETS: { doc: "SSH targets may be loopback, private or link-local addresses (the tests use it for their local sshd)" },
  RUNNER_TOOLKIT_DIR: { doc: "the toolkit directory (its Makefile) on a bastion where a run's `make` steps execute when the cluster names no image" },
  API_BASE_URL: {
    doc: "the API base URL a run's make steps call back, given to them in the run directory's `env.json` with a cluster-scoped org key (revoked when the run ends)",
    unset: "`http://127.0.0.1:<PORT>/api/v1`",
  },
  WEBHOOK_TIMEOUT_MS: { doc: "how long a receiver has to answer one delivery; at most `25000` (the delivery job's timeout, 30 s, less 5 s for the rest of the job)" },
  WEBHOOK_SECRET_GRACE_S: { doc: "after `rotate-secret`, how long the previous secret keeps signing next to the new one" },
  WEBHOOK_ORG_CONCURRENCY: {
    doc: "webhook deliveries of one organization, and of one webhook, sent at once by one `events` process; a delivery over the limit goes back to the queue at once (it never holds a worker), so one tenant's slow receivers do not delay another's (`test/integration/webhooks-fairness.test.ts`)",
  },
  WEBHOOK_ENDPOINT_CONCURRENCY: { sameRowAs: "WEBHOOK_ORG_CONCURRENCY" },
  WEBHOOK_TIMEOUTS_BEFORE_BACKOFF: {
    doc: "after this many timeouts in a row a webhook is not called for 10 s, doubling up to 5 min; any answer resets it (its deliveries wait in the queue meanwhile)",
  },
  WEBHOOK_RETRY_WINDOW_S: { doc: "how long a delivery is retried (timeouts, non-2xx) before it is marked `failed`" },
  BUILD_VERSION: { doc: 'what `GET /api/v1/version` reports; set in the image from its build args ("docker compose")', unset: "from git and `package.json`" },
  BUILD_COMMIT: { sameRowAs: "BUILD_VERSION" },
  BUILD_COMMIT_TIME: { sameRowAs: "BUILD_VERSION" },
  BUILD_DATE: { sameRowAs: "BUILD_VERSION" },
  BUILD_BY: { sameRowAs: "BUILD_VERSION" },
};

/** What the schema makes of an empty environment: each variable's default (undefined, "" or [] when it has none). */
export function schemaDefaults(): Partial<Record<ConfigVariable, unknown>> {
  return envSchema.parse({});
}

/** One OpenID Connect provider of OIDC_PROVIDERS. */
export const OidcProviderConfig = z
  .object({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, "lower-case letters, digits and -, starting with a letter")
      .refine((n) => n !== "google" && n !== "github" && n !== "providers", "google, github and providers are reserved names"),
    display_name: z.string().trim().min(1).max(64),
    issuer: z.url({ protocol: /^https?$/ }),
    client_id: z.string().min(1),
    client_secret: z.string().min(1).optional(),
    scopes: z.string().min(1).default("openid email profile"),
  })
  .strict();
export type OidcProviderConfig = z.infer<typeof OidcProviderConfig>;

const OidcProviderList = z.array(OidcProviderConfig).refine((list) => new Set(list.map((p) => p.name)).size === list.length, "provider names must be unique");

/** OIDC_PROVIDERS parsed; its problems (invalid JSON or fields) as lines for ConfigError. */
function oidcProviders(raw: string | undefined): { providers: OidcProviderConfig[]; problems: string[] } {
  if (raw === undefined) return { providers: [], problems: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { providers: [], problems: ["OIDC_PROVIDERS: not valid JSON (a JSON array of providers)"] };
  }
  const result = OidcProviderList.safeParse(json);
  if (result.success) return { providers: result.data, problems: [] };
  return { providers: [], problems: result.error.issues.map((i) => `OIDC_PROVIDERS${i.path.map((p) => `[${String(p)}]`).join("")}: ${i.message}`) };
}

export type AppConfig = Omit<z.infer<typeof envSchema>, "DEV_LOGIN_ENABLED"> & {
  /** The providers of OIDC_PROVIDERS. */
  oidcProviders: OidcProviderConfig[];
  DEV_LOGIN_ENABLED: boolean;
  /** Services this process hosts (all when `SERVICES` is empty). */
  services: ServiceName[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

/** Parses configuration from an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const cfg = result.data;
  const oidc = oidcProviders(cfg.OIDC_PROVIDERS);
  const problems = [...oidc.problems, ...securityProblems(cfg)];
  if (problems.length > 0) throw new ConfigError(problems);
  const production = cfg.NODE_ENV === "production";
  return {
    ...cfg,
    DEV_LOGIN_ENABLED: cfg.DEV_LOGIN_ENABLED ?? !production,
    oidcProviders: oidc.providers,
    services: cfg.SERVICES.length > 0 ? cfg.SERVICES : [...SERVICE_NAMES],
  };
}

/** The services whose keyring (data keys, signing keys) the master key wraps. */
const SERVICES_WITH_MASTER_KEY: readonly ServiceName[] = ["auth", "inventory", "credentials", "clusters", "events"];

/** What production refuses (README, "Security"), and settings that only make sense together. */
function securityProblems(cfg: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if ((cfg.NATS_USER === undefined) !== (cfg.NATS_PASSWORD === undefined)) problems.push("NATS_USER and NATS_PASSWORD must be set together");
  if ((cfg.NATS_TLS_CERT === undefined) !== (cfg.NATS_TLS_KEY === undefined)) problems.push("NATS_TLS_CERT and NATS_TLS_KEY must be set together");
  if ((cfg.TLS_CERT_FILE === undefined) !== (cfg.TLS_KEY_FILE === undefined)) problems.push("TLS_CERT_FILE and TLS_KEY_FILE must be set together");
  if (cfg.NODE_ENV !== "production") return problems;
  // checked here, before anything connects: outside production a key is generated under DATA_DIR
  const services = cfg.SERVICES.length > 0 ? cfg.SERVICES : SERVICE_NAMES;
  const keyed = services.filter((s) => SERVICES_WITH_MASTER_KEY.includes(s));
  if (cfg.MASTER_KEY === undefined && keyed.length > 0) {
    problems.push(`MASTER_KEY is required in production for ${keyed.join(", ")} (it wraps their data keys and signing keys): ${MASTER_KEY_FORMAT}`);
  }
  if (cfg.TRANSPORTER && cfg.NATS_USER === undefined) {
    problems.push("NATS_USER and NATS_PASSWORD are required in production with TRANSPORTER: a bus without credentials lets any process that reaches it call every action");
  }
  if (cfg.DEV_LOGIN_ENABLED === true && !cfg.DEV_LOGIN_FORCE) {
    problems.push("DEV_LOGIN_ENABLED mints tokens (admin too) for any e-mail without a provider; production refuses it unless DEV_LOGIN_FORCE=true is also set");
  }
  return problems;
}

let cached: AppConfig | undefined;

/** The process configuration, parsed once from process.env. */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forget the parsed configuration (tests that change the environment). */
export function resetConfig(): void {
  cached = undefined;
}

/** ioredis options from a redis:// or rediss:// URL. */
export function redisOptions(url: string): { host: string; port: number; username?: string; password?: string; db: number; tls?: object } {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: Number(u.pathname.replace("/", "") || 0),
    ...(u.protocol === "rediss:" ? { tls: {} } : {}),
  };
}
