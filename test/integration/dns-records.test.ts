import { strict as assert } from "node:assert";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { startStack, type Stack } from "../helpers/stack.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { route53CredentialBody } from "../helpers/fixtures.ts";

const tenant = (stack: Stack): Promise<Tenant> => newTenant(stack, "DNS records org");

const TEXT = "text/plain; charset=utf-8";

const credentials = new Map<string, string>();

async function domainOf(stack: Stack, t: Tenant, name: string, zone_id?: string): Promise<string> {
  const credentialId = credentials.get(t.orgId) ?? (await route53Credential(stack, t));
  credentials.set(t.orgId, credentialId);
  const res = await stack.http.post("/api/v1/dns/domains", { credential_id: credentialId, domain_name: name, zone_id }, { headers: t.h });
  assert.equal(res.status, 201, res.text);
  return (res.json as { id: string }).id;
}

async function route53Credential(stack: Stack, t: Tenant): Promise<string> {
  const cred = await stack.http.post("/api/v1/credentials", route53CredentialBody({ access_key_id: "AKIARECORDS", secret_access_key: "records-secret" }), { headers: t.h });
  assert.equal(cred.status, 201, cred.text);
  return (cred.json as { id: string }).id;
}

function expectText(res: { status: number; contentType: string; text: string }, status: number, body: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, body);
}

function fingerprint(fqdn: string, ttl: number, type: string, values: string[], zone_id: string): string {
  return createHash("sha256")
    .update(JSON.stringify({ fqdn, ttl, type, values: [...values].sort(), zone_id }))
    .digest("hex");
}

interface RS {
  id: string;
  domain_id: string;
  name: string;
  type: string;
  ttl: number;
  values: string[];
  status: string;
  fingerprint: string;
  owner: string;
  last_error: string;
  created_at: string;
  updated_at: string;
}

