import { deleteMatching } from "../../shared/db.ts";
import type { CredentialOut, CredentialsPurgeResult } from "../../shared/contracts/credentials.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Caller } from "../../shared/service.ts";
import type { CredentialsDeps } from "./deps.ts";

/** Deletes a credential no domain uses (409 while one does, 503 while the dns service cannot tell). */
export async function removeCredential(deps: CredentialsDeps, caller: Caller, orgId: string, id: string): Promise<void> {
  const doc = await deps.store.getDoc(orgId, id);
  // marked while deciding: a domain created on it meanwhile looks it up again (lookup hides it),
  // finds nothing and undoes
  await deps.marks.deleteMarked(
    orgId,
    [{ kind: "credential", id: doc._id }],
    async () => {
      const usage = await deps.credentialInUse(caller, orgId, doc._id);
      if (usage.in_use) throw MESSAGES.credentialInUse.error();
    },
    () => deps.store.remove(caller, orgId, doc._id),
  );
}

/** Metadata of a credential for another service validating a reference; null while a delete decides about it. */
export async function lookupCredential(deps: CredentialsDeps, orgId: string, id: string): Promise<CredentialOut | null> {
  // mark first, document second (see shared/deletion-marks.ts)
  if ((await deps.marks.marked("credential", [id])).has(id)) return null;
  return deps.store.lookup(orgId, id);
}

/** Everything of a deleted organization: credentials, data keys (crypto-shredded), audit events, marks. */
export async function purgeOrganization(deps: CredentialsDeps, orgId: string): Promise<CredentialsPurgeResult> {
  const { credentials, data_keys } = await deps.store.purge(orgId);
  const audit = await deleteMatching(deps.models.auditEvents, { organization_id: orgId });
  await deleteMatching(deps.models.marks, { organization_id: orgId });
  await deleteMatching(deps.models.eventOutbox, { organization_id: orgId });
  return { credentials, data_keys, audit_events: audit };
}
