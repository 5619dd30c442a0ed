import { z } from "zod";
import { resource, withAlias } from "../zod.ts";
import { PageParams } from "../paging.ts";

export const CredentialProvider = z.enum(["aws", "cloudflare", "hetzner", "digitalocean", "generic"]);
export const CredentialKind = z.enum(["aws_access_key", "api_token", "basic_auth", "oauth2"]);
export const ScopeKind = z.enum(["provider", "service", "resource"]);

/** CredentialOut: metadata only, never the secret. */
export const CredentialOut = resource({
  name: z.string(),
  provider: CredentialProvider,
  /** The same value as `provider` (the name the newer API of the system this one replaces uses). */
  credential_provider: CredentialProvider,
  kind: CredentialKind,
  account_id: z.string(),
  region: z.string(),
  scope_kind: ScopeKind,
  scope: z.record(z.string(), z.unknown()),
  scope_version: z.number().int(),
  schema_version: z.number().int(),
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

/**
 * Body of POST /credentials (CreateCredentialRequest). Every field is checked by the credentials
 * service itself (provider ↔ kind, secret shape per kind, scope shape per scope_kind) so the
 * messages are exact and never echo a secret value; here they only travel. The `meta` is what
 * the OpenAPI document shows.
 */
const field = {
  provider: z.unknown().optional().meta({ type: "string", enum: CredentialProvider.options, description: "required on create (or its other name credential_provider)" }),
  credential_provider: z.unknown().optional().meta({ type: "string", enum: CredentialProvider.options, description: "another name of provider; both given and different is 400" }),
  kind: z.unknown().optional().meta({
    type: "string",
    enum: CredentialKind.options,
    description: "aws_access_key (aws); api_token (cloudflare, hetzner, digitalocean, generic); basic_auth and oauth2 (generic)",
  }),
  schema_version: z.unknown().optional().meta({ type: "integer", minimum: 1 }),
  scope_kind: z.unknown().optional().meta({ type: "string", enum: ScopeKind.options }),
  scope_version: z.unknown().optional().meta({ type: "integer", minimum: 1 }),
  scope: z.unknown().optional().meta({
    type: "object",
    // an object with any members: without it a generator reads `{type: object}` as the empty object
    additionalProperties: {},
    description: "provider → {}; service → {service}; resource → {arn}",
  }),
  secret: z
    .unknown()
    .optional()
    .meta({
      type: "object",
      additionalProperties: {},
      description:
        "encrypted before storage. aws_access_key {access_key_id, secret_access_key, region?}; api_token {token, ...string fields}; " +
        "basic_auth {username, password}; oauth2 {client_id, client_secret, refresh_token}",
    }),
  name: z.unknown().optional().meta({ type: "string", maxLength: 100 }),
  account_id: z.unknown().optional().meta({ type: "string", maxLength: 32 }),
  region: z.unknown().optional().meta({ type: "string", maxLength: 32 }),
};

export const CreateCredentialParams = withAlias(
  z.object(field).meta({ required: ["kind", "schema_version", "scope_kind", "scope_version", "scope", "secret"] }),
  "provider",
  "credential_provider",
);

/**
 * Body of PATCH /credentials/{id} (UpdateCredentialRequest, all optional). `provider` and `kind`
 * are immutable: sending a different value is a 400. `secret` rotates the secret.
 */
export const UpdateCredentialParams = withAlias(z.object({ ...field, id: z.uuid({ error: "invalid id" }) }), "provider", "credential_provider");

/** GET /credentials/{id}, DELETE /credentials/{id}, POST /credentials/{id}/reveal (body `{}`). */
export const CredentialIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** Query of GET /credentials: optional filters; an unknown value is 400 `invalid <filter>`. */
export const ListCredentialsParams = withAlias(
  z.object({
    provider: field.provider,
    credential_provider: field.credential_provider,
    kind: field.kind,
    scope_kind: field.scope_kind,
    ...PageParams.shape,
  }),
  "provider",
  "credential_provider",
);

/** POST /credentials/{id}/reveal → the decrypted secret as a JSON object (audited). */
export const RevealedSecret = z.record(z.string(), z.unknown());
export type RevealedSecret = z.infer<typeof RevealedSecret>;

/** `credentials.purgeOrganization` {organization_id} → what was removed (idempotent; a job runs it). */
export const CredentialsPurgeResult = z.object({
  credentials: z.number().int(),
  data_keys: z.number().int(),
  audit_events: z.number().int(),
});
export type CredentialsPurgeResult = z.infer<typeof CredentialsPurgeResult>;

/** `credentials.rewrapKeys` → the keyring's re-wrap outcome under the current master key (operators). */
export const RewrapKeysResult = z.object({ total: z.number().int(), rewrapped: z.number().int() });
export type RewrapKeysResult = z.infer<typeof RewrapKeysResult>;

/** Audit actions recorded when a secret is decrypted. */
export const CREDENTIAL_AUDIT_ACTIONS = ["credential.reveal", "credential.secret_for"] as const;
