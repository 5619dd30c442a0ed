import type { Connection } from "mongoose";
import { docSchema, requiredStrings } from "../../shared/db.ts";
import { eventOutboxModel } from "../../shared/event-outbox.ts";
import type { LogStream } from "../../shared/contracts/runner.ts";
import { defineRunModels } from "./run-models.ts";

/**
 * Storage of the runner service:
 *
 * - `log_chunks`: output in the order it was produced, one document per chunk, `_id`
 *   `<subject>:<seq>`; `seq` (per subject, from 1) is the reader's cursor. A subject is a server's
 *   bootstrap log (`server:<id>`) or a run's (`run:<id>`).
 * - `log_subjects`: one per subject: whether the job writing it has ended (a reader is `done`).
 * - `event_outbox`: events of changes not yet delivered to the audit log (shared/event-outbox.ts).
 */

export interface LogChunkDoc {
  _id: string;
  subject: string;
  organization_id: string;
  seq: number;
  stream: LogStream;
  chunk: string;
  created_at: Date;
}

export interface LogSubjectDoc {
  /** The subject (`server:<id>`, `run:<id>`). */
  _id: string;
  organization_id: string;
  /** Null while a job writes the log. */
  ended_at: Date | null;
  updated_at: Date;
}

export function defineRunnerModels(conn: Connection) {
  const chunks = docSchema<LogChunkDoc>("key", {
    ...requiredStrings("subject", "organization_id", "stream"),
    seq: { type: Number, required: true },
    chunk: { type: String, default: "" },
    created_at: { type: Date, required: true },
  });
  chunks.index({ subject: 1, seq: 1 });
  chunks.index({ organization_id: 1 });
  chunks.index({ created_at: 1 });

  const subjects = docSchema<LogSubjectDoc>("key", {
    organization_id: { type: String, required: true, index: true },
    ended_at: { type: Date, default: null },
    updated_at: { type: Date, required: true, index: true },
  });

  return {
    logChunks: conn.model<LogChunkDoc>("log_chunks", chunks, "log_chunks"),
    logSubjects: conn.model<LogSubjectDoc>("log_subjects", subjects, "log_subjects"),
    eventOutbox: eventOutboxModel(conn),
    ...defineRunModels(conn),
  };
}

export type RunnerModels = ReturnType<typeof defineRunnerModels>;
