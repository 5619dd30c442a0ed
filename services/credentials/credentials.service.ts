import { relayEvents } from "../../shared/event-outbox.ts";
import { CREDENTIALS_ACTIONS } from "../../shared/contracts/credentials-actions.ts";
import type { RewrapKeysResult } from "../../shared/contracts/credentials.ts";
import { defineService } from "../../shared/service.ts";
import { auditSourceOf } from "./audit.ts";
import { credentialsDeps } from "./deps.ts";
import { defineCredentialsModels } from "./models.ts";
import { lookupCredential, purgeOrganization, removeCredential } from "./removal.ts";
import { revealSecret, secretForService } from "./secrets.ts";

/** Cloud/DNS provider credentials of organizations; secrets encrypted per organization by the keyring. */
export default defineService({
  name: "credentials",

  database: defineCredentialsModels,
  deps: credentialsDeps,

  actions: (action) => ({
    list: action(CREDENTIALS_ACTIONS.list, (ctx, deps) => deps.store.list(ctx.locals.org.id, ctx.params)),

    create: action(CREDENTIALS_ACTIONS.create, (ctx, deps) => deps.store.add(ctx, ctx.locals.org.id, ctx.params)),

    get: action(CREDENTIALS_ACTIONS.get, (ctx, deps) => deps.store.get(ctx.locals.org.id, ctx.params.id)),

    update: action(CREDENTIALS_ACTIONS.update, (ctx, deps) => {
      const { id, ...body } = ctx.params;
      return deps.store.update(ctx, ctx.locals.org.id, id, body);
    }),

    remove: action(CREDENTIALS_ACTIONS.remove, async (ctx, deps): Promise<null> => {
      await removeCredential(deps, ctx, ctx.locals.org.id, ctx.params.id);
      return null;
    }),

    reveal: action(CREDENTIALS_ACTIONS.reveal, (ctx, deps) => revealSecret(deps, ctx, auditSourceOf(ctx), ctx.locals.org.id, ctx.params.id)),

    lookup: action(CREDENTIALS_ACTIONS.lookup, (ctx, deps) => lookupCredential(deps, ctx.params.organization_id, ctx.params.id)),

    secretFor: action(CREDENTIALS_ACTIONS.secretFor, (ctx, deps) => secretForService(deps, auditSourceOf(ctx), ctx.params.organization_id, ctx.params.id, ctx.params.purpose)),

    relayEvents: action(CREDENTIALS_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),

    purgeOrganization: action(CREDENTIALS_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps, ctx.params.organization_id)),

    rewrapKeys: action(CREDENTIALS_ACTIONS.rewrapKeys, (_ctx, deps): Promise<RewrapKeysResult> => deps.keyring.rewrap()),
  }),

  started(deps) {
    deps.logger.info(`keyring ready: master key ${deps.keyring.masterKeyId} from ${deps.keyring.masterSource}`);
  },
});
