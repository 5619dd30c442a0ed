import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { z } from "zod";
import type { RecordType } from "../../shared/contracts/dns.ts";

type RecordTypeName = z.infer<typeof RecordType>;

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const STRICT_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain name as stored: lower-case, no trailing dot, at least two labels; null when invalid. */
export function normalizeDomainName(raw: string): string | null {
  const name = raw.trim().toLowerCase().replace(/\.$/, "");
  if (name.length === 0 || name.length > 253) return null;
  const labels = name.split(".");
  if (labels.length < 2) return null;
  if (!labels.every((l) => STRICT_LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null;
  return name;
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

/** The ownership marker's name for a record's FQDN. */
export function markerName(fqdn: string): string {
  return `_autoglue.${fqdn}`;
}

/** The ownership marker's value: who manages the names at this FQDN. */
export function markerValue(organizationId: string): string {
  return `heritage=autoglue,autoglue/owner=${organizationId}`;
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
export function isValidValue(type: RecordTypeName, value: string): boolean {
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

/** A hostname as a DNS host wants it in record content: absolute, with its trailing dot. */
function absolute(host: string): string {
  return host === "." || host.endsWith(".") ? host : `${host}.`;
}

/** A TXT value as zone-file text: quoted, split into strings of at most 255 characters. */
export function quoteTxt(value: string): string {
  if (/^".*"$/.test(value) && value.length >= 2) return value;
  const escaped = value.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
  const chunks: string[] = [];
  let i = 0;
  while (i < escaped.length) {
    let end = Math.min(i + 255, escaped.length);
    if (end < escaped.length && escaped[end - 1] === "\\") end -= 1; // never split an escape
    chunks.push(`"${escaped.slice(i, end)}"`);
    i = end;
  }
  if (chunks.length === 0) chunks.push('""');
  return chunks.join(" ");
}

/** Record content in zone-file presentation form, as both providers take it. */
export function contentOf(type: RecordTypeName, value: string): string {
  const v = value.trim();
  const parts = v.split(/\s+/);
  switch (type) {
    case "CNAME":
    case "NS":
      return absolute(v.toLowerCase());
    case "MX":
      return `${parts[0]} ${absolute(parts[1]!.toLowerCase())}`;
    case "SRV":
      return `${parts[0]} ${parts[1]} ${parts[2]} ${absolute(parts[3]!.toLowerCase())}`;
    case "TXT":
      return quoteTxt(v);
    case "CAA": {
      const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+(.+)$/.exec(v)!;
      const val = m[3]!.startsWith('"') ? m[3]! : `"${m[3]}"`;
      return `${m[1]} ${m[2]!.toLowerCase()} ${val}`;
    }
    case "AAAA":
      return v.toLowerCase();
    default:
      return v;
  }
}

/** SHA-256 hex of the canonical JSON {fqdn, ttl, type, values (sorted), zone_id}. */
export function fingerprintOf(input: { fqdn: string; ttl: number; type: string; values: readonly string[]; zone_id: string }): string {
  const canonical = JSON.stringify({
    fqdn: input.fqdn,
    ttl: input.ttl,
    type: input.type,
    values: [...input.values].sort(),
    zone_id: input.zone_id,
  });
  return createHash("sha256").update(canonical).digest("hex");
}
