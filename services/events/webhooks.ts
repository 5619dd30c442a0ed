import { randomBytes } from "node:crypto";
import { Errors } from "moleculer";
import { Webhook } from "standardwebhooks";
import type { z } from "zod";
import { typeMatcher, type DomainEvent } from "../../shared/contracts/events.ts";
import type { CreateWebhookParams, DeliveryOut, RotatedSecret, UpdateWebhookParams, WebhookCreated, WebhookOut } from "../../shared/contracts/webhooks.ts";
import { claimOnce, deleteMatching, insertEach, isDuplicateKey } from "../../shared/db.ts";
import { checkEndpoint, endpointRefusal } from "../../shared/endpoint-guard.ts";
import { actorOf, type ChangeCaller } from "../../shared/event-outbox.ts";
import { jobFailedForGood, MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import { pinnedRequest } from "../../shared/pinned-http.ts";
import { fetchSize, toPage, type Page, type PageRequest } from "../../shared/paging.ts";
import type { JobAttempt } from "../../shared/context.ts";
import type { Caller } from "../../shared/service.ts";
import { assertId, isoTimes } from "../../shared/resource.ts";
import type { EventsDeps } from "./deps.ts";
import type { DeliveryDoc, WebhookDoc } from "./models.ts";

/** Attempts a delivery keeps (the newest); older ones are dropped from its history. */
const KEPT_ATTEMPTS = 50;

/** Webhooks an organization may have. */
export const MAX_WEBHOOKS = 20;

const purpose = (id: string) => `webhook-secret:${id}`;

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes, base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

function toWebhookOut(doc: WebhookDoc): WebhookOut {
  const { organization_id, url, events, description, active } = doc;
  return { id: doc._id, ...isoTimes(doc), organization_id, url, events, description, active };
}

function toDeliveryOut(doc: DeliveryDoc): DeliveryOut {
  const { webhook_id, event_id, event_type, status } = doc;
  const attempts = doc.attempts.map((a) => ({ at: new Date(a.at).toISOString(), status_code: a.status_code, error: a.error, duration_ms: a.duration_ms }));
  return { id: doc._id, ...isoTimes(doc), webhook_id, event_id, event_type, status, attempts };
}

/** A webhook URL that resolves inside our network is refused (400), unless the operator allows it. */
async function assertDeliverable(deps: EventsDeps, url: string): Promise<void> {
  const refusal = await endpointRefusal(url, deps.settings.WEBHOOKS_ALLOW_PRIVATE);
  // a host that does not resolve now may later: its deliveries are retried, the webhook is kept
  if (refusal && !refusal.retryable) throw MESSAGES.webhookUrlNotAllowed.error(refusal.message);
}

async function webhookDoc(deps: EventsDeps, orgId: string, id: string): Promise<WebhookDoc> {
  assertId(id);
  const doc = await deps.models.webhooks.findOne({ _id: id, organization_id: orgId }).lean<WebhookDoc>();
  if (!doc) throw MESSAGES.notFound.error("webhook");
  return doc;
}

export async function listWebhooks(deps: EventsDeps, orgId: string, page: PageRequest): Promise<Page<WebhookOut>> {
  const filter = page.cursor === undefined ? { organization_id: orgId } : { organization_id: orgId, _id: { $lt: page.cursor } };
  const docs = await deps.models.webhooks.find(filter).sort({ _id: -1 }).limit(fetchSize(page)).lean<WebhookDoc[]>();
  const found = toPage(docs, page, (d) => d._id);
  return { ...found, items: found.items.map(toWebhookOut) };
}

export async function createWebhook(deps: EventsDeps, orgId: string, input: z.infer<typeof CreateWebhookParams>): Promise<WebhookCreated> {
  await assertDeliverable(deps, input.url);
  const id = newId();
  const secret = newSecret();
  const sealed = await deps.keyring.encrypt(orgId, secret, purpose(id));
  const doc = await deps.models.webhooks.create({ _id: id, organization_id: orgId, ...input, secrets: [{ secret: sealed, valid_until: null }], revision: newId() });
  // counted after writing: of concurrent creates past the limit, none stays
  if ((await deps.models.webhooks.countDocuments({ organization_id: orgId })) > MAX_WEBHOOKS) {
    await deps.models.webhooks.deleteOne({ _id: id, organization_id: orgId });
    throw MESSAGES.tooManyWebhooks.error(MAX_WEBHOOKS);
  }
  return { ...toWebhookOut(doc.toObject()), secret };
}

export async function getWebhook(deps: EventsDeps, orgId: string, id: string): Promise<WebhookOut> {
  return toWebhookOut(await webhookDoc(deps, orgId, id));
}

export async function updateWebhook(deps: EventsDeps, orgId: string, input: z.infer<typeof UpdateWebhookParams>): Promise<WebhookOut> {
  const { id, ...changes } = input;
  assertId(id);
  if (changes.url !== undefined) await assertDeliverable(deps, changes.url);
  const doc = await deps.models.webhooks.findOneAndUpdate({ _id: id, organization_id: orgId }, { $set: changes }, { returnDocument: "after" }).lean<WebhookDoc>();
  if (!doc) throw MESSAGES.notFound.error("webhook");
  return toWebhookOut(doc);
}

export async function deleteWebhook(deps: EventsDeps, orgId: string, id: string): Promise<void> {
  assertId(id);
  const res = await deps.models.webhooks.deleteOne({ _id: id, organization_id: orgId });
  if (res.deletedCount === 0) throw MESSAGES.notFound.error("webhook");
  await deleteMatching(deps.models.deliveries, { organization_id: orgId, webhook_id: id });
  await deps.models.claims.deleteMany({ organization_id: orgId, _id: { $regex: `^rotate:${id}:` } });
}

/**
 * A new secret; the ones before it sign next to it until the grace period ends (receivers switch
 * over meanwhile). Written only over the secrets it read: of concurrent rotations one wins (a
 * unique claim on the revision read, which holds on FerretDB too, then a write conditional on that
 * revision), the others answer 409 and no secret handed out is ever lost.
 */
export async function rotateSecret(deps: EventsDeps, orgId: string, id: string): Promise<RotatedSecret> {
  const doc = await webhookDoc(deps, orgId, id);
  const busy = () => MESSAGES.webhookSecretRotated.error();
  if (!(await claimOnce(deps.models.claims, `rotate:${id}:${doc.revision ?? "initial"}`, { organization_id: orgId, created_at: new Date() }))) throw busy();
  const now = Date.now();
  const until = new Date(now + deps.settings.WEBHOOK_SECRET_GRACE_S * 1000);
  const kept = doc.secrets.filter((s) => s.valid_until === null || new Date(s.valid_until).getTime() > now).map((s) => ({ ...s, valid_until: s.valid_until ?? until }));
  const secret = newSecret();
  const sealed = await deps.keyring.encrypt(orgId, secret, purpose(id));
  const res = await deps.models.webhooks.updateOne(
    { _id: id, organization_id: orgId, revision: doc.revision ?? null },
    { $set: { secrets: [{ secret: sealed, valid_until: null }, ...kept], revision: newId() } },
  );
  if (res.matchedCount === 0) {
    if (!(await deps.models.webhooks.exists({ _id: id, organization_id: orgId }))) throw MESSAGES.notFound.error("webhook");
    throw busy();
  }
  return { secret, previous_valid_until: until.toISOString() };
}

export async function listDeliveries(deps: EventsDeps, orgId: string, webhookId: string, page: PageRequest): Promise<Page<DeliveryOut>> {
  await webhookDoc(deps, orgId, webhookId);
  const filter = { organization_id: orgId, webhook_id: webhookId, ...(page.cursor === undefined ? {} : { _id: { $lt: page.cursor } }) };
  const docs = await deps.models.deliveries.find(filter).sort({ _id: -1 }).limit(fetchSize(page)).lean<DeliveryDoc[]>();
  const found = toPage(docs, page, (d) => d._id);
  return { ...found, items: found.items.map(toDeliveryOut) };
}

/**
 * One delivery per event and active webhook whose patterns match it, then a job per pending one.
 * Called for every event recorded, again too (a delivery already made is not made twice; its job
 * is deduplicated), so an event whose fan-out a crash cut short is fanned out when it comes again.
 */
export async function fanOut(deps: EventsDeps, caller: Caller, events: readonly DomainEvent[]): Promise<void> {
  const orgs = [...new Set(events.map((e) => e.organization_id))];
  const hooks = await deps.models.webhooks.find({ organization_id: { $in: orgs }, active: true }).lean<WebhookDoc[]>();
  if (hooks.length === 0) return;
  const docs: DeliveryDoc[] = [];
  const now = new Date();
  for (const e of events) {
    for (const hook of hooks) {
      if (hook.organization_id !== e.organization_id || !typeMatcher(hook.events)(e.type)) continue;
      docs.push({
        _id: newId(),
        organization_id: e.organization_id,
        webhook_id: hook._id,
        event_id: e.id,
        event_type: e.type,
        body: JSON.stringify(e),
        status: "pending",
        attempts: [],
        created_at: now,
        updated_at: now,
      });
    }
  }
  await enqueueNew(deps, caller, docs);
}

async function enqueueNew(deps: EventsDeps, caller: Caller, docs: DeliveryDoc[]): Promise<void> {
  if (docs.length === 0) return;
  const failed = await insertEach(deps.models.deliveries, docs);
  const other = [...failed.values()].find((err) => !isDuplicateKey(err));
  if (other) throw other;
  // the ones made before (an event recorded again) that are still pending get their job again (deduplicated)
  const eventIds = [...new Set(docs.map((d) => d.event_id))];
  const pending = (
    await Promise.all(
      eventIds.map((event_id) =>
        deps.models.deliveries.find({ event_id, status: "pending" }, { _id: 1, organization_id: 1 }).lean<Pick<DeliveryDoc, "_id" | "organization_id">[]>(),
      ),
    )
  ).flat();
  const byOrg = new Map<string, string[]>();
  for (const d of pending) byOrg.set(d.organization_id, [...(byOrg.get(d.organization_id) ?? []), d._id]);
  for (const [org, ids] of byOrg) await deps.enqueueDeliveries(caller, org, ids);
}

/** `POST /webhooks/{id}/test`: a `webhook.ping` event for this webhook alone (not in the audit log). */
export async function testWebhook(deps: EventsDeps, caller: ChangeCaller, orgId: string, id: string): Promise<DeliveryOut> {
  const hook = await webhookDoc(deps, orgId, id);
  const ping: DomainEvent = {
    id: newId(),
    organization_id: orgId,
    type: "webhook.ping",
    resource_type: "webhook",
    resource_id: hook._id,
    actor: actorOf(caller),
    request_id: caller.requestID ?? "",
    occurred_at: new Date().toISOString(),
    data: {},
  };
  const now = new Date();
  const doc: DeliveryDoc = {
    _id: newId(),
    organization_id: orgId,
    webhook_id: hook._id,
    event_id: ping.id,
    event_type: ping.type,
    body: JSON.stringify(ping),
    status: "pending",
    attempts: [],
    created_at: now,
    updated_at: now,
  };
  await enqueueNew(deps, caller, [doc]);
  return toDeliveryOut(doc);
}

/** The `webhook-signature` header: one `v1,<signature>` per secret still signing, newest first. */
async function signatures(deps: EventsDeps, hook: WebhookDoc, msgId: string, at: Date, body: string): Promise<string> {
  const now = Date.now();
  const live = hook.secrets.filter((s) => s.valid_until === null || new Date(s.valid_until).getTime() > now);
  const signed = await Promise.all(live.map(async (s) => new Webhook(await deps.keyring.decryptText(hook.organization_id, s.secret, purpose(hook._id))).sign(msgId, at, body)));
  return signed.join(" ");
}

/** Records an attempt of a delivery still pending: one that ended meanwhile (another attempt decided it) keeps its outcome. */
async function recordAttempt(deps: EventsDeps, doc: DeliveryDoc, attempt: DeliveryDoc["attempts"][number], status: DeliveryDoc["status"]): Promise<void> {
  await deps.models.deliveries.updateOne({ _id: doc._id, status: "pending" }, { $set: { status, attempts: [...doc.attempts, attempt].slice(-KEPT_ATTEMPTS) } });
}

/** How a delivery whose webhook was deactivated ends: failed with this error, never sent. */
export const INACTIVE_ERROR = "webhook is not active";

/**
 * `events.deliverWebhook`: POSTs the delivery's body with the Standard Webhooks headers
 * (`webhook-id` = the event id, stable across retries; `webhook-timestamp`; `webhook-signature`)
 * to the address the URL guard checked (the host is not resolved again). A 2xx answer succeeds;
 * a redirect is not followed; anything else is recorded and retried by the queue with backoff,
 * until the retry window is over or the job's attempts run out: the delivery is then `failed` and
 * the job fails for good. A delivery of a webhook deactivated meanwhile is `failed` without being
 * sent (reactivating the webhook does not send it again).
 */
export async function deliver(deps: EventsDeps, orgId: string, deliveryId: string, job?: JobAttempt): Promise<{ status: "succeeded" | "skipped" }> {
  const doc = await deps.models.deliveries.findOne({ _id: deliveryId, organization_id: orgId }).lean<DeliveryDoc>();
  if (!doc || doc.status !== "pending") return { status: "skipped" };
  const hook = await deps.models.webhooks.findOne({ _id: doc.webhook_id, organization_id: orgId }).lean<WebhookDoc>();
  if (!hook) return { status: "skipped" };
  const started = Date.now();
  const at = new Date(started);
  if (!hook.active) {
    await recordAttempt(deps, doc, { at, status_code: null, error: INACTIVE_ERROR, duration_ms: 0 }, "failed");
    return { status: "skipped" };
  }
  let attempt: DeliveryDoc["attempts"][number];
  const checked = await checkEndpoint(hook.url, deps.settings.WEBHOOKS_ALLOW_PRIVATE);
  if ("refusal" in checked && !checked.refusal.retryable) {
    await recordAttempt(deps, doc, { at, status_code: null, error: checked.refusal.message, duration_ms: 0 }, "failed");
    throw jobFailedForGood(`webhook delivery refused: ${checked.refusal.message}`);
  }
  const lastAttempt = job !== undefined && job.attempt >= job.max_attempts;
  // a delivery that must wait goes back to the queue at once: it never holds a worker meanwhile
  const slot = "refusal" in checked ? undefined : deps.deliveryLimits.acquire(orgId, hook._id);
  if (slot && "wait" in slot && !lastAttempt) throw new Errors.MoleculerRetryableError(`webhook delivery deferred: ${slot.wait}`, 429, "webhook_delivery_deferred");
  if ("refusal" in checked) {
    attempt = { at, status_code: null, error: checked.refusal.message, duration_ms: 0 };
  } else {
    try {
      const headers = {
        "content-type": "application/json",
        "user-agent": "cluster-infra-api-webhooks/1",
        "webhook-id": doc.event_id,
        "webhook-timestamp": String(Math.floor(started / 1000)),
        "webhook-signature": await signatures(deps, hook, doc.event_id, at, doc.body),
      };
      const res = await pinnedRequest(hook.url, { method: "POST", headers, body: doc.body, timeoutMs: deps.settings.WEBHOOK_TIMEOUT_MS, pinned: checked.addresses[0] });
      const ok = res.status >= 200 && res.status < 300;
      attempt = { at, status_code: res.status, error: ok ? "" : `receiver answered ${res.status}`, duration_ms: Date.now() - started };
      deps.deliveryLimits.outcome(hook._id, false);
    } catch (err) {
      const timedOut = (err as Error).name === "TimeoutError";
      if (timedOut) deps.deliveryLimits.outcome(hook._id, true);
      attempt = {
        at,
        status_code: null,
        error: timedOut ? `no answer within ${deps.settings.WEBHOOK_TIMEOUT_MS} ms` : `request failed: ${(err as Error).message}`,
        duration_ms: Date.now() - started,
      };
    } finally {
      if (slot && "release" in slot) slot.release();
    }
  }
  if (attempt.error === "") {
    await recordAttempt(deps, doc, attempt, "succeeded");
    return { status: "succeeded" };
  }
  const windowOver = Date.now() - new Date(doc.created_at).getTime() >= deps.settings.WEBHOOK_RETRY_WINDOW_S * 1000;
  // the queue would not run another attempt: this one decides
  const final = windowOver || lastAttempt;
  await recordAttempt(deps, doc, attempt, final ? "failed" : "pending");
  if (final) throw jobFailedForGood(`webhook delivery failed for good (${windowOver ? "retry window over" : "attempts exhausted"}): ${attempt.error}`);
  // retried by the queue; a 4xx code: a receiver's failure is no fault of this service, so the
  // circuit breaker must not count it (one tenant's dead receiver would stop everyone's deliveries)
  throw new Errors.MoleculerRetryableError(`webhook delivery failed: ${attempt.error}`, 424, "webhook_delivery_failed");
}

export async function purgeWebhooks(deps: EventsDeps, orgId: string): Promise<void> {
  await deleteMatching(deps.models.deliveries, { organization_id: orgId });
  await deleteMatching(deps.models.webhooks, { organization_id: orgId });
  await deleteMatching(deps.models.claims, { organization_id: orgId });
  await deps.keyring.purge(orgId);
}

/** Deliveries (their stored bodies with them) created before `before`: removed with the audit log's retention. */
export async function purgeExpiredDeliveries(deps: EventsDeps, before: Date): Promise<number> {
  const res = await deleteMatching(deps.models.deliveries, { created_at: { $lt: before } });
  await deleteMatching(deps.models.claims, { created_at: { $lt: before } });
  return res;
}
