import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { randomBytes } from "node:crypto";
import { startStack, type Stack } from "../helpers/stack.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";

describe("organizations: create, list, get, membership", () => {
  let stack: Stack;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs"] });
    alice = await signIn(stack.broker);
    bob = await signIn(stack.broker);
  });
  afterAll(() => stack.stop());

  it("creates an organization (201) with the creator as owner", async () => {
    const domain = `acme-${randomBytes(3).toString("hex")}.example`;
    const res = await stack.http.post("/api/v1/orgs", { name: "Acme", domain: domain.toUpperCase() }, { headers: alice.bearer });
    assert.equal(res.status, 201);
    const org = res.json as Record<string, string>;
    assert.deepEqual(Object.keys(org).sort(), ["created_at", "domain", "id", "name", "updated_at"]);
    assert.equal(org.name, "Acme");
    assert.equal(org.domain, domain);
    assert.match(org.created_at!, /Z$/);
    assert.deepEqual(await stack.broker.call("orgs.membership", { organization_id: org.id, user_id: alice.user_id }), { role: "owner" });
    assert.equal(await stack.broker.call("orgs.membership", { organization_id: org.id, user_id: bob.user_id }), null);
  });

  it("a domain used by another organization is 409 conflict", async () => {
    const domain = `dup-${randomBytes(3).toString("hex")}.example`;
    assert.equal((await stack.http.post("/api/v1/orgs", { name: "One", domain }, { headers: alice.bearer })).status, 201);
    const res = await stack.http.post("/api/v1/orgs", { name: "Two", domain }, { headers: bob.bearer });
    assert.equal(res.status, 409);
    assert.deepEqual(res.json, { code: "conflict", message: "domain already used by another organization" });
    // two organizations without a domain do not collide
    assert.equal((await stack.http.post("/api/v1/orgs", { name: "NoDomain1" }, { headers: bob.bearer })).status, 201);
    assert.equal((await stack.http.post("/api/v1/orgs", { name: "NoDomain2", domain: "" }, { headers: bob.bearer })).status, 201);
  });

  it("lists only the caller's organizations, newest first", async () => {
    const a = (await stack.http.get("/api/v1/orgs", { headers: alice.bearer })).json as { name: string }[];
    const b = (await stack.http.get("/api/v1/orgs", { headers: bob.bearer })).json as { name: string }[];
    assert.deepEqual(
      a.map((o) => o.name),
      ["One", "Acme"],
    );
    assert.deepEqual(
      b.map((o) => o.name),
      ["NoDomain2", "NoDomain1"],
    );
  });

  it("GET /orgs/{id} is 404 for a non-member, 400 for a malformed id", async () => {
    const [org] = (await stack.http.get("/api/v1/orgs", { headers: alice.bearer })).json as { id: string }[];
    assert.equal((await stack.http.get(`/api/v1/orgs/${org!.id}`, { headers: alice.bearer })).status, 200);
    const other = await stack.http.get(`/api/v1/orgs/${org!.id}`, { headers: bob.bearer });
    assert.equal(other.status, 404);
    assert.deepEqual(other.json, { code: "not_found", message: "organization not found" });
    const bad = await stack.http.get("/api/v1/orgs/not-a-uuid", { headers: alice.bearer });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json, { code: "invalid_id", message: "invalid id" });
  });

  it("validates the body: missing name, bad domain, wrong types, not an object", async () => {
    const cases: [unknown, string][] = [
      [{}, "validation_error"],
      [{ name: "  " }, "validation_error"],
      [{ name: "x", domain: "not a domain" }, "validation_error"],
      [{ name: { $gt: "" } }, "validation_error"],
      [[{ name: "x" }], "invalid_json"],
    ];
    for (const [body, code] of cases) {
      const res = await stack.http.post("/api/v1/orgs", body, { headers: alice.bearer });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal((res.json as { code: string }).code, code, JSON.stringify(body));
    }
  });

  it("requires a bearer token (401 in the JSON error form)", async () => {
    const res = await stack.http.get("/api/v1/orgs");
    assert.equal(res.status, 401);
    assert.deepEqual(res.json, { code: "unauthorized", message: "unauthorized" });
    const garbage = await stack.http.get("/api/v1/orgs", { headers: { authorization: "Bearer a.b.c" } });
    assert.equal(garbage.status, 401);
  });

  it("joins users to organizations of their e-mail domain, once", async () => {
    const domain = `join-${randomBytes(3).toString("hex")}.example`;
    const res = await stack.http.post("/api/v1/orgs", { name: "Joinable", domain }, { headers: alice.bearer });
    const orgId = (res.json as { id: string }).id;
    const carol = await signIn(stack.broker, `carol@${domain}`);
    const first = await stack.broker.call("orgs.joinByEmailDomain", { user_id: carol.user_id, emails: [carol.email] });
    const again = await stack.broker.call("orgs.joinByEmailDomain", { user_id: carol.user_id, emails: [carol.email] });
    assert.deepEqual(first, { joined: [orgId] });
    assert.deepEqual(again, { joined: [] });
    assert.deepEqual(await stack.broker.call("orgs.membership", { organization_id: orgId, user_id: carol.user_id }), { role: "member" });
  });
});
