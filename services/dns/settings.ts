import { z } from "zod";

/**
 * Settings of the dns service, read once from the environment (kept here until they move into
 * shared/config.ts):
 * - `DNS_ROUTE53_ENDPOINT`: another Route53-compatible endpoint for every route53 credential
 *   that does not name one itself (tests, private deployments).
 */
const DnsSettings = z.object({
  DNS_ROUTE53_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
    .refine((v) => v === undefined || /^https?:\/\/[^/@\s]+(\/.*)?$/.test(v), { message: "DNS_ROUTE53_ENDPOINT must be an http(s) url" }),
});
export type DnsSettings = z.infer<typeof DnsSettings>;

export function dnsSettings(env: NodeJS.ProcessEnv = process.env): DnsSettings {
  const parsed = DnsSettings.safeParse({ DNS_ROUTE53_ENDPOINT: env.DNS_ROUTE53_ENDPOINT });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
  return parsed.data;
}
