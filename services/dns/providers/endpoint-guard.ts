import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { ProviderError } from "./types.ts";

/** Addresses a tenant-supplied URL must not reach: loopback, private, link-local, CGNAT, multicast, reserved. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}

export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Refuses a tenant-supplied provider URL whose host resolves to an address inside our network
 * (SSRF: a tenant must not make the worker call Redis, the database or a metadata service),
 * unless the operator allowed private endpoints. A refusal is not retryable.
 */
export async function assertPublicEndpoint(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    throw new ProviderError("invalid endpoint url", false);
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new ProviderError("endpoint host does not resolve", true);
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    throw new ProviderError("endpoint resolves to a private or reserved address (not allowed)", false);
  }
}
