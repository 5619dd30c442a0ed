import type { LogPage } from "../../shared/contracts/runner.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { RunnerModels } from "./models.ts";

export interface LogQuery {
  after?: string | undefined;
  /** 1 to 1000 (the contract checks it); 200 when absent. */
  limit?: number | undefined;
}

const DEFAULT_LIMIT = 200;

/**
 * A page of a subject's output after the cursor `after` (a chunk id), oldest first. `done` once
 * the job writing it has ended and the page reaches the end. `endedWithoutLog` says whether a
 * subject nothing ever wrote to counts as ended (a server that is no pending bastion).
 */
export async function readLogPage(models: RunnerModels, subject: string, query: LogQuery, endedWithoutLog: boolean): Promise<LogPage> {
  const after = parseCursor(query.after);
  const limit = query.limit ?? DEFAULT_LIMIT;
  // the end mark is read before the chunks: output written after it was read is never skipped
  const state = await models.logSubjects.findById(subject, { ended_at: 1 }).lean();
  const ended = state ? state.ended_at !== null : endedWithoutLog;
  const found = await models.logChunks
    .find({ subject, seq: { $gt: after } })
    .sort({ seq: 1 })
    .limit(limit + 1)
    .lean();
  const items = found.slice(0, limit).map((d) => ({ id: String(d.seq), stream: d.stream, chunk: d.chunk, created_at: d.created_at.toISOString() }));
  return { items, next_cursor: items.at(-1)?.id ?? null, done: ended && found.length <= limit };
}

function parseCursor(after: string | undefined): number {
  if (after === undefined) return 0;
  if (!/^\d{1,15}$/.test(after)) throw MESSAGES.invalidField.error("after");
  return Number(after);
}
