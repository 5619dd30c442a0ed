import { relayEventsAction } from "./events-actions.ts";
import { z } from "zod";
import { pageOf, PageParams } from "../paging.ts";
import { action, ORG_ROUTE, orgCollectionRoutes } from "./action.ts";
import { PurgeOrganizationParams } from "./jobs.ts";
import {
  ATTACHMENT_KINDS,
  attachParams,
  BatchGetParams,
  CreateAnnotationParams,
  CreateLabelParams,
  CreateLoadBalancerParams,
  CreateNodePoolParams,
  CreateServerParams,
  CreateSshKeyParams,
  ConnectionForParams,
  CreateTaintParams,
  DetachParams,
  DownloadSshKeyParams,
  GetSshKeyParams,
  ListSshKeysParams,
  IdParams,
  Label,
  ListAttachedParams,
  ListNodePoolsParams,
  ListServersParams,
  ListTagsParams,
  LoadBalancer,
  NodePool,
  NodePoolRef,
  PendingBastions,
  PendingBastionsParams,
  PinHostKeyParams,
  PinHostKeyResult,
  PrivateKeys,
  PrivateKeysForParams,
  Server,
  ServerConnection,
  SetServerStatusParams,
  SetServerStatusResult,
  SshKey,
  Taint,
  UpdateAnnotationParams,
  UpdateLabelParams,
  UpdateLoadBalancerParams,
  UpdateNodePoolParams,
  UpdateServerParams,
  UpdateTaintParams,
  type AttachmentSegment,
} from "./inventory.ts";

/** Action names of one family, written out whole so every name can be found by searching for it. */
interface FamilyNames<K extends string> {
  readonly names: Record<K, string>;
}

type TagItem = typeof Label | typeof Taint;

/** The five actions of labels, annotations or taints at `path`. */
function tagActions<C extends z.ZodType, U extends z.ZodType>(
  path: string,
  { names }: FamilyNames<"list" | "create" | "get" | "update" | "remove">,
  item: TagItem,
  schemas: { create: C; update: U },
) {
  const routes = orgCollectionRoutes(path);
  const plural = path.slice(1); // labels, annotations, taints
  const one = `${/^[aeiou]/.test(plural) ? "an" : "a"} ${plural.replace(/s$/, "")}`;
  return {
    list: action({
      name: names.list,
      visibility: "published",
      description: `The organization's ${plural}. Filters key, value (exact), q (key contains), include=node_pools.`,
      input: ListTagsParams,
      output: pageOf(item.extend({ node_pools: z.array(NodePoolRef).optional() })),
      http: routes.list,
    }),
    create: action({ name: names.create, visibility: "published", description: `Create ${one}.`, input: schemas.create, output: item, http: routes.create }),
    get: action({ name: names.get, visibility: "published", description: `One ${plural.replace(/s$/, "")} by id.`, input: IdParams, output: item, http: routes.get }),
    update: action({ name: names.update, visibility: "published", description: `Change ${one} (partial update).`, input: schemas.update, output: item, http: routes.update }),
    remove: action({
      name: names.remove,
      visibility: "published",
      description: `Delete ${one}; it is also detached from node pools.`,
      input: IdParams,
      http: routes.remove,
    }),
  };
}

const ATTACHED_SCHEMAS = { server: Server, label: Label, annotation: Label, taint: Taint } as const;

/** GET|POST /node-pools/{id}/<segment> (POST answers 204) and DELETE …/<segment>/{childId}. */
function attachmentActions<S extends AttachmentSegment>(segment: S, { names }: FamilyNames<"list" | "attach" | "detach">) {
  const { kind, idsField } = ATTACHMENT_KINDS[segment];
  const path = `/node-pools/:id/${segment}`;
  return {
    list: action({
      name: names.list,
      visibility: "published",
      description: `The pool's attached ${segment}.`,
      input: ListAttachedParams,
      output: pageOf(ATTACHED_SCHEMAS[kind]),
      http: { method: "GET", path, ...ORG_ROUTE, uuidParams: ["id"], paged: true },
    }),
    attach: action({
      name: names.attach,
      visibility: "published",
      description: `Attach {${idsField}}: all or nothing.`,
      input: attachParams(segment),
      http: { method: "POST", path, ...ORG_ROUTE, status: 204, uuidParams: ["id"], conditional: "/node-pools/:id" },
    }),
    detach: action({
      name: names.detach,
      visibility: "published",
      description: `Detach one of the pool's ${segment}.`,
      input: DetachParams,
      http: { method: "DELETE", path: `${path}/:childId`, ...ORG_ROUTE, status: 204, uuidParams: ["id", "childId"], conditional: "/node-pools/:id" },
    }),
  };
}

const servers = orgCollectionRoutes("/servers");
const sshKeys = orgCollectionRoutes("/ssh");
const nodePools = orgCollectionRoutes("/node-pools");
const loadBalancers = orgCollectionRoutes("/load-balancers");

