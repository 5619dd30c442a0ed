import { relayEvents } from "../../shared/event-outbox.ts";
import type { z } from "zod";
import { localName } from "../../shared/contracts/action.ts";
import type { Cluster } from "../../shared/contracts/clusters.ts";
import { CLUSTERS_ACTIONS } from "../../shared/contracts/clusters-actions.ts";
import type { Page } from "../../shared/paging.ts";
import { defineService, type ActionMap, type ActionWithDeps } from "../../shared/service.ts";
import { afterChange, createCluster, getCluster, listClusters, purgeOrganization, referencesTo, removeCluster, updateCluster } from "./clusters.ts";
import { clustersDeps, type ClustersDeps } from "./deps.ts";
import { deleteKubeconfig, setKubeconfig } from "./kubeconfig.ts";
import { attachNodePool, attachSlot, detachNodePool, detachSlot } from "./links.ts";
import { createMetadata, getMetadata, listMetadata, removeMetadata, updateMetadata } from "./metadata.ts";
import { defineClustersModels, type SlotName } from "./models.ts";
import { SLOTS } from "./slots.ts";
import { runTarget, setRunStatus } from "./run-status.ts";
import { sweep, validateCluster } from "./state.ts";

type SlotContracts = (typeof CLUSTERS_ACTIONS.slots)[SlotName];

/** The attach and detach actions of the five single slots. */
function slotActions(action: ActionWithDeps<ClustersDeps>): ActionMap {
  const actions: ActionMap = {};
  for (const slot of SLOTS) {
    const contracts: SlotContracts = CLUSTERS_ACTIONS.slots[slot.slot];
    const attachInput: z.ZodType<{ clusterID: string } & Record<string, unknown>> = contracts.attach.input;
    actions[localName(contracts.attach.name)] = action({ ...contracts.attach, input: attachInput }, async (ctx, deps): Promise<Cluster> => {
      const org = ctx.locals.org.id;
      const targetId = ctx.params[slot.bodyField];
      if (typeof targetId !== "string") throw new Error(`${contracts.attach.name}: no ${slot.bodyField} in its params`);
      await attachSlot(deps.models, ctx, org, ctx.params.clusterID, slot, targetId);
      return afterChange(deps, ctx, org, ctx.params.clusterID);
    });
    actions[localName(contracts.detach.name)] = action(contracts.detach, async (ctx, deps): Promise<Cluster> => {
      const org = ctx.locals.org.id;
      await detachSlot(deps.models, ctx, org, ctx.params.clusterID, slot);
      return afterChange(deps, ctx, org, ctx.params.clusterID);
    });
  }
  return actions;
}

