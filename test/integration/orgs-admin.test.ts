import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { AdminAuditEvent } from "../../shared/contracts/events.ts";
import type { AdminOrganization } from "../../shared/contracts/orgs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineOrgsModels } from "../../services/orgs/models.ts";
import { newTenant, signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * GET /api/v1/admin/organizations/{id} and its audit events (/audit-events): what the operator
 * console shows of an organization. The
 * data services but the audit log are not running here, so a deletion's purge jobs stay
 * unfinished (no handler), which is what an operator looks at this view for.
 */
describe("admin view of an organization (real FerretDB, real HTTP)", () => {
  let stack: Stack;
  let admin: SignedIn;
  const db = new ServiceDatabase("orgs", defineOrgsModels);

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "jobs", "events"],
      env: { MASTER_KEY: randomBytes(32).toString("base64"), JOBS_PERIODIC_ENABLED: "false", JOBS_POLL_MS: "500", JOBS_BACKOFF_BASE_MS: "60000" },
    });
    await db.open();
    admin = await signIn(stack.broker, undefined, { admin: true });
  });
  afterAll(async () => {
    await db.close();
    await stack?.stop();
  });

  const view = (id: string, headers = admin.bearer) => stack.http.get<AdminOrganization>(`/api/v1/admin/organizations/${id}`, { headers });
  const auditEvents = (id: string, query = "", headers = admin.bearer) => stack.http.get<AdminAuditEvent[]>(`/api/v1/admin/organizations/${id}/audit-events${query}`, { headers });

  it("answers 401 without a token, 403 forbidden to a member of the organization who is not an administrator, 400 invalid id, 404 organization not found, in plain text", async () => {
    const tenant = await newTenant(stack, "Refused");
    const anonymous = await stack.http.get(`/api/v1/admin/organizations/${tenant.orgId}`);
    assert.deepEqual([anonymous.status, anonymous.text], [401, "unauthorized"]);
    const owner = await view(tenant.orgId, tenant.user.bearer);
    assert.deepEqual([owner.status, owner.text, owner.headers.get("x-error-code")], [403, "forbidden", "forbidden"]);
    assert.match(owner.contentType, /^text\/plain; charset=utf-8/);
    const invalid = await view("not-a-uuid");
    assert.deepEqual([invalid.status, invalid.text], [400, "invalid id"]);
    const missing = await view(newId());
    assert.deepEqual([missing.status, missing.text, missing.headers.get("x-error-code")], [404, "organization not found", "not_found"]);
    assert.match(missing.contentType, /^text\/plain/);
  });

  it("shows the organization, its members with their e-mail and role, and its keys without any secret or hash", async () => {
    const tenant = await newTenant(stack, "Acme");
    const member = await signIn(stack.broker);
    assert.equal((await tenant.http.post(`/api/v1/orgs/${tenant.orgId}/members`, { user_id: member.user_id, role: "admin" })).status, 200);
    const key = await tenant.http.post(`/api/v1/orgs/${tenant.orgId}/api-keys`, { name: "deploys" });
    assert.equal(key.status, 201, key.text);

    const res = await view(tenant.orgId);
    assert.equal(res.status, 200, res.text);
    assert.match(res.contentType, /^application\/json/);
    const org = res.json;
    assert.deepEqual([org.id, org.name, org.domain, org.status, org.deletion], [tenant.orgId, "Acme", "", "active", null]);
    assert.match(org.created_at!, ISO_MS);
    assert.deepEqual(
      org.members.map((m) => [m.email, m.role]).sort(),
      [
        [tenant.user.email, "owner"],
        [member.email, "admin"],
      ].sort(),
    );
    assert.deepEqual(
      org.api_keys.map((k) => [k.id, k.name, k.scope, k.revoked, k.created_by]),
      [[key.json.id, "deploys", "org", false, tenant.user.user_id]],
    );
    const stored = await db.models.orgKeys.findById(key.json.id).lean();
    for (const secret of [key.json.org_key, key.json.org_secret, stored!.key_hash, stored!.secret_hash]) assert.ok(!res.text.includes(secret), "no key, secret or hash");
  });

  it("an organization's audit events for an administrator: newest first, type, resource, actor with e-mail, time; never the data; paged; refused like the view", async () => {
    const tenant = await newTenant(stack, "Audited");
    const member = await signIn(stack.broker);
    assert.equal((await tenant.http.post(`/api/v1/orgs/${tenant.orgId}/members`, { user_id: member.user_id, role: "member" })).status, 200);
    const key = await tenant.http.post(`/api/v1/orgs/${tenant.orgId}/api-keys`, { name: "ci-secret-name" });
    assert.equal(key.status, 201, key.text);

    const events = await waitUntil("the four changes in the audit log", async () => {
      const res = await auditEvents(tenant.orgId);
      assert.equal(res.status, 200, res.text);
      return res.json.length === 4 ? res : undefined;
    });
    assert.match(events.contentType, /^application\/json/);
    assert.equal(events.headers.get("link"), null, "no more pages");
    assert.deepEqual(
      events.json.map((e) => [e.type, e.resource_type, e.resource_id, e.actor.type, e.actor.id, e.actor.email, e.organization_id]),
      [
        ["org_key.created", "org_key", key.json.id, "user", tenant.user.user_id, tenant.user.email, tenant.orgId],
        ["member.created", "member", member.user_id, "user", tenant.user.user_id, tenant.user.email, tenant.orgId],
        // the owner, a member from the organization's creation
        ["member.created", "member", tenant.user.user_id, "user", tenant.user.user_id, tenant.user.email, tenant.orgId],
        ["organization.created", "organization", tenant.orgId, "user", tenant.user.user_id, tenant.user.email, tenant.orgId],
      ],
    );
    for (const e of events.json) {
      assert.match(e.occurred_at, ISO_MS);
      assert.deepEqual(Object.keys(e).sort(), ["actor", "id", "occurred_at", "organization_id", "request_id", "resource_id", "resource_type", "type"], "no data");
    }
    assert.ok(!events.text.includes("ci-secret-name") && !events.text.includes("Audited"), "the values that changed are not shown");
    // the owner's own view of the same log still has the data
    const own = await tenant.http.get<{ type: string; data: Record<string, unknown> }[]>("/api/v1/audit-events?type=org_key.created");
    assert.deepEqual(own.json[0]?.data, { name: "ci-secret-name" });

    // paged like GET /audit-events, with its filters
    const first = await auditEvents(tenant.orgId, "?limit=2");
    assert.deepEqual(
      first.json.map((e) => e.type),
      ["org_key.created", "member.created"],
    );
    const next = first.headers.get("link")?.match(/^<([^>]+)>; rel="next"$/)?.[1];
    assert.ok(next?.startsWith(`/api/v1/admin/organizations/${tenant.orgId}/audit-events?limit=2&cursor=`), String(next));
    const second = await stack.http.get<AdminAuditEvent[]>(next!, { headers: admin.bearer });
    assert.deepEqual(
      second.json.map((e) => e.type),
      ["member.created", "organization.created"],
    );
    const filtered = await auditEvents(tenant.orgId, "?type=member.*");
    assert.deepEqual(
      filtered.json.map((e) => e.resource_id),
      [member.user_id, tenant.user.user_id],
    );

    // refused as the organization view is: 401, 403 to the organization's own owner, 400, 404 for an organization that does not exist
    assert.deepEqual([(await stack.http.get(`/api/v1/admin/organizations/${tenant.orgId}/audit-events`)).status], [401]);
    const owner = await auditEvents(tenant.orgId, "", tenant.user.bearer);
    assert.deepEqual([owner.status, owner.text, owner.headers.get("x-error-code")], [403, "forbidden", "forbidden"]);
    assert.match(owner.contentType, /^text\/plain; charset=utf-8/);
    const invalid = await auditEvents("not-a-uuid");
    assert.deepEqual([invalid.status, invalid.text], [400, "invalid id"]);
    const limit = await auditEvents(tenant.orgId, "?limit=0");
    assert.deepEqual([limit.status, limit.text], [400, "invalid limit"]);
    const unknown = await auditEvents(newId());
    assert.deepEqual([unknown.status, unknown.text], [404, "organization not found"]);
  });

  it("while the organization is being deleted: status deleting and each purge with the state of its job", async () => {
    const tenant = await newTenant(stack, "Doomed");
    assert.equal((await tenant.http.delete(`/api/v1/orgs/${tenant.orgId}`)).status, 204);
    const org = await waitUntil("the purge jobs to have run once", async () => {
      const res = await view(tenant.orgId);
      assert.equal(res.status, 200, res.text);
      const purges = res.json.deletion?.purges ?? [];
      return purges.length === 6 && purges.every((p) => p.job !== null && p.job.attempts >= 1) ? res.json : undefined;
    });
    assert.equal(org.status, "deleting");
    assert.equal(org.deletion!.requested_by, tenant.user.user_id);
    assert.match(org.deletion!.requested_at, ISO_MS);
    assert.deepEqual(org.deletion!.purges.map((p) => p.type).sort(), [
      "clusters.purgeOrganization",
      "credentials.purgeOrganization",
      "dns.purgeOrganization",
      "events.purgeOrganization",
      "inventory.purgeOrganization",
      "runner.purgeOrganization",
    ]);
    for (const p of org.deletion!.purges) {
      assert.match(p.job!.run_at, ISO_MS);
      // the audit log's purge ran (events runs here); no other data service does: each of their purges waits for its next attempt with the reason
      if (p.type === "events.purgeOrganization") assert.deepEqual([p.job!.status, p.job!.last_error], ["succeeded", ""]);
      else assert.deepEqual([p.job!.status, p.job!.last_error, p.job!.max_attempts], ["retrying", `no handler available for ${p.type}`, 10], p.type);
    }
  });
});
