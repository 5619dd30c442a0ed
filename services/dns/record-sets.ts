import { isDuplicateKey } from "../../shared/db.ts";
import type { Page, PageRequest } from "../../shared/paging.ts";
import type { QueryFilter } from "mongoose";
import { createRecordSetBody, recordSetFilters, updateRecordSetBody, type RecordSet } from "../../shared/contracts/dns.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { OrgResources, assertId, isoTimes } from "../../shared/resource.ts";
import { breaksCnameRule, cnameConflict } from "./cname.ts";
import { deleteRecordSetJob, reconcileRecordSetJob, type DnsDeps } from "./deps.ts";
import type { Caller } from "../../shared/service.ts";
import { parseFirstRefusal } from "../../shared/validation.ts";
import { marksOf, type DnsModels, type DomainDoc, type RecordSetDoc, type Status } from "./models.ts";
import { fingerprintOf, fqdnOf } from "./names.ts";

export function toRecordSet(d: RecordSetDoc): RecordSet {
  return {
    id: d._id,
    domain_id: d.domain_id,
    name: d.name,
    type: d.type,
    ttl: d.ttl,
    values: [...(d.values ?? [])],
    status: d.status,
    fingerprint: d.fingerprint ?? "",
    owner: d.owner ?? "unknown",
    last_error: d.last_error ?? "",
    ...isoTimes(d),
  };
}

export function recordSetsResource(models: DnsModels): OrgResources<RecordSetDoc, RecordSet> {
  return new OrgResources({
    kind: "record set",
    model: models.recordSets,
    events: { outbox: models.eventOutbox, resourceType: "record_set", statusField: "status" },
    toResponse: toRecordSet,
  });
}

async function domainOf(models: DnsModels, orgId: string, domainId: string): Promise<DomainDoc> {
  assertId(domainId);
  const domain = await models.domains.findOne({ _id: domainId, organization_id: orgId }).lean<DomainDoc>();
  if (!domain) throw MESSAGES.notFound.error("domain");
  return domain;
}

export interface RecordSetListQuery {
  domain_id: string;
  name?: string;
  type?: string;
  status?: Status;
}

export async function listRecordSets(models: DnsModels, orgId: string, query: RecordSetListQuery & PageRequest): Promise<Page<RecordSet>> {
  const domain = await domainOf(models, orgId, query.domain_id);
  const filter: QueryFilter<RecordSetDoc> = { domain_id: domain._id };
  const { name, type } = parseFirstRefusal(recordSetFilters(domain.domain_name), { name: query.name, type: query.type }, ["name", "type"]);
  if (name !== undefined) filter.name = name;
  if (type !== undefined) filter.type = type;
  if (query.status !== undefined) filter.status = query.status;
  return recordSetsResource(models).list(orgId, filter, query);
}

export async function createRecordSet(deps: DnsDeps, caller: Caller, orgId: string, domainId: string, body: Record<string, unknown>): Promise<RecordSet> {
  const domain = await domainOf(deps.models, orgId, domainId);
  const { name, type, ttl, values } = parseFirstRefusal(createRecordSetBody(domain.domain_name), body, ["name", "type", "ttl", "values"]);
  if (await breaksCnameRule(deps.models, domain._id, name, type)) throw cnameConflict(name);
  const revision = newId();
  const created = await recordSetsResource(deps.models).create(
    caller,
    orgId,
    {
      domain_id: domain._id,
      name,
      type,
      ttl,
      values,
      status: "pending",
      fingerprint: fingerprintOf({ fqdn: fqdnOf(name, domain.domain_name), ttl, type, values, zone_id: domain.zone_id }),
      owner: "unknown",
      last_error: "",
      retryable: true,
      revision,
      applied: null,
    },
    {
      // checked after writing, as part of the change (its event is delivered only if it stands)
      confirm: async (doc) => {
        // a domain DELETE deciding right now (marked) or done (gone) has not listed this record set, so it must not stay
        const domainMarked = (await marksOf(deps.models).marked("domain", [domain._id])).has(domain._id);
        if (domainMarked || !(await deps.models.domains.exists({ _id: domain._id }))) {
          await deps.models.recordSets.deleteOne({ _id: doc._id }); // the domain's DELETE may have removed it already
          throw MESSAGES.notFound.error("domain");
        }
        // of two conflicting writes at once, at least the later-checking one sees the other and backs out
        if (await breaksCnameRule(deps.models, domain._id, name, type, doc._id)) {
          await deps.models.recordSets.deleteOne({ _id: doc._id });
          throw cnameConflict(name);
        }
      },
    },
  );
  await reconcileRecordSetJob(deps, caller, orgId, created.id, revision);
  return created;
}

