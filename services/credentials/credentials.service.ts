import type { Context, Logger, ServiceSchema } from "moleculer";
import { z } from "zod";
import { requireOrg, type RequestMeta } from "../../shared/context.ts";
import {
  CreateCredentialParams,
  CredentialIdParams,
  CredentialLookupParams,
  CredentialOut,
  CredentialSecret,
  ListCredentialsParams,
  RevealedSecret,
  SecretForParams,
  UpdateCredentialParams,
  type CredentialsPurgeResult,
  type RewrapKeysResult,
} from "../../shared/contracts/credentials.ts";
import { CredentialInUse } from "../../shared/contracts/dns.ts";
import { PurgeOrganizationParams } from "../../shared/contracts/jobs.ts";
import { DeletionMarks } from "../../shared/deletion-marks.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { apiError } from "../../shared/errors.ts";
import { Keyring } from "../../shared/keyring.ts";
import { pageOf } from "../../shared/paging.ts";
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
      list: defineAction({
        visibility: "published",
        description: "GET /credentials: the organization's credentials (metadata), newest first; filters provider, kind, scope_kind.",
        input: ListCredentialsParams,
        output: pageOf(CredentialOut),
        handler: (ctx) => store.list(requireOrg(ctx).id, parseListFilters(ctx.params), ctx.params),
      }),

      create: defineAction({
        visibility: "published",
        description: "POST /credentials: validate, encrypt the secret, store; duplicate (provider, scope_kind, scope) is 409.",
        input: CreateCredentialParams,
        output: CredentialOut,
        handler: (ctx) => store.create(requireOrg(ctx).id, ctx.params),
      }),

      get: defineAction({
        visibility: "published",
        description: "GET /credentials/{id}: one credential (metadata only).",
        input: CredentialIdParams,
        output: CredentialOut,
        handler: (ctx) => store.get(requireOrg(ctx).id, ctx.params.id),
      }),

      update: defineAction({
        visibility: "published",
        description: "PATCH /credentials/{id}: metadata and scope; `secret` rotates the secret; provider and kind are immutable.",
        input: UpdateCredentialParams,
        output: CredentialOut,
        handler: (ctx) => {
          const { id, ...body } = ctx.params;
          return store.update(requireOrg(ctx).id, id, body);
        },
      }),

      remove: defineAction({
        visibility: "published",
        description: "DELETE /credentials/{id}: 409 while a domain uses it; 503 when the dns service cannot tell.",
        input: CredentialIdParams,
        async handler(ctx): Promise<null> {
          const orgId = requireOrg(ctx).id;
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
        },
      }),

      reveal: defineAction({
        visibility: "published",
        description: "POST /credentials/{id}/reveal: the decrypted secret as a JSON object; audited.",
        input: CredentialIdParams,
        output: RevealedSecret,
        async handler(ctx) {
          const orgId = requireOrg(ctx).id;
          const doc = await store.getDoc(orgId, ctx.params.id);
          const secret = await store.decryptSecret(orgId, doc);
          await recordDecryption(db.models, logger, ctx, { organization_id: orgId, credential_id: doc._id, action: "credential.reveal" });
          return secret;
        },
      }),

      lookup: defineAction({

        idempotent: true,
        visibility: "public",
        description: "Metadata of a credential of the organization, or null (other services validate references); null too while a DELETE decides about it.",
        input: CredentialLookupParams,
        async handler(ctx): Promise<CredentialOut | null> {
          const { organization_id, id } = ctx.params;
          // mark first, document second (see shared/deletion-marks.ts)
          if ((await marks().marked("credential", [id])).has(id)) return null;
          return store.lookup(organization_id, id);
        },
      }),

      secretFor: defineAction({
        visibility: "public",
        description: "The decrypted secret for another service's own use (never routed over HTTP), or null; audited with purpose.",
        input: SecretForParams,
        async handler(ctx): Promise<CredentialSecret | null> {
          const { organization_id, id, purpose } = ctx.params;
          const doc = await store.resources.findDoc(organization_id, id);
          if (!doc) return null;
          const secret = await store.secretOf(organization_id, doc);
          await recordDecryption(db.models, logger, ctx, { organization_id, credential_id: doc._id, action: "credential.secret_for", purpose });
          return secret;
        },
      }),

      purgeOrganization: defineAction({
        visibility: "public",
        description: "Organization deletion (a job): removes its credentials and audit events and crypto-shreds its data keys. Idempotent.",
        input: PurgeOrganizationParams,
        async handler(ctx): Promise<CredentialsPurgeResult> {
          const orgId = ctx.params.organization_id;
          const { credentials, data_keys } = await store.purge(orgId);
          const audit = await db.models.auditEvents.deleteMany({ organization_id: orgId });
          await db.models.marks.deleteMany({ organization_id: orgId });
          return { credentials, data_keys, audit_events: audit.deletedCount };
        },
      }),

      rewrapKeys: defineAction({
        visibility: "public",
        description: "Master-key rotation: re-wraps this service's data keys under the current MASTER_KEY (operators).",
        input: z.object({}),
        handler: (): Promise<RewrapKeysResult> => keyring.rewrap(),
      }),
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
