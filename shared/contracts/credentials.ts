import { z } from "zod";

export const CredentialProvider = z.enum(["aws", "cloudflare", "hetzner", "digitalocean", "generic"]);
export const CredentialKind = z.enum(["aws_access_key", "api_token", "basic_auth", "oauth2"]);
export const ScopeKind = z.enum(["provider", "service", "resource"]);

/** CredentialOut: metadata only, never the secret. */
export const CredentialOut = z.object({
  id: z.string(),
  name: z.string(),
  provider: CredentialProvider,
  kind: CredentialKind,
  account_id: z.string(),
  region: z.string(),
  scope_kind: ScopeKind,
  scope: z.record(z.string(), z.unknown()),
  scope_version: z.number().int(),
  schema_version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CredentialOut = z.infer<typeof CredentialOut>;

/** `credentials.lookup` {organization_id, id} → CredentialOut | null (metadata; other services validate references). */
export const CredentialLookupParams = z.object({ organization_id: z.uuid(), id: z.uuid() });

/**
 * `credentials.secretFor` {organization_id, id, purpose} → CredentialSecret | null: the decrypted
 * secret for a service's own use (the DNS worker's provider token). Service-to-service only
 * (visibility public, never routed), checks the organization, audited with `purpose`.
 */
export const SecretForParams = CredentialLookupParams.extend({ purpose: z.string().min(1).max(100) });
export const CredentialSecret = z.object({
  id: z.string(),
  provider: CredentialProvider,
  kind: CredentialKind,
  scope_kind: ScopeKind,
  scope: z.record(z.string(), z.unknown()),
  secret: z.record(z.string(), z.unknown()),
});
export type CredentialSecret = z.infer<typeof CredentialSecret>;
