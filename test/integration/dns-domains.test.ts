import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";

const tenant = (stack: Stack): Promise<Tenant> => newTenant(stack, "DNS org");

const TEXT = "text/plain; charset=utf-8";

async function credential(stack: Stack, t: Tenant, body: Record<string, unknown>): Promise<string> {
  const res = await stack.http.post("/api/v1/credentials", { schema_version: 1, scope_version: 1, ...body }, { headers: t.h });
  assert.equal(res.status, 201, res.text);
  return (res.json as { id: string }).id;
}

export const ROUTE53_CRED = {
  provider: "aws",
  kind: "aws_access_key",
  scope_kind: "service",
  scope: { service: "route53" },
  secret: { access_key_id: "AKIATESTKEY0001", secret_access_key: "r53-secret-value-0001" },
};
export const POWERDNS_CRED = {
  provider: "generic",
  kind: "api_token",
  scope_kind: "service",
  scope: { service: "powerdns" },
  secret: { token: "pdns-token-0001", api_url: "http://127.0.0.1:9" },
};

function expectText(res: { status: number; contentType: string; text: string }, status: number, body: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, body);
}

describe("dns domains: endpoints, filters, validation, tenant isolation", () => {
  let stack: Stack;
  let a: Tenant;
  let b: Tenant;
  let r53: string;
  let pdns: string;
  let bCred: string;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "credentials", "dns", "clusters"] });
    a = await tenant(stack);
    b = await tenant(stack);
    r53 = await credential(stack, a, ROUTE53_CRED);
    pdns = await credential(stack, a, POWERDNS_CRED);
    bCred = await credential(stack, b, ROUTE53_CRED);
  });
  afterAll(() => stack.stop());

  it("POST creates a pending domain (201), normalised lower-case without the trailing dot", async () => {
    const res = await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "Example.COM." }, { headers: a.h });
    assert.equal(res.status, 201, res.text);
    const d = res.json as Record<string, string>;
    assert.deepEqual(Object.keys(d).sort(), ["created_at", "credential_id", "domain_name", "id", "last_error", "organization_id", "status", "updated_at", "zone_id"]);
    assert.equal(d.domain_name, "example.com");
    assert.equal(d.status, "pending");
    assert.equal(d.zone_id, "");
    assert.equal(d.last_error, "");
    assert.equal(d.organization_id, a.orgId);
    assert.equal(d.credential_id, r53);
    assert.match(d.created_at!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const got = await stack.http.get(`/api/v1/dns/domains/${d.id}`, { headers: a.h });
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, d);
  });

  it("a zone_id given on create is kept (a /hostedzone/ prefix is dropped)", async () => {
    const res = await stack.http.post("/api/v1/dns/domains", { credential_id: pdns, domain_name: "zoned.example.org", zone_id: "/hostedzone/Z0ABC" }, { headers: a.h });
    assert.equal(res.status, 201, res.text);
    assert.equal((res.json as { zone_id: string }).zone_id, "Z0ABC");
  });

  it("a duplicate domain in the organization is 409; another organization may use the name", async () => {
    expectText(await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "EXAMPLE.com" }, { headers: a.h }), 409, "domain already exists");
    const other = await stack.http.post("/api/v1/dns/domains", { credential_id: bCred, domain_name: "example.com" }, { headers: b.h });
    assert.equal(other.status, 201, other.text);
  });

  it("validates the body with exact plain-text messages", async () => {
    const cases: [unknown, string][] = [
      [{}, "missing fields: credential_id, domain_name"],
      [{ credential_id: r53 }, "missing fields: domain_name"],
      [{ credential_id: r53, domain_name: "localhost" }, "invalid domain_name"],
      [{ credential_id: r53, domain_name: "bad_name.example.com" }, "invalid domain_name"],
      [{ credential_id: r53, domain_name: "-a.example.com" }, "invalid domain_name"],
      [{ credential_id: r53, domain_name: `${"a".repeat(64)}.com` }, "invalid domain_name"],
      [{ credential_id: r53, domain_name: { $gt: "" } }, "invalid domain_name"],
      [{ credential_id: "nope", domain_name: "x.example.com" }, "invalid credential_id"],
      [{ credential_id: r53, domain_name: "x.example.com", zone_id: "z".repeat(129) }, "invalid zone_id"],
      [{ credential_id: r53, domain_name: "x.example.com", zone_id: 12 }, "invalid zone_id"],
      [{ credential_id: randomUUID(), domain_name: "x.example.com" }, "credential not found"],
      [{ credential_id: bCred, domain_name: "x.example.com" }, "credential not found"],
    ];
    for (const [body, message] of cases) {
      expectText(await stack.http.post("/api/v1/dns/domains", body, { headers: a.h }), 400, message);
    }
    expectText(await stack.http.post("/api/v1/dns/domains", [], { headers: a.h }), 400, "invalid json");
  });

  it("the credential must be scoped to a DNS hosting service", async () => {
    const hetzner = await credential(stack, a, { provider: "hetzner", kind: "api_token", scope_kind: "provider", scope: {}, secret: { token: "h-token" } });
    const awsEc2 = await credential(stack, a, { ...ROUTE53_CRED, scope: { service: "ec2" } });
    for (const id of [hetzner, awsEc2]) {
      expectText(
        await stack.http.post("/api/v1/dns/domains", { credential_id: id, domain_name: "nodns.example.com" }, { headers: a.h }),
        400,
        "credential is not scoped to a dns hosting service",
      );
    }
  });

  it("lists newest first, with domain_name, status and q filters", async () => {
    const names = ["alpha.example.net", "beta.example.net", "gamma.example.io"];
    const ids: string[] = [];
    for (const n of names) ids.push(((await stack.http.post("/api/v1/dns/domains", { credential_id: pdns, domain_name: n }, { headers: a.h })).json as { id: string }).id);
    await stack.http.patch(`/api/v1/dns/domains/${ids[1]}`, { status: "ready" }, { headers: a.h });

    const all = await stack.http.get("/api/v1/dns/domains", { headers: a.h });
    assert.equal(all.status, 200);
    const list = all.json as { domain_name: string }[];
    assert.deepEqual(
      list.slice(0, 3).map((d) => d.domain_name),
      ["gamma.example.io", "beta.example.net", "alpha.example.net"],
    );

    const byName = (await stack.http.get("/api/v1/dns/domains?domain_name=beta.example.net", { headers: a.h })).json as { id: string }[];
    assert.deepEqual(
      byName.map((d) => d.id),
      [ids[1]],
    );
    const byStatus = (await stack.http.get("/api/v1/dns/domains?status=ready", { headers: a.h })).json as { id: string }[];
    assert.deepEqual(
      byStatus.map((d) => d.id),
      [ids[1]],
    );
    const byQ = (await stack.http.get("/api/v1/dns/domains?q=EXAMPLE.NET", { headers: a.h })).json as { domain_name: string }[];
    assert.deepEqual(
      byQ.map((d) => d.domain_name),
      ["beta.example.net", "alpha.example.net"],
    );
    const regexSafe = (await stack.http.get(`/api/v1/dns/domains?q=${encodeURIComponent(".*")}`, { headers: a.h })).json as unknown[];
    assert.deepEqual(regexSafe, []);
    const none = await stack.http.get("/api/v1/dns/domains?domain_name=nothing.example", { headers: a.h });
    assert.equal(none.status, 200);
    assert.equal(none.text, "[]");

    expectText(await stack.http.get("/api/v1/dns/domains?status=done", { headers: a.h }), 400, "invalid status");
  });

  it("PATCH changes fields; status takes any of the four values, others are 400", async () => {
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "patch.example.com" }, { headers: a.h })).json as { id: string; updated_at: string };
    const s = await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { status: "failed" }, { headers: a.h });
    assert.equal(s.status, 200, s.text);
    assert.equal((s.json as { status: string }).status, "failed");
    expectText(await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { status: "done" }, { headers: a.h }), 400, "invalid status");
    expectText(await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { domain_name: "no" }, { headers: a.h }), 400, "invalid domain_name");
    expectText(await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { zone_id: "x".repeat(129) }, { headers: a.h }), 400, "invalid zone_id");
    expectText(await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { credential_id: bCred }, { headers: a.h }), 400, "credential not found");

    // a change of name, zone or credential sends the domain back to pending
    const renamed = await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { domain_name: "Renamed.Example.com.", zone_id: "Z9", credential_id: pdns }, { headers: a.h });
    assert.equal(renamed.status, 200, renamed.text);
    const r = renamed.json as Record<string, string>;
    assert.equal(r.domain_name, "renamed.example.com");
    assert.equal(r.zone_id, "Z9");
    assert.equal(r.credential_id, pdns);
    assert.equal(r.status, "pending");
    const dup = await stack.http.patch(`/api/v1/dns/domains/${d.id}`, { domain_name: "example.com" }, { headers: a.h });
    expectText(dup, 409, "domain already exists");
  });

  it("another organization's domain answers 404 exactly like a missing one; malformed ids are 400", async () => {
    const mine = (await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "private.example.com" }, { headers: a.h })).json as { id: string };
    for (const id of [mine.id, randomUUID()]) {
      expectText(await stack.http.get(`/api/v1/dns/domains/${id}`, { headers: b.h }), 404, "domain not found");
      expectText(await stack.http.patch(`/api/v1/dns/domains/${id}`, { status: "ready" }, { headers: b.h }), 404, "domain not found");
      expectText(await stack.http.delete(`/api/v1/dns/domains/${id}`, { headers: b.h }), 404, "domain not found");
    }
    const bList = (await stack.http.get("/api/v1/dns/domains", { headers: b.h })).json as { domain_name: string }[];
    assert.deepEqual(
      bList.map((d) => d.domain_name),
      ["example.com"],
    );
    expectText(await stack.http.get("/api/v1/dns/domains/not-a-uuid", { headers: a.h }), 400, "invalid id");
    expectText(await stack.http.delete("/api/v1/dns/domains/not-a-uuid", { headers: a.h }), 400, "invalid id");
    // still there for its owner
    assert.equal((await stack.http.get(`/api/v1/dns/domains/${mine.id}`, { headers: a.h })).status, 200);
  });

  it("requires authentication and an organization", async () => {
    expectText(await stack.http.get("/api/v1/dns/domains"), 401, "unauthorized");
    expectText(await stack.http.get("/api/v1/dns/domains", { headers: a.user.bearer }), 403, "organization required");
    expectText(await stack.http.get("/api/v1/dns/domains", { headers: orgHeaders(a.user, b.orgId) }), 403, "forbidden");
  });

  it("DELETE removes the domain and its record sets (204); deleting it again is 404", async () => {
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "gone.example.com" }, { headers: a.h })).json as { id: string };
    const rs = await stack.http.post(`/api/v1/dns/domains/${d.id}/records`, { name: "www", type: "A", ttl: 60, values: ["192.0.2.1"] }, { headers: a.h });
    assert.equal(rs.status, 201, rs.text);
    const rsId = (rs.json as { id: string }).id;
    const del = await stack.http.delete(`/api/v1/dns/domains/${d.id}`, { headers: a.h });
    assert.equal(del.status, 204, del.text);
    assert.equal(del.text, "");
    expectText(await stack.http.get(`/api/v1/dns/domains/${d.id}`, { headers: a.h }), 404, "domain not found");
    expectText(await stack.http.get(`/api/v1/dns/domains/${d.id}/records`, { headers: a.h }), 404, "domain not found");
    expectText(await stack.http.patch(`/api/v1/dns/records/${rsId}`, { ttl: 30 }, { headers: a.h }), 404, "record set not found");
    expectText(await stack.http.delete(`/api/v1/dns/domains/${d.id}`, { headers: a.h }), 404, "domain not found");
    assert.deepEqual(await stack.broker.call("dns.getRecordSets", { organization_id: a.orgId, ids: [rsId] }), []);
  });

  it("new domains enqueue a reconcile; without the jobs service the request still succeeds and the sweep finds them", async () => {
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "sweep.example.com" }, { headers: a.h })).json as { id: string };
    assert.ok(stack.logs.some((l) => l.includes("could not enqueue") && l.includes(`dns.reconcileDomain:${d.id}`)));
    const swept = (await stack.broker.call("dns.sweep", {})) as { domains: number };
    assert.ok(swept.domains >= 1);
  });

  it("answers other services: getDomains (by organization), credentialInUse", async () => {
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: r53, domain_name: "batch.example.com" }, { headers: a.h })).json as { id: string };
    const got = (await stack.broker.call("dns.getDomains", { organization_id: a.orgId, ids: [d.id, randomUUID(), "junk"] })) as { id: string }[];
    assert.deepEqual(
      got.map((x) => x.id),
      [d.id],
    );
    assert.deepEqual(await stack.broker.call("dns.getDomains", { organization_id: b.orgId, ids: [d.id] }), []);
    const use = (await stack.broker.call("dns.credentialInUse", { organization_id: a.orgId, credential_id: r53 })) as { in_use: boolean; domains: number };
    assert.equal(use.in_use, true);
    assert.ok(use.domains >= 2);
    assert.deepEqual(await stack.broker.call("dns.credentialInUse", { organization_id: b.orgId, credential_id: r53 }), { in_use: false, domains: 0 });
  });

  it("purgeOrganization removes everything of the organization and is idempotent", async () => {
    const c = await tenant(stack);
    const cred = await credential(stack, c, ROUTE53_CRED);
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: cred, domain_name: "purge.example.com" }, { headers: c.h })).json as { id: string };
    assert.equal((await stack.http.post(`/api/v1/dns/domains/${d.id}/records`, { name: "@", type: "TXT", values: ["v=spf1 -all"] }, { headers: c.h })).status, 201);
    assert.deepEqual(await stack.broker.call("dns.purgeOrganization", { organization_id: c.orgId }), { domains: 1, record_sets: 1 });
    assert.deepEqual(await stack.broker.call("dns.purgeOrganization", { organization_id: c.orgId }), { domains: 0, record_sets: 0 });
    assert.deepEqual((await stack.http.get("/api/v1/dns/domains", { headers: c.h })).json, []);
    // the other organizations keep theirs
    assert.ok(((await stack.http.get("/api/v1/dns/domains", { headers: b.h })).json as unknown[]).length === 1);
  });
});

