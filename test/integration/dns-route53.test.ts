import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { JOB_FAILED_FOR_GOOD } from "../../shared/contracts/jobs.ts";
import { startStack, type Stack } from "../helpers/stack.ts";
import { newTenant, type Tenant as BaseTenant } from "../helpers/principals.ts";
import { startRoute53Server, type Route53Server } from "../helpers/route53-server.ts";
import { route53CredentialBody } from "../helpers/fixtures.ts";

const ACCESS_KEY = "AKIAROUTE53TEST";
const SECRET_KEY = "route53-secret-access-key-never-logged";

interface Tenant extends BaseTenant {
  credentialId: string;
}

interface RS {
  id: string;
  name: string;
  status: string;
  owner: string;
  last_error: string;
  fingerprint: string;
  values: string[];
  ttl: number;
}

async function tenant(stack: Stack): Promise<Tenant> {
  const t = await newTenant(stack, "Route53 org");
  const h = t.h;
  const cred = await stack.http.post("/api/v1/credentials", route53CredentialBody({ access_key_id: ACCESS_KEY, secret_access_key: SECRET_KEY, region: "us-east-1" }), {
    headers: h,
  });
  assert.equal(cred.status, 201, cred.text);
  return { ...t, credentialId: (cred.json as { id: string }).id };
}

