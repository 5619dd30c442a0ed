import { strict as assert } from "node:assert";
import { after, before, describe, it } from "node:test";
import { deflateSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { PERIODIC_JOBS } from "../../services/jobs/periodic.ts";
import { route53CredentialBody } from "../helpers/fixtures.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Property-based hostile input against every route of the gateway, through real HTTP: wrong
 * types, MongoDB operator objects, prototype-pollution keys, huge and odd strings, deep JSON,
 * query-string arrays and non-UUID ids. Every answer must be a 4xx in the route's error style
 * (the response checker enforces the content type), never a 5xx; nothing stored may change.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
/**
 * Each run is an HTTP request, and shrinking a 5000-character counterexample takes thousands:
 * report the first failing input at once (with fast-check's seed to replay it) instead of
 * shrinking until the test times out.
 */
const PROPERTY = { endOnFailure: true } as const;

const operatorObjects = fc.constantFrom<unknown>(
  { $gt: "" },
  { $ne: null },
  { $where: "sleep(1000)" },
  { $regex: ".*" },
  { $in: ["a", "b"] },
  { __proto__: { is_admin: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
);

const oddStrings = fc.oneof(
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "../../etc/passwd", "%00", "' OR 1=1 --", "<script>alert(1)</script>", "ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ", "\ud800"),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);

/** A value that is never a valid string field: everything here must be refused, not stored. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  operatorObjects,
  fc.array(fc.string(), { maxLength: 3 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** No lone surrogate (String.prototype.isWellFormed, which the configured TypeScript lib lacks). */
function wellFormed(s: string): boolean {
  return !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""));
}

