import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { followLog, LogFollowError, SseParser, sseEvents, type LogChunk, type LogTail } from "../../clients/typescript/src/index.ts";

/**
 * The client's reading of Server-Sent Events and its log follower (clients/typescript/src/sse.ts,
 * logs.ts): pure code, fed here with bodies made in memory; the same code against the real
 * gateway is test/e2e/runner-clients.test.ts.
 */

const enc = new TextEncoder();

/** A body that sends these pieces, then ends (or fails, when `fail` is given). */
function body(pieces: string[], fail?: Error): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(enc.encode(pieces[i++]));
      else if (fail) controller.error(fail);
      else controller.close();
    },
  });
}

const chunk = (id: string, text: string, stream: LogChunk["stream"] = "stdout"): LogChunk => ({ id, stream, chunk: text, created_at: "2026-11-26T20:00:00.000Z" });
const frame = (c: LogChunk) => `event: log\nid: ${c.id}\ndata: ${JSON.stringify(c)}\n\n`;
const stream = (text: string[], fail?: Error) => new Response(body(text, fail), { headers: { "content-type": "text/event-stream; charset=utf-8" } });

describe("SseParser", () => {
  it("dispatches a frame at its blank line, whatever the pieces the text arrives in", () => {
    const text = 'event: log\nid: 7\ndata: {"a":1}\n\n: heartbeat\n\nevent: done\ndata: {}\n\n';
    for (const size of [1, 2, 3, 5, 8, text.length]) {
      const p = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...p.push(text.slice(i, i + size)));
      assert.deepEqual(events, [
        { event: "log", data: '{"a":1}', id: "7" },
        { event: "done", data: "{}", id: "7" },
      ]);
    }
  });

  it("reads CRLF and CR line ends (a CR at the end of one piece and its LF in the next make one line end)", () => {
    const p = new SseParser();
    assert.deepEqual(p.push("data: a\r"), []);
    assert.deepEqual(p.push("\ndata: b\r\n\r"), [{ event: "message", data: "a\nb", id: undefined }]);
    assert.deepEqual(p.push("\rdata: c\r\r"), [{ event: "message", data: "c", id: undefined }]);
  });

  it("ignores comments, retry and unknown fields, a frame without data, and an id with NUL; keeps the last id", () => {
    const p = new SseParser();
    assert.deepEqual(p.push(": hi\nretry: 10\nfoo: bar\nid: 1\n\nevent: x\n\n"), []);
    assert.equal(p.lastEventId, "1");
    assert.deepEqual(p.push("id: 2\u0000\ndata\ndata:no-space\n\n"), [{ event: "message", data: "\nno-space", id: "1" }]);
  });

  it("drops a last frame the stream ended before its blank line", async () => {
    const events = [];
    for await (const e of sseEvents(body(["data: one\n\n", "data: two\n"]))) events.push(e.data);
    assert.deepEqual(events, ["one"]);
  });
});

/** A tail whose connections answer the given responses in turn, recording the Last-Event-ID of each. */
function tailOf(responses: (() => Response | Promise<Response>)[]): LogTail & { asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  return {
    asked,
    open: async (last) => {
      asked.push(last);
      const next = responses.shift();
      if (!next) throw new Error("no more connections expected");
      return next();
    },
    refused: async (r) => new Error(`refused ${r.status}: ${await r.text()}`),
    unexpected: (r) => new Error(`unexpected ${r.headers.get("content-type")}`),
  };
}

async function all(it: AsyncIterable<LogChunk>): Promise<LogChunk[]> {
  const out = [];
  for await (const c of it) out.push(c);
  return out;
}

describe("followLog", () => {
  const a = chunk("a1", "one\n");
  const b = chunk("b2", "two\n", "stderr");
  const c = chunk("c3", "three\n", "system");

  it("yields each chunk once, resumes a dropped connection after the last chunk it got, and ends at done", async () => {
    const tail = tailOf([
      () => stream([frame(a), ": heartbeat\n\n", frame(b).slice(0, 20)]), // ends in the middle of b
      () => stream([frame(b)], new TypeError("terminated")), // fails after b
      () => stream([frame(c), "event: done\ndata: {}\n\n", frame(chunk("zz", "never"))]),
    ]);
    assert.deepEqual(await all(followLog(tail, { after: "0", reconnectDelayMs: 1 })), [a, b, c]);
    assert.deepEqual(tail.asked, ["0", "a1", "b2"]);
  });

  it("throws the API's refusal at once, without trying again", async () => {
    const tail = tailOf([() => new Response("run not found", { status: 404, headers: { "content-type": "text/plain" } })]);
    await assert.rejects(all(followLog(tail, { reconnectDelayMs: 1 })), /refused 404: run not found/);
    assert.equal(tail.asked.length, 1);
  });

  it("refuses an answer that is not an event stream, or a frame that is not a log chunk", async () => {
    await assert.rejects(all(followLog(tailOf([() => Response.json({ items: [] })]))), /unexpected application\/json/);
    await assert.rejects(all(followLog(tailOf([() => stream(['event: log\nid: 1\ndata: {"id":"1"}\n\n'])]))), /unexpected text\/event-stream/);
  });

  it("passes on at once an error of opening that the tail calls final (a redirect refused)", async () => {
    const tail = { ...tailOf([() => Promise.reject(new RangeError("redirect refused"))]), isFinal: (err: unknown) => err instanceof RangeError };
    await assert.rejects(all(followLog(tail, { reconnectDelayMs: 1 })), /redirect refused/);
    assert.equal(tail.asked.length, 1);
  });

  it("gives up after maxReconnects drops in a row, saying so", async () => {
    const refused = () => Promise.reject(new TypeError("fetch failed"));
    const tail = tailOf([refused, refused, refused]);
    await assert.rejects(
      all(followLog(tail, { maxReconnects: 2, reconnectDelayMs: 1 })),
      (err: unknown) => err instanceof LogFollowError && err.message.includes("dropped 3 times"),
    );
    assert.equal(tail.asked.length, 3);
  });

  it("ends quietly when its signal aborts, and lets go of the connection when the reader stops early", async () => {
    let canceled = false;
    const open = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(enc.encode(frame(a)));
      },
      cancel() {
        canceled = true;
      },
    });
    const stop = new AbortController();
    const got = [];
    for await (const x of followLog(tailOf([() => new Response(open, { headers: { "content-type": "text/event-stream" } })]), { signal: stop.signal })) {
      got.push(x);
      break;
    }
    assert.deepEqual(got, [a]);
    assert.equal(canceled, true);

    stop.abort();
    assert.deepEqual(await all(followLog(tailOf([() => stream([frame(a)])]), { signal: stop.signal })), []);
  });
});
