import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { Webhook } from "standardwebhooks";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { openStream } from "../helpers/event-stream.ts";
import { route53CredentialBody } from "../helpers/fixtures.ts";
import { HttpClient } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail } from "../helpers/principals.ts";
import { freePort, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";
import { startRoute53Server, type Route53Server } from "../helpers/route53-server.ts";
import { startTcpPipe, type TcpPipe } from "../helpers/tcp-pipe.ts";

/** A local webhook receiver: every request's headers and body. */
async function startReceiver(): Promise<{ server: Server; url: string; received: { headers: IncomingHttpHeaders; body: string }[] }> {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, received };
}

/**
 * Events across processes on NATS: two gateways and a back-end process. A change made through
 * one gateway reaches the live streams of both (the events service broadcasts over the bus), the
 * job worker's status changes of a cluster (clusters.validate) and of a record set (reconciled
 * against a local Route53) included; the audit log holds each change once, and a webhook gets
 * each once, signed so that a Standard Webhooks verifier accepts it.
 */
describe("e2e: events cross NATS to every gateway's streams", () => {
  const common: Record<string, string> = {
    ...distributedEnv(`e2e-events-${randomBytes(4).toString("hex")}`),
    LOG_LEVEL: "warn",
    JOBS_POLL_MS: "200",
  };
  const nodes: NodeProcess[] = [];
  let bus: ServiceBroker;
  let ports: number[] = [];
  let g1: HttpClient;
  let headers: Record<string, string>;
  let r53: Route53Server;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** Gateway 2's link to the bus, which a test cuts. */
  let busLink: TcpPipe;

  beforeAll(async () => {
    ports = [await freePort(), await freePort()];
    r53 = await startRoute53Server();
    receiver = await startReceiver();
    const backend = {
      ...common,
      SERVICES: "auth,orgs,inventory,credentials,dns,clusters,jobs,events",
      NODE_ID: "backend",
      DNS_ROUTE53_ENDPOINT: r53.url,
      DNS_ROUTE53_SYNC_WAIT_MS: "0",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      JOBS_BACKOFF_BASE_MS: "200",
      JOBS_BACKOFF_MAX_MS: "400",
    };
    nodes.push(startNode("backend", backend));
    nodes.push(startNode("gateway-1", { ...common, SERVICES: "api", PORT: String(ports[0]), NODE_ID: "gateway-1" }));
    const natsUrl = new URL(common.TRANSPORTER!);
    busLink = await startTcpPipe(natsUrl.hostname, Number(natsUrl.port));
    nodes.push(startNode("gateway-2", { ...common, TRANSPORTER: `nats://127.0.0.1:${busLink.port}`, SERVICES: "api", PORT: String(ports[1]), NODE_ID: "gateway-2" }));
    bus = new ServiceBroker({
      namespace: common.NAMESPACE!,
      nodeID: `events-e2e-${randomBytes(3).toString("hex")}`,
      transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
      serializer: "JSON",
      logger: false,
    });
    await bus.start();
    await bus.waitForServices(["auth", "orgs", "inventory", "clusters", "jobs", "events"], 90_000);
    const alice = await signIn(bus, uniqueEmail("alice"));
    g1 = new HttpClient(`http://127.0.0.1:${ports[0]}`);
    const org = await waitUntil(
      "the gateway to create an organization",
      async () => {
        const res = await g1.post("/api/v1/orgs", { name: "Streamed" }, { headers: alice.bearer });
        return res.status === 201 ? (res.json as { id: string }) : undefined;
      },
      60_000,
    );
    headers = orgHeaders(alice, org.id);
    await waitUntil("the second gateway", async () => ((await fetch(`http://127.0.0.1:${ports[1]}/api/v1/labels`, { headers })).status === 200 ? true : undefined), 60_000);
  });

  afterAll(async () => {
    await bus?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    await r53?.stop();
    await new Promise<void>((r) => (receiver ? receiver.server.close(() => r()) : r()));
    await busLink?.close();
  });

  it("a stream on a gateway whose bus link was cut misses nothing: once the link is back it reads what it missed from the audit log", async () => {
    const g2 = `http://127.0.0.1:${ports[1]}`;
    const stream = await openStream(g2, headers, "?types=label.*");
    assert.equal(stream.status, 200);
    const before = await g1.post("/api/v1/labels", { key: "link", value: "before" }, { headers });
    assert.equal(before.status, 201, before.text);
    await waitUntil("the label made before the cut", async () => (stream.events.some((e) => e.resource_id === before.json.id) ? true : undefined), 30_000);

    busLink.cut();
    // made through gateway 1 while gateway 2 is off the bus: their broadcasts never reach gateway 2
    const during: string[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await g1.post("/api/v1/labels", { key: "link", value: `during-${i}` }, { headers });
      assert.equal(made.status, 201, made.text);
      during.push((made.json as { id: string }).id);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    assert.deepEqual(
      stream.events.filter((e) => during.includes(e.resource_id)),
      [],
      "nothing reached the cut-off gateway",
    );
    busLink.restore();

    await waitUntil(
      "every change made during the cut on the stream",
      async () => (during.every((id) => stream.events.some((e) => e.resource_id === id)) ? true : undefined),
      30_000,
    );
    const after = await g1.post("/api/v1/labels", { key: "link", value: "after" }, { headers });
    await waitUntil("the label made after the cut", async () => (stream.events.some((e) => e.resource_id === after.json.id) ? true : undefined), 30_000);
    // each once, and the stream stayed open throughout
    const ids = stream.events.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, "no event twice");
    assert.equal(stream.ended, false);
    stream.close();
  });

  it("a change through gateway 1 reaches the streams of both gateways once, and the worker's cluster status change too", async () => {
    const streams = await Promise.all(ports.map((p) => openStream(`http://127.0.0.1:${p}`, headers, "?types=label.*,cluster.*")));
    for (const s of streams) assert.equal(s.status, 200);
    const label = await g1.post("/api/v1/labels", { key: "env", value: "prod" }, { headers });
    assert.equal(label.status, 201, label.text);
    const cluster = await g1.post("/api/v1/clusters", { name: "c1" }, { headers });
    assert.equal(cluster.status, 201, cluster.text);
    const clusterId = (cluster.json as { id: string }).id;
    for (const s of streams) {
      await waitUntil(
        "the worker's status change on the stream",
        async () => (s.events.some((e) => e.type === "cluster.status_changed" && e.resource_id === clusterId) ? true : undefined),
        60_000,
      );
      const types = s.events.map((e) => e.type);
      assert.equal(types.filter((t) => t === "label.created").length, 1, types.join());
      assert.equal(types.filter((t) => t === "cluster.created").length, 1, types.join());
      const changed = s.events.find((e) => e.type === "cluster.status_changed")!;
      assert.equal(changed.actor.type, "system");
      assert.ok(typeof changed.data.from === "string" && typeof changed.data.to === "string", JSON.stringify(changed.data));
    }
    // the worker's status changes: each once in the audit log, and the same ones, once each, on both streams
    const statusChanges = ((await g1.get(`/api/v1/audit-events?resource_id=${clusterId}&type=cluster.status_changed`, { headers })).json as DomainEvent[])
      .map((e) => e.id)
      .reverse();
    assert.ok(statusChanges.length >= 1);
    assert.equal(new Set(statusChanges).size, statusChanges.length);
    for (const s of streams) {
      await waitUntil("every status change on the stream", async () => (statusChanges.every((id) => s.events.some((e) => e.id === id)) ? true : undefined), 30_000);
      assert.deepEqual(
        s.events.filter((e) => e.type === "cluster.status_changed" && e.resource_id === clusterId).map((e) => e.id),
        statusChanges,
      );
      s.close();
    }
    const audit = await g1.get(`/api/v1/audit-events?resource_id=${(label.json as { id: string }).id}`, { headers });
    assert.deepEqual(
      (audit.json as DomainEvent[]).map((e) => e.type),
      ["label.created"],
    );
  });

  it("the worker's record set status changes: once each in the audit log, on both gateways' streams and, signed, at the webhook", async () => {
    const hook = await g1.post("/api/v1/webhooks", { url: receiver.url, events: ["record_set.*"] }, { headers });
    assert.equal(hook.status, 201, hook.text);
    const secret = (hook.json as { secret: string }).secret;
    const streams = await Promise.all(ports.map((p) => openStream(`http://127.0.0.1:${p}`, headers, "?types=record_set.*")));
    for (const s of streams) assert.equal(s.status, 200);

    r53.addZone("streamed.example.com");
    const cred = await g1.post("/api/v1/credentials", route53CredentialBody({ access_key_id: "AKIAE2EEVENTS", secret_access_key: randomBytes(12).toString("hex") }), { headers });
    assert.equal(cred.status, 201, cred.text);
    const domain = await g1.post("/api/v1/dns/domains", { credential_id: (cred.json as { id: string }).id, domain_name: "streamed.example.com" }, { headers });
    assert.equal(domain.status, 201, domain.text);
    const rs = await g1.post(`/api/v1/dns/domains/${(domain.json as { id: string }).id}/records`, { name: "www", type: "A", ttl: 60, values: ["192.0.2.80"] }, { headers });
    assert.equal(rs.status, 201, rs.text);
    const rsId = (rs.json as { id: string }).id;
    await waitUntil(
      "the worker to make the record set ready",
      async () => {
        const listed = (await g1.get(`/api/v1/dns/domains/${(domain.json as { id: string }).id}/records`, { headers })).json as { id: string; status: string }[];
        return listed.find((r) => r.id === rsId)?.status === "ready" ? true : undefined;
      },
      60_000,
    );

    // the audit log: created, then the worker's status changes, a chain from pending to ready
    const log = ((await g1.get(`/api/v1/audit-events?resource_id=${rsId}`, { headers })).json as DomainEvent[]).reverse();
    assert.equal(log[0]?.type, "record_set.created");
    const changes = log.filter((e) => e.type === "record_set.status_changed");
    assert.ok(changes.length >= 2, JSON.stringify(log.map((e) => e.type)));
    changes.forEach((e, i) => {
      assert.equal(e.actor.type, "system");
      assert.equal(e.data.from, i === 0 ? "pending" : changes[i - 1]!.data.to);
    });
    assert.equal(changes.at(-1)!.data.to, "ready");
    assert.equal(new Set(log.map((e) => e.id)).size, log.length);
    // the worker's other writes a user sees: the record set's owner, the domain's backfilled zone id
    assert.ok(log.some((e) => e.type === "record_set.updated" && JSON.stringify(e.data) === JSON.stringify({ changed: ["owner"], values: { owner: "autoglue" } })));
    const domainLog = (await g1.get(`/api/v1/audit-events?resource_id=${(domain.json as { id: string }).id}&type=domain.updated`, { headers })).json as DomainEvent[];
    assert.deepEqual(
      domainLog.map((e) => e.data.changed),
      [["zone_id"]],
    );
    const ids = log.map((e) => e.id);

    // each stream: every one of them, once
    for (const s of streams) {
      await waitUntil("the stream to have them all", async () => (ids.every((id) => s.events.some((e) => e.id === id)) ? true : undefined), 30_000);
      const mine = s.events.filter((e) => e.resource_id === rsId).map((e) => e.id);
      const seen = JSON.stringify(s.events.filter((e) => e.resource_id === rsId).map((e) => [e.id, e.type, e.data]));
      assert.deepEqual([...mine].sort(), [...ids].sort(), seen);
      // a stream sends events in the order they were recorded: a change made after another comes
      // after it (the creation, then the status chain), while concurrent changes (the domain's
      // reconcile writing the record set's fingerprint as the record set's own runs) may come in
      // either order, whatever their ids say
      const causal = new Set(ids.filter((id) => id === log[0]?.id || changes.some((e) => e.id === id)));
      assert.deepEqual(
        mine.filter((id) => causal.has(id)),
        ids.filter((id) => causal.has(id)),
        seen,
      );
      s.close();
    }

    // the webhook: every one of them, once, each verified with the signing secret
    const deliveries = () => receiver.received.filter((r) => ids.includes(String(r.headers["webhook-id"])));
    await waitUntil("the deliveries", async () => (new Set(deliveries().map((r) => r.headers["webhook-id"])).size === ids.length ? true : undefined), 30_000);
    const verified = deliveries().map(
      (r) =>
        new Webhook(secret).verify(r.body, {
          "webhook-id": String(r.headers["webhook-id"]),
          "webhook-timestamp": String(r.headers["webhook-timestamp"]),
          "webhook-signature": String(r.headers["webhook-signature"]),
        }) as DomainEvent,
    );
    assert.deepEqual(verified.map((e) => e.id).sort(), [...ids].sort(), "one delivery per event");
  });
});
