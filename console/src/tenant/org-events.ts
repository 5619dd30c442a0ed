import { ApiError, SseParser, type components } from "../../../clients/typescript/src/index.ts";

/**
 * One organization's live events for every tenant page (`GET /api/v1/events`, Server-Sent Events
 * read with fetch: EventSource cannot send the bearer token): one stream per organization shown,
 * resumed with `Last-Event-ID` after a drop, events told to the pages whose type pattern
 * (`record_set.*`) they match. Owners and admins only: for a plain member the API answers 403 and
 * the feed says it does not serve, so the pages ask again on a timer instead. No DOM here.
 */

/** One of the organization's events, as the stream sends it. */
export type DomainEvent = components["schemas"]["DomainEvent"];

/** `serving`: events arrive; `connecting`: not yet, or again after a drop; `unavailable`: the API refused the stream (a member). */
export type FeedState = "connecting" | "serving" | "unavailable";

/** Opens the stream: the API's answer to `GET /events` (a body to read), resumed after `lastEventId`. */
export type OpenStream = (lastEventId: string | undefined, signal: AbortSignal) => Promise<{ response: Response; error?: unknown }>;

/** Told each matching event, or nothing (`undefined`) when the stream could not replay what was missed: reload everything. */
export type EventListener = (event?: DomainEvent) => void;

interface Listener {
  patterns: readonly string[];
  fn: EventListener;
}

/** `record_set.*` matches `record_set.status_changed`; `*` every type; anything else itself. */
export function typeMatches(pattern: string, type: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(".*")) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

export class OrgEventFeed {
  private listeners = new Set<Listener>();
  private stateListeners = new Set<(state: FeedState) => void>();
  private stop = new AbortController();
  private lastId: string | undefined;
  private seen = new Set<string>();
  state: FeedState = "connecting";

  constructor(
    private readonly open: OpenStream,
    private readonly retryMs = 2_000,
  ) {
    void this.run();
  }

  /** Tells `fn` every event whose type matches one of `patterns`; the returned function stops it. */
  subscribe(patterns: readonly string[], fn: EventListener): () => void {
    const listener = { patterns, fn };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(fn: (state: FeedState) => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /** Closed: no more tries (read through a getter: the loop's awaits may close it meanwhile). */
  private get closed(): boolean {
    return this.stop.signal.aborted;
  }

  close(): void {
    this.stop.abort();
    this.listeners.clear();
    this.stateListeners.clear();
  }

  private setState(state: FeedState): void {
    if (state === this.state) return;
    this.state = state;
    for (const fn of this.stateListeners) fn(state);
  }

  private deliver(event: DomainEvent): void {
    // a resumed stream may repeat events: each is told once
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > 2_000) this.seen = new Set([...this.seen].slice(-1_000));
    for (const l of this.listeners) if (l.patterns.some((p) => typeMatches(p, event.type))) l.fn(event);
  }

  private async run(): Promise<void> {
    const signal = this.stop.signal;
    // after a failure the next try waits twice as long (up to 30 s), back to `retryMs` once a stream serves
    let delay = this.retryMs;
    while (!signal.aborted) {
      try {
        const { response } = await this.open(this.lastId, signal);
        if (response.status === 403 || response.status === 401 || response.status === 404) {
          // the refusal's body was read as the error already
          this.setState("unavailable");
          return;
        }
        if (!response.ok || !response.body) throw ApiError.fromResult(response, undefined);
        this.setState("serving");
        delay = this.retryMs;
        // what changed while there was no stream: every listener reloads
        for (const l of this.listeners) l.fn();
        const parser = new SseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const frame of parser.push(value)) {
            if (frame.event === "resync") {
              // the backlog could not be replayed: every listener reloads what it shows
              this.lastId = undefined;
              for (const l of this.listeners) l.fn();
              continue;
            }
            if (frame.id) this.lastId = frame.id;
            try {
              this.deliver(JSON.parse(frame.data) as DomainEvent);
            } catch {
              // not an event (a comment-like frame): nothing to tell
            }
          }
        }
      } catch {
        // a dropped connection or a failed answer: tried again below
      }
      if (this.closed) return;
      this.setState("connecting");
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  }
}
