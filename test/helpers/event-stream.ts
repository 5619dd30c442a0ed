import type { DomainEvent } from "../../shared/contracts/events.ts";

/** An open `GET /events` stream, parsed into its events as they arrive. */
export interface OpenStream {
  status: number;
  contentType: string;
  /** The body of an answer that is not a stream (an error). */
  text: string;
  events: (DomainEvent & { sseType: string; sseId: string })[];
  comments: string[];
  /** The server ended the stream (not our `close()`). */
  ended: boolean;
  close(): void;
}

export async function openStream(baseUrl: string, headers: Record<string, string>, query = ""): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/events${query}`, { headers, signal: abort.signal });
  const out: OpenStream = { status: res.status, contentType: res.headers.get("content-type") ?? "", text: "", events: [], comments: [], ended: false, close: () => abort.abort() };
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
          if (fields.has("data")) out.events.push({ ...(JSON.parse(fields.get("data")!) as DomainEvent), sseType: fields.get("event") ?? "", sseId: fields.get("id") ?? "" });
        }
      }
      out.ended = true;
    } catch {
      // aborted by close()
    }
  })();
  return out;
}
