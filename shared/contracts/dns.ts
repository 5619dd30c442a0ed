import { z } from "zod";
import { orgResource, resource } from "../zod.ts";
import { PageParams } from "../paging.ts";
import { MESSAGES } from "../errors.ts";
import { hasDomainLabels, isValidValue, normalizeRecordName } from "./dns-names.ts";

export const DnsStatus = z.enum(["pending", "provisioning", "ready", "failed"]);
export const RecordType = z.enum(["A", "AAAA", "CNAME", "TXT", "MX", "NS", "SRV", "CAA"]);
export type RecordType = z.infer<typeof RecordType>;

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
 * service parses it with the documented schema after its lookup (`parseFirstRefusal`).
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

/*
 * The bodies of the domain and record set routes, each field's rule written once, here: the
 * documented schemas (`http.body`, hence the OpenAPI document) are the ones the dns service parses
 * a body with, after looking up what it names (so an unknown domain or record set is a 404 before
 * any body check; the actions' inputs take the bodies loosely), answering the first refusal only
 * (`parseFirstRefusal`, shared/validation.ts). What is normalised (trimmed, lower- or upper-cased,
 * a default) comes out normalised.
 */

/** Ends a rule with its message (`z.NEVER`: nothing comes out). */
function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/** Trims a string before its rule (a value of another type meets the rule as it is). */
function trimmed<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === "string" ? v.trim() : v), schema);
}

/** A required field for which an empty string is no value: `missing fields` like an absent one. */
function given<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema);
}

/** A DNS-hosting credential's id (trimmed; stored lower-case, UUIDs being case-insensitive). */
const CredentialId = trimmed(z.uuid().toLowerCase().describe("a credential of the organization scoped to a DNS hosting service (route53 or powerdns)"));

/** A domain name as stored: trimmed, lower-case, without its trailing dot, of at least two labels (hasDomainLabels). */
export const DomainName = z
  .string()
  .overwrite((v) => v.trim().toLowerCase().replace(/\.$/, ""))
  .min(1)
  .max(253)
  .refine(hasDomainLabels)
  .describe("a DNS name of at least two labels; lower-cased, a trailing dot dropped");

/** A hosted zone's id: trimmed, `/hostedzone/` dropped, letters, digits and `._=-`; empty when omitted. */
const ZoneId = z
  .string()
  .overwrite((v) => v.trim().replace(/^\/hostedzone\//, ""))
  .max(128)
  .refine((v) => /^[A-Za-z0-9._=-]*$/.test(v))
  .optional()
  .describe("the hosted zone's id (`/hostedzone/` dropped); backfilled asynchronously when omitted")
  .transform((v) => v ?? "");

/** A status set by the client (trimmed): one of the four. */
const StatusField = trimmed(DnsStatus).optional();

/** POST /dns/domains (CreateDomainRequest). */
export const CreateDomainRequest = z.object({ credential_id: given(CredentialId), domain_name: given(DomainName), zone_id: ZoneId });
/** PATCH /dns/domains/{id} (UpdateDomainRequest): any of the fields; a change sets the domain `pending` again. */
export const UpdateDomainRequest = CreateDomainRequest.partial().extend({ status: StatusField });

/** Params of POST /dns/domains and PATCH /dns/domains/{id}: the body taken loosely (services/dns/domains.ts parses it). */
const DomainBody = looseBody(UpdateDomainRequest);
export const CreateDomainParams = DomainBody.omit({ status: true });
export const UpdateDomainParams = DomainBody.extend({ id: z.uuid({ error: "invalid id" }) });
export const DomainIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** A record set's type: case-insensitive (trimmed, upper-cased). */
const RecordTypeField = z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), RecordType.describe("case-insensitive"));

/** A record name as given, at most 253 characters; `recordName(domain)` makes it relative to its domain. */
const RecordNameText = z.string().max(253).describe("relative to the domain or an FQDN inside it (stored relative; `@` is the apex)");

