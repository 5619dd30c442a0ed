import type { ServiceSchema } from "moleculer";
import type { z } from "zod";
import { localName } from "../../shared/contracts/action.ts";
import type { FileResponse, Label, LoadBalancer, NodePool, Server, SshKey, Taint } from "../../shared/contracts/inventory.ts";
import { ATTACHMENT_KINDS } from "../../shared/contracts/inventory.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Page } from "../../shared/paging.ts";
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
type Contracts = typeof INVENTORY_ACTIONS;

/** Time kept back from a caller's timeout for storing the key and answering. */
const DEADLINE_MARGIN_MS = 500;

const newestFirst = <D extends { _id: string }>(docs: D[]): D[] => docs.sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));

type TagContracts = Contracts["labels"] | Contracts["annotations"] | Contracts["taints"];

/** The five actions of labels, annotations or taints. */
function tagActions(inv: () => Inventory, kind: "label" | "annotation" | "taint", c: TagContracts): ActionMap {
  return {
    [localName(c.list.name)]: defineAction(c.list, (ctx) => listTags(inv(), ctx.locals.org.id, kind, ctx.params)),
    [localName(c.create.name)]: defineAction(c.create, (ctx) => createTag(inv(), ctx.locals.org.id, kind, ctx.params)),
    [localName(c.get.name)]: defineAction(c.get, (ctx) => getTag(inv(), ctx.locals.org.id, kind, ctx.params.id)),
    [localName(c.update.name)]: defineAction(c.update, (ctx) => {
      const { id, ...data } = ctx.params;
      return updateTag(inv(), ctx.locals.org.id, kind, id, data);
    }),
    [localName(c.remove.name)]: defineAction(c.remove, (ctx) => deleteTag(inv(), ctx.locals.org.id, kind, ctx.params.id)),
  };
}

type AttachmentContracts = Contracts["nodePoolServers"] | Contracts["nodePoolLabels"] | Contracts["nodePoolAnnotations"] | Contracts["nodePoolTaints"];

