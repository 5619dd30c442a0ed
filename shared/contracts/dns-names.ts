import { isIPv4, isIPv6 } from "node:net";
import type { RecordType } from "./dns.ts";

/*
 * The syntax of DNS names and record values, as the dns contract (shared/contracts/dns.ts) checks a
 * request's domain name, record name and values. The dns service reads them too (services/dns/names.ts).
 */

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const STRICT_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether a (trimmed, lower-case, dotless) name has a domain's labels: two at least, letters, digits and hyphens, a top-level label not all digits. */
export function hasDomainLabels(name: string): boolean {
  const labels = name.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((l) => STRICT_LABEL.test(l))) return false;
  return !/^[0-9]+$/.test(labels[labels.length - 1]!);
}

/**
 * A record name relative to `domain`: `@` for the apex (empty, `@`, the domain itself), the
 * FQDN's prefix for names inside the domain. A name with a trailing dot is absolute and must lie
 * inside the domain. Null when invalid.
 */
export function normalizeRecordName(raw: string, domain: string): string | null {
  let name = raw.trim().toLowerCase();
  if (name.length > 253) return null;
  const absolute = name.endsWith(".");
  name = name.replace(/\.$/, "");
  if (name === "" || name === "@" || name === domain) return absolute && name !== domain ? null : "@";
  if (name.endsWith(`.${domain}`)) name = name.slice(0, -(domain.length + 1));
  else if (absolute) return null;
  const labels = name.split(".");
  for (const [i, l] of labels.entries()) {
    if (l === "*" && i === 0) continue;
    if (!LABEL.test(l)) return null;
  }
  if (fqdnOf(name, domain).length > 253) return null;
  return name;
}

/** The FQDN of a relative name (lower-case, no trailing dot). */
export function fqdnOf(name: string, domain: string): string {
  return name === "@" ? domain : `${name}.${domain}`;
}

function isHostname(v: string): boolean {
  const h = v.toLowerCase().replace(/\.$/, "");
  if (h.length === 0 || h.length > 253) return false;
  return h.split(".").every((l) => LABEL.test(l));
}

function u16(v: string): boolean {
  return /^\d{1,5}$/.test(v) && Number(v) <= 65535;
}

const CAA_TAG = /^[a-z0-9]{1,15}$/i;

/** Whether `value` is valid content for a record of `type`. */
export function isValidValue(type: RecordType, value: string): boolean {
  const parts = value.trim().split(/\s+/);
  switch (type) {
    case "A":
      return isIPv4(value);
    case "AAAA":
      return isIPv6(value);
    case "CNAME":
    case "NS":
      return isHostname(value);
    case "TXT":
      // printable text; quotes inside must be escaped when the value is given pre-quoted
      return /^[\x20-\x7e]+$/.test(value);
    case "MX":
      return parts.length === 2 && u16(parts[0]!) && (isHostname(parts[1]!) || parts[1] === ".");
    case "SRV":
      return parts.length === 4 && u16(parts[0]!) && u16(parts[1]!) && u16(parts[2]!) && (isHostname(parts[3]!) || parts[3] === ".");
    case "CAA": {
      const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+(.+)$/.exec(value.trim());
      if (!m || Number(m[1]) > 255 || !CAA_TAG.test(m[2]!)) return false;
      const v = m[3]!;
      return /^"[\x20-\x7e]*"$/.test(v) || /^[\x21-\x7e]+$/.test(v);
    }
  }
}
