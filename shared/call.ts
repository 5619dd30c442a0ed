import type { CallingOptions } from "moleculer";
import type { z } from "zod";
import type { ActionContract } from "./contracts/action.ts";
import type { Caller } from "./service.ts";

/**
 * The one way to call another service's action: through its contract. The action's name comes
 * from the contract; the params are typed by its input schema (and parsed by that same schema
 * where the action runs: ZodParamsMiddleware); the answer is parsed by its output schema here,
 * so nothing crosses the bus unchecked and the caller gets the contract's type.
 */
export async function call<S extends z.ZodType, R>(caller: Caller, contract: ActionContract<S, R>, params: z.input<S>, opts?: CallingOptions): Promise<R> {
  const answer: unknown = await caller.call(contract.name, params, opts);
  return contract.output ? contract.output.parse(answer) : (answer as R);
}
