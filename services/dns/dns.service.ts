import { z } from "zod";
import type { Context, Logger, ServiceSchema } from "moleculer";
import { References, type ReferencedKind } from "../../shared/contracts/clusters.ts";
import { CredentialOut, CredentialSecret } from "../../shared/contracts/credentials.ts";
import {
  CreateDomainParams,
  CreateRecordSetParams,
  CredentialInUseParams,
  DeleteRecordSetParams,
  DnsBatchGetParams,
  DnsSweepParams,
  type DnsSweepResult,
  Domain,
  DomainIdParams,
  ListDomainsParams,
  ListRecordSetsParams,
  ReconcileDomainParams,
  type ReconcileOutcome,
  ReconcileRecordSetParams,
  RecordSet,
  RecordSetIdParams,
  UpdateDomainParams,
  UpdateRecordSetParams,
} from "../../shared/contracts/dns.ts";
import { PurgeOrganizationParams, type JobType } from "../../shared/contracts/jobs.ts";
import { requireOrg, type RequestMeta } from "../../shared/context.ts";
import { config } from "../../shared/config.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { unavailableAs503 } from "../../shared/errors.ts";
import { pageOf, type Page } from "../../shared/paging.ts";
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
      listDomains: defineAction({
        output: pageOf(Domain),
        visibility: "published",
        description: "GET /dns/domains: the organization's domains (filters domain_name, status, q).",
        input: ListDomainsParams,
        handler: (ctx): Promise<Page<Domain>> => listDomains(db.models, requireOrg(ctx).id, ctx.params),
      }),

      createDomain: defineAction({

        output: Domain,
        visibility: "published",
        description: "POST /dns/domains: add a domain hosted by a DNS-hosting credential; reconciled asynchronously.",
        input: CreateDomainParams,
        handler(ctx): Promise<Domain> {
          return createDomain(depsOf(ctx), requireOrg(ctx).id, ctx.params);
        },
      }),

      getDomain: defineAction({

        output: Domain,
        visibility: "published",
        description: "GET /dns/domains/{id}: one domain.",
        input: DomainIdParams,
        handler: (ctx): Promise<Domain> => domainsResource(db.models).get(requireOrg(ctx).id, ctx.params.id),
      }),

      updateDomain: defineAction({

        output: Domain,
        visibility: "published",
        description: "PATCH /dns/domains/{id}: change credential, name, zone id or status.",
        input: UpdateDomainParams,
        handler(ctx): Promise<Domain> {
          const { id, ...body } = ctx.params;
          return updateDomain(depsOf(ctx), requireOrg(ctx).id, id, body);
        },
      }),

      deleteDomain: defineAction({
        visibility: "published",
        description: "DELETE /dns/domains/{id}: remove the domain and its record sets (409 while a cluster uses them).",
        input: DomainIdParams,
        async handler(ctx): Promise<void> {
          await deleteDomain(depsOf(ctx), requireOrg(ctx).id, ctx.params.id);
        },
      }),

      listRecordSets: defineAction({

        output: pageOf(RecordSet),
        visibility: "published",
        description: "GET /dns/domains/{domain_id}/records: the domain's record sets (filters name, type, status).",
        input: ListRecordSetsParams,
        handler: (ctx): Promise<Page<RecordSet>> => listRecordSets(db.models, requireOrg(ctx).id, ctx.params),
      }),

      createRecordSet: defineAction({

        output: RecordSet,
        visibility: "published",
        description: "POST /dns/domains/{domain_id}/records: add a record set (status pending; upserted by the worker).",
        input: CreateRecordSetParams,
        handler(ctx): Promise<RecordSet> {
          const { domain_id, ...body } = ctx.params;
          return createRecordSet(depsOf(ctx), requireOrg(ctx).id, domain_id, body);
        },
      }),

      updateRecordSet: defineAction({

        output: RecordSet,
        visibility: "published",
        description: "PATCH /dns/records/{id}: change a record set; any change sets it back to pending.",
        input: UpdateRecordSetParams,
        handler(ctx): Promise<RecordSet> {
          const { id, ...body } = ctx.params;
          return updateRecordSet(depsOf(ctx), requireOrg(ctx).id, id, body);
        },
      }),

      removeRecordSet: defineAction({
        visibility: "published",
        description: "DELETE /dns/records/{id}: remove a record set; the worker removes it from the DNS host when we own it.",
        input: RecordSetIdParams,
        async handler(ctx): Promise<void> {
          await deleteRecordSet(depsOf(ctx), requireOrg(ctx).id, ctx.params.id);
        },
      }),

      reconcileDomain: defineAction({
        visibility: "public",
        description: "Job dns.reconcileDomain: find/check the hosted zone, then ready or failed.",
        input: ReconcileDomainParams,
        handler(ctx): Promise<ReconcileOutcome> {
          return reconcileDomain(depsOf(ctx), ctx.params.organization_id, ctx.params.domain_id);
        },
      }),

      reconcileRecordSet: defineAction({
        visibility: "public",
        description: "Job dns.reconcileRecordSet: upsert the record set and its ownership marker to the DNS host.",
        input: ReconcileRecordSetParams,
        handler(ctx): Promise<ReconcileOutcome> {
          return reconcileRecordSet(depsOf(ctx), ctx.params.organization_id, ctx.params.record_set_id);
        },
      }),

      deleteRecordSet: defineAction({
        visibility: "public",
        description: "Job dns.deleteRecordSet: remove a deleted record set from the DNS host when we own it.",
        input: DeleteRecordSetParams,
        handler(ctx): Promise<ReconcileOutcome> {
          return deleteFromHost(depsOf(ctx), ctx.params.organization_id, ctx.params.record_set_id);
        },
      }),

      sweep: defineAction({
        visibility: "public",
        description: "Job dns.sweep (periodic): re-enqueue pending, retryable failed and stuck items.",
        input: DnsSweepParams,
        handler(ctx): Promise<DnsSweepResult> {
          return sweep(depsOf(ctx), ctx.params.stuck_after_ms);
        },
      }),

      purgeOrganization: defineAction({
        visibility: "public",
        description: "Job dns.purgeOrganization: remove the organization's domains and record sets (idempotent).",
        input: PurgeOrganizationParams,
        handler: (ctx) => purgeOrganization(db.models, ctx.params.organization_id),
      }),

      getDomains: defineAction({

        idempotent: true,
        visibility: "public",
        description: "Domains by id within an organization (missing ids are absent).",
        input: DnsBatchGetParams,
        handler: (ctx): Promise<Domain[]> => getDomains(db.models, ctx.params.organization_id, ctx.params.ids),
      }),

      getRecordSets: defineAction({

        idempotent: true,
        visibility: "public",
        description: "Record sets by id within an organization (missing ids are absent).",
        input: DnsBatchGetParams,
        handler: (ctx): Promise<RecordSet[]> => getRecordSets(db.models, ctx.params.organization_id, ctx.params.ids),
      }),

      credentialInUse: defineAction({

        idempotent: true,
        visibility: "public",
        description: "Whether a credential is used by a domain (asked before the credential is deleted).",
        input: CredentialInUseParams,
        handler: (ctx) => credentialInUse(db.models, ctx.params.organization_id, ctx.params.credential_id),
      }),
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
