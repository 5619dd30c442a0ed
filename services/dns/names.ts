import { createHash } from "node:crypto";
import { DomainName, type RecordType } from "../../shared/contracts/dns.ts";

// the syntax of names and values is the contract's; the service reads it here
export { fqdnOf, isValidValue, normalizeRecordName } from "../../shared/contracts/dns-names.ts";

/** A domain name as stored (lower-case, no trailing dot, at least two labels), by the contract's rule; null when invalid. */
export function normalizeDomainName(raw: string): string | null {
  const parsed = DomainName.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The ownership marker's name for a record's FQDN. */
export function markerName(fqdn: string): string {
  return `_autoglue.${fqdn}`;
}

/** The ownership marker's value: who manages the names at this FQDN. */
export function markerValue(organizationId: string): string {
  return `heritage=autoglue,autoglue/owner=${organizationId}`;
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
export function contentOf(type: RecordType, value: string): string {
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
