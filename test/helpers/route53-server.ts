import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

/**
 * A local HTTP server speaking the subset of the Route53 REST/XML API (2013-04-01) that the
 * AWS SDK v3 client uses here: ListHostedZonesByName, ListResourceRecordSets,
 * ChangeResourceRecordSets (CREATE/UPSERT/DELETE, all-or-nothing) and GetChange. Zones live in
 * memory; tests add zones and look at what the client wrote.
 */

export interface R53RRSet {
  name: string; // absolute, with trailing dot
  type: string;
  ttl: number;
  values: string[];
}

interface Zone {
  id: string;
  name: string; // with trailing dot
  rrsets: R53RRSet[];
}

export interface Route53Request {
  method: string;
  path: string;
  /** The access key id of the SigV4 Authorization header (proves the SDK signed the request). */
  accessKeyId: string | null;
}

const NS = "https://route53.amazonaws.com/doc/2013-04-01/";

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function xmlUnescape(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function tag(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? m[1] : undefined;
}

function tags(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, "g"))].map((m) => m[1]!);
}

function absName(name: string): string {
  const n = name.toLowerCase().replace(/\\052/g, "*");
  return n.endsWith(".") ? n : `${n}.`;
}

/** Route53's listing order: by name with labels reversed, then by type. */
function sortKey(name: string, type: string): string {
  return `${name.replace(/\.$/, "").split(".").reverse().join(".")}\u0000${type}`;
}

/** Plain code-point order (never locale order, which ignores the separator). */
function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function rrsetXml(r: R53RRSet): string {
  const records = r.values.map((v) => `<ResourceRecord><Value>${xmlEscape(v)}</Value></ResourceRecord>`).join("");
  return `<ResourceRecordSet><Name>${xmlEscape(r.name.replace(/\*/g, "\\052"))}</Name><Type>${r.type}</Type><TTL>${r.ttl}</TTL><ResourceRecords>${records}</ResourceRecords></ResourceRecordSet>`;
}

class R53Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Route53Server {
  readonly zones = new Map<string, Zone>();
  readonly requests: Route53Request[] = [];
  private readonly changes = new Map<string, string>();
  /** Runs before a change batch is applied (tests look at the caller's state mid-flight). */
  beforeChange?: () => Promise<void>;
  /** How many GetChange answers say PENDING before a change is INSYNC (real Route53 takes seconds to a minute). */
  pendingPolls = 0;
  private readonly polls = new Map<string, number>();
  private server?: Server;
  private port = 0;

