import { getBorderCharacters, table } from "table";

/** A column of a table: its header and how a row shows in it. */
export type Column<T> = readonly [header: string, cell: (row: T) => string];

/** Rows under a header line; the header alone when there are none. */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const data = [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, cell]) => oneLine(cell(row))))];
  return table(data, {
    border: getBorderCharacters("norc"),
    drawHorizontalLine: (line, count) => line === 0 || line === 1 || line === count,
  });
}

/** One object as FIELD / VALUE lines; a long value wraps (nothing of one object is cut). */
export function renderFields(fields: readonly (readonly [string, string])[]): string {
  const rows = fields.map(([k, v]) => [printable(k), printable(v.replace(/[ \t\n\r]+/g, " "))]);
  const width = Math.min(80, Math.max(1, ...rows.map(([, v]) => v!.length)));
  return table(rows, { border: getBorderCharacters("norc"), drawHorizontalLine: (line, count) => line === 0 || line === count, columns: { 1: { width, wrapWord: true } } });
}

/** A value as indented JSON (the `--json` output). */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Text for a terminal: control characters and escape sequences (C0 but the newline, DEL, C1,
 * the bidirectional overrides) shown as `\xNN`/`\uNNNN`, so a name or a value the API returns
 * cannot clear the screen, set the window title or forge lines. `keepNewlines` is for the
 * output's own line breaks; a value's are escaped with the rest.
 */
export function printable(text: string, keepNewlines = false): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it escapes
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => {
    if (keepNewlines && c === "\n") return c;
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** Cells stay on one line; a long value is cut with an ellipsis. */
function oneLine(text: string, max = 80): string {
  const line = printable(text.replace(/[ \t\n\r]+/g, " "));
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
