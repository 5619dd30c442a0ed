import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { HttpClient, type HttpResponse } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { freePort, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * Two gateway processes and a back-end process (auth, orgs, inventory) on one NATS namespace.
 * Each gateway caches memberships and org keys; a change made through one gateway must end
 * access through the other at once (the orgs service broadcasts orgs.access.changed).
 */
describe("e2e: access changes reach every gateway (two gateways over NATS)", () => {
  const common: Record<string, string> = {
    ...distributedEnv(`e2e-orgs-${randomBytes(4).toString("hex")}`),
    LOG_LEVEL: "warn",
  };
  const nodes: NodeProcess[] = [];
  let bus: ServiceBroker;
  let g1: HttpClient;
  let g2: HttpClient;
  let alice: SignedIn;

  beforeAll(async () => {
    const [p1, p2] = [await freePort(), await freePort()];
    nodes.push(startNode("backend", { ...common, SERVICES: "auth,orgs,inventory", NODE_ID: "backend" }));
    nodes.push(startNode("gateway-1", { ...common, SERVICES: "api", PORT: String(p1), NODE_ID: "gateway-1" }));
    nodes.push(startNode("gateway-2", { ...common, SERVICES: "api", PORT: String(p2), NODE_ID: "gateway-2" }));
    g1 = new HttpClient(`http://127.0.0.1:${p1}`);
    g2 = new HttpClient(`http://127.0.0.1:${p2}`);
    // the test's own bare node on the bus, to sign users in the way `npm run token` does
    bus = new ServiceBroker({
      namespace: common.NAMESPACE!,
      nodeID: `orgs-e2e-${randomBytes(3).toString("hex")}`,
      transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
      serializer: "JSON",
      logger: false,
    });
    await bus.start();
    await bus.waitForServices(["auth", "orgs", "inventory"], 60_000);
    alice = await signIn(bus, uniqueEmail("alice"));
    for (const g of [g1, g2]) {
      await waitUntil(
        "the gateway to reach auth and orgs",
        async () => {
          const res = await g.get("/api/v1/orgs", { headers: alice.bearer });
          return res.status === 200 ? res : undefined;
        },
        60_000,
      );
    }
  });

  afterAll(async () => {
    await bus?.stop();
    const codes = await Promise.all(nodes.map((n) => n.stop()));
    assert.deepEqual(
      codes,
      nodes.map(() => 0),
      "every process exits cleanly on SIGTERM",
    );
  });

  /**
   * The gateway that made the change refuses at once: the orgs service published the event before
   * its answer, on the same connection. The other gateway receives the same event over NATS, a hop
   * that races the client's next request, so it is given a few seconds: far less than the 30 s a
   * cached entry would otherwise live, so only the invalidation can make this pass.
   */
  async function assertRefused(
    request: (g: HttpClient) => Promise<HttpResponse>,
    status: number,
    text: string,
    [through, other]: [HttpClient, HttpClient] = [g1, g2],
  ): Promise<void> {
    const first = await request(through);
    assert.equal(first.status, status, first.text);
    assert.equal(first.text, text);
    const res = await waitUntil(
      "the other gateway to drop its cached access",
      async () => {
        const r = await request(other);
        return r.status === 200 ? undefined : r;
      },
      5_000,
    );
    assert.equal(res.status, status, res.text);
    assert.equal(res.text, text);
  }

  it("a member removed through gateway 1 is refused by it at once and by gateway 2 without waiting for the cache to expire", async () => {
    const org = await g1.post("/api/v1/orgs", { name: "Shared" }, { headers: alice.bearer });
    assert.equal(org.status, 201, org.text);
    const bob = await signIn(bus, uniqueEmail("bob"));
    const add = await g1.post(`/api/v1/orgs/${org.json.id}/members`, { user_id: bob.user_id, role: "member" }, { headers: alice.bearer });
    assert.equal(add.status, 200, add.text);
    // both gateways now hold bob's membership in their cache
    for (const g of [g1, g2]) assert.equal((await g.get("/api/v1/labels", { headers: orgHeaders(bob, org.json.id) })).status, 200);

    const del = await g1.delete(`/api/v1/orgs/${org.json.id}/members/${bob.user_id}`, { headers: alice.bearer });
    assert.equal(del.status, 204);
    const asBob = (g: HttpClient) => g.get("/api/v1/labels", { headers: orgHeaders(bob, org.json.id) });
    await assertRefused(asBob, 403, "forbidden");
  });

  it("an org key revoked through gateway 1 stops working there at once and on gateway 2 without waiting for the cache to expire", async () => {
    const org = await g1.post("/api/v1/orgs", { name: "Keys" }, { headers: alice.bearer });
    const key = await g1.post(`/api/v1/orgs/${org.json.id}/api-keys`, { name: "ci" }, { headers: alice.bearer });
    assert.equal(key.status, 201, key.text);
    const headers = { "x-org-key": key.json.org_key, "x-org-secret": key.json.org_secret };
    for (const g of [g1, g2]) assert.equal((await g.get("/api/v1/labels", { headers })).status, 200);

    const del = await g1.delete(`/api/v1/orgs/${org.json.id}/api-keys/${key.json.id}`, { headers: alice.bearer });
    assert.equal(del.status, 204);
    await assertRefused((g) => g.get("/api/v1/labels", { headers }), 401, "unauthorized");
  });

  it("an organization deleted through gateway 2 is gone there at once and on gateway 1 without waiting for the cache to expire", async () => {
    const org = await g2.post("/api/v1/orgs", { name: "Doomed" }, { headers: alice.bearer });
    assert.equal((await g1.get("/api/v1/labels", { headers: orgHeaders(alice, org.json.id) })).status, 200);
    assert.equal((await g2.delete(`/api/v1/orgs/${org.json.id}`, { headers: alice.bearer })).status, 204);
    await assertRefused((g) => g.get("/api/v1/labels", { headers: orgHeaders(alice, org.json.id) }), 403, "forbidden", [g2, g1]);
  });
});
