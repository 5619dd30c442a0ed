import type { Page, PageRequest } from "../../shared/paging.ts";
import type { CredentialOut, CredentialSecret } from "../../shared/contracts/credentials.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import type { Keyring } from "../../shared/keyring.ts";
import { OrgResources, isoTimes } from "../../shared/resource.ts";
import type { CredentialDoc, CredentialsModels, Kind, Provider, ScopeKind } from "./models.ts";
import {
  checkDnsHosting,
  dnsHostingOf,
  parseCreate,
  parseKind,
  parseProvider,
  parseScope,
  parseScopeKind,
  parseSecret,
  parseText,
  parseVersion,
  scopeKey,
  type Secret,
} from "./rules.ts";

export function toCredentialOut(d: CredentialDoc): CredentialOut {
  return {
    id: d._id,
    name: d.name ?? "",
    provider: d.provider,
    credential_provider: d.provider,
    kind: d.kind,
    account_id: d.account_id ?? "",
    region: d.region ?? "",
    scope_kind: d.scope_kind,
    scope: { ...(d.scope ?? {}) },
    scope_version: d.scope_version,
    schema_version: d.schema_version,
    ...isoTimes(d),
  };
}

/** The keyring purpose of a credential's secret: binds the ciphertext to this credential. */
function purposeOf(id: string): string {
  return `credential:${id}:secret`;
}

export interface ListFilters {
  provider?: Provider;
  kind?: Kind;
  scope_kind?: ScopeKind;
}

/** GET /credentials query: each filter optional (empty = not given); an unknown value is 400 `invalid <filter>`. */
export function parseListFilters(raw: Record<string, unknown>): ListFilters {
  const out: ListFilters = {};
  const given = (v: unknown) => v !== undefined && !(typeof v === "string" && v.trim() === "");
  const pick = <T>(name: string, v: unknown, parse: (x: unknown) => T): T => {
    try {
      return parse(typeof v === "string" ? v.trim() : v);
    } catch {
      throw MESSAGES.invalidField.error(name);
    }
  };
  if (given(raw.provider)) out.provider = pick("provider", raw.provider, parseProvider);
  if (given(raw.kind)) out.kind = pick("kind", raw.kind, parseKind);
  if (given(raw.scope_kind)) out.scope_kind = pick("scope_kind", raw.scope_kind, parseScopeKind);
  return out;
}

/** Credentials of organizations: metadata in the clear, the secret encrypted by the keyring. */
export class CredentialStore {
  readonly resources: OrgResources<CredentialDoc, CredentialOut>;

  constructor(
    private readonly models: CredentialsModels,
    private readonly keyring: Keyring,
  ) {
    this.resources = new OrgResources({
      kind: "credential",
      model: models.credentials,
      events: { outbox: models.eventOutbox, resourceType: "credential" },
      toResponse: toCredentialOut,
      conflict: () => MESSAGES.credentialExists.error(),
    });
  }

  list(orgId: string, filters: ListFilters, page: PageRequest): Promise<Page<CredentialOut>> {
    return this.resources.list(orgId, { ...filters }, page);
  }

  get(orgId: string, id: string): Promise<CredentialOut> {
    return this.resources.get(orgId, id);
  }

  /** Validates, encrypts the secret under the organization's data key, stores. Duplicate scope → 409. */
  async create(orgId: string, raw: Record<string, unknown>): Promise<CredentialOut> {
    const input = parseCreate(raw);
    const id = newId();
    const secret = await this.keyring.encrypt(orgId, JSON.stringify(input.secret), purposeOf(id));
    const { secret: _plain, ...meta } = input;
    return this.resources.create(orgId, { _id: id, ...meta, secret } as Partial<CredentialDoc>);
  }

