import { relayEvents } from "../../shared/event-outbox.ts";
import type { z } from "zod";
import { localName, type ActionContract, type orgCollectionRoutes } from "../../shared/contracts/action.ts";
import type { FileResponse, IdParams, LoadBalancer, NodePool, Server, SshKey } from "../../shared/contracts/inventory.ts";
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
import { deleteUnlessReferenced, type ReferenceableKind } from "./references.ts";
import { connectionFor, pendingBastions, pinHostKey, privateKeysFor, resetServerHostKey, setServerStatus } from "./runner-access.ts";
import { createServer, deleteServer, getServers, listServers, updateServer } from "./servers.ts";
import type { Inventory } from "./resources.ts";
import { createSshKey, deleteSshKey, downloadSshKey, getSshKey, listSshKeys, refusePrivateKeyToMember } from "./ssh-keys.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

type Action = ActionWithDeps<InventoryDeps>;

type Contracts = typeof INVENTORY_ACTIONS;

/** Time kept back from a caller's timeout for storing the key and answering. */
const DEADLINE_MARGIN_MS = 500;

type TagContracts = Contracts["labels"] | Contracts["annotations"] | Contracts["taints"];

/** The five actions of labels, annotations or taints. */
function tagActions(action: Action, kind: "label" | "annotation" | "taint", c: TagContracts): ActionMap {
  return {
    [localName(c.list.name)]: action(c.list, (ctx, deps) => listTags(deps, ctx.locals.org.id, kind, ctx.params)),
    [localName(c.create.name)]: action(c.create, (ctx, deps) => createTag(deps, ctx, ctx.locals.org.id, kind, ctx.params)),
    [localName(c.get.name)]: action(c.get, (ctx, deps) => getTag(deps, ctx.locals.org.id, kind, ctx.params.id)),
    [localName(c.update.name)]: action(c.update, (ctx, deps) => {
      const { id, ...data } = ctx.params;
      return updateTag(deps, ctx, ctx.locals.org.id, kind, id, data);
    }),
    [localName(c.remove.name)]: action(c.remove, (ctx, deps) => deleteTag(deps, ctx, ctx.locals.org.id, kind, ctx.params.id)),
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
      attach(deps, ctx, ctx.locals.org.id, ctx.params.id, kind, idsField, ctx.params[idsField] as string[]),
    ),
    [localName(c.detach.name)]: action(c.detach, (ctx, deps) => detach(deps, ctx, ctx.locals.org.id, ctx.params.id, kind, ctx.params.childId)),
  };
}

type OrgRoutes = ReturnType<typeof orgCollectionRoutes>;

/** The contract of one of the five routes of an organization's collection. */
type CollectionContract<S extends z.ZodType, K extends keyof OrgRoutes> = ActionContract<S, unknown, undefined, OrgRoutes[K]>;

/** What the plain modules do for one kind of resource a cluster may reference. */
interface ReferencedOps<L, C, U, T> {
  list(inv: Inventory, orgId: string, params: L): Promise<Page<T>>;
  create(inv: Inventory, caller: ChangeCaller, orgId: string, input: C): Promise<T>;
  get(inv: Inventory, orgId: string, id: string): Promise<T>;
  update(inv: Inventory, caller: ChangeCaller, orgId: string, id: string, input: U): Promise<T>;
  remove(inv: Inventory, caller: ChangeCaller, orgId: string, id: string): Promise<void>;
}

/**
 * The five actions of servers, node pools or load balancers: list, create, get, update, and a
 * delete refused (409) while a cluster references the object.
 */
