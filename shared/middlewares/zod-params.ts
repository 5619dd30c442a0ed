import type { Context, Middleware } from "moleculer";
import { inputSchemaOf, parseOrThrow } from "../validation.ts";

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
};
