/**
 * Fair admission to the expensive generations (RSA). At most `parallel` run at once per
 * process; each organization has at most `perOrg` queued or running, and a free slot goes to
 * the waiting organization served least recently, so one organization delays another by at most
 * the generations already running. A request that would wait past its caller's deadline, or is over
 * its organization's limit, is refused at once with a retry estimate instead of waiting.
 */
import { MESSAGES, type ErrorMessage } from "../../shared/errors.ts";

/** Refused at admission; `retryAfterSeconds` estimates when a retry may be admitted. */
export class KeygenBusyError extends Error {
  /** The 429 the request answers. */
  readonly refusal: ErrorMessage<[], "rate_limited">;

  constructor(
    readonly reason: "organization" | "overloaded",
    readonly retryAfterSeconds: number,
  ) {
    const refusal = reason === "organization" ? MESSAGES.sshKeygenOrgBusy : MESSAGES.sshKeygenOverloaded;
    super(refusal.text());
    this.name = "KeygenBusyError";
    this.refusal = refusal;
  }
}

/** Thrown when the caller's deadline passed while the request waited for a slot: no work is done for nobody. */
export class GenerationDeadlineError extends Error {
  constructor() {
    super("ssh key generation: the caller's deadline passed while waiting");
    this.name = "GenerationDeadlineError";
  }
}

export class FairSlots {
  private running = 0;
  private waiting = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly queues = new Map<string, (() => void)[]>();
  /** When each organization with work in flight last got a slot (a grant counter). */
  private readonly lastServed = new Map<string, number>();
  private grants = 0;
  /** Moving average of recent generation times, for the wait estimate and Retry-After. */
  private averageMs: number;

  constructor(
    readonly parallel: number,
    readonly perOrg: number,
    initialEstimateMs = 1500,
  ) {
    this.averageMs = initialEstimateMs;
  }

  /** Runs `work` for `org` when its turn comes; refuses at once (KeygenBusyError) rather than wait in vain. */
  async run<T>(org: string, work: () => Promise<T>, deadline?: number): Promise<T> {
    const mine = this.inFlight.get(org) ?? 0;
    if (mine >= this.perOrg) throw new KeygenBusyError("organization", this.seconds(this.averageMs));
    const mustWait = this.running >= this.parallel;
    const expectedWaitMs = mustWait ? ((this.running + this.waiting) / this.parallel) * this.averageMs : 0;
    if (deadline !== undefined && Date.now() + expectedWaitMs >= deadline) throw new KeygenBusyError("overloaded", this.seconds(expectedWaitMs));

    this.inFlight.set(org, mine + 1);
    try {
      if (mustWait) await this.enqueue(org);
      else this.running++;
      this.lastServed.set(org, ++this.grants);
      // a finishing generation hands its slot straight to the next waiter (`running` stays counted)
      try {
        if (deadline !== undefined && Date.now() >= deadline) throw new GenerationDeadlineError();
        const started = Date.now();
        const result = await work();
        this.averageMs = 0.7 * this.averageMs + 0.3 * (Date.now() - started);
        return result;
      } finally {
        this.handOver();
      }
    } finally {
      const left = (this.inFlight.get(org) ?? 1) - 1;
      if (left > 0) this.inFlight.set(org, left);
      else {
        this.inFlight.delete(org);
        this.lastServed.delete(org);
      }
    }
  }

  private enqueue(org: string): Promise<void> {
    this.waiting++;
    return new Promise<void>((resolve) => {
      const queue = this.queues.get(org);
      if (queue) queue.push(resolve);
      else this.queues.set(org, [resolve]);
    });
  }

  private handOver(): void {
    let org: string | undefined;
    let served = Infinity;
    for (const candidate of this.queues.keys()) {
      const at = this.lastServed.get(candidate) ?? 0;
      if (at < served) [org, served] = [candidate, at];
    }
    if (org === undefined) {
      this.running--;
      return;
    }
    const queue = this.queues.get(org)!;
    const resolve = queue.shift()!;
    if (queue.length === 0) this.queues.delete(org);
    this.waiting--;
    resolve();
  }

  private seconds(ms: number): number {
    return Math.max(1, Math.ceil(ms / 1000));
  }
}
