import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { createdLocation } from "../../services/api/http.ts";
import { ROUTES } from "../../services/api/routes.ts";

describe("route table", () => {
  it("every 201 route names where its new object lives, a route of the table addressing one object", () => {
    const created = ROUTES.filter((r) => r.status === 201);
    assert.ok(created.length > 10);
    for (const route of created) {
      assert.ok(route.location, `${route.method} ${route.path} has no location`);
      const served = ROUTES.filter((r) => r.path === route.location).map((r) => r.method);
      assert.ok(served.includes("GET") || served.includes("DELETE"), `${route.method} ${route.path}: no route at ${route.location}`);
      const own = route.location.match(/:\w+/g)?.filter((p) => !route.path.includes(p)) ?? [];
      assert.equal(own.length, 1, `${route.location}: exactly one parameter must be the new object's id`);
    }
  });

  it("a Location takes the request's path params and the answer's id, never an id from the body", () => {
    const id = "0190a2b4-0000-7000-8000-000000000001";
    const org = "0190a2b4-0000-7000-8000-0000000000aa";
    assert.equal(createdLocation({ path: "/labels", location: "/labels/:id" }, { id: "from-body" }, { id }), `/api/v1/labels/${id}`);
    assert.equal(createdLocation({ path: "/orgs/:id/api-keys", location: "/orgs/:id/api-keys/:key_id" }, { id: org }, { id }), `/api/v1/orgs/${org}/api-keys/${id}`);
    assert.equal(createdLocation({ path: "/dns/domains/:domain_id/records", location: "/dns/records/:id" }, { domain_id: org }, { id }), `/api/v1/dns/records/${id}`);
    assert.equal(createdLocation({ path: "/labels" }, {}, { id }), undefined);
    assert.equal(createdLocation({ path: "/labels", location: "/labels/:id" }, {}, null), undefined);
  });
});
