import type { PassThrough } from "node:stream";
import type { Logger } from "moleculer";

/** What an open event stream was authorized with, and how to ask whether it still is. */
export interface StreamCredential {
  organizationId: string;
  /** The user of a bearer token or a user API key; undefined for an org key. */
  userId: string | undefined;
  via: "bearer" | "api_key" | "org_key";
  /** When the credential stops authorizing anything (ms since the epoch): an access token's exp, a key's expiry. */
  expiresAt: number | undefined;
  /** False once the credential is revoked or expired or its access is gone; rejects when that cannot be told now. */
  stillValid(): Promise<boolean>;
}

interface Watched {
  credential: StreamCredential;
  expiry: NodeJS.Timeout | undefined;
  checking: boolean;
}

/** The longest a Node timer waits (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Binds each open event stream to the credential it was opened with: the stream ends at the
 * credential's expiry (a timer), and when a revocation event says it may have been revoked (a
 * user API key revoked, a user changed, an organization's access changed) it is checked again at
 * once and ended if it no longer authorizes the stream; every `checkMs` all are checked again (the
 * safety net for an event this gateway missed). A check that cannot be answered (a service out)
 * leaves the stream open until the next one.
 */
export class StreamCredentials {
  private readonly watched = new Map<PassThrough, Watched>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    checkMs: number,
    /** Ends an open stream (EventStreams.end). */
    private readonly end: (stream: PassThrough) => void,
  ) {
    this.sweep = setInterval(() => void this.recheck(() => true), checkMs);
    this.sweep.unref();
  }

  /** Watches a stream just opened until it closes. */
  watch(stream: PassThrough, credential: StreamCredential): void {
    const entry: Watched = { credential, expiry: undefined, checking: false };
    this.watched.set(stream, entry);
    stream.once("close", () => this.forget(stream));
    this.armExpiry(stream, entry);
  }

  /** Checks again, now, the streams whose credential `which` selects; ends those it no longer authorizes. */
  async recheck(which: (credential: StreamCredential) => boolean): Promise<void> {
    const due = [...this.watched].filter(([, w]) => !w.checking && which(w.credential));
    await Promise.all(due.map(([stream, w]) => this.check(stream, w)));
  }

  /** Stops watching (the gateway stops). */
  closeAll(): void {
    clearInterval(this.sweep);
    for (const stream of [...this.watched.keys()]) this.forget(stream);
  }

  private armExpiry(stream: PassThrough, entry: Watched): void {
    const { expiresAt } = entry.credential;
    if (expiresAt === undefined) return;
    const wait = expiresAt - Date.now();
    if (wait <= 0) {
      this.endStream(stream, "its credential expired");
      return;
    }
    entry.expiry = setTimeout(() => this.armExpiry(stream, entry), Math.min(wait, MAX_TIMER_MS));
    entry.expiry.unref();
  }

  private async check(stream: PassThrough, entry: Watched): Promise<void> {
    entry.checking = true;
    try {
      if (!(await entry.credential.stillValid())) this.endStream(stream, "its credential no longer authorizes it (revoked, expired or access removed)");
    } catch (err) {
      this.logger.debug("an event stream's credential could not be checked now; checked again later", { error: (err as Error).message });
    } finally {
      entry.checking = false;
    }
  }

  private endStream(stream: PassThrough, reason: string): void {
    const entry = this.watched.get(stream);
    if (!entry) return;
    this.forget(stream);
    this.logger.info(`ending an event stream: ${reason}`, { organization_id: entry.credential.organizationId, via: entry.credential.via });
    this.end(stream);
  }

  private forget(stream: PassThrough): void {
    const entry = this.watched.get(stream);
    if (!entry) return;
    clearTimeout(entry.expiry);
    this.watched.delete(stream);
  }
}
