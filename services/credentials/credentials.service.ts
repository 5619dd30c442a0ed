import type { Context, Logger, ServiceSchema } from "moleculer";
import { z } from "zod";
import type { RequestMeta } from "../../shared/context.ts";
import { CredentialOut, CredentialSecret, type CredentialsPurgeResult, type RewrapKeysResult } from "../../shared/contracts/credentials.ts";
import { CredentialInUse } from "../../shared/contracts/dns.ts";
import { DeletionMarks } from "../../shared/deletion-marks.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { apiError } from "../../shared/errors.ts";
import { Keyring } from "../../shared/keyring.ts";
import { CREDENTIALS_ACTIONS } from "../../shared/contracts/credentials-actions.ts";
import { defineAction } from "../../shared/validation.ts";
import { recordDecryption } from "./audit.ts";
import { CredentialStore, parseListFilters } from "./credentials.ts";
import { defineCredentialsModels } from "./models.ts";

/** Cloud/DNS provider credentials of organizations; secrets encrypted per organization by the keyring. */
export default function createCredentialsService(): ServiceSchema {
  const db = new ServiceDatabase("credentials", defineCredentialsModels);
  const keyring = new Keyring(db);
  let store: CredentialStore;
  let logger: Logger;
  const marks = () => new DeletionMarks<"credential">(db.models.marks);

  /** Asks the dns service whether a domain uses the credential; never guesses when it cannot answer. */
  async function credentialUsage(ctx: Context<unknown, RequestMeta>, orgId: string, credentialId: string): Promise<z.infer<typeof CredentialInUse>> {
    try {
      return CredentialInUse.parse(await ctx.call("dns.credentialInUse", { organization_id: orgId, credential_id: credentialId }));
    } catch (err) {
      logger.warn("credential delete refused: dns.credentialInUse did not answer", { credential_id: credentialId, error: err });
      throw apiError("service_unavailable");
    }
  }

  return {
    name: "credentials",

    actions: {
      list: defineAction(CREDENTIALS_ACTIONS.list, (ctx) => store.list(ctx.locals.org.id, parseListFilters(ctx.params), ctx.params)),

      create: defineAction(CREDENTIALS_ACTIONS.create, (ctx) => store.create(ctx.locals.org.id, ctx.params)),

      get: defineAction(CREDENTIALS_ACTIONS.get, (ctx) => store.get(ctx.locals.org.id, ctx.params.id)),

      update: defineAction(CREDENTIALS_ACTIONS.update, (ctx) => {
        const { id, ...body } = ctx.params;
        return store.update(ctx.locals.org.id, id, body);
      }),

      remove: defineAction(CREDENTIALS_ACTIONS.remove, async (ctx): Promise<null> => {
        const orgId = ctx.locals.org.id;
        const doc = await store.getDoc(orgId, ctx.params.id);
        // marked while deciding: a domain created on it meanwhile looks it up again (lookup
        // hides it), finds nothing and undoes
        await marks().deleteMarked(
          orgId,
          [{ kind: "credential", id: doc._id }],
          async () => {
            const usage = await credentialUsage(ctx, orgId, doc._id);
            if (usage.in_use) throw apiError("conflict", "credential is used by a domain");
          },
          () => store.remove(orgId, doc._id),
        );
        return null;
      }),

      reveal: defineAction(CREDENTIALS_ACTIONS.reveal, async (ctx) => {
        const orgId = ctx.locals.org.id;
        const doc = await store.getDoc(orgId, ctx.params.id);
        const secret = await store.decryptSecret(orgId, doc);
        await recordDecryption(db.models, logger, ctx, { organization_id: orgId, credential_id: doc._id, action: "credential.reveal" });
        return secret;
      }),

      lookup: defineAction(CREDENTIALS_ACTIONS.lookup, async (ctx): Promise<CredentialOut | null> => {
        const { organization_id, id } = ctx.params;
        // mark first, document second (see shared/deletion-marks.ts)
        if ((await marks().marked("credential", [id])).has(id)) return null;
        return store.lookup(organization_id, id);
      }),

      secretFor: defineAction(CREDENTIALS_ACTIONS.secretFor, async (ctx): Promise<CredentialSecret | null> => {
        const { organization_id, id, purpose } = ctx.params;
        const doc = await store.resources.findDoc(organization_id, id);
        if (!doc) return null;
        const secret = await store.secretOf(organization_id, doc);
        await recordDecryption(db.models, logger, ctx, { organization_id, credential_id: doc._id, action: "credential.secret_for", purpose });
        return secret;
      }),

      purgeOrganization: defineAction(CREDENTIALS_ACTIONS.purgeOrganization, async (ctx): Promise<CredentialsPurgeResult> => {
        const orgId = ctx.params.organization_id;
        const { credentials, data_keys } = await store.purge(orgId);
        const audit = await db.models.auditEvents.deleteMany({ organization_id: orgId });
        await db.models.marks.deleteMany({ organization_id: orgId });
        return { credentials, data_keys, audit_events: audit.deletedCount };
      }),

      rewrapKeys: defineAction(CREDENTIALS_ACTIONS.rewrapKeys, (): Promise<RewrapKeysResult> => keyring.rewrap()),
    },

    async started() {
      logger = this.logger;
      await db.open();
      await keyring.start();
      store = new CredentialStore(db.models, keyring);
      this.logger.info(`keyring ready: master key ${keyring.masterKeyId} from ${keyring.masterSource}`);
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
