/**
 * Server-Sent Events, read from a fetched body (the WHATWG "event stream" interpretation): the
 * client and the operator console follow a live tail with `fetch`, not EventSource, because
 * EventSource cannot send an Authorization header. Web-standard APIs only (runs in Node and in a
 * browser).
 */

/** One dispatched event: its type (`message` when the frame names none), its data lines joined by "\n", and the last `id` seen. */
export interface SseEvent {
  event: string;
  data: string;
  /** The stream's last event id at this event (the `id` field of this frame or of an earlier one). */
  id: string | undefined;
}

/**
 * Turns text as it arrives into events: lines end with CRLF, LF or CR; `:` lines are comments
 * (heartbeats); a blank line dispatches the frame when it had data; `id` persists across frames
 * (not when it contains NUL); `retry` and unknown fields are ignored.
 */
export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private hasData = false;
  private lastId: string | undefined;
  /** A CR ended the previous text: an LF starting the next one belongs to it. */
  private pendingCr = false;

  /** The events the text completes (a frame is dispatched only once its blank line arrived). */
  push(text: string): SseEvent[] {
    let input = text;
    if (this.pendingCr && input.startsWith("\n")) input = input.slice(1);
    this.pendingCr = false;
    this.buffer += input;
    const out: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== "\n" && c !== "\r") continue;
      const line = this.buffer.slice(start, i);
      if (c === "\r") {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[i + 1] === "\n") i++;
      }
      start = i + 1;
      const event = this.line(line);
      if (event) out.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The id of the last frame that named one: what `Last-Event-ID` resumes from. */
  get lastEventId(): string | undefined {
    return this.lastId;
  }

  private line(line: string): SseEvent | undefined {
    if (line === "") {
      const event = this.hasData ? { event: this.event || "message", data: this.data.join("\n"), id: this.lastId } : undefined;
      this.event = "";
      this.data = [];
      this.hasData = false;
      return event;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") {
      this.data.push(value);
      this.hasData = true;
    } else if (field === "id" && !value.includes("\u0000")) this.lastId = value;
    return undefined;
  }
}

/** The events of an event-stream body as they arrive; ends when the body ends (a last frame without its blank line is dropped, as the standard says). */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent, void, undefined> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
  } finally {
    // the consumer stopped early (break, return) or the read failed: the connection is let go
    await reader.cancel().catch(() => undefined);
  }
}
