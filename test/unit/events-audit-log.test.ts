import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Logger } from "moleculer";
import { config, resetConfig } from "../../shared/config.ts";
import type { DomainEvent } from "../../shared/contracts/domain-event.ts";
import { ListAuditEventsParams, type EventsRecordedPayload } from "../../shared/contracts/events.ts";
import { CreateWebhookParams } from "../../shared/contracts/webhooks.ts";
import { keyId } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Caller } from "../../shared/service.ts";
import { TtlCache } from "../../shared/ttl-cache.ts";
import { eventsSince, listEvents, purgeExpired, purgeOrganization, recordEvents } from "../../services/events/audit-log.ts";
import { DeliveryLimits } from "../../services/events/delivery-limits.ts";
import type { EventsDeps } from "../../services/events/deps.ts";
import { defineEventsModels } from "../../services/events/models.ts";
import { RecordedBroadcasts } from "../../services/events/recorded-broadcasts.ts";
import { createWebhook } from "../../services/events/webhooks.ts";
import { uniquePrefix } from "../helpers/stack.ts";

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };

/** The fake clients below never call through the caller: it only travels. */
const caller = {} as Caller;

/** The events service's audit log (services/events/audit-log.ts) over its database, with fakes of the auth and jobs clients and of the bus. */
describe("events audit log (no broker)", () => {
  const db = new ServiceDatabase("events", defineEventsModels);
  const master = randomBytes(32);
  const org = newId();
  const user = newId();
  const broadcasts: EventsRecordedPayload[] = [];
  const enqueued: string[] = [];
  let deps: EventsDeps;

  /** An event of the organization, made now. */
  const event = (type: string, overrides: Partial<DomainEvent> = {}): DomainEvent => ({
    id: newId(),
    organization_id: org,
    type,
    resource_type: type.split(".")[0]!,
    resource_id: newId(),
    actor: { type: "system", id: "system" },
    request_id: "req",
    occurred_at: new Date().toISOString(),
    data: {},
    ...overrides,
  });

  beforeAll(async () => {
    process.env.DB_PREFIX = uniquePrefix();
    resetConfig();
    await db.open();
    const keyring = new Keyring(db, { current: { id: keyId(master), key: master }, previous: [], source: "test" });
    await keyring.start();
    const settings = { ...config(), AUDIT_RETENTION_DAYS: 30, EVENTS_RESUME_OVERLAP_S: 0, WEBHOOKS_ALLOW_PRIVATE: true };
    deps = {
      models: db.models,
      logger: silent,
      keyring,
      settings,
      deliveryLimits: new DeliveryLimits({ perOrg: 5, perEndpoint: 2, timeoutsBeforeBackoff: 3, baseBackoffMs: 1000, maxBackoffMs: 10_000 }),
      emailsOf: (_caller, ids) => Promise.resolve(new Map(ids.filter((id) => id === user).map((id) => [id, "ada@example.com"]))),
      forgetUser: () => {},
      seenPurged: new TtlCache<true>(3_600_000),
      enqueueDeliveries: (_caller, _org, ids) => {
        enqueued.push(...ids);
        return Promise.resolve();
      },
      recorded: new RecordedBroadcasts((_name, payload) => {
        broadcasts.push(payload);
        return Promise.resolve();
      }),
      assertOrganization: () => Promise.reject(new Error("these functions never ask the orgs service")),
    };
  });
  afterAll(async () => {
    deps.recorded.stop();
    await db.connection.dropDatabase();
    await db.close();
  });

  it("keeps events once, with the acting user's e-mail, and broadcasts them (again for a repeated delivery), numbered", async () => {
    const byUser = event("label.created", { actor: { type: "user", id: user } });
    const bySystem = event("label.deleted");
    broadcasts.length = 0;
    assert.deepEqual(await recordEvents(deps, caller, [byUser, bySystem]), { recorded: 2 });
    const stored = await db.models.auditEvents.findById(byUser.id).lean();
    assert.deepEqual(stored?.actor, { type: "user", id: user, email: "ada@example.com" });
    assert.deepEqual(await recordEvents(deps, caller, [byUser]), { recorded: 0 }, "a repeated delivery is not kept twice");
    assert.equal(await db.models.auditEvents.countDocuments({ _id: byUser.id }), 1);
    assert.deepEqual(
      broadcasts.map((b) => [b.events.map((e) => e.id), b.sequence?.seq]),
      [
        [[byUser.id, bySystem.id], 1],
        [[byUser.id], 2],
      ],
    );
    assert.equal(broadcasts[0]?.events[0]?.actor.email, "ada@example.com");
  });

  it("lists the organization's log newest first, filtered by type pattern, resource, actor and time, a page at a time", async () => {
    const own = newId();
    const first = event("widget.created", { resource_id: own, occurred_at: "2026-01-01T00:00:00.000Z" });
    const second = event("widget.updated", { resource_id: own, occurred_at: "2026-01-02T00:00:00.000Z", actor: { type: "user", id: user } });
    const third = event("gadget.created", { occurred_at: "2026-01-03T00:00:00.000Z" });
    const foreign = event("widget.created", { organization_id: newId() });
    await recordEvents(deps, caller, [first, second, third, foreign]);
    const list = (params: Record<string, string>) => listEvents(deps, org, ListAuditEventsParams.parse(params));
    const ids = async (params: Record<string, string>) => (await list(params)).items.map((e) => e.id);

    assert.deepEqual(await ids({ type: "widget.*" }), [second.id, first.id]);
    assert.deepEqual(await ids({ type: "widget.updated" }), [second.id]);
    assert.deepEqual(await ids({ resource_id: own }), [second.id, first.id]);
    assert.deepEqual(await ids({ actor_id: user, resource_type: "widget" }), [second.id]);
    assert.deepEqual(await ids({ since: "2026-01-02T00:00:00.000Z", until: "2026-01-03T00:00:00.000Z" }), [second.id]);
    const page = await list({ limit: "1", resource_id: own });
    assert.deepEqual(
      page.items.map((e) => e.id),
      [second.id],
    );
    assert.ok(page.next_cursor);
    assert.deepEqual(await ids({ resource_id: own, limit: "1", cursor: page.next_cursor }), [first.id]);
  });

  it("replays what a resumed stream missed, in the order the log recorded it, from after its last event", async () => {
    const streamOrg = newId();
    const a = event("thing.created", { organization_id: streamOrg });
    const b = event("thing.updated", { organization_id: streamOrg });
    const c = event("other.updated", { organization_id: streamOrg });
    await recordEvents(deps, caller, [a]);
    await recordEvents(deps, caller, [b, c]);
    const since = await eventsSince(deps, { organization_id: streamOrg, after: a.id, types: ["thing.*"] });
    assert.deepEqual(
      since.events.map((e) => e.id),
      [b.id],
    );
    assert.equal(since.next_cursor, null);
    const paged = await eventsSince(deps, { organization_id: streamOrg, after: a.id, limit: 1 });
    assert.equal(paged.events.length, 1);
    assert.ok(paged.next_cursor);
    const rest = await eventsSince(deps, { organization_id: streamOrg, after: a.id, cursor: paged.next_cursor, limit: 10 });
    assert.deepEqual([...paged.events, ...rest.events].map((e) => e.id).sort(), [b.id, c.id].sort(), "each once, the last seen one left out");
    assert.equal(rest.next_cursor, null);
    assert.deepEqual(await eventsSince(deps, { organization_id: streamOrg, after: "6f1c2b3a-4d5e-4f60-8a1b-2c3d4e5f6a7b" }), {
      events: [],
      next_cursor: null,
      resync: "the audit log does not know the Last-Event-ID",
    });
  });

  it("creates a delivery per matching active webhook and queues its job", async () => {
    const hook = await createWebhook(deps, org, CreateWebhookParams.parse({ url: "http://127.0.0.1:9/hook", events: ["order.created"] }));
    assert.match(hook.secret, /^whsec_/);
    enqueued.length = 0;
    const matching = event("order.created");
    await recordEvents(deps, caller, [matching, event("order.deleted")]);
    const deliveries = await db.models.deliveries.find({ webhook_id: hook.id }).lean();
    assert.deepEqual(
      deliveries.map((d) => [d.event_id, d.status]),
      [[matching.id, "pending"]],
    );
    assert.deepEqual(JSON.parse(deliveries[0]!.body), matching);
    assert.deepEqual(enqueued, [deliveries[0]!._id]);
  });

  it("purges an organization's log and keeps none of its later events; other organizations keep theirs", async () => {
    const doomed = newId();
    const other = newId();
    await recordEvents(deps, caller, [event("label.created", { organization_id: doomed }), event("label.created", { organization_id: other })]);
    assert.deepEqual(await purgeOrganization(deps, doomed), { removed: 1 });
    assert.deepEqual(await recordEvents(deps, caller, [event("label.updated", { organization_id: doomed })]), { recorded: 0 });
    assert.equal(await db.models.auditEvents.countDocuments({ organization_id: doomed }), 0);
    assert.equal(await db.models.auditEvents.countDocuments({ organization_id: other }), 1);
  });

  it("removes events older than the retention", async () => {
    const old = event("ancient.created", { occurred_at: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    const recent = event("ancient.updated");
    await recordEvents(deps, caller, [old, recent]);
    const { removed } = await purgeExpired(deps);
    assert.ok(removed >= 1);
    assert.equal(await db.models.auditEvents.exists({ _id: old.id }), null);
    assert.notEqual(await db.models.auditEvents.exists({ _id: recent.id }), null);
  });
});