  /** Starts listening (again, on the same port after `stop`). */
  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((ok, fail) => {
      server.once("error", fail);
      server.listen(this.port, "127.0.0.1", () => ok());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops answering (a provider outage); `start()` brings it back on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Adds a public hosted zone and returns its id (without the `/hostedzone/` prefix). */
  addZone(name: string): string {
    const id = `Z${randomBytes(7).toString("hex").toUpperCase()}`;
    const zname = absName(name);
    this.zones.set(id, {
      id,
      name: zname,
      rrsets: [
        { name: zname, type: "NS", ttl: 172800, values: ["ns-1.awsdns-test.org."] },
        { name: zname, type: "SOA", ttl: 900, values: ["ns-1.awsdns-test.org. hostmaster.example.org. 1 7200 900 1209600 86400"] },
      ],
    });
    return id;
  }

  /** The record set at `name` (relative names are not accepted) of `type`, or undefined. */
  rrset(zoneId: string, name: string, type: string): R53RRSet | undefined {
    return this.zones.get(zoneId)?.rrsets.find((r) => r.name === absName(name) && r.type === type);
  }

  /** Puts a record set directly, as another tool managing the zone would. */
  put(zoneId: string, rr: R53RRSet): void {
    const zone = this.zones.get(zoneId);
    if (!zone) throw new Error("no such zone");
    const name = absName(rr.name);
    zone.rrsets = zone.rrsets.filter((r) => !(r.name === name && r.type === rr.type));
    zone.rrsets.push({ ...rr, name });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const auth = req.headers.authorization ?? "";
    this.requests.push({ method: req.method ?? "", path: url.pathname, accessKeyId: /Credential=([^/]+)\//.exec(auth)?.[1] ?? null });
    let body = "";
    for await (const chunk of req as AsyncIterable<Buffer>) body += chunk.toString();
    try {
      if (!auth.startsWith("AWS4-HMAC-SHA256 ")) throw new R53Error(403, "MissingAuthenticationToken", "missing authentication token");
      const p = url.pathname.replace(/\/+$/, "");
      let m: RegExpExecArray | null;
      if (req.method === "GET" && p === "/2013-04-01/hostedzonesbyname") {
        this.send(res, 200, this.listZonesByName(url));
        return;
      }
      if ((m = /^\/2013-04-01\/hostedzone\/([^/]+)\/rrset$/.exec(p))) {
        const zone = this.zones.get(decodeURIComponent(m[1]!));
        if (!zone) throw new R53Error(404, "NoSuchHostedZone", `No hosted zone found with ID: ${m[1]}`);
        if (req.method === "GET") {
          this.send(res, 200, this.listRRSets(zone, url));
          return;
        }
        if (req.method === "POST") {
          if (this.beforeChange) await this.beforeChange();
          this.send(res, 200, this.changeRRSets(zone, body));
          return;
        }
      }
      if (req.method === "GET" && (m = /^\/2013-04-01\/change\/([^/]+)$/.exec(p))) {
        const submitted = this.changes.get(m[1]!);
        if (!submitted) throw new R53Error(404, "NoSuchChange", `no change with id ${m[1]}`);
        const polled = (this.polls.get(m[1]!) ?? 0) + 1;
        this.polls.set(m[1]!, polled);
        this.send(res, 200, `<GetChangeResponse xmlns="${NS}">${this.changeInfo(m[1]!, submitted, polled <= this.pendingPolls ? "PENDING" : "INSYNC")}</GetChangeResponse>`);
        return;
      }
      throw new R53Error(404, "UnknownOperation", `unknown operation ${req.method} ${p}`);
    } catch (err) {
      const e = err instanceof R53Error ? err : new R53Error(500, "InternalFailure", "internal failure");
      this.send(
        res,
        e.status,
        `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message></Error><RequestId>${randomBytes(8).toString("hex")}</RequestId></ErrorResponse>`,
      );
    }
  }

  private send(res: ServerResponse, status: number, xml: string): void {
    res.writeHead(status, { "content-type": "text/xml", "x-amzn-requestid": randomBytes(8).toString("hex") });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  }

  private listZonesByName(url: URL): string {
    const dnsname = url.searchParams.get("dnsname");
    const max = Number(url.searchParams.get("maxitems") ?? "100");
    const zones = [...this.zones.values()].sort((a, b) => byKey(sortKey(a.name, ""), sortKey(b.name, "")));
    const start = dnsname ? zones.findIndex((z) => sortKey(z.name, "") >= sortKey(absName(dnsname), "")) : 0;
    const page = start < 0 ? [] : zones.slice(start, start + max);
    const items = page
      .map(
        (z) =>
          `<HostedZone><Id>/hostedzone/${z.id}</Id><Name>${z.name}</Name><CallerReference>${z.id}</CallerReference><Config><PrivateZone>false</PrivateZone></Config><ResourceRecordSetCount>${z.rrsets.length}</ResourceRecordSetCount></HostedZone>`,
      )
      .join("");
    return `<ListHostedZonesByNameResponse xmlns="${NS}"><HostedZones>${items}</HostedZones>${dnsname ? `<DNSName>${xmlEscape(dnsname)}</DNSName>` : ""}<IsTruncated>false</IsTruncated><MaxItems>${max}</MaxItems></ListHostedZonesByNameResponse>`;
  }

  private listRRSets(zone: Zone, url: URL): string {
    const name = url.searchParams.get("name");
    const type = url.searchParams.get("type") ?? "";
    const max = Number(url.searchParams.get("maxitems") ?? "300");
    const sorted = [...zone.rrsets].sort((a, b) => byKey(sortKey(a.name, a.type), sortKey(b.name, b.type)));
    const from = name ? sortKey(absName(name), type) : "";
    const rest = sorted.filter((r) => sortKey(r.name, r.type) >= from);
    const page = rest.slice(0, max);
    const next = rest[max];
    const truncated = next
      ? `<IsTruncated>true</IsTruncated><NextRecordName>${next.name}</NextRecordName><NextRecordType>${next.type}</NextRecordType>`
      : "<IsTruncated>false</IsTruncated>";
    return `<ListResourceRecordSetsResponse xmlns="${NS}"><ResourceRecordSets>${page.map(rrsetXml).join("")}</ResourceRecordSets>${truncated}<MaxItems>${max}</MaxItems></ListResourceRecordSetsResponse>`;
  }

  private changeRRSets(zone: Zone, body: string): string {
    const changes = tags(body, "Change").map((c) => {
      const rr = tag(c, "ResourceRecordSet") ?? "";
      return {
        action: tag(c, "Action") ?? "",
        rrset: {
          name: absName(xmlUnescape(tag(rr, "Name") ?? "")),
          type: tag(rr, "Type") ?? "",
          ttl: Number(tag(rr, "TTL") ?? "0"),
          values: tags(tag(rr, "ResourceRecords") ?? "", "Value").map(xmlUnescape),
        },
      };
    });
    if (changes.length === 0) throw new R53Error(400, "InvalidInput", "no changes");
    // all or nothing: validate against a copy, then swap
    let next = [...zone.rrsets];
    for (const { action, rrset } of changes) {
      if (!rrset.name.endsWith(zone.name)) throw new R53Error(400, "InvalidChangeBatch", `RRSet with DNS name ${rrset.name} is not permitted in zone ${zone.name}`);
      const idx = next.findIndex((r) => r.name === rrset.name && r.type === rrset.type);
      if (action === "DELETE") {
        const cur = next[idx];
        if (!cur || cur.ttl !== rrset.ttl || [...cur.values].sort().join("\n") !== [...rrset.values].sort().join("\n")) {
          throw new R53Error(
            400,
            "InvalidChangeBatch",
            `Tried to delete resource record set [name='${rrset.name}', type='${rrset.type}'] but the values provided do not match the current values`,
          );
        }
        next = next.filter((_, i) => i !== idx);
        continue;
      }
      if (rrset.values.length === 0) throw new R53Error(400, "InvalidChangeBatch", "resource records are required");
      if (rrset.type === "CNAME" && next.some((r) => r.name === rrset.name && r.type !== "CNAME")) {
        throw new R53Error(
          400,
          "InvalidChangeBatch",
          `RRSet of type CNAME with DNS name ${rrset.name} is not permitted as it conflicts with other records with the same DNS name in zone ${zone.name}`,
        );
      }
      if (action === "CREATE" && idx >= 0)
        throw new R53Error(400, "InvalidChangeBatch", `Tried to create resource record set [name='${rrset.name}', type='${rrset.type}'] but it already exists`);
      if (action !== "CREATE" && action !== "UPSERT") throw new R53Error(400, "InvalidInput", `invalid action ${action}`);
      if (idx >= 0) next[idx] = rrset;
      else next.push(rrset);
    }
    zone.rrsets = next;
    const id = `C${randomBytes(7).toString("hex").toUpperCase()}`;
    const submitted = new Date().toISOString();
    this.changes.set(id, submitted);
    return `<ChangeResourceRecordSetsResponse xmlns="${NS}">${this.changeInfo(id, submitted, this.pendingPolls > 0 ? "PENDING" : "INSYNC")}</ChangeResourceRecordSetsResponse>`;
  }

  private changeInfo(id: string, submitted: string, status: "PENDING" | "INSYNC"): string {
    return `<ChangeInfo><Id>/change/${id}</Id><Status>${status}</Status><SubmittedAt>${submitted}</SubmittedAt></ChangeInfo>`;
  }
}

/** Starts a Route53 server on a free port. */
export async function startRoute53Server(): Promise<Route53Server> {
  const server = new Route53Server();
  await server.start();
  return server;
}
