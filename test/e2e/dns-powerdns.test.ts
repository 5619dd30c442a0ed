import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { HttpClient } from "../helpers/http.ts";
import { startPowerDns, type PowerDns } from "../helpers/pdns.ts";
import { orgHeaders, signIn } from "../helpers/principals.ts";
import { freePort, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";
import { inTestRealm } from "../helpers/realm.ts";

interface RS {
  id: string;
  status: string;
  owner: string;
  last_error: string;
}

/** The addresses the server answers for `name`, or the DNS error code (ENOTFOUND = NXDOMAIN). */
async function lookup4(pdns: PowerDns, name: string): Promise<string[] | string> {
  try {
    return inTestRealm(await pdns.resolver().resolve4(name)).sort();
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe("e2e: DNS records reach a real PowerDNS server (gateway, services and job worker over NATS)", () => {
  const namespace = `e2e-dns-${randomBytes(4).toString("hex")}`;
  const zone = `e2e-${randomBytes(3).toString("hex")}.test`;
  const common = distributedEnv(namespace);
  let pdns: PowerDns;
  let gateway: NodeProcess;
  let backend: NodeProcess;
  let client: ServiceBroker;
  let http: HttpClient;
  let h: Record<string, string>;
  let domainId: string;

  beforeAll(async () => {
    pdns = await startPowerDns();
    await pdns.createZone(zone);
    const port = await freePort();
    gateway = startNode("gateway", { ...common, SERVICES: "api", PORT: String(port) });
    backend = startNode("backend", {
      ...common,
      SERVICES: "auth,orgs,credentials,dns,clusters,jobs",
      // the test's PowerDNS listens on loopback: allowed here by the operator's switch
      DNS_ALLOW_PRIVATE_ENDPOINTS: "true",
      JOBS_POLL_MS: "200",
      JOBS_BACKOFF_BASE_MS: "200",
      JOBS_BACKOFF_MAX_MS: "2000",
    });
    http = new HttpClient(`http://127.0.0.1:${port}`);
    client = new ServiceBroker({
      namespace,
      nodeID: `dns-e2e-client-${process.pid}`,
      transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
      serializer: "JSON",
      logger: false,
    });
    await client.start();
    await client.waitForServices(["auth", "orgs", "credentials", "dns", "jobs"], 60_000);
    await waitUntil("gateway routes to dns", async () => ((await http.get("/api/v1/dns/domains")).status === 401 ? true : undefined));

    const user = await signIn(client);
    const org = await http.post("/api/v1/orgs", { name: "PowerDNS e2e" }, { headers: user.bearer });
    assert.equal(org.status, 201, org.text);
    h = orgHeaders(user, (org.json as { id: string }).id);
    const cred = await http.post(
      "/api/v1/credentials",
      {
        ...powerdnsCredentialBody(pdns.apiKey, pdns.apiUrl),
      },
      { headers: h },
    );
    assert.equal(cred.status, 201, cred.text);
    const dom = await http.post("/api/v1/dns/domains", { credential_id: (cred.json as { id: string }).id, domain_name: zone }, { headers: h });
    assert.equal(dom.status, 201, dom.text);
    domainId = (dom.json as { id: string }).id;
  });

  afterAll(async () => {
    await client?.stop();
    await Promise.all([gateway?.stop(), backend?.stop()]);
    await pdns?.destroy();
  });

  it("the domain reconcile finds the PowerDNS zone: ready with zone_id backfilled", async () => {
    const d = await waitUntil("domain ready", async () => {
      const res = (await http.get(`/api/v1/dns/domains/${domainId}`, { headers: h })).json as { status: string; zone_id: string; last_error: string };
      return res.status === "ready" ? res : undefined;
    });
    assert.equal(d.zone_id, `${zone}.`);
    assert.equal(d.last_error, "");
  });

  it("create → the server answers; change → the new answer; rename → the old name is gone; delete → NXDOMAIN", async () => {
    assert.equal(await lookup4(pdns, `www.${zone}`), "ENOTFOUND");
    const created = await http.post(`/api/v1/dns/domains/${domainId}/records`, { name: `www.${zone}.`, type: "A", ttl: 60, values: ["192.0.2.10"] }, { headers: h });
    assert.equal(created.status, 201, created.text);
    const rs = created.json as RS;
    assert.equal(rs.status, "pending");

    assert.deepEqual(
      await waitUntil("A record served", async () => {
        const a = await lookup4(pdns, `www.${zone}`);
        return Array.isArray(a) ? a : undefined;
      }),
      ["192.0.2.10"],
    );
    const ready = await waitUntil("record set ready", async () => {
      const [r] = (await http.get(`/api/v1/dns/domains/${domainId}/records?name=www`, { headers: h })).json as RS[];
      return r?.status === "ready" ? r : undefined;
    });
    assert.equal(ready.owner, "autoglue");
    assert.deepEqual(inTestRealm(await pdns.resolver().resolveTxt(`_autoglue.www.${zone}`)), [[`heritage=autoglue,autoglue/owner=${h["x-org-id"]}`]]);

    const patched = await http.patch(`/api/v1/dns/records/${rs.id}`, { values: ["192.0.2.20", "192.0.2.21"] }, { headers: h });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((patched.json as RS).status, "pending");
    assert.deepEqual(
      await waitUntil("changed A record served", async () => {
        const a = await lookup4(pdns, `www.${zone}`);
        return Array.isArray(a) && a[0] !== "192.0.2.10" ? a : undefined;
      }),
      ["192.0.2.20", "192.0.2.21"],
    );

    const renamed = await http.patch(`/api/v1/dns/records/${rs.id}`, { name: "web" }, { headers: h });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(
      await waitUntil("renamed record served", async () => {
        const a = await lookup4(pdns, `web.${zone}`);
        return Array.isArray(a) ? a : undefined;
      }),
      ["192.0.2.20", "192.0.2.21"],
    );
    assert.equal(await lookup4(pdns, `www.${zone}`), "ENOTFOUND");
    await assert.rejects(pdns.resolver().resolveTxt(`_autoglue.www.${zone}`), (err: { code: string }) => err.code === "ENOTFOUND");

    const del = await http.delete(`/api/v1/dns/records/${rs.id}`, { headers: h });
    assert.equal(del.status, 204, del.text);
    assert.equal(await waitUntil("NXDOMAIN", async () => ((await lookup4(pdns, `web.${zone}`)) === "ENOTFOUND" ? "ENOTFOUND" : undefined)), "ENOTFOUND");
    await assert.rejects(pdns.resolver().resolveTxt(`_autoglue.web.${zone}`), (err: { code: string }) => err.code === "ENOTFOUND");
  });

  it("PowerDNS down → failed with last_error; back up → the retried job makes it ready and served", async () => {
    await pdns.stop();
    let restarted = false;
    try {
      const created = await http.post(`/api/v1/dns/domains/${domainId}/records`, { name: "outage", type: "TXT", values: ["back soon"] }, { headers: h });
      assert.equal(created.status, 201, created.text);
      const failed = await waitUntil("record set failed", async () => {
        const [r] = (await http.get(`/api/v1/dns/domains/${domainId}/records?name=outage`, { headers: h })).json as RS[];
        return r?.status === "failed" ? r : undefined;
      });
      assert.equal(failed.last_error, "powerdns: connection refused");
      await pdns.start();
      restarted = true;
    } finally {
      if (!restarted) await pdns.start();
    }
    await waitUntil(
      "record set ready after the outage",
      async () => {
        const [r] = (await http.get(`/api/v1/dns/domains/${domainId}/records?name=outage`, { headers: h })).json as RS[];
        return r?.status === "ready" ? r : undefined;
      },
      60_000,
    );
    assert.deepEqual(inTestRealm(await pdns.resolver().resolveTxt(`outage.${zone}`)), [["back soon"]]);
  });

  it("a name another owner marked stays theirs: failed, owner external, their answer unchanged", async () => {
    const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}.`, {
      method: "PATCH",
      headers: { "X-API-Key": pdns.apiKey, "content-type": "application/json" },
      body: JSON.stringify({
        rrsets: [
          { name: `theirs.${zone}.`, type: "A", ttl: 60, changetype: "REPLACE", records: [{ content: "198.51.100.7", disabled: false }] },
          {
            name: `_autoglue.theirs.${zone}.`,
            type: "TXT",
            ttl: 60,
            changetype: "REPLACE",
            records: [{ content: '"heritage=autoglue,autoglue/owner=another-org"', disabled: false }],
          },
        ],
      }),
    });
    assert.equal(res.status, 204);
    await http.post(`/api/v1/dns/domains/${domainId}/records`, { name: "theirs", type: "A", values: ["192.0.2.99"] }, { headers: h });
    const failed = await waitUntil("record set failed as external", async () => {
      const [r] = (await http.get(`/api/v1/dns/domains/${domainId}/records?name=theirs`, { headers: h })).json as RS[];
      return r?.status === "failed" ? r : undefined;
    });
    assert.equal(failed.owner, "external");
    assert.equal(failed.last_error, `theirs.${zone} is owned by another owner`);
    assert.deepEqual(await lookup4(pdns, `theirs.${zone}`), ["198.51.100.7"]);
  });
});
