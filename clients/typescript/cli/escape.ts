/**
 * What a terminal shows of text that came from elsewhere (a label, a remote command's output):
 * control characters (C0, DEL, C1) as visible escapes (`\x1b`, `\r`, `\u009b`), so that no value
 * can move the cursor, recolour or retitle the terminal, or hide what was printed before it.
 * `keepLines` keeps newlines and tabs as they are (a log's lines stay lines).
 */
export function escapeControl(text: string, { keepLines = false }: { keepLines?: boolean } = {}): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (keepLines && (c === "\n" || c === "\t")) return c;
    if (c === "\r") return "\\r";
    if (c === "\n") return "\\n";
    if (c === "\t") return "\\t";
    const code = c.charCodeAt(0);
    return code <= 0xff && code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
