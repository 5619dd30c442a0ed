import type { Context, ServiceSchema } from "moleculer";
import { z } from "zod";
import { requireOrg, type RequestMeta } from "../../shared/context.ts";
import {
  AttachDomainParams,
  AttachLoadBalancerParams,
  AttachNodePoolParams,
  AttachRecordSetParams,
  AttachServerParams,
  Cluster,
  ClusterIdParams,
  CreateClusterParams,
  DetachNodePoolParams,
  ListClustersParams,
  References,
  ReferencesToParams,
  SetKubeconfigParams,
  SweepClustersParams,
  SweepClustersResult,
  UpdateClusterParams,
  ValidateClusterParams,
  ValidateClusterResult,
} from "../../shared/contracts/clusters.ts";
import { PurgeOrganizationParams } from "../../shared/contracts/jobs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { Keyring } from "../../shared/keyring.ts";
import { pageOf, type Page } from "../../shared/paging.ts";
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
import { SLOTS, type SlotDef } from "./slots.ts";
import { sealPlaintextSecrets } from "./secrets.ts";
import { sweep, validateCluster } from "./state.ts";

type Ctx = Context<unknown, RequestMeta>;

/** A request never waits long for the queue: a lost enqueue is caught by the sweep. */
const ENQUEUE_TIMEOUT_MS = 3_000;
type ActionMap = NonNullable<ServiceSchema["actions"]>;

