import { eventOutboxModel } from "../../shared/event-outbox.ts";
import { Schema, type Connection } from "mongoose";
import { docSchema, emptyStrings, requiredStrings } from "../../shared/db.ts";
import { deletionMarksModel } from "../../shared/deletion-marks.ts";
import { encryptedValueSchema, type EncryptedValue } from "../../shared/keyring.ts";
import { orgSchema, type OrgDoc } from "../../shared/resource.ts";

export type Provider = "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
export type Kind = "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
export type ScopeKind = "provider" | "service" | "resource";

export interface CredentialDoc extends OrgDoc {
  name: string;
  provider: Provider;
  kind: Kind;
  account_id: string;
  region: string;
  scope_kind: ScopeKind;
  scope: Record<string, string>;
  /**
   * sha256 of the canonical (provider, scope_kind, scope): always present, so the unique index
   * {organization_id, scope_key} works on FerretDB too.
   */
  scope_key: string;
  scope_version: number;
  schema_version: number;
  /** The secret (JSON) encrypted by the keyring under the organization's data key. */
  secret: EncryptedValue;
}

/** Who decrypted a secret, which credential, when. Never the secret. */
export interface AuditEventDoc {
  _id: string;
  organization_id: string;
  action: "credential.reveal" | "credential.secret_for";
  credential_id: string;
  actor: { kind: "user"; user_id: string; via: string } | { kind: "org_key"; key_id: string } | { kind: "service"; caller: string };
  /** What a service said it needs the secret for (`credentials.secretFor`); "" for reveals. */
  purpose: string;
  request_id: string;
  client_ip: string;
  at: Date;
}

export function defineCredentialsModels(conn: Connection) {
  const credentials = orgSchema<CredentialDoc>({
    ...emptyStrings("name", "account_id", "region"),
    ...requiredStrings("provider", "kind", "scope_kind", "scope_key"),
    scope: { type: Schema.Types.Mixed, default: {} },
    scope_version: { type: Number, required: true },
    schema_version: { type: Number, required: true },
    secret: { type: encryptedValueSchema, required: true },
  });
  credentials.set("minimize", false); // keep `scope: {}`
  credentials.index({ organization_id: 1, scope_key: 1 }, { unique: true });

  const auditEvents = docSchema<AuditEventDoc>(
    "uuid",
    {
      ...requiredStrings("organization_id", "action", "credential_id"),
      actor: { type: Schema.Types.Mixed, required: true },
      ...emptyStrings("purpose", "request_id", "client_ip"),
      at: { type: Date, required: true },
    },
    { minimize: false },
  );
  auditEvents.index({ organization_id: 1, _id: -1 });

  return {
    credentials: conn.model<CredentialDoc>("credentials", credentials, "credentials"),
    auditEvents: conn.model<AuditEventDoc>("audit_events", auditEvents, "audit_events"),
    /** DELETEs of credentials deciding whether a domain uses them. */
    marks: deletionMarksModel(conn),
    /** Events of changes not yet delivered to the audit log (shared/event-outbox.ts). */
    eventOutbox: eventOutboxModel(conn),
  };
}

export type CredentialsModels = ReturnType<typeof defineCredentialsModels>;
