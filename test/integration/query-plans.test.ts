import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { encodeCursor } from "../../shared/paging.ts";
import { ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { createFixtures, fixtureAction, fixtureIds, type FixtureKind, type Fixtures } from "../helpers/fixtures.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startQueryLog, shapeOf, type LoggedQuery, type QueryLog } from "../helpers/query-log.ts";
import { BODIES, pathFor, pathParams, routeKey } from "../helpers/route-cases.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Every query the services send is served by an index on the embedded store. A recorder in
 * front of the real FerretDB captures each command's filter while a journey runs every route
 * (every list with each documented filter, in the three ways into an [org] route), the admin job
 * views, the periodic sweeps and an organization's deletion; each distinct query shape is then
 * explained on FerretDB, which answers with SQLite's EXPLAIN QUERY PLAN of the SQL it runs.
 *
 * A query on an organization's data (a filter on organization_id) must be answered by an index
 * led by organization_id, or by _id: its cost never depends on other organizations' data. No
 * query may scan a whole collection, except the shapes in ALLOWED_SCANS with the reason their
 * cost does not grow with tenants' data.
 */

const KEYRING = "the master-key check at start-up and a master-key rotation read every data key, once each, never per request";
const HOURLY_CLEANUP =
  "the hourly auth.cleanupTokens job reads the auth service's expired entries (date ranges, which FerretDB does not send to its indexes; MongoDB serves them by index)";
const SIGNING_KEYS = "one document per signing key ever made (a handful), read when the key set changes";
const RETENTION =
  "the daily retention purge (events.purgeExpired) of events, webhook deliveries and marks; MongoDB serves it from a date index, the embedded FerretDB does not push a range down";
const ADMIN_JOBS =
  "the admin job list without a status or queue filter (periodic or not), and its free-text search, read the whole queue: admin only, and finished jobs are deleted after 7 days";
const ADMIN_DIRECTORY =
  'the administrators\' directory (GET /admin/users, GET /admin/organizations): admin only, newest first a page at a time, and a case-insensitive "contains" search that no index serves';
const LOG_RETENTION = "the runner's log retention purge (runner.sweep): MongoDB serves it from its date index, the embedded FerretDB does not push a range down";

/** `<service>.<collection> <shape>` → why a full scan is acceptable there. */
const ALLOWED_SCANS: Record<string, string> = {
  "credentials.data_keys {}": KEYRING,
  "credentials.data_keys {wrapped.kid}": KEYRING,
  "inventory.data_keys {}": KEYRING,
  "inventory.data_keys {wrapped.kid}": KEYRING,
  "clusters.data_keys {}": KEYRING,
  "clusters.data_keys {wrapped.kid}": KEYRING,
  "events.data_keys {}": KEYRING,
  "events.data_keys {wrapped.kid}": KEYRING,
  "events.audit_events {occurred_at:{$lt:?}}": RETENTION,
  "events.webhook_deliveries {created_at:{$lt:?}}": RETENTION,
  "events.events_claims {created_at:{$lt:?}}": RETENTION,
  "events.purged_organizations {purged_at:{$lt:?}}": RETENTION,
  "runner.log_chunks {created_at:{$lt:?}}": LOG_RETENTION,
  "runner.log_subjects {updated_at:{$lt:?},ended_at:{$ne:?}}": LOG_RETENTION,
  "runner.cluster_actions {}": "the administrators' actions (a handful), listed whole by the admin view",
  "runner.cluster_actions {_id:{$lt:?}}": "the administrators' actions (a handful), the admin view's next page",
  ...Object.fromEntries(
    ["inventory", "credentials", "dns", "clusters", "jobs", "orgs", "runner"].map((s) => [
      `${s}.event_outbox {$or:[{created_at:{$lt:?}},{state}]}`,
      "the outbox holds only events not yet delivered (usually none); read by the relayEvents job once a minute",
    ]),
  ),
  "auth.signing_keys {retired_at}": SIGNING_KEYS,
  "auth.signing_keys {_id:{$ne:?},retired_at}": SIGNING_KEYS,
  "auth.signing_keys {$or:[{retired_at:{$gt:?}},{retired_at}]}": SIGNING_KEYS,
  "auth.refresh_tokens {$or:[{expires_at:{$lt:?}},{revoked_at:{$lt:?,$ne:?}}]}": HOURLY_CLEANUP,
  "auth.revoked_token_families {revoked_at:{$lt:?}}": HOURLY_CLEANUP,
  "auth.refresh_token_uses {answer:{$exists:?},at:{$lt:?}}": HOURLY_CLEANUP,
  "auth.login_state_uses {}": HOURLY_CLEANUP,
  "auth.login_states {expires_at:{$lt:?}}": HOURLY_CLEANUP,
  "auth.api_keys {$or:[{expires_at:{$lt:?,$ne:?}},{revoked_at:{$lt:?,$ne:?}}]}": HOURLY_CLEANUP,
  "auth.users {}": ADMIN_DIRECTORY,
  "auth.users {_id:{$lt:?}}": ADMIN_DIRECTORY,
  "auth.users {$or:[{display_name:{$options:?,$regex:?}},{primary_email:{$options:?,$regex:?}}]}": ADMIN_DIRECTORY,
  "auth.users {$or:[{primary_email:{$options:?,$regex:?}}]}": ADMIN_DIRECTORY,
  "orgs.organizations {}": ADMIN_DIRECTORY,
  "orgs.organizations {_id:{$lt:?}}": ADMIN_DIRECTORY,
  "orgs.organizations {$or:[{_id:{$in:[?]}},{domain:{$options:?,$regex:?}},{name:{$options:?,$regex:?}}]}": ADMIN_DIRECTORY,
  "jobs.jobs {once_key:{$not:?}}": ADMIN_JOBS,
  "jobs.jobs {once_key:{$regex:?}}": ADMIN_JOBS,
  "jobs.jobs {type,once_key:{$not:?}}": ADMIN_JOBS,
  "jobs.jobs {$or:[{_id:{$options:?,$regex:?}},{last_error:{$options:?,$regex:?}},{payload_json:{$options:?,$regex:?}},{type:{$options:?,$regex:?}}],once_key:{$not:?}}":
    ADMIN_JOBS,
  "jobs.jobs {once_key:{$not:?},$or:[{_id:{$options:?,$regex:?}},{last_error:{$options:?,$regex:?}},{payload_json:{$options:?,$regex:?}},{type:{$options:?,$regex:?}}]}":
    ADMIN_JOBS,
  "clusters.clusters {secrets:{$exists:?}}": "start-up only: a clusters replica seals the join secrets of rows from before they were encrypted, once per start, never per request",
  "dns.deletions {}": "holds only record sets whose deletion at the DNS host is still pending, removed once done",
  "jobs.queue_pauses {}": "one document per paused queue (usually none), read by each jobs replica at start, once per poll interval and after a pause or resume",
  "orgs.deletions {created_at:{$lt:?}}": "holds only organizations whose deletion is in progress, removed once finished",
};

type Plan = string[];

interface Explained {
  key: string;
  sample: LoggedQuery;
  plan: Plan;
}

/** Query parameters whose values the document does not enumerate (`<path> <name>`, or the name on any route). */
const KNOWN_VALUES: Record<string, string> = {
  include: "node_pools",
  "/admin/worker/jobs status": "failed",
  page: "2",
  page_size: "10",
  // a page after the newest possible id: everything
  cursor: encodeCursor("ffffffff-ffff-7fff-bfff-ffffffffffff"),
  since: "2020-01-01T00:00:00.000Z",
  // a log's chunks are numbered: after the first
  after: "1",
  types: "label.*,cluster.status_changed",
  until: "2100-01-01T00:00:00.000Z",
};

/** A query value for a documented query parameter: an enum's first value, else a fixture's value of that name. */
function valueFor(route: RouteDef, name: string, schema: { enum?: unknown[]; type?: string }, fixtures: Fixtures): string {
  const known = KNOWN_VALUES[`${route.path} ${name}`] ?? KNOWN_VALUES[name];
  if (known) return known;
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.type === "integer" || schema.type === "number") return "1";
  if (schema.type === "boolean") return "true";
  for (const f of Object.values(fixtures)) {
    const v = (f as Record<string, unknown>)[name];
    if (typeof v === "string" && v !== "") return v;
  }
  return "a";
}

