import { deleteMatching, isDuplicateKey } from "../../shared/db.ts";
import type { Page, PageRequest } from "../../shared/paging.ts";
import type { QueryFilter } from "mongoose";
import { CreateDomainRequest, UpdateDomainRequest, type Domain } from "../../shared/contracts/dns.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { OrgResources, isoTimes } from "../../shared/resource.ts";
import { escapeRegex } from "../../shared/zod.ts";
import { parseFirstRefusal } from "../../shared/validation.ts";
import { deleteRecordSetJob, reconcileDomainJob, reconcileRecordSetJob, type DnsDeps } from "./deps.ts";
import type { Caller } from "../../shared/service.ts";
import { marksOf, type DnsModels, type DomainDoc, type RecordSetDoc, type Status } from "./models.ts";
import { fingerprintOf, fqdnOf } from "./names.ts";
import { dnsHostingOf } from "./providers/index.ts";
import { scheduleDeletion } from "./record-sets.ts";

export function toDomain(d: DomainDoc): Domain {
  return {
    id: d._id,
    organization_id: d.organization_id,
    credential_id: d.credential_id,
    domain_name: d.domain_name,
    zone_id: d.zone_id ?? "",
    status: d.status,
    last_error: d.last_error ?? "",
    ...isoTimes(d),
  };
}

export function domainsResource(models: DnsModels): OrgResources<DomainDoc, Domain> {
  return new OrgResources({
    kind: "domain",
    model: models.domains,
    events: { outbox: models.eventOutbox, resourceType: "domain", statusField: "status" },
    toResponse: toDomain,
  });
}

/** The credential must be a DNS-hosting credential of the same organization (400 otherwise). */
async function checkCredential(deps: DnsDeps, caller: Caller, orgId: string, credentialId: string): Promise<void> {
  const cred = await deps.lookupCredential(caller, orgId, credentialId);
  if (!cred) throw MESSAGES.credentialNotFound.error();
  if (!dnsHostingOf(cred)) throw MESSAGES.credentialNotDnsHosting.error();
}

/**
 * Written first, checked second: a credential DELETE deciding right now hides the credential
 * from `credentials.lookup` (its deletion mark), and one that finished has removed it. When the
 * credential is gone (or cannot be asked about), `undo` reverts the write and the request fails,
 * so a domain never keeps pointing at a deleted credential. Runs as the write's `confirm`, so the
 * write's events are delivered only when it stands.
 */
async function keepOnlyIfCredentialStillThere(deps: DnsDeps, caller: Caller, orgId: string, credentialId: string, undo: () => Promise<unknown>): Promise<void> {
  let there: boolean;
  try {
    there = (await deps.lookupCredential(caller, orgId, credentialId)) !== null;
  } catch (err) {
    await undo();
    throw err;
  }
  if (!there) {
    await undo();
    throw MESSAGES.credentialNotFound.error();
  }
}

export interface DomainListQuery {
  domain_name?: string;
  status?: Status;
  q?: string;
}

export async function listDomains(models: DnsModels, orgId: string, query: DomainListQuery & PageRequest): Promise<Page<Domain>> {
  const filter: QueryFilter<DomainDoc> = {};
  if (query.domain_name !== undefined) filter.domain_name = query.domain_name.toLowerCase().replace(/\.$/, "");
  if (query.status !== undefined) filter.status = query.status;
  const conditions: QueryFilter<DomainDoc>[] = [filter];
  if (query.q !== undefined) conditions.push({ domain_name: { $regex: escapeRegex(query.q.toLowerCase()) } });
  return domainsResource(models).list(orgId, conditions.length > 1 ? { $and: conditions } : filter, query);
}

export async function createDomain(deps: DnsDeps, caller: Caller, orgId: string, body: Record<string, unknown>): Promise<Domain> {
  const { credential_id, domain_name, zone_id } = parseFirstRefusal(CreateDomainRequest, body, ["domain_name", "credential_id", "zone_id"]);
  await checkCredential(deps, caller, orgId, credential_id);
  const revision = newId();
  const created = await domainsResource(deps.models).create(
    caller,
    orgId,
    { credential_id, domain_name, zone_id, status: "pending", last_error: "", retryable: true, revision },
    { confirm: (doc) => keepOnlyIfCredentialStillThere(deps, caller, orgId, credential_id, () => deps.models.domains.deleteOne({ _id: doc._id })) },
  );
  await reconcileDomainJob(deps, caller, orgId, created.id, revision);
  return created;
}

