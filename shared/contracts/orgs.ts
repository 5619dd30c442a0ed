import { z } from "zod";
import { resource } from "../zod.ts";
import { JobStatus } from "./jobs.ts";

/** Params of `orgs.membership` (the gateway calls it for every user request to an [org] route). */
export const MembershipParams = z.object({ organization_id: z.uuid(), user_id: z.uuid() });
/** Result: the member's role, or null when the user is not a member or the organization does not exist (or is being deleted). */
export const Membership = z.object({ role: z.enum(["owner", "admin", "member"]) }).nullable();
export type Membership = z.infer<typeof Membership>;

/** Params of `orgs.resolveOrgKey`: the X-ORG-KEY and X-ORG-SECRET headers. */
export const ResolveOrgKeyParams = z.object({ key: z.string().min(1).max(200), secret: z.string().min(1).max(200) });
/**
 * Result: the key's organization, or null for unknown/revoked/expired keys, a wrong secret or an
 * organization being deleted. `expires_at` (when the key expires, null for never) bounds how long
 * a gateway may cache the answer.
 */
export const ResolvedOrgKey = z
  .object({
    organization_id: z.uuid(),
    key_id: z.uuid(),
    expires_at: z.string().nullable().optional(),
    /** A key minted for one cluster's run: it reaches only that cluster's routes. */
    cluster_id: z.uuid().optional(),
  })
  .nullable();
export type ResolvedOrgKey = z.infer<typeof ResolvedOrgKey>;

/**
 * `orgs.mintClusterKey` (runner only): a short-lived org key and secret that reach only the
 * routes of one cluster (`/clusters/{cluster_id}/…`), handed to a run's bastion so its tooling
 * can call back; revoked by `orgs.revokeClusterKey` when the run ends, and expiring anyway.
 */
export const MintClusterKeyParams = z.object({
  organization_id: z.uuid(),
  cluster_id: z.uuid(),
  ttl_seconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 86_400),
  name: z.string().trim().min(1).max(100),
});
export const MintedClusterKey = z.object({ id: z.uuid(), org_key: z.string(), org_secret: z.string(), expires_at: z.string() });
export type MintedClusterKey = z.infer<typeof MintedClusterKey>;
export const RevokeClusterKeyParams = z.object({ organization_id: z.uuid(), key_id: z.uuid() });
export const RevokeClusterKeyResult = z.object({ revoked: z.boolean() });

/**
 * Broadcast when memberships, roles, org keys or an organization's status change, so gateways
 * drop what they cached. Payload: `{ organization_id, user_id? , key_id? }` (OrgsAccessChanged).
 */
export const ORGS_ACCESS_CHANGED = "orgs.access.changed";
export const OrgsAccessChanged = z.object({ organization_id: z.string(), user_id: z.string().optional(), key_id: z.string().optional() });
export type OrgsAccessChanged = z.infer<typeof OrgsAccessChanged>;

/** The Organization resource (models.Organization). */
export const Organization = resource({
  name: z.string(),
  domain: z.string(),
});
export type Organization = z.infer<typeof Organization>;

/** Params of `orgs.listForUser`: the organizations a user belongs to (GET /me uses it). */
export const ListForUserParams = z.object({ user_id: z.uuid() });

/**
 * Params of `orgs.joinByEmailDomain`: called by auth at every login with the user's verified
 * e-mail addresses; the user joins, as `member`, every organization whose `domain` equals the
 * domain of one of them. Idempotent.
 */
export const JoinByEmailDomainParams = z.object({ user_id: z.uuid(), emails: z.array(z.email()).max(50) });

const orgName = z.string().trim().min(1, "missing fields: name").max(100);
/** An e-mail domain: lower-case DNS name of at least two labels. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "invalid domain");

/** POST /orgs */
export const CreateOrgParams = z.object({
  name: orgName,
  domain: z.union([emailDomain, z.literal("").transform(() => undefined)]).optional(),
});

/** GET /orgs/{id} */
export const OrgIdParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** Membership roles, strongest first. */
export const ORG_ROLES = ["owner", "admin", "member"] as const;
export const OrgRoleEnum = z.enum(ORG_ROLES, { error: "invalid role" });

/** PATCH /orgs/{id}: only the fields given change; `domain: ""` removes the domain. */
export const UpdateOrgParams = z.object({
  id: z.uuid({ error: "invalid id" }),
  name: z.string().trim().min(1, "invalid name").max(100, "invalid name").optional(),
  domain: z.union([emailDomain, z.literal("")]).optional(),
});

/** Member (memberOut). */
export const MemberOut = z.object({ user_id: z.string(), email: z.string(), role: OrgRoleEnum });
export type MemberOut = z.infer<typeof MemberOut>;

const userIdField = z.uuid({ error: (iss) => (iss.input === undefined ? "missing fields: user_id" : "invalid user_id") });

/** POST /orgs/{id}/members: adds the user or changes their role. */
export const SetMemberParams = z.object({
  id: z.uuid({ error: "invalid id" }),
  user_id: userIdField,
  role: z.enum(ORG_ROLES, { error: (iss) => (iss.input === undefined ? "missing fields: role" : "invalid role") }),
});

/** DELETE /orgs/{id}/members/{user_id} */
export const MemberIdParams = z.object({ id: z.uuid({ error: "invalid id" }), user_id: z.uuid({ error: "invalid id" }) });

