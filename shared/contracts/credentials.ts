import { z } from "zod";
import { MESSAGES } from "../errors.ts";
import { resource, withAlias } from "../zod.ts";
import { PageParams } from "../paging.ts";

const PROVIDERS = ["aws", "cloudflare", "hetzner", "digitalocean", "generic"] as const;
const KINDS = ["aws_access_key", "api_token", "basic_auth", "oauth2"] as const;
const SCOPE_KINDS = ["provider", "service", "resource"] as const;

export const CredentialProvider = z.enum(PROVIDERS);
export type CredentialProvider = z.infer<typeof CredentialProvider>;
export const CredentialKind = z.enum(KINDS);
export type CredentialKind = z.infer<typeof CredentialKind>;
export const ScopeKind = z.enum(SCOPE_KINDS);
export type ScopeKind = z.infer<typeof ScopeKind>;
/** A credential's scope as stored: provider → {}, service → {service}, resource → {arn}. */
export type Scope = Record<string, string>;
/** A credential's secret as stored (encrypted): string fields, exactly as sent. */
export type Secret = Record<string, string>;

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

/*
 * The rules of a credential's body, each written once, here (decisions.md "Credentials" and the
 * DNS-hosting rules). Every message is lower-case and complete (a MESSAGES entry) and never holds a
 * secret value, not even a field name taken from the secret object: every issue a rule raises
 * carries its own message, never zod's default text.
 */

/** Which kinds each provider accepts. */
export const KINDS_BY_PROVIDER: Readonly<Record<CredentialProvider, readonly CredentialKind[]>> = {
  aws: ["aws_access_key"],
  cloudflare: ["api_token"],
  hetzner: ["api_token"],
  digitalocean: ["api_token"],
  generic: ["api_token", "basic_auth", "oauth2"],
};

/** The fields of a secret per kind; `extra`: further string fields are allowed (api_token: `{token, ...}`). */
const SECRET_SHAPES: Readonly<Record<CredentialKind, { required: readonly string[]; optional: readonly string[]; extra: boolean }>> = {
  aws_access_key: { required: ["access_key_id", "secret_access_key"], optional: ["region"], extra: false },
  api_token: { required: ["token"], optional: [], extra: true },
  basic_auth: { required: ["username", "password"], optional: [], extra: false },
  oauth2: { required: ["client_id", "client_secret", "refresh_token"], optional: [], extra: false },
};

/** Limits of a secret object (decisions taken here; the contract of the API this one replaces is silent). */
export const SECRET_LIMITS = { fields: 32, valueLength: 16_384, fieldName: /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/ };

