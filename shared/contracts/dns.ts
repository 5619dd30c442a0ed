import { z } from "zod";

export const DnsStatus = z.enum(["pending", "provisioning", "ready", "failed"]);
export const RecordType = z.enum(["A", "AAAA", "CNAME", "TXT", "MX", "NS", "SRV", "CAA"]);

export const Domain = z.object({
  id: z.string(),
  organization_id: z.string(),
  credential_id: z.string(),
  domain_name: z.string(),
  zone_id: z.string(),
  status: DnsStatus,
  last_error: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Domain = z.infer<typeof Domain>;

export const RecordSet = z.object({
  id: z.string(),
  domain_id: z.string(),
  name: z.string(),
  type: RecordType,
  ttl: z.number().int(),
  values: z.array(z.string()),
  status: DnsStatus,
  fingerprint: z.string(),
  owner: z.enum(["autoglue", "external", "unknown"]),
  last_error: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
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
