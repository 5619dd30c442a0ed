import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

interface AccessLine {
  msg: string;
  mod: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  request_id: string | null;
  user_id: string | null;
  organization_id: string | null;
}

/** The gateway's access log: one JSON line per answered request, with fields an operator queries by; never a secret. */
describe("access log: structured fields per request", () => {
  let stack: Stack;
  let tenant: Tenant;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"] });
    tenant = await newTenant(stack, "Access Log Inc");
  });
  afterAll(() => stack.stop());

  const lineFor = (requestId: string) =>
    waitUntil(`the access line of ${requestId}`, async () =>
      stack.logs
        .map((l) => {
          try {
            return JSON.parse(l) as AccessLine;
          } catch {
            return undefined;
          }
        })
        .find((l) => l?.mod === "access" && l.request_id === requestId),
    );

  it("an organization request: method, route pattern, status, duration, request, user and organization", async () => {
    const created = await tenant.http.post("/api/v1/labels", { key: "env", value: "prod" });
    assert.equal(created.status, 201, created.text);
    const id = (created.json as { id: string }).id;
    const res = await tenant.http.get(`/api/v1/labels/${id}`, { headers: { "x-request-id": "access-log-1" } });
    assert.equal(res.status, 200);
    const line = await lineFor("access-log-1");
    assert.equal(line.msg, "request");
    assert.equal(line.method, "GET");
    assert.equal(line.route, "/api/v1/labels/:id", "the pattern, never the raw URL");
    assert.equal(line.status, 200);
    assert.ok(typeof line.duration_ms === "number" && line.duration_ms >= 0);
    assert.equal(line.user_id, tenant.user.user_id);
    assert.equal(line.organization_id, tenant.orgId);
    // the access line is the request's only line at info: moleculer-web's own (with the raw URL) is at debug
    const ofRequest = stack.logs.filter((l) => l.includes("access-log-1") || l.includes(`/api/v1/labels/${id}`));
    assert.deepEqual(
      ofRequest.map((l) => (JSON.parse(l) as { mod: string }).mod),
      ["access"],
      ofRequest.join("\n"),
    );
  });

  it("a refused request is logged too, with no principal; no token or header value ever is", async () => {
    const res = await stack.http.get("/api/v1/labels", { headers: { "x-request-id": "access-log-2", authorization: "Bearer not-a-real-token-value" } });
    assert.equal(res.status, 401);
    const line = await lineFor("access-log-2");
    assert.deepEqual([line.status, line.user_id, line.organization_id, line.route], [401, null, null, "/api/v1/labels"]);
    const all = stack.logs.join("\n");
    assert.ok(!all.includes("not-a-real-token-value"), "the presented token is not logged");
    assert.ok(!all.includes(tenant.user.tokens.access_token), "a valid token is not logged");
  });
});
