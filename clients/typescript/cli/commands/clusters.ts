import { collect, ok, paginate, type Cluster, type ClusterClient, type JsonRequest } from "../../src/index.ts";
import { type Command, type Ctx, UsageError, type Values, idList, readInput, required, str } from "../command.ts";
import { renderFields, renderTable } from "../output.ts";

const clusterColumns = [
  ["ID", (c: Cluster) => c.id],
  ["NAME", (c: Cluster) => c.name],
  ["PROVIDER", (c: Cluster) => c.provider],
  ["REGION", (c: Cluster) => c.region],
  ["STATUS", (c: Cluster) => c.status],
  ["NODE POOLS", (c: Cluster) => String(c.node_pools.length)],
] as const;

type Pool = Cluster["node_pools"][number];

/** The nested view: the cluster, what is attached to it, and its node pools with their servers. */
function renderCluster(c: Cluster): string {
  const lb = (l: Cluster["apps_load_balancer"]) => (l ? `${l.name} (${l.kind}, ${l.public_ip_address || "-"} / ${l.private_ip_address || "-"})` : "-");
  const fields = renderFields([
    ["ID", c.id],
    ["NAME", c.name],
    ["PROVIDER", c.provider],
    ["REGION", c.region],
    ["STATUS", c.status],
    ["LAST ERROR", c.last_error || "-"],
    ["CAPTAIN DOMAIN", c.captain_domain ? `${c.captain_domain.domain_name} (${c.captain_domain.status})` : "-"],
    ["CONTROL PLANE", c.control_plane_record_set ? `${c.control_plane_record_set.name} ${c.control_plane_record_set.type} ${c.control_plane_record_set.values.join(" ")}` : "-"],
    ["APPS LB", lb(c.apps_load_balancer)],
    ["PLATFORM LB", lb(c.glueops_load_balancer)],
    ["BASTION", c.bastion_server ? `${c.bastion_server.hostname} (${c.bastion_server.public_ip_address || c.bastion_server.private_ip_address})` : "-"],
    ["CREATED", c.created_at],
  ]);
  const pools = renderTable(c.node_pools, [
    ["NODE POOL", (p: Pool) => p.name],
    ["ROLE", (p: Pool) => p.role],
    ["SERVERS", (p: Pool) => p.servers.map((s) => s.hostname).join(", ") || "-"],
    ["LABELS", (p: Pool) => p.labels.map((l) => `${l.key}=${l.value}`).join(", ") || "-"],
    ["TAINTS", (p: Pool) => p.taints.map((t) => `${t.key}=${t.value}:${t.effect}`).join(", ") || "-"],
  ]);
  return `${fields}${pools}`;
}

const CLUSTER_OPTIONS = {
  name: { type: "string" },
  provider: { type: "string" },
  region: { type: "string" },
  "docker-image": { type: "string" },
  "docker-tag": { type: "string" },
} as const;

/** The cluster's own fields the options give (what PATCH takes). */
function clusterFieldsOf(values: Values): JsonRequest<"patchClustersClusterID"> {
  const given = (option: string, field: "name" | "provider" | "region" | "docker_image" | "docker_tag") => {
    const v = str(values, option);
    return v === undefined ? {} : { [field]: v };
  };
  return {
    ...given("name", "name"),
    ...given("provider", "provider"),
    ...given("region", "region"),
    ...given("docker-image", "docker_image"),
    ...given("docker-tag", "docker_tag"),
  };
}

/** The five single slots of a cluster: the option that names each, its path and the field of the attach body. */
const SLOTS = [
  { option: "apps-load-balancer", target: "LOAD-BALANCER-ID" },
  { option: "platform-load-balancer", target: "LOAD-BALANCER-ID" },
  { option: "bastion", target: "SERVER-ID" },
  { option: "captain-domain", target: "DOMAIN-ID" },
  { option: "control-plane-record-set", target: "RECORD-SET-ID" },
] as const;
type Slot = (typeof SLOTS)[number]["option"];

/** POST /clusters/{clusterID}/<slot>: the cluster as it is now. */
function attachSlot(client: ClusterClient, clusterID: string, slot: Slot, id: string) {
  const params = { params: { path: { clusterID } } };
  switch (slot) {
    case "apps-load-balancer":
      return ok(client.api.POST("/api/v1/clusters/{clusterID}/apps-load-balancer", { ...params, body: { load_balancer_id: id } }));
    case "platform-load-balancer":
      return ok(client.api.POST("/api/v1/clusters/{clusterID}/platform-load-balancer", { ...params, body: { load_balancer_id: id } }));
    case "bastion":
      return ok(client.api.POST("/api/v1/clusters/{clusterID}/bastion", { ...params, body: { server_id: id } }));
    case "captain-domain":
      return ok(client.api.POST("/api/v1/clusters/{clusterID}/captain-domain", { ...params, body: { domain_id: id } }));
    case "control-plane-record-set":
      return ok(client.api.POST("/api/v1/clusters/{clusterID}/control-plane-record-set", { ...params, body: { record_set_id: id } }));
  }
}

