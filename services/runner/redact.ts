/** What replaces a secret in stored output. */
export const REDACTED = "[redacted]";

/** Values shorter than this are not treated as secrets (they would blank ordinary words). */
const MIN_SECRET_LENGTH = 6;

/**
 * The values to scrub from output: each secret whole and, for a multi-line one (a PEM key), each
 * of its longer lines too (a command may print it with other line endings).
 */
export function secretValues(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (s.length >= MIN_SECRET_LENGTH) out.add(s);
    for (const line of s.split(/\r?\n/)) if (line.trim().length >= 16 && !line.startsWith("-----")) out.add(line.trim());
  }
  // longest first, so a whole key is replaced before its lines
  return [...out].sort((a, b) => b.length - a.length);
}

/**
 * Scrubs a stream of text split into pieces: `push` answers what can be written now, holding back
 * a tail that may be the beginning of a secret the next piece completes; `end` answers the rest.
 */
export class Redactor {
  private pending = "";
  private readonly hold: number;

  constructor(private readonly secrets: readonly string[]) {
    this.hold = Math.max(0, ...secrets.map((s) => s.length - 1));
  }

  push(text: string): string {
    this.pending += text;
    let cut = this.pending.length - this.hold;
    if (cut <= 0) return "";
    // never cut through an occurrence of a secret
    for (let moved = true; moved;) {
      moved = false;
      for (const secret of this.secrets) {
        for (let at = this.pending.indexOf(secret); at !== -1 && at < cut; at = this.pending.indexOf(secret, at + 1)) {
          if (at + secret.length > cut) {
            cut = at;
            moved = true;
          }
        }
      }
    }
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.scrub(ready);
  }

  end(): string {
    const rest = this.scrub(this.pending);
    this.pending = "";
    return rest;
  }

  private scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED);
    return out;
  }
}
