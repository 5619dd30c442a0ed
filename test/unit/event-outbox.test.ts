import { strict as assert } from "node:assert";
import { beforeEach, describe, it } from "@jest/globals";
import type { Connection } from "mongoose";
import type { DomainEvent } from "../../shared/contracts/domain-event.ts";
import { docSchema, ServiceDatabase, TIMESTAMPS } from "../../shared/db.ts";
import { eventOutboxModel, eventValues, relayEvents, withEvents, type ChangeCheck, type EventOutboxDoc } from "../../shared/event-outbox.ts";
import { newId } from "../../shared/ids.ts";
import type { Caller } from "../../shared/service.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

interface WidgetDoc {
  _id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/** A service's database with its outbox and one collection of its own. */
function defineModels(conn: Connection) {
  return {
    eventOutbox: eventOutboxModel(conn),
    widgets: conn.model<WidgetDoc>("widgets", docSchema<WidgetDoc>("key", { name: { type: String, required: true } }, { timestamps: TIMESTAMPS })),
  };
}

/** The events service's `events.record` as a caller reaches it: it keeps what it is given, or is down. */
class FakeAuditLog {
  recorded: DomainEvent[] = [];
  calls = 0;
  down = false;
  readonly caller = {
    call: (name: string, params: { events: DomainEvent[] }) => {
      assert.equal(name, "events.record");
      this.calls++;
      if (this.down) return Promise.reject(Object.assign(new Error("events is down"), { name: "ServiceNotAvailableError" }));
      this.recorded.push(...params.events);
      return Promise.resolve({ recorded: params.events.length });
    },
  } as unknown as Caller;
}

/** The outbox of a service's changes (shared/event-outbox.ts): `withEvents` around a change, `relayEvents` for what it still owes. */
describe("event outbox", () => {
  const db = new ServiceDatabase("outbox", defineModels);
  useTestDatabase(db);
  const org = newId();
  let audit: FakeAuditLog;

  const draft = (id: string, verb: string, expect: ChangeCheck["expect"], data: Record<string, unknown> = {}) => ({
    organization_id: org,
    type: `widget.${verb}`,
    resource_type: "widget",
    resource_id: id,
    data,
    check: { collection: "widgets", id, expect },
  });

  /** An intent left behind by a process that died around its change, `ageMs` old. */
  async function leftIntent(id: string, check: Omit<ChangeCheck, "collection" | "id">, ageMs: number): Promise<string> {
    const created = new Date(Date.now() - ageMs);
    const eventId = newId();
    const event: DomainEvent = {
      id: eventId,
      organization_id: org,
      type: "widget.updated",
      resource_type: "widget",
      resource_id: id,
      actor: { type: "system", id: "system" },
      request_id: "",
      occurred_at: created.toISOString(),
      data: {},
    };
    const doc: EventOutboxDoc = { _id: eventId, organization_id: org, event, check: { collection: "widgets", id, ...check }, state: "intent", created_at: created };
    await db.models.eventOutbox.create(doc);
    return eventId;
  }

  beforeEach(async () => {
    audit = new FakeAuditLog();
    await db.models.eventOutbox.deleteMany({});
  });

  it("makes the change, hands its events to the audit log and leaves the outbox empty", async () => {
    const id = newId();
    const widget = await withEvents(audit.caller, db.models.eventOutbox, [draft(id, "created", "present", { name: "w" })], () => db.models.widgets.create({ _id: id, name: "w" }));
    assert.equal(widget._id, id);
    assert.equal(audit.recorded.length, 1);
    const [event] = audit.recorded;
    assert.deepEqual(
      { ...event, id: "", occurred_at: "" },
      {
        id: "",
        organization_id: org,
        type: "widget.created",
        resource_type: "widget",
        resource_id: id,
        actor: { type: "system", id: "system" },
        request_id: "",
        occurred_at: "",
        data: { name: "w" },
      },
    );
    assert.ok(Math.abs(Date.parse(event!.occurred_at) - Date.now()) < 60_000);
    assert.equal(await db.models.eventOutbox.countDocuments({}), 0);
  });

  it("takes the actor and the request id from the caller it is given: a user's request, a job's call, the broker", async () => {
    const ids = [newId(), newId(), newId()];
    const user = { ...audit.caller, meta: { principal: { kind: "user" as const, user_id: "u-1", is_admin: false, via: "bearer" as const } }, requestID: "req-1" };
    const job = { ...audit.caller, requestID: "req-2", action: { name: "dns.reconcileDomain" } };
    for (const [i, caller] of [user, job, audit.caller].entries()) {
      const id = ids[i]!;
      await withEvents(caller, db.models.eventOutbox, [draft(id, "created", "present")], () => db.models.widgets.create({ _id: id, name: `w${i}` }));
    }
    assert.deepEqual(
      audit.recorded.map((e) => ({ actor: e.actor, request_id: e.request_id })),
      [
        { actor: { type: "user", id: "u-1" }, request_id: "req-1" },
        { actor: { type: "system", id: "dns.reconcileDomain" }, request_id: "req-2" },
        { actor: { type: "system", id: "system" }, request_id: "" },
      ],
    );
  });

  it("records no event for a change that failed or changed nothing", async () => {
    const id = newId();
    await assert.rejects(
      withEvents(audit.caller, db.models.eventOutbox, [draft(id, "created", "present")], () => Promise.reject(new Error("write refused"))),
      { message: "write refused" },
    );
    const result = await withEvents(
      audit.caller,
      db.models.eventOutbox,
      [draft(id, "updated", "updated_since")],
      () => db.models.widgets.updateOne({ _id: id }, { $set: { name: "x" } }),
      (res) => res.modifiedCount > 0,
    );
    assert.equal(result.matchedCount, 0);
    assert.equal(audit.calls, 0);
    assert.equal(await db.models.eventOutbox.countDocuments({}), 0);
  });

  it("keeps the events of a change the audit log could not take, and the relay delivers them later", async () => {
    const id = newId();
    audit.down = true;
    await withEvents(audit.caller, db.models.eventOutbox, [draft(id, "created", "present"), draft(id, "updated", "updated_since")], () =>
      db.models.widgets.create({ _id: id, name: "kept" }),
    );
    const owed = await db.models.eventOutbox.find({}).sort({ _id: 1 }).lean();
    assert.deepEqual(
      owed.map((d) => [d.state, d.event.type]),
      [
        ["ready", "widget.created"],
        ["ready", "widget.updated"],
      ],
    );
    await assert.rejects(relayEvents(db.models.eventOutbox, audit.caller), { message: "events is down" });
    assert.equal(await db.models.eventOutbox.countDocuments({}), 2, "nothing is lost while the audit log is down");

    audit.down = false;
    assert.deepEqual(await relayEvents(db.models.eventOutbox, audit.caller), { delivered: 2, dropped: 0 });
    assert.deepEqual(
      audit.recorded.map((e) => e.id),
      owed.map((d) => d._id),
    );
    assert.equal(await db.models.eventOutbox.countDocuments({}), 0);
    assert.deepEqual(await relayEvents(db.models.eventOutbox, audit.caller), { delivered: 0, dropped: 0 });
  });

  it("delivers a dead process's intent only when its change happened, and leaves young intents to their change", async () => {
    const present = newId();
    const absent = newId();
    await db.models.widgets.create({ _id: present, name: "renamed" });
    // the widget was last written two minutes ago
    await db.models.widgets.updateOne({ _id: present }, { $set: { updated_at: new Date(Date.now() - 120_000) } }, { timestamps: false });
    const OLD = 60_000;
    const happened = [
      await leftIntent(present, { expect: "present" }, OLD),
      await leftIntent(absent, { expect: "absent" }, OLD),
      await leftIntent(present, { expect: "matches", where: { name: "renamed" } }, OLD),
      await leftIntent(present, { expect: "updated_since" }, 180_000),
    ];
    const dropped = [
      await leftIntent(absent, { expect: "present" }, OLD),
      await leftIntent(present, { expect: "absent" }, OLD),
      await leftIntent(present, { expect: "matches", where: { name: "other" } }, OLD),
      await leftIntent(present, { expect: "updated_since" }, OLD),
    ];
    const young = await leftIntent(absent, { expect: "present" }, 1_000);

    assert.deepEqual(await relayEvents(db.models.eventOutbox, audit.caller), { delivered: happened.length, dropped: dropped.length });
    assert.deepEqual(audit.recorded.map((e) => e.id).sort(), [...happened].sort());
    assert.deepEqual(
      (await db.models.eventOutbox.find({}).lean()).map((d) => d._id),
      [young],
    );
  });

  it("puts only field names and non-secret scalar values into an event", () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    assert.deepEqual(
      eventValues({
        _id: "x",
        organization_id: "o",
        name: "web",
        count: 3,
        enabled: false,
        cleared: null,
        tags: ["a", 1],
        at,
        nested: { a: 1 },
        mixed: ["a", { b: 1 }],
        client_secret: "s",
        private_key: "k",
        token: "t",
        kubeconfig: "kc",
        key_hash: "h",
        password: "p",
      }),
      { name: "web", count: 3, enabled: false, cleared: null, tags: ["a", 1], at: "2026-01-02T03:04:05.000Z" },
    );
  });
});
