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
  const width = Math.min(80, Math.max(1, ...fields.map(([, v]) => v.length)));
  return table(
    fields.map(([k, v]) => [k, v.replace(/\s+/g, " ")]),
    { border: getBorderCharacters("norc"), drawHorizontalLine: (line, count) => line === 0 || line === count, columns: { 1: { width, wrapWord: true } } },
  );
}

/** A value as indented JSON (the `--json` output). */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Cells stay on one line; a long value is cut with an ellipsis. */
function oneLine(text: string, max = 80): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
