import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ApiError, ClusterClient, ok, type ApiResult } from "../../clients/typescript/src/index.ts";
import { accessOf } from "../../shared/contracts/action.ts";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { toOpenApiPath } from "../../services/api/openapi.ts";
import { API_PREFIX, contractOf, ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { checkedTransport, clientFor, type Exchange } from "../helpers/client.ts";
import { githubEnv, startGithub, type LocalGithub } from "../helpers/idp-github.ts";
import { ResponseValidator } from "../helpers/openapi-validator.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The twin of client-journey.test.ts for refusals: every error status the served OpenAPI
 * document lists for an operation is produced by a real request through the typed client, the
 * answer checked against the document (test/helpers/client.ts) and decoded as an ApiError with
 * its status, X-Error-Code and error style (plain text or `{code, message}`, as the document
 * says for that route). The statuses any route can answer (400, 401, 403, 404, 413, 431) come
 * from requests built from the document itself; 503 and 429 from a gateway running alone (no
 * service behind it; a rate limit of one request a minute); 409 and the login endpoints' 401
 * from their own scenarios. The last test fails when a documented status of an operation was
 * never reached, but for the few listed in UNREACHABLE with the reason.
 */

const MISSING = "0190a000-0000-7000-8000-000000000000";
const tag = randomBytes(3).toString("hex");

/** Documented statuses no request to a healthy test system can produce, and why. */
const UNREACHABLE: Readonly<Record<string, string>> = {
  "500": "an operation that fails unexpectedly (a bug); a test that could produce one would have found a bug to fix",
};
/** The same for one operation (`<METHOD> <path> <status>`). */
/**
 * The Idempotency-Key refusals every POST and PATCH documents (409 while the first request with
 * the key runs, 422 for another request under the key) come from one generic mechanism
 * (shared/idempotency.ts, wrapped around every routed action): test/integration/idempotency.test.ts
 * produces them; here they count as reached only where a request of the sweep produced them.
 */
function idempotencyRefusal(op: Op, status: string): boolean {
  const keyed = op.doc.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key") === true;
  return keyed && (status === "409" || status === "422");
}
/**
 * The 412 of a write that changes one resource (a stale If-Match) needs that resource to exist,
 * which this sweep's requests never name: test/integration/conditional-requests.test.ts produces
 * it on every such route with real resources. Here the 412 of every other write is reached.
 */
function conditionalRefusal(op: Op, status: string): boolean {
  return status === "412" && op.route.conditional !== undefined;
}
const UNREACHABLE_OPS: Readonly<Record<string, string>> = {
  "POST /api/v1/admin/worker/jobs 409":
    "dedupe key is busy: only when five attempts in a row find the key held by a job still being inserted by a concurrent enqueue (services/jobs/store.ts); no request sequence produces it on demand",
};

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema?: Json;
}

interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface Document {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Json> };
}

/** One operation of the document, with the route (auth, access) that serves it. */
interface Op {
  /** `GET /api/v1/servers/{id}` */
  key: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  doc: DocOperation;
  route: RouteDef;
  pathParams: Parameter[];
  /** The JSON body's schema ($ref resolved), if it takes one. */
  body?: Json;
}

/** What a request of the sweep sends; path params not given take their default value. */
interface Init {
  path?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  query?: string;
  headers?: Record<string, string>;
}

/** The request of an operation through the client, whatever its path: the sweep is built from the document. */
type LooseRequest = (method: string, url: string, init: Record<string, unknown>) => Promise<ApiResult>;

function send(client: ClusterClient, op: Op, init: Init, defaults: Record<string, string>): Promise<ApiResult> {
  const path = Object.fromEntries(op.pathParams.map((p) => [p.name, init.path?.[p.name] ?? defaults[p.name] ?? MISSING]));
  const options: Record<string, unknown> = { params: { path } };
  if (init.query !== undefined) {
    const query = init.query;
    options.querySerializer = () => query;
  }
  if (init.headers) options.headers = init.headers;
  if (op.method === "POST" || op.method === "PATCH") {
    const raw = init.rawBody;
    options.body = init.body ?? {};
    if (raw !== undefined) options.bodySerializer = () => raw;
  }
  return (client.api.request as unknown as LooseRequest)(op.method.toLowerCase(), op.path, options);
}

