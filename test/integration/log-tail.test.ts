import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Logger } from "moleculer";
import { ServiceDatabase } from "../../shared/db.ts";
import { openLogSink, serverSubject, type LogSink } from "../../services/runner/log-sink.ts";
import { defineRunnerModels } from "../../services/runner/models.ts";
import { clientFor } from "../helpers/client.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { openStream, openTail, type OpenTail } from "../helpers/event-stream.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };

const chunksOf = (t: OpenTail) => t.frames.filter((f) => f.event === "log").map((f) => JSON.parse(f.data) as { id: string; stream: string; chunk: string; created_at: string });
const textOf = (t: OpenTail) =>
  chunksOf(t)
    .map((c) => c.chunk)
    .join("");

/**
 * The logs routes answer `Accept: text/event-stream` with a live tail: output written after it
 * opened arrives in order, `done` ends it, Last-Event-ID resumes without repeats, another
 * organization's log is a 404 before any stream, the typed client reads it to the end, and the
 * tails count against the event streams' caps.
 */
describe("live log tails (text/event-stream on the logs routes)", () => {
  let stack: Stack;
  let runnerDb: ServiceDatabase<ReturnType<typeof defineRunnerModels>>;
  let alice: Tenant;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "jobs", "events", "runner"],
      env: { EVENTS_HEARTBEAT_S: "0.5", EVENTS_STREAMS_PER_ORG: "10", EVENTS_STREAMS_PER_CALLER: "2" },
    });
    runnerDb = new ServiceDatabase("runner", defineRunnerModels);
    await runnerDb.open();
    alice = await newTenant(stack, "Tail org");
  });
  afterAll(async () => {
    await runnerDb.close();
    await stack.stop();
  });

  async function newServer(tenant: Tenant, hostname: string): Promise<string> {
    const key = await tenant.http.post("/api/v1/ssh", { name: `${hostname}-key`, comment: "tail@example", type: "ed25519" });
    assert.equal(key.status, 201, key.text);
    const server = await tenant.http.post("/api/v1/servers", {
      hostname,
      private_ip_address: "10.0.0.7",
      role: "worker",
      ssh_user: "root",
      ssh_key_id: (key.json as { id: string }).id,
    });
    assert.equal(server.status, 201, server.text);
    return (server.json as { id: string }).id;
  }

  const sinkFor = (tenant: Tenant, serverId: string): Promise<LogSink> =>
    openLogSink(
      { models: runnerDb.models, logger: silent, bus: stack.broker },
      { organizationId: tenant.orgId, subject: serverSubject(serverId), secrets: [], maxBytes: 1_000_000 },
    );

  it("follows the log live, in order, ends with done; Last-Event-ID resumes without repeats; the typed client reads it to the end", async () => {
    const id = await newServer(alice, "tail-1");
    const sink = await sinkFor(alice, id);
    sink.write("stdout", "before\n");
    await sink.flush();
    const tail = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs`, alice.h);
    assert.equal(tail.status, 200, tail.text);
    assert.match(tail.contentType, /^text\/event-stream/);
    await waitUntil("the chunk written before", async () => (textOf(tail) === "before\n" ? true : undefined));

    sink.write("stdout", "one\n");
    sink.write("stderr", "two\n");
    await sink.flush();
    await waitUntil("the chunks written after it opened", async () => (textOf(tail) === "before\none\ntwo\n" ? true : undefined), 10_000);
    sink.write("stdout", "three\n");
    await sink.flush();
    await waitUntil("a later chunk", async () => (textOf(tail).endsWith("three\n") ? true : undefined), 10_000);
    assert.equal(tail.ended, false, "a log still written to stays open");
    await waitUntil("a heartbeat", async () => (tail.comments.includes("heartbeat") ? true : undefined));

    await sink.close();
    await waitUntil("done and the end of the response", async () => (tail.ended ? true : undefined), 10_000);
    assert.equal(tail.frames.at(-1)?.event, "done");
    const chunks = chunksOf(tail);
    assert.equal(textOf(tail), "before\none\ntwo\nthree\n");
    assert.deepEqual(
      tail.frames.filter((f) => f.event === "log").map((f) => f.id),
      chunks.map((c) => c.id),
    );
    const ids = chunks.map((c) => Number(c.id));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual(
      chunks.map((c) => c.stream),
      ["stdout", "stdout", "stderr", "stdout"],
    );

    // resumed after the first chunk: Last-Event-ID wins over `after`, nothing repeated
    const resumed = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs?after=0`, { ...alice.h, "last-event-id": chunks[0]!.id });
    assert.equal(resumed.status, 200, resumed.text);
    await waitUntil("the resumed tail to end", async () => (resumed.ended ? true : undefined), 10_000);
    assert.equal(textOf(resumed), "one\ntwo\nthree\n");
    assert.equal(resumed.frames.at(-1)?.event, "done");

    // a bad Last-Event-ID is the route's own 400, before any stream
    const bad = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs`, { ...alice.h, "last-event-id": "not-a-cursor" });
    assert.equal(bad.status, 400, bad.text);

    // the typed client follows it to the end
    const client = clientFor(stack.baseUrl, alice.user, { orgId: alice.orgId });
    const read: string[] = [];
    for await (const c of client.followServerLog(id)) read.push(c.chunk);
    assert.equal(read.join(""), "before\none\ntwo\nthree\n");

    // the JSON answer is unchanged
    const json = await alice.http.get(`/api/v1/servers/${id}/logs`);
    assert.equal(json.status, 200, json.text);
  });

  it("another organization's server is a 404 before any stream", async () => {
    const id = await newServer(alice, "tail-private");
    const sink = await sinkFor(alice, id);
    sink.write("stdout", "private output\n");
    await sink.flush();
    const bob = await newTenant(stack, "Other org");
    const other = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs`, bob.h);
    assert.equal(other.status, 404);
    assert.doesNotMatch(other.contentType, /event-stream/);
    assert.ok(!other.text.includes("private output"));
    await sink.close();
  });

  it("tails count against the event streams' caps (429 with Retry-After) and free their place when they end", async () => {
    const carol = await newTenant(stack, "Capped org");
    const id = await newServer(carol, "tail-cap");
    const sink = await sinkFor(carol, id);
    const events = await openStream(stack.baseUrl, carol.h);
    const first = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs`, carol.h);
    assert.deepEqual([events.status, first.status], [200, 200]);
    const refused = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs`, carol.h);
    assert.equal(refused.status, 429, refused.text);
    assert.ok(Number(refused.retryAfter) > 0);
    await sink.close();
    await waitUntil("the first tail to end", async () => (first.ended ? true : undefined), 10_000);
    const again = await openTail(stack.baseUrl, `/api/v1/servers/${id}/logs`, carol.h);
    assert.equal(again.status, 200, again.text);
    await waitUntil("the next tail to end", async () => (again.ended ? true : undefined), 10_000);
    events.close();
  });
});
