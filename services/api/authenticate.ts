import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from "jose";
import { Context, Errors, type ServiceBroker } from "moleculer";
import type { IncomingMessage } from "node:http";
import type { AppConfig } from "../../shared/config.ts";
import type { Principal, RequestMeta } from "../../shared/context.ts";
import { call } from "../../shared/call.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import type { Jwks, ResolvedApiKey, UserStatus } from "../../shared/contracts/auth.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import type { Membership, ResolvedOrgKey } from "../../shared/contracts/orgs.ts";
import { sha256Hex } from "../../shared/crypto.ts";
import { apiError, MESSAGES } from "../../shared/errors.ts";
import { TtlCache } from "../../shared/ttl-cache.ts";
import type { AuthMode } from "./routes.ts";

type UserPrincipal = Extract<Principal, { kind: "user" }>;

/** RFC 6750: `Bearer 1*SP token`, the scheme case-insensitive (RFC 7235). */
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;
/** An unknown `kid` refetches the JWKS at most this often. */
const JWKS_REFETCH_MS = 5_000;
const USER_STATUS_TTL_MS = 30_000;
/**
 * X-API-KEY resolutions (hits and misses) are cached this long (never beyond the key's expiry);
 * a revoke clears them at once. A minute keeps `last_used_at` within its once-a-minute resolution
 * (the resolution is what records the use).
 */
const API_KEY_TTL_MS = 60_000;
/**
 * A verified access token is remembered until it expires (by its sha256): verifying an EdDSA
 * signature costs more CPU than the rest of a small request. Signing keys are never withdrawn
 * early (a retired key verifies until its tokens expire), and the user's status is checked on
 * every request, so a cached verification answers exactly what verifying again would.
 */
const VERIFIED_TOKEN_TTL_MS = 24 * 3_600_000;
/** Memberships and org-key resolutions are cached this long; ORGS_ACCESS_CHANGED clears them at once. */
const ORG_ACCESS_TTL_MS = 30_000;

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  if (Array.isArray(v)) return v.length === 1 ? v[0] : "\u0000invalid";
  return v;
}

const unauthorized = () => apiError("unauthorized");

/** How many kinds of credentials a request carries: bearer token, user API key, org key/secret. */
function credentialKinds(req: IncomingMessage): number {
  const orgKey = header(req, "x-org-key") !== undefined || header(req, "x-org-secret") !== undefined;
  return [header(req, "authorization") !== undefined, header(req, "x-api-key") !== undefined, orgKey].filter(Boolean).length;
}

/**
 * Gateway authentication and authorization: verifies access tokens locally against cached
 * public keys, resolves user API keys and org keys through their owning services, and fills
 * `ctx.meta.principal` (and `ctx.meta.org` for [org] routes).
 */
/**
 * A cluster-scoped org key (minted for a run's bastion to call back) reaches only the routes
 * whose `clusterID` path param is its cluster: 403 `forbidden` for any other route.
 */
export function authorizeClusterScope(principal: Principal | undefined, pathParams: Record<string, unknown> | undefined): void {
  if (principal?.kind !== "org_key" || principal.cluster_id === undefined) return;
  const clusterId = pathParams?.clusterID;
  if (typeof clusterId !== "string" || clusterId.toLowerCase() !== principal.cluster_id) throw apiError("forbidden");
}

export class Authenticator {
  private keySet?: ReturnType<typeof createLocalJWKSet>;
  private keysFetchedAt = 0;
  private readonly userStatus = new TtlCache<UserStatus | null>(USER_STATUS_TTL_MS);
  /** sha256 of the token → its subject (never the token itself). */
  private readonly verifiedTokens = new TtlCache<string>(VERIFIED_TOKEN_TTL_MS);
  /** sha256 of the key → its resolution (never the key itself). */
  private readonly apiKeys = new TtlCache<ResolvedApiKey>(API_KEY_TTL_MS);
  /** Bumped by every key revocation, so a resolution fetched before it is never cached after it. */
  private apiKeyGeneration = 0;
  /** `<org>:<user>` → role or null. */
  private readonly memberships = new TtlCache<Membership>(ORG_ACCESS_TTL_MS);
  /** sha256(key):sha256(secret) → resolution (never the key or the secret). */
  private readonly orgKeys = new TtlCache<ResolvedOrgKey>(ORG_ACCESS_TTL_MS);
  /** Bumped by every access change, so an answer fetched before the change is never cached after it. */
  private orgAccessGeneration = 0;
  /** When the credential a request was authorized with expires (ms since the epoch), for those that do. */
  private readonly expiries = new WeakMap<IncomingMessage, number>();

  constructor(private readonly cfg: AppConfig) {}

