import { PassThrough } from "node:stream";
import type { Context, Logger } from "moleculer";
import type { RequestMeta } from "../../shared/context.ts";
import { typeMatcher, type DomainEvent, type EventsSinceResult } from "../../shared/contracts/events.ts";
import { call } from "../../shared/call.ts";
import { EVENTS_ACTIONS } from "../../shared/contracts/events-actions.ts";
import { MESSAGES, unavailableAs503 } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { uuid } from "../../shared/zod.ts";

/** One open `GET /events` response (or a live log tail, which shares its caps). */
interface Subscriber {
  kind: "events" | "tail";
  orgId: string;
  principalId: string;
  /** The stream's `types` filter. */
  types?: string[] | undefined;
  /** Where a catch-up starts: the last event sent, or (none yet) an id of the time the stream opened or resumed from. */
  lastId: string;
  matches: (type: string) => boolean;
  stream: PassThrough;
  /** Ids sent lately (live events can reach a gateway twice); while the backlog is sent, every id it sent. */
  sent: Set<string>;
  /** Live events held back while the backlog is being sent; undefined once it is. */
  held?: DomainEvent[];
}

/** How many sent ids a live stream remembers to drop duplicates. */
const SENT_MEMORY = 1_000;
/** A resumed stream's backlog is read in pages of this size. */
const BACKLOG_PAGE = 500;

