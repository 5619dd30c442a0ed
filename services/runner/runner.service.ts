import { config } from "../../shared/config.ts";
import { RUNNER_ACTIONS } from "../../shared/contracts/runner-actions.ts";
import { relayEvents } from "../../shared/event-outbox.ts";
import { defineService, type ActionMap, type ActionWithDeps } from "../../shared/service.ts";
import { bootstrapServer, sweepPendingBastions } from "./bootstrap.ts";
import { clusterActionActions } from "./cluster-actions.ts";
import { runActions } from "./runs.ts";
import { CancelRequestedPayload, executeRun, failLostRuns } from "./execute-run.ts";
import { RUNNER_CANCEL_REQUESTED } from "../../shared/contracts/runner.ts";
import { runnerDeps, type RunnerDeps } from "./deps.ts";
import { defineRunnerModels } from "./models.ts";
import { purgeExpiredLogs, purgeOrganization } from "./purge.ts";
import { serverLogs } from "./server-logs.ts";

type Action = ActionWithDeps<RunnerDeps>;

/** Housekeeping: the outbox relay, output retention, an organization's purge. */
function housekeepingActions(action: Action): ActionMap {
  return {
    purgeExpiredLogs: action(RUNNER_ACTIONS.purgeExpiredLogs, (_ctx, deps) => purgeExpiredLogs(deps.models, deps.settings.RUNNER_LOG_RETENTION_DAYS)),
    relayEvents: action(RUNNER_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),
    purgeOrganization: action(RUNNER_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps.models, ctx.params.organization_id)),
  };
}

/** Remote execution over SSH: bastion bootstrap (host keys pinned on first use), cluster runs, their output. */
export default defineService({
  name: "runner",

  database: defineRunnerModels,
  deps: (runtime) => runnerDeps(runtime, config()),

  actions: (action) => ({
    serverLogs: action(RUNNER_ACTIONS.serverLogs, (ctx, deps) => serverLogs(deps.models, ctx, ctx.locals.org.id, ctx.params.id, ctx.params)),
    bootstrapServer: action(RUNNER_ACTIONS.bootstrapServer, (ctx, deps) => bootstrapServer(deps, ctx.params.organization_id, ctx.params.server_id)),
    ...housekeepingActions(action),
    ...clusterActionActions(action),
    ...runActions(action),
    executeRun: action(RUNNER_ACTIONS.executeRun, (ctx, deps) => executeRun(deps, ctx, ctx.params.organization_id, ctx.params.run_id)),
    // bastions left pending get their bootstrap; runs whose worker stopped beating end failed
    sweep: action(RUNNER_ACTIONS.sweep, async (ctx, deps) => ({
      bootstraps: await sweepPendingBastions(deps, ctx.params.limit),
      lost_runs: await failLostRuns(deps, ctx, ctx.params.limit),
    })),
  }),

  events: () => ({
    // the replica executing the run stops its make step; the others have nothing to do
    [RUNNER_CANCEL_REQUESTED]: (ctx, deps) => {
      const payload = CancelRequestedPayload.safeParse(ctx.params);
      if (payload.success) deps.activeRuns.get(payload.data.run_id)?.abort();
    },
  }),
});
