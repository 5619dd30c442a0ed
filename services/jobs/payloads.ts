import type { z } from "zod";
import { ALL_CONTRACTS } from "../../shared/contracts/all.ts";

let inputs: Map<string, z.ZodType> | undefined;

/** The `input` schema of the action a job type names (the handler's parameters), if its contract has one. */
export function jobPayloadSchema(type: string): z.ZodType | undefined {
  inputs ??= new Map(ALL_CONTRACTS.map((c) => [c.name, c.input] as const));
  return inputs.get(type);
}