  /** Establishes who calls and checks they may use a route of `mode`. */
  async authorize(ctx: Context<unknown, RequestMeta>, req: IncomingMessage, mode: AuthMode): Promise<void> {
    // one identity per request, on every authenticated route (two would be ambiguous)
    if (mode !== "none" && credentialKinds(req) > 1) throw unauthorized();
    switch (mode) {
      case "none":
        return;
      case "bearer":
        ctx.meta.principal = await this.bearerPrincipal(ctx, req);
        return;
      case "user":
        ctx.meta.principal = await this.userPrincipal(ctx, req);
        return;
      case "admin": {
        const p = await this.bearerPrincipal(ctx, req);
        if (!p.is_admin) throw apiError("forbidden");
        ctx.meta.principal = p;
        return;
      }
      case "org":
        await this.authorizeOrg(ctx, req);
        return;
    }
  }

  /** When the credential `req` was authorized with expires (ms since the epoch): an access token's `exp`, a key's `expires_at`; undefined when it does not. */
  expiryOf(req: IncomingMessage): number | undefined {
    return this.expiries.get(req);
  }

  /**
   * Whether the credentials of a request authorized earlier (an open event stream's) still
   * authorize the same caller on a route of `mode`: false once they are revoked or expired, the
   * user disabled, or the access to the organization gone. Rejects when it cannot tell (a service
   * that answers is out).
   */
  async stillAuthorized(broker: ServiceBroker, req: IncomingMessage, mode: AuthMode, as: Pick<RequestMeta, "principal" | "org">): Promise<boolean> {
    const ctx = new Context<unknown, RequestMeta>(broker);
    ctx.meta = {};
    try {
      await this.authorize(ctx, req, mode);
    } catch (err) {
      if (err instanceof Errors.MoleculerClientError && err.code < 500) return false;
      throw err;
    }
    const [now, then] = [ctx.meta.principal, as.principal];
    const same = now?.kind === "user" ? then?.kind === "user" && then.user_id === now.user_id : now?.kind === "org_key" && then?.kind === "org_key" && then.key_id === now.key_id;
    return same && ctx.meta.org?.id === as.org?.id;
  }

  /** A user changed (disabled, admin flag): forget what we cached. */
  forgetUser(userId: string): void {
    this.userStatus.delete(userId);
  }

  /** A user API key was revoked: drop every cached resolution (revokes are rare; this is immediate). */
  forgetApiKeys(): void {
    this.apiKeyGeneration += 1;
    this.apiKeys.clear();
  }

  /** Memberships, roles, org keys or the status of an organization changed: forget them at once. */
  forgetOrganization(organizationId: string): void {
    this.orgAccessGeneration += 1;
    this.memberships.clear(`${organizationId}:`);
    this.orgKeys.clear(); // key changes are rare; the cache is keyed by hashes, not by organization
  }

  private async resolveOrgKey(ctx: Context<unknown, RequestMeta>, key: string, secret: string): Promise<ResolvedOrgKey> {
    const cacheKey = `${sha256Hex(key)}:${sha256Hex(secret)}`;
    let found = this.orgKeys.get(cacheKey);
    if (found === undefined) {
      const generation = this.orgAccessGeneration;
      found = await call(ctx, ORGS_ACTIONS.resolveOrgKey, { key, secret });
      if (generation === this.orgAccessGeneration) this.orgKeys.set(cacheKey, found);
    }
    if (found?.expires_at && Date.parse(found.expires_at) <= Date.now()) return null;
    return found;
  }

  private async membership(ctx: Context<unknown, RequestMeta>, organizationId: string, userId: string): Promise<Membership> {
    const cacheKey = `${organizationId}:${userId}`;
    let found = this.memberships.get(cacheKey);
    if (found === undefined) {
      const generation = this.orgAccessGeneration;
      found = await call(ctx, ORGS_ACTIONS.membership, { organization_id: organizationId, user_id: userId });
      if (generation === this.orgAccessGeneration) this.memberships.set(cacheKey, found);
    }
    return found;
  }

  private async userPrincipal(ctx: Context<unknown, RequestMeta>, req: IncomingMessage): Promise<UserPrincipal> {
    const hasBearer = header(req, "authorization") !== undefined;
    const apiKey = header(req, "x-api-key");
    if (hasBearer && apiKey !== undefined) throw unauthorized(); // ambiguous: two identities
    if (apiKey !== undefined) return this.apiKeyPrincipal(ctx, req, apiKey);
    return this.bearerPrincipal(ctx, req);
  }

  private async bearerPrincipal(ctx: Context<unknown, RequestMeta>, req: IncomingMessage): Promise<UserPrincipal> {
    const raw = header(req, "authorization");
    const token = raw === undefined ? undefined : BEARER.exec(raw.trim())?.[1];
    if (!token) throw unauthorized();
    const userId = await this.verifyAccessToken(ctx, token);
    const { exp } = decodeJwt(token); // verified just now: its exp is a number
    if (typeof exp === "number") this.expiries.set(req, exp * 1000);
    const status = await this.activeUser(ctx, userId);
    return { kind: "user", user_id: userId, is_admin: status.is_admin, via: "bearer" };
  }