describe("query plans: every query on the embedded store is index-served", () => {
  let log: QueryLog;
  let stack: Stack;
  let owner: Tenant;
  let admin: SignedIn;
  let fixtures: Fixtures;
  let ids: Record<FixtureKind, string>;
  let modes: Record<string, Record<string, string>>;
  let openapi: { paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Record<string, unknown> }[] }>> };
  const explained: Explained[] = [];

  const call = async (route: RouteDef, url: string, headers: Record<string, string>, ok: number[]) => {
    const body = route.method === "POST" || route.method === "PATCH" ? (BODIES[routeKey(route)]?.body((k) => ids[k]) ?? {}) : undefined;
    const res = await stack.http.request(route.method, url, { headers, ...(body ? { body } : {}) });
    assert.ok(ok.includes(res.status), `${route.method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
    return res;
  };

  /** The query parameters the served document gives a GET route. */
  const queryParams = (route: RouteDef) => (openapi.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.get?.parameters ?? []).filter((p) => p.in === "query");

  beforeAll(async () => {
    log = await startQueryLog(process.env.MONGO_URL!);
    stack = await startStack({ services: [...SERVICE_NAMES], env: { MONGO_URL: log.url, JOBS_POLL_MS: "200" } });
    owner = await newTenant(stack, "Plans");
    admin = await signIn(stack.broker, undefined, { admin: true });
    fixtures = await createFixtures(owner.http, { action: await fixtureAction(stack) });
    ids = fixtureIds(fixtures);
    const userKey = await owner.http.post("/api/v1/me/api-keys", { name: "plans" });
    const orgKey = await owner.http.post(`/api/v1/orgs/${owner.orgId}/api-keys`, { name: "plans" });
    modes = {
      bearer: owner.h,
      "user API key": { "x-api-key": userKey.json.plain, "x-org-id": owner.orgId },
      "org key": { "x-org-key": orgKey.json.org_key, "x-org-secret": orgKey.json.org_secret },
    };
    openapi = (await stack.http.get("/api/v1/openapi.json")).json;

    const orgRoutes = ROUTES.filter((r) => r.auth === "org");
    const idsOf = (route: RouteDef) => Object.fromEntries(pathParams(route).map((p) => [p.param, ids[p.kind]]));
    // reads: every GET [org] route in each mode, then each documented filter alone and all together
    for (const route of orgRoutes.filter((r) => r.method === "GET")) {
      const url = pathFor(route, idsOf(route));
      for (const headers of Object.values(modes)) await call(route, url, headers, [200]);
      const params = queryParams(route).filter((p) => !url.includes(`${p.name}=`));
      const values = params.map((p) => `${p.name}=${encodeURIComponent(valueFor(route, p.name, p.schema, fixtures))}`);
      const sep = url.includes("?") ? "&" : "?";
      for (const v of values) await call(route, `${url}${sep}${v}`, owner.h, [200]);
      if (values.length > 1) await call(route, `${url}${sep}${values.join("&")}`, owner.h, [200]);
    }
    // writes: every POST and PATCH [org] route on the organization's own objects
    for (const route of orgRoutes.filter((r) => r.method === "POST" || r.method === "PATCH")) {
      await call(route, pathFor(route, idsOf(route)), owner.h, BODIES[routeKey(route)]?.conflict ? [200, 201, 204, 409] : [200, 201, 204]);
    }
    const job = await stack.http.post(
      "/api/v1/admin/worker/jobs",
      { type: "clusters.validate", queue: "clusters", payload: { organization_id: owner.orgId, cluster_id: ids.cluster }, run_at: new Date(Date.now() + 3_600_000).toISOString() },
      { headers: admin.bearer },
    );
    assert.equal(job.status, 200, job.text);
    // /me, /orgs and the admin views, each documented filter once (`id`: the organization's, or the job's on the jobs' routes)
    for (const route of ROUTES.filter((r) => r.method === "GET" && (r.auth === "user" || r.auth === "bearer" || r.auth === "admin"))) {
      const id = route.path.startsWith("/admin/worker/jobs/") ? job.json.id : route.path.startsWith("/admin/users/") ? owner.user.user_id : owner.orgId;
      const url = `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, (_, p: string) => ({ id })[p] ?? "")}`;
      const headers = route.auth === "admin" ? admin.bearer : owner.user.bearer;
      await call(route, url, headers, [200]);
      for (const p of queryParams(route)) await call(route, `${url}?${p.name}=${encodeURIComponent(valueFor(route, p.name, p.schema, fixtures))}`, headers, [200]);
    }
    assert.equal((await stack.http.post(`/api/v1/admin/worker/jobs/${job.json.id}/cancel`, {}, { headers: admin.bearer })).status, 200);
    assert.equal((await stack.http.post(`/api/v1/admin/worker/jobs/${job.json.id}/retry`, {}, { headers: admin.bearer })).status, 200);
    // the periodic sweeps, now
    for (const action of ["dns.sweep", "clusters.sweep", "auth.cleanupTokens", "jobs.cleanupFinished", "orgs.sweepDeletions"]) await stack.broker.call(action, {});
    // deletes: attachments first, then the objects (a 409 for one still referenced ran its checks too)
    const deletes = orgRoutes.filter((r) => r.method === "DELETE").sort((a, b) => pathParams(b).length - pathParams(a).length || (a.path.startsWith("/clusters") ? -1 : 0));
    for (const route of deletes) await call(route, pathFor(route, idsOf(route)), owner.h, [200, 204, 404, 409]);
    // and the organization, purged everywhere through the jobs queue
    assert.equal((await owner.http.delete(`/api/v1/orgs/${owner.orgId}`)).status, 204);
    await waitUntil(
      "the organization to be purged everywhere",
      async () => {
        const gone = await stack.broker.call("orgs.inspect", { id: owner.orgId }).then(
          () => false,
          (err: unknown) => (err as { code?: number }).code === 404,
        );
        return gone ? true : undefined;
      },
      120_000,
    );

    // one explain per distinct shape, straight on FerretDB
    const direct = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    try {
      const prefix = `${stack.dbPrefix}_`;
      const byShape = new Map<string, LoggedQuery>();
      for (const q of log.queries.filter((q) => q.db.startsWith(prefix))) byShape.set(`${q.db.slice(prefix.length)}.${q.collection} ${shapeOf(q.filter)}`, q);
      for (const [key, sample] of byShape) {
        const res = await direct.db(sample.db).command({ explain: { find: sample.collection, filter: sample.filter } });
        explained.push({ key, sample, plan: ((res.queryPlanner as { Plan?: string[] } | undefined)?.Plan ?? []).map(String) });
      }
    } finally {
      await direct.close();
    }
  });
  afterAll(async () => {
    await stack?.stop();
    await log?.close();
  });

  const scans = (plan: Plan) => plan.filter((line) => line.includes("detail=SCAN "));
  const searches = (plan: Plan) => plan.filter((line) => line.includes("detail=SEARCH "));
  const report = (list: Explained[]) => list.map((e) => `${e.key}\n    ${e.plan.join("\n    ") || "(no plan)"}`).join("\n");

  it("the journey reached every service's data and recorded the queries", () => {
    const services = new Set(explained.map((e) => e.key.split(".")[0]));
    for (const s of ["auth", "orgs", "inventory", "credentials", "dns", "clusters", "jobs"]) assert.ok(services.has(s), `no query of ${s}: ${[...services].join(", ")}`);
    assert.ok(explained.length >= 60, `${explained.length} shapes`);
  });

  /** The field leading each index a plan searches (`<table>_<field>_1_…`; `<table>__id_` is _id). */
  const leadingFields = (plan: Plan) =>
    searches(plan).map((line) => {
      const [, table, index] = /SEARCH (\S+) USING INDEX (\S+)/.exec(line) ?? [];
      const name = index?.startsWith(`${table}_`) ? index.slice(table!.length + 1) : "";
      return name === "_id_" ? "_id" : (/^(.+?)_-?1(_|$)/.exec(name)?.[1] ?? "");
    });

  it("a query on an organization's data is answered by an index led by organization_id, _id or an id the filter pins", () => {
    const scoped = explained.filter((e) => "organization_id" in e.sample.filter);
    assert.ok(scoped.length >= 30, `${scoped.length} organization-scoped shapes`);
    // an index led by another field (a status, a key) would walk every organization's documents
    const pinned = (e: Explained, field: string) => field === "organization_id" || field === "_id" || (field.endsWith("_id") && field in e.sample.filter);
    const wrong = scoped.filter((e) => {
      const fields = leadingFields(e.plan);
      return scans(e.plan).length > 0 || fields.length === 0 || !fields.every((f) => pinned(e, f));
    });
    assert.equal(wrong.length, 0, `not served by an organization, _id or parent-id index:\n${report(wrong)}`);
  });

  it("no query scans a whole collection (but the few named with their reason)", () => {
    const scanning = explained.filter((e) => scans(e.plan).length > 0 && !(e.key in ALLOWED_SCANS));
    assert.equal(scanning.length, 0, `full scans:\n${report(scanning)}`);
    const stale = Object.keys(ALLOWED_SCANS).filter((k) => !explained.some((e) => e.key === k));
    assert.deepEqual(stale, [], "allowed scans that no longer happen");
  });
});