  /**
   * PATCH: provider and kind are immutable (400 when sent different); the scope is re-validated
   * against the (new or stored) scope_kind; a `secret` rotates: it is re-encrypted and replaces
   * the stored ciphertext.
   */
  async update(orgId: string, id: string, raw: Record<string, unknown>): Promise<CredentialOut> {
    const doc = await this.resources.getDoc(orgId, id);
    if (raw.provider !== undefined && raw.provider !== doc.provider) throw MESSAGES.cannotBeChanged.error("provider");
    if (raw.kind !== undefined && raw.kind !== doc.kind) throw MESSAGES.cannotBeChanged.error("kind");

    const set: Partial<CredentialDoc> = {};
    if (raw.name !== undefined) set.name = parseText("name", raw.name, 100);
    if (raw.account_id !== undefined) set.account_id = parseText("account_id", raw.account_id, 32);
    if (raw.region !== undefined) set.region = parseText("region", raw.region, 32);
    if (raw.schema_version !== undefined) set.schema_version = parseVersion("schema_version", raw.schema_version);
    if (raw.scope_version !== undefined) set.scope_version = parseVersion("scope_version", raw.scope_version);

    const scopeKind = raw.scope_kind !== undefined ? parseScopeKind(raw.scope_kind) : doc.scope_kind;
    const scopeChanged = raw.scope_kind !== undefined || raw.scope !== undefined;
    const scope = scopeChanged ? parseScope(scopeKind, raw.scope !== undefined ? raw.scope : doc.scope) : doc.scope;
    const newSecret: Secret | undefined = raw.secret !== undefined ? parseSecret(doc.kind, raw.secret) : undefined;

    if (scopeChanged || newSecret) {
      // the DNS-hosting rules look at the secret: check the stored one when only the scope moves there
      let secretToCheck = newSecret;
      if (!secretToCheck && dnsHostingOf(scopeKind, scope) && !dnsHostingOf(doc.scope_kind, doc.scope)) {
        secretToCheck = await this.decryptSecret(orgId, doc);
      }
      checkDnsHosting(doc.provider, doc.kind, scopeKind, scope, secretToCheck);
    }
    if (scopeChanged) {
      set.scope_kind = scopeKind;
      set.scope = scope;
      set.scope_key = scopeKey(doc.provider, scopeKind, scope);
    }
    if (newSecret) set.secret = await this.keyring.encrypt(orgId, JSON.stringify(newSecret), purposeOf(doc._id));

    if (Object.keys(set).length === 0) return toCredentialOut(doc);
    if (set.scope_key && set.scope_key !== doc.scope_key) {
      const taken = await this.models.credentials.exists({ organization_id: orgId, scope_key: set.scope_key, _id: { $ne: doc._id } });
      if (taken) throw MESSAGES.credentialExists.error();
    }
    try {
      return await this.resources.update(orgId, id, { $set: set });
    } catch (err) {
      if (isDuplicateKey(err)) throw MESSAGES.credentialExists.error();
      throw err;
    }
  }

  async remove(orgId: string, id: string): Promise<void> {
    await this.resources.remove(orgId, id);
  }

  /** The document of a credential in the organization; 404 for missing and foreign ids alike. */
  getDoc(orgId: string, id: string): Promise<CredentialDoc> {
    return this.resources.getDoc(orgId, id);
  }

  /** Metadata for another service validating a reference, or null. */
  async lookup(orgId: string, id: string): Promise<CredentialOut | null> {
    const doc = await this.resources.findDoc(orgId, id);
    return doc ? toCredentialOut(doc) : null;
  }

  /** The decrypted secret of a credential document. */
  async decryptSecret(orgId: string, doc: CredentialDoc): Promise<Secret> {
    const plain = await this.keyring.decrypt(orgId, doc.secret, purposeOf(doc._id));
    return JSON.parse(plain.toString("utf8")) as Secret;
  }

  /** The decrypted secret with the metadata a consuming service needs. */
  async secretOf(orgId: string, doc: CredentialDoc): Promise<CredentialSecret> {
    return {
      id: doc._id,
      provider: doc.provider,
      kind: doc.kind,
      scope_kind: doc.scope_kind,
      scope: { ...(doc.scope ?? {}) },
      secret: await this.decryptSecret(orgId, doc),
    };
  }

  /** Removes every credential of the organization and crypto-shreds its data keys. Idempotent. */
  async purge(orgId: string): Promise<{ credentials: number; data_keys: number }> {
    // shred first: whatever happens next, the secrets are unreadable from here on
    const data_keys = await this.keyring.purge(orgId);
    const credentials = await this.resources.purge(orgId);
    return { credentials, data_keys };
  }
}
