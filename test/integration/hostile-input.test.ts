import { strict as assert } from "node:assert";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
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

/** An array nested `depth` levels deep (900 KB at 450,000: the size the finding used). */
function deepArray(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** The exact refusal a route answers in its error style. */
function refusal(route: RouteDef, code: string, message: string): { contentType: string; text: string } {
  return route.errors === "json"
    ? { contentType: "application/json; charset=utf-8", text: JSON.stringify({ code, message }) }
    : { contentType: "text/plain; charset=utf-8", text: message };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a request over a raw socket: the head, then `body` (which may stop short of the
 * Content-Length the head declares); resolves with the answer as soon as it is complete, the
 * socket left open (the caller destroys it). Fails after `timeoutMs` without an answer.
 */
function rawRequest(baseUrl: string, head: string, body: string, timeoutMs = 15_000): Promise<RawAnswer & { socket: Socket }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head + body));
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${head.split("\r\n")[0]}`));
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return;
      const lines = data.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const length = Number(headers["content-length"] ?? 0);
      if (data.length - end - 4 < length) return;
      clearTimeout(timer);
      resolve({ status: Number(lines[0]!.split(" ")[1]), headers, body: data.subarray(end + 4, end + 4 + length).toString(), socket });
    });
    socket.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

interface BodySchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}
interface Doc {
  paths: Record<string, Record<string, { requestBody?: { content: { "application/json": { schema: BodySchema } } } }>>;
  components: { schemas: Record<string, BodySchema> };
}

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

  function bodySchema(route: RouteDef) {
    const op = doc.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.[route.method.toLowerCase()];
    const body = op?.requestBody?.content["application/json"].schema;
    // a documented body is named under components/schemas (the DNS bodies)
    return body?.$ref ? doc.components.schemas[body.$ref.replace("#/components/schemas/", "")] : body;
  }
  function bodyFields(route: RouteDef): string[] {
    return Object.keys(bodySchema(route)?.properties ?? {});
  }
  /** A POST whose body has fields but none required (`POST /me/api-keys`: a key may be unnamed): `{}` is a valid request, which creates. */
  function createsFromEmptyBody(route: RouteDef): boolean {
    const schema = bodySchema(route);
    return route.method === "POST" && bodyFields(route).length > 0 && (schema?.required ?? []).length === 0 && !route.path.includes(":");
  }

  /**
   * Everything the organization and the user can list, to prove nothing changed. The periodic
   * jobs the scheduler enqueues on its own (sweeps, cleanups) are left out of the job views, and
   * so are the views of the scheduler and the clock (queues, periodic runs, the last hour's minutes).
   */
  async function snapshot(): Promise<string> {
    const periodic = new Set<string>(PERIODIC_JOBS.map((p) => p.type));
    const clockViews = new Set(["/admin/worker/queues", "/admin/worker/periodic", "/admin/worker/stats"]);
    const lists = ROUTES.filter((r) => r.method === "GET" && !r.path.includes(":") && r.auth !== "none" && !clockViews.has(r.path));
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

  beforeAll(async () => {
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
  afterAll(() => stack.stop());

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
        // pollution keys are dropped: on a route where `{}` is a valid create, what is left creates (Object.prototype is checked below)
        if (createsFromEmptyBody(route) && (what === "__proto__ only" || what === "constructor.prototype")) continue;
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
    const ids = fc.oneof(
      oddStrings.filter((s) => s.length > 0 && wellFormed(s)),
      fc.constantFrom("not-a-uuid", "00000000-0000-0000-0000-000000000000", "%2e%2e", "$gt", "{}", "null"),
      fc.uuid(),
    );
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
      fc.constantFrom(
        "status=a&status=b",
        "q[$regex]=.*",
        "q=.*",
        "q=(",
        "q=%00",
        "page=-1",
        "page_size=100000",
        "key[$ne]=x",
        "include=__proto__",
        "__proto__[x]=1",
        "constructor[prototype][x]=1",
      ),
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
      fc.constantFrom(
        "Bearer",
        "Bearer ",
        "Bearer a.b.c",
        "Basic YTpi",
        "u_",
        "org_",
        "orgsec_",
        "00000000-0000-0000-0000-000000000000",
        "null",
        "undefined",
        "[object Object]",
        "%00",
        "$gt",
      ),
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
            if (route.method === "POST" && Object.keys(hostile).some((h) => h !== "x-org-id" || route.auth === "org"))
              assert.ok(res.status >= 400, `${route.path} accepted ${JSON.stringify(hostile).slice(0, 200)}`);
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
      ["brotli that is not brotli (a format error)", { "content-encoding": "br" }, "definitely not brotli", 400, "invalid json"],
      ["bytes that are not UTF-8", {}, Buffer.from('{"key":"x","value":"\xff\xfe"}', "latin1"), 400, "invalid json"],
      ["a surrogate encoded as UTF-8 bytes", {}, Buffer.from([...Buffer.from('{"key":"x","value":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]), 400, "invalid json"],
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

  it("an anonymous caller's body is never read (401 while it is still arriving); signed in, 450,000-deep JSON is 400 invalid json; healthz answers meanwhile", async () => {
    const deep = deepArray(450_000);
    const guarded = ROUTES.filter((r) => r.auth !== "none" && (r.method === "POST" || r.method === "PATCH"));
    const host = new URL(stack.baseUrl).host;
    const head = (route: RouteDef, headers: Record<string, string>) =>
      [
        `${route.method} ${pathWith(route, "00000000-0000-4000-8000-000000000000")} HTTP/1.1`,
        `Host: ${host}`,
        "Content-Type: application/json",
        `Content-Length: ${deep.length}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        "",
        "",
      ].join("\r\n");
    // each declares the whole 900 KB and sends its first KB: a 401 cannot have waited for the body
    const anonymous = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guarded[i % guarded.length]!).map(async (route) => ({
        route,
        ...(await rawRequest(stack.baseUrl, head(route, {}), deep.slice(0, 1024))),
      })),
    );
    try {
      for (const a of anonymous) {
        const expected = refusal(a.route, "unauthorized", "unauthorized");
        assert.equal(a.status, 401, `${a.route.method} ${a.route.path}: ${a.status} ${a.body.slice(0, 100)}`);
        assert.deepEqual([a.headers["content-type"], a.body], [expected.contentType, expected.text], `${a.route.method} ${a.route.path}`);
      }
      // while those 20 bodies are unfinished: the same body in full from signed-in callers, and healthz
      const [health, ...signedIn] = await Promise.all([
        stack.http.get("/api/v1/healthz"),
        ...guarded.slice(0, 20).map(async (route) => {
          const answer = await rawRequest(stack.baseUrl, head(route, headersFor(route)), deep);
          answer.socket.destroy();
          return { route, ...answer };
        }),
      ]);
      assert.equal(health.status, 200);
      for (const a of signedIn) {
        const expected = refusal(a.route, "invalid_json", "invalid json");
        assert.equal(a.status, 400, `${a.route.method} ${a.route.path}: ${a.status} ${a.body.slice(0, 100)}`);
        assert.deepEqual([a.headers["content-type"], a.body], [expected.contentType, expected.text], `${a.route.method} ${a.route.path}`);
      }
    } finally {
      for (const a of anonymous) a.socket.destroy();
    }
  });

  it("JSON deeper than 64 levels or with over 10,000 members in one object or array is 400 invalid json on every writing route; 64 levels and 10,000 members are read", async () => {
    const before = await snapshot();
    const many = (n: number) => Array.from({ length: n }, (_, i) => i);
    const payloads: [string, string][] = [
      ["a 900 KB array 450,000 levels deep", deepArray(450_000)],
      ["a field 65 levels deep", `{"name":${deepArray(64)},"key":"k"}`],
      ["an object with 10,001 keys", JSON.stringify(Object.fromEntries(many(10_001).map((i) => [`k${i}`, "v"])))],
      ["fields with 10,001 items", JSON.stringify({ server_ids: many(10_001).map(String), values: many(10_001) })],
    ];
    for (const route of ROUTES.filter((r) => r.method === "POST" || r.method === "PATCH")) {
      const expected = refusal(route, "invalid_json", "invalid json");
      for (const [what, raw] of payloads) {
        const res = await stack.http.request(route.method, pathWith(route, "00000000-0000-4000-8000-000000000000"), {
          headers: { ...headersFor(route), "content-type": "application/json" },
          body: raw,
          raw: true,
        });
        assert.deepEqual([res.status, res.contentType, res.text], [400, expected.contentType, expected.text], `${route.method} ${route.path} with ${what}`);
        assert.equal(res.headers.get("x-error-code"), "invalid_json");
      }
    }
    // at the limits the body is read: an unknown label is 404, not invalid json
    const label = "/api/v1/labels/00000000-0000-4000-8000-000000000000";
    for (const extra of [deepArray(63), JSON.stringify(many(10_000))]) {
      const res = await stack.http.request("PATCH", label, { headers: orgHeaders(alice, orgId), body: `{"value":"v","extra":${extra}}`, raw: true });
      assert.deepEqual([res.status, res.text], [404, "label not found"]);
    }
    assert.equal(await snapshot(), before, "nothing stored changed");
  });

  it("a lone surrogate in any string of a body, value or key, is 400 invalid json on every writing route; surrogate pairs are stored as sent", async () => {
    const before = await snapshot();
    for (const route of ROUTES.filter((r) => (r.method === "POST" || r.method === "PATCH") && bodyFields(r).length > 0)) {
      const fields = bodyFields(route);
      const expected = refusal(route, "invalid_json", "invalid json");
      const bodies = [
        `{${fields.map((f) => `"${f}":"A\\ud800B"`).join(",")}}`,
        `{"${fields[0]}":"x","\\udc00":"a lone low surrogate as a key"}`,
        `{"${fields[0]}":["ok","\\ud83d"]}`,
      ];
      for (const raw of bodies) {
        const res = await stack.http.request(route.method, pathWith(route, "00000000-0000-4000-8000-000000000000"), {
          headers: { ...headersFor(route), "content-type": "application/json" },
          body: raw,
          raw: true,
        });
        assert.deepEqual([res.status, res.contentType, res.text], [400, expected.contentType, expected.text], `${route.method} ${route.path} with ${raw}`);
      }
    }
    assert.equal(await snapshot(), before, "nothing stored changed");

    const created = await stack.http.request("POST", "/api/v1/labels", {
      headers: orgHeaders(alice, orgId),
      body: '{"key":"pair-\\ud83d\\ude00","value":"A\u{1F600}B"}',
      raw: true,
    });
    assert.equal(created.status, 201, created.text);
    const label = created.json as { id: string; key: string; value: string };
    assert.deepEqual([label.key, label.value], ["pair-\u{1F600}", "A\u{1F600}B"]);
    const stored = await stack.http.get(`/api/v1/labels/${label.id}`, { headers: orgHeaders(alice, orgId) });
    assert.deepEqual([(stored.json as typeof label).key, (stored.json as typeof label).value], ["pair-\u{1F600}", "A\u{1F600}B"]);
    assert.equal((await stack.http.delete(`/api/v1/labels/${label.id}`, { headers: orgHeaders(alice, orgId) })).status, 204);
  });

  it("a path segment that is not percent-encoded UTF-8 is 400 bad request, in the route's style, on every route with a parameter", async () => {
    for (const route of ROUTES.filter((r) => r.path.includes(":"))) {
      const expected = refusal(route, "bad_request", "bad request");
      for (const bad of ["%FF%FE", "%ED%A0%80", "%C0%AF"]) {
        const res = await stack.http.request(route.method, `/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, bad)}`, {
          headers: headersFor(route),
          ...(route.method === "POST" || route.method === "PATCH" ? { body: {} } : {}),
        });
        assert.deepEqual([res.status, res.contentType, res.text], [400, expected.contentType, expected.text], `${route.method} ${route.path} with ${bad}`);
      }
    }
  });

  it("webhook URLs anywhere in IANA's special-purpose ranges (IPv4, IPv6, and IPv6 forms carrying IPv4) are refused, and nothing is created", async () => {
    const h = orgHeaders(alice, orgId);
    const before = (await stack.http.get("/api/v1/webhooks", { headers: h })).text;
    const byte = fc.integer({ min: 0, max: 255 });
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const hosts = fc.oneof(
      fc.tuple(fc.constantFrom("192.0.2", "198.51.100", "203.0.113", "192.88.99", "192.31.196", "192.175.48", "192.0.0"), byte).map(([net, b]) => `${net}.${b}`),
      fc.tuple(fc.integer({ min: 240, max: 255 }), byte, byte, byte).map((b) => b.join(".")),
      fc
        .tuple(fc.constantFrom("2001:db8", "fec0:0", "feff:0", "2001:2", "2001:10", "3fff:0", "5f00:0", "fc00:0", "fe80:0", "ff02:0"), group, group)
        .map(([p, a, b]) => `[${p}:${a}::${b}]`),
      fc.tuple(group, group).map(([a, b]) => `[100::${a}:${b}]`),
      byte.map((a) => `[::ffff:203.0.113.${a}]`),
      byte.map((a) => `[64:ff9b::192.0.2.${a}]`),
    );
    await fc.assert(
      fc.asyncProperty(hosts, fc.constantFrom("http", "https"), async (host, scheme) => {
        const res = await stack.http.post("/api/v1/webhooks", { url: `${scheme}://${host}/hook`, events: ["*"] }, { headers: h });
        assert.deepEqual([res.status, res.text], [400, "url not allowed: endpoint resolves to a private or reserved address (not allowed)"], host);
      }),
      { numRuns: 60 },
    );
    assert.equal((await stack.http.get("/api/v1/webhooks", { headers: h })).text, before);
  });

  it("hostile credentials on the event stream never open one; past the caller's cap a valid one is 429 in plain text with Retry-After", async () => {
    const junk = fc.oneof(
      fc.record({ "x-api-key": fc.string({ minLength: 8, maxLength: 60 }).filter((s) => /^[\x21-\x7e]+$/.test(s)), "x-org-id": fc.constant(orgId) }),
      fc.record({
        "x-org-key": fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
        "x-org-secret": fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
      }),
      fc
        .string({ minLength: 1, maxLength: 80 })
        .filter((s) => /^[\x21-\x7e]+$/.test(s))
        .map((t) => ({ authorization: `Bearer ${t}`, "x-org-id": orgId })),
    );
    await fc.assert(
      fc.asyncProperty(junk, async (headers) => {
        const res = await fetch(`${stack.baseUrl}/api/v1/events`, { headers });
        assert.ok(res.status === 401 || res.status === 403, `${res.status} for ${JSON.stringify(headers)}`);
        assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
        await res.text();
      }),
      { numRuns: 40 },
    );
    const open: AbortController[] = [];
    try {
      for (;;) {
        const abort = new AbortController();
        const res = await fetch(`${stack.baseUrl}/api/v1/events`, { headers: orgHeaders(alice, orgId), signal: abort.signal });
        if (res.status === 200) {
          open.push(abort);
          assert.ok(open.length <= 10, "the default cap per caller is 10");
          continue;
        }
        assert.deepEqual([res.status, res.headers.get("retry-after"), await res.text()], [429, "30", "too many open event streams for this caller (at most 10)"]);
        break;
      }
      assert.equal(open.length, 10);
    } finally {
      for (const a of open) a.abort();
    }
  });

  it("the system is still healthy afterwards", async () => {
    assert.equal((await stack.http.get("/api/v1/healthz")).status, 200);
    assert.equal((await stack.http.get("/api/v1/labels", { headers: orgHeaders(alice, orgId) })).status, 200);
  });
});