describe("dns domains: deletion while the clusters service is away", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "credentials", "dns"] });
  });
  afterAll(() => stack.stop());

  it("answers 503 rather than deleting blindly, and keeps the domain and its record sets", async () => {
    const t = await tenant(stack);
    const cred = await credential(stack, t, ROUTE53_CRED);
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: cred, domain_name: "keep.example.com" }, { headers: t.h })).json as { id: string };
    const rs = await stack.http.post(`/api/v1/dns/domains/${d.id}/records`, { name: "www", type: "A", values: ["192.0.2.1"] }, { headers: t.h });
    assert.equal(rs.status, 201, rs.text);
    expectText(await stack.http.delete(`/api/v1/dns/records/${(rs.json as { id: string }).id}`, { headers: t.h }), 503, "service unavailable: clusters");
    expectText(await stack.http.delete(`/api/v1/dns/domains/${d.id}`, { headers: t.h }), 503, "service unavailable: clusters");
    assert.equal(((await stack.http.get(`/api/v1/dns/domains/${d.id}/records`, { headers: t.h })).json as unknown[]).length, 1);
    await waitUntil("domain still there", async () => ((await stack.http.get(`/api/v1/dns/domains/${d.id}`, { headers: t.h })).status === 200 ? true : undefined), 5_000);
  });
});
