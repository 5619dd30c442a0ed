import type { Model, QueryFilter } from "mongoose";
import { setFields, setStatus } from "./status-events.ts";
import { claimOnce, deleteMatching } from "../../shared/db.ts";
import { jobFailedForGood } from "../../shared/errors.ts";
import type { DnsSweepResult, ReconcileOutcome } from "../../shared/contracts/dns.ts";
import { deleteRecordSetJob, reconcileDomainJob, reconcileRecordSetJob, type DnsDeps } from "./deps.ts";
import type { Caller } from "../../shared/service.ts";
import type { DnsModels, DomainDoc, RecordSetDoc } from "./models.ts";
import { scheduleDeletion } from "./record-sets.ts";
import { contentOf, fingerprintOf, fqdnOf, markerName, markerValue, quoteTxt } from "./names.ts";
import { ProviderError, providerFor, type DnsProvider } from "./providers/index.ts";
import { txtText, type HostChange } from "./providers/types.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

const LEASE_MS = 120_000;
/** A record set or domain left `provisioning` longer than this is picked up again by the sweep. */
export const STUCK_AFTER_MS = 10 * 60_000;
const SWEEP_BATCH = 1000;

/** A failure the queue should retry: short, secret-free message. */
export class RetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RetryableError";
  }
}

/**
 * What a reconcile job answers: the outcome, unless the item is now `failed` for good (the DNS
 * host refused; retrying cannot help until the item changes): then the job fails with the
 * item's `last_error`, at once, so the admin jobs list shows it under `status=failed`. The item
 * itself is `failed` either way; retryable failures throw RetryableError before this.
 */
export function jobOutcome(outcome: ReconcileOutcome): ReconcileOutcome {
  if (outcome.status === "failed") throw jobFailedForGood(outcome.last_error || "reconcile failed");
  return outcome;
}

/**
 * Runs `fn` while holding the lease `key` (a unique insert, exclusive on FerretDB too). An
 * expired lease (its holder died) is taken over. While another reconcile holds it, the job is
 * retried later (RetryableError `<what> reconcile already running`).
 */
async function withLease<T>(models: DnsModels, key: string, what: string, fn: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const expires_at = new Date(now + LEASE_MS);
  let held = await claimOnce(models.leases, key, { expires_at });
  if (!held) {
    await models.leases.deleteOne({ _id: key, expires_at: { $lt: new Date(now) } });
    held = await claimOnce(models.leases, key, { expires_at });
  }
  if (!held) throw new RetryableError(`${what} reconcile already running`);
  try {
    return await fn();
  } finally {
    await models.leases.deleteOne({ _id: key, expires_at });
  }
}

/** Reconciles the item `load` finds, under the lease `key`; an item that is gone, or ready already, is skipped. */
function reconcileUnderLease<D extends { status: string }>(
  models: DnsModels,
  key: string,
  what: string,
  load: () => Promise<D | null>,
  reconcile: (item: D) => Promise<ReconcileOutcome>,
): Promise<ReconcileOutcome> {
  return withLease(models, key, what, async () => {
    const item = await load();
    if (!item) return { status: "skipped" };
    if (item.status === "ready") return { status: "skipped" };
    return reconcile(item);
  });
}

async function providerOf(deps: DnsDeps, caller: Caller, orgId: string, credentialId: string): Promise<DnsProvider> {
  const cred = await deps.secretFor(caller, orgId, credentialId);
  if (!cred) throw new ProviderError("credential not found", false);
  return providerFor(cred, { route53Endpoint: deps.route53Endpoint, route53SyncWaitMs: deps.route53SyncWaitMs, allowPrivateEndpoints: deps.allowPrivateEndpoints });
}

function shortMessage(err: unknown, deps?: DnsDeps): { message: string; retryable: boolean } {
  if (err instanceof ProviderError) return { message: err.message, retryable: err.retryable };
  // unexpected: the operator sees the details in the log, the item and the queue a short message
  deps?.logger.error("dns: reconcile failed unexpectedly", { error: (err as Error | null)?.message ?? String(err), name: (err as Error | null)?.name });
  // services we call (credentials) unavailable, timeouts: transient; never pass internal text on
  const name = (err as { name?: string } | null)?.name ?? "";
  if (/ServiceNotFound|ServiceNotAvailable|RequestTimeout|BrokerDisconnected|QueueIsFull/.test(name)) return { message: "credentials service unavailable", retryable: true };
  return { message: "internal error", retryable: true };
}

