import type { ServiceSchema } from "moleculer";
import { z } from "zod";
import { requireOrg } from "../../shared/context.ts";
import { PurgeOrganizationParams } from "../../shared/contracts/jobs.ts";
import {
  ATTACHMENT_KINDS,
  AttachAnnotationsParams,
  AttachLabelsParams,
  AttachServersParams,
  AttachTaintsParams,
  BatchGetParams,
  CreateAnnotationParams,
  CreateLoadBalancerParams,
  CreateNodePoolParams,
  CreateServerParams,
  CreateSshKeyParams,
  DownloadSshKeyParams,
  GetSshKeyParams,
  DetachParams,
  ListNodePoolsParams,
  ListServersParams,
  UpdateLoadBalancerParams,
  UpdateNodePoolParams,
  UpdateServerParams,
  type FileResponse,
  LoadBalancer,
  NodePool,
  NodePoolRef,
  Server,
  SshKey,
  Taint,
  Label,
  CreateLabelParams,
  CreateTaintParams,
  IdParams,
  ListAttachedParams,
  ListTagsParams,
  UpdateAnnotationParams,
  UpdateLabelParams,
  UpdateTaintParams,
} from "../../shared/contracts/inventory.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { Keyring } from "../../shared/keyring.ts";
import { PageParams, pageOf, type Page } from "../../shared/paging.ts";
import { defineAction } from "../../shared/validation.ts";
import { attach, detach, listAttached } from "./links.ts";
import { createLoadBalancer, updateLoadBalancer } from "./load-balancers.ts";
import { defineInventoryModels } from "./models.ts";
import { createNodePool, deleteNodePool, getNodePool, getNodePools, listNodePools, updateNodePool } from "./node-pools.ts";
import { purgeOrganization } from "./purge.ts";
import { deleteUnlessReferenced, marksOf } from "./references.ts";
import { createServer, deleteServer, listServers, updateServer } from "./servers.ts";
import { createSshKey, deleteSshKey, downloadSshKey, getSshKey } from "./ssh-keys.ts";
import { inventoryResources, toLoadBalancer, toServer, type Inventory } from "./resources.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.ts";

type ActionMap = NonNullable<ServiceSchema["actions"]>;

/** Time kept back from a caller's timeout for storing the key and answering. */
const DEADLINE_MARGIN_MS = 500;

const newestFirst = <D extends { _id: string }>(docs: D[]): D[] => docs.sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));

/** list/get/create/update/delete actions of labels, annotations or taints (`<verb><Kind>`). */
function tagActions(
  inv: () => Inventory,
  kind: "label" | "annotation" | "taint",
  Kind: string,
  schemas: { create: z.ZodType<{ key: string; value: string; effect?: string }>; update: z.ZodType<{ id: string; key?: string | undefined; value?: string | undefined; effect?: string | undefined }> },
): ActionMap {
  const plural = `${kind}s`;
  const item: z.ZodType<Label | Taint> = kind === "taint" ? Taint : Label;
  const listItem = (kind === "taint" ? Taint : Label).extend({ node_pools: z.array(NodePoolRef).optional() });
  return {
    [`list${Kind}s`]: defineAction({
      visibility: "published",
      description: `GET /${plural}: filters key, value (exact), q (key contains), include=node_pools.`,
      input: ListTagsParams,
      output: pageOf(listItem),
      handler: (ctx) => listTags(inv(), requireOrg(ctx).id, kind, ctx.params),
    }),
    [`create${Kind}`]: defineAction({
      visibility: "published",
      description: `POST /${plural}.`,
      input: schemas.create,
      output: item,
      handler: (ctx) => createTag(inv(), requireOrg(ctx).id, kind, ctx.params),
    }),
    [`get${Kind}`]: defineAction({
      visibility: "published",
      description: `GET /${plural}/{id}.`,
      input: IdParams,
      output: item,
      handler: (ctx) => getTag(inv(), requireOrg(ctx).id, kind, ctx.params.id),
    }),
    [`update${Kind}`]: defineAction({
      visibility: "published",
      description: `PATCH /${plural}/{id}: partial update.`,
      input: schemas.update,
      output: item,
      handler: (ctx) => {
        const { id, ...data } = ctx.params;
        return updateTag(inv(), requireOrg(ctx).id, kind, id, data);
      },
    }),
    [`delete${Kind}`]: defineAction({
      visibility: "published",
      description: `DELETE /${plural}/{id}: also detaches it from node pools.`,
      input: IdParams,
      handler: (ctx) => deleteTag(inv(), requireOrg(ctx).id, kind, ctx.params.id),
    }),
  };
}