function referencedActions<L extends z.ZodType, C extends z.ZodType, U extends z.ZodType<{ id: string }>, T>(
  action: Action,
  kind: ReferenceableKind,
  c: {
    list: CollectionContract<L, "list">;
    create: CollectionContract<C, "create">;
    get: CollectionContract<typeof IdParams, "get">;
    update: CollectionContract<U, "update">;
    remove: CollectionContract<typeof IdParams, "remove">;
  },
  ops: ReferencedOps<z.output<L>, z.output<C>, Omit<z.output<U>, "id">, T>,
): ActionMap {
  return {
    [localName(c.list.name)]: action(c.list, (ctx, deps) => ops.list(deps, ctx.locals.org.id, ctx.params)),
    [localName(c.create.name)]: action(c.create, (ctx, deps) => ops.create(deps, ctx, ctx.locals.org.id, ctx.params)),
    [localName(c.get.name)]: action(c.get, (ctx, deps) => ops.get(deps, ctx.locals.org.id, ctx.params.id)),
    [localName(c.update.name)]: action(c.update, (ctx, deps) => {
      const { id, ...data } = ctx.params;
      return ops.update(deps, ctx, ctx.locals.org.id, id, data);
    }),
    [localName(c.remove.name)]: action(c.remove, (ctx, deps) => {
      const orgId = ctx.locals.org.id;
      return deleteUnlessReferenced(ctx, deps, orgId, kind, ctx.params.id, () => ops.remove(deps, ctx, orgId, ctx.params.id));
    }),
  };
}

