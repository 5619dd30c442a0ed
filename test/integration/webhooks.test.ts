import { strict as assert } from "node:assert";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { Webhook } from "standardwebhooks";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import type { DeliveryOut, RotatedSecret, WebhookCreated } from "../../shared/contracts/webhooks.ts";
import { newId } from "../../shared/ids.ts";
import { newTenant, orgHeaders, signIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every request; `/flaky` answers 500 twice, then 204; `/down…` always 503; `/moved` redirects. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  let flaky = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.url === "/flaky") res.writeHead(++flaky <= 2 ? 500 : 204).end();
      else if (req.url?.startsWith("/down")) res.writeHead(503).end();
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
      env: {
        WEBHOOKS_ALLOW_PRIVATE: "true",
        WEBHOOK_RETRY_WINDOW_S: "4",
        JOBS_POLL_MS: "100",
        JOBS_BACKOFF_BASE_MS: "50",
        JOBS_BACKOFF_MAX_MS: "200",
        JOBS_PERIODIC_ENABLED: "false",
      },
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

  const deliveriesOf = async (t: Tenant, hookId: string) => {
    const res = await t.http.get(`/api/v1/webhooks/${hookId}/deliveries`);
    assert.equal(res.status, 200, res.text);
    return res.json as DeliveryOut[];
  };

  /** The events service's database, read as it is stored. */
  const eventsDb = async () => {
    const { ServiceDatabase } = await import("../../shared/db.ts");
    const { defineEventsModels } = await import("../../services/events/models.ts");
    const db = new ServiceDatabase("events", defineEventsModels);
    await db.open();
    return db;
  };

  it("a delivery still failing when its retry window is over is marked failed; so is one whose job's attempts ran out", async () => {
    const hook = await createHook(alice, "/down-window", ["label.*"]);
    const label = await alice.http.post("/api/v1/labels", { key: "window", value: "1" });
    assert.equal(label.status, 201);
    const failed = await waitUntil(
      "the delivery to fail for good",
      async () => {
        const [d] = await deliveriesOf(alice, hook.id);
        return d?.status === "failed" ? d : undefined;
      },
      20_000,
    );
    assert.ok(failed.attempts.length >= 2, `retried before failing: ${failed.attempts.length}`);
    assert.ok(failed.attempts.every((a) => a.status_code === 503));
    // retried until the window was over: the last attempt ended after it (it may have started before, on a loaded machine)
    const last = failed.attempts.at(-1)!;
    assert.ok(Date.parse(last.at) + last.duration_ms - Date.parse(failed.created_at) >= 4_000 - 50, JSON.stringify({ created_at: failed.created_at, last }));
    await alice.http.patch(`/api/v1/webhooks/${hook.id}`, { active: false });

    // the queue's last attempt (as the job engine tells its handler) fails the delivery for good, even inside the window;
    // the queue is paused meanwhile, so the ping's own job makes no attempt beside this one
    const admin = (await signIn(stack.broker, undefined, { admin: true })).bearer;
    assert.equal((await stack.http.post("/api/v1/admin/worker/queues/webhooks/pause", {}, { headers: admin })).status, 200);
    try {
      const last = await createHook(alice, "/down-attempts", ["fixture.never"]);
      const ping = (await alice.http.post(`/api/v1/webhooks/${last.id}/test`, {})).json as DeliveryOut;
      await assert.rejects(
        stack.broker.call("events.deliverWebhook", { organization_id: alice.orgId, delivery_id: ping.id }, { meta: { job: { job_id: newId(), attempt: 7, max_attempts: 7 } } }),
        (err: Error & { type?: string }) => err.type === "JOB_FAILED_FOR_GOOD" && err.message.includes("attempts exhausted"),
      );
      const [d] = await deliveriesOf(alice, last.id);
      assert.equal(d?.status, "failed");
      assert.equal(d.attempts.length, 1, "the one attempt made");
      await alice.http.patch(`/api/v1/webhooks/${last.id}`, { active: false });
    } finally {
      await stack.http.post("/api/v1/admin/worker/queues/webhooks/resume", {}, { headers: admin });
    }
  });

  it("a deactivated webhook delivers nothing more: its pending deliveries are marked failed, new events make none", async () => {
    const hook = await createHook(alice, "/down-inactive", ["annotation.*"]);
    assert.equal((await alice.http.post("/api/v1/annotations", { key: "inactive", value: "1" })).status, 201);
    await waitUntil("a first failed attempt", async () => ((await deliveriesOf(alice, hook.id))[0]?.attempts.length ? true : undefined));
    assert.equal((await alice.http.patch(`/api/v1/webhooks/${hook.id}`, { active: false })).status, 200);
    const ended = await waitUntil("the pending delivery to end", async () => {
      const [d] = await deliveriesOf(alice, hook.id);
      return d?.status === "failed" ? d : undefined;
    });
    assert.equal(ended.attempts.at(-1)?.error, "webhook is not active");
    const sent = receiver.received.filter((r) => r.path === "/down-inactive").length;
    assert.equal((await alice.http.post("/api/v1/annotations", { key: "inactive", value: "2" })).status, 201);
    assert.equal((await deliveriesOf(alice, hook.id)).length, 1, "no delivery for an event after the deactivation");
    assert.equal(receiver.received.filter((r) => r.path === "/down-inactive").length, sent);
  });

  it("concurrent secret rotations: one wins, the others answer 409, and every secret handed out signs", async () => {
    const hook = await createHook(alice, "/rotations", ["fixture.never"]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => alice.http.post(`/api/v1/webhooks/${hook.id}/rotate-secret`, {})));
    const won = answers.filter((a) => a.status === 200).map((a) => (a.json as RotatedSecret).secret);
    assert.ok(won.length >= 1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      assert.equal(lost.status, 409, lost.text);
      assert.equal(lost.text, "the webhook's secret was rotated meanwhile; try again");
    }
    assert.equal((await alice.http.post(`/api/v1/webhooks/${hook.id}/test`, {})).status, 200);
    const got = await waitUntil("the ping", async () => receiver.received.find((r) => r.path === "/rotations"));
    for (const secret of [hook.secret, ...won]) assert.equal((new Webhook(secret).verify(got.body, headersOf(got)) as DomainEvent).type, "webhook.ping");
  });

  it("at most 20 webhooks per organization (409); the signing secret is stored encrypted", async () => {
    const carol = await newTenant(stack, "Hooks Carol");
    const hooks: WebhookCreated[] = [];
    for (let i = 0; i < 20; i++) hooks.push(await createHook(carol, `/carol-${i}`, ["fixture.never"]));
    const over = await carol.http.post("/api/v1/webhooks", { url: `${receiver.url}/carol-20`, events: ["*"] });
    assert.equal(over.status, 409, over.text);
    assert.equal(over.text, "too many webhooks: at most 20 per organization");
    assert.equal((await carol.http.delete(`/api/v1/webhooks/${hooks[0]!.id}`)).status, 204);
    assert.equal((await carol.http.post("/api/v1/webhooks", { url: `${receiver.url}/carol-20`, events: ["*"] })).status, 201);

    const db = await eventsDb();
    try {
      const raw = await db.models.webhooks.collection.findOne({ _id: hooks[1]!.id as never });
      assert.ok(raw);
      const stored = JSON.stringify(raw);
      assert.ok(!stored.includes(hooks[1]!.secret), "no plaintext secret");
      assert.ok(!stored.includes(hooks[1]!.secret.slice("whsec_".length)), "not its key either");
      const sealed = (raw as unknown as { secrets: { secret: Record<string, unknown> }[] }).secrets[0]!.secret;
      assert.deepEqual(Object.keys(sealed).sort(), ["ct", "iv", "key_version", "tag"]);
    } finally {
      await db.close();
    }
  });

  it("an organization's audit log, webhooks and deliveries are purged with it (events arriving later are not kept), and by the retention", async () => {
    const dave = await newTenant(stack, "Hooks Dave");
    const hook = await createHook(dave, "/dave", ["label.*"]);
    assert.equal((await dave.http.post("/api/v1/labels", { key: "purge", value: "1" })).status, 201);
    await waitUntil("the delivery", async () => ((await deliveriesOf(dave, hook.id))[0]?.status === "succeeded" ? true : undefined));
    const db = await eventsDb();
    try {
      const count = async () => {
        const org = { organization_id: dave.orgId };
        const [events, hooks, deliveries] = await Promise.all([
          db.models.auditEvents.countDocuments(org),
          db.models.webhooks.countDocuments(org),
          db.models.deliveries.countDocuments(org),
        ]);
        return { events, hooks, deliveries };
      };
      assert.ok((await count()).events > 0);
      assert.equal((await stack.http.delete(`/api/v1/orgs/${dave.orgId}`, { headers: dave.user.bearer })).status, 204);
      // the purge jobs run (events.purgeOrganization among them)
      await waitUntil("the organization's events to be purged", async () => {
        const c = await count();
        return c.events + c.hooks + c.deliveries === 0 ? true : undefined;
      });
      // what a service's relay still owed the organization arrives after its purge: not kept
      const late = {
        id: newId(),
        organization_id: dave.orgId,
        type: "label.deleted",
        resource_type: "label",
        resource_id: newId(),
        actor: { type: "system", id: "test" },
        request_id: "",
        occurred_at: new Date().toISOString(),
        data: {},
      };
      assert.deepEqual(await stack.broker.call("events.record", { events: [late] }), { recorded: 0 });
      assert.deepEqual(await count(), { events: 0, hooks: 0, deliveries: 0 });

      // the retention: events and deliveries (their stored bodies with them) older than AUDIT_RETENTION_DAYS
      const old = new Date(Date.now() - 401 * 86_400_000);
      const hook2 = await createHook(alice, "/retention", ["taint.*"]);
      assert.equal((await alice.http.post("/api/v1/taints", { key: "retention", value: "1", effect: "NoSchedule" })).status, 201);
      await waitUntil("the delivery", async () => ((await deliveriesOf(alice, hook2.id))[0]?.status === "succeeded" ? true : undefined));
      const oldEvent = { ...late, id: newId(), organization_id: alice.orgId, occurred_at: old.toISOString() };
      await stack.broker.call("events.record", { events: [oldEvent] });
      await db.models.deliveries.collection.updateMany({ webhook_id: hook2.id }, { $set: { created_at: old } });
      const purged = (await stack.broker.call("events.purgeExpired", {})) as { removed: number; deliveries: number };
      assert.ok(purged.removed >= 1 && purged.deliveries >= 1, JSON.stringify(purged));
      assert.deepEqual(await deliveriesOf(alice, hook2.id), []);
      assert.ok(!((await alice.http.get("/api/v1/audit-events?limit=500")).json as DomainEvent[]).some((e) => e.id === oldEvent.id));
      await alice.http.patch(`/api/v1/webhooks/${hook2.id}`, { active: false });
    } finally {
      await db.close();
    }
  });
});