/** Clusters: lifecycle, attachments (one document per slot), nested view, encrypted kubeconfig, validation. */
export default defineService({
  name: "clusters",

  database: defineClustersModels,
  deps: clustersDeps,

  actions: (action) => ({
    list: action(CLUSTERS_ACTIONS.list, (ctx, deps): Promise<Page<Cluster>> => listClusters(deps, ctx, ctx.locals.org.id, ctx.params, ctx.params)),

    create: action(CLUSTERS_ACTIONS.create, (ctx, deps): Promise<Cluster> => createCluster(deps, ctx, ctx.locals.org.id, ctx.params)),

    get: action(CLUSTERS_ACTIONS.get, (ctx, deps): Promise<Cluster> => getCluster(deps, ctx, ctx.locals.org.id, ctx.params.clusterID)),

    update: action(CLUSTERS_ACTIONS.update, (ctx, deps): Promise<Cluster> => {
      const { clusterID, ...patch } = ctx.params;
      return updateCluster(deps, ctx, ctx.locals.org.id, clusterID, patch);
    }),

    remove: action(CLUSTERS_ACTIONS.remove, async (ctx, deps): Promise<null> => {
      await removeCluster(deps, ctx, ctx.locals.org.id, ctx.params.clusterID);
      return null;
    }),

    ...slotActions(action),

    attachNodePool: action(CLUSTERS_ACTIONS.attachNodePool, async (ctx, deps): Promise<Cluster> => {
      const org = ctx.locals.org.id;
      await attachNodePool(deps.models, ctx, org, ctx.params.clusterID, ctx.params.node_pool_id);
      return afterChange(deps, ctx, org, ctx.params.clusterID);
    }),

    detachNodePool: action(CLUSTERS_ACTIONS.detachNodePool, async (ctx, deps): Promise<Cluster> => {
      const org = ctx.locals.org.id;
      await detachNodePool(deps.models, ctx, org, ctx.params.clusterID, ctx.params.nodePoolID);
      return afterChange(deps, ctx, org, ctx.params.clusterID);
    }),

    setKubeconfig: action(CLUSTERS_ACTIONS.setKubeconfig, async (ctx, deps): Promise<Cluster> => {
      const org = ctx.locals.org.id;
      await setKubeconfig(deps.models, deps.keyring, ctx, org, ctx.params.clusterID, ctx.params.kubeconfig);
      return afterChange(deps, ctx, org, ctx.params.clusterID);
    }),

    deleteKubeconfig: action(CLUSTERS_ACTIONS.deleteKubeconfig, async (ctx, deps): Promise<Cluster> => {
      const org = ctx.locals.org.id;
      await deleteKubeconfig(deps.models, ctx, org, ctx.params.clusterID);
      return afterChange(deps, ctx, org, ctx.params.clusterID);
    }),

    listMetadata: action(CLUSTERS_ACTIONS.listMetadata, (ctx, deps) => listMetadata(deps.models, ctx.locals.org.id, ctx.params.clusterID, ctx.params)),

    createMetadata: action(CLUSTERS_ACTIONS.createMetadata, (ctx, deps) => createMetadata(deps.models, ctx, ctx.locals.org.id, ctx.params.clusterID, ctx.params)),

    getMetadata: action(CLUSTERS_ACTIONS.getMetadata, (ctx, deps) => getMetadata(deps.models, ctx.locals.org.id, ctx.params.clusterID, ctx.params.metadataID)),

    updateMetadata: action(CLUSTERS_ACTIONS.updateMetadata, (ctx, deps) => {
      const { clusterID, metadataID, ...patch } = ctx.params;
      return updateMetadata(deps.models, ctx, ctx.locals.org.id, clusterID, metadataID, patch);
    }),

    removeMetadata: action(CLUSTERS_ACTIONS.removeMetadata, async (ctx, deps): Promise<null> => {
      await removeMetadata(deps.models, ctx, ctx.locals.org.id, ctx.params.clusterID, ctx.params.metadataID);
      return null;
    }),

    referencesTo: action(CLUSTERS_ACTIONS.referencesTo, (ctx, deps) => referencesTo(deps.models, ctx.params.organization_id, ctx.params.kind, ctx.params.id)),

    validate: action(CLUSTERS_ACTIONS.validate, (ctx, deps) => validateCluster(deps.models, deps.keyring, ctx, ctx.params.organization_id, ctx.params.cluster_id)),

    sweep: action(CLUSTERS_ACTIONS.sweep, (ctx, deps) => sweep(deps.models, deps.keyring, ctx, ctx.params.limit)),

    runTarget: action(CLUSTERS_ACTIONS.runTarget, (ctx, deps) => runTarget(deps, ctx, ctx.params.organization_id, ctx.params.cluster_id)),

    setRunStatus: action(CLUSTERS_ACTIONS.setRunStatus, (ctx, deps) =>
      setRunStatus(deps.models, ctx, ctx.params.organization_id, ctx.params.cluster_id, ctx.params.status, ctx.params.last_error),
    ),

    relayEvents: action(CLUSTERS_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),

    purgeOrganization: action(CLUSTERS_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps.models, deps.keyring, ctx.params.organization_id)),
  }),
});
