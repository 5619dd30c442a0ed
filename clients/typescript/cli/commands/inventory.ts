import { collect, ok, paginate, type Annotation, type ClusterClient, type JsonRequest, type Label, type LoadBalancer, type NodePool, type Taint } from "../../src/index.ts";
import { type Command, type Ctx, UsageError, choice, idList, required, str } from "../command.ts";
import { renderFields, renderTable } from "../output.ts";

/**
 * The inventory a cluster is assembled from, besides servers and SSH keys (orgs.ts, ssh-keys.ts):
 * load balancers, node pools with what is attached to them, and the labels, annotations and taints
 * a pool carries.
 */

// load balancers --------------------------------------------------------------------------------

const LB_KINDS = { platform: true, public: true } as const satisfies Record<LoadBalancer["kind"], true>;

const lbColumns = [
  ["ID", (l: LoadBalancer) => l.id],
  ["NAME", (l: LoadBalancer) => l.name],
  ["KIND", (l: LoadBalancer) => l.kind],
  ["PRIVATE IP", (l: LoadBalancer) => l.private_ip_address],
  ["PUBLIC IP", (l: LoadBalancer) => l.public_ip_address],
] as const;

const lbFields = (l: LoadBalancer) =>
  renderFields([
    ["ID", l.id],
    ["NAME", l.name],
    ["KIND", l.kind],
    ["PRIVATE IP", l.private_ip_address || "-"],
    ["PUBLIC IP", l.public_ip_address || "-"],
    ["CREATED", l.created_at],
    ["UPDATED", l.updated_at],
  ]);

/** --private-ip and --public-ip as body fields ("" clears one). */
function addressesOf(ctx: Ctx): { private_ip_address?: string; public_ip_address?: string } {
  const priv = str(ctx.values, "private-ip");
  const pub = str(ctx.values, "public-ip");
  return { ...(priv === undefined ? {} : { private_ip_address: priv }), ...(pub === undefined ? {} : { public_ip_address: pub }) };
}

const LB_OPTIONS = { name: { type: "string" }, kind: { type: "string" }, "private-ip": { type: "string" }, "public-ip": { type: "string" } } as const;