/** DELETE /clusters/{clusterID}/<slot>: the cluster as it is now. */
function detachSlot(client: ClusterClient, clusterID: string, slot: Slot) {
  const params = { params: { path: { clusterID } } };
  switch (slot) {
    case "apps-load-balancer":
      return ok(client.api.DELETE("/api/v1/clusters/{clusterID}/apps-load-balancer", params));
    case "platform-load-balancer":
      return ok(client.api.DELETE("/api/v1/clusters/{clusterID}/platform-load-balancer", params));
    case "bastion":
      return ok(client.api.DELETE("/api/v1/clusters/{clusterID}/bastion", params));
    case "captain-domain":
      return ok(client.api.DELETE("/api/v1/clusters/{clusterID}/captain-domain", params));
    case "control-plane-record-set":
      return ok(client.api.DELETE("/api/v1/clusters/{clusterID}/control-plane-record-set", params));
  }
}

/**
 * Runs the steps in order and answers the last cluster. A step the API refuses stops the run;
 * the steps done before it stay done, and a warning on standard error names them before the
 * error (exit 3) names the refusal.
 */
async function inOrder(ctx: Ctx, verb: string, steps: readonly (readonly [what: string, step: () => Promise<Cluster>])[]): Promise<Cluster> {
  let cluster: Cluster | undefined;
  const done: string[] = [];
  for (const [what, step] of steps) {
    try {
      cluster = await step();
    } catch (err) {
      if (done.length > 0) {
        const message = `${verb} before the failure: ${done.join(", ")} (not undone)`;
        ctx.io.stderr.write(ctx.json ? `${JSON.stringify({ warning: { message } })}\n` : `clusterctl: warning: ${message}\n`);
      }
      throw err;
    }
    done.push(what);
  }
  return cluster!;
}

