import { config } from "../../shared/config.ts";
import { AUTH_USER_CHANGED } from "../../shared/contracts/auth.ts";
import { EVENTS_ACTIONS } from "../../shared/contracts/events-actions.ts";
import { defineService } from "../../shared/service.ts";
import { eventsSince, listEvents, purgeExpired, purgeOrganization, recordEvents } from "./audit-log.ts";
import { eventsDeps } from "./deps.ts";
import { defineEventsModels } from "./models.ts";
import { createWebhook, deleteWebhook, deliver, getWebhook, listDeliveries, listWebhooks, rotateSecret, testWebhook, updateWebhook } from "./webhooks.ts";

/** The audit log: every change the other services make to an organization's resources, recorded once, broadcast to the live streams. */
export default defineService({
  name: "events",

  database: defineEventsModels,
  deps: (runtime) => eventsDeps(runtime, config()),

  actions: (action) => ({
    list: action(EVENTS_ACTIONS.list, (ctx, deps) => listEvents(deps, ctx.locals.org.id, ctx.params)),

    adminList: action(EVENTS_ACTIONS.adminList, async (ctx, deps) => {
      await deps.assertOrganization(ctx, ctx.params.id);
      const page = await listEvents(deps, ctx.params.id, ctx.params);
      // what happened, to what, who and when: never the values that changed
      return { ...page, items: page.items.map(({ data: _data, ...event }) => event) };
    }),

    record: action(EVENTS_ACTIONS.record, (ctx, deps) => recordEvents(deps, ctx, ctx.params.events)),

    since: action(EVENTS_ACTIONS.since, (ctx, deps) => eventsSince(deps, ctx.params)),

    listWebhooks: action(EVENTS_ACTIONS.listWebhooks, (ctx, deps) => listWebhooks(deps, ctx.locals.org.id, ctx.params)),

    createWebhook: action(EVENTS_ACTIONS.createWebhook, (ctx, deps) => createWebhook(deps, ctx.locals.org.id, ctx.params)),

    getWebhook: action(EVENTS_ACTIONS.getWebhook, (ctx, deps) => getWebhook(deps, ctx.locals.org.id, ctx.params.id)),

    updateWebhook: action(EVENTS_ACTIONS.updateWebhook, (ctx, deps) => updateWebhook(deps, ctx.locals.org.id, ctx.params)),

    deleteWebhook: action(EVENTS_ACTIONS.deleteWebhook, async (ctx, deps): Promise<null> => {
      await deleteWebhook(deps, ctx.locals.org.id, ctx.params.id);
      return null;
    }),

    rotateWebhookSecret: action(EVENTS_ACTIONS.rotateWebhookSecret, (ctx, deps) => rotateSecret(deps, ctx.locals.org.id, ctx.params.id)),

    listDeliveries: action(EVENTS_ACTIONS.listDeliveries, (ctx, deps) => listDeliveries(deps, ctx.locals.org.id, ctx.params.id, ctx.params)),

    testWebhook: action(EVENTS_ACTIONS.testWebhook, (ctx, deps) => testWebhook(deps, ctx, ctx.locals.org.id, ctx.params.id)),

    deliverWebhook: action(EVENTS_ACTIONS.deliverWebhook, (ctx, deps) => deliver(deps, ctx.params.organization_id, ctx.params.delivery_id, ctx.meta.job)),

    purgeOrganization: action(EVENTS_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps, ctx.params.organization_id)),

    purgeExpired: action(EVENTS_ACTIONS.purgeExpired, (_ctx, deps) => purgeExpired(deps)),
  }),

  events: () => ({
    // back on the bus: a broadcast sent while the link was down may be lost; the gateways check at once
    "$transporter.connected": (ctx, deps) => {
      if ((ctx.params as { wasReconnect?: unknown }).wasReconnect === true) deps.recorded.mark().catch(() => undefined);
    },
    // an actor's e-mail address may have changed: the next event asks auth again
    [AUTH_USER_CHANGED]: (ctx, deps) => {
      const { user_id } = ctx.params as { user_id?: unknown };
      if (typeof user_id === "string") deps.forgetUser(user_id);
    },
  }),

  stopped: (deps) => deps.recorded.stop(),
});