/** The list, attach and detach actions of one kind of node pool attachment. */
function attachmentActions(inv: () => Inventory, segment: keyof typeof ATTACHMENT_KINDS, c: AttachmentContracts): ActionMap {
  const { kind, idsField } = ATTACHMENT_KINDS[segment];
  const attachInput: z.ZodType<{ id: string } & Record<string, unknown>> = c.attach.input;
  return {
    [localName(c.list.name)]: defineAction(c.list, (ctx) => listAttached(inv(), ctx.locals.org.id, ctx.params.id, kind, ctx.params)),
    [localName(c.attach.name)]: defineAction({ ...c.attach, input: attachInput }, (ctx) =>
      attach(inv(), ctx.locals.org.id, ctx.params.id, kind, idsField, ctx.params[idsField] as string[]),
    ),
    [localName(c.detach.name)]: defineAction(c.detach, (ctx) => detach(inv(), ctx.locals.org.id, ctx.params.id, kind, ctx.params.childId)),
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
      ...tagActions(inv, "label", INVENTORY_ACTIONS.labels),
      ...tagActions(inv, "annotation", INVENTORY_ACTIONS.annotations),
      ...tagActions(inv, "taint", INVENTORY_ACTIONS.taints),

      listServers: defineAction(INVENTORY_ACTIONS.servers.list, (ctx): Promise<Page<Server>> => listServers(inv(), ctx.locals.org.id, ctx.params)),
      createServer: defineAction(INVENTORY_ACTIONS.servers.create, (ctx): Promise<Server> => createServer(inv(), ctx.locals.org.id, ctx.params)),
      getServer: defineAction(INVENTORY_ACTIONS.servers.get, (ctx): Promise<Server> => inv().res.servers.get(ctx.locals.org.id, ctx.params.id)),
      updateServer: defineAction(INVENTORY_ACTIONS.servers.update, (ctx): Promise<Server> => {
        const { id, ...data } = ctx.params;
        return updateServer(inv(), ctx.locals.org.id, id, data);
      }),
      deleteServer: defineAction(INVENTORY_ACTIONS.servers.remove, async (ctx): Promise<void> => {
        const orgId = ctx.locals.org.id;
        await inv().res.servers.getDoc(orgId, ctx.params.id);
        await deleteUnlessReferenced(ctx, inv(), orgId, "server", ctx.params.id, () => deleteServer(inv(), orgId, ctx.params.id));
      }),

      listSshKeys: defineAction(INVENTORY_ACTIONS.sshKeys.list, (ctx): Promise<Page<SshKey>> => inv().res.sshKeys.list(ctx.locals.org.id, {}, ctx.params)),
      createSshKey: defineAction(INVENTORY_ACTIONS.sshKeys.create, (ctx): Promise<SshKey> => {
        // the caller's timeout (the gateway's REQUEST_TIMEOUT_MS), less a margin for the trip back
        const timeout = ctx.options?.timeout;
        const deadline = typeof timeout === "number" && timeout > 0 ? Date.now() + timeout - DEADLINE_MARGIN_MS : undefined;
        return createSshKey(inv(), keyring, ctx.locals.org.id, ctx.params, deadline);
      }),
      getSshKey: defineAction(INVENTORY_ACTIONS.sshKeys.get, async (ctx) => {
        const orgId = ctx.locals.org.id;
        const key = await getSshKey(inv(), keyring, orgId, ctx.params.id, ctx.params.reveal);
        if (ctx.params.reveal) ctx.service?.logger.info("ssh private key revealed", { organization_id: orgId, ssh_key_id: key.id });
        return key;
      }),
      downloadSshKey: defineAction(INVENTORY_ACTIONS.sshKeys.download, async (ctx): Promise<FileResponse> => {
        const orgId = ctx.locals.org.id;
        const file = await downloadSshKey(inv(), keyring, orgId, ctx.params.id, ctx.params.part);
        if (ctx.params.part !== "public") ctx.service?.logger.info("ssh private key downloaded", { organization_id: orgId, ssh_key_id: ctx.params.id, part: ctx.params.part });
        return file;
      }),
      deleteSshKey: defineAction(INVENTORY_ACTIONS.sshKeys.remove, (ctx) => deleteSshKey(inv(), ctx.locals.org.id, ctx.params.id)),

      listNodePools: defineAction(INVENTORY_ACTIONS.nodePools.list, (ctx): Promise<Page<NodePool>> => listNodePools(inv(), ctx.locals.org.id, ctx.params.q, ctx.params)),
      createNodePool: defineAction(INVENTORY_ACTIONS.nodePools.create, (ctx): Promise<NodePool> => createNodePool(inv(), ctx.locals.org.id, ctx.params)),
      getNodePool: defineAction(INVENTORY_ACTIONS.nodePools.get, (ctx): Promise<NodePool> => getNodePool(inv(), ctx.locals.org.id, ctx.params.id)),
      updateNodePool: defineAction(INVENTORY_ACTIONS.nodePools.update, (ctx): Promise<NodePool> => {
        const { id, ...data } = ctx.params;
        return updateNodePool(inv(), ctx.locals.org.id, id, data);
      }),
      deleteNodePool: defineAction(INVENTORY_ACTIONS.nodePools.remove, async (ctx): Promise<void> => {
        const orgId = ctx.locals.org.id;
        await inv().res.nodePools.getDoc(orgId, ctx.params.id);
        await deleteUnlessReferenced(ctx, inv(), orgId, "node_pool", ctx.params.id, () => deleteNodePool(inv(), orgId, ctx.params.id));
      }),
      ...attachmentActions(inv, "servers", INVENTORY_ACTIONS.nodePoolServers),
      ...attachmentActions(inv, "labels", INVENTORY_ACTIONS.nodePoolLabels),
      ...attachmentActions(inv, "annotations", INVENTORY_ACTIONS.nodePoolAnnotations),
      ...attachmentActions(inv, "taints", INVENTORY_ACTIONS.nodePoolTaints),

      listLoadBalancers: defineAction(INVENTORY_ACTIONS.loadBalancers.list, (ctx): Promise<Page<LoadBalancer>> =>
        inv().res.loadBalancers.list(ctx.locals.org.id, {}, ctx.params),
      ),
      createLoadBalancer: defineAction(INVENTORY_ACTIONS.loadBalancers.create, (ctx): Promise<LoadBalancer> => createLoadBalancer(inv(), ctx.locals.org.id, ctx.params)),
      getLoadBalancer: defineAction(INVENTORY_ACTIONS.loadBalancers.get, (ctx): Promise<LoadBalancer> => inv().res.loadBalancers.get(ctx.locals.org.id, ctx.params.id)),
      updateLoadBalancer: defineAction(INVENTORY_ACTIONS.loadBalancers.update, (ctx): Promise<LoadBalancer> => {
        const { id, ...data } = ctx.params;
        return updateLoadBalancer(inv(), ctx.locals.org.id, id, data);
      }),
      deleteLoadBalancer: defineAction(INVENTORY_ACTIONS.loadBalancers.remove, async (ctx): Promise<void> => {
        const orgId = ctx.locals.org.id;
        await inv().res.loadBalancers.getDoc(orgId, ctx.params.id);
        await deleteUnlessReferenced(ctx, inv(), orgId, "load_balancer", ctx.params.id, () => inv().res.loadBalancers.remove(orgId, ctx.params.id));
      }),

      getServers: defineAction(INVENTORY_ACTIONS.getServers, async (ctx): Promise<Server[]> => {
        const r = inv().res.servers;
        return newestFirst(await marksOf(inv()).without("server", ctx.params.ids, (ids) => r.getMany(ctx.params.organization_id, ids))).map(toServer);
      }),
      getLoadBalancers: defineAction(INVENTORY_ACTIONS.getLoadBalancers, async (ctx): Promise<LoadBalancer[]> =>
        newestFirst(
          await marksOf(inv()).without("load_balancer", ctx.params.ids, (ids) => inv().res.loadBalancers.getMany(ctx.params.organization_id, ids)),
        ).map(toLoadBalancer),
      ),
      getNodePools: defineAction(INVENTORY_ACTIONS.getNodePools, (ctx): Promise<NodePool[]> => getNodePools(inv(), ctx.params.organization_id, ctx.params.ids)),
      purgeOrganization: defineAction(INVENTORY_ACTIONS.purgeOrganization, (ctx) => purgeOrganization(inv(), keyring, ctx.params.organization_id)),
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
