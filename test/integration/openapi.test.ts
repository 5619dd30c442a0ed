import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Service } from "moleculer";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { ROUTES } from "../../services/api/routes.ts";
import { ResponseValidator } from "../helpers/openapi-validator.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const run = promisify(execFile);

// a type alias, not an interface: the validator takes the document as a record with an index signature
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
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
    assert.deepEqual(Object.fromEntries(Object.entries(doc.components.securitySchemes).map(([k, v]) => [k, `${v.type}:${v.in}:${v.name}`])), {
      BearerAuth: "apiKey:header:Authorization",
      ApiKeyAuth: "apiKey:header:X-API-KEY",
      OrgKeyAuth: "apiKey:header:X-ORG-KEY",
      OrgSecretAuth: "apiKey:header:X-ORG-SECRET",
    });
    for (const route of ROUTES.filter((r) => r.auth === "org")) {
      const op = doc.paths[`/api/v1${route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`]?.[route.method.toLowerCase()];
      assert.ok(
        op?.parameters?.some((p) => p.in === "header" && p.name === "X-Org-ID"),
        `${route.method} ${route.path}`,
      );
      assert.ok(op?.responses["403"], `${route.method} ${route.path} documents 403`);
    }
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

  it("renders in headless Chromium and lists the endpoints", async () => {
    const profile = mkdtempSync(join(tmpdir(), "chromium-"));
    try {
      const { stdout } = await run(
        process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          `--user-data-dir=${profile}`,
          "--virtual-time-budget=20000",
          "--dump-dom",
          `${stack.baseUrl}/api/v1/docs`,
        ],
        { timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
      );
      assert.ok(stdout.includes("Cluster infrastructure API"), "title rendered");
      for (const path of ["/api/v1/clusters", "/api/v1/orgs", "/api/v1/admin/worker/jobs", "/api/v1/dns/domains"]) {
        assert.ok(stdout.includes(path), `${path} listed in the rendered page`);
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
