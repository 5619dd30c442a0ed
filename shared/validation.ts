import type { Context, Middleware, ServiceSchema } from "moleculer";
import { z } from "zod";
import type { RequestMeta } from "./context.ts";
import { apiError } from "./errors.ts";

type ActionSchema = NonNullable<ServiceSchema["actions"]>[string];

/**
 * An action whose params are parsed by a zod schema before the handler runs. `input` replaces
 * Moleculer's `params` so the default validator keeps serving Moleculer's own actions.
 */
export interface ZodActionDef<S extends z.ZodType, R> {
  input: S;
  /** `published`: reachable from the gateway's whitelist; `public`: service-to-service only. */
  visibility: "published" | "public" | "protected";
  /** A one-line description (shown in the REPL's `actions` listing). */
  description?: string;
  timeout?: number;
  /**
   * Safe to call again after a timeout or a lost node (a read, or a write whose repetition is
   * harmless): the broker's retry middleware retries only such calls (see moleculer.config.ts).
   */
  idempotent?: boolean;
  /** The result's schema: documents the response (OpenAPI) and lets tests check bodies against it. */
  output?: z.ZodType<R>;
  handler: (ctx: Context<z.output<S>, RequestMeta>) => Promise<R> | R;
}

/** JSON Schemas of an action's params and result; plain data, so it travels in the service registry. */
export interface ActionJsonSchemas {
  input: Record<string, unknown>;
  output?: Record<string, unknown>;
}

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Moleculer deep-clones action definitions (lodash cloneDeep), which would turn a zod schema
 * into a plain object; functions survive by reference, so the schema travels behind one.
 */
export function defineAction<S extends z.ZodType, R>(def: ZodActionDef<S, R>): ActionSchema {
  const { input, output, ...rest } = def;
  const schemas: ActionJsonSchemas = { input: jsonSchemaOf(input, "input") };
  if (output) schemas.output = jsonSchemaOf(output, "output");
  return { ...rest, zodInput: () => input, schemas } as unknown as ActionSchema;
}

/** The zod input schema of an action defined with `defineAction` (OpenAPI generation, tests). */
export function inputSchemaOf(action: unknown): z.ZodType | undefined {
  const get = (action as { zodInput?: unknown } | null)?.zodInput;
  if (typeof get !== "function") return undefined;
  const schema: unknown = get();
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

/** Broker middleware: validates and replaces `ctx.params` for actions declared with `input`. */
export const ZodParamsMiddleware: Middleware = {
  name: "ZodParams",
  localAction(handler: (ctx: Context) => unknown, action: unknown) {
    const schema = inputSchemaOf(action);
    if (!schema) return handler;
    // async, so a validation failure is a rejected promise like any other action error
    return async function validateWithZod(ctx: Context) {
      ctx.params = parseOrThrow(schema, ctx.params ?? {});
      return handler(ctx);
    };
  },
} as Middleware;