/** Finds the hosted zone of the domain and records it (zone_id backfill). */
async function backfillZone(models: DnsModels, caller: ChangeCaller, provider: DnsProvider, domain: DomainDoc): Promise<string> {
  const zoneId = await provider.findZone(domain.domain_name);
  if (!zoneId) throw new ProviderError(`no hosted zone found for ${domain.domain_name}`, false);
  await setFields(models, caller, "domain", { _id: domain._id, organization_id: domain.organization_id, zone_id: "" }, { zone_id: zoneId });
  await refreshFingerprints(models, caller, { ...domain, zone_id: zoneId });
  return zoneId;
}

/** The fingerprint includes the zone id: recompute it for the domain's record sets. */
async function refreshFingerprints(models: DnsModels, caller: ChangeCaller, domain: DomainDoc): Promise<void> {
  const rsets = await models.recordSets.find({ organization_id: domain.organization_id, domain_id: domain._id }).lean<RecordSetDoc[]>();
  for (const rs of rsets) {
    const fingerprint = fingerprintOf({ fqdn: fqdnOf(rs.name, domain.domain_name), ttl: rs.ttl, type: rs.type, values: rs.values, zone_id: domain.zone_id });
    if (fingerprint !== rs.fingerprint) await setFields(models, caller, "record_set", { _id: rs._id, organization_id: rs.organization_id, revision: rs.revision }, { fingerprint });
  }
}

/** `dns.reconcileDomain`: pending → provisioning → zone id found/checked → ready | failed. */
export async function reconcileDomain(deps: DnsDeps, caller: Caller, orgId: string, domainId: string): Promise<ReconcileOutcome> {
  const { models } = deps;
  const load = () => models.domains.findOne({ _id: domainId, organization_id: orgId }).lean<DomainDoc>();
  return reconcileUnderLease(models, `domain:${domainId}`, "domain", load, async (domain) => {
    const revision = domain.revision;
    const mine = { _id: domainId, organization_id: orgId, revision };
    await setStatus(models, caller, "domain", mine, domain.status, { status: "provisioning" });
    try {
      const provider = await providerOf(deps, caller, orgId, domain.credential_id);
      if (domain.zone_id) {
        if (!(await provider.zoneExists(domain.zone_id))) throw new ProviderError(`hosted zone ${domain.zone_id} not found`, false);
      } else {
        await backfillZone(models, caller, provider, domain);
      }
      const res = await setStatus(models, caller, "domain", mine, "provisioning", { status: "ready", last_error: "", retryable: false });
      if (res.matchedCount === 0) throw new RetryableError("domain changed during reconcile");
      // record sets that waited for (or failed without) the zone get another go
      const waiting = await models.recordSets
        .find({ organization_id: orgId, domain_id: domainId, status: { $in: ["pending", "failed"] }, owner: { $ne: "external" } }, { _id: 1, revision: 1 })
        .lean();
      for (const rs of waiting) await reconcileRecordSetJob(deps, caller, orgId, rs._id, rs.revision);
      return { status: "ready" };
    } catch (err) {
      if (err instanceof RetryableError) throw err;
      const { message, retryable } = shortMessage(err, deps);
      await setStatus(models, caller, "domain", mine, "provisioning", { status: "failed", last_error: message, retryable });
      if (retryable) throw new RetryableError(message);
      return { status: "failed", last_error: message };
    }
  });
}

/**
 * `dns.reconcileRecordSet`: pending → provisioning → upsert with the ownership marker → ready
 * (owner autoglue) | failed (owner external when another owner holds the name).
 */