export const LOAD_BALANCER_COMMANDS: Command[] = [
  {
    path: ["load-balancers", "list"],
    summary: "the organization's load balancers, newest first (every page)",
    usage: "",
    async run(ctx) {
      const client = await ctx.client({ org: true });
      const lbs = await collect(paginate((cursor) => client.api.GET("/api/v1/load-balancers", { params: { query: cursor ? { cursor } : {} } })));
      ctx.print(lbs, () => renderTable(lbs, lbColumns));
    },
  },
  {
    path: ["load-balancers", "get"],
    summary: "one load balancer",
    usage: "<load-balancer-id>",
    args: ["load-balancer-id"],
    async run(ctx) {
      const lb = await ok((await ctx.client({ org: true })).api.GET("/api/v1/load-balancers/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.print(lb, () => lbFields(lb));
    },
  },
  {
    path: ["load-balancers", "create"],
    summary: "register a load balancer (public: a cluster's apps; platform: its control plane)",
    usage: "--name NAME --kind platform|public [--private-ip IP] [--public-ip IP]",
    options: LB_OPTIONS,
    async run(ctx) {
      const name = required(ctx.values, "name");
      const kind = choice(ctx.values, "kind", LB_KINDS);
      if (kind === undefined) throw new UsageError("--kind is required");
      const body = { name, kind, ...addressesOf(ctx) };
      const lb = await ok((await ctx.client({ org: true })).api.POST("/api/v1/load-balancers", { body }));
      ctx.print(lb, () => lbFields(lb));
    },
  },
  {
    path: ["load-balancers", "update"],
    summary: "change a load balancer's name, kind or addresses",
    usage: "<load-balancer-id> [--name NAME] [--kind platform|public] [--private-ip IP] [--public-ip IP]",
    details: ['--private-ip "" or --public-ip "" clears the address.'],
    args: ["load-balancer-id"],
    options: LB_OPTIONS,
    async run(ctx) {
      const name = str(ctx.values, "name");
      const kind = choice(ctx.values, "kind", LB_KINDS);
      const body: JsonRequest<"patchLoadBalancersId"> = { ...(name === undefined ? {} : { name }), ...(kind === undefined ? {} : { kind }), ...addressesOf(ctx) };
      if (Object.keys(body).length === 0) throw new UsageError("nothing to change: give --name, --kind, --private-ip or --public-ip");
      const lb = await ok((await ctx.client({ org: true })).api.PATCH("/api/v1/load-balancers/{id}", { params: { path: { id: ctx.args[0]! } }, body }));
      ctx.print(lb, () => lbFields(lb));
    },
  },
  {
    path: ["load-balancers", "delete"],
    summary: "delete a load balancer (refused while a cluster uses it)",
    usage: "<load-balancer-id>",
    args: ["load-balancer-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/load-balancers/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted load balancer ${ctx.args[0]!}.`);
    },
  },
];

// node pools ------------------------------------------------------------------------------------

const POOL_ROLES = { master: true, worker: true } as const satisfies Record<NodePool["role"], true>;

const pairs = (tags: readonly { key: string; value: string }[]) => tags.map((t) => `${t.key}=${t.value}`).join(", ") || "-";
const taintsOf = (p: NodePool) => p.taints.map((t) => `${t.key}=${t.value}:${t.effect}`).join(", ") || "-";

const poolColumns = [
  ["ID", (p: NodePool) => p.id],
  ["NAME", (p: NodePool) => p.name],
  ["ROLE", (p: NodePool) => p.role],
  ["SERVERS", (p: NodePool) => p.servers.map((s) => s.hostname || s.id).join(", ") || "-"],
  ["LABELS", (p: NodePool) => pairs(p.labels)],
  ["TAINTS", taintsOf],
] as const;

type PoolServer = NodePool["servers"][number];

/** The pool's fields, then its servers. */
const poolView = (p: NodePool) =>
  renderFields([
    ["ID", p.id],
    ["NAME", p.name],
    ["ROLE", p.role],
    ["LABELS", pairs(p.labels)],
    ["ANNOTATIONS", pairs(p.annotations)],
    ["TAINTS", taintsOf(p)],
    ["CREATED", p.created_at],
    ["UPDATED", p.updated_at],
  ]) +
  renderTable(p.servers, [
    ["SERVER", (s: PoolServer) => s.id],
    ["HOSTNAME", (s: PoolServer) => s.hostname],
    ["ROLE", (s: PoolServer) => s.role],
    ["STATUS", (s: PoolServer) => s.status],
    ["PRIVATE IP", (s: PoolServer) => s.private_ip_address],
  ]);

const getPool = (client: ClusterClient, id: string) => ok(client.api.GET("/api/v1/node-pools/{id}", { params: { path: { id } } }));

/** The four kinds a pool carries: the attach option (ids), the detach option (one id each), the path segment. */
const POOL_CHILDREN = [
  { attach: "servers", detach: "server", what: "server" },
  { attach: "labels", detach: "label", what: "label" },
  { attach: "annotations", detach: "annotation", what: "annotation" },
  { attach: "taints", detach: "taint", what: "taint" },
] as const;

type Segment = (typeof POOL_CHILDREN)[number]["attach"];

/** POST /node-pools/{id}/<segment> with the segment's ids field (204). */
async function attachTo(client: ClusterClient, id: string, segment: Segment, ids: string[]): Promise<void> {
  const params = { params: { path: { id } } };
  switch (segment) {
    case "servers":
      await ok(client.api.POST("/api/v1/node-pools/{id}/servers", { ...params, body: { server_ids: ids } }));
      return;
    case "labels":
      await ok(client.api.POST("/api/v1/node-pools/{id}/labels", { ...params, body: { label_ids: ids } }));
      return;
    case "annotations":
      await ok(client.api.POST("/api/v1/node-pools/{id}/annotations", { ...params, body: { annotation_ids: ids } }));
      return;
    case "taints":
      await ok(client.api.POST("/api/v1/node-pools/{id}/taints", { ...params, body: { taint_ids: ids } }));
      return;
  }
}

/** DELETE /node-pools/{id}/<segment>/{childId} (204). */
async function detachFrom(client: ClusterClient, id: string, segment: Segment, childId: string): Promise<void> {
  const params = { params: { path: { id, childId } } };
  switch (segment) {
    case "servers":
      await ok(client.api.DELETE("/api/v1/node-pools/{id}/servers/{childId}", params));
      return;
    case "labels":
      await ok(client.api.DELETE("/api/v1/node-pools/{id}/labels/{childId}", params));
      return;
    case "annotations":
      await ok(client.api.DELETE("/api/v1/node-pools/{id}/annotations/{childId}", params));
      return;
    case "taints":
      await ok(client.api.DELETE("/api/v1/node-pools/{id}/taints/{childId}", params));
      return;
  }
}

export const NODE_POOL_COMMANDS: Command[] = [
  {
    path: ["node-pools", "list"],
    summary: "the organization's node pools with their servers, labels and taints (every page)",
    usage: "[--q TEXT]",
    options: { q: { type: "string" } },
    async run(ctx) {
      const q = str(ctx.values, "q");
      const client = await ctx.client({ org: true });
      const pools = await collect(paginate((cursor) => client.api.GET("/api/v1/node-pools", { params: { query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })));
      ctx.print(pools, () => renderTable(pools, poolColumns));
    },
  },
  {
    path: ["node-pools", "get"],
    summary: "one node pool with its servers, labels, annotations and taints",
    usage: "<pool-id>",
    args: ["pool-id"],
    async run(ctx) {
      const pool = await getPool(await ctx.client({ org: true }), ctx.args[0]!);
      ctx.print(pool, () => poolView(pool));
    },
  },
  {
    path: ["node-pools", "create"],
    summary: "create a node pool",
    usage: "--name NAME --role master|worker",
    options: { name: { type: "string" }, role: { type: "string" } },
    async run(ctx) {
      const name = required(ctx.values, "name");
      const role = choice(ctx.values, "role", POOL_ROLES);
      if (role === undefined) throw new UsageError("--role is required");
      const pool = await ok((await ctx.client({ org: true })).api.POST("/api/v1/node-pools", { body: { name, role } }));
      ctx.print(pool, () => poolView(pool));
    },
  },
  {
    path: ["node-pools", "update"],
    summary: "rename a node pool or change its role",
    usage: "<pool-id> [--name NAME] [--role master|worker]",
    args: ["pool-id"],
    options: { name: { type: "string" }, role: { type: "string" } },
    async run(ctx) {
      const name = str(ctx.values, "name");
      const role = choice(ctx.values, "role", POOL_ROLES);
      const body: JsonRequest<"patchNodePoolsId"> = { ...(name === undefined ? {} : { name }), ...(role === undefined ? {} : { role }) };
      if (Object.keys(body).length === 0) throw new UsageError("nothing to change: give --name or --role");
      const pool = await ok((await ctx.client({ org: true })).api.PATCH("/api/v1/node-pools/{id}", { params: { path: { id: ctx.args[0]! } }, body }));
      ctx.print(pool, () => poolView(pool));
    },
  },
  {
    path: ["node-pools", "delete"],
    summary: "delete a node pool (refused while a cluster uses it)",
    usage: "<pool-id>",
    args: ["pool-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/node-pools/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted node pool ${ctx.args[0]!}.`);
    },
  },
  {
    path: ["node-pools", "attach"],
    summary: "attach servers, labels, annotations or taints to a node pool, then show it",
    usage: "<pool-id> [--servers ID,ID …] [--labels ID,ID …] [--annotations ID,ID …] [--taints ID,ID …]",
    details: [
      "Each option takes ids separated by commas and may be repeated. The kinds are attached in the order",
      "servers, labels, annotations, taints (one request each); a refusal stops there.",
    ],
    args: ["pool-id"],
    options: Object.fromEntries(POOL_CHILDREN.map((c) => [c.attach, { type: "string", multiple: true }])),
    async run(ctx) {
      const todo = POOL_CHILDREN.map((c) => [c.attach, idList(ctx.values, c.attach)] as const).filter((t): t is readonly [Segment, string[]] => t[1] !== undefined);
      if (todo.length === 0) throw new UsageError("nothing to attach: give --servers, --labels, --annotations or --taints");
      const client = await ctx.client({ org: true });
      const id = ctx.args[0]!;
      for (const [segment, ids] of todo) await attachTo(client, id, segment, ids);
      const pool = await getPool(client, id);
      ctx.print(pool, () => poolView(pool));
    },
  },
  {
    path: ["node-pools", "detach"],
    summary: "detach servers, labels, annotations or taints from a node pool, then show it",
    usage: "<pool-id> [--server ID …] [--label ID …] [--annotation ID …] [--taint ID …]",
    details: ["Each option may be repeated or take ids separated by commas; one request per id, a refusal stops there."],
    args: ["pool-id"],
    options: Object.fromEntries(POOL_CHILDREN.map((c) => [c.detach, { type: "string", multiple: true }])),
    async run(ctx) {
      const todo = POOL_CHILDREN.flatMap((c) => (idList(ctx.values, c.detach) ?? []).map((childId) => [c.attach, childId] as const));
      if (todo.length === 0) throw new UsageError("nothing to detach: give --server, --label, --annotation or --taint");
      const client = await ctx.client({ org: true });
      const id = ctx.args[0]!;
      for (const [segment, childId] of todo) await detachFrom(client, id, segment, childId);
      const pool = await getPool(client, id);
      ctx.print(pool, () => poolView(pool));
    },
  },
];

// labels, annotations, taints -------------------------------------------------------------------

const TAINT_EFFECTS = { NoSchedule: true, PreferNoSchedule: true, NoExecute: true } as const satisfies Record<Taint["effect"], true>;

type Tag = Label | Annotation | Taint;
const tagColumns = (taints: boolean) => [
  ["ID", (t: Tag) => t.id] as const,
  ["KEY", (t: Tag) => t.key] as const,
  ["VALUE", (t: Tag) => t.value] as const,
  ...(taints ? [["EFFECT", (t: Tag) => ("effect" in t ? t.effect : "-")] as const] : []),
];

/** list, create and delete of one of /labels, /annotations, /taints. */
function tagCommands(kind: "labels" | "annotations" | "taints"): Command[] {
  const one = kind.slice(0, -1);
  const a = kind === "annotations" ? "an" : "a";
  const taints = kind === "taints";
  return [
    {
      path: [kind, "list"],
      summary: `the organization's ${kind} (every page)`,
      usage: "[--key KEY] [--value VALUE] [--q TEXT]",
      details: ["--key, --value: exact; --q: the key contains the text (any case)."],
      options: { key: { type: "string" }, value: { type: "string" }, q: { type: "string" } },
      async run(ctx) {
        const key = str(ctx.values, "key");
        const value = str(ctx.values, "value");
        const q = str(ctx.values, "q");
        const query = { ...(key === undefined ? {} : { key }), ...(value === undefined ? {} : { value }), ...(q === undefined ? {} : { q }) };
        const client = await ctx.client({ org: true });
        const page = (cursor: string | undefined) => ({ params: { query: { ...query, ...(cursor ? { cursor } : {}) } } });
        const tags: Tag[] =
          kind === "labels"
            ? await collect(paginate((cursor) => client.api.GET("/api/v1/labels", page(cursor))))
            : kind === "annotations"
              ? await collect(paginate((cursor) => client.api.GET("/api/v1/annotations", page(cursor))))
              : await collect(paginate((cursor) => client.api.GET("/api/v1/taints", page(cursor))));
        ctx.print(tags, () => renderTable(tags, tagColumns(taints)));
      },
    },
    {
      path: [kind, "create"],
      summary: `create ${a} ${one} (attach it to a node pool with \`node-pools attach <pool> --${kind} <id>\`)`,
      usage: taints ? "--key KEY --value VALUE --effect NoSchedule|PreferNoSchedule|NoExecute" : "--key KEY --value VALUE",
      details: ['--value may be empty (--value "").'],
      options: { key: { type: "string" }, value: { type: "string" }, ...(taints ? { effect: { type: "string" } } : {}) },
      async run(ctx) {
        const key = required(ctx.values, "key");
        const value = str(ctx.values, "value");
        if (value === undefined) throw new UsageError("--value is required");
        const effect = taints ? choice(ctx.values, "effect", TAINT_EFFECTS) : undefined;
        if (taints && effect === undefined) throw new UsageError("--effect is required");
        const client = await ctx.client({ org: true });
        let tag: Tag;
        if (effect !== undefined) {
          tag = await ok(client.api.POST("/api/v1/taints", { body: { key, value, effect } }));
        } else {
          tag = await ok(kind === "labels" ? client.api.POST("/api/v1/labels", { body: { key, value } }) : client.api.POST("/api/v1/annotations", { body: { key, value } }));
        }
        ctx.print(tag, () => renderTable([tag], tagColumns(taints)));
      },
    },
    {
      path: [kind, "delete"],
      summary: `delete ${a} ${one} (the node pools that carry it lose it)`,
      usage: `<${one}-id>`,
      args: [`${one}-id`],
      async run(ctx) {
        const client = await ctx.client({ org: true });
        const params = { params: { path: { id: ctx.args[0]! } } };
        await ok(
          kind === "labels"
            ? client.api.DELETE("/api/v1/labels/{id}", params)
            : kind === "annotations"
              ? client.api.DELETE("/api/v1/annotations/{id}", params)
              : client.api.DELETE("/api/v1/taints/{id}", params),
        );
        ctx.say(`Deleted ${one} ${ctx.args[0]!}.`);
      },
    },
  ];
}

export const TAG_COMMANDS: Command[] = [...tagCommands("labels"), ...tagCommands("annotations"), ...tagCommands("taints")];
