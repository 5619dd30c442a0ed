/**
 * Asking again while live, one request at a time: the next request starts `everyMs` after the
 * previous one settled, never while one is in flight, so a slow API gets the time it needs
 * (its answer is shown, not discarded) and requests never pile up. No DOM or framework here
 * (usePolling in hooks.ts wires it to the page; test/unit/console-poller.test.ts tests it).
 */
export interface PollerOptions<T> {
  /** One request; the signal aborts it (a newer request or the page going away). */
  load: (signal: AbortSignal) => Promise<T>;
  everyMs: number;
  /** Whether the page is visible: a hidden page is not asked again until it shows. */
  visible: () => boolean;
  onData: (data: T) => void;
  onError: (err: unknown) => void;
}

export class Poller<T> {
  /** The request in flight, if any. */
  private inflight: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private live = false;
  private stopped = false;

  constructor(private readonly opts: PollerOptions<T>) {}

  /** Asks now, then (while `live`) again after each answer. */
  start(live: boolean): void {
    this.live = live;
    this.fetch();
  }

  /** Asks now (after an action changed what is shown): a request in flight is aborted, its answer would be older. */
  reload(): void {
    if (!this.stopped) this.fetch();
  }

  /** Auto-refresh switched on (asks now unless a request is in flight) or off (the next request is not made). */
  setLive(live: boolean): void {
    if (this.stopped || live === this.live) return;
    this.live = live;
    if (!live) this.clearTimer();
    else if (!this.inflight) this.fetch();
  }

  /** The page became visible again: ask now, unless a request is already in flight. */
  shown(): void {
    if (!this.stopped && this.live && this.opts.visible() && !this.inflight) this.fetch();
  }

  /** No more requests; the one in flight is aborted and its answer dropped. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    this.inflight?.abort();
    this.inflight = undefined;
  }

  /** Whether a request is in flight (for tests and the page's "loading"). */
  get busy(): boolean {
    return this.inflight !== undefined;
  }

  private fetch(): void {
    this.clearTimer();
    this.inflight?.abort();
    const request = new AbortController();
    this.inflight = request;
    const settled = (deliver: () => void) => {
      // an aborted or superseded request's answer is dropped
      if (this.inflight !== request) return;
      this.inflight = undefined;
      deliver();
      this.schedule();
    };
    let pending: Promise<T>;
    try {
      pending = this.opts.load(request.signal);
    } catch (err) {
      pending = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    pending.then(
      (data) => settled(() => this.opts.onData(data)),
      (err: unknown) => settled(() => this.opts.onError(err)),
    );
  }

  private schedule(): void {
    if (this.stopped || !this.live) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // a hidden page waits for shown()
      if (this.opts.visible()) this.fetch();
    }, this.opts.everyMs);
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
