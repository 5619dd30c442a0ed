import { pageOf } from "../paging.ts";
import { action, ORG_ROUTE, orgCollectionRoutes } from "./action.ts";
import {
  CreateDomainParams,
  CreateRecordSetParams,
  CredentialInUse,
  CredentialInUseParams,
  DeleteRecordSetParams,
  DnsBatchGetParams,
  DnsPurgeResult,
  DnsSweepParams,
  DnsSweepResult,
  Domain,
  DomainIdParams,
  ListDomainsParams,
  ListRecordSetsParams,
  ReconcileDomainParams,
  ReconcileOutcome,
  ReconcileRecordSetParams,
  RecordSet,
  RecordSetIdParams,
  UpdateDomainParams,
  UpdateRecordSetParams,
} from "./dns.ts";
import { PurgeOrganizationParams } from "./jobs.ts";

const domains = orgCollectionRoutes("/dns/domains");
const domainId = ["domain_id"] as const;
const recordSetId = ["id"] as const;

/** The actions of the dns service: domains and record sets ([org] routes), and the reconcile jobs. */
export const DNS_ACTIONS = {
  listDomains: action({
    name: "dns.listDomains",
    visibility: "published",
    description: "The organization's domains (filters domain_name, status, q).",
    input: ListDomainsParams,
    output: pageOf(Domain),
    http: domains.list,
  }),
  createDomain: action({
    name: "dns.createDomain",
    visibility: "published",
    description: "Add a domain hosted by a DNS-hosting credential; reconciled asynchronously.",
    input: CreateDomainParams,
    output: Domain,
    http: domains.create,
  }),
  getDomain: action({ name: "dns.getDomain", visibility: "published", description: "One domain.", input: DomainIdParams, output: Domain, http: domains.get }),
  updateDomain: action({
    name: "dns.updateDomain",
    visibility: "published",
    description: "Change credential, name, zone id or status.",
    input: UpdateDomainParams,
    output: Domain,
    http: domains.update,
  }),
  deleteDomain: action({
    name: "dns.deleteDomain",
    visibility: "published",
    description: "Remove the domain and its record sets (409 while a cluster uses them).",
    input: DomainIdParams,
    http: domains.remove,
  }),
  listRecordSets: action({
    name: "dns.listRecordSets",
    visibility: "published",
    description: "The domain's record sets (filters name, type, status).",
    input: ListRecordSetsParams,
    output: pageOf(RecordSet),
    http: { method: "GET", path: "/dns/domains/:domain_id/records", ...ORG_ROUTE, uuidParams: domainId, paged: true },
  }),
  createRecordSet: action({
    name: "dns.createRecordSet",
    visibility: "published",
    description: "Add a record set (status pending; upserted by the worker).",
    input: CreateRecordSetParams,
    output: RecordSet,
    http: { method: "POST", path: "/dns/domains/:domain_id/records", ...ORG_ROUTE, status: 201, uuidParams: domainId, location: "/dns/records/:id" },
  }),
  updateRecordSet: action({
    name: "dns.updateRecordSet",
    visibility: "published",
    description: "Change a record set; any change sets it back to pending.",
    input: UpdateRecordSetParams,
    output: RecordSet,
    http: { method: "PATCH", path: "/dns/records/:id", ...ORG_ROUTE, uuidParams: recordSetId },
  }),
  removeRecordSet: action({
    name: "dns.removeRecordSet",
    visibility: "published",
    description: "Remove a record set; the worker removes it from the DNS host when we own it.",
    input: RecordSetIdParams,
    http: { method: "DELETE", path: "/dns/records/:id", ...ORG_ROUTE, status: 204, uuidParams: recordSetId },
  }),

  reconcileDomain: action({
    name: "dns.reconcileDomain",
    visibility: "public",
    description: "Job dns.reconcileDomain: find/check the hosted zone, then ready or failed.",
    input: ReconcileDomainParams,
    output: ReconcileOutcome,
  }),
  reconcileRecordSet: action({
    name: "dns.reconcileRecordSet",
    visibility: "public",
    description: "Job dns.reconcileRecordSet: upsert the record set and its ownership marker to the DNS host.",
    input: ReconcileRecordSetParams,
    output: ReconcileOutcome,
  }),
  deleteRecordSet: action({
    name: "dns.deleteRecordSet",
    visibility: "public",
    description: "Job dns.deleteRecordSet: remove a deleted record set from the DNS host when we own it.",
    input: DeleteRecordSetParams,
    output: ReconcileOutcome,
  }),
  sweep: action({
    name: "dns.sweep",
    visibility: "public",
    description: "Job dns.sweep (periodic): re-enqueue pending, retryable failed and stuck items.",
    input: DnsSweepParams,
    output: DnsSweepResult,
  }),
  purgeOrganization: action({
    name: "dns.purgeOrganization",
    visibility: "public",
    description: "Job dns.purgeOrganization: remove the organization's domains and record sets (idempotent).",
    input: PurgeOrganizationParams,
    output: DnsPurgeResult,
  }),
  getDomains: action({
    name: "dns.getDomains",
    visibility: "public",
    description: "Domains by id within an organization (missing ids are absent).",
    input: DnsBatchGetParams,
    idempotent: true,
  }),
  getRecordSets: action({
    name: "dns.getRecordSets",
    visibility: "public",
    description: "Record sets by id within an organization (missing ids are absent).",
    input: DnsBatchGetParams,
    idempotent: true,
  }),
  credentialInUse: action({
    name: "dns.credentialInUse",
    visibility: "public",
    description: "Whether a credential is used by a domain (asked before the credential is deleted).",
    input: CredentialInUseParams,
    output: CredentialInUse,
    idempotent: true,
  }),
} as const;
