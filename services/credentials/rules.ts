import { sha256Hex } from "../../shared/crypto.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Kind, Provider, ScopeKind } from "./models.ts";

/**
 * The validation table of decisions.md "Credentials" (and the DNS-hosting credential rules).
 * Every message is lower-case and complete and never contains a secret value (not even a field
 * name taken from the secret object).
 */

export const PROVIDERS: readonly Provider[] = ["aws", "cloudflare", "hetzner", "digitalocean", "generic"];
export const KINDS: readonly Kind[] = ["aws_access_key", "api_token", "basic_auth", "oauth2"];
export const SCOPE_KINDS: readonly ScopeKind[] = ["provider", "service", "resource"];

/** Which kinds each provider accepts. */
export const KINDS_BY_PROVIDER: Record<Provider, readonly Kind[]> = {
  aws: ["aws_access_key"],
  cloudflare: ["api_token"],
  hetzner: ["api_token"],
  digitalocean: ["api_token"],
  generic: ["api_token", "basic_auth", "oauth2"],
};

interface SecretShape {
  required: readonly string[];
  optional: readonly string[];
  /** Further string fields allowed (api_token: `{token, ...}`). */
  extra: boolean;
}

const SECRET_SHAPES: Record<Kind, SecretShape> = {
  aws_access_key: { required: ["access_key_id", "secret_access_key"], optional: ["region"], extra: false },
  api_token: { required: ["token"], optional: [], extra: true },
  basic_auth: { required: ["username", "password"], optional: [], extra: false },
  oauth2: { required: ["client_id", "client_secret", "refresh_token"], optional: [], extra: false },
};

/** Limits of a secret object (decisions taken here; the contract is silent). */
export const SECRET_LIMITS = { fields: 32, valueLength: 16_384, fieldName: /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/ };

/** Names that would touch an object's prototype. */
const FORBIDDEN_NAMES = new Set(["__proto__", "constructor", "prototype"]);

/** DNS hosting services a domain's credential may name, and what they require of it. */
const DNS_HOSTING: Record<string, { provider: Provider; kinds: readonly Kind[] }> = {
  route53: { provider: "aws", kinds: ["aws_access_key"] },
  powerdns: { provider: "generic", kinds: ["api_token"] },
};

export type Scope = Record<string, string>;
export type Secret = Record<string, string>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw MESSAGES.notOneOf.error(field, allowed);
  }
  return value as T;
}

export function parseProvider(value: unknown): Provider {
  return oneOf("provider", value, PROVIDERS);
}

export function parseKind(value: unknown): Kind {
  return oneOf("kind", value, KINDS);
}

export function parseScopeKind(value: unknown): ScopeKind {
  return oneOf("scope_kind", value, SCOPE_KINDS);
}

export function parseVersion(field: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw MESSAGES.notPositiveInteger.error(field);
  }
  return value;
}

/** Optional metadata text: trimmed, at most `max` characters. */
export function parseText(field: string, value: unknown, max: number): string {
  if (typeof value !== "string" || value.trim().length > max) {
    throw MESSAGES.textTooLong.error(field, max);
  }
  return value.trim();
}

export function checkProviderKind(provider: Provider, kind: Kind): void {
  const allowed = KINDS_BY_PROVIDER[provider];
  if (!allowed.includes(kind)) {
    throw MESSAGES.kindNotForProvider.error(provider, allowed);
  }
}

/** The scope object for its scope_kind: provider → {}, service → {service}, resource → {arn}. */
export function parseScope(scopeKind: ScopeKind, value: unknown): Scope {
  if (!isPlainObject(value)) throw MESSAGES.scopeNotObject.error();
  const keys = Object.keys(value);
  switch (scopeKind) {
    case "provider":
      if (keys.length > 0) throw MESSAGES.scopeNotEmpty.error(scopeKind);
      return {};
    case "service": {
      if (keys.some((k) => k !== "service")) throw MESSAGES.scopeOnlyField.error(scopeKind, "service");
      const service = value.service;
      if (service === undefined) throw MESSAGES.scopeFieldRequired.error(scopeKind, "service");
      if (typeof service !== "string" || !/^[a-z0-9][a-z0-9._-]{0,62}$/.test(service.trim().toLowerCase())) {
        throw MESSAGES.scopeServiceName.error(scopeKind);
      }
      return { service: service.trim().toLowerCase() };
    }
    case "resource": {
      if (keys.some((k) => k !== "arn")) throw MESSAGES.scopeOnlyField.error(scopeKind, "arn");
      const arn = value.arn;
      if (arn === undefined) throw MESSAGES.scopeFieldRequired.error(scopeKind, "arn");
      if (typeof arn !== "string" || arn.trim().length === 0 || arn.trim().length > 2048 || /\s/.test(arn.trim())) {
        throw MESSAGES.scopeArn.error(scopeKind);
      }
      return { arn: arn.trim() };
    }
  }
}

