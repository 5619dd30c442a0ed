import {
  ChangeResourceRecordSetsCommand,
  GetChangeCommand,
  ListHostedZonesByNameCommand,
  ListResourceRecordSetsCommand,
  Route53Client,
  type RRType,
} from "@aws-sdk/client-route-53";
import { ProviderError, plainName, type DnsProvider, type HostChange, type HostRRSet } from "./types.ts";

export interface Route53Options {
  access_key_id: string;
  secret_access_key: string;
  region?: string;
  /** Another Route53-compatible endpoint (tests, private deployments). */
  endpoint?: string;
  /** How long `change` waits for the change to be INSYNC (default 15 s); 0 accepts PENDING. */
  syncWaitMs?: number;
}

/** GetChange every second while a change propagates (Route53 takes seconds to a minute). */
const SYNC_POLL_MS = 1_000;

function stripZonePrefix(id: string): string {
  return id.replace(/^\/hostedzone\//, "");
}

/** Maps an SDK failure to a short message without secrets. */
function toProviderError(err: unknown): ProviderError {
  const e = (err ?? {}) as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const name = typeof e.name === "string" ? e.name : "Error";
  if (status === undefined) {
    return new ProviderError(`route53: ${e.code === "ECONNREFUSED" || String(e.message).includes("ECONNREFUSED") ? "connection refused" : "request failed"}`, true);
  }
  if (status >= 500 || status === 429 || name === "Throttling" || name === "PriorRequestNotComplete") {
    return new ProviderError(`route53: ${name} (http ${status})`, true);
  }
  const detail = typeof e.message === "string" && e.message !== "" && e.message !== "UnknownError" ? `: ${e.message}` : "";
  return new ProviderError(`route53: ${name}${detail}`, false);
}

/** Route53 through the AWS SDK v3. */
export class Route53Provider implements DnsProvider {
  readonly kind = "route53" as const;
  private readonly client: Route53Client;
  private readonly syncWaitMs: number;

  constructor(opts: Route53Options) {
    this.syncWaitMs = opts.syncWaitMs ?? 15_000;
    this.client = new Route53Client({
      region: opts.region || "us-east-1",
      endpoint: opts.endpoint || undefined,
      credentials: { accessKeyId: opts.access_key_id, secretAccessKey: opts.secret_access_key },
      maxAttempts: 2,
      // never hang a reconcile (and its lease) on a silent endpoint
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
    });
  }

  async findZone(domain: string): Promise<string | null> {
    try {
      const out = await this.client.send(new ListHostedZonesByNameCommand({ DNSName: `${domain}.`, MaxItems: 10 }));
      const zone = (out.HostedZones ?? []).find((z) => plainName(z.Name ?? "") === domain && !z.Config?.PrivateZone);
      return zone?.Id ? stripZonePrefix(zone.Id) : null;
    } catch (err) {
      throw toProviderError(err);
    }
  }

  async zoneExists(zoneId: string): Promise<boolean> {
    try {
      await this.client.send(new ListResourceRecordSetsCommand({ HostedZoneId: zoneId, MaxItems: 1 }));
      return true;
    } catch (err) {
      if ((err as { name?: string }).name === "NoSuchHostedZone") return false;
      throw toProviderError(err);
    }
  }

  async getRRSet(zoneId: string, fqdn: string, type: string): Promise<HostRRSet | null> {
    try {
      const out = await this.client.send(new ListResourceRecordSetsCommand({ HostedZoneId: zoneId, StartRecordName: `${fqdn}.`, StartRecordType: type as RRType, MaxItems: 1 }));
      const rr = (out.ResourceRecordSets ?? [])[0];
      if (!rr || plainName(rr.Name ?? "") !== fqdn || rr.Type !== type) return null;
      return { fqdn, type, ttl: rr.TTL ?? 0, contents: (rr.ResourceRecords ?? []).map((r) => r.Value ?? "") };
    } catch (err) {
      throw toProviderError(err);
    }
  }

  /**
   * Applies the changes as one all-or-nothing batch and waits until Route53 reports them INSYNC
   * (served by its name servers). A change still PENDING after `syncWaitMs` is a retryable
   * failure: the next reconcile finds the records written and only waits again.
   */
  async change(zoneId: string, changes: readonly HostChange[]): Promise<void> {
    if (changes.length === 0) return;
    let info: { Id?: string; Status?: string } | undefined;
    try {
      const out = await this.client.send(
        new ChangeResourceRecordSetsCommand({
          HostedZoneId: zoneId,
          ChangeBatch: {
            Comment: "autoglue",
            Changes: changes.map((c) => ({
              Action: c.action,
              ResourceRecordSet: {
                Name: `${c.rrset.fqdn}.`,
                Type: c.rrset.type as RRType,
                TTL: c.rrset.ttl,
                ResourceRecords: c.rrset.contents.map((Value) => ({ Value })),
              },
            })),
          },
        }),
      );
      info = out.ChangeInfo;
    } catch (err) {
      throw toProviderError(err);
    }
    await this.waitInSync(info);
  }

  private async waitInSync(info: { Id?: string; Status?: string } | undefined): Promise<void> {
    if (this.syncWaitMs === 0 || !info?.Id) return;
    const id = info.Id.replace(/^\/change\//, "");
    const deadline = Date.now() + this.syncWaitMs;
    let status = info.Status;
    while (status !== "INSYNC") {
      if (Date.now() + SYNC_POLL_MS > deadline) throw new ProviderError("route53: change still propagating (PENDING)", true);
      await new Promise((r) => setTimeout(r, SYNC_POLL_MS));
      try {
        status = (await this.client.send(new GetChangeCommand({ Id: id }))).ChangeInfo?.Status;
      } catch (err) {
        throw toProviderError(err);
      }
    }
  }
}
