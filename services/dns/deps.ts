import type { Logger } from "moleculer";
import type { ReferencedKind } from "../../shared/contracts/clusters.ts";
import type { CredentialOut, CredentialSecret } from "../../shared/contracts/credentials.ts";
import type { JobType } from "../../shared/contracts/jobs.ts";
import type { DnsModels } from "./models.ts";

/** What the dns logic needs from the outside world; the service wires it to other services' actions. */
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
  lookupCredential(organizationId: string, id: string): Promise<CredentialOut | null>;
  /** `credentials.secretFor`: the decrypted credential, or null. */
  secretFor(organizationId: string, id: string): Promise<CredentialSecret | null>;
  /** `clusters.referencesTo`: the clusters referencing the resource (503 when the clusters service is down). */
  referencesTo(organizationId: string, kind: ReferencedKind, id: string): Promise<{ id: string; name: string }[]>;
  /** `jobs.enqueue` with a dedupe key; never fails the caller (the sweep catches what is lost). */
  enqueue(type: JobType, payload: Record<string, unknown>, dedupeKey: string): Promise<void>;
}

/**
 * Reconcile jobs are deduplicated per item *and revision*: enqueueing the same revision again
 * (the sweep) returns the job already waiting, while a change made while a job is finishing gets
 * a job of its own instead of being folded into one that already read the old state. Runs of one
 * item never overlap: the reconcile holds a lease (`claimOnce`) per item.
 */
export function reconcileDomainJob(deps: DnsDeps, organizationId: string, domainId: string, revision: string): Promise<void> {
  return deps.enqueue("dns.reconcileDomain", { organization_id: organizationId, domain_id: domainId }, `dns.reconcileDomain:${domainId}:${revision}`);
}

export function reconcileRecordSetJob(deps: DnsDeps, organizationId: string, recordSetId: string, revision: string): Promise<void> {
  return deps.enqueue(
    "dns.reconcileRecordSet",
    { organization_id: organizationId, record_set_id: recordSetId },
    `dns.reconcileRecordSet:${recordSetId}:${revision}`,
  );
}

export function deleteRecordSetJob(deps: DnsDeps, organizationId: string, recordSetId: string): Promise<void> {
  return deps.enqueue("dns.deleteRecordSet", { organization_id: organizationId, record_set_id: recordSetId }, `dns.deleteRecordSet:${recordSetId}`);
}