/** The secret object for its kind; values are kept exactly as sent (never trimmed, never echoed). */
export function parseSecret(kind: Kind, value: unknown): Secret {
  if (!isPlainObject(value)) throw MESSAGES.secretNotObject.error();
  const shape = SECRET_SHAPES[kind];
  const keys = Object.keys(value);
  if (keys.length > SECRET_LIMITS.fields) throw MESSAGES.secretTooManyFields.error(kind, SECRET_LIMITS.fields);
  const known = new Set([...shape.required, ...shape.optional]);
  if (!shape.extra && keys.some((k) => !known.has(k))) {
    throw MESSAGES.secretOnlyFields.error(kind, shape.required, shape.optional);
  }
  if (shape.extra && keys.some((k) => !known.has(k) && (!SECRET_LIMITS.fieldName.test(k) || FORBIDDEN_NAMES.has(k)))) {
    throw MESSAGES.secretFieldNames.error(kind);
  }
  for (const f of shape.required) {
    if (value[f] === undefined) throw MESSAGES.secretFieldRequired.error(kind, f);
  }
  const out: Secret = {};
  for (const k of keys) {
    const v = value[k];
    const named = known.has(k) ? k : undefined; // a name of the client's own is never echoed
    if (typeof v !== "string") throw MESSAGES.secretValueNotString.error(kind, named);
    if (v.length > SECRET_LIMITS.valueLength) throw MESSAGES.secretValueTooLong.error(kind, named, SECRET_LIMITS.valueLength);
    if (shape.required.includes(k) && v.trim().length === 0) throw MESSAGES.secretValueEmpty.error(kind, k);
    out[k] = v;
  }
  return out;
}

/** The DNS hosting service a scope names (`route53`, `powerdns`), if any. */
export function dnsHostingOf(scopeKind: ScopeKind, scope: Scope): string | undefined {
  if (scopeKind !== "service") return undefined;
  return scope.service !== undefined && Object.hasOwn(DNS_HOSTING, scope.service) ? scope.service : undefined;
}

/**
 * decisions.md: `route53` takes an aws credential; `powerdns` a generic api_token credential
 * whose secret is `{token, api_url, server_id?}`. `secret` may be omitted when unchanged and
 * already checked.
 */
export function checkDnsHosting(provider: Provider, kind: Kind, scopeKind: ScopeKind, scope: Scope, secret?: Secret): void {
  const service = dnsHostingOf(scopeKind, scope);
  if (!service) return;
  const rule = DNS_HOSTING[service]!;
  if (provider !== rule.provider || !rule.kinds.includes(kind)) {
    throw MESSAGES.credentialNotForService.error(service, rule.provider, rule.kinds);
  }
  if (service === "powerdns" && secret) {
    const url = secret.api_url;
    if (url === undefined) throw MESSAGES.powerdnsApiUrlRequired.error();
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.username || parsed.password) {
      throw MESSAGES.powerdnsApiUrl.error();
    }
    if (secret.server_id !== undefined && (secret.server_id.trim() === "" || secret.server_id.length > 128)) {
      throw MESSAGES.powerdnsServerId.error();
    }
  }
}

/** Canonical (provider, scope_kind, scope), hashed: the value of the unique index. */
export function scopeKey(provider: Provider, scopeKind: ScopeKind, scope: Scope): string {
  const canonical = JSON.stringify([
    provider,
    scopeKind,
    Object.keys(scope)
      .sort()
      .map((k) => [k, scope[k]]),
  ]);
  return sha256Hex(canonical);
}

/** The fields of a create request that are required, in the contract's order. */
const REQUIRED_ON_CREATE = ["provider", "kind", "schema_version", "scope_kind", "scope_version", "scope", "secret"] as const;

export interface CredentialInput {
  provider: Provider;
  kind: Kind;
  schema_version: number;
  scope_kind: ScopeKind;
  scope_version: number;
  scope: Scope;
  scope_key: string;
  secret: Secret;
  name: string;
  account_id: string;
  region: string;
}

/** Validates a CreateCredentialRequest (all checks, first failure reported). */
export function parseCreate(raw: Record<string, unknown>): CredentialInput {
  const missing = REQUIRED_ON_CREATE.filter((f) => raw[f] === undefined || raw[f] === null);
  if (missing.length > 0) throw MESSAGES.missingFields.error(missing);
  const provider = parseProvider(raw.provider);
  const kind = parseKind(raw.kind);
  checkProviderKind(provider, kind);
  const schema_version = parseVersion("schema_version", raw.schema_version);
  const scope_kind = parseScopeKind(raw.scope_kind);
  const scope_version = parseVersion("scope_version", raw.scope_version);
  const scope = parseScope(scope_kind, raw.scope);
  const secret = parseSecret(kind, raw.secret);
  const name = raw.name === undefined ? "" : parseText("name", raw.name, 100);
  const account_id = raw.account_id === undefined ? "" : parseText("account_id", raw.account_id, 32);
  const region = raw.region === undefined ? "" : parseText("region", raw.region, 32);
  checkDnsHosting(provider, kind, scope_kind, scope, secret);
  return { provider, kind, schema_version, scope_kind, scope_version, scope, scope_key: scopeKey(provider, scope_kind, scope), secret, name, account_id, region };
}
