import { z } from "zod";

/** Params of `orgs.membership` (the gateway calls it for every user request to an [org] route). */
export const MembershipParams = z.object({ organization_id: z.uuid(), user_id: z.uuid() });
/** Result: the member's role, or null when the user is not a member or the organization does not exist (or is being deleted). */
export const Membership = z.object({ role: z.enum(["owner", "admin", "member"]) }).nullable();
export type Membership = z.infer<typeof Membership>;

/** Params of `orgs.resolveOrgKey`: the X-ORG-KEY and X-ORG-SECRET headers. */
export const ResolveOrgKeyParams = z.object({ key: z.string().min(1).max(200), secret: z.string().min(1).max(200) });
/** Result: the key's organization, or null for unknown/revoked/expired keys or a wrong secret. */
export const ResolvedOrgKey = z.object({ organization_id: z.uuid(), key_id: z.uuid() }).nullable();

/**
 * Broadcast when memberships or org keys change, so gateways drop what they cached.
 * Payload: `{ organization_id, user_id? , key_id? }`.
 */
export const ORGS_ACCESS_CHANGED = "orgs.access.changed";

/** The Organization resource (models.Organization). */
export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
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
