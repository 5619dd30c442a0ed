import { checkEndpoint } from "../../../shared/endpoint-guard.ts";
import { pinnedRequest, type PinnedResponse } from "../../../shared/pinned-http.ts";
import { ProviderError, plainName, type DnsProvider, type HostChange, type HostRRSet } from "./types.ts";

export interface PowerDnsOptions {
  api_url: string;
  token: string;
  server_id?: string;
  /** The api_url is the tenant's: refuse private/loopback targets unless the operator allowed them. */
  allowPrivateEndpoints?: boolean;
}

interface PdnsRRSet {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled?: boolean }[];
}

/** PowerDNS Authoritative through its HTTP API (`/api/v1/servers/{server_id}/zones`). */
export class PowerDnsProvider implements DnsProvider {
  readonly kind = "powerdns" as const;
  private readonly base: string;

  constructor(private readonly opts: PowerDnsOptions) {
    const root = opts.api_url.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
    this.base = `${root}/api/v1/servers/${encodeURIComponent(opts.server_id || "localhost")}`;
  }

  private async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    // the request goes to the address the guard checked (a DNS answer that changed since cannot redirect it)
    const checked = await checkEndpoint(this.base, this.opts.allowPrivateEndpoints === true);
    if ("refusal" in checked) throw new ProviderError(checked.refusal.message, checked.refusal.retryable);
    let res: PinnedResponse;
    try {
      res = await pinnedRequest(this.base + path, {
        method,
        headers: { "X-API-Key": this.opts.token, accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        timeoutMs: 10_000,
        pinned: checked.addresses[0],
        readBody: true,
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new ProviderError(
        `powerdns: ${code === "ECONNREFUSED" ? "connection refused" : (err as Error).name === "TimeoutError" ? "request timed out" : "request failed"}`,
        true,
      );
    }
    let json: unknown;
    try {
      json = res.text ? JSON.parse(res.text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  }

  private fail(status: number, json: unknown): ProviderError {
    const detail = typeof (json as { error?: unknown } | undefined)?.error === "string" ? `: ${(json as { error: string }).error}` : "";
    if (status === 401 || status === 403) return new ProviderError(`powerdns: unauthorized (http ${status})`, false);
    return new ProviderError(`powerdns: http ${status}${detail}`, status >= 500 || status === 429);
  }

  async findZone(domain: string): Promise<string | null> {
    const { status, json } = await this.request("GET", `/zones?zone=${encodeURIComponent(`${domain}.`)}`);
    if (status !== 200) throw this.fail(status, json);
    const zone = ((json as { id: string; name: string }[] | undefined) ?? []).find((z) => plainName(z.name) === domain);
    return zone?.id ?? null;
  }

  async zoneExists(zoneId: string): Promise<boolean> {
    const { status, json } = await this.request("GET", `/zones/${encodeURIComponent(zoneId)}?rrsets=false`);
    if (status === 200) return true;
    if (status === 404 || status === 422) return false;
    throw this.fail(status, json);
  }

  async getRRSet(zoneId: string, fqdn: string, type: string): Promise<HostRRSet | null> {
    const q = `rrsets=true&rrset_name=${encodeURIComponent(`${fqdn}.`)}&rrset_type=${encodeURIComponent(type)}`;
    const { status, json } = await this.request("GET", `/zones/${encodeURIComponent(zoneId)}?${q}`);
    if (status !== 200) throw this.fail(status, json);
    const rrsets = (json as { rrsets?: PdnsRRSet[] } | undefined)?.rrsets ?? [];
    const rr = rrsets.find((r) => plainName(r.name) === fqdn && r.type === type);
    if (!rr || rr.records.length === 0) return null;
    return { fqdn, type, ttl: rr.ttl, contents: rr.records.filter((r) => !r.disabled).map((r) => r.content) };
  }

  async change(zoneId: string, changes: readonly HostChange[]): Promise<void> {
    if (changes.length === 0) return;
    const rrsets = changes.map((c) =>
      c.action === "DELETE"
        ? { name: `${c.rrset.fqdn}.`, type: c.rrset.type, changetype: "DELETE" }
        : {
            name: `${c.rrset.fqdn}.`,
            type: c.rrset.type,
            ttl: c.rrset.ttl,
            changetype: "REPLACE",
            records: c.rrset.contents.map((content) => ({ content, disabled: false })),
          },
    );
    const { status, json } = await this.request("PATCH", `/zones/${encodeURIComponent(zoneId)}`, { rrsets });
    if (status !== 204 && status !== 200) throw this.fail(status, json);
  }
}
