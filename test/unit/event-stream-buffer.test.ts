import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import type { Context, Logger } from "moleculer";
import type { RequestMeta } from "../../shared/context.ts";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { newId } from "../../shared/ids.ts";
import { EventStreams } from "../../services/api/event-stream.ts";

/** A logger that keeps what it is given, by level. */
function recordingLogger(): { logger: Logger; lines: { level: string; args: unknown[] }[] } {
  const lines: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  return { logger: { fatal: at("fatal"), error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug"), trace: at("trace") }, lines };
}

const orgId = newId();
const event = (size: number): DomainEvent => ({
  id: newId(),
  organization_id: orgId,
  type: "label.created",
  resource_type: "label",
  resource_id: newId(),
  actor: { type: "user", id: newId() },
  request_id: newId(),
  occurred_at: new Date().toISOString(),
  data: { value: "x".repeat(size) },
});

const ctxOf = (principalId: string) =>
  ({ params: {}, meta: { principal: { kind: "org_key", key_id: principalId, organization_id: orgId } } }) as unknown as Context<{ types?: string[] }, RequestMeta>;

describe("a live event stream whose client does not read", () => {
  it("is cut once it holds more than its bound, the reason logged once without a stack; a reading stream goes on", async () => {
    const { logger, lines } = recordingLogger();
    const streams = new EventStreams(logger, { heartbeatMs: 60_000, replayMax: 100, maxPerOrg: 10, maxPerCaller: 10, maxBufferBytes: 256 * 1024 });
    try {
      const stalled = await streams.open(ctxOf(newId()), orgId, undefined);
      const reading = await streams.open(ctxOf(newId()), orgId, undefined);
      let read = 0;
      reading.on("data", (c: Buffer) => (read += c.length));
      for (let i = 0; i < 100; i++) {
        streams.deliver([event(8 * 1024)]);
        await new Promise((r) => setImmediate(r)); // the reading client reads between events
      }
      assert.equal(stalled.destroyed, true, "the stream that is not read is cut (its buffer dropped), not left to end after a read that never comes");
      assert.equal(reading.destroyed, false);
      await new Promise((r) => setImmediate(r));
      assert.ok(read > 800 * 1024, String(read));
      for (let i = 0; i < 10; i++) streams.deliver([event(8 * 1024)]);
      const cuts = lines.filter((l) => String(l.args[0]).includes("cutting an event stream"));
      assert.equal(cuts.length, 1);
      assert.equal(cuts[0]!.args[0], "cutting an event stream: its client does not read (over 256 KiB unsent)");
      assert.ok(!cuts[0]!.args.some((a) => a instanceof Error || JSON.stringify(a).includes("stack")));
    } finally {
      streams.closeAll();
    }
  });
});
