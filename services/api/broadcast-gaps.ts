/** How long a skipped number may still arrive (out of order) before it counts as lost. */
const GRACE_MS = 500;
/** A sender not heard from for this long is forgotten (an events process that stopped). */
const FORGET_AFTER_MS = 3_600_000;
/** Most numbers remembered missing per sender (beyond, it is one gap anyway). */
const MISSING_MAX = 1_000;

/**
 * The gateway's view of each events process's numbered `events.recorded` broadcasts
 * (shared/contracts/events.ts EventsRecordedPayload): a number skipped and not arriving within
 * GRACE_MS means the bus lost a broadcast, and `onGap` has the streams catch up from the audit log.
 * A sender first seen past number 1 counts as a gap too (its first broadcasts never came here).
 */
export class BroadcastGaps {
  private readonly last = new Map<string, { seq: number; at: number }>();
  private readonly missing = new Map<string, Set<number>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly onGap: (lost: number) => void,
    private readonly graceMs = GRACE_MS,
  ) {}

  /** A broadcast (or a mark) numbered `seq` by `source` arrived. */
  see(source: string, seq: number): void {
    const now = Date.now();
    const top = this.last.get(source)?.seq ?? 0;
    const missing = this.missing.get(source);
    if (seq <= top) {
      // a mark, or a late arrival of a number thought missing
      missing?.delete(seq);
      this.last.set(source, { seq: top, at: now });
      return;
    }
    if (seq > top + 1) {
      const set = missing ?? new Set<number>();
      for (let n = Math.max(top + 1, seq - MISSING_MAX); n < seq; n++) set.add(n);
      this.missing.set(source, set);
      this.schedule();
    }
    this.last.set(source, { seq, at: now });
    for (const [s, { at }] of this.last) if (now - at > FORGET_AFTER_MS) this.last.delete(s);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      let lost = 0;
      for (const set of this.missing.values()) lost += set.size;
      this.missing.clear();
      if (lost > 0) this.onGap(lost);
    }, this.graceMs);
    this.timer.unref();
  }
}
