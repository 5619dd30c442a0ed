import { Fragment } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { messageOf, type LogChunk } from "./api.ts";

const STREAM_LABEL = { stdout: "", stderr: "stderr", system: "runner" } as const;

/**
 * The chunks as the reader sees them: a chunk holds any part of the output (several lines, or the
 * end of one), so stderr's and the runner's label goes at the start of every line a chunk begins,
 * and where the output switches to that stream in the middle of a line.
 */
function labelledLines(chunks: readonly LogChunk[]): { chunk: LogChunk; lines: { text: string; label: string }[] }[] {
  let lineStart = true;
  let previous: LogChunk["stream"] | undefined;
  return chunks.map((chunk) => {
    const label = STREAM_LABEL[chunk.stream];
    const lines = chunk.chunk
      .split(/(?<=\n)/)
      .filter((text) => text !== "")
      .map((text, i) => ({ text, label: i > 0 || lineStart || previous !== chunk.stream ? label : "" }));
    if (chunk.chunk !== "") lineStart = chunk.chunk.endsWith("\n");
    previous = chunk.stream;
    return { chunk, lines };
  });
}

/**
 * Output followed live (a run's, a server's bootstrap): stdout, stderr and the runner's own lines
 * told apart by a label as well as a colour; the newest output stays in view while following,
 * unless the reader scrolled up.
 */
export function LogOutput({ chunks, following, label }: { chunks: readonly LogChunk[]; following: boolean; label: string }) {
  const logRef = useRef<HTMLPreElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const el = logRef.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [chunks.length]);
  return (
    <pre
      ref={logRef}
      class="log"
      role="log"
      aria-label={label}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
      }}
    >
      {chunks.length === 0 && <span class="muted">{following ? "No output yet." : "No output."}</span>}
      {labelledLines(chunks).map(({ chunk: c, lines }) => (
        <span key={c.id} class={`log-${c.stream}`} data-stream={c.stream}>
          {lines.map(({ text, label: l }, i) => (
            <Fragment key={i}>
              {l !== "" && <span class="log-label">[{l}] </span>}
              {text}
            </Fragment>
          ))}
        </span>
      ))}
    </pre>
  );
}

export type Tail = { state: "following" } | { state: "done" } | { state: "failed"; message: string };

/** Follows a live log (`follow` yields its chunks until it has ended) while `key` stays the same; `onDone` once it has ended. */
export function useLogTail(key: string, follow: ((signal: AbortSignal) => AsyncGenerator<LogChunk, void, undefined>) | undefined, onDone?: () => void) {
  const [chunks, setChunks] = useState<LogChunk[]>([]);
  const [tail, setTail] = useState<Tail>({ state: "following" });
  useEffect(() => {
    if (!follow) return;
    const stop = new AbortController();
    setChunks([]);
    setTail({ state: "following" });
    void (async () => {
      try {
        for await (const c of follow(stop.signal)) setChunks((list) => [...list, c]);
        if (!stop.signal.aborted) {
          setTail({ state: "done" });
          onDone?.();
        }
      } catch (err) {
        if (!stop.signal.aborted) setTail({ state: "failed", message: messageOf(err) });
      }
    })();
    return () => stop.abort();
  }, [key]);
  return { chunks, tail };
}
