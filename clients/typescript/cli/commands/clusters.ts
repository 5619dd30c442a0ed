import { collect, ok, paginate, type Cluster } from "../../src/index.ts";
import { type Command, required, str } from "../command.ts";
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
    usage: "--name NAME [--provider P] [--region R]",
    options: { name: { type: "string" }, provider: { type: "string" }, region: { type: "string" } },
    async run(ctx) {
      const provider = str(ctx.values, "provider");
      const region = str(ctx.values, "region");
      const body = { name: required(ctx.values, "name"), ...(provider === undefined ? {} : { provider }), ...(region === undefined ? {} : { region }) };
      const cluster = await ok((await ctx.client({ org: true })).api.POST("/api/v1/clusters", { body }));
      ctx.print(cluster, () => renderCluster(cluster));
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
