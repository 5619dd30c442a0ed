import { PassThrough } from "node:stream";
import type { Context, Logger } from "moleculer";
import { z } from "zod";
import type { RequestMeta } from "../../shared/context.ts";
import { DomainEvent, typeMatcher } from "../../shared/contracts/events.ts";
import { EVENTS_ACTIONS } from "../../shared/contracts/events-actions.ts";
import { apiError, unavailableAs503 } from "../../shared/errors.ts";
import { uuid } from "../../shared/zod.ts";

/** One open `GET /events` response. */
interface Subscriber {
  orgId: string;
  principalId: string;
  matches: (type: string) => boolean;
  stream: PassThrough;
  /** Ids already sent (a resumed stream's backlog and the live events that arrived meanwhile overlap). */
  sent: Set<string>;
  /** Live events held back while the backlog is being sent; undefined once it is. */
  held?: DomainEvent[];
}

/** How many sent ids a stream remembers to drop duplicates. */
const SENT_MEMORY = 1_000;
/** A resumed stream's backlog is read in pages of this size, up to MAX_BACKLOG events. */
const BACKLOG_PAGE = 500;
const MAX_BACKLOG = 10_000;

function frame(event: DomainEvent): string {
  return `event: ${event.type}\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The gateway's live streams (Server-Sent Events): each recorded event that reaches this gateway
 * (`events.recorded`, broadcast over the bus to every gateway) goes to the open streams of its
 * organization whose `types` match; `Last-Event-ID` first replays what the audit log kept after
 * that id; a comment line every `heartbeatMs` keeps proxies from closing an idle stream.
 */
export class EventStreams {
  private readonly subscribers = new Set<Subscriber>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    heartbeatMs: number,
  ) {
    this.heartbeat = setInterval(() => {
      for (const s of this.subscribers) s.stream.write(": heartbeat\n\n");
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** Opens a stream for the caller's organization; a bad `Last-Event-ID` is a 400, an audit log that cannot answer the backlog a 503. */
  async open(ctx: Context<{ types?: string | undefined }, RequestMeta>, orgId: string, lastEventId: string | undefined): Promise<PassThrough> {
    const after = lastEventId === undefined || lastEventId === "" ? undefined : uuid.safeParse(lastEventId.trim());
    if (after && !after.success) throw apiError("validation_error", "invalid last-event-id");
    const types = ctx.params.types
      ?.split(",")
      .map((t) => t.trim())
      .filter((t) => t !== "");
    const principal = ctx.meta.principal;
    const sub: Subscriber = {
      orgId,
      principalId: principal?.kind === "user" ? principal.user_id : (principal?.key_id ?? ""),
      matches: typeMatcher(types),
      stream: new PassThrough(),
      sent: new Set(),
      held: after ? [] : undefined,
    };
    this.subscribers.add(sub);
    sub.stream.on("close", () => this.subscribers.delete(sub));
    sub.stream.write(": stream open\n\n");
    if (after) {
      try {
        await this.replay(ctx, sub, after.data, types);
      } catch (err) {
        this.close(sub);
        throw unavailableAs503(err);
      }
    }
    return sub.stream;
  }

  private async replay(ctx: Context, sub: Subscriber, after: string, types: string[] | undefined): Promise<void> {
    let cursor = after;
    for (let read = 0; read < MAX_BACKLOG;) {
      const page = z.array(DomainEvent).parse(await ctx.call(EVENTS_ACTIONS.since.name, { organization_id: sub.orgId, after: cursor, types, limit: BACKLOG_PAGE }));
      for (const e of page) this.send(sub, e);
      read += page.length;
      if (page.length < BACKLOG_PAGE) break;
      cursor = page[page.length - 1]!.id;
    }
    const held = sub.held ?? [];
    sub.held = undefined;
    for (const e of held) this.send(sub, e);
  }

  /** Events just recorded (the broadcast): to every matching open stream of their organization. */
  deliver(events: readonly DomainEvent[]): void {
    for (const e of events) {
      for (const sub of this.subscribers) {
        if (sub.orgId !== e.organization_id || !sub.matches(e.type)) continue;
        if (sub.held) sub.held.push(e);
        else this.send(sub, e);
      }
    }
  }

  /** Closes the streams of an organization (all, or one member's or key's) whose access changed. */
  accessChanged(orgId: string, principalId: string | undefined): void {
    for (const sub of this.subscribers) if (sub.orgId === orgId && (principalId === undefined || sub.principalId === principalId)) this.close(sub);
  }

  /** Ends every stream (the gateway stops). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const sub of this.subscribers) this.close(sub);
  }

  private send(sub: Subscriber, e: DomainEvent): void {
    if (sub.sent.has(e.id)) return;
    sub.sent.add(e.id);
    if (sub.sent.size > SENT_MEMORY) sub.sent.delete(sub.sent.values().next().value!);
    if (!sub.stream.write(frame(e)) && sub.stream.writableLength > 4 * 1024 * 1024) {
      this.logger.warn("closing an event stream whose client does not read", { organization_id: sub.orgId });
      this.close(sub);
    }
  }

  private close(sub: Subscriber): void {
    this.subscribers.delete(sub);
    sub.stream.end();
  }
}
