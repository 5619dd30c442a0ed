import { eventOutboxModel } from "../../shared/event-outbox.ts";
import { Schema, type Connection } from "mongoose";
import { docSchema, TIMESTAMPS, emptyStrings, requiredStrings } from "../../shared/db.ts";
import type { z } from "zod";
import type { DnsStatus, RecordType } from "../../shared/contracts/dns.ts";
import { orgSchema, type OrgDoc } from "../../shared/resource.ts";
import { DeletionMarks, deletionMarksModel } from "../../shared/deletion-marks.ts";

export type Status = z.infer<typeof DnsStatus>;
export type RecordTypeName = z.infer<typeof RecordType>;
export type Owner = "autoglue" | "external" | "unknown";

export interface DomainDoc extends OrgDoc {
  credential_id: string;
  domain_name: string;
  zone_id: string;
  status: Status;
  last_error: string;
  /** Whether the last failure may heal by itself (the sweep retries only those). */
  retryable: boolean;
  /** Changes on every client change; a reconcile only records its result while it is unchanged. */
  revision: string;
}

/** Where a record set was last written on the DNS host (to remove it after a rename). */
export interface Applied {
  zone_id: string;
  fqdn: string;
  type: RecordTypeName;
}

export interface RecordSetDoc extends OrgDoc {
  domain_id: string;
  name: string;
  type: RecordTypeName;
  ttl: number;
  values: string[];
  status: Status;
  fingerprint: string;
  owner: Owner;
  last_error: string;
  retryable: boolean;
  revision: string;
  applied: Applied | null;
}

/** A record set deleted through the API that still has to be removed from the DNS host. */
export interface DeletionDoc {
  /** The deleted record set's id. */
  _id: string;
  organization_id: string;
  domain_id: string;
  credential_id: string;
  zone_id: string;
  fqdn: string;
  type: RecordTypeName;
  created_at: Date;
  updated_at: Date;
}

/** A reconcile lease: inserted under a unique id (claimOnce), removed when done or expired. */
export interface LeaseDoc {
  _id: string;
  expires_at: Date;
}

export function defineDnsModels(conn: Connection) {
  const domains = orgSchema<DomainDoc>({
    ...requiredStrings("credential_id", "domain_name", "revision"),
    ...emptyStrings("zone_id", "last_error"),
    status: { type: String, required: true, default: "pending" },
    retryable: { type: Boolean, default: true },
  });
  domains.index({ organization_id: 1, domain_name: 1 }, { unique: true });
  domains.index({ organization_id: 1, credential_id: 1 });
  domains.index({ status: 1, updated_at: 1 });

  const recordSets = orgSchema<RecordSetDoc>({
    ...requiredStrings("domain_id", "name", "type", "revision"),
    ttl: { type: Number, required: true },
    values: { type: [String], default: [] },
    status: { type: String, required: true, default: "pending" },
    ...emptyStrings("fingerprint", "last_error"),
    owner: { type: String, default: "unknown" },
    retryable: { type: Boolean, default: true },
    applied: { type: Schema.Types.Mixed, default: null },
  });
  recordSets.index({ domain_id: 1, name: 1, type: 1 }, { unique: true });
  recordSets.index({ organization_id: 1, domain_id: 1, _id: -1 });
  recordSets.index({ status: 1, updated_at: 1 });

  const deletions = docSchema<DeletionDoc>(
    "key",
    {
      organization_id: { type: String, required: true, index: true },
      ...requiredStrings("domain_id", "credential_id", "fqdn", "type"),
      zone_id: { type: String, default: "" },
    },
    { timestamps: TIMESTAMPS },
  );

  const leases = docSchema<LeaseDoc>("key", { expires_at: { type: Date, required: true } });

  return {
    domains: conn.model<DomainDoc>("domains", domains),
    recordSets: conn.model<RecordSetDoc>("record_sets", recordSets),
    deletions: conn.model<DeletionDoc>("deletions", deletions),
    leases: conn.model<LeaseDoc>("leases", leases),
    /** DELETEs of domains and record sets deciding whether a cluster references them. */
    marks: deletionMarksModel(conn),
    /** Events of changes not yet delivered to the audit log (shared/event-outbox.ts). */
    eventOutbox: eventOutboxModel(conn),
  };
}

export type DnsModels = ReturnType<typeof defineDnsModels>;

/** The DNS service's deletion marks (see shared/deletion-marks.ts). */
export function marksOf(models: DnsModels): DeletionMarks<"domain" | "record_set"> {
  return new DeletionMarks(models.marks);
}
