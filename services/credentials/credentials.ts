import type { Page } from "../../shared/paging.ts";
import {
  CreateCredentialParams,
  credentialChanges,
  dnsHostingOf,
  DnsHostingCredential,
  type CredentialOut,
  type CredentialSecret,
  type ListCredentialsParams,
  type UpdateCredentialParams,
} from "../../shared/contracts/credentials.ts";
import { isDuplicateKey } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import type { Keyring } from "../../shared/keyring.ts";
import { OrgResources, isoTimes } from "../../shared/resource.ts";
import { parseOrThrow } from "../../shared/validation.ts";
import type { CredentialDoc, CredentialsModels } from "./models.ts";
import { scopeKey, withScopeKey, type Secret } from "./rules.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

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

  /** GET /credentials: the filters the query gives (the contract's ListCredentialsParams), one page. */
  list(orgId: string, { limit, cursor, ...filters }: ListCredentialsParams): Promise<Page<CredentialOut>> {
    return this.resources.list(orgId, filters, { limit, cursor });
  }

  get(orgId: string, id: string): Promise<CredentialOut> {
    return this.resources.get(orgId, id);
  }

  /** A checked create request (CreateCredentialParams): the secret encrypted under the organization's data key, stored. Duplicate scope → 409. */
  async add(caller: ChangeCaller, orgId: string, params: CreateCredentialParams): Promise<CredentialOut> {
    const input = withScopeKey(params);
    const id = newId();
    const secret = await this.keyring.encrypt(orgId, JSON.stringify(input.secret), purposeOf(id));
    const { secret: _plain, ...meta } = input;
    return this.resources.create(caller, orgId, { _id: id, ...meta, secret } as Partial<CredentialDoc>);
  }

  /**
   * PATCH: the stored credential first (404), its provider and kind are immutable (400 when sent
   * different), then the body's changes by the contract's rules (`credentialChanges`: the scope
   * against the new or stored scope_kind, a `secret` against the stored kind), then the DNS-hosting
   * rules with the stored provider and kind. A `secret` rotates: it is re-encrypted and replaces
   * the stored ciphertext.
   */
  async update(caller: ChangeCaller, orgId: string, id: string, body: Omit<UpdateCredentialParams, "id">): Promise<CredentialOut> {
    const doc = await this.resources.getDoc(orgId, id);
    if (body.provider !== undefined && body.provider !== doc.provider) throw MESSAGES.cannotBeChanged.error("provider");
    if (body.kind !== undefined && body.kind !== doc.kind) throw MESSAGES.cannotBeChanged.error("kind");

    const { secret: newSecret, ...changes } = parseOrThrow(credentialChanges(doc), body);
    const set: Partial<CredentialDoc> = { ...changes };
    const scopeKind = changes.scope_kind ?? doc.scope_kind;
    const scope = changes.scope ?? doc.scope;
    const scopeChanged = changes.scope !== undefined;

    if (scopeChanged || newSecret) {
      // the DNS-hosting rules look at the secret: check the stored one when only the scope moves there
      let secretToCheck = newSecret;
      if (!secretToCheck && dnsHostingOf(scopeKind, scope) && !dnsHostingOf(doc.scope_kind, doc.scope)) {
        secretToCheck = await this.decryptSecret(orgId, doc);
      }
      parseOrThrow(DnsHostingCredential, { provider: doc.provider, kind: doc.kind, scope_kind: scopeKind, scope, secret: secretToCheck });
    }
    if (scopeChanged) set.scope_key = scopeKey(doc.provider, scopeKind, scope);
    if (newSecret) set.secret = await this.keyring.encrypt(orgId, JSON.stringify(newSecret), purposeOf(doc._id));

    if (Object.keys(set).length === 0) return toCredentialOut(doc);
    if (set.scope_key && set.scope_key !== doc.scope_key) {
      const taken = await this.models.credentials.exists({ organization_id: orgId, scope_key: set.scope_key, _id: { $ne: doc._id } });
      if (taken) throw MESSAGES.credentialExists.error();
    }
    try {
      return await this.resources.update(caller, orgId, id, { $set: set });
    } catch (err) {
      if (isDuplicateKey(err)) throw MESSAGES.credentialExists.error();
      throw err;
    }
  }

  async remove(caller: ChangeCaller, orgId: string, id: string): Promise<void> {
    await this.resources.remove(caller, orgId, id);
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
