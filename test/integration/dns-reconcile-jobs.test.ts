import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Job, PageJob } from "../../shared/contracts/jobs.ts";
import { route53CredentialBody } from "../helpers/fixtures.ts";
import type { HttpClient } from "../helpers/http.ts";
import { newTenant, signIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startRoute53Server, type Route53Server } from "../helpers/route53-server.ts";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

interface Item {
  id: string;
  status: string;
  last_error: string;
}

/**
 * DNS reconciles run as jobs (the real engine, the local Route53 API server): a reconcile that
 * leaves its domain or record set `failed` for good fails its job with the item's error, at
 * once, so `GET /admin/worker/jobs?status=failed` shows it; a host outage is still retried.
 */
describe("dns reconcile jobs: an item failed for good fails its job", () => {
  let r53: Route53Server;
  let stack: Stack;
  let admin: HttpClient;
  let t: Tenant;
  let credentialId: string;
  let zoneId: string;
  let readyDomainId: string;

  beforeAll(async () => {
    r53 = await startRoute53Server();
    stack = await startStack({
      services: ["api", "auth", "orgs", "credentials", "dns", "jobs", "events"],
      env: {
        DNS_ROUTE53_ENDPOINT: r53.url,
        DNS_ROUTE53_SYNC_WAIT_MS: "0",
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_POLL_MS: "500",
        JOBS_BACKOFF_BASE_MS: "200",
        JOBS_BACKOFF_MAX_MS: "400",
      },
    });
    admin = stack.http.with((await signIn(stack.broker, undefined, { admin: true })).bearer);
    t = await newTenant(stack, "Reconcile jobs org");
    const cred = await t.http.post("/api/v1/credentials", route53CredentialBody({ access_key_id: "AKIARECONCILE", secret_access_key: randomBytes(12).toString("hex") }));
    assert.equal(cred.status, 201, cred.text);
    credentialId = (cred.json as { id: string }).id;
    zoneId = r53.addZone("jobs.example.com");
  });
  afterAll(async () => {
    await stack?.stop();
    await r53?.stop();
  });

  /** The one job of `type` whose payload names `itemId`, as the admin jobs list shows it (optionally filtered by status). */
  const jobOf = async (type: string, itemId: string, status?: string): Promise<Job | undefined> => {
    const res = await admin.get<PageJob>(`/api/v1/admin/worker/jobs?q=${itemId}${status ? `&status=${status}` : ""}`);
    assert.equal(res.status, 200, res.text);
    const jobs = res.json.items.filter((j) => j.type === type);
    assert.ok(jobs.length <= 1, `one ${type} job for ${itemId}`);
    return jobs[0];
  };
  /** A record set as the organization's list of the domain's record sets shows it. */
  const recordSet = async (id: string): Promise<Item & { owner: string }> => {
    const res = await t.http.get<(Item & { owner: string })[]>(`/api/v1/dns/domains/${readyDomainId}/records`);
    assert.equal(res.status, 200, res.text);
    const found = res.json.find((r) => r.id === id);
    assert.ok(found, `record set ${id} listed`);
    return found;
  };
  const finishedJob = (type: string, itemId: string) =>
    waitUntil(`${type} job of ${itemId} finished`, async () => {
      const j = await jobOf(type, itemId);
      return j && ["succeeded", "failed", "canceled"].includes(j.status) ? j : undefined;
    });

  it("a domain whose hosted zone does not exist: the domain and its job are failed, with the same error, without retries", async () => {
    const created = await t.http.post<Item>("/api/v1/dns/domains", { credential_id: credentialId, domain_name: "nozone.example.net" });
    assert.equal(created.status, 201, created.text);
    const id = created.json.id;

    const job = await finishedJob("dns.reconcileDomain", id);
    assert.equal(job.status, "failed");
    assert.equal(job.last_error, "no hosted zone found for nozone.example.net");
    assert.equal(job.attempts, 1, "failed for good: not retried");
    assert.equal(job.max_attempts, 8);

    // the admin's list of failed jobs shows it
    const failed = await admin.get<PageJob>("/api/v1/admin/worker/jobs?status=failed");
    assert.equal(failed.status, 200);
    const listed = failed.json.items.find((j) => j.id === job.id);
    assert.ok(listed, "listed under status=failed");
    assert.equal(listed.last_error, "no hosted zone found for nozone.example.net");
    assert.deepEqual(listed.payload, { organization_id: t.orgId, domain_id: id });

    // the DNS API answers as before
    const domain = await t.http.get<Item & { zone_id: string }>(`/api/v1/dns/domains/${id}`);
    assert.equal(domain.status, 200);
    assert.equal(domain.json.status, "failed");
    assert.equal(domain.json.last_error, "no hosted zone found for nozone.example.net");
    assert.equal(domain.json.zone_id, "");
  });

  it("a record set on a name another owner holds: failed (owner external) and its job failed with that error; the domain's job succeeded", async () => {
    const created = await t.http.post<Item>("/api/v1/dns/domains", { credential_id: credentialId, domain_name: "jobs.example.com" });
    assert.equal(created.status, 201, created.text);
    const domainId = created.json.id;
    readyDomainId = domainId;
    assert.equal((await finishedJob("dns.reconcileDomain", domainId)).status, "succeeded");
    assert.equal(await jobOf("dns.reconcileDomain", domainId, "failed"), undefined);

    r53.put(zoneId, { name: "_autoglue.taken.jobs.example.com", type: "TXT", ttl: 300, values: ['"heritage=autoglue,autoglue/owner=someone-else"'] });
    const rs = await t.http.post<Item>(`/api/v1/dns/domains/${domainId}/records`, { name: "taken", type: "A", values: ["192.0.2.1"] });
    assert.equal(rs.status, 201, rs.text);

    const job = await finishedJob("dns.reconcileRecordSet", rs.json.id);
    assert.equal(job.status, "failed");
    assert.equal(job.last_error, "taken.jobs.example.com is owned by another owner");
    assert.equal(job.attempts, 1);
    assert.equal((await jobOf("dns.reconcileRecordSet", rs.json.id, "failed"))?.id, job.id);

    const got = await recordSet(rs.json.id);
    assert.equal(got.status, "failed");
    assert.equal(got.owner, "external");
    assert.equal(got.last_error, "taken.jobs.example.com is owned by another owner");

    // the audit log, oldest first: created, then the worker's status changes, then the job failed for good
    const audit = await t.http.get<DomainEvent[]>(`/api/v1/audit-events?resource_id=${rs.json.id}`);
    assert.equal(audit.status, 200, audit.text);
    assert.deepEqual(audit.json.map((e) => [e.type, e.data.from, e.data.to, e.actor.type]).reverse(), [
      ["record_set.created", undefined, undefined, "user"],
      ["record_set.status_changed", "pending", "provisioning", "system"],
      ["record_set.status_changed", "provisioning", "failed", "system"],
    ]);
    assert.equal(audit.json[0]!.data.last_error, "taken.jobs.example.com is owned by another owner");
    const failed = await t.http.get<DomainEvent[]>(`/api/v1/audit-events?type=job.failed&resource_id=${job.id}`);
    assert.deepEqual(
      failed.json.map((e) => [e.type, e.data.job_type, e.data.last_error]),
      [["job.failed", "dns.reconcileRecordSet", "taken.jobs.example.com is owned by another owner"]],
    );
  });

  it("a host outage is not final: the job retries and succeeds once the host answers again", async () => {
    await r53.stop();
    const rs = await t.http.post<Item>(`/api/v1/dns/domains/${readyDomainId}/records`, { name: "later", type: "A", values: ["192.0.2.2"] });
    assert.equal(rs.status, 201, rs.text);
    const retrying = await waitUntil("the job retrying", async () => {
      const j = await jobOf("dns.reconcileRecordSet", rs.json.id);
      return j?.status === "retrying" ? j : undefined;
    });
    assert.equal(retrying.last_error, "route53: connection refused");
    await r53.start();
    const job = await finishedJob("dns.reconcileRecordSet", rs.json.id);
    assert.equal(job.status, "succeeded");
    assert.ok(job.attempts >= 2, `attempts ${job.attempts}`);
    assert.equal((await recordSet(rs.json.id)).status, "ready");
  });
});
