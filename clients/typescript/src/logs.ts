import { sseEvents } from "./sse.ts";

/**
 * Following a log live (a run's or a server's bootstrap output): the logs routes answer
 * `Accept: text/event-stream` with one `event: log` frame per chunk (`id` the chunk's id, data
 * the chunk as JSON) and a last `event: done`. A connection that drops before `done` is opened
 * again with `Last-Event-ID` = the last chunk received, so nothing is missed or repeated.
 * Web-standard APIs only: the operator console follows logs with the same code.
 */

export type LogStreamName = "stdout" | "stderr" | "system";

/** One piece of output (the API's LogChunk). */
export interface LogChunk {
  id: string;
  stream: LogStreamName;
  chunk: string;
  created_at: string;
}

export interface FollowLogOptions {
  /** Start after this chunk id (a `next_cursor`); the beginning when omitted. */
  after?: string | undefined;
  /** Stops following (the iterator then ends without an error). */
  signal?: AbortSignal | undefined;
  /** How many connections in a row may drop (or fail to open) before the iterator throws; 5 by default. */
  maxReconnects?: number | undefined;
  /** The wait before opening a dropped connection again, doubled each time in a row (1 s by default, at most 30 s). */
  reconnectDelayMs?: number | undefined;
}

/**
 * How to open the tail: the response to `GET …/logs` with `Accept: text/event-stream`, after the
 * given chunk id (sent as `Last-Event-ID`). An error `open` throws, or reading the body throws, is
 * a dropped connection (opened again); an answer the API refused or that is not a stream is not.
 */
export interface LogTail {
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  /** The error for an answer outside 2xx (an ApiError): thrown at once, never retried. */
  refused(response: Response): Promise<Error>;
  /** The error for a 2xx that is not an event stream of log chunks: thrown at once. */
  unexpected(response: Response): Error;
  /** Whether an error `open` threw is final (a redirect refused, say) rather than a dropped connection. */
  isFinal?(err: unknown): boolean;
}

/** An error the follower passes on as it is instead of reconnecting. */
class Fatal extends Error {
  constructor(readonly error: Error) {
    super(error.message);
  }
}

/** The connection dropped more than `maxReconnects` times in a row before the log was done. */
export class LogFollowError extends Error {
  override readonly name = "LogFollowError";
}

const MAX_DELAY_MS = 30_000;

function isLogChunk(value: unknown): value is LogChunk {
  const v = value as Partial<LogChunk> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.id === "string" &&
    (v.stream === "stdout" || v.stream === "stderr" || v.stream === "system") &&
    typeof v.chunk === "string" &&
    typeof v.created_at === "string"
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Every chunk of the log from `after` on, as it is written, until the API says `done` (the job
 * ended and everything was sent) or `signal` aborts. Each chunk is yielded once, in order.
 */
export async function* followLog(tail: LogTail, options: FollowLogOptions = {}): AsyncGenerator<LogChunk, void, undefined> {
  const maxReconnects = options.maxReconnects ?? 5;
  const baseDelay = options.reconnectDelayMs ?? 1_000;
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  // read through a function: the compiler would take `signal.aborted` as still false after the loop's test
  const stopped = () => signal.aborted;
  let last = options.after;
  let drops = 0;
  try {
    while (!stopped()) {
      let dropped: unknown;
      try {
        const response = await tail.open(last, signal);
        if (!response.ok) throw new Fatal(await tail.refused(response));
        if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream") || !response.body) {
          await response.body?.cancel().catch(() => undefined);
          throw new Fatal(tail.unexpected(response));
        }
        for await (const event of sseEvents(response.body)) {
          if (event.event === "done") return;
          if (event.event !== "log") continue;
          let chunk: unknown;
          try {
            chunk = JSON.parse(event.data);
          } catch {
            throw new Fatal(tail.unexpected(response));
          }
          if (!isLogChunk(chunk)) throw new Fatal(tail.unexpected(response));
          last = event.id ?? chunk.id;
          drops = 0;
          yield chunk;
        }
        dropped = new Error("the stream ended before the log was done");
      } catch (err) {
        if (stopped()) return;
        if (err instanceof Fatal) throw err.error;
        if (tail.isFinal?.(err)) throw err;
        dropped = err;
      }
      drops++;
      if (drops > maxReconnects) throw new LogFollowError(`the live tail dropped ${drops} times in a row`, { cause: dropped });
      await sleep(Math.min(MAX_DELAY_MS, baseDelay * 2 ** (drops - 1)), signal);
    }
  } finally {
    // the consumer stopped early: the open request goes away with it
    stop.abort();
  }
}