export async function reconcileRecordSet(deps: DnsDeps, caller: Caller, orgId: string, recordSetId: string): Promise<ReconcileOutcome> {
  const { models } = deps;
  const load = () => models.recordSets.findOne({ _id: recordSetId, organization_id: orgId }).lean<RecordSetDoc>();
  return reconcileUnderLease(models, `record_set:${recordSetId}`, "record set", load, async (rs) => {
    const domain = await models.domains.findOne({ _id: rs.domain_id, organization_id: orgId }).lean<DomainDoc>();
    if (!domain) return { status: "skipped" };
    const mine = { _id: recordSetId, organization_id: orgId, revision: rs.revision };
    await setStatus(models, caller, "record_set", mine, rs.status, { status: "provisioning" });

    const fail = async (message: string, retryable: boolean, owner?: "external"): Promise<ReconcileOutcome> => {
      await setStatus(models, caller, "record_set", mine, "provisioning", { status: "failed", last_error: message, retryable, ...(owner ? { owner } : {}) });
      if (retryable) throw new RetryableError(message);
      return { status: "failed", last_error: message };
    };

    try {
      const provider = await providerOf(deps, caller, orgId, domain.credential_id);
      const zoneId = domain.zone_id || (await backfillZone(models, caller, provider, domain));
      const fqdn = fqdnOf(rs.name, domain.domain_name);
      const ours = markerValue(orgId);

      // ownership: the marker TXT next to the name says who manages it
      const marker = await provider.getRRSet(zoneId, markerName(fqdn), "TXT");
      const markedOurs = marker !== null && marker.contents.some((c) => txtText(c) === ours);
      if (marker !== null && !markedOurs) return await fail(`${fqdn} is owned by another owner`, false, "external");
      if (marker === null && rs.owner !== "autoglue" && (await provider.getRRSet(zoneId, fqdn, rs.type)) !== null) {
        return await fail(`${fqdn} ${rs.type} exists and is not managed by autoglue`, false, "external");
      }

      const changes: HostChange[] = [
        { action: "UPSERT", rrset: { fqdn, type: rs.type, ttl: rs.ttl, contents: rs.values.map((v) => contentOf(rs.type, v)) } },
        { action: "UPSERT", rrset: { fqdn: markerName(fqdn), type: "TXT", ttl: rs.ttl, contents: [quoteTxt(ours)] } },
      ];
      // renamed or retyped since the last write: remove what we wrote before (same zone only)
      const old = rs.applied;
      if (old && old.zone_id === zoneId && (old.fqdn !== fqdn || old.type !== rs.type)) {
        const oldRR = await provider.getRRSet(zoneId, old.fqdn, old.type);
        if (oldRR) changes.push({ action: "DELETE", rrset: oldRR });
        if (old.fqdn !== fqdn && !(await othersAtName(models, rs, old.fqdn, domain))) {
          const oldMarker = await provider.getRRSet(zoneId, markerName(old.fqdn), "TXT");
          if (oldMarker && oldMarker.contents.some((c) => txtText(c) === ours)) changes.push({ action: "DELETE", rrset: oldMarker });
        }
      }
      await provider.change(zoneId, changes);
      const applied = { zone_id: zoneId, fqdn, type: rs.type };

      // what is on the host now is recorded whatever happened meanwhile (a rename or delete must find it)
      // (the owner a user sees becomes ours: its `record_set.updated` when it was not)
      const kept = await setFields(models, caller, "record_set", { _id: recordSetId, organization_id: orgId }, { owner: "autoglue" }, { applied }, rs.owner !== "autoglue");
      if (kept.matchedCount === 0) {
        // deleted while we wrote: remove what we just wrote
        await scheduleDeletion(models, domain, { ...rs, applied, owner: "autoglue" });
        await deleteRecordSetJob(deps, caller, orgId, recordSetId);
        return { status: "deleted" };
      }
      const fingerprint = fingerprintOf({ fqdn, ttl: rs.ttl, type: rs.type, values: rs.values, zone_id: zoneId });
      const res = await setStatus(models, caller, "record_set", mine, "provisioning", { status: "ready", last_error: "", retryable: false, fingerprint });
      if (res.matchedCount === 0) throw new RetryableError("record set changed during reconcile");
      return { status: "ready" };
    } catch (err) {
      if (err instanceof RetryableError) throw err;
      const { message, retryable } = shortMessage(err, deps);
      return fail(message, retryable);
    }
  });
}

/** Whether another record set of ours (other than `rs`) still lives at `fqdn`. */
async function othersAtName(models: DnsModels, rs: Pick<RecordSetDoc, "_id">, fqdn: string, domain: DomainDoc): Promise<boolean> {
  const rsets = await models.recordSets.find({ organization_id: domain.organization_id, domain_id: domain._id, _id: { $ne: rs._id } }).lean<RecordSetDoc[]>();
  return rsets.some((o) => fqdnOf(o.name, domain.domain_name) === fqdn || o.applied?.fqdn === fqdn);
}

