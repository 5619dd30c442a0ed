import { strict as assert } from "node:assert";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { Webhook } from "standardwebhooks";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import type { DeliveryOut, RotatedSecret, WebhookCreated } from "../../shared/contracts/webhooks.ts";
import { newTenant, orgHeaders, signIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every request; `/flaky` answers 500 twice, then 204; `/moved` redirects. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  let flaky = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.url === "/flaky") res.writeHead(++flaky <= 2 ? 500 : 204).end();
      else if (req.url === "/moved") res.writeHead(302, { location: "/ok" }).end();
      else res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received };
}

const headersOf = (r: Received): Record<string, string> => ({
  "webhook-id": String(r.headers["webhook-id"]),
  "webhook-timestamp": String(r.headers["webhook-timestamp"]),
  "webhook-signature": String(r.headers["webhook-signature"]),
});

/**
 * Webhooks through HTTP: a change of the organization is delivered once to its receiver, signed
 * so that a Standard Webhooks verifier accepts it; a failing receiver is retried until it answers
 * 2xx; another organization's receiver gets nothing; a rotated secret signs next to the new one.
 */
describe("webhooks: signed deliveries through the jobs queue", () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let alice: Tenant;
  let bob: Tenant;

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "jobs", "events"],
      env: { WEBHOOKS_ALLOW_PRIVATE: "true", JOBS_POLL_MS: "100", JOBS_BACKOFF_BASE_MS: "50", JOBS_BACKOFF_MAX_MS: "200", JOBS_PERIODIC_ENABLED: "false" },
    });
    alice = await newTenant(stack, "Hooks Alice");
    bob = await newTenant(stack, "Hooks Bob");
  });
  afterAll(async () => {
    await stack.stop();
    await new Promise<void>((r) => receiver.server.close(() => r()));
  });

  const createHook = async (t: Tenant, path: string, events: string[]) => {
    const res = await t.http.post("/api/v1/webhooks", { url: `${receiver.url}${path}`, events, description: "test" });
    assert.equal(res.status, 201, res.text);
    return res.json as WebhookCreated;
  };

  it("a label created is delivered once, signed, to the matching webhook of its organization only", async () => {
    const hook = await createHook(alice, "/alice", ["label.*"]);
    assert.match(hook.secret, /^whsec_/);
    await createHook(bob, "/bob", ["*"]);
    await createHook(alice, "/servers-only", ["server.created"]);

    const label = await alice.http.post("/api/v1/labels", { key: "tier", value: "web" });
    assert.equal(label.status, 201);
    const labelId = (label.json as { id: string }).id;
    const got = await waitUntil("the delivery", async () => receiver.received.find((r) => r.path === "/alice" && r.body.includes(labelId)));
    const payload = new Webhook(hook.secret).verify(got.body, headersOf(got)) as DomainEvent;
    assert.equal(payload.type, "label.created");
    assert.equal(payload.resource_id, labelId);
    assert.equal(got.headers["webhook-id"], payload.id);
    assert.equal(got.headers["content-type"], "application/json");
    // a wrong secret does not verify
    assert.throws(() => new Webhook(`whsec_${Buffer.from("not the secret at all!!").toString("base64")}`).verify(got.body, headersOf(got)));

    await new Promise((r) => setTimeout(r, 500));
    assert.equal(receiver.received.filter((r) => r.body.includes(labelId)).length, 1, "one delivery, to Alice's matching webhook only");
    assert.ok(!receiver.received.some((r) => r.path === "/bob"), "Bob's receiver got nothing of Alice's");
    assert.ok(!receiver.received.some((r) => r.path === "/servers-only"));

    const deliveries = await alice.http.get(`/api/v1/webhooks/${hook.id}/deliveries`);
    assert.equal(deliveries.status, 200);
    const [d] = deliveries.json as DeliveryOut[];
    assert.equal(d?.status, "succeeded");
    assert.equal(d.event_id, payload.id);
    assert.equal(d.attempts[0]?.status_code, 200);
  });

  it("a failing receiver is retried with backoff until it answers 2xx; a redirect is a failure, never followed", async () => {
    const hook = await createHook(alice, "/flaky", ["annotation.created"]);
    const moved = await createHook(alice, "/moved", ["annotation.created"]);
    const res = await alice.http.post("/api/v1/annotations", { key: "team", value: "a" });
    assert.equal(res.status, 201);
    const done = await waitUntil("the flaky delivery to succeed", async () => {
      const list = (await alice.http.get(`/api/v1/webhooks/${hook.id}/deliveries`)).json as DeliveryOut[];
      return list[0]?.status === "succeeded" ? list[0] : undefined;
    });
    assert.deepEqual(
      done.attempts.map((a) => a.status_code),
      [500, 500, 204],
    );
    assert.equal(done.attempts[0]?.error, "receiver answered 500");
    const flakyBodies = receiver.received.filter((r) => r.path === "/flaky");
    assert.equal(new Set(flakyBodies.map((r) => r.headers["webhook-id"])).size, 1, "the same webhook-id on every retry");
    const redirected = await waitUntil("the redirect to be recorded", async () => {
      const list = (await alice.http.get(`/api/v1/webhooks/${moved.id}/deliveries`)).json as DeliveryOut[];
      return (list[0]?.attempts.length ?? 0) >= 1 ? list[0] : undefined;
    });
    assert.equal(redirected?.attempts[0]?.status_code, 302);
    assert.ok(!receiver.received.some((r) => r.path === "/ok"), "the redirect was not followed");
    await alice.http.patch(`/api/v1/webhooks/${moved.id}`, { active: false });
  });

  it("a rotated secret: deliveries carry both signatures during the grace period; test sends a ping", async () => {
    const hook = await createHook(alice, "/rotated", ["taint.created"]);
    const rotated = await alice.http.post(`/api/v1/webhooks/${hook.id}/rotate-secret`, {});
    assert.equal(rotated.status, 200, rotated.text);
    const { secret } = rotated.json as RotatedSecret;
    assert.notEqual(secret, hook.secret);
    const ping = await alice.http.post(`/api/v1/webhooks/${hook.id}/test`, {});
    assert.equal(ping.status, 200, ping.text);
    const got = await waitUntil("the ping", async () => receiver.received.find((r) => r.path === "/rotated"));
    assert.equal(String(got.headers["webhook-signature"]).split(" ").length, 2);
    for (const s of [secret, hook.secret]) assert.equal((new Webhook(s).verify(got.body, headersOf(got)) as DomainEvent).type, "webhook.ping");
    // the secret is never shown again
    const shown = await alice.http.get(`/api/v1/webhooks/${hook.id}`);
    assert.ok(!shown.text.includes("whsec_"));
  });

  it("refuses bad input and non-managers; another organization's webhook is 404", async () => {
    assert.equal((await alice.http.post("/api/v1/webhooks", { url: "ftp://example.com/x", events: ["*"] })).status, 400);
    assert.equal((await alice.http.post("/api/v1/webhooks", { url: "https://example.com/x", events: ["not a pattern"] })).status, 400);
    assert.equal((await alice.http.post("/api/v1/webhooks", { url: "https://example.com/x", events: [] })).status, 400);
    const hook = await createHook(alice, "/private", ["*"]);
    assert.equal((await bob.http.get(`/api/v1/webhooks/${hook.id}`)).status, 404);
    assert.equal((await bob.http.delete(`/api/v1/webhooks/${hook.id}`)).status, 404);
    const member = await signIn(stack.broker);
    await stack.http.post(`/api/v1/orgs/${alice.orgId}/members`, { user_id: member.user_id, role: "member" }, { headers: alice.user.bearer });
    assert.equal((await stack.http.get("/api/v1/webhooks", { headers: orgHeaders(member, alice.orgId) })).status, 403);
    assert.equal((await alice.http.delete(`/api/v1/webhooks/${hook.id}`)).status, 204);
    assert.equal((await alice.http.get(`/api/v1/webhooks/${hook.id}`)).status, 404);
  });
});