/** Servers, SSH keys, labels, annotations, taints, node pools and load balancers of organizations. */
export default defineService({
  name: "inventory",

  database: defineInventoryModels,
  deps: inventoryDeps,

  actions: (action) => ({
    ...tagActions(action, "label", INVENTORY_ACTIONS.labels),
    ...tagActions(action, "annotation", INVENTORY_ACTIONS.annotations),
    ...tagActions(action, "taint", INVENTORY_ACTIONS.taints),

    ...referencedActions(action, "server", INVENTORY_ACTIONS.servers, {
      list: listServers,
      create: createServer,
      get: (inv, orgId, id) => inv.res.servers.get(orgId, id),
      update: updateServer,
      remove: deleteServer,
    }),

    listSshKeys: action(INVENTORY_ACTIONS.sshKeys.list, (ctx, deps): Promise<Page<SshKey>> => listSshKeys(deps, ctx.locals.org.id, ctx.params.unattached, ctx.params)),
    createSshKey: action(INVENTORY_ACTIONS.sshKeys.create, (ctx, deps): Promise<SshKey> => {
      // the caller's timeout (the gateway's REQUEST_TIMEOUT_MS), less a margin for the trip back
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- typed as always set, kept defensive: no options, no deadline
      const timeout = ctx.options?.timeout;
      const deadline = typeof timeout === "number" && timeout > 0 ? Date.now() + timeout - DEADLINE_MARGIN_MS : undefined;
      return createSshKey(deps, ctx, deps.keyring, ctx.locals.org.id, ctx.params, deadline);
    }),
    getSshKey: action(INVENTORY_ACTIONS.sshKeys.get, async (ctx, deps) => {
      const orgId = ctx.locals.org.id;
      if (ctx.params.reveal) refusePrivateKeyToMember(ctx.locals.org);
      const key = await getSshKey(deps, ctx, deps.keyring, orgId, ctx.params.id, ctx.params.reveal);
      if (ctx.params.reveal) deps.logger.info("ssh private key revealed", { organization_id: orgId, ssh_key_id: key.id });
      return key;
    }),
    downloadSshKey: action(INVENTORY_ACTIONS.sshKeys.download, async (ctx, deps): Promise<FileResponse> => {
      const orgId = ctx.locals.org.id;
      if (ctx.params.part !== "public") refusePrivateKeyToMember(ctx.locals.org);
      const file = await downloadSshKey(deps, ctx, deps.keyring, orgId, ctx.params.id, ctx.params.part);
      if (ctx.params.part !== "public") deps.logger.info("ssh private key downloaded", { organization_id: orgId, ssh_key_id: ctx.params.id, part: ctx.params.part });
      return file;
    }),
    deleteSshKey: action(INVENTORY_ACTIONS.sshKeys.remove, (ctx, deps) => deleteSshKey(deps, ctx, ctx.locals.org.id, ctx.params.id)),

    ...referencedActions(action, "node_pool", INVENTORY_ACTIONS.nodePools, {
      list: (inv, orgId, params) => listNodePools(inv, orgId, params.q, params),
      create: createNodePool,
      get: getNodePool,
      update: updateNodePool,
      remove: deleteNodePool,
    }),
    ...attachmentActions(action, "servers", INVENTORY_ACTIONS.nodePoolServers),
    ...attachmentActions(action, "labels", INVENTORY_ACTIONS.nodePoolLabels),
    ...attachmentActions(action, "annotations", INVENTORY_ACTIONS.nodePoolAnnotations),
    ...attachmentActions(action, "taints", INVENTORY_ACTIONS.nodePoolTaints),

    ...referencedActions(action, "load_balancer", INVENTORY_ACTIONS.loadBalancers, {
      list: (inv, orgId, page) => inv.res.loadBalancers.list(orgId, {}, page),
      create: createLoadBalancer,
      get: (inv, orgId, id) => inv.res.loadBalancers.get(orgId, id),
      update: updateLoadBalancer,
      remove: (inv, caller, orgId, id) => inv.res.loadBalancers.remove(caller, orgId, id),
    }),

    getServers: action(INVENTORY_ACTIONS.getServers, (ctx, deps): Promise<Server[]> => getServers(deps, ctx.params.organization_id, ctx.params.ids)),
    getLoadBalancers: action(INVENTORY_ACTIONS.getLoadBalancers, (ctx, deps): Promise<LoadBalancer[]> => getLoadBalancers(deps, ctx.params.organization_id, ctx.params.ids)),
    getNodePools: action(INVENTORY_ACTIONS.getNodePools, (ctx, deps): Promise<NodePool[]> => getNodePools(deps, ctx.params.organization_id, ctx.params.ids)),
    // after the shared five: a bastion left pending gets its bootstrap job
    createServer: action(INVENTORY_ACTIONS.servers.create, async (ctx, deps): Promise<Server> => {
      const server = await createServer(deps, ctx, ctx.locals.org.id, ctx.params);
      await deps.requestBootstrap(ctx, server);
      return server;
    }),
    updateServer: action(INVENTORY_ACTIONS.servers.update, async (ctx, deps): Promise<Server> => {
      const { id, ...data } = ctx.params;
      const server = await updateServer(deps, ctx, ctx.locals.org.id, id, data);
      await deps.requestBootstrap(ctx, server);
      return server;
    }),
    resetServerHostKey: action(INVENTORY_ACTIONS.servers.resetHostKey, (ctx, deps): Promise<Server> => resetServerHostKey(deps, ctx, ctx.locals.org.id, ctx.params.id)),
    connectionFor: action(INVENTORY_ACTIONS.connectionFor, (ctx, deps) => connectionFor(deps, deps.keyring, ctx.params.organization_id, ctx.params.server_id)),
    privateKeysFor: action(INVENTORY_ACTIONS.privateKeysFor, (ctx, deps) => privateKeysFor(deps, deps.keyring, ctx.params.organization_id, ctx.params.ssh_key_ids)),
    pinHostKey: action(INVENTORY_ACTIONS.pinHostKey, (ctx, deps) => pinHostKey(deps, ctx.params.organization_id, ctx.params.server_id, ctx.params.host_key)),
    setServerStatus: action(INVENTORY_ACTIONS.setServerStatus, (ctx, deps) => {
      const { organization_id: orgId, server_id: serverId, ...change } = ctx.params;
      return setServerStatus(deps, ctx, orgId, serverId, change);
    }),
    pendingBastions: action(INVENTORY_ACTIONS.pendingBastions, (ctx, deps) => pendingBastions(deps, ctx.params.limit)),
    relayEvents: action(INVENTORY_ACTIONS.relayEvents, (ctx, deps) => relayEvents(deps.models.eventOutbox, ctx)),

    purgeOrganization: action(INVENTORY_ACTIONS.purgeOrganization, (ctx, deps) => purgeOrganization(deps, deps.keyring, ctx.params.organization_id)),
  }),
});
