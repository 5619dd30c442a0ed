import type { Context, ServiceSchema } from "moleculer";
import type { z } from "zod";
import type { RequestMeta } from "../../shared/context.ts";
import { Cluster } from "../../shared/contracts/clusters.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Page } from "../../shared/paging.ts";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import { localName } from "../../shared/contracts/action.ts";
import { defineAction } from "../../shared/validation.ts";
import {
  afterChange,
  createCluster,
  getCluster,
  listClusters,
  purgeOrganization,
  referencesTo,
  removeCluster,
  updateCluster,
  type ClustersDeps,
} from "./clusters.ts";
import { deleteKubeconfig, setKubeconfig } from "./kubeconfig.ts";
import { attachNodePool, attachSlot, detachNodePool, detachSlot } from "./links.ts";
import type { Caller } from "./lookups.ts";
import { defineClustersModels } from "./models.ts";
import { SLOTS } from "./slots.ts";
import { sealPlaintextSecrets } from "./secrets.ts";
import type { SlotName } from "./models.ts";
import { sweep, validateCluster } from "./state.ts";

type Ctx = Context<unknown, RequestMeta>;

/** A request never waits long for the queue: a lost enqueue is caught by the sweep. */
const ENQUEUE_TIMEOUT_MS = 3_000;
type ActionMap = NonNullable<ServiceSchema["actions"]>;

type SlotContracts = (typeof CLUSTERS_ACTIONS.slots)[SlotName];

