import type { CredentialSecret } from "../../shared/contracts/credentials.ts";
import { recordEvent, type ChangeCaller } from "../../shared/event-outbox.ts";
import { recordDecryption, type AuditSource } from "./audit.ts";
import type { Secret } from "./rules.ts";
import type { CredentialsDeps } from "./deps.ts";

/** The secret of a credential, for its organization's user; the decryption is audited first. */
export async function revealSecret(deps: CredentialsDeps, caller: ChangeCaller, source: AuditSource, orgId: string, id: string): Promise<Secret> {
  const doc = await deps.store.getDoc(orgId, id);
  const secret = await deps.store.decryptSecret(orgId, doc);
  await recordDecryption(deps.models, deps.logger, source, { organization_id: orgId, credential_id: doc._id, action: "credential.reveal" });
  await recordEvent(caller, deps.models.eventOutbox, {
    organization_id: orgId,
    type: "credential.revealed",
    resource_type: "credential",
    resource_id: doc._id,
    check: { collection: deps.models.credentials.collection.collectionName, id: doc._id, expect: "present" },
  });
  return secret;
}

/** The secret with its metadata, for another service (`purpose` says why); null for an unknown id. */
export async function secretForService(deps: CredentialsDeps, source: AuditSource, orgId: string, id: string, purpose: string): Promise<CredentialSecret | null> {
  const doc = await deps.store.resources.findDoc(orgId, id);
  if (!doc) return null;
  const secret = await deps.store.secretOf(orgId, doc);
  await recordDecryption(deps.models, deps.logger, source, { organization_id: orgId, credential_id: doc._id, action: "credential.secret_for", purpose });
  return secret;
}
