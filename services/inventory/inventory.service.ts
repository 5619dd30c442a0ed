import type { ServiceSchema } from "moleculer";
import type { z } from "zod";
import { localName } from "../../shared/contracts/action.ts";
import type { FileResponse, LoadBalancer, NodePool, Server, SshKey } from "../../shared/contracts/inventory.ts";
import { ATTACHMENT_KINDS } from "../../shared/contracts/inventory.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import type { Page } from "../../shared/paging.ts";
import { defineService, type ActionMap, type ActionWithDeps } from "../../shared/service.ts";
import { inventoryDeps, type InventoryDeps } from "./deps.ts";
import { attach, detach, listAttached } from "./links.ts";
import { createLoadBalancer, getLoadBalancers, updateLoadBalancer } from "./load-balancers.ts";
import { defineInventoryModels } from "./models.ts";
import { createNodePool, deleteNodePool, getNodePool, getNodePools, listNodePools, updateNodePool } from "./node-pools.ts";
import { purgeOrganization } from "./purge.ts";
import { deleteUnlessReferenced } from "./references.ts";
import { createServer, deleteServer, getServers, listServers, updateServer } from "./servers.ts";
import { createSshKey, deleteSshKey, downloadSshKey, getSshKey } from "./ssh-keys.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.ts";

type Action = ActionWithDeps<InventoryDeps>;

type Contracts = typeof INVENTORY_ACTIONS;

/** Time kept back from a caller's timeout for storing the key and answering. */
const DEADLINE_MARGIN_MS = 500;

type TagContracts = Contracts["labels"] | Contracts["annotations"] | Contracts["taints"];

/** The five actions of labels, annotations or taints. */
function tagActions(action: Action, kind: "label" | "annotation" | "taint", c: TagContracts): ActionMap {
  return {
    [localName(c.list.name)]: action(c.list, (ctx, deps) => listTags(deps, ctx.locals.org.id, kind, ctx.params)),
    [localName(c.create.name)]: action(c.create, (ctx, deps) => createTag(deps, ctx.locals.org.id, kind, ctx.params)),
    [localName(c.get.name)]: action(c.get, (ctx, deps) => getTag(deps, ctx.locals.org.id, kind, ctx.params.id)),
    [localName(c.update.name)]: action(c.update, (ctx, deps) => {
      const { id, ...data } = ctx.params;
      return updateTag(deps, ctx.locals.org.id, kind, id, data);
    }),
    [localName(c.remove.name)]: action(c.remove, (ctx, deps) => deleteTag(deps, ctx.locals.org.id, kind, ctx.params.id)),
  };
}

type AttachmentContracts = Contracts["nodePoolServers"] | Contracts["nodePoolLabels"] | Contracts["nodePoolAnnotations"] | Contracts["nodePoolTaints"];

/** The list, attach and detach actions of one kind of node pool attachment. */
function attachmentActions(action: Action, segment: keyof typeof ATTACHMENT_KINDS, c: AttachmentContracts): ActionMap {
  const { kind, idsField } = ATTACHMENT_KINDS[segment];
  const attachInput: z.ZodType<{ id: string } & Record<string, unknown>> = c.attach.input;
  return {
    [localName(c.list.name)]: action(c.list, (ctx, deps) => listAttached(deps, ctx.locals.org.id, ctx.params.id, kind, ctx.params)),
    [localName(c.attach.name)]: action({ ...c.attach, input: attachInput }, (ctx, deps) =>
      attach(deps, ctx.locals.org.id, ctx.params.id, kind, idsField, ctx.params[idsField] as string[]),
    ),
    [localName(c.detach.name)]: action(c.detach, (ctx, deps) => detach(deps, ctx.locals.org.id, ctx.params.id, kind, ctx.params.childId)),
  };
}