/** A record name of `domain` as stored (normalizeRecordName): relative, `@` the apex; `_autoglue` names are the ownership markers'. */
function recordName(domain: string) {
  return RecordNameText.transform((raw, ctx) => {
    const name = normalizeRecordName(raw, domain);
    if (name === null) return refuse(ctx, MESSAGES.invalidField.text("name"));
    if (name === "_autoglue" || name.startsWith("_autoglue.")) return refuse(ctx, MESSAGES.reservedRecordName.text());
    return name;
  });
}

/** A record set's TTL when the body gives none. */
const DEFAULT_TTL = 300;

/** A value of a record set: 1 to 1024 characters, trimmed (unless blank). */
const RecordValue = z
  .string()
  .min(1)
  .max(1024)
  .transform((v) => (v.trim() === "" ? v : v.trim()));

/** POST /dns/domains/{domain_id}/records (CreateRecordSetRequest); `createRecordSetBody(domain)` is what the service parses. */
export const CreateRecordSetRequest = z.object({
  name: RecordNameText,
  type: RecordTypeField,
  ttl: z
    .number()
    .int()
    .min(1)
    .max(86_400)
    .optional()
    .describe("seconds; 300 when omitted")
    .transform((v) => v ?? DEFAULT_TTL),
  values: z
    .array(RecordValue)
    .min(1)
    .max(100)
    .describe("distinct values in the type's syntax; a CNAME takes exactly one")
    .refine((values) => new Set(values).size === values.length, MESSAGES.duplicateValue.text()),
});
/** PATCH /dns/records/{id} (UpdateRecordSetRequest): any of the fields; a change sets the record set `pending` again. */
export const UpdateRecordSetRequest = CreateRecordSetRequest.partial().extend({ status: StatusField });

/** What a record set's name, type and values must be together: a CNAME alone (one value, never at the apex), every value in its type's syntax. */
function recordData(ctx: z.RefinementCtx, { name, type, values }: { name: string; type: RecordType; values: readonly string[] }): void {
  if (type === "CNAME" && values.length !== 1) return refuse(ctx, MESSAGES.cnameSingleValue.text());
  if (type === "CNAME" && name === "@") return refuse(ctx, MESSAGES.cnameAtApex.text());
  const bad = values.find((v) => !isValidValue(type, v));
  if (bad !== undefined) refuse(ctx, MESSAGES.invalidValueForType.text(type, bad));
}

/** The body of POST /dns/domains/{domain_id}/records for a domain named `domain`: CreateRecordSetRequest, its name relative to the domain, and the rules across fields. */
export function createRecordSetBody(domain: string) {
  return CreateRecordSetRequest.extend({ name: recordName(domain) }).superRefine((body, ctx) => recordData(ctx, body));
}

/** The body of PATCH /dns/records/{id} for a record set of `domain` now holding `current`: the rules across fields hold for the record set it makes. */
export function updateRecordSetBody(domain: string, current: { name: string; type: RecordType; values: readonly string[] }) {
  return UpdateRecordSetRequest.extend({ name: recordName(domain).optional() }).superRefine((body, ctx) =>
    recordData(ctx, { name: body.name ?? current.name, type: body.type ?? current.type, values: body.values ?? current.values }),
  );
}

/** The name and type filters of GET /dns/domains/{domain_id}/records, read as a record set's of `domain`. */
export function recordSetFilters(domain: string) {
  return z.object({ name: recordName(domain).optional(), type: RecordTypeField.optional() });
}

/** Query of GET /dns/domains/{domain_id}/records. */
export const ListRecordSetsParams = z.object({
  domain_id: z.uuid({ error: "invalid id" }),
  name: queryString("name", 254),
  type: queryString("type", 16, RecordType.options),
  status: statusField(),
  ...PageParams.shape,
});

/** Params of POST /dns/domains/{domain_id}/records and PATCH /dns/records/{id}: the body taken loosely (services/dns/record-sets.ts parses it). */
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
