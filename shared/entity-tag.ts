import { createHash } from "node:crypto";

/**
 * Entity tags (RFC 9110 §8.8.3) of the API's answers: a strong tag of the JSON the gateway
 * sends, the same whoever computes it (the gateway for the `ETag` header, a service for the
 * representation an `If-Match` names), since both serialize the answer with `JSON.stringify`.
 */
export function entityTagOfBody(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** The entity tag of an answer as the gateway would send it. */
export function entityTagOf(answer: unknown): string {
  return entityTagOfBody(JSON.stringify(answer));
}

/** An `If-Match` / `If-None-Match` value: `*`, or the list of entity tags it names (weak ones keep their `W/`). */
export type EntityTagCondition = "*" | readonly string[];

/** Parses a conditional header (a comma-separated list of quoted tags, or `*`); undefined when absent or blank. */
export function parseEntityTags(header: string | readonly string[] | undefined): EntityTagCondition | undefined {
  if (header === undefined) return undefined;
  const raw = (typeof header === "string" ? header : header.join(",")).trim();
  if (raw === "") return undefined;
  if (raw === "*") return "*";
  return raw.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/** `If-Match`: strong comparison (a weak tag never matches). */
export function ifMatchHolds(condition: EntityTagCondition, current: string): boolean {
  return condition === "*" || condition.includes(current);
}

/** `If-None-Match`: weak comparison; true when the client's copy is current (answer 304). */
export function ifNoneMatchHolds(header: string | undefined, current: string): boolean {
  const condition = parseEntityTags(header);
  if (condition === undefined) return false;
  return condition === "*" || condition.some((tag) => tag.replace(/^W\//, "") === current.replace(/^W\//, ""));
}
