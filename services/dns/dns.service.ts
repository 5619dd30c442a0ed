import { relayEvents } from "../../shared/event-outbox.ts";
import type { DnsSweepResult, Domain, ReconcileOutcome, RecordSet } from "../../shared/contracts/dns.ts";
import { DNS_ACTIONS } from "../../shared/contracts/dns-actions.ts";
import type { Page } from "../../shared/paging.ts";
import { defineService } from "../../shared/service.ts";
import { dnsDeps } from "./deps.ts";
import { createDomain, credentialInUse, deleteDomain, domainsResource, getDomains, listDomains, updateDomain } from "./domains.ts";
import { defineDnsModels } from "./models.ts";
import { deleteFromHost, jobOutcome, purgeOrganization, reconcileDomain, reconcileRecordSet, sweep } from "./reconcile.ts";
import { createRecordSet, deleteRecordSet, getRecordSets, listRecordSets, recordSetsResource, updateRecordSet } from "./record-sets.ts";

/** DNS domains and record sets, and their reconciliation against the DNS hosting services. */
export default defineService({
  name: "dns",

  database: defineDnsModels,
  deps: dnsDeps,

  actions: (action) => ({
    listDomains: action(DNS_ACTIONS.listDomains, (ctx, deps): Promise<Page<Domain>> => listDomains(deps.models, ctx.locals.org.id, ctx.params)),

    createDomain: action(DNS_ACTIONS.createDomain, (ctx, deps): Promise<Domain> => createDomain(deps, ctx, ctx.locals.org.id, ctx.params)),

    getDomain: action(DNS_ACTIONS.getDomain, (ctx, deps): Promise<Domain> => domainsResource(deps.models).get(ctx.locals.org.id, ctx.params.id)),

    updateDomain: action(DNS_ACTIONS.updateDomain, (ctx, deps): Promise<Domain> => {
      const { id, ...body } = ctx.params;
      return updateDomain(deps, ctx, ctx.locals.org.id, id, body);
    }),

    deleteDomain: action(DNS_ACTIONS.deleteDomain, (ctx, deps): Promise<void> => deleteDomain(deps, ctx, ctx.locals.org.id, ctx.params.id)),

    listRecordSets: action(DNS_ACTIONS.listRecordSets, (ctx, deps): Promise<Page<RecordSet>> => listRecordSets(deps.models, ctx.locals.org.id, ctx.params)),

    createRecordSet: action(DNS_ACTIONS.createRecordSet, (ctx, deps): Promise<RecordSet> => {
      const { domain_id, ...body } = ctx.params;
      return createRecordSet(deps, ctx, ctx.locals.org.id, domain_id, body);
    }),

    getRecordSet: action(DNS_ACTIONS.getRecordSet, (ctx, deps): Promise<RecordSet> => recordSetsResource(deps.models).get(ctx.locals.org.id, ctx.params.id)),

    updateRecordSet: action(DNS_ACTIONS.updateRecordSet, (ctx, deps): Promise<RecordSet> => {
      const { id, ...body } = ctx.params;
      return updateRecordSet(deps, ctx, ctx.locals.org.id, id, body);
    }),

    removeRecordSet: action(DNS_ACTIONS.removeRecordSet, (ctx, deps): Promise<void> => deleteRecordSet(deps, ctx, ctx.locals.org.id, ctx.params.id)),

    // a reconcile that leaves its item `failed` for good fails its job (jobOutcome)
    reconcileDomain: action(DNS_ACTIONS.reconcileDomain, async (ctx, deps): Promise<ReconcileOutcome> =>
      jobOutcome(await reconcileDomain(deps, ctx, ctx.params.organization_id, ctx.params.domain_id)),
    ),

    reconcileRecordSet: action(DNS_ACTIONS.reconcileRecordSet, async (ctx, deps): Promise<ReconcileOutcome> =>
      jobOutcome(await reconcileRecordSet(deps, ctx, ctx.params.organization_id, ctx.params.record_set_id)),
    ),

    deleteRecordSet: action(DNS_ACTIONS.deleteRecordSet, (ctx, deps): Promise<ReconcileOutcome> => deleteFromHost(deps, ctx, ctx.params.organization_id, ctx.params.record_set_id)),

    sweep: action(DNS_ACTIONS.sweep, (ctx, deps): Promise<DnsSweepResult> => sweep(deps, ctx, ctx.params.stuck_after_ms)),

    relayEvents: action(DNS_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),

    purgeOrganization: action(DNS_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps.models, ctx.params.organization_id)),

    getDomains: action(DNS_ACTIONS.getDomains, (ctx, deps): Promise<Domain[]> => getDomains(deps.models, ctx.params.organization_id, ctx.params.ids)),

    getRecordSets: action(DNS_ACTIONS.getRecordSets, (ctx, deps): Promise<RecordSet[]> => getRecordSets(deps.models, ctx.params.organization_id, ctx.params.ids)),

    credentialInUse: action(DNS_ACTIONS.credentialInUse, (ctx, deps) => credentialInUse(deps.models, ctx.params.organization_id, ctx.params.credential_id)),
  }),
});
