import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { EVENTS_RECORDED, type DomainEvent } from "../../shared/contracts/events.ts";
import { newId } from "../../shared/ids.ts";
import { openStream, type OpenStream } from "../helpers/event-stream.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * A change whose first delivery to the audit log was written but never broadcast (the events
 * replica failed after the insert: a database freeze, a NATS outage) is delivered again by its
 * service's outbox. That redelivery meets the audit row already there: it must still reach the
 * open streams (which drop an id they already sent), never be lost to them.
 */
describe("events: a redelivered event reaches the live streams", () => {
  let stack: Stack;
  let alice: Tenant;
  let mongo: mongoose.mongo.MongoClient;
  let stream: OpenStream;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "events"], env: { JOBS_WORKER_ENABLED: "false" } });
    alice = await newTenant(stack, "Redelivered");
    mongo = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    stream = await openStream(stack.baseUrl, alice.h);
    assert.equal(stream.status, 200, stream.text);
  });
  afterAll(async () => {
    stream?.close();
    await mongo?.close();
    await stack?.stop();
  });

  const eventOf = (type: string): DomainEvent => ({
    id: newId(),
    organization_id: alice.orgId,
    type,
    resource_type: "label",
    resource_id: newId(),
    actor: { type: "user", id: alice.user.user_id, email: "" },
    request_id: newId(),
    occurred_at: new Date().toISOString(),
    data: { key: "tier" },
  });

  /** An event as the audit log keeps it, written there without its broadcast (which the bus lost, or never made). */
  const keptUnbroadcast = async (event: DomainEvent) => {
    const now = Date.now();
    const { id, ...rest } = event;
    await mongo
      .db(`${stack.dbPrefix}_events`)
      .collection("audit_events")
      .insertOne({
        ...rest,
        _id: id as unknown as mongoose.mongo.ObjectId,
        occurred_at: new Date(event.occurred_at),
        recorded_at: new Date(now),
        position: `${String(now).padStart(15, "0")}:${id}`,
      });
  };

  it("an event already in the audit log but never broadcast is sent to the stream when it comes again, once", async () => {
    const event = eventOf("label.created");
    const { id } = event;
    // the first delivery's insert, as it landed before its replica failed
    await keptUnbroadcast(event);
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(!stream.events.some((e) => e.id === event.id), "nothing broadcast it yet");

    // the outbox delivers it again: kept once, and broadcast
    await stack.broker.call("events.record", { events: [event] });
    await waitUntil("the redelivered event on the stream", async () => (stream.events.some((e) => e.id === event.id) ? true : undefined), 10_000);

    // a third delivery (a stream already holding it) sends no duplicate frame; a new event still comes
    await stack.broker.call("events.record", { events: [event] });
    const next = eventOf("label.updated");
    await stack.broker.call("events.record", { events: [next] });
    await waitUntil("the next event on the stream", async () => (stream.events.some((e) => e.id === next.id) ? true : undefined), 10_000);
    assert.equal(stream.events.filter((e) => e.id === event.id).length, 1, "one frame for the event");
    const stored = await mongo
      .db(`${stack.dbPrefix}_events`)
      .collection("audit_events")
      .countDocuments({ _id: id as unknown as mongoose.mongo.ObjectId });
    assert.equal(stored, 1, "kept once in the audit log");
  });

  it("a broadcast lost on the bus shows as a number skipped in its sender's sequence: the stream reads what it missed from the audit log", async () => {
    const source = `test-sender-${newId()}`;
    const mark = (seq: number) => stack.broker.broadcast(EVENTS_RECORDED, { events: [], sequence: { source, seq } });
    await mark(1);
    // kept, and its broadcast (number 2) lost: with the sequence unbroken nothing tells the stream
    const unnoticed = eventOf("label.created");
    await keptUnbroadcast(unnoticed);
    await mark(1);
    await new Promise((r) => setTimeout(r, 1_500));
    assert.ok(!stream.events.some((e) => e.id === unnoticed.id), "no gap seen, no catch-up");
    // the next broadcast is number 3: number 2 never came, so the stream catches up
    await mark(3);
    await waitUntil("the lost event on the stream", async () => (stream.events.some((e) => e.id === unnoticed.id) ? true : undefined), 10_000);
    // a number arriving late (out of order) within the grace period is not a loss
    const late = eventOf("label.updated");
    await keptUnbroadcast(late);
    await mark(5);
    await mark(4);
    await new Promise((r) => setTimeout(r, 1_500));
    assert.ok(!stream.events.some((e) => e.id === late.id), "a late number is no gap");
    await mark(7);
    await waitUntil("the second lost event on the stream", async () => (stream.events.some((e) => e.id === late.id) ? true : undefined), 10_000);
    const ids = stream.events.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, "no event twice");
    assert.equal(stream.ended, false);
  });

  it("the events service numbers its broadcasts, and marks the last one again when nothing follows", async () => {
    const seen: { source: string; seq: number; events: number }[] = [];
    const listener = (payload: unknown) => {
      const p = payload as { events: unknown[]; sequence?: { source: string; seq: number } };
      if (p.sequence) seen.push({ ...p.sequence, events: p.events.length });
    };
    const unsubscribe = stack.broker.createService({
      name: `recorded-listener-${newId().slice(-6)}`,
      events: { [EVENTS_RECORDED]: (ctx: { params: unknown }) => listener(ctx.params) },
    });
    await stack.broker.call("events.record", { events: [eventOf("label.created")] });
    await stack.broker.call("events.record", { events: [eventOf("label.created")] });
    await waitUntil("a mark after the last broadcast", async () => (seen.some((s) => s.events === 0) ? true : undefined), 5_000);
    await stack.broker.destroyService(unsubscribe);
    const numbered = seen.filter((s) => s.events > 0);
    assert.equal(numbered.length, 2);
    assert.equal(numbered[0]!.source, numbered[1]!.source);
    assert.equal(numbered[1]!.seq, numbered[0]!.seq + 1);
    const mark = seen.find((s) => s.events === 0)!;
    assert.deepEqual({ source: mark.source, seq: mark.seq }, { source: numbered[1]!.source, seq: numbered[1]!.seq });
  });
});