/** Names that would touch an object's prototype. */
const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** DNS hosting services a credential's scope may name, and what they require of it. */
const DNS_HOSTING: Readonly<Record<string, { provider: CredentialProvider; kinds: readonly CredentialKind[] }>> = {
  route53: { provider: "aws", kinds: ["aws_access_key"] },
  powerdns: { provider: "generic", kinds: ["api_token"] },
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/** Ends a rule with its message (`z.NEVER`: nothing comes out). */
function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/** One of `values`: `invalid <field>: must be one of …` otherwise. */
function oneOf<const T extends readonly string[]>(field: string, values: T) {
  return z.enum(values, { error: MESSAGES.notOneOf.text(field, values) });
}

/** `schema_version`, `scope_version`: an integer of at least 1 (and a safe one). */
function version(field: string) {
  const error = MESSAGES.notPositiveInteger.text(field);
  return z.int({ error }).min(1, { error });
}

/** Optional metadata text (`name`, `account_id`, `region`): a string, trimmed, of at most `max` characters. */
function metadataText(field: string, max: number) {
  const error = MESSAGES.textTooLong.text(field, max);
  return z.string({ error }).trim().max(max, { error });
}

/** The kinds `provider` accepts: `invalid kind for provider <provider>: must be …` otherwise. */
export function kindFor(provider: CredentialProvider) {
  const allowed = KINDS_BY_PROVIDER[provider];
  return z.enum(allowed, { error: MESSAGES.kindNotForProvider.text(provider, allowed) });
}

/** The scope object of a scope_kind: provider → {}, service → {service} (trimmed, lower-cased), resource → {arn} (trimmed). */
export function credentialScope(scopeKind: ScopeKind) {
  return z.unknown().transform((value, ctx): Scope => {
    if (!isPlainObject(value)) return refuse(ctx, MESSAGES.scopeNotObject.text());
    const keys = Object.keys(value);
    switch (scopeKind) {
      case "provider":
        return keys.length > 0 ? refuse(ctx, MESSAGES.scopeNotEmpty.text(scopeKind)) : {};
      case "service": {
        if (keys.some((k) => k !== "service")) return refuse(ctx, MESSAGES.scopeOnlyField.text(scopeKind, "service"));
        const service = value.service;
        if (service === undefined) return refuse(ctx, MESSAGES.scopeFieldRequired.text(scopeKind, "service"));
        if (typeof service !== "string" || !/^[a-z0-9][a-z0-9._-]{0,62}$/.test(service.trim().toLowerCase())) {
          return refuse(ctx, MESSAGES.scopeServiceName.text(scopeKind));
        }
        return { service: service.trim().toLowerCase() };
      }
      case "resource": {
        if (keys.some((k) => k !== "arn")) return refuse(ctx, MESSAGES.scopeOnlyField.text(scopeKind, "arn"));
        const arn = value.arn;
        if (arn === undefined) return refuse(ctx, MESSAGES.scopeFieldRequired.text(scopeKind, "arn"));
        if (typeof arn !== "string" || arn.trim().length === 0 || arn.trim().length > 2048 || /\s/.test(arn.trim())) {
          return refuse(ctx, MESSAGES.scopeArn.text(scopeKind));
        }
        return { arn: arn.trim() };
      }
    }
  });
}

/** The secret object of a kind; its values are kept exactly as sent (never trimmed, never echoed). */
export function credentialSecret(kind: CredentialKind) {
  const shape = SECRET_SHAPES[kind];
  const known: ReadonlySet<string> = new Set([...shape.required, ...shape.optional]);
  return z.unknown().transform((value, ctx): Secret => {
    if (!isPlainObject(value)) return refuse(ctx, MESSAGES.secretNotObject.text());
    const keys = Object.keys(value);
    if (keys.length > SECRET_LIMITS.fields) return refuse(ctx, MESSAGES.secretTooManyFields.text(kind, SECRET_LIMITS.fields));
    if (!shape.extra && keys.some((k) => !known.has(k))) return refuse(ctx, MESSAGES.secretOnlyFields.text(kind, shape.required, shape.optional));
    if (shape.extra && keys.some((k) => !known.has(k) && (!SECRET_LIMITS.fieldName.test(k) || FORBIDDEN_NAMES.has(k)))) {
      return refuse(ctx, MESSAGES.secretFieldNames.text(kind));
    }
    const absent = shape.required.find((f) => value[f] === undefined);
    if (absent !== undefined) return refuse(ctx, MESSAGES.secretFieldRequired.text(kind, absent));
    const secret: Secret = {};
    for (const k of keys) {
      const v = value[k];
      const named = known.has(k) ? k : undefined; // a name of the client's own is never echoed
      if (typeof v !== "string") return refuse(ctx, MESSAGES.secretValueNotString.text(kind, named));
      if (v.length > SECRET_LIMITS.valueLength) return refuse(ctx, MESSAGES.secretValueTooLong.text(kind, named, SECRET_LIMITS.valueLength));
      if (shape.required.includes(k) && v.trim().length === 0) return refuse(ctx, MESSAGES.secretValueEmpty.text(kind, k));
      secret[k] = v;
    }
    return secret;
  });
}

/** The DNS hosting service a scope names (`route53`, `powerdns`), if any. */
export function dnsHostingOf(scopeKind: ScopeKind, scope: Scope): string | undefined {
  if (scopeKind !== "service") return undefined;
  return scope.service !== undefined && Object.hasOwn(DNS_HOSTING, scope.service) ? scope.service : undefined;
}

/**
 * A credential scoped to a DNS hosting service (decisions.md): `route53` takes an aws
 * aws_access_key credential; `powerdns` a generic api_token one whose secret is `{token, api_url,
 * server_id?}`. Without `secret` (an update that keeps the secret already checked) only the
 * provider and kind are.
 */
export const DnsHostingCredential = z
  .custom<{ provider: CredentialProvider; kind: CredentialKind; scope_kind: ScopeKind; scope: Scope; secret?: Secret | undefined }>()
  .superRefine(({ provider, kind, scope_kind, scope, secret }, ctx) => {
    const service = dnsHostingOf(scope_kind, scope);
    if (!service) return;
    const rule = DNS_HOSTING[service]!;
    if (provider !== rule.provider || !rule.kinds.includes(kind)) return refuse(ctx, MESSAGES.credentialNotForService.text(service, rule.provider, rule.kinds));
    if (service !== "powerdns" || !secret) return;
    if (secret.api_url === undefined) return refuse(ctx, MESSAGES.powerdnsApiUrlRequired.text());
    let url: URL | undefined;
    try {
      url = new URL(secret.api_url);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return refuse(ctx, MESSAGES.powerdnsApiUrl.text());
    if (secret.server_id !== undefined && (secret.server_id.trim() === "" || secret.server_id.length > 128)) return refuse(ctx, MESSAGES.powerdnsServerId.text());
  });

/** Thrown by `take` to end a body's checks at its first refusal. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The value `rule` makes of a body's `field`, or the end of the body's checks with the rule's message. */
type Take = <S extends z.ZodType>(field: string, rule: S, value: unknown) => z.output<S>;

/**
 * A body's rules checked one after the other, in the order the API has always answered them: the
 * first refusal is the answer, alone (a zod object would name every refused field at once). A
 * refusal is an issue at its field, so a message that is not one of ours would only ever read
 * `invalid <field>` (describeZodError).
 */
function firstRefusal<T>(ctx: z.RefinementCtx, checks: (take: Take, refused: (message: string) => never) => T): T {
  try {
    return checks(
      (field, rule, value) => {
        const result = rule.safeParse(value);
        if (!result.success) throw new Refusal(result.error.issues[0]?.message ?? "", field);
        return result.data;
      },
      (message) => {
        throw new Refusal(message);
      },
    );
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    ctx.addIssue({ code: "custom", message: err.message, path: err.field === undefined ? [] : [err.field] });
    return z.NEVER;
  }
}

/**
 * Body of POST /credentials (CreateCredentialRequest), and of PATCH (all optional). Each field is
 * taken as it comes and checked by the rules above, in order, so that the messages are exact and
 * the first refusal is the answer. The `meta` is what the OpenAPI document shows.
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

/** The fields a create request must have, in the order `missing fields: …` names them. */
const REQUIRED_ON_CREATE = ["provider", "kind", "schema_version", "scope_kind", "scope_version", "scope", "secret"] as const;

/**
 * POST /credentials: `missing fields: …` (null is missing), then provider, kind, the kind for the
 * provider, schema_version, scope_kind, scope_version, the scope for its scope_kind, the secret for
 * its kind, name, account_id, region, and the DNS hosting rules; the first refusal is the answer.
 */
export const CreateCredentialParams = withAlias(
  z.object(field).meta({ required: ["kind", "schema_version", "scope_kind", "scope_version", "scope", "secret"] }),
  "provider",
  "credential_provider",
).transform((body, ctx) =>
  firstRefusal(ctx, (take, refused) => {
    const missing = REQUIRED_ON_CREATE.filter((f) => body[f] === undefined || body[f] === null);
    if (missing.length > 0) refused(MESSAGES.missingFields.text(missing));
    const provider = take("provider", oneOf("provider", PROVIDERS), body.provider);
    const kind = take("kind", oneOf("kind", KINDS), body.kind);
    take("kind", kindFor(provider), kind);
    const schema_version = take("schema_version", version("schema_version"), body.schema_version);
    const scope_kind = take("scope_kind", oneOf("scope_kind", SCOPE_KINDS), body.scope_kind);
    const scope_version = take("scope_version", version("scope_version"), body.scope_version);
    const scope = take("scope", credentialScope(scope_kind), body.scope);
    const secret = take("secret", credentialSecret(kind), body.secret);
    const name = body.name === undefined ? "" : take("name", metadataText("name", 100), body.name);
    const account_id = body.account_id === undefined ? "" : take("account_id", metadataText("account_id", 32), body.account_id);
    const region = body.region === undefined ? "" : take("region", metadataText("region", 32), body.region);
    const credential = { provider, kind, schema_version, scope_kind, scope_version, scope, secret, name, account_id, region };
    take("scope", DnsHostingCredential, credential);
    return credential;
  }),
);
export type CreateCredentialParams = z.infer<typeof CreateCredentialParams>;

/**
 * Body of PATCH /credentials/{id} (UpdateCredentialRequest, all optional). `provider` and `kind`
 * are immutable: sending a different value is a 400. `secret` rotates the secret. Its fields are
 * checked by the service, after the stored credential is found and its provider and kind are kept
 * (a missing id is 404 and a changed provider or kind `<field> cannot be changed`, whatever else
 * the body holds), by `credentialChanges`.
 */
export const UpdateCredentialParams = withAlias(z.object({ ...field, id: z.uuid({ error: "invalid id" }) }), "provider", "credential_provider");
export type UpdateCredentialParams = z.infer<typeof UpdateCredentialParams>;

/** What a PATCH changes: only the fields it gives, checked. */
export interface CredentialChanges {
  name?: string;
  account_id?: string;
  region?: string;
  schema_version?: number;
  scope_version?: number;
  /** With `scope`, whenever the body gives either. */
  scope_kind?: ScopeKind;
  scope?: Scope;
  secret?: Secret;
}

/**
 * The changes of a PATCH body to the `stored` credential: name, account_id, region,
 * schema_version, scope_version, scope_kind, the scope for the (new or stored) scope_kind (the
 * stored scope when only scope_kind is given), the secret for the stored kind; the first refusal is
 * the answer. The DNS hosting rules come after, with the stored provider and kind.
 */
export function credentialChanges(stored: { kind: CredentialKind; scope_kind: ScopeKind; scope: Scope }) {
  return z.object(field).transform((body, ctx) =>
    firstRefusal(ctx, (take): CredentialChanges => {
      const changes: CredentialChanges = {};
      if (body.name !== undefined) changes.name = take("name", metadataText("name", 100), body.name);
      if (body.account_id !== undefined) changes.account_id = take("account_id", metadataText("account_id", 32), body.account_id);
      if (body.region !== undefined) changes.region = take("region", metadataText("region", 32), body.region);
      if (body.schema_version !== undefined) changes.schema_version = take("schema_version", version("schema_version"), body.schema_version);
      if (body.scope_version !== undefined) changes.scope_version = take("scope_version", version("scope_version"), body.scope_version);
      if (body.scope_kind !== undefined || body.scope !== undefined) {
        const scopeKind = body.scope_kind !== undefined ? take("scope_kind", oneOf("scope_kind", SCOPE_KINDS), body.scope_kind) : stored.scope_kind;
        changes.scope_kind = scopeKind;
        changes.scope = take("scope", credentialScope(scopeKind), body.scope !== undefined ? body.scope : stored.scope);
      }
      if (body.secret !== undefined) changes.secret = take("secret", credentialSecret(stored.kind), body.secret);
      return changes;
    }),
  );
}

/** GET /credentials/{id}, DELETE /credentials/{id}, POST /credentials/{id}/reveal (body `{}`). */
export const CredentialIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** A list filter: absent or blank is not given; else one of `values` once trimmed, `invalid <name>` otherwise. */
function listFilter<const T extends readonly string[]>(name: string, values: T) {
  return z.enum(values, { error: MESSAGES.invalidField.text(name) });
}

/** Absent, or a blank string (an empty query value). */
const notGiven = (v: unknown) => v === undefined || (typeof v === "string" && v.trim() === "");
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/**
 * Query of GET /credentials: optional filters provider (or credential_provider), kind,
 * scope_kind, checked in that order; an unknown value is 400 `invalid <filter>`. The parsed
 * params hold the filters given, and the page.
 */
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
).transform(({ provider, kind, scope_kind, ...page }, ctx) =>
  firstRefusal(ctx, (take) => {
    const filters: { provider?: CredentialProvider; kind?: CredentialKind; scope_kind?: ScopeKind } = {};
    if (!notGiven(provider)) filters.provider = take("provider", listFilter("provider", PROVIDERS), trimmed(provider));
    if (!notGiven(kind)) filters.kind = take("kind", listFilter("kind", KINDS), trimmed(kind));
    if (!notGiven(scope_kind)) filters.scope_kind = take("scope_kind", listFilter("scope_kind", SCOPE_KINDS), trimmed(scope_kind));
    return { ...page, ...filters };
  }),
);
export type ListCredentialsParams = z.infer<typeof ListCredentialsParams>;

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
