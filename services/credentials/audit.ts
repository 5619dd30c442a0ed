import type { Context, Logger } from "moleculer";
import type { RequestMeta } from "../../shared/context.ts";
import type { AuditEventDoc, CredentialsModels } from "./models.ts";

/** Who asks for a secret, within which request: what an audit event records of the call. */
export interface AuditSource {
  actor: AuditEventDoc["actor"];
  request_id: string;
  client_ip: string;
}

/** The gateway's principal, or the calling service for service-to-service calls. */
export function auditSourceOf(ctx: Context<unknown, RequestMeta>): AuditSource {
  const source = { request_id: ctx.requestID ?? "", client_ip: ctx.meta.client_ip ?? "" };
  const p = ctx.meta.principal;
  if (p?.kind === "user") return { ...source, actor: { kind: "user", user_id: p.user_id, via: p.via } };
  if (p?.kind === "org_key") return { ...source, actor: { kind: "org_key", key_id: p.key_id } };
  return { ...source, actor: { kind: "service", caller: ctx.caller ?? ctx.nodeID ?? "unknown" } };
}

/**
 * Records that a secret was decrypted (who, which credential, when, why) in `audit_events` and
 * as a log line. Never the secret. The caller gets the secret only after this succeeded.
 */
export async function recordDecryption(
  models: CredentialsModels,
  logger: Pick<Logger, "info">,
  source: AuditSource,
  event: { organization_id: string; credential_id: string; action: AuditEventDoc["action"]; purpose?: string },
): Promise<void> {
  const doc = await models.auditEvents.create({
    organization_id: event.organization_id,
    action: event.action,
    credential_id: event.credential_id,
    actor: source.actor,
    purpose: event.purpose ?? "",
    request_id: source.request_id,
    client_ip: source.client_ip,
    at: new Date(),
  });
  logger.info("audit: credential secret decrypted", {
    audit_id: doc._id,
    action: doc.action,
    organization_id: doc.organization_id,
    credential_id: doc.credential_id,
    actor: doc.actor,
    purpose: doc.purpose,
    request_id: doc.request_id,
  });
}
