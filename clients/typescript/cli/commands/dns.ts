import { collect, ok, paginate, type Domain, type RecordSet } from "../../src/index.ts";
import { type Command, UsageError, choice, int, required, str } from "../command.ts";
import { renderFields, renderTable } from "../output.ts";

const DNS_STATUSES = { pending: true, provisioning: true, ready: true, failed: true } as const satisfies Record<Domain["status"], true>;
const RECORD_TYPES = { A: true, AAAA: true, CNAME: true, TXT: true, MX: true, NS: true, SRV: true, CAA: true } as const satisfies Record<RecordSet["type"], true>;

const domainColumns = [
  ["ID", (d: Domain) => d.id],
  ["DOMAIN", (d: Domain) => d.domain_name],
  ["ZONE", (d: Domain) => d.zone_id || "-"],
  ["STATUS", (d: Domain) => d.status],
  ["LAST ERROR", (d: Domain) => d.last_error || "-"],
] as const;

const domainFields = (d: Domain) =>
  renderFields([
    ["ID", d.id],
    ["DOMAIN", d.domain_name],
    ["ZONE", d.zone_id || "-"],
    ["STATUS", d.status],
    ["LAST ERROR", d.last_error || "-"],
    ["CREDENTIAL", d.credential_id],
    ["CREATED", d.created_at],
  ]);

const recordColumns = [
  ["ID", (r: RecordSet) => r.id],
  ["NAME", (r: RecordSet) => r.name],
  ["TYPE", (r: RecordSet) => r.type],
  ["TTL", (r: RecordSet) => String(r.ttl)],
  ["VALUES", (r: RecordSet) => r.values.join(" ")],
  ["STATUS", (r: RecordSet) => r.status],
] as const;

export const DNS_COMMANDS: Command[] = [
  {
    path: ["dns", "domains", "list"],
    summary: "the organization's DNS domains (every page)",
    usage: "[--status pending|provisioning|ready|failed] [--q TEXT]",
    options: { status: { type: "string" }, q: { type: "string" } },
    async run(ctx) {
      const status = choice(ctx.values, "status", DNS_STATUSES);
      const q = str(ctx.values, "q");
      const client = await ctx.client({ org: true });
      const domains = await collect(
        paginate((cursor) => client.api.GET("/api/v1/dns/domains", { params: { query: { ...(status ? { status } : {}), ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })),
      );
      ctx.print(domains, () => renderTable(domains, domainColumns));
    },
  },
  {
    path: ["dns", "domains", "get"],
    summary: "one domain",
    usage: "<domain-id>",
    args: ["domain-id"],
    async run(ctx) {
      const domain = await ok((await ctx.client({ org: true })).api.GET("/api/v1/dns/domains/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.print(domain, () => domainFields(domain));
    },
  },
  {
    path: ["dns", "domains", "create"],
    summary: "add a domain hosted with a DNS credential (its zone id is filled in later when omitted)",
    usage: "--credential CREDENTIAL-ID --domain-name NAME [--zone-id ZONE]",
    options: { credential: { type: "string" }, "domain-name": { type: "string" }, "zone-id": { type: "string" } },
    async run(ctx) {
      const zone = str(ctx.values, "zone-id");
      const body = { credential_id: required(ctx.values, "credential"), domain_name: required(ctx.values, "domain-name"), ...(zone === undefined ? {} : { zone_id: zone }) };
      const domain = await ok((await ctx.client({ org: true })).api.POST("/api/v1/dns/domains", { body }));
      ctx.print(domain, () => domainFields(domain));
    },
  },
  {
    path: ["dns", "domains", "delete"],
    summary: "delete a domain",
    usage: "<domain-id>",
    args: ["domain-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/dns/domains/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted domain ${ctx.args[0]!}.`);
    },
  },
  {
    path: ["dns", "records", "list"],
    summary: "a domain's record sets (every page)",
    usage: "<domain-id> [--type A|AAAA|CNAME|TXT|MX|NS|SRV|CAA] [--name NAME]",
    args: ["domain-id"],
    options: { type: { type: "string" }, name: { type: "string" } },
    async run(ctx) {
      const type = choice(ctx.values, "type", RECORD_TYPES);
      const name = str(ctx.values, "name");
      const client = await ctx.client({ org: true });
      const records = await collect(
        paginate((cursor) =>
          client.api.GET("/api/v1/dns/domains/{domain_id}/records", {
            params: { path: { domain_id: ctx.args[0]! }, query: { ...(type ? { type } : {}), ...(name ? { name } : {}), ...(cursor ? { cursor } : {}) } },
          }),
        ),
      );
      ctx.print(records, () => renderTable(records, recordColumns));
    },
  },
  {
    path: ["dns", "records", "create"],
    summary: "add a record set (status pending until the DNS worker has written it)",
    usage: "<domain-id> --name NAME --type TYPE [--ttl SECONDS] --value VALUE [--value VALUE …]",
    args: ["domain-id"],
    options: { name: { type: "string" }, type: { type: "string" }, ttl: { type: "string" }, value: { type: "string", multiple: true } },
    async run(ctx) {
      const name = required(ctx.values, "name");
      const type = choice(ctx.values, "type", RECORD_TYPES);
      if (type === undefined) throw new UsageError("--type is required");
      const ttl = int(ctx.values, "ttl");
      const values = ctx.values.value;
      // a record set has at least one value: none is a usage error, not an empty list sent
      if (!Array.isArray(values) || values.length === 0) throw new UsageError("--value is required (once per value)");
      const body = { name, type, ...(ttl === undefined ? {} : { ttl }), values };
      const record = await ok((await ctx.client({ org: true })).api.POST("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: ctx.args[0]! } }, body }));
      ctx.print(record, () => renderTable([record], recordColumns));
    },
  },
  {
    path: ["dns", "records", "delete"],
    summary: "delete a record set",
    usage: "<record-id>",
    args: ["record-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/dns/records/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted record set ${ctx.args[0]!}.`);
    },
  },
];
