import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { openStream } from "../helpers/event-stream.ts";
import { HttpClient } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail } from "../helpers/principals.ts";
import { freePort, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * Events across processes on NATS: two gateways and a back-end process. A change made through
 * one gateway reaches the live streams of both (the events service broadcasts over the bus), the
 * job worker's status change of a cluster (clusters.validate) included, and the audit log holds
 * each change once.
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

  beforeAll(async () => {
    ports = [await freePort(), await freePort()];
    nodes.push(startNode("backend", { ...common, SERVICES: "auth,orgs,inventory,credentials,dns,clusters,jobs,events", NODE_ID: "backend" }));
    nodes.push(startNode("gateway-1", { ...common, SERVICES: "api", PORT: String(ports[0]), NODE_ID: "gateway-1" }));
    nodes.push(startNode("gateway-2", { ...common, SERVICES: "api", PORT: String(ports[1]), NODE_ID: "gateway-2" }));
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
      s.close();
    }
    const audit = await g1.get(`/api/v1/audit-events?resource_id=${(label.json as { id: string }).id}`, { headers });
    assert.deepEqual(
      (audit.json as DomainEvent[]).map((e) => e.type),
      ["label.created"],
    );
  });
});