describe("dns reconcile against Route53 (local Route53 API server)", () => {
  let r53: Route53Server;
  let stack: Stack;
  let a: Tenant;
  let zoneId: string;
  let domainId: string;

  const reconcileDomain = (t: Tenant, id: string) => stack.broker.call("dns.reconcileDomain", { organization_id: t.orgId, domain_id: id });
  const reconcile = (t: Tenant, id: string) => stack.broker.call("dns.reconcileRecordSet", { organization_id: t.orgId, record_set_id: id });
  /** A reconcile that leaves its item `failed` for good fails its job: the item's error, final for the job engine. */
  const failsForGood = (call: Promise<unknown>, message: string | RegExp) =>
    assert.rejects(call, (err: Error & { type?: string }) => {
      assert.equal(err.type, JOB_FAILED_FOR_GOOD);
      if (typeof message === "string") assert.equal(err.message, message);
      else assert.match(err.message, message);
      return true;
    });
  const recordSet = async (t: Tenant, id: string) => ((await stack.broker.call("dns.getRecordSets", { organization_id: t.orgId, ids: [id] })) as RS[])[0];
  const createRS = async (t: Tenant, dom: string, body: Record<string, unknown>): Promise<RS> => {
    const res = await stack.http.post(`/api/v1/dns/domains/${dom}/records`, body, { headers: t.h });
    assert.equal(res.status, 201, res.text);
    return res.json as RS;
  };
  const marker = (orgId: string) => `"heritage=autoglue,autoglue/owner=${orgId}"`;

  beforeAll(async () => {
    r53 = await startRoute53Server();
    stack = await startStack({ services: ["api", "auth", "orgs", "credentials", "dns", "clusters"], env: { DNS_ROUTE53_ENDPOINT: r53.url, DNS_ROUTE53_SYNC_WAIT_MS: "2500" } });
    a = await tenant(stack);
    zoneId = r53.addZone("example.com");
  });
  afterAll(async () => {
    await stack.stop();
    await r53.stop();
  });

  it("domain: pending → ready with the zone id backfilled from the hosted zone", async () => {
    const res = await stack.http.post("/api/v1/dns/domains", { credential_id: a.credentialId, domain_name: "example.com" }, { headers: a.h });
    domainId = (res.json as { id: string }).id;
    assert.equal((res.json as { status: string }).status, "pending");
    assert.deepEqual(await reconcileDomain(a, domainId), { status: "ready" });
    const d = (await stack.http.get(`/api/v1/dns/domains/${domainId}`, { headers: a.h })).json as Record<string, string>;
    assert.equal(d.status, "ready");
    assert.equal(d.zone_id, zoneId);
    assert.equal(d.last_error, "");
    // the SDK signed its requests with the organization's key
    assert.ok(r53.requests.length > 0);
    assert.ok(r53.requests.every((r) => r.accessKeyId === ACCESS_KEY));
  });

  it("domain: no hosted zone → failed with last_error; a wrong zone id → failed", async () => {
    const missing = (await stack.http.post("/api/v1/dns/domains", { credential_id: a.credentialId, domain_name: "missing.example.net" }, { headers: a.h })).json as { id: string };
    await failsForGood(reconcileDomain(a, missing.id), "no hosted zone found for missing.example.net");
    const d = (await stack.http.get(`/api/v1/dns/domains/${missing.id}`, { headers: a.h })).json as Record<string, string>;
    assert.equal(d.status, "failed");
    assert.equal(d.last_error, "no hosted zone found for missing.example.net");
    assert.equal(d.zone_id, "");

    const wrong = (await stack.http.post("/api/v1/dns/domains", { credential_id: a.credentialId, domain_name: "wrong.example.net", zone_id: "ZNOSUCHZONE" }, { headers: a.h }))
      .json as { id: string };
    await failsForGood(reconcileDomain(a, wrong.id), "hosted zone ZNOSUCHZONE not found");
    const w = (await stack.http.get(`/api/v1/dns/domains/${wrong.id}`, { headers: a.h })).json as Record<string, string>;
    assert.equal(w.status, "failed");
    assert.equal(w.last_error, "hosted zone ZNOSUCHZONE not found");

    // PATCH status pending + the zone created on the host → ready on the next reconcile
    const zone2 = r53.addZone("missing.example.net");
    assert.equal((await stack.http.patch(`/api/v1/dns/domains/${missing.id}`, { status: "pending" }, { headers: a.h })).status, 200);
    assert.deepEqual(await reconcileDomain(a, missing.id), { status: "ready" });
    const healed = (await stack.http.get(`/api/v1/dns/domains/${missing.id}`, { headers: a.h })).json as Record<string, string>;
    assert.equal(healed.zone_id, zone2);
    assert.equal(healed.last_error, "");
  });

  it("record set: pending → provisioning → ready (owner autoglue), upserted with its ownership marker", async () => {
    const rs = await createRS(a, domainId, { name: "www", type: "A", ttl: 120, values: ["192.0.2.10", "192.0.2.11"] });
    assert.equal(rs.status, "pending");
    let midFlight: RS | undefined;
    r53.beforeChange = async () => {
      midFlight = await recordSet(a, rs.id);
    };
    try {
      assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    } finally {
      r53.beforeChange = undefined;
    }
    assert.equal(midFlight?.status, "provisioning");
    const done = (await recordSet(a, rs.id))!;
    assert.equal(done.status, "ready");
    assert.equal(done.owner, "autoglue");
    assert.equal(done.last_error, "");
    const expected = createHash("sha256")
      .update(JSON.stringify({ fqdn: "www.example.com", ttl: 120, type: "A", values: ["192.0.2.10", "192.0.2.11"], zone_id: zoneId }))
      .digest("hex");
    assert.equal(done.fingerprint, expected);
    assert.deepEqual(r53.rrset(zoneId, "www.example.com", "A"), { name: "www.example.com.", type: "A", ttl: 120, values: ["192.0.2.10", "192.0.2.11"] });
    assert.deepEqual(r53.rrset(zoneId, "_autoglue.www.example.com", "TXT")?.values, [marker(a.orgId)]);
    // a second reconcile of a ready record set changes nothing
    const before = r53.requests.length;
    assert.deepEqual(await reconcile(a, rs.id), { status: "skipped" });
    assert.equal(r53.requests.length, before);
  });

  it("every type reaches the host in presentation form (absolute names, quoted text)", async () => {
    const cases: [string, string, string[], string[]][] = [
      ["@", "MX", ["10 mail.example.com"], ["10 mail.example.com."]],
      ["txt", "TXT", ['hello "world"'], ['"hello \\"world\\""']],
      ["alias", "CNAME", ["www.example.com"], ["www.example.com."]],
      ["@", "CAA", ["0 issue letsencrypt.org"], ['0 issue "letsencrypt.org"']],
      ["_sip._tcp", "SRV", ["10 5 5060 sip.example.com"], ["10 5 5060 sip.example.com."]],
      ["v6", "AAAA", ["2001:DB8::1"], ["2001:db8::1"]],
      ["long", "TXT", [`k=${"a".repeat(300)}`], [`"k=${"a".repeat(253)}" "${"a".repeat(47)}"`]],
    ];
    for (const [name, type, values, onHost] of cases) {
      const rs = await createRS(a, domainId, { name, type, ttl: 300, values });
      assert.deepEqual(await reconcile(a, rs.id), { status: "ready" }, type);
      const fqdn = name === "@" ? "example.com" : `${name}.example.com`;
      assert.deepEqual(r53.rrset(zoneId, fqdn, type)?.values, onHost, type);
    }
  });

  it("PATCH sends the record set back to pending; the next reconcile writes the change; a rename removes the old name", async () => {
    const rs = await createRS(a, domainId, { name: "app", type: "A", ttl: 60, values: ["192.0.2.20"] });
    await reconcile(a, rs.id);
    const patched = await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { values: ["192.0.2.21"], ttl: 90 }, { headers: a.h });
    assert.equal((patched.json as RS).status, "pending");
    assert.deepEqual(r53.rrset(zoneId, "app.example.com", "A")?.values, ["192.0.2.20"]);
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    assert.deepEqual(r53.rrset(zoneId, "app.example.com", "A"), { name: "app.example.com.", type: "A", ttl: 90, values: ["192.0.2.21"] });

    await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { name: "app2" }, { headers: a.h });
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    assert.equal(r53.rrset(zoneId, "app.example.com", "A"), undefined);
    assert.equal(r53.rrset(zoneId, "_autoglue.app.example.com", "TXT"), undefined);
    assert.deepEqual(r53.rrset(zoneId, "app2.example.com", "A")?.values, ["192.0.2.21"]);
    assert.deepEqual(r53.rrset(zoneId, "_autoglue.app2.example.com", "TXT")?.values, [marker(a.orgId)]);
  });

  it("a name held by another owner's marker → failed, owner external, nothing written", async () => {
    r53.put(zoneId, { name: "taken.example.com", type: "TXT", ttl: 300, values: ['"heritage=autoglue,autoglue/owner=someone-else"'] });
    r53.put(zoneId, { name: "taken.example.com", type: "A", ttl: 300, values: ["198.51.100.1"] });
    const rs = await createRS(a, domainId, { name: "taken", type: "A", values: ["192.0.2.30"] });
    // the marker lives at _autoglue.<fqdn>; this one is somebody else's
    r53.put(zoneId, { name: "_autoglue.taken.example.com", type: "TXT", ttl: 300, values: ['"heritage=autoglue,autoglue/owner=someone-else"'] });
    await failsForGood(reconcile(a, rs.id), "taken.example.com is owned by another owner");
    const got = (await recordSet(a, rs.id))!;
    assert.equal(got.status, "failed");
    assert.equal(got.owner, "external");
    assert.equal(got.last_error, "taken.example.com is owned by another owner");
    assert.deepEqual(r53.rrset(zoneId, "taken.example.com", "A")?.values, ["198.51.100.1"]);

    // a record we did not create (no marker) is not overwritten either
    r53.put(zoneId, { name: "legacy.example.com", type: "CNAME", ttl: 300, values: ["old.example.net."] });
    const legacy = await createRS(a, domainId, { name: "legacy", type: "CNAME", values: ["new.example.net"] });
    await failsForGood(reconcile(a, legacy.id), "legacy.example.com CNAME exists and is not managed by autoglue");
    assert.equal((await recordSet(a, legacy.id))!.owner, "external");
    assert.deepEqual(r53.rrset(zoneId, "legacy.example.com", "CNAME")?.values, ["old.example.net."]);

    // deleting an external record set leaves the host alone
    assert.equal((await stack.http.delete(`/api/v1/dns/records/${legacy.id}`, { headers: a.h })).status, 204);
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: a.orgId, record_set_id: legacy.id }), { status: "skipped" });
    assert.deepEqual(r53.rrset(zoneId, "legacy.example.com", "CNAME")?.values, ["old.example.net."]);
  });

  it("DELETE removes a record set we own from the host (and its marker once the name is unused)", async () => {
    const a1 = await createRS(a, domainId, { name: "both", type: "A", values: ["192.0.2.40"] });
    const t1 = await createRS(a, domainId, { name: "both", type: "TXT", values: ["keep me"] });
    await reconcile(a, a1.id);
    await reconcile(a, t1.id);
    assert.equal((await stack.http.delete(`/api/v1/dns/records/${a1.id}`, { headers: a.h })).status, 204);
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: a.orgId, record_set_id: a1.id }), { status: "deleted" });
    assert.equal(r53.rrset(zoneId, "both.example.com", "A"), undefined);
    assert.deepEqual(r53.rrset(zoneId, "both.example.com", "TXT")?.values, ['"keep me"']);
    assert.ok(r53.rrset(zoneId, "_autoglue.both.example.com", "TXT"), "marker kept while the TXT record set lives");
    // idempotent
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: a.orgId, record_set_id: a1.id }), { status: "skipped" });

    assert.equal((await stack.http.delete(`/api/v1/dns/records/${t1.id}`, { headers: a.h })).status, 204);
    // the sweep finds the pending deletion even though no job ran
    const swept = (await stack.broker.call("dns.sweep", {})) as { deletions: number };
    assert.ok(swept.deletions >= 1);
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: a.orgId, record_set_id: t1.id }), { status: "deleted" });
    assert.equal(r53.rrset(zoneId, "both.example.com", "TXT"), undefined);
    assert.equal(r53.rrset(zoneId, "_autoglue.both.example.com", "TXT"), undefined);
  });

  it("provider down → failed with a short last_error (retryable, thrown to the queue); back up → ready", async () => {
    const rs = await createRS(a, domainId, { name: "outage", type: "A", values: ["192.0.2.50"] });
    await r53.stop();
    try {
      await assert.rejects(reconcile(a, rs.id), (err: Error) => err.message === "route53: connection refused");
      const failed = (await recordSet(a, rs.id))!;
      assert.equal(failed.status, "failed");
      assert.equal(failed.last_error, "route53: connection refused");
      const swept = (await stack.broker.call("dns.sweep", {})) as { record_sets: number };
      assert.ok(swept.record_sets >= 1, "the sweep retries retryable failures");
    } finally {
      await r53.start();
    }
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    const ready = (await recordSet(a, rs.id))!;
    assert.equal(ready.status, "ready");
    assert.equal(ready.last_error, "");
    assert.deepEqual(r53.rrset(zoneId, "outage.example.com", "A")?.values, ["192.0.2.50"]);
  });

  it("ready means INSYNC: a PENDING change is polled with GetChange until Route53 serves it", async () => {
    const rs = await createRS(a, domainId, { name: "propagating", type: "A", values: ["192.0.2.55"] });
    const getChanges = () => r53.requests.filter((r) => r.method === "GET" && r.path.startsWith("/2013-04-01/change/")).length;
    const before = getChanges();
    r53.pendingPolls = 1;
    try {
      assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    } finally {
      r53.pendingPolls = 0;
    }
    assert.ok(getChanges() - before >= 2, `GetChange polled until INSYNC (${getChanges() - before} polls)`);
    assert.equal((await recordSet(a, rs.id))!.status, "ready");
  });

  it("a change still PENDING when the wait ends → failed, retryable; the retry upserts the same records again and waits", async () => {
    const rs = await createRS(a, domainId, { name: "slowsync", type: "A", values: ["192.0.2.56"] });
    r53.pendingPolls = 1_000;
    try {
      await assert.rejects(reconcile(a, rs.id), (err: Error) => err.message === "route53: change still propagating (PENDING)");
    } finally {
      r53.pendingPolls = 0;
    }
    const waiting = (await recordSet(a, rs.id))!;
    assert.equal(waiting.status, "failed");
    assert.equal(waiting.last_error, "route53: change still propagating (PENDING)");
    assert.deepEqual(r53.rrset(zoneId, "slowsync.example.com", "A")?.values, ["192.0.2.56"], "the change itself was accepted");
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    assert.equal((await recordSet(a, rs.id))!.last_error, "");
    assert.deepEqual(r53.rrset(zoneId, "slowsync.example.com", "A")?.values, ["192.0.2.56"]);
  });

  it("concurrent reconciles of one record set write it once (lease)", async () => {
    const rs = await createRS(a, domainId, { name: "race", type: "A", values: ["192.0.2.60"] });
    const posts = () => r53.requests.filter((r) => r.method === "POST").length;
    const before = posts();
    const results = await Promise.allSettled([reconcile(a, rs.id), reconcile(a, rs.id), reconcile(a, rs.id)]);
    assert.ok(results.some((r) => r.status === "fulfilled" && (r.value as { status: string }).status === "ready"));
    for (const r of results) {
      if (r.status === "rejected") assert.equal((r.reason as Error).message, "record set reconcile already running");
      else assert.ok(["ready", "skipped"].includes((r.value as { status: string }).status));
    }
    assert.equal(posts() - before, 1);
    assert.equal((await recordSet(a, rs.id))!.status, "ready");
  });

  it("a record set of a domain without zone id backfills it; the sweep finds pending work", async () => {
    const zone = r53.addZone("late.example.org");
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: a.credentialId, domain_name: "late.example.org" }, { headers: a.h })).json as { id: string };
    const rs = await createRS(a, d.id, { name: "x", type: "A", values: ["192.0.2.70"] });
    const swept = (await stack.broker.call("dns.sweep", {})) as { domains: number; record_sets: number };
    assert.ok(swept.domains >= 1 && swept.record_sets >= 1);
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    assert.equal(((await stack.http.get(`/api/v1/dns/domains/${d.id}`, { headers: a.h })).json as { zone_id: string }).zone_id, zone);
    assert.deepEqual(r53.rrset(zone, "x.late.example.org", "A")?.values, ["192.0.2.70"]);
  });

  it("deleting a domain removes the record sets we wrote from the host", async () => {
    const zone = r53.addZone("bye.example.org");
    const d = (await stack.http.post("/api/v1/dns/domains", { credential_id: a.credentialId, domain_name: "bye.example.org" }, { headers: a.h })).json as { id: string };
    await reconcileDomain(a, d.id);
    const rs = await createRS(a, d.id, { name: "@", type: "A", values: ["192.0.2.80"] });
    await reconcile(a, rs.id);
    assert.deepEqual(r53.rrset(zone, "bye.example.org", "A")?.values, ["192.0.2.80"]);
    assert.equal((await stack.http.delete(`/api/v1/dns/domains/${d.id}`, { headers: a.h })).status, 204);
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: a.orgId, record_set_id: rs.id }), { status: "deleted" });
    assert.equal(r53.rrset(zone, "bye.example.org", "A"), undefined);
    assert.equal(r53.rrset(zone, "_autoglue.bye.example.org", "TXT"), undefined);
  });

  it("the sweep picks up items stuck in provisioning", async () => {
    const rs = await createRS(a, domainId, { name: "stuck", type: "A", values: ["192.0.2.90"] });
    assert.equal((await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { status: "provisioning" }, { headers: a.h })).status, 200);
    const notYet = (await stack.broker.call("dns.sweep", {})) as { record_sets: number };
    const now = (await stack.broker.call("dns.sweep", { stuck_after_ms: 0 })) as { record_sets: number };
    assert.equal(now.record_sets, notYet.record_sets + 1);
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
  });

  it("a change the host refuses → failed with the host's reason, not retried", async () => {
    // another tool put an A record beside our marker (the API itself refuses a CNAME next to its own records)
    r53.put(zoneId, { name: "mixed.example.com", type: "A", ttl: 300, values: ["192.0.2.100"] });
    r53.put(zoneId, { name: "_autoglue.mixed.example.com", type: "TXT", ttl: 300, values: [marker(a.orgId)] });
    const sweepCount = async () => ((await stack.broker.call("dns.sweep", {})) as { record_sets: number }).record_sets;
    const before = await sweepCount();
    const cname = await createRS(a, domainId, { name: "mixed", type: "CNAME", values: ["www.example.com"] });
    assert.equal(await sweepCount(), before + 1, "pending: the sweep would enqueue it");
    await failsForGood(reconcile(a, cname.id), /^route53: InvalidChangeBatch: RRSet of type CNAME with DNS name mixed\.example\.com\. is not permitted/);
    const got = (await recordSet(a, cname.id))!;
    assert.equal(got.status, "failed");
    assert.match(got.last_error, /^route53: InvalidChangeBatch: RRSet of type CNAME with DNS name mixed\.example\.com\. is not permitted/);
    assert.equal(await sweepCount(), before, "a refusal is not retried by the sweep");
  });

  it("a record set deleted while its reconcile writes is removed from the host afterwards", async () => {
    const rs = await createRS(a, domainId, { name: "fleeting", type: "A", values: ["192.0.2.110"] });
    r53.beforeChange = async () => {
      r53.beforeChange = undefined;
      assert.equal((await stack.http.delete(`/api/v1/dns/records/${rs.id}`, { headers: a.h })).status, 204);
    };
    assert.deepEqual(await reconcile(a, rs.id), { status: "deleted" });
    assert.ok(r53.rrset(zoneId, "fleeting.example.com", "A"), "written before the delete was seen");
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: a.orgId, record_set_id: rs.id }), { status: "deleted" });
    assert.equal(r53.rrset(zoneId, "fleeting.example.com", "A"), undefined);
    assert.equal(r53.rrset(zoneId, "_autoglue.fleeting.example.com", "TXT"), undefined);
  });

  it("a record set renamed while its reconcile writes ends up under the new name only", async () => {
    const rs = await createRS(a, domainId, { name: "before", type: "A", values: ["192.0.2.120"] });
    r53.beforeChange = async () => {
      r53.beforeChange = undefined;
      assert.equal((await stack.http.patch(`/api/v1/dns/records/${rs.id}`, { name: "after" }, { headers: a.h })).status, 200);
    };
    await assert.rejects(reconcile(a, rs.id), (err: Error) => err.message === "record set changed during reconcile");
    assert.equal((await recordSet(a, rs.id))!.status, "pending");
    assert.deepEqual(await reconcile(a, rs.id), { status: "ready" });
    assert.equal(r53.rrset(zoneId, "before.example.com", "A"), undefined);
    assert.equal(r53.rrset(zoneId, "_autoglue.before.example.com", "TXT"), undefined);
    assert.deepEqual(r53.rrset(zoneId, "after.example.com", "A")?.values, ["192.0.2.120"]);
  });

  it("another organization cannot reconcile or see this organization's records; secrets never reach the logs", async () => {
    const b = await tenant(stack);
    const [some] = (await stack.http.get(`/api/v1/dns/domains/${domainId}/records`, { headers: a.h })).json as RS[];
    assert.deepEqual(await reconcile(b, some!.id), { status: "skipped" });
    assert.deepEqual(await stack.broker.call("dns.deleteRecordSet", { organization_id: b.orgId, record_set_id: some!.id }), { status: "skipped" });
    assert.equal((await stack.http.get(`/api/v1/dns/domains/${domainId}/records`, { headers: b.h })).status, 404);
    assert.ok(stack.logs.length > 0);
    assert.ok(!stack.logs.some((l) => l.includes(SECRET_KEY)));
  });
});
