import { redactText } from "../../shared/logging.ts";

/** Exponential backoff with jitter: attempt n waits between d/2 and d, d = base·2^(n-1) capped at max. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(d / 2 + (random() * d) / 2);
}

const MAX_ERROR_LENGTH = 300;

/** The short, secret-free `last_error` of a failed attempt: one line, no stack, at most 300 characters. */
export function describeFailure(err: unknown, type: string, timeoutMs: number): string {
  const e = (typeof err === "object" && err !== null ? err : {}) as { name?: unknown; message?: unknown };
  switch (e.name) {
    case "RequestTimeoutError":
      return `timed out after ${timeoutMs} ms`;
    case "ServiceNotFoundError":
    case "ServiceNotAvailableError":
      return `no handler available for ${type}`;
    default:
      break;
  }
  const raw = typeof e.message === "string" ? e.message : typeof err === "string" ? err : "";
  const line = redactText(raw.split("\n")[0] ?? "").trim();
  if (line === "") return "job failed";
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
}