/** The actions of the inventory service ([org] routes: plain-text errors, 404 for another organization's ids). */
export const INVENTORY_ACTIONS = {
  labels: tagActions(
    "/labels",
    { names: { list: "inventory.listLabels", create: "inventory.createLabel", get: "inventory.getLabel", update: "inventory.updateLabel", remove: "inventory.deleteLabel" } },
    Label,
    { create: CreateLabelParams, update: UpdateLabelParams },
  ),
  annotations: tagActions(
    "/annotations",
    {
      names: {
        list: "inventory.listAnnotations",
        create: "inventory.createAnnotation",
        get: "inventory.getAnnotation",
        update: "inventory.updateAnnotation",
        remove: "inventory.deleteAnnotation",
      },
    },
    Label,
    { create: CreateAnnotationParams, update: UpdateAnnotationParams },
  ),
  taints: tagActions(
    "/taints",
    { names: { list: "inventory.listTaints", create: "inventory.createTaint", get: "inventory.getTaint", update: "inventory.updateTaint", remove: "inventory.deleteTaint" } },
    Taint,
    { create: CreateTaintParams, update: UpdateTaintParams },
  ),

  servers: {
    list: action({
      name: "inventory.listServers",
      visibility: "published",
      description: "The organization's servers. Filters status and role.",
      input: ListServersParams,
      output: pageOf(Server),
      http: servers.list,
    }),
    create: action({
      name: "inventory.createServer",
      visibility: "published",
      description: "Create a server. ssh_key_id must be an SSH key of the organization.",
      input: CreateServerParams,
      output: Server,
      http: servers.create,
    }),
    get: action({ name: "inventory.getServer", visibility: "published", description: "One server.", input: IdParams, output: Server, http: servers.get }),
    update: action({
      name: "inventory.updateServer",
      visibility: "published",
      description: "Change a server (partial); returns the updated server.",
      input: UpdateServerParams,
      output: Server,
      http: servers.update,
    }),
    resetHostKey: action({
      name: "inventory.resetServerHostKey",
      visibility: "published",
      description: "Forget the server's pinned SSH host key (owners and admins): the next connection pins the key it meets.",
      input: IdParams,
      output: Server,
      access: { orgRoles: ["owner", "admin"] },
      http: { method: "POST", path: "/servers/:id/reset-hostkey", ...ORG_ROUTE, uuidParams: ["id"] },
    }),
    remove: action({
      name: "inventory.deleteServer",
      visibility: "published",
      description: "Delete a server. 409 while a cluster references it.",
      input: IdParams,
      http: { ...servers.remove, refuses: [409] },
    }),
  },

  sshKeys: {
    list: action({
      name: "inventory.listSshKeys",
      visibility: "published",
      description: "The organization's SSH keys, public parts only, each with its server_count; unattached=true keeps the keys no server names.",
      input: ListSshKeysParams,
      output: pageOf(SshKey),
      http: sshKeys.list,
    }),
    create: action({
      name: "inventory.createSshKey",
      visibility: "published",
      description: "Generates an RSA or Ed25519 pair; the private key is stored encrypted.",
      input: CreateSshKeyParams,
      output: SshKey,
      http: sshKeys.create,
      timeout: 60_000,
    }),
    get: action({
      name: "inventory.getSshKey",
      visibility: "published",
      description: "One SSH key. reveal=true adds private_key (owners and admins; a member gets 403 `forbidden`).",
      input: GetSshKeyParams,
      output: SshKey.extend({ private_key: z.string().optional() }),
      http: sshKeys.get,
    }),
    remove: action({
      name: "inventory.deleteSshKey",
      visibility: "published",
      description: "Delete an SSH key. 409 while a server uses it.",
      input: IdParams,
      http: { ...sshKeys.remove, refuses: [409] },
    }),
    download: action({
      name: "inventory.downloadSshKey",
      visibility: "published",
      description: "Download an SSH key as a file. part=public|private|both (a zip for both); the private part is for owners and admins (a member gets 403 `forbidden`).",
      input: DownloadSshKeyParams,
      http: { method: "GET", path: "/ssh/:id/download", ...ORG_ROUTE, uuidParams: ["id"], raw: true, responseType: "*/*" },
    }),
  },

  nodePools: {
    list: action({
      name: "inventory.listNodePools",
      visibility: "published",
      description: "The organization's node pools, in full. q filters by name.",
      input: ListNodePoolsParams,
      output: pageOf(NodePool),
      http: nodePools.list,
    }),
    create: action({
      name: "inventory.createNodePool",
      visibility: "published",
      description: "Create a node pool.",
      input: CreateNodePoolParams,
      output: NodePool,
      http: nodePools.create,
    }),
    get: action({
      name: "inventory.getNodePool",
      visibility: "published",
      description: "One node pool with its servers, labels, annotations and taints.",
      input: IdParams,
      output: NodePool,
      http: nodePools.get,
    }),
    update: action({
      name: "inventory.updateNodePool",
      visibility: "published",
      description: "Change a node pool (partial).",
      input: UpdateNodePoolParams,
      output: NodePool,
      http: nodePools.update,
    }),
    remove: action({
      name: "inventory.deleteNodePool",
      visibility: "published",
      description: "Delete a node pool. 409 while a cluster references it.",
      input: IdParams,
      http: { ...nodePools.remove, refuses: [409] },
    }),
  },
  nodePoolServers: attachmentActions("servers", {
    names: { list: "inventory.listNodePoolServers", attach: "inventory.attachNodePoolServers", detach: "inventory.detachNodePoolServers" },
  }),
  nodePoolLabels: attachmentActions("labels", {
    names: { list: "inventory.listNodePoolLabels", attach: "inventory.attachNodePoolLabels", detach: "inventory.detachNodePoolLabels" },
  }),
  nodePoolAnnotations: attachmentActions("annotations", {
    names: { list: "inventory.listNodePoolAnnotations", attach: "inventory.attachNodePoolAnnotations", detach: "inventory.detachNodePoolAnnotations" },
  }),
  nodePoolTaints: attachmentActions("taints", {
    names: { list: "inventory.listNodePoolTaints", attach: "inventory.attachNodePoolTaints", detach: "inventory.detachNodePoolTaints" },
  }),

  loadBalancers: {
    list: action({
      name: "inventory.listLoadBalancers",
      visibility: "published",
      description: "The organization's load balancers.",
      input: PageParams,
      output: pageOf(LoadBalancer),
      http: loadBalancers.list,
    }),
    create: action({
      name: "inventory.createLoadBalancer",
      visibility: "published",
      description: "Create a load balancer; name and kind are required.",
      input: CreateLoadBalancerParams,
      output: LoadBalancer,
      http: loadBalancers.create,
    }),
    get: action({ name: "inventory.getLoadBalancer", visibility: "published", description: "One load balancer.", input: IdParams, output: LoadBalancer, http: loadBalancers.get }),
    update: action({
      name: "inventory.updateLoadBalancer",
      visibility: "published",
      description: "Change a load balancer (partial).",
      input: UpdateLoadBalancerParams,
      output: LoadBalancer,
      http: loadBalancers.update,
    }),
    remove: action({
      name: "inventory.deleteLoadBalancer",
      visibility: "published",
      description: "Delete a load balancer. 409 while a cluster references it.",
      input: IdParams,
      http: { ...loadBalancers.remove, refuses: [409] },
    }),
  },

  getServers: action({
    name: "inventory.getServers",
    visibility: "public",
    description: "Servers of an organization by id (missing ids are absent); one query.",
    input: BatchGetParams,
    output: z.array(Server),
  }),
  getLoadBalancers: action({
    name: "inventory.getLoadBalancers",
    visibility: "public",
    description: "Load balancers of an organization by id (missing ids are absent); one query.",
    input: BatchGetParams,
    output: z.array(LoadBalancer),
  }),
  getNodePools: action({
    name: "inventory.getNodePools",
    visibility: "public",
    description: "Full node pools of an organization by id (one query per kind, never per pool).",
    input: BatchGetParams,
    output: z.array(NodePool),
  }),
  connectionFor: action({
    name: "inventory.connectionFor",
    visibility: "public",
    description: "Runner only: a server, its pinned host key and the decrypted private key of its SSH key (never logged).",
    input: ConnectionForParams,
    output: ServerConnection,
  }),
  privateKeysFor: action({
    name: "inventory.privateKeysFor",
    visibility: "public",
    description: "Runner only: decrypted private keys of the organization's SSH keys (for a run's node servers; never logged).",
    input: PrivateKeysForParams,
    output: PrivateKeys,
  }),
  pinHostKey: action({
    name: "inventory.pinHostKey",
    visibility: "public",
    description: "Runner only: pin a server's host key when none is pinned (trust on first use); answers the key pinned after the call.",
    input: PinHostKeyParams,
    output: PinHostKeyResult,
  }),
  setServerStatus: action({
    name: "inventory.setServerStatus",
    visibility: "public",
    description: "Runner only: a bootstrap's status move (with last_error), conditional on the current status being one of `from`.",
    input: SetServerStatusParams,
    output: SetServerStatusResult,
  }),
  pendingBastions: action({
    name: "inventory.pendingBastions",
    visibility: "public",
    description: "Runner's sweep: bastions left pending, least recently changed first.",
    input: PendingBastionsParams,
    output: PendingBastions,
    idempotent: true,
  }),
  relayEvents: relayEventsAction("inventory.relayEvents"),
  purgeOrganization: action({
    name: "inventory.purgeOrganization",
    visibility: "public",
    description: "Job handler: removes everything the organization owns here, and its data keys. Idempotent.",
    input: PurgeOrganizationParams,
  }),
} as const;
