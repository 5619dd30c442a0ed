import type { Context, ServiceSchema } from "moleculer";
import { z } from "zod";
import type { RequestMeta } from "./context.ts";
import type { Access, AccessLocals, ActionContract, EffectiveAccess, HttpRoute } from "./contracts/action.ts";
import { apiError, MESSAGES } from "./errors.ts";

type ActionSchema = NonNullable<ServiceSchema["actions"]>[string];

/** The context a handler receives: parsed params, the gateway's meta, and what its access rule established. */
export type ActionContext<S extends z.ZodType, A extends Access | undefined, H extends HttpRoute | undefined> = Context<
  z.output<S>,
  RequestMeta,
  AccessLocals<EffectiveAccess<A, H>>
>;

/**
 * Implements a contract (shared/contracts/): its params are parsed by the contract's zod schema
 * before the handler runs (`zodInput` replaces Moleculer's `params`, so the default validator keeps
 * serving Moleculer's own actions), and its access rule is checked (AccessMiddleware). Moleculer
 * deep-clones action definitions (lodash cloneDeep), which would turn a zod schema into a plain
 * object; functions survive by reference, so the schema travels behind one. The rest of the
 * contract (http, access, idempotent) is plain data and reaches other nodes with the registry.
 */
export function defineAction<S extends z.ZodType, R, A extends Access | undefined, H extends HttpRoute | undefined>(
  contract: ActionContract<S, R, A, H>,
  handler: (ctx: ActionContext<S, A, H>) => Promise<R> | R,
): ActionSchema {
  const { input, output: _documentedOnly, name, ...rest } = contract;
  return { ...rest, contractName: name, zodInput: () => input, handler } as unknown as ActionSchema;
}

/** The zod input schema of an action defined with `defineAction`. */
export function inputSchemaOf(action: unknown): z.ZodType | undefined {
  const get = (action as { zodInput?: unknown } | null)?.zodInput;
  if (typeof get !== "function") return undefined;
  const schema: unknown = (get as () => unknown)();
  return schema instanceof z.ZodType ? schema : undefined;
}

const MISSING_PREFIX = "missing fields: ";

/**
 * One message in the codebase's words for every refusal of a schema: the fields that are absent,
 * together (`missing fields: key, value`), then each other refusal (`invalid <field>`). Our own
 * messages are written lower-case ("invalid bits", "missing fields: name") and kept; a
 * validator's default text (capitalised: zod's "Invalid input: expected string, received
 * undefined") is never shown: an absent field is missing, anything else is `invalid <field>`.
 */
export function describeZodError(error: z.ZodError): string {
  const missing: string[] = [];
  const other: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "";
    if (issue.message.startsWith(MISSING_PREFIX)) missing.push(...issue.message.slice(MISSING_PREFIX.length).split(", "));
    else if (/^[a-z]/.test(issue.message) || field === "") other.push({ field, message: issue.message });
    else if (issue.code === "invalid_type" && issue.message.endsWith("received undefined")) missing.push(field);
    else other.push({ field, message: `invalid ${field}` });
  }
  // a field is named once: when missing, not also invalid
  const invalid = other.filter((o) => o.field === "" || !missing.includes(o.field)).map((o) => o.message);
  const parts = missing.length > 0 ? [`${MISSING_PREFIX}${[...new Set(missing)].join(", ")}`] : [];
  return [...parts, ...new Set(invalid)].slice(0, 5).join("; ");
}

/** Parses `value` or throws a 400 `validation_error` with a readable message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw apiError("validation_error", describeZodError(result.error));
  return result.data;
}

/**
 * Parses a body and answers its first refusal only, as a handler checking it field by field would:
 * the required fields that are absent, all together (`missing fields: a, b`, in the schema's order;
 * `null`, or a value the field's own preprocessing makes absent, counts as absent), else the first
 * refusal of the first field of `order` that has one, else one of the whole body (a rule across
 * fields). A refusal says the schema's own lower-case message, else `invalid <field>` (never a
 * validator's default text). For a body the action's input takes loosely and the service parses
 * after its lookup (an unknown resource answers 404 before any body check).
 */
export function parseFirstRefusal<S extends z.ZodType>(schema: S, value: unknown, order: readonly (keyof z.input<S> & string)[]): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const { issues } = result.error;
  const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  const required = (field: string) => !shape[field]!.safeParse(undefined).success;
  const absent = (field: string) => issues.some((i) => i.path.length === 1 && i.path[0] === field && (i.input === undefined || i.input === null));
  const missing = Object.keys(shape).filter((field) => absent(field) && required(field));
  if (missing.length > 0) throw MESSAGES.missingFields.error(missing);
  const first = [...order.map((field) => issues.find((i) => i.path[0] === field)), ...issues].find((i) => i !== undefined)!;
  const field = first.path.length > 0 ? String(first.path[0]) : "";
  if (/^[a-z]/.test(first.message)) throw apiError("validation_error", first.message);
  throw field === "" ? apiError("validation_error") : MESSAGES.invalidField.error(field);
}
