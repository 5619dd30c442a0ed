import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import type { DomainEvent } from "../../shared/contracts/events.ts";
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

  it("an event already in the audit log but never broadcast is sent to the stream when it comes again, once", async () => {
    const event = eventOf("label.created");
    // the first delivery's insert, as it landed before its replica failed
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
});
