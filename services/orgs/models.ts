import { Schema, type Connection, type Model } from "mongoose";
import { newId } from "../../shared/ids.ts";

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

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

export function defineOrgsModels(conn: Connection) {
  const organizations = new Schema<OrganizationDoc>(
    {
      _id: { type: String, default: newId },
      name: { type: String, required: true },
      domain: { type: String, default: "" },
      domain_key: { type: String, required: true, unique: true },
      status: { type: String, default: "active" },
    },
    { versionKey: false, timestamps },
  );
  organizations.index({ domain: 1 });

  const memberships = new Schema<MembershipDoc>(
    {
      _id: { type: String, required: true },
      organization_id: { type: String, required: true, index: true },
      user_id: { type: String, required: true, index: true },
      role: { type: String, required: true },
    },
    { versionKey: false, timestamps },
  );

  return {
    organizations: conn.model<OrganizationDoc>("organizations", organizations) as Model<OrganizationDoc>,
    memberships: conn.model<MembershipDoc>("memberships", memberships) as Model<MembershipDoc>,
  };
}

export type OrgsModels = ReturnType<typeof defineOrgsModels>;