/** `dns.deleteRecordSet`: removes a deleted record set from the DNS host when we own it there. */
export async function deleteFromHost(deps: DnsDeps, caller: Caller, orgId: string, recordSetId: string): Promise<ReconcileOutcome> {
  const { models } = deps;
  return withLease(models, `record_set:${recordSetId}`, "record set", async (): Promise<ReconcileOutcome> => {
    const del = await models.deletions.findOne({ _id: recordSetId, organization_id: orgId }).lean();
    if (!del) return { status: "skipped" };
    const done = async (): Promise<ReconcileOutcome> => {
      await models.deletions.deleteOne({ _id: recordSetId, organization_id: orgId });
      return { status: "deleted" };
    };
    try {
      const provider = await providerOf(deps, caller, orgId, del.credential_id);
      const ours = markerValue(orgId);
      const marker = await provider.getRRSet(del.zone_id, markerName(del.fqdn), "TXT");
      if (!marker?.contents.some((c) => txtText(c) === ours)) return await done(); // not ours there: leave it
      const changes: HostChange[] = [];
      const rr = await provider.getRRSet(del.zone_id, del.fqdn, del.type);
      if (rr) changes.push({ action: "DELETE", rrset: rr });
      const domain = await models.domains.findOne({ _id: del.domain_id, organization_id: orgId }).lean<DomainDoc>();
      const stillUsed = domain ? await othersAtName(models, { _id: recordSetId }, del.fqdn, domain) : false;
      const pendingDeletes = await models.deletions.countDocuments({ organization_id: orgId, zone_id: del.zone_id, fqdn: del.fqdn, _id: { $ne: recordSetId } });
      if (!stillUsed && pendingDeletes === 0) changes.push({ action: "DELETE", rrset: marker });
      await provider.change(del.zone_id, changes);
      return await done();
    } catch (err) {
      const { message, retryable } = shortMessage(err, deps);
      if (retryable) throw new RetryableError(message);
      // the host refuses for good (credential gone, zone gone): nothing more we can do
      deps.logger.warn("dns: giving up removing a record set from the DNS host", { record_set_id: recordSetId, error: message });
      await done();
      return { status: "failed", last_error: message };
    }
  });
}

/**
 * What the sweep picks up, one equality on `status` each (an `$or` would read the whole collection
 * on FerretDB, which sends only top-level equality to its indexes): pending items, retryable
 * failures, and items stuck in provisioning.
 */
function dueFilters(stuckBefore: Date): QueryFilter<DomainDoc & RecordSetDoc>[] {
  return [{ status: "pending" }, { status: "failed", retryable: true }, { status: "provisioning", updated_at: { $lt: stuckBefore } }];
}

/** Up to SWEEP_BATCH due items of a collection (`_id`, `organization_id`, `revision`). */
async function findDue<D extends { _id: string; organization_id: string; revision: string }>(
  model: Model<D>,
  stuckBefore: Date,
): Promise<Pick<D, "_id" | "organization_id" | "revision">[]> {
  const found: Pick<D, "_id" | "organization_id" | "revision">[] = [];
  for (const filter of dueFilters(stuckBefore)) {
    if (found.length >= SWEEP_BATCH) break;
    const docs = await model
      .find(filter as QueryFilter<D>, { _id: 1, organization_id: 1, revision: 1 })
      .limit(SWEEP_BATCH - found.length)
      .lean<Pick<D, "_id" | "organization_id" | "revision">[]>();
    found.push(...docs);
  }
  return found;
}

/** `dns.sweep`: re-enqueues pending, retryable failed and stuck provisioning items, and pending deletions. */
export async function sweep(deps: DnsDeps, caller: Caller, stuckAfterMs = STUCK_AFTER_MS): Promise<DnsSweepResult> {
  const { models } = deps;
  const stuckBefore = new Date(Date.now() - stuckAfterMs);
  const domains = await findDue(models.domains, stuckBefore);
  for (const d of domains) await reconcileDomainJob(deps, caller, d.organization_id, d._id, d.revision);
  const rsets = await findDue(models.recordSets, stuckBefore);
  for (const r of rsets) await reconcileRecordSetJob(deps, caller, r.organization_id, r._id, r.revision);
  const deletions = await models.deletions.find({}, { _id: 1, organization_id: 1 }).limit(SWEEP_BATCH).lean();
  for (const d of deletions) await deleteRecordSetJob(deps, caller, d.organization_id, d._id);
  return { domains: domains.length, record_sets: rsets.length, deletions: deletions.length };
}

/** `dns.purgeOrganization`: removes everything the organization owns here (idempotent). */
export async function purgeOrganization(models: DnsModels, orgId: string): Promise<{ domains: number; record_sets: number }> {
  const rs = await deleteMatching(models.recordSets, { organization_id: orgId });
  await deleteMatching(models.deletions, { organization_id: orgId });
  await deleteMatching(models.marks, { organization_id: orgId });
  await deleteMatching(models.eventOutbox, { organization_id: orgId });
  const d = await deleteMatching(models.domains, { organization_id: orgId });
  return { domains: d, record_sets: rs };
}
