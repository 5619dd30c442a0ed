import type { Logger } from "moleculer";
import { call } from "../../shared/call.ts";
import { config } from "../../shared/config.ts";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import type { ReferencedKind } from "../../shared/contracts/clusters.ts";
import { CREDENTIALS_ACTIONS } from "../../shared/contracts/credentials-actions.ts";
import type { CredentialOut, CredentialSecret } from "../../shared/contracts/credentials.ts";
import type { JobType } from "../../shared/contracts/jobs.ts";
import { jobsClient } from "../../shared/jobs-client.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import type { DnsModels } from "./models.ts";

/** What the dns logic needs, built once when the service starts; clients call in the name of their `caller`. */
export interface DnsDeps {
  models: DnsModels;
  /** Endpoint of Route53 for credentials that do not name one (DNS_ROUTE53_ENDPOINT). */
  route53Endpoint?: string;
  /** DNS_ROUTE53_SYNC_WAIT_MS: how long a change may stay PENDING before the reconcile is retried. */
  route53SyncWaitMs?: number;
  /** DNS_ALLOW_PRIVATE_ENDPOINTS: tenant-supplied provider URLs may point inside our network. */
  allowPrivateEndpoints?: boolean;
  logger: Logger;
  /** `credentials.lookup`: metadata of a credential of the organization, or null. */
  lookupCredential(caller: Caller, organizationId: string, id: string): Promise<CredentialOut | null>;
  /** `credentials.secretFor`: the decrypted credential, or null. */
  secretFor(caller: Caller, organizationId: string, id: string): Promise<CredentialSecret | null>;
  /** `clusters.referencesTo`: the clusters referencing the resource (503 when the clusters service is down). */
  referencesTo(caller: Caller, organizationId: string, kind: ReferencedKind, id: string): Promise<{ id: string; name: string }[]>;
  /** `jobs.enqueue` with a dedupe key; never fails the caller (the sweep catches what is lost). */
  enqueue(caller: Caller, type: JobType, payload: Record<string, unknown>, dedupeKey: string): Promise<void>;
}

export function dnsDeps({ db, logger }: ServiceRuntime<DnsModels>): DnsDeps {
  const cfg = config();
  return {
    models: db.models,
    logger,
    route53Endpoint: cfg.DNS_ROUTE53_ENDPOINT,
    route53SyncWaitMs: cfg.DNS_ROUTE53_SYNC_WAIT_MS,
    allowPrivateEndpoints: cfg.DNS_ALLOW_PRIVATE_ENDPOINTS,
    lookupCredential: (caller, organization_id, id) => call(caller, CREDENTIALS_ACTIONS.lookup, { organization_id, id }),
    secretFor: (caller, organization_id, id) => call(caller, CREDENTIALS_ACTIONS.secretFor, { organization_id, id, purpose: "dns reconcile" }),
    // never deletes blindly: without the clusters service the delete answers 503 (DependencyOutageMiddleware)
    async referencesTo(caller, organization_id, kind, id) {
      return (await call(caller, CLUSTERS_ACTIONS.referencesTo, { organization_id, kind, id })).clusters;
    },
    enqueue: (caller, type, payload, dedupe_key) => jobsClient.enqueueOrLeaveToSweep(caller, logger, { type, payload, dedupe_key }),
  };
}

/**
 * Reconcile jobs are deduplicated per item *and revision*: enqueueing the same revision again
 * (the sweep) returns the job already waiting, while a change made while a job is finishing gets
 * a job of its own instead of being folded into one that already read the old state. Runs of one
 * item never overlap: the reconcile holds a lease (`claimOnce`) per item.
 */
export function reconcileDomainJob(deps: DnsDeps, caller: Caller, organizationId: string, domainId: string, revision: string): Promise<void> {
  return deps.enqueue(caller, "dns.reconcileDomain", { organization_id: organizationId, domain_id: domainId }, `dns.reconcileDomain:${domainId}:${revision}`);
}

export function reconcileRecordSetJob(deps: DnsDeps, caller: Caller, organizationId: string, recordSetId: string, revision: string): Promise<void> {
  return deps.enqueue(caller, "dns.reconcileRecordSet", { organization_id: organizationId, record_set_id: recordSetId }, `dns.reconcileRecordSet:${recordSetId}:${revision}`);
}

export function deleteRecordSetJob(deps: DnsDeps, caller: Caller, organizationId: string, recordSetId: string): Promise<void> {
  return deps.enqueue(caller, "dns.deleteRecordSet", { organization_id: organizationId, record_set_id: recordSetId }, `dns.deleteRecordSet:${recordSetId}`);
}
