import type { Logger } from "moleculer";
import { call } from "../../shared/call.ts";
import type { AppConfig } from "../../shared/config.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import { ORGS_ACTIONS } from "../../shared/contracts/orgs-actions.ts";
import { jobsClient } from "../../shared/jobs-client.ts";
import { Keyring } from "../../shared/keyring.ts";
import { TtlCache } from "../../shared/ttl-cache.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import { DeliveryLimits } from "./delivery-limits.ts";
import type { EventsModels } from "./models.ts";
import { RecordedBroadcasts } from "./recorded-broadcasts.ts";

/** How long an actor's e-mail address is kept (a user's change reported by auth drops it sooner). */
const EMAIL_TTL_MS = 60_000;

/** How long a purged organization is remembered (its services' late events come within minutes). */
const SEEN_PURGED_TTL_MS = 3_600_000;

/** What the events logic needs, built once when the service starts. */
export interface EventsDeps {
  models: EventsModels;
  logger: Logger;
  /** Encrypts webhooks' signing secrets under the organization's data key. */
  keyring: Keyring;
  settings: Pick<
    AppConfig,
    | "AUDIT_RETENTION_DAYS"
    | "EVENTS_RESUME_OVERLAP_S"
    | "WEBHOOKS_ALLOW_PRIVATE"
    | "WEBHOOK_TIMEOUT_MS"
    | "WEBHOOK_SECRET_GRACE_S"
    | "WEBHOOK_RETRY_WINDOW_S"
    | "WEBHOOK_ORG_CONCURRENCY"
    | "WEBHOOK_ENDPOINT_CONCURRENCY"
    | "WEBHOOK_TIMEOUTS_BEFORE_BACKOFF"
  >;
  /** Per-organization and per-webhook delivery limits of this process (services/events/delivery-limits.ts). */
  deliveryLimits: DeliveryLimits;
  /**
   * E-mail addresses of users by id, for the actors of events, kept a minute (or until the user
   * changes); without those auth cannot give, the event is kept without them.
   */
  emailsOf(caller: Caller, userIds: string[]): Promise<Map<string, string>>;
  /** Forgets a user's e-mail address (auth said the user changed). */
  forgetUser(userId: string): void;
  /** Organizations this process has seen purged (their late events are dropped without a query). */
  seenPurged: TtlCache<true>;
  /** Queues the deliveries of webhooks (`events.deliverWebhook`, one job per delivery, deduplicated by it). */
  enqueueDeliveries(caller: Caller, organizationId: string, deliveryIds: readonly string[]): Promise<void>;
  /** Tells every gateway (their live streams) of events just recorded, numbered so a lost broadcast shows. */
  recorded: RecordedBroadcasts;
  /** Throws 404 `organization not found` when the orgs service knows no such organization. */
  assertOrganization(caller: Caller, organizationId: string): Promise<void>;
}

export async function eventsDeps({ db, logger, broker }: ServiceRuntime<EventsModels>, settings: EventsDeps["settings"]): Promise<EventsDeps> {
  const keyring = new Keyring(db);
  await keyring.start();
  const emails = new TtlCache<string>(EMAIL_TTL_MS);
  return {
    models: db.models,
    logger,
    keyring,
    settings,
    deliveryLimits: new DeliveryLimits({
      perOrg: settings.WEBHOOK_ORG_CONCURRENCY,
      perEndpoint: settings.WEBHOOK_ENDPOINT_CONCURRENCY,
      timeoutsBeforeBackoff: settings.WEBHOOK_TIMEOUTS_BEFORE_BACKOFF,
      baseBackoffMs: 10_000,
      maxBackoffMs: 300_000,
    }),
    async emailsOf(caller, ids) {
      const found = new Map<string, string>();
      for (const id of ids) {
        const email = emails.get(id);
        if (email !== undefined) found.set(id, email);
      }
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length === 0) return found;
      try {
        const users = await call(caller, AUTH_ACTIONS.getUsers, { ids: missing });
        for (const u of users) {
          emails.set(u.id, u.primary_email);
          found.set(u.id, u.primary_email);
        }
      } catch (err) {
        logger.warn("events recorded without actors' e-mails: auth.getUsers did not answer", { error: (err as Error).message });
      }
      return found;
    },
    forgetUser: (id) => emails.delete(id),
    seenPurged: new TtlCache<true>(SEEN_PURGED_TTL_MS),
    async enqueueDeliveries(caller, organization_id, ids) {
      await Promise.all(
        ids.map((delivery_id) =>
          jobsClient.enqueue(caller, { type: "events.deliverWebhook", payload: { organization_id, delivery_id }, dedupe_key: `webhook-delivery:${delivery_id}` }),
        ),
      );
    },
    recorded: new RecordedBroadcasts((name, payload) => broker.broadcast(name, payload)),
    async assertOrganization(caller, id) {
      await call(caller, ORGS_ACTIONS.status, { id });
    },
  };
}