const ATTACH_INPUT = {
  load_balancer_id: AttachLoadBalancerParams,
  server_id: AttachServerParams,
  domain_id: AttachDomainParams,
  record_set_id: AttachRecordSetParams,
} as const;

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

  /** attach<Slot> and detach<Slot> for the five single slots. */
  function slotActions(): ActionMap {
    const actions: ActionMap = {};
    for (const slot of SLOTS as readonly SlotDef[]) {
      actions[`attach${slot.actionSuffix}`] = defineAction({
        visibility: "published",
        description: `POST /clusters/{clusterID}/${slot.path}: attach the ${slot.label}.`,
        input: ATTACH_INPUT[slot.bodyField],
        output: Cluster,
        async handler(ctx): Promise<Cluster> {
          const org = requireOrg(ctx).id;
          const deps = depsOf(ctx);
          const targetId = (ctx.params as Record<string, string>)[slot.bodyField]!;
          await attachSlot(deps.models, deps.call, org, ctx.params.clusterID, slot, targetId);
          return afterChange(deps, org, ctx.params.clusterID);
        },
      });
      actions[`detach${slot.actionSuffix}`] = defineAction({
        visibility: "published",
        description: `DELETE /clusters/{clusterID}/${slot.path}: detach the ${slot.label}.`,
        input: ClusterIdParams,
        output: Cluster,
        async handler(ctx): Promise<Cluster> {
          const org = requireOrg(ctx).id;
          const deps = depsOf(ctx);
          await detachSlot(deps.models, org, ctx.params.clusterID, slot);
          return afterChange(deps, org, ctx.params.clusterID);
        },
      });
    }
    return actions;
  }

  return {
    name: "clusters",

    actions: {
      list: defineAction({
        visibility: "published",
        description: "GET /clusters: the organization's clusters, newest first (q: name contains).",
        input: ListClustersParams,
        output: pageOf(Cluster),
        handler(ctx): Promise<Page<Cluster>> {
          return listClusters(depsOf(ctx), requireOrg(ctx).id, ctx.params.q, ctx.params);
        },
      }),

      create: defineAction({
        visibility: "published",
        description: "POST /clusters: create a cluster (status pre_pending).",
        input: CreateClusterParams,
        output: Cluster,
        handler(ctx): Promise<Cluster> {
          return createCluster(depsOf(ctx), requireOrg(ctx).id, ctx.params);
        },
      }),

      get: defineAction({
        visibility: "published",
        description: "GET /clusters/{clusterID}: one cluster with its nested objects.",
        input: ClusterIdParams,
        output: Cluster,
        handler(ctx): Promise<Cluster> {
          return getCluster(depsOf(ctx), requireOrg(ctx).id, ctx.params.clusterID);
        },
      }),

      update: defineAction({
        visibility: "published",
        description: "PATCH /clusters/{clusterID}: name, provider, region (status is not settable).",
        input: UpdateClusterParams,
        output: Cluster,
        handler(ctx): Promise<Cluster> {
          const { clusterID, ...patch } = ctx.params;
          return updateCluster(depsOf(ctx), requireOrg(ctx).id, clusterID, patch);
        },
      }),

      remove: defineAction({
        visibility: "published",
        description: "DELETE /clusters/{clusterID}: the cluster with its attachments and kubeconfig.",
        input: ClusterIdParams,
        async handler(ctx): Promise<null> {
          await removeCluster({ models: db.models }, requireOrg(ctx).id, ctx.params.clusterID);
          return null;
        },
      }),

      ...slotActions(),

      attachNodePool: defineAction({
        visibility: "published",
        description: "POST /clusters/{clusterID}/node-pools: attach a node pool.",
        input: AttachNodePoolParams,
        output: Cluster,
        async handler(ctx): Promise<Cluster> {
          const org = requireOrg(ctx).id;
          const deps = depsOf(ctx);
          await attachNodePool(deps.models, deps.call, org, ctx.params.clusterID, ctx.params.node_pool_id);
          return afterChange(deps, org, ctx.params.clusterID);
        },
      }),

      detachNodePool: defineAction({
        visibility: "published",
        description: "DELETE /clusters/{clusterID}/node-pools/{nodePoolID}: detach a node pool.",
        input: DetachNodePoolParams,
        output: Cluster,
        async handler(ctx): Promise<Cluster> {
          const org = requireOrg(ctx).id;
          const deps = depsOf(ctx);
          await detachNodePool(deps.models, org, ctx.params.clusterID, ctx.params.nodePoolID);
          return afterChange(deps, org, ctx.params.clusterID);
        },
      }),

      setKubeconfig: defineAction({
        visibility: "published",
        description: "POST /clusters/{clusterID}/kubeconfig: store or replace the kubeconfig, encrypted.",
        input: SetKubeconfigParams,
        output: Cluster,
        async handler(ctx): Promise<Cluster> {
          const org = requireOrg(ctx).id;
          await setKubeconfig(db.models, keyring, org, ctx.params.clusterID, ctx.params.kubeconfig);
          return afterChange(depsOf(ctx), org, ctx.params.clusterID);
        },
      }),

      deleteKubeconfig: defineAction({
        visibility: "published",
        description: "DELETE /clusters/{clusterID}/kubeconfig: remove the encrypted kubeconfig, IV and tag.",
        input: ClusterIdParams,
        output: Cluster,
        async handler(ctx): Promise<Cluster> {
          const org = requireOrg(ctx).id;
          await deleteKubeconfig(db.models, org, ctx.params.clusterID);
          return afterChange(depsOf(ctx), org, ctx.params.clusterID);
        },
      }),

      referencesTo: defineAction({

        idempotent: true,
        visibility: "public",
        description: "The clusters referencing a server, load balancer, node pool, domain or record set (409 on delete).",
        input: ReferencesToParams,
        output: References,
        handler: (ctx) => referencesTo(db.models, ctx.params.organization_id, ctx.params.kind, ctx.params.id),
      }),

      validate: defineAction({
        visibility: "public",
        description: "Job clusters.validate: pre_pending/incomplete → pending or incomplete with last_error.",
        input: ValidateClusterParams,
        output: ValidateClusterResult,
        handler: (ctx) => validateCluster(db.models, keyring, callerOf(ctx), ctx.params.organization_id, ctx.params.cluster_id),
      }),

      sweep: defineAction({
        visibility: "public",
        description: "Periodic job clusters.sweep: validates clusters left pre_pending or incomplete.",
        input: SweepClustersParams,
        output: SweepClustersResult,
        handler: (ctx) => sweep(db.models, keyring, callerOf(ctx), ctx.params.limit),
      }),

      purgeOrganization: defineAction({
        visibility: "public",
        description: "Job clusters.purgeOrganization: delete everything of the organization here (idempotent).",
        input: PurgeOrganizationParams,
        handler: (ctx) => purgeOrganization(db.models, keyring, ctx.params.organization_id),
      }),
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