export async function updateRecordSet(deps: DnsDeps, caller: Caller, orgId: string, id: string, body: Record<string, unknown>): Promise<RecordSet> {
  const resource = recordSetsResource(deps.models);
  const current = await resource.getDoc(orgId, id);
  const domain = await domainOf(deps.models, orgId, current.domain_id);
  const parsed = parseFirstRefusal(updateRecordSetBody(domain.domain_name, current), body, ["name", "type", "ttl", "values", "status"]);
  // a field the body leaves out keeps its value
  const { name = current.name, type = current.type, ttl = current.ttl, values = current.values, status } = parsed;

  const sameValues = values.length === current.values.length && [...values].sort().join("\n") === [...current.values].sort().join("\n");
  const moved = name !== current.name || type !== current.type;
  if (moved && (await breaksCnameRule(deps.models, domain._id, name, type, id))) throw cnameConflict(name);
  const changed = moved || ttl !== current.ttl || !sameValues;
  const set: Partial<RecordSetDoc> = {};
  if (changed) {
    Object.assign(set, {
      name,
      type,
      ttl,
      values,
      fingerprint: fingerprintOf({ fqdn: fqdnOf(name, domain.domain_name), ttl, type, values, zone_id: domain.zone_id }),
      status: "pending",
    });
  } else if (status !== undefined) {
    // a status set by the client stands: the sweep does not retry it (only stuck provisioning)
    Object.assign(set, { status, retryable: false });
  }
  if (set.status === "pending") Object.assign(set, { revision: newId(), last_error: "", retryable: true });
  const resets = ["name", "type", "ttl", "values", "fingerprint", "status", "last_error", "retryable", "revision"] as const;
  const updated =
    Object.keys(set).length > 0
      ? await resource
          .update(
            caller,
            orgId,
            id,
            { $set: set },
            {
              // checked again after writing, as part of the change: a conflicting write at once undoes this one (unless another write came after it)
              confirm: async () => {
                if (!moved || !(await breaksCnameRule(deps.models, domain._id, name, type, id))) return;
                await resource.restore(current, resets, { revision: set.revision });
                throw cnameConflict(name);
              },
            },
          )
          .catch((err: unknown) => {
            throw isDuplicateKey(err) ? MESSAGES.alreadyExists.error("record set") : err;
          })
      : toRecordSet(current);
  if (updated.status === "pending" && set.revision !== undefined) await reconcileRecordSetJob(deps, caller, orgId, id, set.revision);
  return updated;
}

/**
 * Remembers that a record set we wrote must be removed from the DNS host (the `dns.deleteRecordSet`
 * job does it). Returns whether anything was scheduled.
 */
export async function scheduleDeletion(models: DnsModels, domain: DomainDoc, rs: RecordSetDoc): Promise<boolean> {
  if (!rs.applied || rs.owner !== "autoglue") return false;
  await models.deletions.updateOne(
    { _id: rs._id },
    {
      $set: {
        organization_id: rs.organization_id,
        domain_id: domain._id,
        credential_id: domain.credential_id,
        zone_id: rs.applied.zone_id,
        fqdn: rs.applied.fqdn,
        type: rs.applied.type,
      },
    },
    { upsert: true },
  );
  return true;
}

/**
 * Deletes the record set (409 while a cluster references it); the DNS host is cleaned by a job.
 * Marked while deciding, so a cluster attaching it meanwhile sees the mark and undoes.
 */
export async function deleteRecordSet(deps: DnsDeps, caller: Caller, orgId: string, id: string): Promise<void> {
  const resource = recordSetsResource(deps.models);
  const rs = await resource.getDoc(orgId, id);
  await marksOf(deps.models).deleteMarked(
    orgId,
    [{ kind: "record_set", id }],
    async () => {
      if ((await deps.referencesTo(caller, orgId, "record_set", id)).length > 0) throw MESSAGES.attachedToCluster.error("record_set");
    },
    async () => {
      const domain = await deps.models.domains.findOne({ _id: rs.domain_id, organization_id: orgId }).lean<DomainDoc>();
      const scheduled = domain ? await scheduleDeletion(deps.models, domain, rs) : false;
      await resource.remove(caller, orgId, id);
      if (scheduled) await deleteRecordSetJob(deps, caller, orgId, id);
    },
  );
}

/** Record sets of `ids` within the organization (a record set's organization is its domain's); one being deleted is left out. */
export async function getRecordSets(models: DnsModels, orgId: string, ids: readonly string[]): Promise<RecordSet[]> {
  return (await marksOf(models).without("record_set", ids, (wanted) => recordSetsResource(models).getMany(orgId, wanted))).map(toRecordSet);
}