export async function updateDomain(deps: DnsDeps, caller: Caller, orgId: string, id: string, body: Record<string, unknown>): Promise<Domain> {
  const resource = domainsResource(deps.models);
  const current = await resource.getDoc(orgId, id);
  const { status, ...given } = parseFirstRefusal(UpdateDomainRequest, body, ["domain_name", "credential_id", "zone_id", "status"]);
  const set: Partial<DomainDoc> = {};
  for (const field of ["domain_name", "credential_id", "zone_id"] as const) if (given[field] !== undefined) set[field] = given[field];
  if (set.credential_id !== undefined && set.credential_id !== current.credential_id) await checkCredential(deps, caller, orgId, set.credential_id);

  const changed = (Object.keys(set) as (keyof DomainDoc)[]).filter((k) => set[k] !== current[k]);
  const hostChanged = changed.length > 0;
  const next: Partial<DomainDoc> = { ...set };
  if (status !== undefined) next.status = status;
  else if (hostChanged) next.status = "pending";
  if (hostChanged || next.status === "pending") {
    next.revision = newId();
    next.last_error = next.status === "pending" ? "" : current.last_error;
    next.retryable = true;
  } else if (status !== undefined) {
    // a status set by the client stands: the sweep does not retry it
    next.retryable = false;
  }
  const credentialChanged = set.credential_id !== undefined && set.credential_id !== current.credential_id;
  const updated = await resource
    .update(
      caller,
      orgId,
      id,
      { $set: next },
      {
        // the whole change is undone when the new credential went meanwhile (its events with it)
        confirm: async () => {
          if (credentialChanged)
            await keepOnlyIfCredentialStillThere(deps, caller, orgId, set.credential_id!, () => resource.restore(current, Object.keys(next) as (keyof DomainDoc)[]));
        },
      },
    )
    .catch((err: unknown) => {
      throw isDuplicateKey(err) ? MESSAGES.alreadyExists.error("domain") : err;
    });

  if (hostChanged) {
    // the records' FQDN, zone or credential changed: every record set is written again, back to pending
    const rsets = await deps.models.recordSets.find({ organization_id: orgId, domain_id: id }).lean<RecordSetDoc[]>();
    const revisions = new Map<string, string>();
    for (const rs of rsets) {
      const fingerprint = fingerprintOf({ fqdn: fqdnOf(rs.name, updated.domain_name), ttl: rs.ttl, type: rs.type, values: rs.values, zone_id: updated.zone_id });
      const revision = newId();
      revisions.set(rs._id, revision);
      await resetRecordSet(deps.models, caller, rs, { fingerprint, revision });
    }
    for (const [rsId, revision] of revisions) await reconcileRecordSetJob(deps, caller, orgId, rsId, revision);
  }
  if (updated.status === "pending") await reconcileDomainJob(deps, caller, orgId, id, next.revision ?? current.revision);
  return updated;
}

/**
 * A record set of a domain whose name, zone or credential changed: its new fingerprint, back to
 * `pending` under a new revision, with its `record_set.updated` event (and `status_changed` when it
 * was not pending); the relay confirms them by the new revision.
 */
async function resetRecordSet(models: DnsModels, caller: ChangeCaller, rs: RecordSetDoc, next: { fingerprint: string; revision: string }): Promise<void> {
  const base = { organization_id: rs.organization_id, resource_type: "record_set", resource_id: rs._id };
  const check = { collection: models.recordSets.collection.collectionName, id: rs._id, expect: "matches" as const, where: { revision: next.revision } };
  const drafts: (typeof base & { type: string; data: Record<string, unknown>; check: typeof check })[] = [
    { ...base, type: "record_set.updated", data: { changed: ["fingerprint", "status"], values: { fingerprint: next.fingerprint, status: "pending" } }, check },
  ];
  if (rs.status !== "pending") drafts.push({ ...base, type: "record_set.status_changed", data: { from: rs.status, to: "pending", last_error: "" }, check });
  await withEvents(caller, models.eventOutbox, drafts, () =>
    models.recordSets.updateOne({ _id: rs._id, organization_id: rs.organization_id }, { $set: { ...next, status: "pending", last_error: "", retryable: true } }),
  );
}

/**
 * Deletes the domain and its record sets (409 while a cluster references either). The domain is
 * marked before its record sets are listed and checked, and each listed record set is marked
 * too: a cluster attaching one of them meanwhile sees the mark when it looks the target up
 * again and undoes, and a record set created meanwhile sees the domain's mark and undoes.
 */
export async function deleteDomain(deps: DnsDeps, caller: Caller, orgId: string, id: string): Promise<void> {
  const resource = domainsResource(deps.models);
  const domain = await resource.getDoc(orgId, id);
  let rsets: RecordSetDoc[] = [];
  await marksOf(deps.models).deleteMarked(
    orgId,
    [{ kind: "domain", id }],
    async (mark) => {
      if ((await deps.referencesTo(caller, orgId, "domain", id)).length > 0) throw MESSAGES.attachedToCluster.error("domain");
      rsets = await deps.models.recordSets.find({ organization_id: orgId, domain_id: id }).lean<RecordSetDoc[]>();
      await mark(rsets.map((rs) => ({ kind: "record_set" as const, id: rs._id })));
      for (const rs of rsets) {
        if ((await deps.referencesTo(caller, orgId, "record_set", rs._id)).length > 0) throw MESSAGES.attachedToCluster.error("record_set");
      }
    },
    async () => {
      const scheduled: string[] = [];
      for (const rs of rsets) {
        if (await scheduleDeletion(deps.models, domain, rs)) scheduled.push(rs._id);
      }
      // the record sets go with their domain, each with its `record_set.deleted`
      const gone = rsets.map((rs) => ({
        organization_id: orgId,
        type: "record_set.deleted",
        resource_type: "record_set",
        resource_id: rs._id,
        data: { domain_id: id },
        check: { collection: deps.models.recordSets.collection.collectionName, id: rs._id, expect: "absent" as const },
      }));
      await withEvents(caller, deps.models.eventOutbox, gone, () => deleteMatching(deps.models.recordSets, { organization_id: orgId, domain_id: id }));
      await resource.remove(caller, orgId, id);
      for (const rsId of scheduled) await deleteRecordSetJob(deps, caller, orgId, rsId);
    },
  );
}

/** Domains of `ids` within the organization (other services' look-ups); a domain being deleted is left out. */
export async function getDomains(models: DnsModels, orgId: string, ids: readonly string[]): Promise<Domain[]> {
  return (await marksOf(models).without("domain", ids, (wanted) => domainsResource(models).getMany(orgId, wanted))).map(toDomain);
}

export async function credentialInUse(models: DnsModels, orgId: string, credentialId: string): Promise<{ in_use: boolean; domains: number }> {
  const count = await models.domains.countDocuments({ organization_id: orgId, credential_id: credentialId });
  return { in_use: count > 0, domains: count };
}
