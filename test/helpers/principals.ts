import { randomBytes } from "node:crypto";
import { strict as assert } from "node:assert";
import type { ServiceBroker } from "moleculer";
import type { HttpClient } from "./http.ts";
import { TokenPair } from "../../shared/contracts/auth.ts";

export interface SignedIn {
  email: string;
  user_id: string;
  tokens: TokenPair;
  /** `{ authorization: "Bearer …" }` */
  bearer: Record<string, string>;
}

/** A unique e-mail address for a test user. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * Signs a user in the way `npm run token` does (auth.devLogin over the bus), creating the user.
 * Social login itself is tested in the identity tests.
 */
export async function signIn(broker: ServiceBroker, email = uniqueEmail(), opts: { admin?: boolean } = {}): Promise<SignedIn> {
  const tokens = TokenPair.parse(await broker.call("auth.devLogin", { email, admin: opts.admin ?? false }));
  const payload = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { sub: string };
  return { email, user_id: payload.sub, tokens, bearer: { authorization: `Bearer ${tokens.access_token}` } };
}

/** Headers of an [org] request made by a signed-in user. */
export function orgHeaders(user: SignedIn, organizationId: string): Record<string, string> {
  return { ...user.bearer, "x-org-id": organizationId };
}

/** A signed-in user with an organization of their own: the other tenant of isolation tests. */
export interface Tenant {
  user: SignedIn;
  orgId: string;
  /** Bearer + X-Org-ID headers for the organization's [org] routes. */
  h: Record<string, string>;
  /** A client that sends those headers on every request. */
  http: HttpClient;
}

/** Signs a new user in and creates an organization they own (through POST /api/v1/orgs). */
export async function newTenant(stack: { broker: ServiceBroker; http: HttpClient }, name = "Org"): Promise<Tenant> {
  const user = await signIn(stack.broker);
  const res = await stack.http.post("/api/v1/orgs", { name }, { headers: user.bearer });
  assert.equal(res.status, 201, res.text);
  const orgId = (res.json as { id: string }).id;
  const h = orgHeaders(user, orgId);
  return { user, orgId, h, http: stack.http.with(h) };
}