/** API key record (models.APIKey) of an org key; never the key or the secret. Unset times are null. */
export const ApiKeyRecord = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: z.literal("org"),
  org_id: z.string(),
  user_id: z.string().nullable(),
  revoked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

/**
 * What an API key's answer starts with, for a user's keys (userAPIKeyOut) and an organization's
 * (orgKeyCreateResp): id, name, scope, when it was created and when it expires (null for never).
 */
export function apiKeyOut<S extends "user" | "org">(scope: S) {
  return z.object({ id: z.string(), name: z.string(), scope: z.literal(scope), created_at: z.string(), expires_at: z.string().nullable() });
}

/** orgKeyCreateResp: `org_key` and `org_secret` appear in this response only. */
export const OrgKeyCreateResp = apiKeyOut("org").extend({
  org_key: z.string(),
  org_secret: z.string(),
});
export type OrgKeyCreateResp = z.infer<typeof OrgKeyCreateResp>;

/** The name of a new user or org key: optional (absent or blank: a name is generated), at most 100 characters. */
export const optionalKeyName = z
  .string({ error: "invalid name" })
  .trim()
  .max(100, "invalid name")
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** A new key's lifetime in hours: 0 or absent is no expiry; at most ten years. */
export const expiresInHours = z
  .number({ error: "invalid expires_in_hours" })
  .int("invalid expires_in_hours")
  .min(0, "invalid expires_in_hours")
  .max(24 * 365 * 10, "invalid expires_in_hours")
  .optional()
  .transform((v) => (v === 0 ? undefined : v));

/** A generated key name: the key's shown prefix (what listings show too), e.g. `key org_AbCd`. */
export function generatedKeyName(prefix: string): string {
  return `key ${prefix}`;
}

/** POST /orgs/{id}/api-keys: without a name (or a blank one) the key gets a generated name; `expires_in_hours` 0 or absent: no expiry. */
export const CreateOrgKeyParams = z.object({
  id: z.uuid({ error: "invalid id" }),
  name: optionalKeyName,
  expires_in_hours: expiresInHours,
});

/** DELETE /orgs/{id}/api-keys/{key_id} */
export const OrgKeyIdParams = z.object({ id: z.uuid({ error: "invalid id" }), key_id: z.uuid({ error: "invalid id" }) });

/**
 * `auth.getUsers` {ids} → [{id, primary_email}]: e-mails of users for the member list (the orgs
 * service asks auth; missing ids are simply absent). Owned by auth; declared here because the
 * orgs service is its consumer.
 */
export const GetUsersParams = z.object({ ids: z.array(z.uuid()).max(1000) });
export const UserSummary = z.object({ id: z.string(), primary_email: z.string() });
export type UserSummary = z.infer<typeof UserSummary>;

/** Params of `orgs.finishDeletion` (a job): completes a deletion once every purge succeeded. */
export const FinishDeletionParams = z.object({ organization_id: z.uuid() });
/** Result of `orgs.finishDeletion` when the organization is gone. */
export const FinishDeletionResult = z.object({ organization_id: z.string(), deleted: z.boolean() });

/** Params of `orgs.inspect` (REPL `org <id>`): an organization with its members, keys and deletion state. */
export const InspectOrgParams = z.object({ id: z.uuid({ error: "invalid id" }) });

/** `orgs.status`: whether the organization is in use or being deleted. */
export const OrgStatusOut = z.object({ status: z.enum(["active", "deleting"]) });
export type OrgStatusOut = z.infer<typeof OrgStatusOut>;

/** Result of `orgs.inspect`: what operators see of an organization; never a secret or hash. */
export const OrgInspection = Organization.pick({ id: true, name: true, domain: true }).extend({
  status: z.string(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  deletion: z
    .object({
      requested_by: z.string(),
      requested_at: z.string(),
      purges: z.array(z.object({ type: z.string(), job_id: z.string(), rounds: z.number() })),
    })
    .nullable(),
  /** `email` is "" for a user the auth service no longer knows. */
  members: z.array(z.object({ user_id: z.string(), email: z.string(), role: z.string(), since: z.string() })),
  api_keys: z.array(ApiKeyRecord.extend({ created_by: z.string() })),
});
export type OrgInspection = z.infer<typeof OrgInspection>;

/** Where a purge job of a deleting organization stands (null: the job no longer exists). */
export const PurgeJobState = z
  .object({
    status: JobStatus,
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    last_error: z.string(),
    run_at: z.string(),
    updated_at: z.string(),
  })
  .nullable();

/**
 * GET /admin/organizations/{id} (administrators, the operator console): the organization as
 * `orgs.inspect` shows it (members with their e-mails, org keys without secrets), each purge of a
 * deletion with the state of its job. Never a secret or a hash.
 */
export const AdminOrganization = OrgInspection.extend({
  deletion: z
    .object({
      requested_by: z.string(),
      requested_at: z.string(),
      purges: z.array(z.object({ type: z.string(), job_id: z.string(), rounds: z.number(), job: PurgeJobState })),
    })
    .nullable(),
});
export type AdminOrganization = z.infer<typeof AdminOrganization>;

/** One organization found by the administrators' search. */
export const AdminOrgSummary = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type AdminOrgSummary = z.infer<typeof AdminOrgSummary>;
