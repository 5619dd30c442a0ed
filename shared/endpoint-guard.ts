import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses a tenant-supplied URL must not reach: every block of IANA's IPv4 and IPv6
 * Special-Purpose Address Registries (loopback, private, link-local, shared, documentation,
 * benchmarking, protocol assignments, anycast, discard-only, AS112, SRv6 SIDs), multicast,
 * IPv4's reserved 240/4 and broadcast, and IPv6's deprecated site-local fec0::/10. The IPv6 forms
 * that carry an IPv4 address (mapped, compatible, NAT64 64:ff9b::/96, 6to4, Teredo) are judged by
 * the IPv4 address they reach (`embeddedIPv4`).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (DS-Lite, PCP/TURN anycast, NAT64 discovery)
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112-v4
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // direct delegation AS112
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast included
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): never a public destination
  ["100::", 64], // discard-only
  ["100:0:0:1::", 64], // dummy prefix (RFC 9780)
  ["2001:db8::", 32], // documentation
  ["2620:4f:8000::", 48], // direct delegation AS112
  ["3fff::", 20], // documentation (RFC 9637)
  ["5f00::", 16], // SRv6 SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}
/** IETF protocol assignments (2001::/23: PCP/TURN anycast, benchmarking, AMT, AS112, ORCHID, drone ids), Teredo's 2001::/32 excepted. */
const PROTOCOL_ASSIGNMENTS = new BlockList();
PROTOCOL_ASSIGNMENTS.addSubnet("2001::", 23, "ipv6");
const TEREDO = new BlockList();
TEREDO.addSubnet("2001::", 32, "ipv6");

/** The 16 bytes of an IPv6 address (a zone id is ignored), or null when it is not one. */
function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    if (isIP(dotted) !== 4) return null;
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill("0"), ...tail];
  const out = new Uint8Array(16);
  for (const [i, g] of all.entries()) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    out[2 * i] = parseInt(g, 16) >> 8;
    out[2 * i + 1] = parseInt(g, 16) & 0xff;
  }
  return out;
}

const v4 = (b: Uint8Array, at: number, invert = false): string => Array.from(b.subarray(at, at + 4), (x) => (invert ? x ^ 0xff : x)).join(".");
const zeros = (b: Uint8Array, from: number, to: number): boolean => b.subarray(from, to).every((x) => x === 0);

/**
 * The IPv4 addresses an IPv6 address carries and reaches: IPv4-mapped (::ffff:0:0/96),
 * IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4
 * (2002::/16) and Teredo (2001::/32: the server, and the client stored inverted).
 */
function embeddedIPv4(b: Uint8Array): string[] {
  const word = (i: number) => (b[i]! << 8) | b[i + 1]!;
  if (zeros(b, 0, 10) && word(10) === 0xffff) return [v4(b, 12)];
  if (zeros(b, 0, 12)) return [v4(b, 12)];
  if (zeros(b, 0, 8) && word(8) === 0xffff && word(10) === 0) return [v4(b, 12)];
  if (word(0) === 0x64 && word(2) === 0xff9b && zeros(b, 4, 12)) return [v4(b, 12)];
  if (word(0) === 0x2002) return [v4(b, 2)];
  if (word(0) === 0x2001 && word(2) === 0) return [v4(b, 4), v4(b, 12, true)];
  return [];
}

/** True for an address a tenant-supplied URL must not reach, an IPv6 form of a refused IPv4 address included. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  const bytes = family === 6 ? ipv6Bytes(address) : null;
  if (!bytes) return true;
  const bare = address.replace(/%.*$/, "");
  if (BLOCKED.check(bare, "ipv6")) return true;
  if (PROTOCOL_ASSIGNMENTS.check(bare, "ipv6") && !TEREDO.check(bare, "ipv6")) return true;
  return embeddedIPv4(bytes).some((a) => BLOCKED.check(a, "ipv4"));
}

/** Why a tenant-supplied URL may not be called, and whether trying again later could help. */
export interface EndpointRefusal {
  message: string;
  retryable: boolean;
}

/** An address a checked URL's host resolved to (what a pinned connection connects to). */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Checks a tenant-supplied URL (a DNS provider's endpoint, a webhook) whose host must not resolve
 * to an address inside our network (SSRF: a tenant must not make a worker call Redis, the
 * database or a metadata service), unless the operator allowed private endpoints. Answers the
 * refusal, or the addresses it checked (none when private endpoints are allowed: nothing was
 * looked up). A caller that connects to one of these addresses itself, instead of resolving the
 * host again, cannot be sent elsewhere by a DNS answer that changed in between (rebinding).
 */
export async function checkEndpoint(url: string, allowPrivate: boolean): Promise<{ refusal: EndpointRefusal } | { addresses: CheckedAddress[] }> {
  if (allowPrivate) return { addresses: [] };
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return { refusal: { message: "invalid endpoint url", retryable: false } };
  }
  let addresses: CheckedAddress[];
  try {
    const family = isIP(host);
    addresses = family
      ? [{ address: host, family: family as 4 | 6 }]
      : (await lookup(host, { all: true, order: "verbatim" })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  } catch {
    return { refusal: { message: "endpoint host does not resolve", retryable: true } };
  }
  if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address))) {
    return { refusal: { message: "endpoint resolves to a private or reserved address (not allowed)", retryable: false } };
  }
  return { addresses };
}

/** `checkEndpoint`'s refusal alone: undefined when the URL may be called. */
export async function endpointRefusal(url: string, allowPrivate: boolean): Promise<EndpointRefusal | undefined> {
  const checked = await checkEndpoint(url, allowPrivate);
  return "refusal" in checked ? checked.refusal : undefined;
}