export const CLUSTER_COMMANDS: Command[] = [
  {
    path: ["clusters", "list"],
    summary: "the organization's clusters (every page)",
    usage: "[--q TEXT]",
    options: { q: { type: "string" } },
    async run(ctx) {
      const client = await ctx.client({ org: true });
      const q = str(ctx.values, "q");
      const clusters = await collect(paginate((cursor) => client.api.GET("/api/v1/clusters", { params: { query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })));
      ctx.print(clusters, () => renderTable(clusters, clusterColumns));
    },
  },
  {
    path: ["clusters", "get"],
    summary: "one cluster with its domain, record set, load balancers, bastion and node pools",
    usage: "<cluster-id>",
    args: ["cluster-id"],
    async run(ctx) {
      const cluster = await ok((await ctx.client({ org: true })).api.GET("/api/v1/clusters/{clusterID}", { params: { path: { clusterID: ctx.args[0]! } } }));
      ctx.print(cluster, () => renderCluster(cluster));
    },
  },
  {
    path: ["clusters", "create"],
    summary: "create a cluster (status pre_pending)",
    usage: "--name NAME [--provider P] [--region R] [--docker-image IMAGE] [--docker-tag TAG]",
    options: CLUSTER_OPTIONS,
    async run(ctx) {
      const body = { ...clusterFieldsOf(ctx.values), name: required(ctx.values, "name") };
      const cluster = await ok((await ctx.client({ org: true })).api.POST("/api/v1/clusters", { body }));
      ctx.print(cluster, () => renderCluster(cluster));
    },
  },
  {
    path: ["clusters", "update"],
    summary: "change a cluster's name, provider, region or image (it is validated again)",
    usage: "<cluster-id> [--name NAME] [--provider P] [--region R] [--docker-image IMAGE] [--docker-tag TAG]",
    args: ["cluster-id"],
    options: CLUSTER_OPTIONS,
    async run(ctx) {
      const body = clusterFieldsOf(ctx.values);
      if (Object.keys(body).length === 0) throw new UsageError("nothing to change: give --name, --provider, --region, --docker-image or --docker-tag");
      const cluster = await ok((await ctx.client({ org: true })).api.PATCH("/api/v1/clusters/{clusterID}", { params: { path: { clusterID: ctx.args[0]! } }, body }));
      ctx.print(cluster, () => renderCluster(cluster));
    },
  },
  {
    path: ["clusters", "attach"],
    summary: "attach load balancers, the bastion, the captain domain, the control-plane record set or node pools, then show the cluster",
    usage: `<cluster-id> ${SLOTS.map((s) => `[--${s.option} ${s.target}]`).join(" ")} [--node-pool POOL-ID …]`,
    details: [
      "Any of them at once, attached in the order listed (one request each; a slot that holds another one is",
      "replaced). --node-pool may be repeated or take ids separated by commas. A refusal stops there: what was",
      "attached before it stays attached (a warning names it), and the exit code is 3.",
    ],
    args: ["cluster-id"],
    options: { ...Object.fromEntries(SLOTS.map((s) => [s.option, { type: "string" }])), "node-pool": { type: "string", multiple: true } },
    async run(ctx) {
      const clusterID = ctx.args[0]!;
      const slots = SLOTS.flatMap(({ option }) => {
        const id = str(ctx.values, option);
        if (id === "") throw new UsageError(`--${option} needs an id`);
        return id === undefined ? [] : [[option, id] as const];
      });
      const pools = idList(ctx.values, "node-pool") ?? [];
      if (slots.length === 0 && pools.length === 0) throw new UsageError(`nothing to attach: give ${SLOTS.map((s) => `--${s.option}`).join(", ")} or --node-pool`);
      const client = await ctx.client({ org: true });
      const cluster = await inOrder(ctx, "attached", [
        ...slots.map(([option, id]) => [`--${option} ${id}`, () => attachSlot(client, clusterID, option, id)] as const),
        ...pools.map(
          (id) =>
            [`--node-pool ${id}`, () => ok(client.api.POST("/api/v1/clusters/{clusterID}/node-pools", { params: { path: { clusterID } }, body: { node_pool_id: id } }))] as const,
        ),
      ]);
      ctx.print(cluster, () => renderCluster(cluster));
    },
  },
  {
    path: ["clusters", "detach"],
    summary: "empty slots of a cluster or detach node pools from it, then show the cluster",
    usage: `<cluster-id> ${SLOTS.map((s) => `[--${s.option}]`).join(" ")} [--node-pool POOL-ID …]`,
    details: [
      "Any of them at once, in the order listed (one request each); --node-pool may be repeated or take ids",
      "separated by commas. A refusal stops there: what was detached before it stays detached (a warning names it).",
    ],
    args: ["cluster-id"],
    options: { ...Object.fromEntries(SLOTS.map((s) => [s.option, { type: "boolean", default: false }])), "node-pool": { type: "string", multiple: true } },
    async run(ctx) {
      const clusterID = ctx.args[0]!;
      const slots = SLOTS.filter(({ option }) => ctx.values[option] === true).map((s) => s.option);
      const pools = idList(ctx.values, "node-pool") ?? [];
      if (slots.length === 0 && pools.length === 0) throw new UsageError(`nothing to detach: give ${SLOTS.map((s) => `--${s.option}`).join(", ")} or --node-pool POOL-ID`);
      const client = await ctx.client({ org: true });
      const cluster = await inOrder(ctx, "detached", [
        ...slots.map((option) => [`--${option}`, () => detachSlot(client, clusterID, option)] as const),
        ...pools.map(
          (id) =>
            [
              `--node-pool ${id}`,
              () => ok(client.api.DELETE("/api/v1/clusters/{clusterID}/node-pools/{nodePoolID}", { params: { path: { clusterID, nodePoolID: id } } })),
            ] as const,
        ),
      ]);
      ctx.print(cluster, () => renderCluster(cluster));
    },
  },
  {
    path: ["clusters", "kubeconfig", "set"],
    summary: "store a cluster's kubeconfig from a file (encrypted by the API; never printed)",
    usage: "<cluster-id> --file FILE|-",
    details: [
      "--file -: read it from standard input. It replaces the stored one; the runs of the cluster's actions",
      "receive it. No command prints it: the API never answers it.",
    ],
    args: ["cluster-id"],
    options: { file: { type: "string" } },
    async run(ctx) {
      const file = required(ctx.values, "file");
      const kubeconfig = await readInput(ctx, "--file", file, "Paste the kubeconfig");
      if (kubeconfig.trim() === "") throw new UsageError(`the kubeconfig (--file ${file}) is empty`);
      const cluster = await ok(
        (await ctx.client({ org: true })).api.POST("/api/v1/clusters/{clusterID}/kubeconfig", { params: { path: { clusterID: ctx.args[0]! } }, body: { kubeconfig } }),
      );
      const bytes = Buffer.byteLength(kubeconfig);
      ctx.print(cluster, () => `Stored the kubeconfig of cluster ${cluster.name} (${cluster.id}, ${bytes} bytes).\n`);
    },
  },
  {
    path: ["clusters", "kubeconfig", "clear"],
    summary: "remove a cluster's stored kubeconfig",
    usage: "<cluster-id>",
    args: ["cluster-id"],
    async run(ctx) {
      const cluster = await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/clusters/{clusterID}/kubeconfig", { params: { path: { clusterID: ctx.args[0]! } } }));
      ctx.print(cluster, () => `Removed the kubeconfig of cluster ${cluster.name} (${cluster.id}).\n`);
    },
  },
  {
    path: ["clusters", "delete"],
    summary: "delete a cluster",
    usage: "<cluster-id>",
    args: ["cluster-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/clusters/{clusterID}", { params: { path: { clusterID: ctx.args[0]! } } }));
      ctx.say(`Deleted cluster ${ctx.args[0]!}.`);
    },
  },
];
