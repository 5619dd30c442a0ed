import { z } from "zod";
import { orgResource, resource } from "../zod.ts";
import { PageParams } from "../paging.ts";

export const DnsStatus = z.enum(["pending", "provisioning", "ready", "failed"]);
export const RecordType = z.enum(["A", "AAAA", "CNAME", "TXT", "MX", "NS", "SRV", "CAA"]);

export const Domain = orgResource({
  credential_id: z.string(),
  domain_name: z.string(),
  zone_id: z.string(),
  status: DnsStatus,
  last_error: z.string(),
});
export type Domain = z.infer<typeof Domain>;

export const RecordSet = resource({
  domain_id: z.string(),
  name: z.string(),
  type: RecordType,
  ttl: z.number().int(),
  values: z.array(z.string()),
  status: DnsStatus,
  fingerprint: z.string(),
  owner: z.enum(["autoglue", "external", "unknown"]),
  last_error: z.string(),
});
export type RecordSet = z.infer<typeof RecordSet>;

/**
 * `dns.getDomains` {organization_id, ids} → Domain[]; `dns.getRecordSets` {organization_id, ids}
 * → RecordSet[] (a record set belongs to its domain's organization). Missing ids are absent.
 */
export const DnsBatchGetParams = z.object({ organization_id: z.uuid(), ids: z.array(z.string()).max(1000) });

/** `dns.credentialInUse` → {in_use, domains: count}: the credentials service asks before deleting. */
export const CredentialInUseParams = z.object({ organization_id: z.uuid(), credential_id: z.uuid() });
export const CredentialInUse = z.object({ in_use: z.boolean(), domains: z.number().int() });
export type CredentialInUse = z.infer<typeof CredentialInUse>;

/** Status filter / PATCH value: one of the four, else 400 `invalid status`. */
function statusField() {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === "") return undefined;
      const parsed = DnsStatus.safeParse(typeof v === "string" ? v.trim() : v);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "invalid status" });
        return z.NEVER;
      }
      return parsed.data;
    })
    .meta({ type: "string", enum: DnsStatus.options });
}

/**
 * An optional query string: a plain string (empty means "not given"), else 400 `invalid <name>`.
 * The document shows it as a string of at most `max` characters (one of `values` when given:
 * the service checks those itself).
 */
function queryString(name: string, max = 256, values?: readonly string[]) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v !== "string" || v.length > max) {
        ctx.addIssue({ code: "custom", message: `invalid ${name}` });
        return z.NEVER;
      }
      return v.trim() === "" ? undefined : v.trim();
    })
    .meta(values ? { type: "string", enum: [...values] } : { type: "string", maxLength: max });
}

/**
 * A body taken loosely: every field the documented body has, each of any type and optional. The
 * service checks them itself so that each refusal says `invalid <field>` or `missing fields: …`.
 */
function looseBody<S extends z.ZodRawShape>(documented: z.ZodObject<S>) {
  const fields = Object.fromEntries(Object.keys(documented.shape).map((key) => [key, z.unknown().optional()]));
  return z.object(fields as { [K in keyof S]: z.ZodOptional<z.ZodUnknown> });
}

/** Query of GET /dns/domains. */
export const ListDomainsParams = z.object({
  domain_name: queryString("domain_name", 254),
  status: statusField(),
  q: queryString("q"),
  ...PageParams.shape,
});

/** POST /dns/domains as documented (OpenAPI CreateDomainRequest); services/dns/domains.ts checks it. */
export const CreateDomainRequest = z.object({
  credential_id: z.uuid().describe("a credential of the organization scoped to a DNS hosting service (route53 or powerdns)"),
  domain_name: z.string().min(1).max(253).describe("a DNS name of at least two labels; lower-cased, a trailing dot dropped"),
  zone_id: z.string().max(128).optional().describe("the hosted zone's id (`/hostedzone/` dropped); backfilled asynchronously when omitted"),
});
/** PATCH /dns/domains/{id} as documented (UpdateDomainRequest): any of the fields; a change sets the domain `pending` again. */
export const UpdateDomainRequest = CreateDomainRequest.partial().extend({ status: DnsStatus.optional() });

/**
 * Body of POST /dns/domains and PATCH /dns/domains/{id}. Field checks (`invalid <field>`,
 * `missing fields: ...`) are done by the dns service so the messages are exact.
 */
const DomainBody = looseBody(UpdateDomainRequest);
export const CreateDomainParams = DomainBody.omit({ status: true });
export const UpdateDomainParams = DomainBody.extend({ id: z.uuid({ error: "invalid id" }) });
export const DomainIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** POST /dns/domains/{domain_id}/records as documented (CreateRecordSetRequest); services/dns/record-sets.ts checks it. */
export const CreateRecordSetRequest = z.object({
  name: z.string().max(253).describe("relative to the domain or an FQDN inside it (stored relative; `@` is the apex)"),
  type: RecordType.describe("case-insensitive"),
  ttl: z.number().int().min(1).max(86_400).optional().describe("seconds; 300 when omitted"),
  values: z.array(z.string().min(1).max(1024)).min(1).max(100).describe("distinct values in the type's syntax; a CNAME takes exactly one"),
});
/** PATCH /dns/records/{id} as documented (UpdateRecordSetRequest): any of the fields; a change sets the record set `pending` again. */
export const UpdateRecordSetRequest = CreateRecordSetRequest.partial().extend({ status: DnsStatus.optional() });

/** Query of GET /dns/domains/{domain_id}/records. */
export const ListRecordSetsParams = z.object({
  domain_id: z.uuid({ error: "invalid id" }),
  name: queryString("name", 254),
  type: queryString("type", 16, RecordType.options),
  status: statusField(),
  ...PageParams.shape,
});

/** Body of POST /dns/domains/{domain_id}/records and PATCH /dns/records/{id} (checked by the service). */
const RecordSetBody = looseBody(UpdateRecordSetRequest);
export const CreateRecordSetParams = RecordSetBody.omit({ status: true }).extend({ domain_id: z.uuid({ error: "invalid id" }) });
export const UpdateRecordSetParams = RecordSetBody.extend({ id: z.uuid({ error: "invalid id" }) });
export const RecordSetIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** Payload of the `dns.reconcileDomain` job. */
export const ReconcileDomainParams = z.object({ organization_id: z.uuid(), domain_id: z.uuid() });
/** Payload of the `dns.reconcileRecordSet` and `dns.deleteRecordSet` jobs. */
export const ReconcileRecordSetParams = z.object({ organization_id: z.uuid(), record_set_id: z.uuid() });
export const DeleteRecordSetParams = ReconcileRecordSetParams;
/** Payload of the periodic `dns.sweep` job. */
export const DnsSweepParams = z.object({ stuck_after_ms: z.number().int().min(0).max(86_400_000).optional() });

/** What a reconcile action reports (also recorded as the job's result). */
export const ReconcileOutcome = z.object({
  status: z.enum(["pending", "provisioning", "ready", "failed", "skipped", "deleted"]),
  last_error: z.string().optional(),
});
export type ReconcileOutcome = z.infer<typeof ReconcileOutcome>;

/** `dns.sweep` → how many items were re-enqueued. */
export const DnsSweepResult = z.object({ domains: z.number().int(), record_sets: z.number().int(), deletions: z.number().int() });
export type DnsSweepResult = z.infer<typeof DnsSweepResult>;

/** `dns.purgeOrganization` → what was removed. */
export const DnsPurgeResult = z.object({ domains: z.number().int(), record_sets: z.number().int() });
