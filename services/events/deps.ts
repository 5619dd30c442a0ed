import type { Logger } from "moleculer";
import { z } from "zod";
import type { AppConfig } from "../../shared/config.ts";
import { GetUsersParams, OrgStatusOut, UserSummary } from "../../shared/contracts/orgs.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import type { EventsModels } from "./models.ts";

/** What the events logic needs, built once when the service starts. */
export interface EventsDeps {
  models: EventsModels;
  logger: Logger;
  /** Encrypts webhooks' signing secrets under the organization's data key. */
  keyring: Keyring;
  settings: Pick<
    AppConfig,
    "AUDIT_RETENTION_DAYS" | "EVENTS_RESUME_OVERLAP_S" | "WEBHOOKS_ALLOW_PRIVATE" | "WEBHOOK_TIMEOUT_MS" | "WEBHOOK_SECRET_GRACE_S" | "WEBHOOK_RETRY_WINDOW_S"
  >;
  /** E-mail addresses of users by id, for the actors of events; empty when auth cannot answer (the event is kept without them). */
  emailsOf(caller: Caller, userIds: string[]): Promise<Map<string, string>>;
  /** Queues the deliveries of webhooks (`events.deliverWebhook`, one job per delivery, deduplicated by it). */
  enqueueDeliveries(caller: Caller, organizationId: string, deliveryIds: readonly string[]): Promise<void>;
  /** Tells every gateway (their live streams) of events just recorded. */
  broadcast(name: string, payload: unknown): Promise<void>;
  /** Throws 404 `organization not found` when the orgs service knows no such organization. */
  assertOrganization(caller: Caller, organizationId: string): Promise<void>;
}

export async function eventsDeps({ db, logger, broker }: ServiceRuntime<EventsModels>, settings: EventsDeps["settings"]): Promise<EventsDeps> {
  const keyring = new Keyring(db);
  await keyring.start();
  return {
    models: db.models,
    logger,
    keyring,
    settings,
    async emailsOf(caller, ids) {
      if (ids.length === 0) return new Map();
      try {
        const users = z.array(UserSummary).parse(await caller.call("auth.getUsers", GetUsersParams.parse({ ids })));
        return new Map(users.map((u) => [u.id, u.primary_email]));
      } catch (err) {
        logger.warn("events recorded without actors' e-mails: auth.getUsers did not answer", { error: (err as Error).message });
        return new Map();
      }
    },
    async enqueueDeliveries(caller, organization_id, ids) {
      await Promise.all(
        ids.map((delivery_id) =>
          caller.call("jobs.enqueue", { type: "events.deliverWebhook", payload: { organization_id, delivery_id }, dedupe_key: `webhook-delivery:${delivery_id}` }),
        ),
      );
    },
    broadcast: (name, payload) => broker.broadcast(name, payload),
    async assertOrganization(caller, id) {
      OrgStatusOut.parse(await caller.call(ORGS_ACTIONS.status.name, { id }));
    },
  };
}
