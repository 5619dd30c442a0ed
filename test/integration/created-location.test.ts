import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { ROUTES, type RouteDef } from "../../services/api/routes.ts";
import { createFixtures, fixtureAction, fixtureIds } from "../helpers/fixtures.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { BODIES, pathFor, pathParams, routeKey } from "../helpers/route-cases.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Every 201 answers `Location`: the URL of the object it created, which the API serves (GET
 * answers that object where the object has a GET route). No create logs moleculer-web's
 * "ctx.meta.$location is missing" warning.
 */
describe("201 Created answers the new object's Location", () => {
  let stack: Stack;
  let tenant: Tenant;
  let admin: SignedIn;
  let ids: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack({ services: [...SERVICE_NAMES], env: { JOBS_WORKER_ENABLED: "false" } });
    tenant = await newTenant(stack, "Location Inc");
    ids = fixtureIds(await createFixtures(tenant.http, { action: await fixtureAction(stack) }));
    admin = await signIn(stack.broker, undefined, { admin: true });
    // the fixtures' run holds its cluster (one run at a time): canceled, the cluster takes a new one
    const canceled = await tenant.http.post(`/api/v1/clusters/${ids.cluster}/runs/${ids.run}/cancel`, {});
    assert.equal(canceled.status, 200, canceled.text);
  });
  afterAll(() => stack.stop());

  interface Call {
    url: string;
    /** The path params of the call. */
    params: Record<string, string>;
    body: Record<string, unknown>;
    headers: Record<string, string>;
  }

  /** A valid call to a creating route. */
  function callOf(route: RouteDef): Call {
    switch (routeKey(route)) {
      case "POST /orgs":
        return { url: "/api/v1/orgs", params: {}, body: { name: "Another" }, headers: tenant.user.bearer };
      case "POST /orgs/:id/api-keys":
        return { url: `/api/v1/orgs/${tenant.orgId}/api-keys`, params: { id: tenant.orgId }, body: { name: "ci" }, headers: tenant.user.bearer };
      case "POST /me/api-keys":
        return { url: "/api/v1/me/api-keys", params: {}, body: { name: "laptop" }, headers: tenant.user.bearer };
      case "POST /admin/actions":
        return { url: "/api/v1/admin/actions", params: {}, body: { label: "Upgrade", make_target: "upgrade" }, headers: admin.bearer };
    }
    const bodyCase = BODIES[routeKey(route)];
    assert.ok(bodyCase, `${routeKey(route)}: no body in BODIES`);
    const params = Object.fromEntries(pathParams(route).map((p) => [p.param, ids[p.kind]!]));
    return { url: pathFor(route, params), params, body: bodyCase.body((kind) => ids[kind]!), headers: tenant.h };
  }

  it("on every creating route, Location names the new object and GET there answers it", async () => {
    const creating = ROUTES.filter((r) => r.status === 201);
    assert.ok(creating.length > 10);
    for (const route of creating) {
      const call = callOf(route);
      const res = await stack.http.post(call.url, call.body, { headers: call.headers });
      assert.equal(res.status, 201, `${routeKey(route)}: ${res.text.slice(0, 200)}`);
      const id = (res.json as { id: string }).id;
      const location = res.headers.get("location") ?? "";
      const expected = `/api/v1${route.location}`.replace(/:(\w+)/g, (_m, name: string) => call.params[name] ?? id);
      assert.equal(location, expected, routeKey(route));
      if (ROUTES.some((r) => r.method === "GET" && r.path === route.location)) {
        const got = await stack.http.get(location, { headers: call.headers });
        assert.equal(got.status, 200, `GET ${location}: ${got.text.slice(0, 200)}`);
        assert.equal((got.json as { id: string }).id, id);
      }
    }
    assert.deepEqual(
      stack.logs.filter((l) => l.includes("$location")),
      [],
    );
  });
});