/** Servers, SSH keys, labels, annotations, taints, node pools and load balancers of organizations. */
export default function createInventoryService(): ServiceSchema {
  return defineService({
    name: "inventory",

    database: defineInventoryModels,
    deps: inventoryDeps,

    actions: (action) => ({
      ...tagActions(action, "label", INVENTORY_ACTIONS.labels),
      ...tagActions(action, "annotation", INVENTORY_ACTIONS.annotations),
      ...tagActions(action, "taint", INVENTORY_ACTIONS.taints),

      listServers: action(INVENTORY_ACTIONS.servers.list, (ctx, deps): Promise<Page<Server>> => listServers(deps, ctx.locals.org.id, ctx.params)),
      createServer: action(INVENTORY_ACTIONS.servers.create, (ctx, deps): Promise<Server> => createServer(deps, ctx.locals.org.id, ctx.params)),
      getServer: action(INVENTORY_ACTIONS.servers.get, (ctx, deps): Promise<Server> => deps.res.servers.get(ctx.locals.org.id, ctx.params.id)),
      updateServer: action(INVENTORY_ACTIONS.servers.update, (ctx, deps): Promise<Server> => {
        const { id, ...data } = ctx.params;
        return updateServer(deps, ctx.locals.org.id, id, data);
      }),
      deleteServer: action(INVENTORY_ACTIONS.servers.remove, (ctx, deps): Promise<void> => {
        const orgId = ctx.locals.org.id;
        return deleteUnlessReferenced(ctx, deps, orgId, "server", ctx.params.id, () => deleteServer(deps, orgId, ctx.params.id));
      }),

      listSshKeys: action(INVENTORY_ACTIONS.sshKeys.list, (ctx, deps): Promise<Page<SshKey>> => deps.res.sshKeys.list(ctx.locals.org.id, {}, ctx.params)),
      createSshKey: action(INVENTORY_ACTIONS.sshKeys.create, (ctx, deps): Promise<SshKey> => {
        // the caller's timeout (the gateway's REQUEST_TIMEOUT_MS), less a margin for the trip back
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- typed as always set, kept defensive: no options, no deadline
        const timeout = ctx.options?.timeout;
        const deadline = typeof timeout === "number" && timeout > 0 ? Date.now() + timeout - DEADLINE_MARGIN_MS : undefined;
        return createSshKey(deps, deps.keyring, ctx.locals.org.id, ctx.params, deadline);
      }),
      getSshKey: action(INVENTORY_ACTIONS.sshKeys.get, async (ctx, deps) => {
        const orgId = ctx.locals.org.id;
        const key = await getSshKey(deps, deps.keyring, orgId, ctx.params.id, ctx.params.reveal);
        if (ctx.params.reveal) deps.logger.info("ssh private key revealed", { organization_id: orgId, ssh_key_id: key.id });
        return key;
      }),
      downloadSshKey: action(INVENTORY_ACTIONS.sshKeys.download, async (ctx, deps): Promise<FileResponse> => {
        const orgId = ctx.locals.org.id;
        const file = await downloadSshKey(deps, deps.keyring, orgId, ctx.params.id, ctx.params.part);
        if (ctx.params.part !== "public") deps.logger.info("ssh private key downloaded", { organization_id: orgId, ssh_key_id: ctx.params.id, part: ctx.params.part });
        return file;
      }),
      deleteSshKey: action(INVENTORY_ACTIONS.sshKeys.remove, (ctx, deps) => deleteSshKey(deps, ctx.locals.org.id, ctx.params.id)),

      listNodePools: action(INVENTORY_ACTIONS.nodePools.list, (ctx, deps): Promise<Page<NodePool>> => listNodePools(deps, ctx.locals.org.id, ctx.params.q, ctx.params)),
      createNodePool: action(INVENTORY_ACTIONS.nodePools.create, (ctx, deps): Promise<NodePool> => createNodePool(deps, ctx.locals.org.id, ctx.params)),
      getNodePool: action(INVENTORY_ACTIONS.nodePools.get, (ctx, deps): Promise<NodePool> => getNodePool(deps, ctx.locals.org.id, ctx.params.id)),
      updateNodePool: action(INVENTORY_ACTIONS.nodePools.update, (ctx, deps): Promise<NodePool> => {
        const { id, ...data } = ctx.params;
        return updateNodePool(deps, ctx.locals.org.id, id, data);
      }),
      deleteNodePool: action(INVENTORY_ACTIONS.nodePools.remove, (ctx, deps): Promise<void> => {
        const orgId = ctx.locals.org.id;
        return deleteUnlessReferenced(ctx, deps, orgId, "node_pool", ctx.params.id, () => deleteNodePool(deps, orgId, ctx.params.id));
      }),
      ...attachmentActions(action, "servers", INVENTORY_ACTIONS.nodePoolServers),
      ...attachmentActions(action, "labels", INVENTORY_ACTIONS.nodePoolLabels),
      ...attachmentActions(action, "annotations", INVENTORY_ACTIONS.nodePoolAnnotations),
      ...attachmentActions(action, "taints", INVENTORY_ACTIONS.nodePoolTaints),

      listLoadBalancers: action(INVENTORY_ACTIONS.loadBalancers.list, (ctx, deps): Promise<Page<LoadBalancer>> => deps.res.loadBalancers.list(ctx.locals.org.id, {}, ctx.params)),
      createLoadBalancer: action(INVENTORY_ACTIONS.loadBalancers.create, (ctx, deps): Promise<LoadBalancer> => createLoadBalancer(deps, ctx.locals.org.id, ctx.params)),
      getLoadBalancer: action(INVENTORY_ACTIONS.loadBalancers.get, (ctx, deps): Promise<LoadBalancer> => deps.res.loadBalancers.get(ctx.locals.org.id, ctx.params.id)),
      updateLoadBalancer: action(INVENTORY_ACTIONS.loadBalancers.update, (ctx, deps): Promise<LoadBalancer> => {
        const { id, ...data } = ctx.params;
        return updateLoadBalancer(deps, ctx.locals.org.id, id, data);
      }),
      deleteLoadBalancer: action(INVENTORY_ACTIONS.loadBalancers.remove, (ctx, deps): Promise<void> => {
        const orgId = ctx.locals.org.id;
        return deleteUnlessReferenced(ctx, deps, orgId, "load_balancer", ctx.params.id, () => deps.res.loadBalancers.remove(orgId, ctx.params.id));
      }),

      getServers: action(INVENTORY_ACTIONS.getServers, (ctx, deps): Promise<Server[]> => getServers(deps, ctx.params.organization_id, ctx.params.ids)),
      getLoadBalancers: action(INVENTORY_ACTIONS.getLoadBalancers, (ctx, deps): Promise<LoadBalancer[]> => getLoadBalancers(deps, ctx.params.organization_id, ctx.params.ids)),
      getNodePools: action(INVENTORY_ACTIONS.getNodePools, (ctx, deps): Promise<NodePool[]> => getNodePools(deps, ctx.params.organization_id, ctx.params.ids)),
      purgeOrganization: action(INVENTORY_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps, deps.keyring, ctx.params.organization_id)),
    }),
  });
}
