import type { QueryFilter } from "mongoose";
import { MESSAGES } from "../../shared/errors.ts";
import type { DnsModels, RecordSetDoc, RecordTypeName } from "./models.ts";

/**
 * RFC 1034 §3.6.2: a name with a CNAME has no other data. A CNAME conflicts with every other
 * record set at its name, any other type with a CNAME there (two CNAMEs are already one
 * (name, type) pair, unique).
 */
function conflicting(domainId: string, name: string, type: RecordTypeName, selfId?: string): QueryFilter<RecordSetDoc> {
  return {
    domain_id: domainId,
    name,
    ...(type === "CNAME" ? {} : { type: "CNAME" }),
    ...(selfId !== undefined ? { _id: { $ne: selfId } } : {}),
  };
}

export function cnameConflict(name: string): Error {
  return MESSAGES.cnameConflict.error(name);
}

/** True when a record set of `type` at `name` would break the CNAME rule. */
export async function breaksCnameRule(models: DnsModels, domainId: string, name: string, type: RecordTypeName, selfId?: string): Promise<boolean> {
  return (await models.recordSets.exists(conflicting(domainId, name, type, selfId))) !== null;
}
