import { z } from "zod";

/** Ids are UUIDs (v4 or v7) stored as strings. */
export const uuid = z.uuid({ error: "invalid id" });

/** `{id}` path params of single-resource routes. */
export const idParams = z.object({ id: uuid });

/**
 * The schema of an API resource: `id` first, then `fields`, then `created_at` and `updated_at`
 * (RFC 3339 strings), in the order the spec lists every resource's fields.
 */
export function resource<F extends z.ZodRawShape>(fields: F) {
  return z.object({ id: z.string(), ...fields, created_at: z.string(), updated_at: z.string() });
}

/** The schema of an organization's resource: `organization_id` right after the `id`. */
export function orgResource<F extends z.ZodRawShape>(fields: F) {
  return resource({ organization_id: z.string(), ...fields });
}

/** A trimmed, non-empty string no longer than `max`. Objects/arrays fail (no operator injection). */
export function text(max = 255) {
  return z.string().trim().min(1).max(max);
}

/** A string query filter: optional, trimmed; empty means "not given". */
export const queryText = z
  .string()
  .max(256)
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** RFC 3339 UTC with milliseconds, the only timestamp format responses use. */
export const timestamp = z.iso.datetime();

export function toTimestamp(d: Date): string {
  return d.toISOString();
}

/** Escapes a user string for literal use inside a RegExp (a `q` of `.*` matches literally). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Two given values of a field and its alias name the same thing (strings compared trimmed). */
function sameValue(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" ? a.trim() === b.trim() : a === b;
}

/** Absent, or a blank string (what an empty query filter or an unset field sends). */
function blank(v: unknown): boolean {
  return v === undefined || (typeof v === "string" && v.trim() === "");
}

/**
 * An input that also accepts `alias` as the name of `field` (the newer spelling of the API this
 * one replaces: `cluster_provider` for a cluster's `provider`). The alias stands for the field
 * when the field is absent or blank; both given and different is 400 `invalid <alias>: differs
 * from <field>`. The parsed value has the field only. Both names stay in the documented input.
 */
export function withAlias<S extends z.ZodObject, A extends keyof z.output<S> & string>(schema: S, field: keyof z.output<S> & string, alias: A) {
  return schema.transform((value, ctx): Omit<z.output<S>, A> => {
    const { [alias]: aliased, ...rest }: Record<string, unknown> = value;
    const own = (rest as Record<string, unknown>)[field];
    if (aliased === undefined || (blank(aliased) && own !== undefined)) return rest as Omit<z.output<S>, A>;
    if (!blank(own) && !sameValue(own, aliased)) {
      ctx.addIssue({ code: "custom", message: `invalid ${alias}: differs from ${field}` });
      return z.NEVER;
    }
    return { ...rest, [field]: aliased } as Omit<z.output<S>, A>;
  });
}