function frame(event: DomainEvent): string {
  return `event: ${event.type}\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Tells a resumed stream that its backlog is not replayed (too long, or the audit log no longer
 * knows where the client stopped): read what came since from the audit log; the live events
 * follow. The empty `id` clears the client's Last-Event-ID, so a reconnect does not ask again.
 */
function resyncFrame(reason: string): string {
  return `event: resync\nid:\ndata: ${JSON.stringify({ reason, audit_log: "/api/v1/audit-events" })}\n\n`;
}

export interface EventStreamsOptions {
  heartbeatMs: number;
  /** At most this many backlog events a resumed stream is sent before it is told to resync. */
  replayMax: number;
  /** Open streams an organization, and a caller (all its organizations together), may have here. */
  maxPerOrg: number;
  maxPerCaller: number;
  /** What a live stream whose client does not read may hold unsent (bytes) before it is cut. */
  maxBufferBytes: number;
}

/** An open stream that is refused: 429, asking to retry after this many seconds. */
const STREAMS_RETRY_AFTER_S = 30;
/** Live events held back while a backlog is sent, at most (the backlog waits for its client; these do not). */
const HELD_MAX = 10_000;

/**
 * The gateway's live streams (Server-Sent Events): each recorded event that reaches this gateway
 * (`events.recorded`, broadcast over the bus to every gateway) goes to the open streams of its
 * organization whose `types` match; `Last-Event-ID` first replays what the audit log recorded
 * since that event (`events.since`: in the order of recording, with an overlap window, so an event
 * may come twice but none is missed), holding the live ones back meanwhile; a backlog over
 * `replayMax` events ends in a `resync` event instead; a comment line every `heartbeatMs` keeps
 * proxies from closing an idle stream.
 */
export class EventStreams {
  /** The open streams by organization: an event is offered to its own organization's streams only. */
  private readonly byOrg = new Map<string, Set<Subscriber>>();
  /** How many streams each caller has open here. */
  private readonly byCaller = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly options: EventStreamsOptions,
  ) {
    this.heartbeat = setInterval(() => {
      for (const s of this.all()) if (!s.stream.write(": heartbeat\n\n")) this.cutIfFull(s);
    }, options.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Opens a stream for the caller's organization; a bad `Last-Event-ID` is a 400. A resumed
   * stream's first backlog page is read before answering (an audit log that cannot answer it is a
   * 503); the rest follows on the open stream, at the client's pace, then the live events held
   * back meanwhile.
   */
  async open(ctx: Context<{ types?: string[] | undefined }, RequestMeta>, orgId: string, lastEventId: string | undefined): Promise<PassThrough> {
    const after = lastEventId === undefined || lastEventId === "" ? undefined : uuid.safeParse(lastEventId.trim().toLowerCase());
    if (after && !after.success) throw MESSAGES.invalidField.error("last-event-id");
    const types = ctx.params.types;
    const principal = ctx.meta.principal;
    const sub: Subscriber = {
      kind: "events",
      orgId,
      types,
      lastId: after ? after.data : newId(),
      principalId: principal?.kind === "user" ? principal.user_id : (principal?.key_id ?? ""),
      matches: typeMatcher(types),
      stream: new PassThrough(),
      sent: new Set(),
      held: after ? [] : undefined,
    };
    this.admit(orgId, sub.principalId);
    let ofOrg = this.byOrg.get(orgId);
    if (!ofOrg) this.byOrg.set(orgId, (ofOrg = new Set()));
    ofOrg.add(sub);
    this.byCaller.set(sub.principalId, (this.byCaller.get(sub.principalId) ?? 0) + 1);
    sub.stream.on("close", () => this.remove(sub));
    sub.stream.write(": stream open\n\n");
    if (after) {
      const since = (caller: Pick<Context, "call">, cursor: string | undefined) => this.since(caller, sub, after.data, cursor);
      let first: EventsSinceResult;
      try {
        first = await since(ctx, undefined);
      } catch (err) {
        this.close(sub);
        throw unavailableAs503(err);
      }
      // the request's deadline does not bound the rest: later pages are asked for by the gateway itself
      void this.replay(sub, first, (cursor) => since(ctx.broker, cursor));
    }
    return sub.stream;
  }

  /**
   * Events may have been lost on the way to this gateway (a broadcast the bus dropped, a time
   * without a bus link): every event stream reads what the audit log recorded since the last event
   * it sent, as a resumed stream does (live events held back meanwhile, duplicates dropped by id,
   * `resync` when it cannot), so no stream misses a change silently.
   */
  catchUp(caller: Pick<Context, "call">, reason: string): void {
    let streams = 0;
    for (const sub of this.all()) {
      // a tail has no events; a stream sending its backlog already reads the audit log
      if (sub.kind !== "events" || sub.held) continue;
      streams++;
      sub.held = [];
      const after = sub.lastId;
      const read = (cursor: string | undefined) => this.since(caller, sub, after, cursor);
      void read(undefined).then(
        (first) => this.replay(sub, first, read),
        () => this.replay(sub, { events: [], next_cursor: null, resync: "the audit log did not answer" }, read),
      );
    }
    if (streams > 0) this.logger.info(`event streams catch up from the audit log: ${reason}`, { streams });
  }

  private since(caller: Pick<Context, "call">, sub: Subscriber, after: string, cursor: string | undefined): Promise<EventsSinceResult> {
    return call(caller, EVENTS_ACTIONS.since, { organization_id: sub.orgId, after, cursor, types: sub.types, limit: BACKLOG_PAGE });
  }

  /**
   * Opens a stream that no recorded event is written to (a live log tail writes its own frames):
   * it counts against the same caps, gets the heartbeat, and ends like an event stream (access
   * changed, credential ended, a client that does not read).
   */
  openTail(orgId: string, principalId: string): PassThrough {
    const sub: Subscriber = { kind: "tail", orgId, principalId, lastId: "", matches: () => false, stream: new PassThrough(), sent: new Set() };
    this.admit(orgId, principalId);
    let ofOrg = this.byOrg.get(orgId);
    if (!ofOrg) this.byOrg.set(orgId, (ofOrg = new Set()));
    ofOrg.add(sub);
    this.byCaller.set(principalId, (this.byCaller.get(principalId) ?? 0) + 1);
    sub.stream.on("close", () => this.remove(sub));
    return sub.stream;
  }

  /** Sends the backlog page by page (waiting while the client reads), then the held live events; ends in `resync` when it cannot send all. */
  private async replay(sub: Subscriber, first: EventsSinceResult, next: (cursor: string) => Promise<EventsSinceResult>): Promise<void> {
    let page = first;
    let read = 0;
    try {
      for (;;) {
        if (page.resync !== undefined) {
          sub.stream.write(resyncFrame(page.resync));
          break;
        }
        for (const e of page.events) this.send(sub, e);
        read += page.events.length;
        if (page.next_cursor === null) break;
        if (read >= this.options.replayMax) {
          sub.stream.write(resyncFrame(`more than ${this.options.replayMax} events since the Last-Event-ID`));
          break;
        }
        if (!(await this.drained(sub))) return;
        page = await next(page.next_cursor);
      }
    } catch (err) {
      this.logger.warn("a resumed event stream's backlog could not be read to the end", { organization_id: sub.orgId, error: (err as Error).message });
      sub.stream.write(resyncFrame("the audit log did not answer"));
    }
    const held = sub.held ?? [];
    sub.held = undefined;
    for (const e of held) this.send(sub, e);
    // back to a live stream's memory of sent ids
    for (const id of sub.sent) {
      if (sub.sent.size <= SENT_MEMORY) break;
      sub.sent.delete(id);
    }
  }

  /** Waits until the client has read what the stream holds; false when the stream closed meanwhile. */
  private async drained(sub: Subscriber): Promise<boolean> {
    if (!this.isOpen(sub)) return false;
    if (sub.stream.writableLength < 1024 * 1024) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        sub.stream.off("drain", done);
        sub.stream.off("close", done);
        resolve();
      };
      sub.stream.on("drain", done);
      sub.stream.on("close", done);
    });
    return this.isOpen(sub);
  }

  /** Events just recorded (the broadcast): to every matching open stream of their organization. */
  deliver(events: readonly DomainEvent[]): void {
    for (const e of events) {
      const ofOrg = this.byOrg.get(e.organization_id);
      if (!ofOrg) continue;
      let text: string | undefined;
      for (const sub of ofOrg) {
        if (!sub.matches(e.type)) continue;
        if (!sub.held) this.send(sub, e, (text ??= frame(e)));
        else if (sub.held.push(e) > HELD_MAX) this.cut(sub, `more than ${HELD_MAX} live events held back while its backlog is read`);
      }
    }
  }

  /** Closes the streams of an organization (all, or one member's or key's) whose access changed. */
  accessChanged(orgId: string, principalId: string | undefined): void {
    for (const sub of this.byOrg.get(orgId) ?? []) if (principalId === undefined || sub.principalId === principalId) this.close(sub);
  }

  /** Ends one open stream (its credential no longer authorizes it); false when it is not open. */
  end(stream: PassThrough): boolean {
    for (const sub of this.all()) {
      if (sub.stream !== stream) continue;
      this.close(sub);
      return true;
    }
    return false;
  }

  /** Ends every stream (the gateway stops). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const sub of this.all()) this.close(sub);
  }

  private send(sub: Subscriber, e: DomainEvent, text = frame(e)): void {
    if (sub.sent.has(e.id)) return;
    sub.sent.add(e.id);
    sub.lastId = e.id;
    if (sub.sent.size > SENT_MEMORY && !sub.held) sub.sent.delete(sub.sent.values().next().value!);
    // a live stream whose client does not read is cut; a backlog waits for its client (see `drained`)
    if (!sub.stream.write(text) && !sub.held) this.cutIfFull(sub);
  }

  /**
   * Refuses a stream over the organization's or the caller's cap (429 with Retry-After): every
   * open stream costs a connection and a write of every event of its organization.
   */
  private admit(orgId: string, principalId: string): void {
    const retry = { retry_after: STREAMS_RETRY_AFTER_S };
    if ((this.byOrg.get(orgId)?.size ?? 0) >= this.options.maxPerOrg) {
      throw MESSAGES.tooManyOrgEventStreams.errorWith(retry, this.options.maxPerOrg);
    }
    if ((this.byCaller.get(principalId) ?? 0) >= this.options.maxPerCaller) {
      throw MESSAGES.tooManyCallerEventStreams.errorWith(retry, this.options.maxPerCaller);
    }
  }

  private cutIfFull(sub: Subscriber): void {
    if (sub.stream.writableLength > this.options.maxBufferBytes) this.cut(sub, `its client does not read (over ${Math.round(this.options.maxBufferBytes / 1024)} KiB unsent)`);
  }

  /** Ends a stream at once, dropping what it holds (its client may never read it), with the reason logged once. */
  private cut(sub: Subscriber, reason: string): void {
    if (!this.isOpen(sub)) return;
    this.logger.warn(`cutting an event stream: ${reason}`, { organization_id: sub.orgId });
    this.remove(sub);
    sub.stream.destroy();
  }

  private close(sub: Subscriber): void {
    this.remove(sub);
    sub.stream.end();
  }

  private remove(sub: Subscriber): void {
    const ofOrg = this.byOrg.get(sub.orgId);
    if (!ofOrg?.delete(sub)) return;
    if (ofOrg.size === 0) this.byOrg.delete(sub.orgId);
    const left = (this.byCaller.get(sub.principalId) ?? 1) - 1;
    if (left > 0) this.byCaller.set(sub.principalId, left);
    else this.byCaller.delete(sub.principalId);
  }

  private isOpen(sub: Subscriber): boolean {
    return this.byOrg.get(sub.orgId)?.has(sub) ?? false;
  }

  private *all(): Generator<Subscriber> {
    for (const ofOrg of this.byOrg.values()) yield* ofOrg;
  }
}
