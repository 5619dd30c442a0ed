import { eventOutboxModel } from "../../shared/event-outbox.ts";
import type { Connection } from "mongoose";
import { docSchema, TIMESTAMPS, nullDates, requiredStrings } from "../../shared/db.ts";

export type OrgStatus = "active" | "deleting";

export interface OrganizationDoc {
  _id: string;
  name: string;
  /** Lower-case e-mail domain; "" when not set. */
  domain: string;
  /**
   * The domain when set, else the id: a value that is always present, so the unique index works
   * on FerretDB (which ignores `sparse`/partial indexes).
   */
  domain_key: string;
  status: OrgStatus;
  created_at: Date;
  updated_at: Date;
}

export type Role = "owner" | "admin" | "member";

export interface MembershipDoc {
  /** `<organization_id>:<user_id>`: one membership per user and organization by construction. */
  _id: string;
  organization_id: string;
  user_id: string;
  role: Role;
  created_at: Date;
  updated_at: Date;
}

export function membershipId(organizationId: string, userId: string): string {
  return `${organizationId}:${userId}`;
}

/** An organization API key: only hashes of the key and the secret are stored. */
export interface OrgKeyDoc {
  _id: string;
  organization_id: string;
  name: string;
  /** The first characters of the key, kept in clear so people can tell keys apart. */
  prefix: string;
  /** sha256 hex of the key (unique; the look-up). */
  key_hash: string;
  /** sha256 hex of the secret (compared in constant time). */
  secret_hash: string;
  /** The user who created it (shown by the REPL, not in the API record). */
  created_by: string;
  revoked: boolean;
  revoked_at: Date | null;
  expires_at: Date | null;
  /** Set for a key minted for one cluster's run (`orgs.mintClusterKey`): it reaches only that cluster's routes. */
  cluster_id?: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * When a key was last used: a document of its own (`_id` = key id), because it is written
 * while the key itself may be revoked concurrently (FerretDB updates are read-modify-write).
 */
export interface OrgKeyUsageDoc {
  _id: string;
  organization_id: string;
  last_used_at: Date;
}

/**
 * The durable, exclusive marker of an organization being deleted (`_id` = organization id,
 * claimed by a unique insert). It outlives a lost update of the organization's `status` and is
 * what the safety-net sweep walks. Removed last, when the deletion is complete.
 */
export interface DeletionDoc {
  _id: string;
  requested_by: string;
  created_at: Date;
}

/** The purge job of one service for a deleting organization (`_id` = `<org>:<job type>`). */
export interface PurgeDoc {
  _id: string;
  organization_id: string;
  type: string;
  job_id: string;
  /** How many times the purge was enqueued (1 + re-enqueues after failures). */
  rounds: number;
  created_at: Date;
  updated_at: Date;
}

/** A short-lived exclusive lock (`_id` = what it guards), decided by a unique insert. */
export interface LockDoc {
  _id: string;
  token: string;
  expires_at: Date;
}

export function defineOrgsModels(conn: Connection) {
  const organizations = docSchema<OrganizationDoc>(
    "uuid",
    {
      name: { type: String, required: true },
      domain: { type: String, default: "" },
      domain_key: { type: String, required: true, unique: true },
      status: { type: String, default: "active" },
    },
    { timestamps: TIMESTAMPS },
  );
  organizations.index({ domain: 1 });

  const memberships = docSchema<MembershipDoc>(
    "key",
    {
      organization_id: { type: String, required: true, index: true },
      user_id: { type: String, required: true, index: true },
      role: { type: String, required: true },
    },
    { timestamps: TIMESTAMPS },
  );

  const orgKeys = docSchema<OrgKeyDoc>(
    "uuid",
    {
      organization_id: { type: String, required: true, index: true },
      ...requiredStrings("name", "prefix", "secret_hash", "created_by"),
      key_hash: { type: String, required: true, unique: true },
      revoked: { type: Boolean, default: false },
      ...nullDates("revoked_at", "expires_at"),
      cluster_id: { type: String, default: null },
    },
    { timestamps: TIMESTAMPS },
  );

  const keyUsage = docSchema<OrgKeyUsageDoc>("key", {
    organization_id: { type: String, required: true, index: true },
    last_used_at: { type: Date, required: true },
  });

  const deletions = docSchema<DeletionDoc>("key", {
    requested_by: { type: String, required: true },
    created_at: { type: Date, required: true },
  });

  const purges = docSchema<PurgeDoc>(
    "key",
    {
      organization_id: { type: String, required: true, index: true },
      ...requiredStrings("type", "job_id"),
      rounds: { type: Number, default: 1 },
    },
    { timestamps: TIMESTAMPS },
  );

  const locks = docSchema<LockDoc>("key", {
    token: { type: String, required: true },
    expires_at: { type: Date, required: true },
  });

  return {
    organizations: conn.model<OrganizationDoc>("organizations", organizations),
    memberships: conn.model<MembershipDoc>("memberships", memberships),
    orgKeys: conn.model<OrgKeyDoc>("org_keys", orgKeys),
    keyUsage: conn.model<OrgKeyUsageDoc>("org_key_usage", keyUsage),
    deletions: conn.model<DeletionDoc>("deletions", deletions),
    purges: conn.model<PurgeDoc>("purges", purges),
    locks: conn.model<LockDoc>("locks", locks),
    /** Events of changes not yet delivered to the audit log (shared/event-outbox.ts). */
    eventOutbox: eventOutboxModel(conn),
  };
}

export type OrgsModels = ReturnType<typeof defineOrgsModels>;