const ATTACHED_SCHEMAS = { server: Server, label: Label, annotation: Label, taint: Taint } as const;

/** GET/POST /node-pools/{id}/<segment> and DELETE /node-pools/{id}/<segment>/{childId}. */
function attachmentActions<S extends z.ZodType<{ id: string } & Record<string, unknown>>>(
  inv: () => Inventory,
  segment: keyof typeof ATTACHMENT_KINDS,
  Segment: string,
  input: S,
): ActionMap {
  const { kind, idsField } = ATTACHMENT_KINDS[segment];
  return {
    [`listNodePool${Segment}`]: defineAction({
      visibility: "published",
      description: `GET /node-pools/{id}/${segment}.`,
      input: ListAttachedParams,
      output: pageOf(ATTACHED_SCHEMAS[kind]),
      handler: (ctx) => listAttached(inv(), requireOrg(ctx).id, ctx.params.id, kind, ctx.params),
    }),
    [`attachNodePool${Segment}`]: defineAction({
      visibility: "published",
      description: `POST /node-pools/{id}/${segment} {${idsField}}: all or nothing.`,
      input,
      handler: (ctx) => attach(inv(), requireOrg(ctx).id, ctx.params.id, kind, idsField, ctx.params[idsField] as string[]),
    }),
    [`detachNodePool${Segment}`]: defineAction({
      visibility: "published",
      description: `DELETE /node-pools/{id}/${segment}/{childId}.`,
      input: DetachParams,
      handler: (ctx) => detach(inv(), requireOrg(ctx).id, ctx.params.id, kind, ctx.params.childId),
    }),
  };
}

