import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { HttpClient } from "../helpers/http.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";
import { inTestRealm } from "../helpers/realm.ts";

/**
 * The whole system as three processes on the real NATS, the way an operator runs it:
 *   gateway (api) | identity (auth, orgs) | the rest (inventory, credentials, dns, clusters, jobs)
 * each with its own health port. One user's journey touches every service through the gateway;
 * health, readiness, metrics, request ids across the bus and the drain on SIGTERM are checked
 * from outside, as a probe or a scraper sees them.
 */
describe("e2e: every service, three processes over NATS", () => {
  const namespace = `dist-${randomBytes(4).toString("hex")}`;
  const common: Record<string, string> = {
    ...distributedEnv(namespace),
    // the job engine polls its queue; keep it from spinning on the shared CI cores
    JOBS_POLL_MS: "1000",
  };
  const nodes: Record<"gateway" | "identity" | "rest", NodeProcess> = {} as never;
  const health: Record<keyof typeof nodes, number> = {} as never;
  let http: HttpClient;
  let admin: HttpClient;
  let org: HttpClient;
  let orgId = "";

  const probe = (node: keyof typeof nodes, path: string) => fetch(`http://127.0.0.1:${health[node]}${path}`);

  beforeAll(async () => {
    const port = await freePort();
    for (const n of ["gateway", "identity", "rest"] as const) health[n] = await freePort();
    nodes.gateway = startNode("gateway", { ...common, SERVICES: "api", PORT: String(port), HEALTH_PORT: String(health.gateway), SHUTDOWN_DELAY_MS: "1500" });
    nodes.identity = startNode("identity", { ...common, SERVICES: "auth,orgs", HEALTH_PORT: String(health.identity) });
    nodes.rest = startNode("rest", { ...common, SERVICES: "inventory,credentials,dns,clusters,jobs", HEALTH_PORT: String(health.rest) });
    http = new HttpClient(`http://127.0.0.1:${port}`);
    for (const n of ["gateway", "identity", "rest"] as const) {
      await waitUntil(`${n} ready`, async () => ((await probe(n, "/readyz")).status === 200 ? true : undefined), 60_000);
    }
    await waitUntil("gateway sees the other processes", async () => {
      const res = await http.get("/api/v1/admin/worker/queues");
      return res.status === 401 ? true : undefined; // routed and authenticated, not 503
    });
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", `ops-${namespace}@example.com`, "--admin"], common);
    assert.equal(out.code, 0, out.stderr);
    const token = (JSON.parse(out.stdout) as { access_token: string }).access_token;
    admin = http.with({ authorization: `Bearer ${token}` });
  });

  afterAll(async () => {
    await Promise.all(Object.values(nodes).map((n) => n?.stop()));
  });

  it("each process is live and ready, and /readyz names the databases it pinged", async () => {
    for (const n of ["gateway", "identity", "rest"] as const) {
      const live = await probe(n, "/livez");
      assert.equal(live.status, 200);
      assert.equal(((await live.json()) as { status: string }).status, "ok");
    }
    const ready = (n: keyof typeof nodes) =>
      probe(n, "/readyz").then(async (r) => inTestRealm((await r.json()) as { status: string; transporter: boolean; databases: { service: string; ok: boolean }[] }));
    const gw = await ready("gateway");
    assert.equal(gw.status, "ready");
    assert.equal(gw.transporter, true);
    assert.deepEqual(gw.databases, []);
    const identity = await ready("identity");
    assert.deepEqual(identity.databases.map((d) => d.service).sort(), ["auth", "orgs"]);
    assert.ok(identity.databases.every((d) => d.ok));
    const rest = await ready("rest");
    assert.deepEqual(rest.databases.map((d) => d.service).sort(), ["clusters", "credentials", "dns", "inventory", "jobs"]);
    assert.ok(rest.databases.every((d) => d.ok));
  });

  it("a journey across every service: organization, node pool, credential, DNS domain, cluster, /me, job queues", async () => {
    const created = await admin.post("/api/v1/orgs", { name: "Distributed Org" });
    assert.equal(created.status, 201, created.text);
    orgId = (created.json as { id: string }).id;
    org = admin.with({ "x-org-id": orgId });
    assert.equal((await admin.get(`/api/v1/orgs/${orgId}`)).json.name, "Distributed Org");

    const pool = await org.post("/api/v1/node-pools", { name: "workers", role: "worker" });
    assert.equal(pool.status, 201, pool.text);
    const poolGet = await org.get(`/api/v1/node-pools/${(pool.json as { id: string }).id}`);
    assert.equal(poolGet.status, 200);
    assert.equal(poolGet.json.name, "workers");

    const cred = await org.post("/api/v1/credentials", {
      ...powerdnsCredentialBody("pdns-token-distributed", "http://127.0.0.1:9"),
    });
    assert.equal(cred.status, 201, cred.text);
    const credentialId = (cred.json as { id: string }).id;
    const listed = await org.get("/api/v1/credentials");
    assert.equal(listed.status, 200);
    assert.ok(!listed.text.includes("pdns-token-distributed"), "a list never carries the secret");

    // dns (process 3) checks the credential with credentials (process 3) for an org the gateway authorised with orgs (process 2)
    const domain = await org.post("/api/v1/dns/domains", { credential_id: credentialId, domain_name: "Dist.Example.com." });
    assert.equal(domain.status, 201, domain.text);
    assert.equal(domain.json.domain_name, "dist.example.com");

    const cluster = await org.post("/api/v1/clusters", { name: "dist-cluster" });
    assert.equal(cluster.status, 201, cluster.text);
    const clusterGet = await org.get(`/api/v1/clusters/${(cluster.json as { id: string }).id}`);
    assert.equal(clusterGet.status, 200);
    assert.equal(clusterGet.json.name, "dist-cluster");

    // auth (process 2) asks orgs for the caller's organizations
    const me = await admin.get("/api/v1/me");
    assert.equal(me.status, 200, me.text);
    assert.ok(JSON.stringify(me.json).includes(orgId), "GET /me lists the new organization");

    const queues = await admin.get("/api/v1/admin/worker/queues");
    assert.equal(queues.status, 200, queues.text);
    assert.ok(Array.isArray(queues.json) || typeof queues.json === "object");

    // the same organization is invisible to another user
    const other = await runCommand(["--import", "tsx", "bin/token.ts", "--email", `other-${namespace}@example.com`], common);
    assert.equal(other.code, 0, other.stderr);
    const stranger = http.with({ authorization: `Bearer ${(JSON.parse(other.stdout) as { access_token: string }).access_token}`, "x-org-id": orgId });
    assert.equal((await stranger.get("/api/v1/clusters")).status, 403);
  });

  it("a request id given at the gateway is on the log lines of the process that served it", async () => {
    assert.ok(orgId, "the journey ran");
    const list = await org.get("/api/v1/credentials");
    const id = (list.json as { id: string }[])[0]!.id;
    const requestId = `dist-${randomBytes(6).toString("hex")}`;
    const res = await org.post(`/api/v1/credentials/${id}/reveal`, {}, { headers: { "x-request-id": requestId } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get("x-request-id"), requestId);
    const line = await waitUntil("the audit line in the credentials process", async () =>
      nodes.rest.output
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return undefined;
          }
        })
        .find((l) => l?.requestId === requestId),
    );
    assert.equal(line.svc, "credentials");
    assert.match(String(line.msg), /audit/);
    assert.ok(!nodes.rest.output.join("\n").includes("pdns-token-distributed"), "the revealed secret is never logged");
  });

  it("/metrics: HTTP requests per route pattern and status at the gateway, Moleculer metrics in every process", async () => {
    // anonymous: authentication is decided before the id is looked at, so this is a 401
    await http.get("/api/v1/orgs/not-a-uuid");
    const gw = await probe("gateway", "/metrics");
    assert.equal(gw.status, 200);
    assert.match(gw.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
    const text = await gw.text();
    const has = (body: string, re: RegExp) => assert.ok(re.test(body), `/metrics has no line matching ${re}`);
    has(text, /^# TYPE http_requests_total counter$/m);
    has(text, /^http_requests_total\{.*method="POST",route="\/api\/v1\/dns\/domains",status="201"\} 1$/m);
    has(text, /^http_requests_total\{.*method="GET",route="\/api\/v1\/orgs\/:id",status="401"\} 1$/m);
    assert.ok(!text.includes("not-a-uuid"), "labels carry the route pattern, never the raw URL");
    has(text, /^# TYPE http_request_duration_seconds histogram$/m);
    has(text, /^http_request_duration_seconds_bucket\{.*route="\/api\/v1\/clusters",status="201",le="\+Inf"\} 1$/m);
    has(text, /^http_request_duration_seconds_count\{.*route="\/api\/v1\/clusters",status="201"\} 1$/m);
    const rest = await (await probe("rest", "/metrics")).text();
    has(rest, /^moleculer_request_total\{.*action="dns\.createDomain".*\} 1$/m);
    has(rest, new RegExp(`^process_uptime\\{namespace="${namespace}",nodeID="[^"]+"\\} `, "m"));
  });

  it("SIGTERM on the gateway: not ready at once, still serving during the delay, then a clean exit", async () => {
    nodes.gateway.child.kill("SIGTERM");
    await waitUntil("gateway readiness to drop", async () => ((await probe("gateway", "/readyz")).status === 503 ? true : undefined), 5_000);
    assert.equal((await probe("gateway", "/livez")).status, 200, "alive while draining");
    assert.equal((await http.get("/api/v1/healthz")).status, 200, "requests are still served during SHUTDOWN_DELAY_MS");
    assert.equal(await nodes.gateway.stop(), 0);
  });
});
