const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** The `YYYY-MM-DDT` of the last day formatted: most times in one answer fall on the same day. */
let lastDay = Number.NaN;
let lastDayPrefix = "";

/**
 * `date.toISOString()` (RFC 3339, UTC, milliseconds), about five times faster: V8's
 * `toISOString` is a runtime call of ~0.4 µs, and a list of 50 resources formats 100 times. The
 * date part is computed once per day; a date outside years 0–9999 falls back to `toISOString`.
 */
export function isoTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (!(ms >= 0 && ms < 253_402_300_800_000)) return date.toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayPrefix = date.toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${lastDayPrefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
