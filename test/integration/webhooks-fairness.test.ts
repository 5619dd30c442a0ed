import { strict as assert } from "node:assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * One tenant's dead receiver does not delay another tenant's deliveries: an organization's
 * deliveries in flight are limited, one webhook's too, and a delivery that must wait goes back to
 * the queue instead of holding a worker.
 */
describe("webhook delivery fairness between organizations", () => {
  let stack: Stack;
  let slow: Tenant;
  let fast: Tenant;
  let silent: Server;
  let silentUrl: string;
  let silentHits = 0;
  const sockets = new Set<Socket>();
  let receiver: Server;
  let receiverUrl: string;
  const received: { at: number; body: string }[] = [];

  beforeAll(async () => {
    silent = createServer(() => void (silentHits += 1)); // never answers
    silent.on("connection", (s) => void sockets.add(s));
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ at: Date.now(), body });
        res.writeHead(204).end();
      });
    });
    for (const s of [silent, receiver]) await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "jobs", "events"],
      env: {
        WEBHOOKS_ALLOW_PRIVATE: "true",
        WEBHOOK_TIMEOUT_MS: "6000",
        JOBS_POLL_MS: "100",
        JOBS_BACKOFF_BASE_MS: "300",
        JOBS_BACKOFF_MAX_MS: "2000",
        JOBS_PERIODIC_ENABLED: "false",
      },
    });
    slow = await newTenant(stack, "Fair slow");
    fast = await newTenant(stack, "Fair fast");
  });
  afterAll(async () => {
    await stack.stop();
    for (const s of sockets) s.destroy();
    for (const s of [silent, receiver]) await new Promise<void>((r) => s.close(() => r()));
  });

  it("another organization's delivery arrives within seconds behind forty deliveries to a receiver that never answers", async () => {
    assert.equal((await slow.http.post("/api/v1/webhooks", { url: silentUrl, events: ["label.*"] })).status, 201);
    assert.equal((await fast.http.post("/api/v1/webhooks", { url: receiverUrl, events: ["label.*"] })).status, 201);
    for (let i = 0; i < 40; i++) assert.equal((await slow.http.post("/api/v1/labels", { key: `k${i}`, value: "1" })).status, 201);
    await waitUntil("the dead receiver to be called", async () => (silentHits > 0 ? true : undefined), 20_000);
    const sent = Date.now();
    assert.equal((await fast.http.post("/api/v1/labels", { key: "fast", value: "1" })).status, 201);
    const got = await waitUntil("the other organization's delivery", async () => received.find((r) => r.body.includes('"fast"')), 60_000);
    const took = got.at - sent;
    assert.ok(took < 5_000, `the delivery took ${took} ms`);
    assert.ok(silentHits <= 4, `the dead receiver was called ${silentHits} times at once or in a row, not backed off`);
  });
});
