import type { Logger } from "moleculer";
import { config } from "../../shared/config.ts";
import { References, type ReferencedKind } from "../../shared/contracts/clusters.ts";
import { CredentialOut, CredentialSecret } from "../../shared/contracts/credentials.ts";
import type { JobType } from "../../shared/contracts/jobs.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import type { DnsModels } from "./models.ts";

/** A request never waits long for the queue: a lost enqueue is caught by the sweep. */
const ENQUEUE_TIMEOUT_MS = 3_000;

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
    async lookupCredential(caller, organization_id, id) {
      const out = await caller.call("credentials.lookup", { organization_id, id });
      return out ? CredentialOut.parse(out) : null;
    },
    async secretFor(caller, organization_id, id) {
      const out = await caller.call("credentials.secretFor", { organization_id, id, purpose: "dns reconcile" });
      return out ? CredentialSecret.parse(out) : null;
    },
    // never deletes blindly: without the clusters service the delete answers 503 (DependencyOutageMiddleware)
    async referencesTo(caller, organization_id, kind, id) {
      return References.parse(await caller.call("clusters.referencesTo", { organization_id, kind, id })).clusters;
    },
    async enqueue(caller, type, payload, dedupe_key) {
      try {
        await caller.call("jobs.enqueue", { type, payload, dedupe_key }, { timeout: ENQUEUE_TIMEOUT_MS });
      } catch (err) {
        logger.warn("dns: could not enqueue a job; the sweep will pick the item up", { type, dedupe_key, error: (err as Error).name });
      }
    },
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
