import type { Context } from "moleculer";
import type { RequestMeta } from "../../shared/context.ts";
import type { AuditEventDoc, CredentialsModels } from "./models.ts";

interface Logger {
  info(...args: unknown[]): void;
}

/** Who is decrypting: the gateway's principal, or the calling service for service-to-service calls. */
export function actorOf(ctx: Context<unknown, RequestMeta>): AuditEventDoc["actor"] {
  const p = ctx.meta.principal;
  if (p?.kind === "user") return { kind: "user", user_id: p.user_id, via: p.via };
  if (p?.kind === "org_key") return { kind: "org_key", key_id: p.key_id };
  return { kind: "service", caller: ctx.caller ?? ctx.nodeID ?? "unknown" };
}

/**
 * Records that a secret was decrypted (who, which credential, when, why) in `audit_events` and
 * as a log line. Never the secret. The caller gets the secret only after this succeeded.
 */
export async function recordDecryption(
  models: CredentialsModels,
  logger: Logger,
  ctx: Context<unknown, RequestMeta>,
  event: { organization_id: string; credential_id: string; action: AuditEventDoc["action"]; purpose?: string },
): Promise<void> {
  const doc = await models.auditEvents.create({
    organization_id: event.organization_id,
    action: event.action,
    credential_id: event.credential_id,
    actor: actorOf(ctx),
    purpose: event.purpose ?? "",
    request_id: ctx.requestID ?? "",
    client_ip: ctx.meta.client_ip ?? "",
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
