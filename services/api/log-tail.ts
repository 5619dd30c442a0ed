import type { PassThrough } from "node:stream";
import type { Logger } from "moleculer";
import { LogPage, type LogChunk } from "../../shared/contracts/runner.ts";

/** What a tail holds unsent before it waits for its client to read (it reads no page meanwhile). */
const PAUSE_BYTES = 256 * 1024;

function logFrame(chunk: LogChunk): string {
  return `event: log\nid: ${chunk.id}\ndata: ${JSON.stringify(chunk)}\n\n`;
}

const DONE_FRAME = "event: done\ndata: {}\n\n";

/** Whether a request asks for a live tail rather than a JSON page. */
export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? "").toLowerCase().includes("text/event-stream");
}

interface Follower {
  orgId: string;
  wake: () => void;
}

/**
 * The gateway's live log tails (`tail` routes with `Accept: text/event-stream`): each page is read
 * by calling the route's own action after the last chunk sent, so access rules hold as for JSON;
 * a tail reads again when its organization's log grew (`runner.logAppended`) or every `pollMs`
 * (the safety net for a broadcast this gateway missed), and ends with `event: done` once a page
 * says the log is done. The stream itself (caps, heartbeat, credential) is the event stream's.
 */
export class LogTails {
  private readonly followers = new Set<Follower>();

  constructor(
    private readonly logger: Logger,
    private readonly pollMs: number,
  ) {}

  /** Output was appended to a log of this organization: its tails read again now. */
  wake(orgId: string): void {
    for (const f of this.followers) if (f.orgId === orgId) f.wake();
  }

  /** Follows the log on `stream`, starting with the first page (already read for the request), until done or the stream closes. */
  follow(stream: PassThrough, orgId: string, first: LogPage, after: string | undefined, readPage: (after: string | undefined) => Promise<unknown>): void {
    let wake: () => void = () => {};
    let woken = false;
    const follower: Follower = {
      orgId,
      wake: () => {
        woken = true;
        wake();
      },
    };
    this.followers.add(follower);
    const open = () => !stream.destroyed && !stream.writableEnded;
    const waitForMore = () =>
      new Promise<void>((resolve) => {
        if (woken || !open()) return resolve();
        const timer = setTimeout(done, this.pollMs);
        function done() {
          clearTimeout(timer);
          stream.off("close", done);
          wake = () => {};
          resolve();
        }
        wake = done;
        stream.once("close", done);
      });
    const drained = () =>
      new Promise<void>((resolve) => {
        if (stream.writableLength < PAUSE_BYTES) return resolve();
        const done = () => {
          stream.off("drain", done);
          stream.off("close", done);
          resolve();
        };
        stream.on("drain", done);
        stream.on("close", done);
      });
    const run = async () => {
      let page = first;
      let cursor = after;
      for (;;) {
        if (!open()) return;
        for (const chunk of page.items) stream.write(logFrame(chunk));
        cursor = page.next_cursor ?? cursor;
        if (page.done) {
          stream.end(DONE_FRAME);
          return;
        }
        await drained();
        if (page.items.length === 0 || page.next_cursor === null) await waitForMore();
        if (!open()) return;
        woken = false;
        try {
          page = LogPage.parse(await readPage(cursor));
        } catch (err) {
          // the client reconnects with Last-Event-ID and gets the request's own error status
          this.logger.info("a live log tail ended: its log could not be read", { organization_id: orgId, error: (err as Error).message });
          stream.end();
          return;
        }
      }
    };
    void run().finally(() => this.followers.delete(follower));
  }
}