/** Clusters: lifecycle, attachments (one document per slot), nested view, encrypted kubeconfig, validation. */
export default function createClustersService(): ServiceSchema {
  const db = new ServiceDatabase("clusters", defineClustersModels);
  const keyring = new Keyring(db);

  const callerOf = (ctx: Ctx): Caller => (action, params) => ctx.call(action, params);

  function depsOf(ctx: Ctx): ClustersDeps {
    const logger = ctx.service?.logger ?? ctx.broker.logger;
    return {
      models: db.models,
      keyring,
      call: callerOf(ctx),
      async requestValidation(organizationId, clusterId, generation) {
        try {
          await ctx.call(
            "jobs.enqueue",
            {
              type: "clusters.validate",
              payload: { organization_id: organizationId, cluster_id: clusterId },
              dedupe_key: `clusters.validate:${clusterId}:${generation}`,
            },
            { timeout: ENQUEUE_TIMEOUT_MS },
          );
        } catch (err) {
          // the change is stored and the cluster is pre_pending: the periodic clusters.sweep validates it
          logger.warn("clusters.validate not enqueued; the sweep will validate the cluster", { cluster_id: clusterId, error: (err as Error).message });
        }
      },
    };
  }

  /** The attach and detach actions of the five single slots. */
  function slotActions(): ActionMap {
    const actions: ActionMap = {};
    for (const slot of SLOTS) {
      const contracts: SlotContracts = CLUSTERS_ACTIONS.slots[slot.slot];
      const attachInput: z.ZodType<{ clusterID: string } & Record<string, unknown>> = contracts.attach.input;
      actions[localName(contracts.attach.name)] = defineAction({ ...contracts.attach, input: attachInput }, async (ctx): Promise<Cluster> => {
        const org = ctx.locals.org.id;
        const deps = depsOf(ctx);
        const targetId = ctx.params[slot.bodyField];
        if (typeof targetId !== "string") throw new Error(`${contracts.attach.name}: no ${slot.bodyField} in its params`);
        await attachSlot(deps.models, deps.call, org, ctx.params.clusterID, slot, targetId);
        return afterChange(deps, org, ctx.params.clusterID);
      });
      actions[localName(contracts.detach.name)] = defineAction(contracts.detach, async (ctx): Promise<Cluster> => {
        const org = ctx.locals.org.id;
        const deps = depsOf(ctx);
        await detachSlot(deps.models, org, ctx.params.clusterID, slot);
        return afterChange(deps, org, ctx.params.clusterID);
      });
    }
    return actions;
  }

  return {
    name: "clusters",

    actions: {
      list: defineAction(CLUSTERS_ACTIONS.list, (ctx): Promise<Page<Cluster>> => {
        return listClusters(depsOf(ctx), ctx.locals.org.id, ctx.params.q, ctx.params);
      }),

      create: defineAction(CLUSTERS_ACTIONS.create, (ctx): Promise<Cluster> => {
        return createCluster(depsOf(ctx), ctx.locals.org.id, ctx.params);
      }),

      get: defineAction(CLUSTERS_ACTIONS.get, (ctx): Promise<Cluster> => {
        return getCluster(depsOf(ctx), ctx.locals.org.id, ctx.params.clusterID);
      }),

      update: defineAction(CLUSTERS_ACTIONS.update, (ctx): Promise<Cluster> => {
        const { clusterID, ...patch } = ctx.params;
        return updateCluster(depsOf(ctx), ctx.locals.org.id, clusterID, patch);
      }),

      remove: defineAction(CLUSTERS_ACTIONS.remove, async (ctx): Promise<null> => {
        await removeCluster({ models: db.models }, ctx.locals.org.id, ctx.params.clusterID);
        return null;
      }),

      ...slotActions(),

      attachNodePool: defineAction(CLUSTERS_ACTIONS.attachNodePool, async (ctx): Promise<Cluster> => {
        const org = ctx.locals.org.id;
        const deps = depsOf(ctx);
        await attachNodePool(deps.models, deps.call, org, ctx.params.clusterID, ctx.params.node_pool_id);
        return afterChange(deps, org, ctx.params.clusterID);
      }),

      detachNodePool: defineAction(CLUSTERS_ACTIONS.detachNodePool, async (ctx): Promise<Cluster> => {
        const org = ctx.locals.org.id;
        const deps = depsOf(ctx);
        await detachNodePool(deps.models, org, ctx.params.clusterID, ctx.params.nodePoolID);
        return afterChange(deps, org, ctx.params.clusterID);
      }),

      setKubeconfig: defineAction(CLUSTERS_ACTIONS.setKubeconfig, async (ctx): Promise<Cluster> => {
        const org = ctx.locals.org.id;
        await setKubeconfig(db.models, keyring, org, ctx.params.clusterID, ctx.params.kubeconfig);
        return afterChange(depsOf(ctx), org, ctx.params.clusterID);
      }),

      deleteKubeconfig: defineAction(CLUSTERS_ACTIONS.deleteKubeconfig, async (ctx): Promise<Cluster> => {
        const org = ctx.locals.org.id;
        await deleteKubeconfig(db.models, org, ctx.params.clusterID);
        return afterChange(depsOf(ctx), org, ctx.params.clusterID);
      }),

      referencesTo: defineAction(CLUSTERS_ACTIONS.referencesTo, (ctx) => referencesTo(db.models, ctx.params.organization_id, ctx.params.kind, ctx.params.id)),

      validate: defineAction(CLUSTERS_ACTIONS.validate, (ctx) => validateCluster(db.models, keyring, callerOf(ctx), ctx.params.organization_id, ctx.params.cluster_id)),

      sweep: defineAction(CLUSTERS_ACTIONS.sweep, (ctx) => sweep(db.models, keyring, callerOf(ctx), ctx.params.limit)),

      purgeOrganization: defineAction(CLUSTERS_ACTIONS.purgeOrganization, (ctx) => purgeOrganization(db.models, keyring, ctx.params.organization_id)),
    },

    async started() {
      await db.open();
      await keyring.start();
      const sealed = await sealPlaintextSecrets(db.models, keyring);
      if (sealed > 0) this.logger.info("sealed the plaintext join secrets of existing clusters", { clusters: sealed });
    },

    async stopped() {
      await db.close();
    },
  } as ServiceSchema;
}
