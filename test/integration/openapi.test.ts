import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Service } from "moleculer";
import { z } from "zod";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { CreateDomainRequest, CreateRecordSetRequest, UpdateDomainRequest, UpdateRecordSetRequest } from "../../shared/contracts/dns.ts";
import { contractOf, ROUTES } from "../../services/api/routes.ts";
import { ConsoleBrowser } from "../helpers/console-browser.ts";
import { waitUntil } from "../helpers/processes.ts";
import { ResponseValidator } from "../helpers/openapi-validator.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

type Json = Record<string, unknown>;
// a type alias, not an interface: the validator takes the document as a record with an index signature
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        security?: unknown[];
        parameters?: { name: string; in: string }[];
        description?: string;
        requestBody?: { required?: boolean; description?: string; content: Record<string, { schema: Json }> };
        responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
      }
    >
  >;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
};

describe("OpenAPI document and docs page", () => {
  let stack: Stack;
  let doc: Doc;
  beforeAll(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false" } });
    const res = await stack.http.get("/api/v1/openapi.json");
    assert.equal(res.status, 200);
    doc = res.json as Doc;
  });
  afterAll(() => stack.stop());

  it("is a valid OpenAPI 3.1 document", async () => {
    assert.equal(doc.openapi, "3.1.0");
    const result = await new Validator().validate(doc);
    assert.deepEqual(result, { valid: true });
  });

  it("gives every operation its own operationId (generated clients name their functions after them)", () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => (op as { operationId?: string }).operationId));
    assert.ok(ids.every((id) => typeof id === "string" && id.length > 0));
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
      "duplicate operationIds",
    );
    assert.equal((doc.paths["/.well-known/jwks.json"]?.get as { operationId?: string } | undefined)?.operationId, "getWellKnownJwksJsonAtRoot");
  });

  it("documents exactly the routes the gateway serves, and nothing else", () => {
    const api = stack.broker.getLocalService("api") as Service & { aliases: { method: string; fullPath: string }[] };
    const served = new Set(api.aliases.map((a) => `${a.method} ${a.fullPath.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`));
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)));
    const missing = [...served].filter((r) => !documented.has(r));
    const extra = [...documented].filter((r) => !served.has(r));
    assert.deepEqual(missing, [], "served but not documented");
    assert.deepEqual(extra, [], "documented but not served");
    assert.ok(served.size >= ROUTES.length, "every route table entry is served");
  });

  it("declares the four security schemes of the spec and X-Org-ID on [org] routes", () => {
    assert.deepEqual(
      Object.fromEntries(Object.entries(doc.components.securitySchemes).map(([k, v]) => [k, v.type === "http" ? `http:${v.scheme}` : `${v.type}:${v.in}:${v.name}`])),
      {
        BearerAuth: "http:bearer",
        ApiKeyAuth: "apiKey:header:X-API-KEY",
        OrgKeyAuth: "apiKey:header:X-ORG-KEY",
        OrgSecretAuth: "apiKey:header:X-ORG-SECRET",
      },
    );
    for (const route of ROUTES.filter((r) => r.auth === "org")) {
      const op = doc.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.[route.method.toLowerCase()];
      assert.ok(
        op?.parameters?.some((p) => p.in === "header" && p.name === "X-Org-ID"),
        `${route.method} ${route.path}`,
      );
      assert.ok(op?.responses["403"], `${route.method} ${route.path} documents 403`);
    }
  });

  it("declares the bearer token as HTTP bearer, so clients and the docs page add `Bearer ` themselves", () => {
    assert.equal(doc.components.securitySchemes.BearerAuth?.type, "http");
    assert.equal(doc.components.securitySchemes.BearerAuth?.scheme, "bearer");
    // no scheme asks for the raw Authorization header (a user would have to type "Bearer " into it)
    assert.deepEqual(
      Object.values(doc.components.securitySchemes).filter((v) => v.type === "apiKey" && v.name?.toLowerCase() === "authorization"),
      [],
    );
  });

  it("summarizes every operation in words: the contract description's first sentence, never the action name", () => {
    for (const route of ROUTES) {
      const op = doc.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.[route.method.toLowerCase()];
      const summary = op?.summary ?? "";
      const where = `${route.method} ${route.path}: ${JSON.stringify(summary)}`;
      assert.notEqual(summary, route.action, where);
      assert.ok(!/^[a-z]+\.[A-Za-z]+$/.test(summary), where);
      assert.match(summary, /^[A-Z][^\n]* [^\n]*[^.]$/, where); // a capitalised phrase of several words, no full stop
      const description = contractOf(route.action)?.description ?? "";
      assert.ok(description.startsWith(summary), `${where} is the start of the description ${JSON.stringify(description)}`);
    }
    const at = (method: string, path: string) => doc.paths[`/api/v1${path}`]?.[method]?.summary;
    assert.equal(at("post", "/dns/domains"), "Add a domain hosted by a DNS-hosting credential; reconciled asynchronously");
    assert.equal(at("delete", "/servers/{id}"), "Delete a server");
  });

  it("documents the DNS request bodies by their zod-derived schemas, not as free objects", () => {
    const cases: [string, string, string, z.ZodType][] = [
      ["post", "/dns/domains", "CreateDomainRequest", CreateDomainRequest],
      ["patch", "/dns/domains/{id}", "UpdateDomainRequest", UpdateDomainRequest],
      ["post", "/dns/domains/{domain_id}/records", "CreateRecordSetRequest", CreateRecordSetRequest],
      ["patch", "/dns/records/{id}", "UpdateRecordSetRequest", UpdateRecordSetRequest],
    ];
    for (const [method, path, name, schema] of cases) {
      const body = doc.paths[`/api/v1${path}`]?.[method]?.requestBody?.content["application/json"]?.schema;
      assert.deepEqual(body, { $ref: `#/components/schemas/${name}` }, `${method} ${path}`);
      const { $schema: _drop, ...expected } = z.toJSONSchema(schema, { io: "input" }) as Json;
      assert.deepEqual(doc.components.schemas[name], expected, name);
      const props = (doc.components.schemas[name]?.properties ?? {}) as Record<string, Json>;
      for (const [field, p] of Object.entries(props)) assert.ok(typeof p.type === "string", `${name}.${field} has a type: ${JSON.stringify(p)}`);
    }
    const create = doc.components.schemas.CreateRecordSetRequest as { required: string[]; properties: Record<string, Json> };
    assert.deepEqual(create.required, ["name", "type", "values"]);
    assert.deepEqual(create.properties.ttl, { description: "seconds; 300 when omitted", type: "integer", minimum: 1, maximum: 86400 });
    assert.deepEqual((create.properties.type as { enum: string[] }).enum, ["A", "AAAA", "CNAME", "TXT", "MX", "NS", "SRV", "CAA"]);
    assert.deepEqual((doc.components.schemas.CreateDomainRequest as { required: string[] }).required, ["credential_id", "domain_name"]);
  });

  it("a route that takes nothing but its path (pause, resume, cancel, retry) documents its body as optional; pause and resume document their 404 and 400", () => {
    for (const path of ["/admin/worker/queues/{name}/pause", "/admin/worker/queues/{name}/resume", "/admin/worker/jobs/{id}/cancel", "/admin/worker/jobs/{id}/retry"]) {
      const body = doc.paths[`/api/v1${path}`]?.post?.requestBody;
      assert.equal(body?.required, false, path);
      assert.equal(body?.description, "nothing: leave the body out, or send `{}`", path);
      assert.deepEqual(body?.content["application/json"]?.schema.properties, {}, path);
    }
    assert.equal(doc.paths["/api/v1/admin/worker/jobs"]?.post?.requestBody?.required, true, "a body with fields stays required");
    for (const op of ["pause", "resume"]) {
      const operation = doc.paths[`/api/v1/admin/worker/queues/{name}/${op}`]?.post;
      assert.equal(operation?.responses["404"]?.description, "`queue not found`: no job type uses the queue, no job is in it and it is not paused");
      assert.equal(operation?.responses["400"]?.description, "`invalid queue`: the name is empty or longer than 64 characters");
      assert.match(operation?.description ?? "", /The queue must be known \(a job type's queue, one holding a job, or a paused one\), otherwise 404 `queue not found`; no body\./);
    }
  });

  it("documents the events: the audit log's limit (50, at most 500), the stream's Last-Event-ID and frames, and the webhook deliveries (OpenAPI 3.1 `webhooks`)", () => {
    const params = (path: string) => (doc.paths[path]!.get as unknown as { parameters: { name: string; in: string; schema: Json; description?: string }[] }).parameters;
    const limit = params("/api/v1/audit-events").find((p) => p.name === "limit");
    assert.deepEqual(limit?.schema, { type: "integer", minimum: 1, maximum: 500, default: 50 });
    assert.deepEqual(params("/api/v1/labels").find((p) => p.name === "limit")?.schema, { type: "integer", minimum: 1, maximum: 1000 });
    const stream = doc.paths["/api/v1/events"]!.get!;
    const lastEventId = params("/api/v1/events").find((p) => p.name === "Last-Event-ID");
    assert.equal(lastEventId?.in, "header");
    const ok = stream.responses["200"] as { description: string; content: Record<string, unknown> };
    assert.deepEqual(Object.keys(ok.content), ["text/event-stream"]);
    for (const part of ["event: <type>", "id: <event id>", "data: ", "heartbeat", "event: resync", "deduplicate by `id`"]) assert.ok(ok.description.includes(part), part);
    const hooks = (
      doc as unknown as { webhooks: Record<string, { post: { parameters: { name: string; in: string }[]; requestBody: { content: Record<string, { schema: Json }> } } }> }
    ).webhooks;
    const delivery = hooks.event!.post;
    assert.deepEqual(
      delivery.parameters.map((p) => `${p.in} ${p.name}`),
      ["header webhook-id", "header webhook-timestamp", "header webhook-signature"],
    );
    assert.deepEqual(delivery.requestBody.content["application/json"]!.schema, { $ref: "#/components/schemas/DomainEvent" });
    const event = doc.components.schemas.DomainEvent as { required: string[] };
    assert.deepEqual([...event.required].sort(), ["actor", "data", "id", "occurred_at", "organization_id", "request_id", "resource_id", "resource_type", "type"]);
  });

  it("documents plain-text errors for [org] routes and {code, message} for /orgs, /auth and /me", () => {
    for (const route of ROUTES) {
      const op = doc.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.[route.method.toLowerCase()];
      const err = op?.responses["500"]?.content ?? {};
      const expected = route.errors === "json" ? "application/json" : "text/plain";
      assert.deepEqual(Object.keys(err), [expected], `${route.method} ${route.path}`);
    }
  });

  it("keeps the spec's field names, including glueops_load_balancer", () => {
    const text = JSON.stringify(doc);
    for (const field of ["glueops_load_balancer", "apps_load_balancer", "control_plane_record_set", "captain_domain", "bastion_server", "node_pools"]) {
      assert.ok(text.includes(`"${field}"`), field);
    }
  });

  it("the response checker rejects a body that does not match its documented schema", async () => {
    const checker = new ResponseValidator(stack.baseUrl);
    await checker.check("GET", "/api/v1/healthz", 200, "application/json", { status: "ok" }, '{"status":"ok"}');
    await assert.rejects(checker.check("GET", "/api/v1/healthz", 200, "application/json", { status: 1 }, '{"status":1}'), /does not match/);
    await assert.rejects(checker.check("GET", "/api/v1/healthz", 200, "text/plain", "ok", "ok"), /content type/);
    await assert.rejects(checker.check("GET", "/api/v1/version", 418, "text/plain", undefined, "teapot"), /not documented/);
  });

  it("serves the documentation page with local assets only", async () => {
    const page = await stack.http.get("/api/v1/docs");
    assert.equal(page.status, 200);
    assert.match(page.contentType, /^text\/html/);
    assert.ok(!/https?:\/\//.test(page.text.replace(/xmlns="[^"]+"/g, "")), "no external URLs (no CDN)");
    assert.equal((await stack.http.get("/api/v1/docs/swagger-ui-bundle.js")).status, 200);
    assert.equal((await stack.http.get("/api/v1/docs/package.json")).status, 404);
    assert.equal((await stack.http.get("/api/v1/docs/..%2F..%2Fpackage.json")).status, 404);
  });

  it("renders in a real browser (Chromium) and lists every operation, with no script error or CSP violation", async () => {
    const browser = await ConsoleBrowser.launch(stack.baseUrl);
    try {
      const { page } = await browser.openPage();
      await page.goto(`${stack.baseUrl}/api/v1/docs`);
      await page.getByText("Cluster infrastructure API").first().waitFor();
      // every operation and the webhook delivery (OpenAPI 3.1 `webhooks`)
      const operations = [...Object.values(doc.paths), ...Object.values((doc as unknown as { webhooks: Record<string, object> }).webhooks)].reduce(
        (n, item) => n + Object.keys(item).length,
        0,
      );
      // the page's CSP forbids evaluating strings: the count is read through the locator
      let rendered = 0;
      await waitUntil(`${operations} operations rendered`, async () => ((rendered = await page.locator(".opblock").count()) === operations ? true : undefined), 60_000).catch(
        (err: unknown) => {
          throw new Error(`${(err as Error).message} (${rendered} shown)`);
        },
      );
      for (const path of ["/api/v1/clusters", "/api/v1/orgs", "/api/v1/admin/worker/jobs", "/api/v1/dns/domains", "/api/v1/clusters/{clusterID}/runs/{runID}/logs"]) {
        assert.equal((await page.locator(`.opblock-summary-path[data-path="${path}"]`).count()) > 0, true, `${path} listed in the rendered page`);
      }
      await browser.closePages();
    } finally {
      await browser.close();
    }
  });
});