describe("dns record sets: endpoints, filters, validation, tenant isolation", () => {
  let stack: Stack;
  let a: Tenant;
  let b: Tenant;
  let dom: string;
  let bDom: string;
  const base = () => `/api/v1/dns/domains/${dom}/records`;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "credentials", "dns", "clusters"] });
    a = await tenant(stack);
    b = await tenant(stack);
    dom = await domainOf(stack, a, "example.com", "ZEXAMPLE");
    bDom = await domainOf(stack, b, "example.com");
  });
  afterAll(() => stack.stop());

  it("POST creates a pending record set (201) with its fingerprint and owner unknown", async () => {
    const res = await stack.http.post(base(), { name: "WWW.Example.com.", type: "A", ttl: 120, values: ["192.0.2.10", "192.0.2.11"] }, { headers: a.h });
    assert.equal(res.status, 201, res.text);
    const rs = res.json as RS;
    assert.deepEqual(Object.keys(rs).sort(), ["created_at", "domain_id", "fingerprint", "id", "last_error", "name", "owner", "status", "ttl", "type", "updated_at", "values"]);
    assert.equal(rs.domain_id, dom);
    assert.equal(rs.name, "www");
    assert.equal(rs.type, "A");
    assert.equal(rs.ttl, 120);
    assert.deepEqual(rs.values, ["192.0.2.10", "192.0.2.11"]);
    assert.equal(rs.status, "pending");
    assert.equal(rs.owner, "unknown");
    assert.equal(rs.last_error, "");
    assert.equal(rs.fingerprint, fingerprint("www.example.com", 120, "A", ["192.0.2.11", "192.0.2.10"], "ZEXAMPLE"));
    assert.match(rs.created_at, /\.\d{3}Z$/);
  });

  it("normalises names: relative, FQDN, apex as @, wildcard; ttl defaults to 300", async () => {
    const cases: [string, string][] = [
      ["api.internal", "api.internal"],
      ["mail.example.com.", "mail"],
      ["Mail2.EXAMPLE.com", "mail2"],
      ["*.apps", "*.apps"],
    ];
    for (const [input, stored] of cases) {
      const res = await stack.http.post(base(), { name: input, type: "CNAME", values: ["lb.example.net."] }, { headers: a.h });
      assert.equal(res.status, 201, `${input}: ${res.text}`);
      assert.equal((res.json as RS).name, stored);
      assert.equal((res.json as RS).ttl, 300);
    }
    for (const [apex, type] of [
      ["@", "TXT"],
      ["", "MX"],
      ["example.com.", "CAA"],
    ] as const) {
      const values = type === "TXT" ? ["v=spf1 -all"] : type === "MX" ? ["10 mail.example.com"] : ['0 issue "letsencrypt.org"'];
      const res = await stack.http.post(base(), { name: apex, type, values }, { headers: a.h });
      assert.equal(res.status, 201, `${apex}: ${res.text}`);
      assert.equal((res.json as RS).name, "@");
    }
  });

  it("accepts valid values of every type", async () => {
    const ok: [string, string[]][] = [
      ["AAAA", ["2001:db8::1", "2001:DB8::2"]],
      ["NS", ["ns1.example.net", "ns2.example.net."]],
      ["SRV", ["10 5 5060 sip.example.com."]],
      ["TXT", ['"quoted text"', `long ${"x".repeat(600)}`]],
    ];
    for (const [type, values] of ok) {
      const res = await stack.http.post(base(), { name: `ok-${type.toLowerCase()}`, type, values }, { headers: a.h });
      assert.equal(res.status, 201, `${type}: ${res.text}`);
    }
  });

  it("validates the body with exact plain-text messages", async () => {
    const cases: [unknown, string][] = [
      [{}, "missing fields: name, type, values"],
      [{ name: "x", type: "A" }, "missing fields: values"],
      [{ name: "x".repeat(254), type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: "bad name", type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: "-x", type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: "www.other.org.", type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: "a.*", type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: "a".repeat(64), type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: { $gt: "" }, type: "A", values: ["192.0.2.1"] }, "invalid name"],
      [{ name: "_autoglue.www", type: "TXT", values: ["x"] }, "invalid name: _autoglue names are reserved for ownership markers"],
      [{ name: "x", type: "PTR", values: ["a.example.com"] }, "invalid type"],
      [{ name: "x", type: "A", ttl: 0, values: ["192.0.2.1"] }, "invalid ttl"],
      [{ name: "x", type: "A", ttl: 86401, values: ["192.0.2.1"] }, "invalid ttl"],
      [{ name: "x", type: "A", ttl: 1.5, values: ["192.0.2.1"] }, "invalid ttl"],
      [{ name: "x", type: "A", ttl: "60", values: ["192.0.2.1"] }, "invalid ttl"],
      [{ name: "x", type: "A", values: [] }, "invalid values"],
      [{ name: "x", type: "A", values: "192.0.2.1" }, "invalid values"],
      [{ name: "x", type: "A", values: [""] }, "invalid values"],
      [{ name: "x", type: "TXT", values: ["y".repeat(1025)] }, "invalid values"],
      [{ name: "x", type: "A", values: [1] }, "invalid values"],
      [{ name: "x", type: "A", values: ["192.0.2.1", "192.0.2.1"] }, "duplicate value in values"],
      [{ name: "x", type: "A", values: ["192.0.2.300"] }, "invalid value for type A: 192.0.2.300"],
      [{ name: "x", type: "A", values: ["2001:db8::1"] }, "invalid value for type A: 2001:db8::1"],
      [{ name: "x", type: "AAAA", values: ["192.0.2.1"] }, "invalid value for type AAAA: 192.0.2.1"],
      [{ name: "x", type: "CNAME", values: ["a.example.net", "b.example.net"] }, "cname takes exactly one value"],
      [{ name: "@", type: "CNAME", values: ["a.example.net"] }, "cname is not allowed at the apex"],
      [{ name: "x", type: "CNAME", values: ["not a host"] }, "invalid value for type CNAME: not a host"],
      [{ name: "x", type: "MX", values: ["mail.example.com"] }, "invalid value for type MX: mail.example.com"],
      [{ name: "x", type: "MX", values: ["70000 mail.example.com"] }, "invalid value for type MX: 70000 mail.example.com"],
      [{ name: "x", type: "NS", values: ["192.0.2.1/24"] }, "invalid value for type NS: 192.0.2.1/24"],
      [{ name: "x", type: "SRV", values: ["10 5 sip.example.com"] }, "invalid value for type SRV: 10 5 sip.example.com"],
      [{ name: "x", type: "CAA", values: ["0 issue"] }, "invalid value for type CAA: 0 issue"],
      [{ name: "x", type: "CAA", values: ['256 issue "ca.example"'] }, 'invalid value for type CAA: 256 issue "ca.example"'],
      [{ name: "x", type: "TXT", values: ["tab\there"] }, "invalid value for type TXT: tab\there"],
    ];
    for (const [body, message] of cases) {
      expectText(await stack.http.post(base(), body, { headers: a.h }), 400, message);
    }
    expectText(await stack.http.post(`/api/v1/dns/domains/${randomUUID()}/records`, { name: "x", type: "A", values: ["192.0.2.1"] }, { headers: a.h }), 404, "domain not found");
    expectText(await stack.http.post("/api/v1/dns/domains/nope/records", { name: "x", type: "A", values: ["192.0.2.1"] }, { headers: a.h }), 400, "invalid id");
  });

  it("a duplicate (name, type) in the domain is 409; another type or domain may reuse the name", async () => {
    expectText(await stack.http.post(base(), { name: "www.example.com", type: "A", values: ["192.0.2.99"] }, { headers: a.h }), 409, "record set already exists");
    assert.equal((await stack.http.post(base(), { name: "www", type: "AAAA", values: ["2001:db8::99"] }, { headers: a.h })).status, 201);
    assert.equal((await stack.http.post(`/api/v1/dns/domains/${bDom}/records`, { name: "www", type: "A", values: ["192.0.2.1"] }, { headers: b.h })).status, 201);
  });

  it("lists newest first with name (relative or FQDN), type and status filters", async () => {
    const all = await stack.http.get(base(), { headers: a.h });
    assert.equal(all.status, 200);
    const list = all.json as RS[];
    assert.ok(list.length >= 10);
    const times = list.map((r) => r.id);
    assert.deepEqual(times, [...times].sort().reverse());
    const www = (await stack.http.get(`${base()}?name=www`, { headers: a.h })).json as RS[];
    assert.deepEqual(
      www.map((r) => r.type),
      ["AAAA", "A"],
    );
    const wwwFqdn = (await stack.http.get(`${base()}?name=WWW.example.com.`, { headers: a.h })).json as RS[];
    assert.deepEqual(
      wwwFqdn.map((r) => r.id),
      www.map((r) => r.id),
    );
    const apex = (await stack.http.get(`${base()}?name=@`, { headers: a.h })).json as RS[];
    assert.deepEqual(apex.map((r) => r.type).sort(), ["CAA", "MX", "TXT"]);
    const aOnly = (await stack.http.get(`${base()}?name=www&type=A`, { headers: a.h })).json as RS[];
    assert.equal(aOnly.length, 1);
    assert.equal(aOnly[0]!.type, "A");
    const cname = (await stack.http.get(`${base()}?type=CNAME`, { headers: a.h })).json as RS[];
    assert.deepEqual(
      cname.map((r) => r.name),
      ["*.apps", "mail2", "mail", "api.internal"],
    );
    assert.equal((await stack.http.get(`${base()}?status=pending`, { headers: a.h })).json.length, list.length);
    assert.equal((await stack.http.get(`${base()}?status=ready`, { headers: a.h })).text, "[]");
    expectText(await stack.http.get(`${base()}?type=PTR`, { headers: a.h }), 400, "invalid type");
    expectText(await stack.http.get(`${base()}?status=done`, { headers: a.h }), 400, "invalid status");
    expectText(await stack.http.get(`${base()}?name=${encodeURIComponent("x.other.org.")}`, { headers: a.h }), 400, "invalid name");
    expectText(await stack.http.get(`/api/v1/dns/domains/${randomUUID()}/records`, { headers: a.h }), 404, "domain not found");
  });

  it("a CNAME and other records never share a name (RFC 1034): 409 on create, rename and type change", async () => {
    const message = (name: string) => `a CNAME cannot coexist with other records at the same name (${name})`;
    const create = (body: Record<string, unknown>) => stack.http.post(base(), body, { headers: a.h });
    const patch = (id: string, body: Record<string, unknown>) => stack.http.patch(`/api/v1/dns/records/${id}`, body, { headers: a.h });
    const plain = (await create({ name: "both", type: "A", values: ["192.0.2.1"] })).json as RS;
    expectText(await create({ name: "both.example.com.", type: "CNAME", values: ["lb.example.net"] }), 409, message("both"));
    const alias = (await create({ name: "alias", type: "CNAME", values: ["lb.example.net"] })).json as RS;
    expectText(await create({ name: "alias", type: "TXT", values: ["hello"] }), 409, message("alias"));
    expectText(await create({ name: "alias", type: "A", values: ["192.0.2.2"] }), 409, message("alias"));

    expectText(await patch(plain.id, { name: "alias" }), 409, message("alias"));
    expectText(await patch(alias.id, { name: "both" }), 409, message("both"));
    const txt = (await create({ name: "both", type: "TXT", values: ["lb.example.net"] })).json as RS;
    expectText(await patch(txt.id, { type: "CNAME" }), 409, message("both"));
    // refused changes leave everything as it was; changes that keep the rule pass
    const names = async (name: string) => ((await stack.http.get(`${base()}?name=${name}`, { headers: a.h })).json as RS[]).map((r) => `${r.type} ${r.values.join(",")}`).sort();
    assert.deepEqual(await names("both"), ["A 192.0.2.1", "TXT lb.example.net"]);
    assert.deepEqual(await names("alias"), ["CNAME lb.example.net"]);
    assert.equal((await patch(alias.id, { values: ["lb2.example.net"], ttl: 60 })).status, 200);
    assert.equal((await patch(plain.id, { name: "moved" })).status, 200);

    // concurrent writes at one name: never a CNAME beside other records
    for (let round = 0; round < 3; round++) {
      const name = `race${round}`;
      const answers = await Promise.all([
        create({ name, type: "CNAME", values: ["lb.example.net"] }),
        create({ name, type: "A", values: ["192.0.2.3"] }),
        create({ name, type: "TXT", values: ["x"] }),
      ]);
      for (const res of answers) assert.ok(res.status === 201 || res.status === 409, `${res.status} ${res.text}`);
      const types = (await names(name)).map((t) => t.split(" ")[0]);
      assert.ok(!types.includes("CNAME") || types.length === 1, `stored at ${name}: ${types.join(", ")}`);
      assert.equal(types.length, answers.filter((r) => r.status === 201).length);
    }
  });

  it("PATCH: any change sets pending and recomputes the fingerprint; status alone is set as given", async () => {
    const rs = (await stack.http.post(base(), { name: "patchme", type: "A", ttl: 60, values: ["192.0.2.1"] }, { headers: a.h })).json as RS;
    const ready = await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { status: "ready" }, { headers: a.h });
    assert.equal(ready.status, 200, ready.text);
    assert.equal((ready.json as RS).status, "ready");
    // no real change: status stays
    const same = await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { values: ["192.0.2.1"], ttl: 60 }, { headers: a.h });
    assert.equal((same.json as RS).status, "ready");
    const changed = await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { ttl: 30, values: ["192.0.2.2"], status: "ready" }, { headers: a.h });
    assert.equal(changed.status, 200, changed.text);
    const c = changed.json as RS;
    assert.equal(c.status, "pending");
    assert.equal(c.ttl, 30);
    assert.deepEqual(c.values, ["192.0.2.2"]);
    assert.equal(c.fingerprint, fingerprint("patchme.example.com", 30, "A", ["192.0.2.2"], "ZEXAMPLE"));
    const renamed = (await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { name: "renamed.example.com." }, { headers: a.h })).json as RS;
    assert.equal(renamed.name, "renamed");
    assert.equal(renamed.fingerprint, fingerprint("renamed.example.com", 30, "A", ["192.0.2.2"], "ZEXAMPLE"));
    // stored state
    const [stored] = (await stack.broker.call("dns.getRecordSets", { organization_id: a.orgId, ids: [rs.id] })) as RS[];
    assert.deepEqual(stored, renamed);

    expectText(await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { ttl: 0 }, { headers: a.h }), 400, "invalid ttl");
    expectText(await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { status: "done" }, { headers: a.h }), 400, "invalid status");
    expectText(await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { type: "AAAA" }, { headers: a.h }), 400, "invalid value for type AAAA: 192.0.2.2");
    expectText(await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { name: "www" }, { headers: a.h }), 409, "record set already exists");
    expectText(await stack.http.patch(`/api/v1/dns/records/${randomUUID()}`, { ttl: 5 }, { headers: a.h }), 404, "record set not found");
    expectText(await stack.http.patch("/api/v1/dns/records/bad", { ttl: 5 }, { headers: a.h }), 400, "invalid id");
  });

  it("GET /dns/records/{id} answers the record set; the 201's Location names that URL", async () => {
    const created = await stack.http.post(base(), { name: "located", type: "A", values: ["192.0.2.77"] }, { headers: a.h });
    assert.equal(created.status, 201, created.text);
    const rs = created.json as RS;
    const location = created.headers.get("location") ?? "";
    assert.equal(location, `/api/v1/dns/records/${rs.id}`);
    const got = await stack.http.get(location, { headers: a.h });
    assert.equal(got.status, 200, got.text);
    assert.match(got.contentType, /^application\/json/);
    assert.deepEqual(got.json, rs);
    // the record set as it is now, after a change
    const patched = (await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { ttl: 900 }, { headers: a.h })).json as RS;
    assert.deepEqual((await stack.http.get(`/api/v1/dns/records/${rs.id.toUpperCase()}`, { headers: a.h })).json, patched);
    expectText(await stack.http.get("/api/v1/dns/records/not-a-uuid", { headers: a.h }), 400, "invalid id");
    expectText(await stack.http.get(`/api/v1/dns/records/${randomUUID()}`, { headers: a.h }), 404, "record set not found");
    expectText(await stack.http.get(`/api/v1/dns/records/${rs.id}`, { headers: b.h }), 404, "record set not found");
    expectText(await stack.http.get(`/api/v1/dns/records/${rs.id}`), 401, "unauthorized");
    assert.equal((await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: a.h })).status, 204);
    expectText(await stack.http.get(`/api/v1/dns/records/${rs.id}`, { headers: a.h }), 404, "record set not found");
  });

  it("another organization's record sets answer 404 exactly like missing ones", async () => {
    const rs = (await stack.http.post(base(), { name: "secret", type: "TXT", values: ["mine"] }, { headers: a.h })).json as RS;
    expectText(await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { ttl: 5 }, { headers: b.h }), 404, "record set not found");
    expectText(await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: b.h }), 404, "record set not found");
    expectText(await stack.http.get(`/api/v1/dns/domains/${dom}/records`, { headers: b.h }), 404, "domain not found");
    expectText(await stack.http.post(`/api/v1/dns/domains/${dom}/records`, { name: "x", type: "A", values: ["192.0.2.1"] }, { headers: b.h }), 404, "domain not found");
    const bList = (await stack.http.get(`/api/v1/dns/domains/${bDom}/records`, { headers: b.h })).json as RS[];
    assert.deepEqual(
      bList.map((r) => r.name),
      ["www"],
    );
    assert.deepEqual(await stack.broker.call("dns.getRecordSets", { organization_id: b.orgId, ids: [rs.id] }), []);
    // unchanged for its owner
    const [still] = (await stack.broker.call("dns.getRecordSets", { organization_id: a.orgId, ids: [rs.id] })) as RS[];
    assert.equal(still!.ttl, 300);
  });

  it("DELETE answers 204, then 404", async () => {
    const rs = (await stack.http.post(base(), { name: "temp", type: "A", values: ["192.0.2.5"] }, { headers: a.h })).json as RS;
    const del = await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: a.h });
    assert.equal(del.status, 204, del.text);
    assert.equal(del.text, "");
    expectText(await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: a.h }), 404, "record set not found");
    assert.deepEqual((await stack.http.get(`${base()}?name=temp`, { headers: a.h })).json, []);
  });

  it("deleting a record set or domain a cluster references is 409", async () => {
    const d = await domainOf(stack, a, "cluster.example.org");
    const rs = (await stack.http.post(`/api/v1/dns/domains/${d}/records`, { name: "api", type: "A", values: ["192.0.2.7"] }, { headers: a.h })).json as RS;
    const cluster = await stack.http.post("/api/v1/clusters", { name: "c1" }, { headers: a.h });
    assert.equal(cluster.status, 201, cluster.text);
    const cid = (cluster.json as { id: string }).id;
    const attachRs = await stack.http.post(`/api/v1/clusters/${cid}/control-plane-record-set`, { record_set_id: rs.id }, { headers: a.h });
    assert.equal(attachRs.status, 200, attachRs.text);
    expectText(await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: a.h }), 409, "record set is attached to a cluster");
    expectText(await stack.http.delete(`/api/v1/dns/domains/${d}`, { headers: a.h }), 409, "record set is attached to a cluster");
    assert.equal((await stack.http.delete(`/api/v1/clusters/${cid}/control-plane-record-set`, { headers: a.h })).status, 200);
    const attachD = await stack.http.post(`/api/v1/clusters/${cid}/captain-domain`, { domain_id: d }, { headers: a.h });
    assert.equal(attachD.status, 200, attachD.text);
    expectText(await stack.http.delete(`/api/v1/dns/domains/${d}`, { headers: a.h }), 409, "domain is attached to a cluster");
    // nothing was removed
    assert.equal((await stack.http.get(`/api/v1/dns/domains/${d}/records`, { headers: a.h })).json.length, 1);
    assert.equal((await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: a.h })).status, 204);
  });
});
