import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { z } from "zod";
import type { OrgScope } from "../../shared/context.ts";
import { accessOf, action, ORG_MANAGERS, ORG_ROUTE } from "../../shared/contracts/action.ts";
import { AccessMiddleware } from "../../shared/middlewares/access.ts";
import { defineAction } from "../../shared/validation.ts";

const Out = z.object({ org: z.string(), role: z.string().nullable() });

const READ = action({ name: "t.read", visibility: "published", output: Out, http: { method: "GET", path: "/t", ...ORG_ROUTE } });
const WRITE = action({ name: "t.write", visibility: "published", output: Out, http: { method: "POST", path: "/t", ...ORG_ROUTE } });
const REMOVE = action({ name: "t.remove", visibility: "published", output: Out, http: { method: "DELETE", path: "/t/:id", ...ORG_ROUTE } });
// a read sent as a POST keeps what every member may do by saying so
const SEARCH = action({ name: "t.search", visibility: "published", output: Out, access: "orgScoped", http: { method: "POST", path: "/t/search", ...ORG_ROUTE } });

/** The handler reads what the rule established: `ctx.locals.org` is typed on every [org] route, whatever its method. */
const echo = (ctx: { locals: { org: OrgScope } }) => ({ org: ctx.locals.org.id, role: ctx.locals.org.role ?? null });

describe("the default rule of an [org] route follows its method", () => {
  const broker = new ServiceBroker({ logger: false, middlewares: [AccessMiddleware] });
  beforeAll(async () => {
    broker.createService({
      name: "t",
      actions: {
        read: defineAction(READ, (ctx) => echo(ctx)),
        write: defineAction(WRITE, (ctx) => echo(ctx)),
        remove: defineAction(REMOVE, (ctx) => echo(ctx)),
        search: defineAction(SEARCH, (ctx) => echo(ctx)),
      },
    });
    await broker.start();
  });
  afterAll(() => broker.stop());

  const as = (org: OrgScope | undefined) => ({ meta: { client_ip: "203.0.113.9", ...(org ? { org } : {}) } });

  it("accessOf: GET → orgScoped, any other method → owners and admins, a declared rule stays", () => {
    assert.equal(accessOf(READ), "orgScoped");
    assert.deepEqual(accessOf(WRITE), ORG_MANAGERS);
    assert.deepEqual(accessOf(REMOVE), { orgRoles: ["owner", "admin"] });
    assert.equal(accessOf(SEARCH), "orgScoped");
    assert.equal(accessOf({ http: { method: "PATCH", path: "/u", auth: "user", errors: "json" } }), "user");
  });

  it("a plain member reads, and is refused every write with 403 forbidden", async () => {
    const member = { id: "o1", role: "member" } as const;
    assert.deepEqual(await broker.call("t.read", {}, as(member)), { org: "o1", role: "member" });
    for (const name of ["t.write", "t.remove"]) await assert.rejects(broker.call(name, {}, as(member)), { code: 403, type: "forbidden", message: "forbidden" });
    assert.deepEqual(await broker.call("t.search", {}, as(member)), { org: "o1", role: "member" });
  });

  it("owners, admins and org keys (no role: they act as the organization) write", async () => {
    for (const org of [{ id: "o1", role: "owner" }, { id: "o1", role: "admin" }, { id: "o1" }] as const) {
      for (const name of ["t.read", "t.write", "t.remove"]) assert.deepEqual(await broker.call(name, {}, as(org)), { org: "o1", role: "role" in org ? org.role : null });
    }
  });

  it("without an organization every [org] rule is 403 organization required", async () => {
    for (const name of ["t.read", "t.write", "t.search"]) await assert.rejects(broker.call(name, {}, as(undefined)), { code: 403, type: "organization_required" });
  });
});
