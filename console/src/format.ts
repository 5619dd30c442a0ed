/** How long, in words a person reads at a glance: `42 s`, `5 min`, `3 h 10 min`, `2 d 4 h`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** `3 min ago` / `in 5 min` for a timestamp, against `now`. */
export function relative(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = (now - t) / 1000;
  if (Math.abs(diff) < 1) return "now";
  return diff >= 0 ? `${duration(diff)} ago` : `in ${duration(-diff)}`;
}

/** A timestamp in the reader's time zone, to the second: `2026-11-24 10:42:07`. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * The last 8 characters of an id, enough to tell jobs apart in a list (ids are UUIDv7: their
 * first characters are a timestamp, the same for everything made in the same minute).
 */
export function shortId(id: string): string {
  return `…${id.slice(-8)}`;
}
