import { connect, createServer, type Server, type Socket } from "node:net";
import mongoose from "mongoose";

const { BSON } = mongoose.mongo;

/** One query the services sent: the command, its database and collection, and its filter. */
export interface LoggedQuery {
  command: string;
  db: string;
  collection: string;
  filter: Record<string, unknown>;
}

/** The filters a command carries (a find's filter, each update's and delete's `q`, a pipeline's first $match). */
function queriesOf(cmd: Record<string, unknown>, sequences: Map<string, Record<string, unknown>[]>): LoggedQuery[] {
  const command = Object.keys(cmd)[0] ?? "";
  const db = (cmd.$db as string | undefined) ?? "";
  // a collection name, or 1 for a database-wide aggregate
  const collection = String((cmd[command] as string | number | undefined) ?? "");
  const at = (filter: unknown): LoggedQuery => ({ command, db, collection, filter: (filter ?? {}) as Record<string, unknown> });
  const listed = (field: string) => [...((cmd[field] as Record<string, unknown>[] | undefined) ?? []), ...(sequences.get(field) ?? [])];
  switch (command) {
    case "find":
      return [at(cmd.filter)];
    case "count":
    case "distinct":
    case "findAndModify":
      return [at(cmd.query)];
    case "update":
      return listed("updates").map((u) => at(u.q));
    case "delete":
      return listed("deletes").map((d) => at(d.q));
    case "aggregate": {
      const first = (cmd.pipeline as Record<string, unknown>[] | undefined)?.[0];
      return [at(first && "$match" in first ? first.$match : {})];
    }
    default:
      return [];
  }
}

/** The commands of one OP_MSG message (opCode 2013): its body document and its document sequences. */
function decodeOpMsg(msg: Buffer): LoggedQuery[] {
  if (msg.readInt32LE(12) !== 2013) return [];
  const flags = msg.readUInt32LE(16);
  const end = msg.length - (flags & 1 ? 4 : 0);
  let body: Record<string, unknown> | undefined;
  const sequences = new Map<string, Record<string, unknown>[]>();
  for (let pos = 20; pos < end;) {
    const kind = msg[pos++];
    if (kind === 0) {
      const len = msg.readInt32LE(pos);
      body = BSON.deserialize(msg.subarray(pos, pos + len));
      pos += len;
    } else {
      const seqEnd = pos + msg.readInt32LE(pos);
      const nameEnd = msg.indexOf(0, pos + 4);
      const name = msg.toString("utf8", pos + 4, nameEnd);
      const docs: Record<string, unknown>[] = [];
      for (let p = nameEnd + 1; p < seqEnd;) {
        const len = msg.readInt32LE(p);
        docs.push(BSON.deserialize(msg.subarray(p, p + len)));
        p += len;
      }
      sequences.set(name, docs);
      pos = seqEnd;
    }
  }
  return body ? queriesOf(body, sequences) : [];
}

export interface QueryLog {
  /** A MongoDB URL that reaches the real server through the recorder. */
  url: string;
  /** Every query seen so far, in order. */
  queries: LoggedQuery[];
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the real database that decodes every MongoDB command the clients send
 * (OP_MSG, uncompressed, which is all FerretDB speaks) and records its filters, passing every byte
 * through unchanged.
 */
export async function startQueryLog(targetUrl: string): Promise<QueryLog> {
  const target = new URL(targetUrl);
  const queries: LoggedQuery[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const len = pending.readInt32LE(0);
        queries.push(...decodeOpMsg(pending.subarray(0, len)));
        pending = pending.subarray(len);
      }
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    for (const s of [client, upstream]) {
      s.on("error", () => s.destroy());
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: url.toString(),
    queries,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * The shape of a filter: its field names with the operators used on them, values left out, so
 * that `{organization_id: "a", key: "x"}` and `{organization_id: "b", key: "y"}` are one shape.
 */
export function shapeOf(filter: unknown): string {
  if (Array.isArray(filter)) return `[${[...new Set(filter.map(shapeOf))].sort().join(",")}]`;
  if (filter === null || typeof filter !== "object" || filter instanceof Date || filter instanceof RegExp || "_bsontype" in filter) return "?";
  const entries = Object.entries(filter as Record<string, unknown>).map(([k, v]) => {
    if (k.startsWith("$")) return `${k}:${shapeOf(v)}`;
    const ops = v !== null && typeof v === "object" && !(v instanceof Date) && !(v instanceof RegExp) && !Array.isArray(v) && Object.keys(v).every((o) => o.startsWith("$"));
    return ops
      ? `${k}:{${Object.entries(v as Record<string, unknown>)
          .map(([o, x]) => `${o}:${shapeOf(x)}`)
          .sort()
          .join(",")}}`
      : k;
  });
  return `{${entries.join(",")}}`;
}
