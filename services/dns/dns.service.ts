import type { Context, Logger, ServiceSchema } from "moleculer";
import { References, type ReferencedKind } from "../../shared/contracts/clusters.ts";
import { CredentialOut, CredentialSecret } from "../../shared/contracts/credentials.ts";
import { type DnsSweepResult, Domain, type ReconcileOutcome, RecordSet } from "../../shared/contracts/dns.ts";
import type { JobType } from "../../shared/contracts/jobs.ts";
import type { RequestMeta } from "../../shared/context.ts";
import { config } from "../../shared/config.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { unavailableAs503 } from "../../shared/errors.ts";
import type { Page } from "../../shared/paging.ts";
import { DNS_ACTIONS } from "../../shared/contracts/dns-actions.ts";
import { defineAction } from "../../shared/validation.ts";
import type { DnsDeps } from "./deps.ts";
import { createDomain, credentialInUse, deleteDomain, domainsResource, getDomains, listDomains, updateDomain } from "./domains.ts";
import { defineDnsModels } from "./models.ts";
import { deleteFromHost, purgeOrganization, reconcileDomain, reconcileRecordSet, sweep } from "./reconcile.ts";
import { createRecordSet, deleteRecordSet, getRecordSets, listRecordSets, updateRecordSet } from "./record-sets.ts";

const ENQUEUE_TIMEOUT_MS = 3_000;

/** DNS domains and record sets, and their reconciliation against the DNS hosting services. */
export default function createDnsService(): ServiceSchema {
  const cfg = config();
  const db = new ServiceDatabase("dns", defineDnsModels);
  let logger: Logger;

  /** Wires the dns logic to the other services, calling them in `ctx`'s name. */
  function depsOf(ctx: Context<unknown, RequestMeta>): DnsDeps {
    return {
      models: db.models,
      logger,
      route53Endpoint: cfg.DNS_ROUTE53_ENDPOINT,
      route53SyncWaitMs: cfg.DNS_ROUTE53_SYNC_WAIT_MS,
      allowPrivateEndpoints: cfg.DNS_ALLOW_PRIVATE_ENDPOINTS,
      async lookupCredential(organization_id, id) {
        const out = await ctx.call("credentials.lookup", { organization_id, id });
        return out ? CredentialOut.parse(out) : null;
      },
      async secretFor(organization_id, id) {
        const out = await ctx.call("credentials.secretFor", { organization_id, id, purpose: "dns reconcile" });
        return out ? CredentialSecret.parse(out) : null;
      },
      async referencesTo(organization_id, kind: ReferencedKind, id) {
        try {
          return References.parse(await ctx.call("clusters.referencesTo", { organization_id, kind, id })).clusters;
        } catch (err) {
          // never delete blindly: without the clusters service we cannot tell whether it is in use
          throw unavailableAs503(err);
        }
      },
      async enqueue(type: JobType, payload, dedupe_key) {
        try {
          await ctx.call("jobs.enqueue", { type, payload, dedupe_key }, { timeout: ENQUEUE_TIMEOUT_MS });
        } catch (err) {
          logger.warn("dns: could not enqueue a job; the sweep will pick the item up", { type, dedupe_key, error: (err as Error).name });
        }
      },
    };
  }

  return {
    name: "dns",

    actions: {
      listDomains: defineAction(DNS_ACTIONS.listDomains, (ctx): Promise<Page<Domain>> => listDomains(db.models, ctx.locals.org.id, ctx.params)),

      createDomain: defineAction(DNS_ACTIONS.createDomain, (ctx): Promise<Domain> => {
        return createDomain(depsOf(ctx), ctx.locals.org.id, ctx.params);
      }),

      getDomain: defineAction(DNS_ACTIONS.getDomain, (ctx): Promise<Domain> => domainsResource(db.models).get(ctx.locals.org.id, ctx.params.id)),

      updateDomain: defineAction(DNS_ACTIONS.updateDomain, (ctx): Promise<Domain> => {
        const { id, ...body } = ctx.params;
        return updateDomain(depsOf(ctx), ctx.locals.org.id, id, body);
      }),

      deleteDomain: defineAction(DNS_ACTIONS.deleteDomain, async (ctx): Promise<void> => {
        await deleteDomain(depsOf(ctx), ctx.locals.org.id, ctx.params.id);
      }),

      listRecordSets: defineAction(DNS_ACTIONS.listRecordSets, (ctx): Promise<Page<RecordSet>> => listRecordSets(db.models, ctx.locals.org.id, ctx.params)),

      createRecordSet: defineAction(DNS_ACTIONS.createRecordSet, (ctx): Promise<RecordSet> => {
        const { domain_id, ...body } = ctx.params;
        return createRecordSet(depsOf(ctx), ctx.locals.org.id, domain_id, body);
      }),

      updateRecordSet: defineAction(DNS_ACTIONS.updateRecordSet, (ctx): Promise<RecordSet> => {
        const { id, ...body } = ctx.params;
        return updateRecordSet(depsOf(ctx), ctx.locals.org.id, id, body);
      }),

      removeRecordSet: defineAction(DNS_ACTIONS.removeRecordSet, async (ctx): Promise<void> => {
        await deleteRecordSet(depsOf(ctx), ctx.locals.org.id, ctx.params.id);
      }),

      reconcileDomain: defineAction(DNS_ACTIONS.reconcileDomain, (ctx): Promise<ReconcileOutcome> => {
        return reconcileDomain(depsOf(ctx), ctx.params.organization_id, ctx.params.domain_id);
      }),

      reconcileRecordSet: defineAction(DNS_ACTIONS.reconcileRecordSet, (ctx): Promise<ReconcileOutcome> => {
        return reconcileRecordSet(depsOf(ctx), ctx.params.organization_id, ctx.params.record_set_id);
      }),

      deleteRecordSet: defineAction(DNS_ACTIONS.deleteRecordSet, (ctx): Promise<ReconcileOutcome> => {
        return deleteFromHost(depsOf(ctx), ctx.params.organization_id, ctx.params.record_set_id);
      }),

      sweep: defineAction(DNS_ACTIONS.sweep, (ctx): Promise<DnsSweepResult> => {
        return sweep(depsOf(ctx), ctx.params.stuck_after_ms);
      }),

      purgeOrganization: defineAction(DNS_ACTIONS.purgeOrganization, (ctx) => purgeOrganization(db.models, ctx.params.organization_id)),

      getDomains: defineAction(DNS_ACTIONS.getDomains, (ctx): Promise<Domain[]> => getDomains(db.models, ctx.params.organization_id, ctx.params.ids)),

      getRecordSets: defineAction(DNS_ACTIONS.getRecordSets, (ctx): Promise<RecordSet[]> => getRecordSets(db.models, ctx.params.organization_id, ctx.params.ids)),

      credentialInUse: defineAction(DNS_ACTIONS.credentialInUse, (ctx) => credentialInUse(db.models, ctx.params.organization_id, ctx.params.credential_id)),
    },

    async started() {
      logger = this.logger;
      await db.open();
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
