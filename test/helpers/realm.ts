/**
 * Jest runs each test file in its own realm (a vm context), while Node's own modules (the DNS
 * resolver, fetch's `json()`) build their arrays and objects in Node's realm; node:assert's strict
 * deepEqual compares prototypes, so such values are copied into the test's realm before comparing.
 */
export function inTestRealm<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