/** JSON nested `depth` objects deep, written as text (JSON.stringify itself would overflow). */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}{"x":1}${"}".repeat(depth)}`;
}

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: { "application/json": { schema: { properties?: Record<string, unknown>; required?: string[] } } } } }>> };

describe("hostile input against every route", () => {
  let stack: Stack;
  let alice: SignedIn;
  let admin: SignedIn;
  let orgId: string;
  let doc: Doc;

  function headersFor(route: RouteDef): Record<string, string> {
    switch (route.auth) {
      case "none":
        return {};
      case "org":
        return orgHeaders(alice, orgId);
      case "admin":
        return admin.bearer;
      default:
        return alice.bearer;
    }
  }

  /** Path with every param replaced by `id`. */
  function pathWith(route: RouteDef, id: string): string {
    return `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, () => encodeURIComponent(id))}`;
  }

  function bodyFields(route: RouteDef): string[] {
    const op = doc.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.[route.method.toLowerCase()];
    const schema = op?.requestBody?.content["application/json"].schema;
    return Object.keys(schema?.properties ?? {});
  }

  /**
   * Everything the organization and the user can list, to prove nothing changed. The periodic
   * jobs the scheduler enqueues on its own (sweeps, cleanups) are left out of the job views.
   */
  async function snapshot(): Promise<string> {
    const periodic = new Set<string>(PERIODIC_JOBS.map((p) => p.type));
    const lists = ROUTES.filter((r) => r.method === "GET" && !r.path.includes(":") && r.auth !== "none" && r.path !== "/admin/worker/queues");
    const parts: string[] = [];
    for (const r of lists) {
      const res = await stack.http.get(`/api/v1${r.path}${r.path === "/admin/worker/jobs" ? "?page_size=100" : ""}`, { headers: headersFor(r) });
      let body: unknown = res.json;
      if (r.path === "/admin/worker/jobs") body = (res.json as { items: { type: string }[] }).items.filter((j) => !periodic.has(j.type));
      const stable = JSON.stringify(body, (k, v: unknown) => (k === "last_used_at" || k === "updated_at" ? undefined : v));
      parts.push(`${r.path} ${res.status} ${stable}`);
    }
    return parts.join("\n");
  }

  function assertRefused(route: RouteDef, status: number, what: string, text: string): void {
    assert.ok(status >= 400 && status < 500, `${route.method} ${route.path} with ${what} answered ${status}: ${text.slice(0, 200)}`);
  }

  before(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false" } });
    alice = await signIn(stack.broker);
    admin = await signIn(stack.broker, undefined, { admin: true });
    const org = await stack.http.post("/api/v1/orgs", { name: "Hostile Inc" }, { headers: alice.bearer });
    orgId = (org.json as { id: string }).id;
    // some stored data that must survive untouched
    assert.equal((await stack.http.post("/api/v1/labels", { key: "env", value: "prod" }, { headers: orgHeaders(alice, orgId) })).status, 201);
    assert.equal((await stack.http.post("/api/v1/clusters", { name: "c1", provider: "aws", region: "eu-west-1" }, { headers: orgHeaders(alice, orgId) })).status, 201);
    doc = (await stack.http.get("/api/v1/openapi.json")).json as Doc;
  });
  after(() => stack.stop());

  it("bodies whose every field has the wrong type are refused by every writing route", async () => {
    const before = await snapshot();
    const writing = ROUTES.filter((r) => (r.method === "POST" || r.method === "PATCH") && bodyFields(r).length > 0);
    assert.ok(writing.length > 20, `only ${writing.length} writing routes found`);
    for (const route of writing) {
      const fields = bodyFields(route);
      await fc.assert(
        fc.asyncProperty(fc.tuple(...fields.map(() => wrongType)), async (values) => {
          const body = Object.fromEntries(fields.map((f, i) => [f, values[i]]));
          const res = await stack.http.request(route.method, pathWith(route, "00000000-0000-4000-8000-000000000000"), { headers: headersFor(route), body });
          assertRefused(route, res.status, JSON.stringify(body).slice(0, 200), res.text);
        }),
        { ...PROPERTY, numRuns: RUNS },
      );
    }
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("bodies that are not JSON objects, deep JSON and prototype-pollution keys are refused without side effects", async () => {
    const before = await snapshot();
    const writing = ROUTES.filter((r) => r.method === "POST" || r.method === "PATCH");
    const payloads: [string, string][] = [
      ["a JSON array", "[1,2,3]"],
      ["a JSON string", '"text"'],
      ["a number", "42"],
      ["malformed JSON", '{"name": '],
      ["deep JSON", deepJson(5000)],
      ["__proto__ only", '{"__proto__":{"is_admin":true,"organization_id":"x"}}'],
      ["constructor.prototype", '{"constructor":{"prototype":{"is_admin":true}}}'],
    ];
    for (const route of writing) {
      for (const [what, raw] of payloads) {
        const res = await stack.http.request(route.method, pathWith(route, "00000000-0000-4000-8000-000000000000"), {
          headers: { ...headersFor(route), "content-type": "application/json" },
          body: raw,
          raw: true,
        });
        // an empty-body POST may be valid (cancel, retry, reveal): only 5xx and side effects are failures there
        if (bodyFields(route).some((f) => f) || what !== "__proto__ only") {
          assert.ok(res.status < 500, `${route.method} ${route.path} with ${what} answered ${res.status}: ${res.text.slice(0, 200)}`);
        }
      }
    }
    assert.equal(({} as Record<string, unknown>).is_admin, undefined, "Object.prototype not polluted");
    assert.equal(({} as Record<string, unknown>).polluted, undefined, "Object.prototype not polluted");
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("hostile path ids are 400 or 404 on every route with an id", async () => {
    const withIds = ROUTES.filter((r) => r.path.includes(":") && r.auth !== "none");
    const ids = fc.oneof(oddStrings.filter((s) => s.length > 0 && wellFormed(s)), fc.constantFrom("not-a-uuid", "00000000-0000-0000-0000-000000000000", "%2e%2e", "$gt", "{}", "null"), fc.uuid());
    const before = await snapshot();
    for (const route of withIds) {
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const res = await stack.http.request(route.method, pathWith(route, id), {
            headers: headersFor(route),
            ...(route.method === "POST" || route.method === "PATCH" ? { body: {} } : {}),
          });
          assert.ok(res.status < 500, `${route.method} ${route.path} with id ${JSON.stringify(id)} answered ${res.status}: ${res.text.slice(0, 200)}`);
        }),
        { ...PROPERTY, numRuns: Math.max(4, Math.floor(RUNS / 2)) },
      );
    }
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("hostile query strings on every reading route are 200 or 4xx, never 5xx", async () => {
    const reading = ROUTES.filter((r) => r.method === "GET" && r.auth !== "none" && !r.path.includes(":"));
    const queries = fc.oneof(
      fc.constantFrom("status=a&status=b", "q[$regex]=.*", "q=.*", "q=(", "q=%00", "page=-1", "page_size=100000", "key[$ne]=x", "include=__proto__", "__proto__[x]=1", "constructor[prototype][x]=1"),
      fc.string({ maxLength: 40 }).map((s) => `q=${encodeURIComponent(s)}`),
      oddStrings.filter((s) => wellFormed(s)).map((s) => `name=${encodeURIComponent(s)}&type=${encodeURIComponent(s)}`),
    );
    for (const route of reading) {
      await fc.assert(
        fc.asyncProperty(queries, async (query) => {
          const res = await stack.http.get(`/api/v1${route.path}?${query}`, { headers: headersFor(route) });
          assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500), `${route.path}?${query} answered ${res.status}: ${res.text.slice(0, 200)}`);
        }),
        { ...PROPERTY, numRuns: RUNS },
      );
    }
    assert.equal(({} as Record<string, unknown>).x, undefined, "Object.prototype not polluted");
  });

  it("hostile authentication headers (alone or next to valid ones) on every authenticated route are answered, never 5xx", async () => {
    // header values fetch can send: visible ASCII, spaces/tabs and latin-1 bytes
    const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constantFrom(0x09, 0xa0, 0xe9, 0xff)).map((c) => String.fromCharCode(c));
    const headerValue = fc.oneof(
      fc.string({ unit: headerChar, maxLength: 80 }),
      fc.string({ unit: headerChar, minLength: 300, maxLength: 6000 }),
      fc.constantFrom("Bearer", "Bearer ", "Bearer a.b.c", "Basic YTpi", "u_", "org_", "orgsec_", "00000000-0000-0000-0000-000000000000", "null", "undefined", "[object Object]", "%00", "$gt"),
      fc.constantFrom("authorization", "x-api-key", "x-org-key", "x-org-secret", "x-org-id").map((h) => `${h}: ${h}`),
    );
    const names = ["authorization", "x-api-key", "x-org-key", "x-org-secret", "x-org-id"] as const;
    const hostileHeaders = fc.record(Object.fromEntries(names.map((n) => [n, headerValue])) as Record<(typeof names)[number], fc.Arbitrary<string>>, { requiredKeys: [] });
    const authenticated = ROUTES.filter((r) => r.auth !== "none" && (r.method === "GET" || r.method === "POST"));
    const before = await snapshot();
    for (const route of authenticated) {
      await fc.assert(
        fc.asyncProperty(hostileHeaders, fc.boolean(), async (hostile, withValid) => {
          const headers = { ...(withValid ? headersFor(route) : {}), ...hostile };
          const res = await stack.http.request(route.method, pathWith(route, "00000000-0000-4000-8000-000000000000"), {
            headers,
            ...(route.method === "POST" ? { body: {} } : {}),
          });
          assert.ok(res.status < 500, `${route.method} ${route.path} with ${JSON.stringify(headers).slice(0, 300)} answered ${res.status}: ${res.text.slice(0, 200)}`);
          if (!withValid || Object.keys(hostile).length > 0) {
            // a hostile header never yields a success on a writing route
            if (route.method === "POST" && Object.keys(hostile).some((h) => h !== "x-org-id" || route.auth === "org")) assert.ok(res.status >= 400, `${route.path} accepted ${JSON.stringify(hostile).slice(0, 200)}`);
          }
        }),
        { ...PROPERTY, numRuns: Math.max(4, Math.floor(RUNS / 2)) },
      );
    }
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("compressed, mis-encoded and odd-charset bodies: 400 invalid json or 413, never 5xx; compression bombs stop at the body limit", async () => {
    const before = await snapshot();
    const valid = JSON.stringify({ key: "x", value: "y" });
    const huge = JSON.stringify({ key: "x", value: "y", pad: "0".repeat(16 * 1024 * 1024) });
    const cases: [what: string, headers: Record<string, string>, body: Uint8Array | string, status: number, message: string][] = [
      ["gzip that is not gzip", { "content-encoding": "gzip" }, "definitely not gzip", 400, "invalid json"],
      ["deflate that is not deflate", { "content-encoding": "deflate" }, "not deflate either", 400, "invalid json"],
      ["brotli that is not brotli", { "content-encoding": "br" }, "\u0000\u0001nope", 400, "invalid json"],
      ["truncated gzip", { "content-encoding": "gzip" }, gzipSync(valid).subarray(0, 12), 400, "invalid json"],
      ["unknown encoding", { "content-encoding": "zstdx" }, valid, 400, "invalid json"],
      ["gzip bomb", { "content-encoding": "gzip" }, gzipSync(huge), 413, "request body too large"],
      ["deflate bomb", { "content-encoding": "deflate" }, deflateSync(huge), 413, "request body too large"],
      ["utf-16 charset", { "content-type": "application/json; charset=utf-16" }, valid, 400, "invalid json"],
      ["unknown charset", { "content-type": "application/json; charset=x-bogus" }, valid, 400, "invalid json"],
      ["form encoded", { "content-type": "application/x-www-form-urlencoded" }, "key=x&value=y", 400, "invalid json"],
    ];
    for (const route of ROUTES.filter((r) => r.method === "POST" && r.auth === "org" && !r.path.includes(":"))) {
      for (const [what, headers, body, status, message] of cases) {
        const res = await fetch(`${stack.baseUrl}/api/v1${route.path}`, {
          method: "POST",
          headers: { ...headersFor(route), "content-type": "application/json", ...headers },
          body,
        });
        const text = await res.text();
        assert.equal(res.status, status, `${route.path} with ${what}: ${res.status} ${text.slice(0, 200)}`);
        assert.equal(res.headers.get("content-type"), "text/plain; charset=utf-8", `${route.path} with ${what}`);
        assert.equal(text, message, `${route.path} with ${what}`);
      }
    }
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("a null where a value is expected is 400, optional fields included, and changes nothing", async () => {
    const org = orgHeaders(alice, orgId);
    const created = async (path: string, body: unknown): Promise<string> => {
      const res = await stack.http.post(path, body, { headers: org });
      assert.equal(res.status, 201, res.text);
      return (res.json as { id: string }).id;
    };
    const credential = await created("/api/v1/credentials", route53CredentialBody({ access_key_id: "AKIANULL", secret_access_key: "null-secret" }));
    const domain = await created("/api/v1/dns/domains", { credential_id: credential, domain_name: "null.example.com" });
    const record = await created(`/api/v1/dns/domains/${domain}/records`, { name: "www", type: "A", values: ["192.0.2.1"] });
    const before = await snapshot();
    // [method, path, an otherwise valid body, the field sent as null, who asks]
    const cases: [string, string, Record<string, unknown>, string, Record<string, string>][] = [
      ["POST", `/api/v1/dns/domains/${domain}/records`, { name: "api", type: "A", values: ["192.0.2.2"] }, "ttl", org],
      ["PATCH", `/api/v1/dns/records/${record}`, {}, "ttl", org],
      ["POST", "/api/v1/dns/domains", { credential_id: credential, domain_name: "other.example.com" }, "zone_id", org],
      ["PATCH", `/api/v1/dns/domains/${domain}`, {}, "zone_id", org],
      ["POST", "/api/v1/admin/worker/jobs", { type: "dns.sweep", queue: "dns", payload: {} }, "run_at", admin.bearer],
      ["POST", "/api/v1/servers", { private_ip_address: "10.0.0.1", ssh_user: "ubuntu", ssh_key_id: "00000000-0000-4000-8000-000000000000", role: "worker" }, "hostname", org],
      ["POST", "/api/v1/clusters", { name: "c" }, "region", org],
      ["POST", "/api/v1/labels", { key: "k" }, "value", org],
      ["POST", "/api/v1/ssh", { name: "k", type: "ed25519" }, "comment", org],
      ["POST", "/api/v1/load-balancers", { name: "lb", kind: "public" }, "private_ip_address", org],
      ["POST", "/api/v1/credentials", route53CredentialBody({ access_key_id: "AKIANULL", secret_access_key: "s" }), "name", org],
      ["POST", "/api/v1/me/api-keys", { name: "k" }, "expires_in_hours", alice.bearer],
    ];
    for (const [method, path, body, field, headers] of cases) {
      const res = await stack.http.request(method, path, { headers, body: { ...body, [field]: null } });
      assert.equal(res.status, 400, `${method} ${path} with ${field}: null answered ${res.status}: ${res.text.slice(0, 200)}`);
    }
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("the system is still healthy afterwards", async () => {
    assert.equal((await stack.http.get("/api/v1/healthz")).status, 200);
    assert.equal((await stack.http.get("/api/v1/labels", { headers: orgHeaders(alice, orgId) })).status, 200);
  });
});
