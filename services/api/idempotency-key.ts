import type { RequestMeta } from "../../shared/context.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { IDEMPOTENCY_KEY_MAX, requestFingerprint, type IdempotencyRequest } from "../../shared/idempotency.ts";

/** Methods whose requests take an Idempotency-Key. */
const KEYED = new Set(["POST", "PATCH"]);

/**
 * The `Idempotency-Key` of a POST or PATCH (the IETF draft's header: a structured-field string,
 * quoted or bare), checked (1 to 255 characters, else 400) and scoped to the authenticated caller
 * and the organization; undefined without the header, on other methods, and on routes without a
 * caller (sign-in: nothing to scope a key to). The owning service records and replays it
 * (shared/idempotency.ts).
 */
export function idempotencyOf(
  method: string,
  path: string,
  header: string | string[] | undefined,
  meta: RequestMeta,
  action: string,
  params: Record<string, unknown>,
): IdempotencyRequest | undefined {
  if (!KEYED.has(method) || header === undefined) return undefined;
  const raw = Array.isArray(header) ? header.join(",") : header;
  const key = /^"(.*)"$/.exec(raw.trim())?.[1] ?? raw.trim();
  if (key.length === 0) throw MESSAGES.idempotencyKeyEmpty.error();
  if (key.length > IDEMPOTENCY_KEY_MAX) throw MESSAGES.idempotencyKeyTooLong.error(IDEMPOTENCY_KEY_MAX);
  const p = meta.principal;
  if (!p) return undefined;
  const caller = p.kind === "user" ? `user:${p.user_id}` : `key:${p.key_id}`;
  return { key, scope: `${caller}:${meta.org?.id ?? ""}`, fingerprint: requestFingerprint(method, path, params), action };
}