/** Servers, SSH keys, labels, annotations, taints, node pools and load balancers of organizations. */
export default function createInventoryService(): ServiceSchema {
  const db = new ServiceDatabase("inventory", defineInventoryModels);
  const keyring = new Keyring(db);
  let state: Inventory | undefined;
  const inv = (): Inventory => {
    if (!state) throw new Error("inventory database is not open");
    return state;
  };

  return {
    name: "inventory",

    actions: {
      ...tagActions(inv, "label", "Label", { create: CreateLabelParams, update: UpdateLabelParams }),
      ...tagActions(inv, "annotation", "Annotation", { create: CreateAnnotationParams, update: UpdateAnnotationParams }),
      ...tagActions(inv, "taint", "Taint", { create: CreateTaintParams, update: UpdateTaintParams }),

      listServers: defineAction({
        visibility: "published",
        description: "GET /servers: filters status and role.",
        input: ListServersParams,
        output: pageOf(Server),
        handler: (ctx): Promise<Page<Server>> => listServers(inv(), requireOrg(ctx).id, ctx.params),
      }),
      createServer: defineAction({
        visibility: "published",
        description: "POST /servers: ssh_key_id must be an SSH key of the organization.",
        input: CreateServerParams,
        output: Server,
        handler: (ctx): Promise<Server> => createServer(inv(), requireOrg(ctx).id, ctx.params),
      }),
      getServer: defineAction({
        visibility: "published",
        description: "GET /servers/{id}.",
        input: IdParams,
        output: Server,
        handler: (ctx): Promise<Server> => inv().res.servers.get(requireOrg(ctx).id, ctx.params.id),
      }),
      updateServer: defineAction({
        visibility: "published",
        description: "PATCH /servers/{id}: partial; returns the updated server.",
        input: UpdateServerParams,
        output: Server,
        handler: (ctx): Promise<Server> => {
          const { id, ...data } = ctx.params;
          return updateServer(inv(), requireOrg(ctx).id, id, data);
        },
      }),
      deleteServer: defineAction({
        visibility: "published",
        description: "DELETE /servers/{id}: 409 while a cluster references it.",
        async handler(ctx): Promise<void> {
          const orgId = requireOrg(ctx).id;
          await inv().res.servers.getDoc(orgId, ctx.params.id);
          await deleteUnlessReferenced(ctx, inv(), orgId, "server", ctx.params.id, () => deleteServer(inv(), orgId, ctx.params.id));
        },
        input: IdParams,
      }),

      listSshKeys: defineAction({
        visibility: "published",
        description: "GET /ssh: public parts only.",
        input: PageParams,
        output: pageOf(SshKey),
        handler: (ctx): Promise<Page<SshKey>> => inv().res.sshKeys.list(requireOrg(ctx).id, {}, ctx.params),
      }),
      createSshKey: defineAction({
        visibility: "published",
        description: "POST /ssh: generates an RSA or Ed25519 pair; the private key is stored encrypted.",
        input: CreateSshKeyParams,
        output: SshKey,
        timeout: 60_000,
        handler(ctx): Promise<SshKey> {
          // the caller's timeout (the gateway's REQUEST_TIMEOUT_MS), less a margin for the trip back
          const timeout = ctx.options?.timeout;
          const deadline = typeof timeout === "number" && timeout > 0 ? Date.now() + timeout - DEADLINE_MARGIN_MS : undefined;
          return createSshKey(inv(), keyring, requireOrg(ctx).id, ctx.params, deadline);
        },
      }),
      getSshKey: defineAction({
        visibility: "published",
        description: "GET /ssh/{id}: reveal=true adds private_key.",
        input: GetSshKeyParams,
        output: SshKey.extend({ private_key: z.string().optional() }),
        async handler(ctx) {
          const org = requireOrg(ctx);
          const key = await getSshKey(inv(), keyring, org.id, ctx.params.id, ctx.params.reveal);
          if (ctx.params.reveal) ctx.service?.logger.info("ssh private key revealed", { organization_id: org.id, ssh_key_id: key.id });
          return key;
        },
      }),
      downloadSshKey: defineAction({
        visibility: "published",
        description: "GET /ssh/{id}/download?part=public|private|both: a file (zip for both).",
        input: DownloadSshKeyParams,
        async handler(ctx): Promise<FileResponse> {
          const org = requireOrg(ctx);
          const file = await downloadSshKey(inv(), keyring, org.id, ctx.params.id, ctx.params.part);
          if (ctx.params.part !== "public") ctx.service?.logger.info("ssh private key downloaded", { organization_id: org.id, ssh_key_id: ctx.params.id, part: ctx.params.part });
          return file;
        },
      }),
      deleteSshKey: defineAction({
        visibility: "published",
        description: "DELETE /ssh/{id}: 409 while a server uses it.",
        input: IdParams,
        handler: (ctx) => deleteSshKey(inv(), requireOrg(ctx).id, ctx.params.id),
      }),

      listNodePools: defineAction({
        visibility: "published",
        description: "GET /node-pools: q filters by name; full node pools.",
        input: ListNodePoolsParams,
        output: pageOf(NodePool),
        handler: (ctx): Promise<Page<NodePool>> => listNodePools(inv(), requireOrg(ctx).id, ctx.params.q, ctx.params),
      }),
      createNodePool: defineAction({
        visibility: "published",
        description: "POST /node-pools.",
        input: CreateNodePoolParams,
        output: NodePool,
        handler: (ctx): Promise<NodePool> => createNodePool(inv(), requireOrg(ctx).id, ctx.params),
      }),
      getNodePool: defineAction({
        visibility: "published",
        description: "GET /node-pools/{id}: with its servers, labels, annotations and taints.",
        input: IdParams,
        output: NodePool,
        handler: (ctx): Promise<NodePool> => getNodePool(inv(), requireOrg(ctx).id, ctx.params.id),
      }),
      updateNodePool: defineAction({
        visibility: "published",
        description: "PATCH /node-pools/{id}: partial.",
        input: UpdateNodePoolParams,
        output: NodePool,
        handler: (ctx): Promise<NodePool> => {
          const { id, ...data } = ctx.params;
          return updateNodePool(inv(), requireOrg(ctx).id, id, data);
        },
      }),
      deleteNodePool: defineAction({
        visibility: "published",
        description: "DELETE /node-pools/{id}: 409 while a cluster references it.",
        input: IdParams,
        async handler(ctx): Promise<void> {
          const orgId = requireOrg(ctx).id;
          await inv().res.nodePools.getDoc(orgId, ctx.params.id);
          await deleteUnlessReferenced(ctx, inv(), orgId, "node_pool", ctx.params.id, () => deleteNodePool(inv(), orgId, ctx.params.id));
        },
      }),
      ...attachmentActions(inv, "servers", "Servers", AttachServersParams),
      ...attachmentActions(inv, "labels", "Labels", AttachLabelsParams),
      ...attachmentActions(inv, "annotations", "Annotations", AttachAnnotationsParams),
      ...attachmentActions(inv, "taints", "Taints", AttachTaintsParams),

      listLoadBalancers: defineAction({
        visibility: "published",
        description: "GET /load-balancers.",
        input: PageParams,
        output: pageOf(LoadBalancer),
        handler: (ctx): Promise<Page<LoadBalancer>> => inv().res.loadBalancers.list(requireOrg(ctx).id, {}, ctx.params),
      }),
      createLoadBalancer: defineAction({
        visibility: "published",
        description: "POST /load-balancers: name and kind required.",
        input: CreateLoadBalancerParams,
        output: LoadBalancer,
        handler: (ctx): Promise<LoadBalancer> => createLoadBalancer(inv(), requireOrg(ctx).id, ctx.params),
      }),
      getLoadBalancer: defineAction({
        visibility: "published",
        description: "GET /load-balancers/{id}.",
        input: IdParams,
        output: LoadBalancer,
        handler: (ctx): Promise<LoadBalancer> => inv().res.loadBalancers.get(requireOrg(ctx).id, ctx.params.id),
      }),
      updateLoadBalancer: defineAction({
        visibility: "published",
        description: "PATCH /load-balancers/{id}: partial.",
        input: UpdateLoadBalancerParams,
        output: LoadBalancer,
        handler: (ctx): Promise<LoadBalancer> => {
          const { id, ...data } = ctx.params;
          return updateLoadBalancer(inv(), requireOrg(ctx).id, id, data);
        },
      }),
      deleteLoadBalancer: defineAction({
        visibility: "published",
        description: "DELETE /load-balancers/{id}: 409 while a cluster references it.",
        input: IdParams,
        async handler(ctx): Promise<void> {
          const orgId = requireOrg(ctx).id;
          await inv().res.loadBalancers.getDoc(orgId, ctx.params.id);
          await deleteUnlessReferenced(ctx, inv(), orgId, "load_balancer", ctx.params.id, () =>
            inv().res.loadBalancers.remove(orgId, ctx.params.id),
          );
        },
      }),

      getServers: defineAction({
        visibility: "public",
        description: "Servers of an organization by id (missing ids are absent); one query.",
        input: BatchGetParams,
        output: z.array(Server),
        handler: async (ctx): Promise<Server[]> => {
          const r = inv().res.servers;
          return newestFirst(await marksOf(inv()).without("server", ctx.params.ids, (ids) => r.getMany(ctx.params.organization_id, ids))).map(toServer);
        },
      }),
      getLoadBalancers: defineAction({
        visibility: "public",
        description: "Load balancers of an organization by id (missing ids are absent); one query.",
        input: BatchGetParams,
        output: z.array(LoadBalancer),
        handler: async (ctx): Promise<LoadBalancer[]> =>
          newestFirst(
            await marksOf(inv()).without("load_balancer", ctx.params.ids, (ids) => inv().res.loadBalancers.getMany(ctx.params.organization_id, ids)),
          ).map(toLoadBalancer),
      }),
      getNodePools: defineAction({
        visibility: "public",
        description: "Full node pools of an organization by id (one query per kind, never per pool).",
        input: BatchGetParams,
        output: z.array(NodePool),
        handler: (ctx): Promise<NodePool[]> => getNodePools(inv(), ctx.params.organization_id, ctx.params.ids),
      }),
      purgeOrganization: defineAction({
        visibility: "public",
        description: "Job handler: removes everything the organization owns here, and its data keys. Idempotent.",
        input: PurgeOrganizationParams,
        handler: (ctx) => purgeOrganization(inv(), keyring, ctx.params.organization_id),
      }),
    },

    async started() {
      await db.open();
      await keyring.start();
      state = { models: db.models, res: inventoryResources(db.models) };
    },

    async stopped() {
      state = undefined;
      await db.close();
    },
  } as ServiceSchema;
}