/** A value of the wrong type for a property's schema (a validation error wherever the property is checked). */
function wrongValue(schema: Json): unknown {
  return schema.type === "string" || Array.isArray(schema.enum) ? 12345 : "not-a-valid-value";
}

describe("every documented refusal through the typed client (each answer checked against the OpenAPI document)", () => {
  let stack: Stack;
  let alone: Stack;
  let github: LocalGithub;
  let owner: SignedIn;
  let member: SignedIn;
  let admin: SignedIn;
  let anonymous: ClusterClient;
  let client: ClusterClient;
  let org: ClusterClient;
  let memberClient: ClusterClient;
  let adminClient: ClusterClient;
  let orgId: string;
  let ops: Op[];
  const log: Exchange[] = [];
  /** `<METHOD> <path> <status>` of every refusal the sweep got and checked. */
  const reached = new Set<string>();

  /** Default path params: the organization's id for /orgs/{id}, a queue and a docs file that exist, a configured provider. */
  const defaults = (): Record<string, string> => ({ id: MISSING, provider: "github", file: "swagger-ui.css", name: "default" });
  const orgDefaults = (op: Op): Record<string, string> => (op.path.startsWith(`${API_PREFIX}/orgs/{id}`) ? { ...defaults(), id: orgId } : defaults());

  /**
   * The request fails with `status` and `code` in the error style the document gives that
   * status of the operation; the refusal counts as reached.
   */
  async function refused(op: Op, result: Promise<ApiResult>, status: number, code: string | RegExp): Promise<ApiError> {
    let err: unknown;
    try {
      await ok(result);
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof ApiError, `${op.key}: expected ${status}, got ${err instanceof Error ? err.message : "a success"}`);
    const documented = Object.keys(op.doc.responses[String(status)]?.content ?? {})[0];
    const style = documented === "application/json" ? "json" : "text";
    assert.equal(err.status, status, `${op.key}: ${err.status} ${err.message}`);
    if (typeof code === "string") assert.equal(err.code, code, `${op.key} ${status}: ${err.message}`);
    else assert.match(err.code, code, `${op.key} ${status}: ${err.message}`);
    assert.equal(err.style, style, `${op.key} ${status}: error style`);
    // the operation the client called, and the style the document gives its errors (a 431 is plain text everywhere)
    assert.equal(err.operation, op.key);
    assert.equal(err.routeStyle, Object.keys(op.doc.responses["400"]?.content ?? {})[0] === "application/json" ? "json" : "text");
    if (style === "json") assert.deepEqual(err.body, { code: err.code, message: err.message });
    else assert.equal(err.body, err.message);
    assert.ok(err.message.length > 0);
    reached.add(`${op.key} ${status}`);
    return err;
  }

  const find = (key: string): Op => {
    const op = ops.find((o) => o.key === key);
    assert.ok(op, `${key} is not in the document`);
    return op;
  };

  beforeAll(async () => {
    github = await startGithub();
    stack = await startStack({
      services: [...SERVICE_NAMES],
      env: {
        JOBS_WORKER_ENABLED: "false",
        JOBS_PERIODIC_ENABLED: "false",
        ...githubEnv(github, "http://app.test"),
      },
    });
    owner = await signIn(stack.broker);
    member = await signIn(stack.broker);
    admin = await signIn(stack.broker, undefined, { admin: true });
    anonymous = new ClusterClient({ baseUrl: stack.baseUrl, fetch: checkedTransport(stack.baseUrl, log) });
    client = clientFor(stack.baseUrl, owner, { log });
    adminClient = clientFor(stack.baseUrl, admin, { log });
    orgId = (await ok(client.api.POST("/api/v1/orgs", { body: { name: `Refusals ${tag}`, domain: `refusals-${tag}.example.com` } }))).id;
    org = client.withOrg(orgId);
    await ok(client.api.POST("/api/v1/orgs/{id}/members", { params: { path: { id: orgId } }, body: { user_id: member.user_id, role: "member" } }));
    memberClient = clientFor(stack.baseUrl, member, { log });

    const doc = (await (await fetch(`${stack.baseUrl}/api/v1/openapi.json`)).json()) as Document;
    const routes = new Map<string, RouteDef>();
    for (const route of ROUTES) {
      const { path } = toOpenApiPath(route.path);
      routes.set(`${route.method} ${API_PREFIX}${path}`, route);
      if (route.alsoAtRoot) routes.set(`${route.method} ${path}`, route);
    }
    const resolve = (schema: Json): Json => {
      const ref = typeof schema.$ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
      return ref ? (doc.components.schemas[ref] ?? {}) : schema;
    };
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => {
        const key = `${method.toUpperCase()} ${path}`;
        const route = routes.get(key);
        assert.ok(route, `${key}: no route serves it`);
        const body = operation.requestBody?.content["application/json"]?.schema;
        return {
          key,
          method: method.toUpperCase() as Op["method"],
          path,
          doc: operation,
          route,
          pathParams: (operation.parameters ?? []).filter((p) => p.in === "path"),
          ...(body ? { body: resolve(body) } : {}),
        };
      }),
    );
  });

  afterAll(async () => {
    await alone?.stop();
    await stack?.stop();
    await github?.close();
  });

  /** The client that passes the operation's authentication and access rule (the organization's owner, or an administrator). */
  const callerOf = (op: Op): ClusterClient => {
    switch (op.route.auth) {
      case "none":
        return anonymous;
      case "org":
        return org;
      case "admin":
        return adminClient;
      default:
        return client;
    }
  };

  /** Bodies that pass validation, for requests that must reach the handler (404, 403 of a role); `{}` otherwise. */
  const VALID_BODIES: Readonly<Record<string, unknown>> = {
    "PATCH /api/v1/orgs/{id}": { name: "renamed" },
    "POST /api/v1/orgs/{id}/api-keys": { name: "key" },
    "POST /api/v1/orgs/{id}/members": { user_id: MISSING, role: "member" },
    "POST /api/v1/node-pools/{id}/servers": { server_ids: [MISSING] },
    "POST /api/v1/node-pools/{id}/labels": { label_ids: [MISSING] },
    "POST /api/v1/node-pools/{id}/annotations": { annotation_ids: [MISSING] },
    "POST /api/v1/node-pools/{id}/taints": { taint_ids: [MISSING] },
    "POST /api/v1/clusters/{clusterID}/apps-load-balancer": { load_balancer_id: MISSING },
    "POST /api/v1/clusters/{clusterID}/platform-load-balancer": { load_balancer_id: MISSING },
    "POST /api/v1/clusters/{clusterID}/bastion": { server_id: MISSING },
    "POST /api/v1/clusters/{clusterID}/captain-domain": { domain_id: MISSING },
    "POST /api/v1/clusters/{clusterID}/control-plane-record-set": { record_set_id: MISSING },
    "POST /api/v1/clusters/{clusterID}/node-pools": { node_pool_id: MISSING },
    "POST /api/v1/clusters/{clusterID}/kubeconfig": { kubeconfig: "apiVersion: v1\n" },
    "POST /api/v1/dns/domains/{domain_id}/records": { name: "www", type: "A", values: ["192.0.2.1"] },
    "POST /api/v1/clusters/{clusterID}/metadata": { key: "env", value: "prod" },
  };
  const validBody = (op: Op) => VALID_BODIES[op.key] ?? {};

  it("400: invalid input of every operation (an id that is not a UUID, an unknown path value, a field or query parameter of the wrong type)", async () => {
    for (const op of ops) {
      if (!op.doc.responses["400"]) continue;
      const uuid = op.pathParams.find((p) => p.schema?.format === "uuid");
      const listed = op.pathParams.find((p) => Array.isArray(p.schema?.enum));
      const field = Object.entries((op.body?.properties ?? {}) as Record<string, Json>).find(([, s]) => s.type !== undefined || Array.isArray(s.enum));
      const query = (op.doc.parameters ?? []).find((p) => p.in === "query" && (p.schema?.type === "integer" || Array.isArray(p.schema?.enum)));
      const caller = callerOf(op);
      const base = orgDefaults(op);
      if (uuid) {
        const err = await refused(op, send(caller, op, { path: { [uuid.name]: "not-a-uuid" }, body: validBody(op) }, base), 400, "invalid_id");
        assert.equal(err.message, "invalid id");
      } else if (listed) {
        await refused(op, send(caller, op, { path: { [listed.name]: "nope" } }, base), 400, "validation_error");
      } else if (field) {
        await refused(op, send(caller, op, { body: { [field[0]]: wrongValue(field[1]) } }, base), 400, "validation_error");
      } else if (query) {
        await refused(op, send(caller, op, { query: `${query.name}=not-valid` }, base), 400, "validation_error");
      } else {
        // a query parameter given twice is never taken as one of the values (README, "HTTP behaviour")
        const err = await refused(op, send(caller, op, { query: "x=1&x=2" }, base), 400, "validation_error");
        assert.equal(err.message, "invalid query parameter: x");
      }
    }
  });

  it("401: every authenticated operation without credentials", async () => {
    for (const op of ops) {
      if (op.route.auth === "none") continue;
      assert.ok(op.doc.responses["401"], `${op.key} authenticates but does not document 401`);
      await refused(op, send(anonymous, op, { body: validBody(op) }, defaults()), 401, "unauthorized");
    }
  });

  it("401 of the login endpoints: a refresh token the server does not know, a code the provider refuses", async () => {
    const refresh = find("POST /api/v1/auth/refresh");
    const err = await refused(refresh, anonymous.api.POST("/api/v1/auth/refresh", { body: { refresh_token: "rt_not-a-refresh-token" } }), 401, "unauthorized");
    assert.deepEqual(err.body, { code: "unauthorized", message: "invalid refresh token" });

    const { auth_url } = await ok(anonymous.api.POST("/api/v1/auth/{provider}/start", { params: { path: { provider: "github" } }, body: {} }));
    const state = new URL(auth_url).searchParams.get("state") ?? "";
    const callback = find("GET /api/v1/auth/{provider}/callback");
    const refusedCode = await refused(
      callback,
      anonymous.api.GET("/api/v1/auth/{provider}/callback", { params: { path: { provider: "github" }, query: { code: "not-a-code", state } } }),
      401,
      "unauthorized",
    );
    assert.equal(refusedCode.message, "login failed");
  });

  it("403: [org] operations without an organization, admin operations for a user, role rules for a plain member", async () => {
    for (const op of ops) {
      const access = accessOf(contractOf(op.route.action));
      if (op.route.auth === "org") {
        await refused(op, send(client, op, { body: validBody(op) }, defaults()), 403, "organization_required");
      } else if (op.route.auth === "admin") {
        await refused(op, send(client, op, { body: validBody(op) }, defaults()), 403, "forbidden");
      } else if (typeof access === "object" && "memberOf" in access && access.roles) {
        await refused(op, send(memberClient, op, { body: validBody(op) }, orgDefaults(op)), 403, "forbidden");
      }
    }
    // a member may leave, but never remove an owner
    const removeMember = find("DELETE /api/v1/orgs/{id}/members/{user_id}");
    await refused(removeMember, memberClient.api.DELETE("/api/v1/orgs/{id}/members/{user_id}", { params: { path: { id: orgId, user_id: owner.user_id } } }), 403, "forbidden");
  });

  it("404: every operation whose path names an object or a file, with one that does not exist", async () => {
    for (const op of ops) {
      if (!op.doc.responses["404"]) continue;
      const path = Object.fromEntries(op.pathParams.map((p) => [p.name, p.schema?.format === "uuid" ? MISSING : "missing"]));
      const query = op.key === "GET /api/v1/ssh/{id}/download" ? { query: "part=public" } : {};
      await refused(op, send(callerOf(op), op, { path, body: validBody(op), ...query }, defaults()), 404, "not_found");
    }
  });

  it("412: every write with no entity tag to match, sent with If-Match (only * holds there)", async () => {
    for (const op of ops) {
      if (!op.doc.responses["412"] || op.route.conditional !== undefined) continue;
      await refused(op, send(callerOf(op), op, { body: validBody(op), headers: { "If-Match": '"stale"' } }, orgDefaults(op)), 412, "precondition_failed");
    }
  });

  it("413: every operation that takes a body, with one over 1 MiB", async () => {
    const big = JSON.stringify({ padding: "x".repeat(1_100_000) });
    for (const op of ops) {
      if (op.method !== "POST" && op.method !== "PATCH") continue;
      await refused(op, send(callerOf(op), op, { rawBody: big }, orgDefaults(op)), 413, "payload_too_large");
    }
  });

  it("431: every operation, with headers over the parser's limit (plain text whatever the route: no route is chosen yet)", async () => {
    const padding = "x".repeat(20_000);
    for (const op of ops) {
      await refused(op, send(anonymous, op, { headers: { "X-Padding": padding } }, defaults()), 431, "headers_too_large");
    }
  });

  it("409: each conflict the document lists (duplicates, the last owner, objects still in use)", async () => {
    // organizations: a domain another organization uses; the last owner cannot leave or be demoted
    const domain = `refusals-${tag}.example.com`;
    await refused(find("POST /api/v1/orgs"), client.api.POST("/api/v1/orgs", { body: { name: "Second", domain } }), 409, "conflict");
    const second = await ok(client.api.POST("/api/v1/orgs", { body: { name: `Second ${tag}` } }));
    await refused(find("PATCH /api/v1/orgs/{id}"), client.api.PATCH("/api/v1/orgs/{id}", { params: { path: { id: second.id } }, body: { domain } }), 409, "conflict");
    const lastOwner = await refused(
      find("POST /api/v1/orgs/{id}/members"),
      client.api.POST("/api/v1/orgs/{id}/members", { params: { path: { id: second.id } }, body: { user_id: owner.user_id, role: "member" } }),
      409,
      "conflict",
    );
    assert.deepEqual(lastOwner.body, { code: "conflict", message: "cannot remove or demote the last owner" });
    await refused(
      find("DELETE /api/v1/orgs/{id}/members/{user_id}"),
      client.api.DELETE("/api/v1/orgs/{id}/members/{user_id}", { params: { path: { id: second.id, user_id: owner.user_id } } }),
      409,
      "conflict",
    );

    // an administrator cannot revoke their own rights (another administrator must)
    await refused(
      find("PATCH /api/v1/admin/users/{id}"),
      adminClient.api.PATCH("/api/v1/admin/users/{id}", { params: { path: { id: admin.user_id } }, body: { is_admin: false } }),
      409,
      "conflict",
    );

    // credentials: one per (provider, scope kind, scope); one a domain uses stays
    const credential = (service: string) => ({
      provider: "generic" as const,
      kind: "api_token" as const,
      schema_version: 1,
      scope_kind: "service" as const,
      scope_version: 1,
      scope: { service },
      secret: { token: "t", api_url: "http://127.0.0.1:9", server_id: "localhost" },
    });
    const pdns = await ok(org.api.POST("/api/v1/credentials", { body: credential("powerdns") }));
    const other = await ok(org.api.POST("/api/v1/credentials", { body: credential("other") }));
    await refused(find("POST /api/v1/credentials"), org.api.POST("/api/v1/credentials", { body: credential("powerdns") }), 409, "conflict");
    await refused(
      find("PATCH /api/v1/credentials/{id}"),
      org.api.PATCH("/api/v1/credentials/{id}", { params: { path: { id: other.id } }, body: { scope: { service: "powerdns" } } }),
      409,
      "conflict",
    );

    // DNS: a domain name and a record set (name, type) once each; a domain in use keeps its credential
    const zone = await ok(org.api.POST("/api/v1/dns/domains", { body: { credential_id: pdns.id, domain_name: `a-${tag}.example.com`, zone_id: "z1" } }));
    const spare = await ok(org.api.POST("/api/v1/dns/domains", { body: { credential_id: pdns.id, domain_name: `b-${tag}.example.com`, zone_id: "z2" } }));
    await refused(find("DELETE /api/v1/credentials/{id}"), org.api.DELETE("/api/v1/credentials/{id}", { params: { path: { id: pdns.id } } }), 409, "conflict");
    await refused(
      find("POST /api/v1/dns/domains"),
      org.api.POST("/api/v1/dns/domains", { body: { credential_id: pdns.id, domain_name: zone.domain_name, zone_id: "z3" } }),
      409,
      "conflict",
    );
    await refused(
      find("PATCH /api/v1/dns/domains/{id}"),
      org.api.PATCH("/api/v1/dns/domains/{id}", { params: { path: { id: spare.id } }, body: { domain_name: zone.domain_name } }),
      409,
      "conflict",
    );
    const records = { params: { path: { domain_id: zone.id } } };
    const api = await ok(org.api.POST("/api/v1/dns/domains/{domain_id}/records", { ...records, body: { name: "api", type: "A", values: ["192.0.2.1"] } }));
    const www = await ok(org.api.POST("/api/v1/dns/domains/{domain_id}/records", { ...records, body: { name: "www", type: "A", values: ["192.0.2.2"] } }));
    await refused(
      find("POST /api/v1/dns/domains/{domain_id}/records"),
      org.api.POST("/api/v1/dns/domains/{domain_id}/records", { ...records, body: { name: "api", type: "A", values: ["192.0.2.3"] } }),
      409,
      "conflict",
    );
    await refused(find("PATCH /api/v1/dns/records/{id}"), org.api.PATCH("/api/v1/dns/records/{id}", { params: { path: { id: www.id } }, body: { name: "api" } }), 409, "conflict");

    // inventory: a key a server uses; a server, load balancer and node pool a cluster uses
    const key = await ok(org.api.POST("/api/v1/ssh", { body: { name: `k-${tag}`, type: "ed25519" } }));
    const bastion = await ok(
      org.api.POST("/api/v1/servers", {
        body: { role: "bastion", private_ip_address: "10.0.0.2", public_ip_address: "203.0.113.2", ssh_user: "root", ssh_key_id: key.id, hostname: "bastion" },
      }),
    );
    const lb = await ok(
      org.api.POST("/api/v1/load-balancers", { body: { name: `apps-${tag}`, kind: "public", private_ip_address: "10.0.1.1", public_ip_address: "198.51.100.1" } }),
    );
    const pool = await ok(org.api.POST("/api/v1/node-pools", { body: { name: `pool-${tag}`, role: "worker" } }));
    const cluster = await ok(org.api.POST("/api/v1/clusters", { body: { name: `c-${tag}` } }));
    const path = { params: { path: { clusterID: cluster.id } } };
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/bastion", { ...path, body: { server_id: bastion.id } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/apps-load-balancer", { ...path, body: { load_balancer_id: lb.id } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/node-pools", { ...path, body: { node_pool_id: pool.id } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/captain-domain", { ...path, body: { domain_id: spare.id } }));
    await ok(org.api.POST("/api/v1/clusters/{clusterID}/control-plane-record-set", { ...path, body: { record_set_id: api.id } }));

    // webhooks: at most 20 per organization; a rotation that lost to a concurrent one
    const hooks: { id: string }[] = [];
    for (let i = 0; i < 20; i++) hooks.push(await ok(org.api.POST("/api/v1/webhooks", { body: { url: `https://hooks-${tag}.example.com/${i}`, events: ["*"] } })));
    const tooMany = await refused(
      find("POST /api/v1/webhooks"),
      org.api.POST("/api/v1/webhooks", { body: { url: `https://hooks-${tag}.example.com/20`, events: ["*"] } }),
      409,
      "conflict",
    );
    assert.equal(tooMany.body, "too many webhooks: at most 20 per organization");
    const rotate = () => org.api.POST("/api/v1/webhooks/{id}/rotate-secret", { params: { path: { id: hooks[0]!.id } } });
    let lost: ApiResult | undefined;
    for (let round = 0; round < 5 && !lost; round++) lost = (await Promise.all(Array.from({ length: 5 }, rotate))).find((r) => r.response.status === 409);
    const rotated = await refused(find("POST /api/v1/webhooks/{id}/rotate-secret"), Promise.resolve(lost!), 409, "conflict");
    assert.equal(rotated.body, "the webhook's secret was rotated meanwhile; try again");

    const inUse = async (key_: string, call: Promise<ApiResult>, message: string) => {
      const err = await refused(find(key_), call, 409, "conflict");
      assert.equal(err.body, message);
    };
    await inUse("DELETE /api/v1/ssh/{id}", org.api.DELETE("/api/v1/ssh/{id}", { params: { path: { id: key.id } } }), "ssh key is used by a server");
    await inUse("DELETE /api/v1/servers/{id}", org.api.DELETE("/api/v1/servers/{id}", { params: { path: { id: bastion.id } } }), "server is attached to a cluster");
    await inUse("DELETE /api/v1/load-balancers/{id}", org.api.DELETE("/api/v1/load-balancers/{id}", { params: { path: { id: lb.id } } }), "load balancer is attached to a cluster");
    await inUse("DELETE /api/v1/node-pools/{id}", org.api.DELETE("/api/v1/node-pools/{id}", { params: { path: { id: pool.id } } }), "node pool is attached to a cluster");
    await inUse("DELETE /api/v1/dns/domains/{id}", org.api.DELETE("/api/v1/dns/domains/{id}", { params: { path: { id: spare.id } } }), "domain is attached to a cluster");
    await inUse("DELETE /api/v1/dns/records/{id}", org.api.DELETE("/api/v1/dns/records/{id}", { params: { path: { id: api.id } } }), "record set is attached to a cluster");

    // cluster metadata: a key once per cluster
    const meta = (key: string) => org.api.POST("/api/v1/clusters/{clusterID}/metadata", { ...path, body: { key, value: "1" } });
    await ok(meta("env"));
    const tier = await ok(meta("tier"));
    await refused(find("POST /api/v1/clusters/{clusterID}/metadata"), meta("ENV"), 409, "conflict");
    await refused(
      find("PATCH /api/v1/clusters/{clusterID}/metadata/{metadataID}"),
      org.api.PATCH("/api/v1/clusters/{clusterID}/metadata/{metadataID}", { params: { path: { clusterID: cluster.id, metadataID: tier.id } }, body: { key: "env" } }),
      409,
      "conflict",
    );

    // admin actions: labels are unique; runs: one at a time per cluster (the worker is off here: the first stays queued), an ended one is not canceled
    const action = (label: string) => adminClient.api.POST("/api/v1/admin/actions", { body: { label, make_target: "deploy" } });
    const deploy = await ok(action(`deploy ${tag}`));
    const rival = await ok(action(`other ${tag}`));
    await refused(find("POST /api/v1/admin/actions"), action(`deploy ${tag}`), 409, "conflict");
    await refused(
      find("PATCH /api/v1/admin/actions/{actionID}"),
      adminClient.api.PATCH("/api/v1/admin/actions/{actionID}", { params: { path: { actionID: rival.id } }, body: { label: `deploy ${tag}` } }),
      409,
      "conflict",
    );
    const start = () => org.api.POST("/api/v1/clusters/{clusterID}/actions/{actionID}/runs", { params: { path: { clusterID: cluster.id, actionID: deploy.id } } });
    const run = await ok(start());
    await refused(find("POST /api/v1/clusters/{clusterID}/actions/{actionID}/runs"), start(), 409, "conflict");
    const cancel = () => org.api.POST("/api/v1/clusters/{clusterID}/runs/{runID}/cancel", { params: { path: { clusterID: cluster.id, runID: run.id } } });
    assert.equal((await ok(cancel())).status, "canceled");
    await refused(find("POST /api/v1/clusters/{clusterID}/runs/{runID}/cancel"), cancel(), 409, "conflict");
  });

  it("503 and 429: a gateway alone (no service behind it), one request a minute per client address", async () => {
    alone = await startStack({ services: ["api"], env: { RATE_LIMIT_PER_MINUTE: "1", TRUST_PROXY: "true" } });
    // one checker for both clients: it reads the document once (one request of the limited budget)
    const validator = new ResponseValidator(alone.baseUrl);
    const gateway = (auth?: ClusterClient["auth"]) =>
      // retries: 0: each 503 is the answer under test, not one to wait out
      new ClusterClient({ baseUrl: alone.baseUrl, ...(auth ? { auth } : {}), fetch: checkedTransport(alone.baseUrl, log, validator), retries: 0 });
    // a well-formed token: checking it needs the auth service, which is not running
    const bearer = gateway({ type: "bearer", accessToken: owner.tokens.access_token });
    const plain = gateway();
    let address = 0;
    // each request from an address of its own: never over the limit
    const from = () => ({ "X-Forwarded-For": `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}` });
    for (const op of ops) {
      if (!op.doc.responses["503"]) continue;
      const headers = { ...from(), ...(op.route.auth === "org" ? { "X-Org-ID": orgId } : {}) };
      await refused(op, send(op.route.auth === "none" ? plain : bearer, op, { headers, body: validBody(op) }, defaults()), 503, "service_unavailable");
    }
    // one address over its limit: at most its first request of a minute goes through, every later one is 429
    const limited = { "X-Forwarded-For": "192.0.2.99" };
    for (const op of ops) {
      let result = await send(plain, op, { headers: limited }, defaults());
      for (let attempt = 0; attempt < 2 && result.response.status !== 429; attempt++) result = await send(plain, op, { headers: limited }, defaults());
      await refused(op, Promise.resolve(result), 429, "rate_limited");
    }
  });

  it("reached every documented error status of every operation, but the ones listed as unreachable", () => {
    const missed: string[] = [];
    for (const op of ops) {
      for (const status of Object.keys(op.doc.responses).filter((s) => Number(s) >= 400)) {
        const key = `${op.key} ${status}`;
        if (reached.has(key) || UNREACHABLE[status] !== undefined || UNREACHABLE_OPS[key] !== undefined || idempotencyRefusal(op, status) || conditionalRefusal(op, status))
          continue;
        missed.push(key);
      }
    }
    assert.deepEqual(missed, [], "documented refusals no request produced");
    for (const key of Object.keys(UNREACHABLE_OPS)) {
      const [method, path, status] = key.split(" ");
      assert.ok(find(`${method} ${path}`).doc.responses[status!], `${key} is listed as unreachable but not documented`);
      assert.ok(!reached.has(key), `${key} is listed as unreachable but was reached`);
    }
    assert.ok(log.filter((e) => e.status >= 400).length >= reached.size, "every refusal went through the checking transport");
  });
});
