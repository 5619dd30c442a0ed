/** A resource record set on a DNS host: contents in zone-file presentation form. */
export interface HostRRSet {
  /** Absolute name without the trailing dot, lower-case. */
  fqdn: string;
  type: string;
  ttl: number;
  contents: string[];
}

export interface HostChange {
  action: "UPSERT" | "DELETE";
  rrset: HostRRSet;
}

/** What the DNS worker needs of a DNS hosting service. */
export interface DnsProvider {
  readonly kind: "route53" | "powerdns";
  /** The id of the hosted zone serving exactly `domain`, or null. */
  findZone(domain: string): Promise<string | null>;
  /** Whether the zone exists (a zone id given by the client is checked). */
  zoneExists(zoneId: string): Promise<boolean>;
  /** The record set at `fqdn` of `type`, or null. */
  getRRSet(zoneId: string, fqdn: string, type: string): Promise<HostRRSet | null>;
  /** Applies the changes as one batch (all or nothing where the host supports it). */
  change(zoneId: string, changes: readonly HostChange[]): Promise<void>;
}

/**
 * A provider failure. `message` is short and never carries a secret (it ends up in
 * `last_error` and in the job's error); `retryable` says whether trying again may help.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message.length > 300 ? `${message.slice(0, 297)}...` : message);
    this.name = "ProviderError";
  }
}

/** The text of a TXT content in presentation form: quotes removed, strings joined. */
export function txtText(content: string): string {
  const parts = [...content.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
  return parts.length > 0 ? parts.join("") : content;
}

/** Route53 escapes some characters in names (`\052` for `*`); lower-case, no trailing dot. */
export function plainName(name: string): string {
  return name
    .replace(/\\(\d{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)))
    .replace(/\.$/, "")
    .toLowerCase();
}
