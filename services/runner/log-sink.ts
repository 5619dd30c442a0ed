import type { Logger } from "moleculer";
import { RUNNER_LOG_APPENDED, type LogStream } from "../../shared/contracts/runner.ts";
import type { LogChunkDoc, RunnerModels } from "./models.ts";
import { Redactor, secretValues } from "./redact.ts";

/** Output waits at most this long before it is written (a batch, not one insert per line). */
const FLUSH_MS = 250;
/** A batch this large is written at once. */
const FLUSH_BYTES = 64 * 1024;

/** The log of a server's bootstrap, or of a run. */
export const serverSubject = (serverId: string) => `server:${serverId}`;
export const runSubject = (runId: string) => `run:${runId}`;

export interface LogSinkOptions {
  organizationId: string;
  subject: string;
  /** Values scrubbed to `[redacted]` wherever they appear, across chunk boundaries too. */
  secrets: readonly string[];
  /** stdout and stderr kept (RUNNER_LOG_MAX_BYTES); past it one `system` line says the output was cut. */
  maxBytes: number;
}

/** Where a bootstrap or a run writes its output: in order, scrubbed, capped, in batches, waking live tails. */
export interface LogSink {
  write(stream: Exclude<LogStream, "system">, text: string): void;
  /** A line of our own (what is happening, why it failed), after the output so far; never counted against the cap. */
  system(line: string): void;
  /** Writes everything so far. */
  flush(): Promise<void>;
  /** Writes the rest and marks the log ended (its readers are `done` once they have it all). */
  close(): Promise<void>;
}

export interface LogSinkDeps {
  models: RunnerModels;
  logger: Logger;
  /** Wakes the gateways' live tails (a Broadcaster: the broker, an action's ctx). */
  bus: { broadcast(name: string, payload: { organization_id: string; subject: string }): Promise<unknown> };
}

/** Opens (or reopens: a new bootstrap attempt continues the server's log) a subject's log for writing. */
export async function openLogSink(deps: LogSinkDeps, options: LogSinkOptions): Promise<LogSink> {
  const { models, logger, bus } = deps;
  const { subject, organizationId } = options;
  await models.logSubjects.updateOne({ _id: subject }, { $set: { organization_id: organizationId, ended_at: null, updated_at: new Date() } }, { upsert: true });
  const last = await models.logChunks.findOne({ subject }, { seq: 1 }).sort({ seq: -1 }).lean();
  let seq = last?.seq ?? 0;
  const secrets = secretValues(options.secrets);
  const redactors = { stdout: new Redactor(secrets), stderr: new Redactor(secrets) };
  let queued: LogChunkDoc[] = [];
  let queuedBytes = 0;
  let kept = 0;
  let cut = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const enqueue = (stream: LogStream, chunk: string) => {
    if (chunk === "") return;
    seq += 1;
    queued.push({ _id: `${subject}:${seq}`, subject, organization_id: organizationId, seq, stream, chunk, created_at: new Date() });
    queuedBytes += chunk.length;
    if (queuedBytes >= FLUSH_BYTES) void flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_MS);
  };

  const keep = (stream: "stdout" | "stderr", text: string) => {
    if (cut || text === "") return;
    const bytes = Buffer.from(text);
    if (kept + bytes.length <= options.maxBytes) {
      kept += bytes.length;
      enqueue(stream, text);
      return;
    }
    enqueue(
      stream,
      bytes
        .subarray(0, options.maxBytes - kept)
        .toString("utf8")
        .replace(/\uFFFD$/, ""),
    );
    kept = options.maxBytes;
    cut = true;
    enqueue("system", `output cut: more than ${options.maxBytes} bytes (RUNNER_LOG_MAX_BYTES)\n`);
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queued;
    queued = [];
    queuedBytes = 0;
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await models.logChunks.insertMany(batch, { ordered: true });
        await models.logSubjects.updateOne({ _id: subject }, { $set: { updated_at: new Date() } });
        await bus.broadcast(RUNNER_LOG_APPENDED, { organization_id: organizationId, subject });
      } catch (err) {
        logger.warn("runner output not stored", { subject, chunks: batch.length, error: (err as Error).message });
      }
    });
    return writing;
  };

  return {
    write: (stream, text) => keep(stream, redactors[stream].push(text)),
    system: (line) => {
      // a line of our own marks a boundary (a step started or ended): what the streams held back comes first
      keep("stdout", redactors.stdout.end());
      keep("stderr", redactors.stderr.end());
      enqueue("system", line.endsWith("\n") ? line : `${line}\n`);
    },
    flush,
    async close() {
      keep("stdout", redactors.stdout.end());
      keep("stderr", redactors.stderr.end());
      await flush();
      await models.logSubjects.updateOne({ _id: subject }, { $set: { ended_at: new Date(), updated_at: new Date() } });
      await bus.broadcast(RUNNER_LOG_APPENDED, { organization_id: organizationId, subject });
    },
  };
}

/** Ends a log nobody writes any more (a run canceled before it started, a run whose worker was lost) with one line of ours, so its readers are `done`. */
export async function endLog(deps: LogSinkDeps, options: { organizationId: string; subject: string; line: string }): Promise<void> {
  const sink = await openLogSink(deps, { organizationId: options.organizationId, subject: options.subject, secrets: [], maxBytes: 0 });
  sink.system(options.line);
  await sink.close();
}
