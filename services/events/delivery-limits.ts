/**
 * Fairness of webhook deliveries in one events process: at most `perOrg` deliveries of one
 * organization and `perEndpoint` of one webhook are sent at once, and a webhook whose receiver
 * keeps timing out is not called for a while (growing up to `maxBackoffMs`). A delivery that
 * cannot go now does not wait holding a worker slot: the caller gives it back to the queue, so one
 * tenant's slow or dead receivers cannot delay another tenant's deliveries.
 */
export class DeliveryLimits {
  private readonly inFlightByOrg = new Map<string, number>();
  private readonly inFlightByHook = new Map<string, number>();
  /** Consecutive timeouts of a webhook, and until when it is not called. */
  private readonly timeouts = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly options: { perOrg: number; perEndpoint: number; timeoutsBeforeBackoff: number; baseBackoffMs: number; maxBackoffMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** A slot for one delivery (release it when done), or why it must wait. */
  acquire(orgId: string, hookId: string): { release: () => void } | { wait: string } {
    const cooling = this.timeouts.get(hookId);
    if (cooling && cooling.until > this.now()) return { wait: "its receiver keeps timing out (backing off)" };
    if ((this.inFlightByOrg.get(orgId) ?? 0) >= this.options.perOrg) return { wait: "the organization's deliveries in flight are at their limit" };
    if ((this.inFlightByHook.get(hookId) ?? 0) >= this.options.perEndpoint) return { wait: "the webhook's deliveries in flight are at their limit" };
    bump(this.inFlightByOrg, orgId, 1);
    bump(this.inFlightByHook, hookId, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bump(this.inFlightByOrg, orgId, -1);
        bump(this.inFlightByHook, hookId, -1);
      },
    };
  }

  /** How the receiver answered: a timeout counts towards its backoff, any answer resets it. */
  outcome(hookId: string, timedOut: boolean): void {
    if (!timedOut) {
      this.timeouts.delete(hookId);
      return;
    }
    const count = (this.timeouts.get(hookId)?.count ?? 0) + 1;
    const over = count - this.options.timeoutsBeforeBackoff;
    const until = over < 0 ? 0 : this.now() + Math.min(this.options.maxBackoffMs, this.options.baseBackoffMs * 2 ** over);
    this.timeouts.set(hookId, { count, until });
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
