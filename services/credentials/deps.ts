import type { Logger } from "moleculer";
import { call } from "../../shared/call.ts";
import { DNS_ACTIONS } from "../../shared/contracts/dns-actions.ts";
import type { CredentialInUse } from "../../shared/contracts/dns.ts";
import { DeletionMarks } from "../../shared/deletion-marks.ts";
import { apiError } from "../../shared/errors.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import { CredentialStore } from "./credentials.ts";
import type { CredentialsModels } from "./models.ts";

/** What the credentials logic needs, built once when the service starts. */
export interface CredentialsDeps {
  models: CredentialsModels;
  keyring: Keyring;
  store: CredentialStore;
  marks: DeletionMarks<"credential">;
  logger: Logger;
  /** `dns.credentialInUse`; 503 when the dns service cannot answer (a delete never guesses). */
  credentialInUse(caller: Caller, organizationId: string, credentialId: string): Promise<CredentialInUse>;
}

export async function credentialsDeps({ db, logger }: ServiceRuntime<CredentialsModels>): Promise<CredentialsDeps> {
  const keyring = new Keyring(db);
  await keyring.start();
  return {
    models: db.models,
    keyring,
    store: new CredentialStore(db.models, keyring),
    marks: new DeletionMarks<"credential">(db.models.marks),
    logger,
    async credentialInUse(caller, organization_id, credential_id) {
      try {
        return await call(caller, DNS_ACTIONS.credentialInUse, { organization_id, credential_id });
      } catch (err) {
        logger.warn("credential delete refused: dns.credentialInUse did not answer", { credential_id, error: err });
        throw apiError("service_unavailable", undefined, { service: "dns" });
      }
    },
  };
}
