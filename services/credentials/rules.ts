import { sha256Hex } from "../../shared/crypto.ts";
import type { CreateCredentialParams, Scope, Secret } from "../../shared/contracts/credentials.ts";
import type { Provider, ScopeKind } from "./models.ts";

/**
 * The rules of a credential's body (provider ↔ kind, the scope per scope_kind, the secret per
 * kind, versions, texts, the DNS-hosting rules) are the contract's: shared/contracts/credentials.ts.
 * What is left here is storage's: the key that makes (provider, scope_kind, scope) unique.
 */

export type { Scope, Secret };

/** Canonical (provider, scope_kind, scope), hashed: the value of the unique index. */
export function scopeKey(provider: Provider, scopeKind: ScopeKind, scope: Scope): string {
  const canonical = JSON.stringify([
    provider,
    scopeKind,
    Object.keys(scope)
      .sort()
      .map((k) => [k, scope[k]]),
  ]);
  return sha256Hex(canonical);
}

/** A checked create request with the key of its scope: the fields of the stored document but its id and ciphertext. */
export function withScopeKey(input: CreateCredentialParams): CreateCredentialParams & { scope_key: string } {
  return { ...input, scope_key: scopeKey(input.provider, input.scope_kind, input.scope) };
}
