import { getBorderCharacters, table } from "table";

/** A column of a table: its header and how a row shows in it. */
export type Column<T> = [header: string, cell: (row: T) => string];

/** Rows as a plain table with a header line; "(none)" for no rows. */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  if (rows.length === 0) return "(none)\n";
  const data = [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
  return table(data, {
    border: getBorderCharacters("norc"),
    drawHorizontalLine: (line, count) => line === 0 || line === 1 || line === count,
  });
}

/** At most `max` characters on one line. */
export function clip(text: string, max = 60): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A value as indented JSON. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** An error as one plain line: its message and, when it has them, its status and type; never a stack. */
export function renderError(err: unknown): string {
  if (typeof err !== "object" || err === null) return `error: ${String(err)}\n`;
  const { message, code, type } = err as { message?: unknown; code?: unknown; type?: unknown };
  const detail = [typeof code === "number" ? String(code) : "", typeof type === "string" ? type : ""].filter(Boolean).join(" ");
  return `error: ${typeof message === "string" ? message : "unknown error"}${detail ? ` (${detail})` : ""}\n`;
}
