import type { DomainEvent } from "../../shared/contracts/events.ts";

/** One Server-Sent Events frame as it arrived (`event:`, `id:` and `data:` fields). */
export interface Frame {
  event: string;
  id: string;
  data: string;
}

/** An open Server-Sent Events answer, parsed into its frames as they arrive. */
export interface OpenTail {
  status: number;
  contentType: string;
  retryAfter: string | null;
  /** The body of an answer that is not a stream (an error). */
  text: string;
  frames: Frame[];
  comments: string[];
  /** The server ended the stream (not our `close()`). */
  ended: boolean;
  close(): void;
}

/** GETs `path` with `Accept: text/event-stream` (the event stream, a live log tail) and parses what arrives. */
export async function openTail(baseUrl: string, path: string, headers: Record<string, string>): Promise<OpenTail> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const out: OpenTail = {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    retryAfter: res.headers.get("retry-after"),
    text: "",
    frames: [],
    comments: [],
    ended: false,
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    out.text = await res.text();
    return out;
  }
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) out.comments.push(line.slice(1).trim());
            else fields.set(line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim());
          }
          if (fields.has("data")) out.frames.push({ event: fields.get("event") ?? "", id: fields.get("id") ?? "", data: fields.get("data")! });
        }
      }
      out.ended = true;
    } catch {
      // aborted by close()
    }
  })();
  return out;
}

/** An open `GET /events` stream: its frames read as the organization's events. */
export interface OpenStream extends Omit<OpenTail, "frames" | "retryAfter"> {
  events: (DomainEvent & { sseType: string; sseId: string })[];
}

export async function openStream(baseUrl: string, headers: Record<string, string>, query = ""): Promise<OpenStream> {
  const tail = await openTail(baseUrl, `/api/v1/events${query}`, headers);
  const events: OpenStream["events"] = [];
  return {
    get status() {
      return tail.status;
    },
    get contentType() {
      return tail.contentType;
    },
    get text() {
      return tail.text;
    },
    get comments() {
      return tail.comments;
    },
    get ended() {
      return tail.ended;
    },
    // parsed once per frame: the same objects on every read
    get events() {
      for (const f of tail.frames.slice(events.length)) events.push({ ...(JSON.parse(f.data) as DomainEvent), sseType: f.event, sseId: f.id });
      return events;
    },
    close: () => tail.close(),
  };
}
