import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of the real database that can break one MongoDB command's round trip
 * the way a network or a busy server does: the request is delivered but its answer never comes
 * back (`loseAnswerTo`), or the connection drops before the request gets through
 * (`dropRequest`). Either way the client's connection is cut. Commands are recognised by the
 * command name that opens an OP_MSG body (e.g. `insert`, `update`, `find`).
 */
export interface FaultyProxy {
  url: string;
  /** The next `command` reaches the server; its answer is swallowed and the connection cut. */
  loseAnswerTo(command: string): Promise<void>;
  /**
   * The next `times` `command`s (on `collection`, when given) never reach the server; each one's
   * connection is cut. Resolves after the last.
   */
  dropRequest(command: string, times?: number, collection?: string): Promise<void>;
  close(): Promise<void>;
}

interface Fault {
  kind: "lose-answer" | "drop-request";
  marker: Buffer;
  left: number;
  done: () => void;
}

export async function startFaultyProxy(targetUrl: string): Promise<FaultyProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let fault: Fault | undefined;

  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let swallowing = false;
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      const f = fault;
      if (f && chunk.includes(f.marker)) {
        f.left -= 1;
        if (f.left <= 0) fault = undefined;
        if (f.kind === "drop-request") {
          cut();
        } else {
          upstream.write(chunk);
          swallowing = true;
          // long enough for the server to apply the command before the client hears of the cut
          setTimeout(cut, 300);
        }
        if (f.left <= 0) f.done();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!swallowing) client.write(chunk);
    });
    for (const s of [client, upstream]) {
      s.on("error", cut);
      s.on("close", () => {
        sockets.delete(s);
        cut();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${port}`;

  /** The command's first element as BSON encodes it: `command: "<collection>"` when a collection is given. */
  const markerOf = (command: string, collection?: string) => {
    const name = Buffer.from(`\x02${command}\x00`, "latin1");
    if (collection === undefined) return name;
    const length = Buffer.alloc(4);
    length.writeInt32LE(Buffer.byteLength(collection) + 1);
    return Buffer.concat([name, length, Buffer.from(`${collection}\x00`)]);
  };
  const arm = (kind: Fault["kind"], command: string, times = 1, collection?: string) =>
    new Promise<void>((done) => {
      fault = { kind, marker: markerOf(command, collection), left: times, done };
    });
  return {
    url: url.toString(),
    loseAnswerTo: (command) => arm("lose-answer", command),
    dropRequest: (command, times, collection) => arm("drop-request", command, times, collection),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
