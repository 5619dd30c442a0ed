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
 * only a tail that may be the beginning of a secret the next piece completes (so output that is
 * no secret's beginning reaches a live tail at once); `end` answers the rest.
 */
export class Redactor {
  private pending = "";
  private readonly firstChars: Set<string>;
  private readonly longest: number;

  constructor(private readonly secrets: readonly string[]) {
    this.firstChars = new Set(secrets.map((s) => s[0]!));
    this.longest = Math.max(0, ...secrets.map((s) => s.length));
  }

  push(text: string): string {
    this.pending += text;
    const cut = this.outsideSecrets(this.heldFrom());
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.scrub(ready);
  }

  /** The rest; an unfinished beginning of a secret left at the end (the output stopped inside it) is redacted too. */
  end(): string {
    const cut = this.outsideSecrets(this.heldFrom());
    const tail = this.pending.slice(cut);
    const rest = this.scrub(this.pending.slice(0, cut)) + (tail.length >= MIN_SECRET_LENGTH ? REDACTED : tail);
    this.pending = "";
    return rest;
  }

  /** `cut`, moved back to the start of any occurrence of a secret it would split. */
  private outsideSecrets(from: number): number {
    let cut = from;
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
    return cut;
  }

  /** Where the longest tail of the pending text that is the unfinished beginning of a secret starts (its length when none is). */
  private heldFrom(): number {
    const text = this.pending;
    for (let at = Math.max(0, text.length - this.longest + 1); at < text.length; at++) {
      if (!this.firstChars.has(text[at]!)) continue;
      const tail = text.slice(at);
      if (this.secrets.some((s) => s.length > tail.length && s.startsWith(tail))) return at;
    }
    return text.length;
  }

  private scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED);
    return out;
  }
}