  private async apiKeyPrincipal(ctx: Context<unknown, RequestMeta>, req: IncomingMessage, key: string): Promise<UserPrincipal> {
    if (key.length < 8 || key.length > 200) throw unauthorized();
    const cacheKey = sha256Hex(key);
    let found = this.apiKeys.get(cacheKey);
    if (found === undefined) {
      const generation = this.apiKeyGeneration;
      found = await call(ctx, AUTH_ACTIONS.resolveApiKey, { key });
      if (generation === this.apiKeyGeneration) this.apiKeys.set(cacheKey, found, found?.expires_at ? Date.parse(found.expires_at) : undefined);
    }
    if (!found || (found.expires_at !== null && Date.parse(found.expires_at) <= Date.now())) throw unauthorized();
    if (found.expires_at !== null) this.expiries.set(req, Date.parse(found.expires_at));
    const status = await this.activeUser(ctx, found.user_id);
    return { kind: "user", user_id: found.user_id, is_admin: status.is_admin, via: "api_key" };
  }

  private async authorizeOrg(ctx: Context<unknown, RequestMeta>, req: IncomingMessage): Promise<void> {
    const orgKey = header(req, "x-org-key");
    const orgSecret = header(req, "x-org-secret");
    const orgIdHeader = header(req, "x-org-id");
    if (orgKey !== undefined || orgSecret !== undefined) {
      if (orgKey === undefined || orgSecret === undefined) throw unauthorized();
      if (header(req, "authorization") !== undefined || header(req, "x-api-key") !== undefined) throw unauthorized();
      if (orgKey.length === 0 || orgSecret.length === 0 || orgKey.length > 200 || orgSecret.length > 200) throw unauthorized();
      const found = await this.resolveOrgKey(ctx, orgKey, orgSecret);
      if (!found) throw unauthorized();
      if (orgIdHeader !== undefined && orgIdHeader.trim().toLowerCase() !== found.organization_id) throw apiError("forbidden");
      if (found.expires_at) this.expiries.set(req, Date.parse(found.expires_at));
      ctx.meta.principal = {
        kind: "org_key",
        key_id: found.key_id,
        organization_id: found.organization_id,
        ...(found.cluster_id === undefined ? {} : { cluster_id: found.cluster_id }),
      };
      ctx.meta.org = { id: found.organization_id };
      return;
    }
    const principal = await this.userPrincipal(ctx, req);
    ctx.meta.principal = principal;
    if (orgIdHeader === undefined || orgIdHeader.trim() === "") throw apiError("organization_required");
    const orgId = orgIdHeader.trim().toLowerCase();
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(orgId)) throw MESSAGES.invalidOrgIdHeader.error();
    const membership = await this.membership(ctx, orgId, principal.user_id);
    if (!membership) throw apiError("forbidden");
    ctx.meta.org = { id: orgId, role: membership.role };
  }

  private async verifyAccessToken(ctx: Context<unknown, RequestMeta>, token: string): Promise<string> {
    const cacheKey = sha256Hex(token);
    const known = this.verifiedTokens.get(cacheKey);
    if (known !== undefined) return known;
    for (let attempt = 0; attempt < 2; attempt++) {
      const keySet = await this.keys(ctx, attempt > 0);
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer: this.cfg.JWT_ISSUER,
          audience: this.cfg.JWT_AUDIENCE,
          algorithms: ["EdDSA", "RS256"],
          requiredClaims: ["sub", "exp", "iat", "jti"],
          clockTolerance: 5,
        });
        if (typeof payload.sub !== "string" || !/^[0-9a-f-]{36}$/.test(payload.sub)) throw unauthorized();
        if (typeof payload.exp === "number") this.verifiedTokens.set(cacheKey, payload.sub, payload.exp * 1000);
        return payload.sub;
      } catch (err) {
        const unknownKid = err instanceof joseErrors.JWKSNoMatchingKey;
        if (unknownKid && attempt === 0 && Date.now() - this.keysFetchedAt > JWKS_REFETCH_MS) continue;
        throw unauthorized();
      }
    }
    throw unauthorized();
  }

  private async keys(ctx: Context<unknown, RequestMeta>, refresh: boolean): Promise<ReturnType<typeof createLocalJWKSet>> {
    if (!this.keySet || refresh) {
      let jwks: Jwks;
      try {
        jwks = await call(ctx, AUTH_ACTIONS.jwks, {});
      } catch (err) {
        if (this.keySet) return this.keySet;
        throw err;
      }
      this.keySet = createLocalJWKSet(jwks);
      this.keysFetchedAt = Date.now();
    }
    return this.keySet;
  }

  private async activeUser(ctx: Context<unknown, RequestMeta>, userId: string): Promise<UserStatus> {
    let status = this.userStatus.get(userId);
    if (status === undefined) {
      status = await call(ctx, AUTH_ACTIONS.userStatus, { user_id: userId });
      this.userStatus.set(userId, status);
    }
    if (!status || status.is_disabled) throw unauthorized();
    return status;
  }
}
