import { EVENTS_RECORDED, type DomainEvent, type EventsRecordedPayload } from "../../shared/contracts/events.ts";
import { newId } from "../../shared/ids.ts";

/** After the last broadcast, marks repeat its number this long after (a lost last broadcast shows within the first). */
const MARKS_AFTER_MS = [1_000, 10_000] as const;

/**
 * The `events.recorded` broadcasts of this events process, numbered in order (shared/contracts/events.ts
 * EventsRecordedPayload): every gateway tells from a skipped number that the bus lost one. Marks
 * (no events, the last number again) follow the last broadcast, and come at once when this
 * process's bus connection comes back, so a lost last broadcast is found without waiting for the next.
 */
export class RecordedBroadcasts {
  /** This process's run: a restarted events process numbers from 1 again under a new source. */
  readonly source = newId();
  private seq = 0;
  private readonly marks = new Set<NodeJS.Timeout>();

  constructor(private readonly broadcast: (name: string, payload: EventsRecordedPayload) => Promise<void>) {}

  /** Broadcasts recorded events under the next number. */
  async send(events: readonly DomainEvent[]): Promise<void> {
    const seq = ++this.seq;
    this.scheduleMarks();
    await this.broadcast(EVENTS_RECORDED, { events: [...events], sequence: { source: this.source, seq } });
  }

  /** Repeats the last number (nothing to do before the first broadcast). */
  async mark(): Promise<void> {
    if (this.seq === 0) return;
    await this.broadcast(EVENTS_RECORDED, { events: [], sequence: { source: this.source, seq: this.seq } });
  }

  stop(): void {
    for (const t of this.marks) clearTimeout(t);
    this.marks.clear();
  }

  private scheduleMarks(): void {
    this.stop();
    for (const ms of MARKS_AFTER_MS) {
      const timer = setTimeout(() => {
        this.marks.delete(timer);
        this.mark().catch(() => undefined);
      }, ms);
      timer.unref();
      this.marks.add(timer);
    }
  }
}
