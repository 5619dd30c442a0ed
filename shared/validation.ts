import type { Context, ServiceSchema } from "moleculer";
import { z } from "zod";
import type { RequestMeta } from "./context.ts";
import type { Access, AccessLocals, ActionContract, EffectiveAccess, HttpRoute } from "./contracts/action.ts";
import { apiError } from "./errors.ts";

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

/**
 * Our messages are written lower-case and complete ("invalid bits", "missing fields: name");
 * zod's own messages get the field path in front.
 */
export function describeZodError(error: z.ZodError): string {
  const parts: string[] = [];
  for (const issue of error.issues.slice(0, 5)) {
    const path = issue.path.map(String).join(".");
    if (/^(invalid|missing|unknown|must|too|duplicate) /.test(issue.message) || path === "") parts.push(issue.message);
    else parts.push(`${path}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`);
  }
  return [...new Set(parts)].join("; ");
}

/** Parses `value` or throws a 400 `validation_error` with a readable message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw apiError("validation_error", describeZodError(result.error));
  return result.data;
}
