import type { CredentialSecret } from "../../../shared/contracts/credentials.ts";
import { PowerDnsProvider } from "./powerdns.ts";
import { Route53Provider } from "./route53.ts";
import { ProviderError, type DnsProvider } from "./types.ts";

export type DnsHosting = "route53" | "powerdns";

/** Which DNS hosting service a credential names, or null when it is not a DNS-hosting credential. */
export function dnsHostingOf(cred: { provider: string; kind: string; scope: Record<string, unknown> }): DnsHosting | null {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a credential stored before scopes existed has none
  const service = cred.scope?.service;
  if (cred.provider === "aws" && cred.kind === "aws_access_key" && service === "route53") return "route53";
  if (cred.provider === "generic" && cred.kind === "api_token" && service === "powerdns") return "powerdns";
  return null;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/** A provider client for a decrypted credential; a short, secret-free error when it cannot be built. */
export function providerFor(cred: CredentialSecret, defaults: { route53Endpoint?: string; route53SyncWaitMs?: number; allowPrivateEndpoints?: boolean } = {}): DnsProvider {
  const hosting = dnsHostingOf(cred);
  const s = cred.secret;
  if (hosting === "route53") {
    const access_key_id = str(s.access_key_id);
    const secret_access_key = str(s.secret_access_key);
    if (!access_key_id || !secret_access_key) throw new ProviderError("credential secret lacks access_key_id or secret_access_key", false);
    return new Route53Provider({
      access_key_id,
      secret_access_key,
      region: str(s.region),
      endpoint: str(s.endpoint) ?? defaults.route53Endpoint,
      syncWaitMs: defaults.route53SyncWaitMs,
    });
  }
  if (hosting === "powerdns") {
    const token = str(s.token);
    const api_url = str(s.api_url);
    if (!token || !api_url || !/^https?:\/\//.test(api_url)) throw new ProviderError("credential secret lacks token or a valid api_url", false);
    return new PowerDnsProvider({ token, api_url, server_id: str(s.server_id), allowPrivateEndpoints: defaults.allowPrivateEndpoints === true });
  }
  throw new ProviderError("credential is not a dns hosting credential", false);
}

export { ProviderError, type DnsProvider } from "./types.ts";
