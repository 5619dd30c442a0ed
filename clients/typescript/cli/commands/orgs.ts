import { collect, ok, paginate, type JsonRequest, type Organization, type Server } from "../../src/index.ts";
import { type Command, UsageError, type Values, choice, int, required, str } from "../command.ts";
import { printable, renderFields, renderTable } from "../output.ts";

const orgColumns = [
  ["ID", (o: Organization) => o.id],
  ["NAME", (o: Organization) => o.name],
  ["DOMAIN", (o: Organization) => o.domain],
  ["CREATED", (o: Organization) => o.created_at],
] as const;

const orgFields = (o: Organization) =>
  renderFields([
    ["ID", o.id],
    ["NAME", o.name],
    ["DOMAIN", o.domain],
    ["CREATED", o.created_at],
    ["UPDATED", o.updated_at],
  ]);

export const ORG_COMMANDS: Command[] = [
  {
    path: ["orgs", "list"],
    summary: "the organizations you belong to",
    usage: "",
    async run(ctx) {
      const orgs = await ok((await ctx.client()).api.GET("/api/v1/orgs"));
      ctx.print(orgs, () => renderTable(orgs, orgColumns));
    },
  },
  {
    path: ["orgs", "get"],
    summary: "one organization",
    usage: "<org-id>",
    args: ["org-id"],
    async run(ctx) {
      const org = await ok((await ctx.client()).api.GET("/api/v1/orgs/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.print(org, () => orgFields(org));
    },
  },
  {
    path: ["orgs", "create"],
    summary: "create an organization (you become its owner)",
    usage: "--name NAME [--domain DOMAIN]",
    options: { name: { type: "string" }, domain: { type: "string" } },
    async run(ctx) {
      const domain = str(ctx.values, "domain");
      const body = { name: required(ctx.values, "name"), ...(domain === undefined ? {} : { domain }) };
      const org = await ok((await ctx.client()).api.POST("/api/v1/orgs", { body }));
      ctx.print(org, () => orgFields(org));
    },
  },
  {
    path: ["orgs", "use"],
    summary: "make an organization the default of org-scoped commands",
    usage: "<org-id>",
    args: ["org-id"],
    async run(ctx) {
      const org = await ok((await ctx.client()).api.GET("/api/v1/orgs/{id}", { params: { path: { id: ctx.args[0]! } } }));
      await ctx.store.update((c) => ({ ...c, org: org.id }));
      ctx.print(org, () => `Using organization ${printable(org.name)} (${printable(org.id)}).\n`);
    },
  },
];

const serverColumns = [
  ["ID", (s: Server) => s.id],
  ["HOSTNAME", (s: Server) => s.hostname],
  ["ROLE", (s: Server) => s.role],
  ["STATUS", (s: Server) => s.status],
  ["PRIVATE IP", (s: Server) => s.private_ip_address],
  ["PUBLIC IP", (s: Server) => s.public_ip_address],
] as const;

export const serverFields = (s: Server) =>
  renderFields([
    ["ID", s.id],
    ["HOSTNAME", s.hostname],
    ["ROLE", s.role],
    ["STATUS", s.status],
    ["PRIVATE IP", s.private_ip_address],
    ["PUBLIC IP", s.public_ip_address],
    ["SSH USER", s.ssh_user],
    ["SSH PORT", String(s.ssh_port)],
    ["SSH KEY", s.ssh_key_id],
    ["HOST KEY", s.ssh_host_key_fingerprint || "- (pinned at the first connection)"],
    ["LAST ERROR", s.last_error || "-"],
    ["CREATED", s.created_at],
    ["UPDATED", s.updated_at],
  ]);

type ServerBody = JsonRequest<"postServers">;

const SERVER_STATUSES = { pending: true, provisioning: true, ready: true, failed: true } as const satisfies Record<Server["status"], true>;
const SERVER_ROLES = { master: true, worker: true, bastion: true } as const satisfies Record<Server["role"], true>;

/** The server's options and the fields they set (the API validates the addresses and the key: 400 `invalid ssh_key_id` …). */
function serverBody(values: Values): ServerBody {
  const role = choice(values, "role", SERVER_ROLES);
  if (role === undefined) throw new UsageError("--role is required");
  const hostname = str(values, "hostname");
  const publicIp = str(values, "public-ip");
  const status = choice(values, "status", SERVER_STATUSES);
  const sshPort = int(values, "ssh-port");
  return {
    private_ip_address: required(values, "private-ip"),
    role,
    ssh_key_id: required(values, "ssh-key"),
    ssh_user: required(values, "ssh-user"),
    ...(hostname === undefined ? {} : { hostname }),
    ...(publicIp === undefined ? {} : { public_ip_address: publicIp }),
    ...(status === undefined ? {} : { status }),
    ...(sshPort === undefined ? {} : { ssh_port: sshPort }),
  };
}

export const SERVER_COMMANDS: Command[] = [
  {
    path: ["servers", "list"],
    summary: "the organization's servers, newest first (every page)",
    usage: "[--status pending|provisioning|ready|failed] [--role master|worker|bastion] [--page-size N]",
    options: { status: { type: "string" }, role: { type: "string" }, "page-size": { type: "string" } },
    async run(ctx) {
      const status = choice(ctx.values, "status", SERVER_STATUSES);
      const role = choice(ctx.values, "role", SERVER_ROLES);
      const limit = int(ctx.values, "page-size");
      const client = await ctx.client({ org: true });
      const servers = await collect(
        paginate((cursor) =>
          client.api.GET("/api/v1/servers", {
            params: { query: { ...(status ? { status } : {}), ...(role ? { role } : {}), ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) } },
          }),
        ),
      );
      ctx.print(servers, () => renderTable(servers, serverColumns));
    },
  },
  {
    path: ["servers", "get"],
    summary: "one server",
    usage: "<server-id>",
    args: ["server-id"],
    async run(ctx) {
      const server = await ok((await ctx.client({ org: true })).api.GET("/api/v1/servers/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.print(server, () => serverFields(server));
    },
  },
  {
    path: ["servers", "create"],
    summary: "register a server",
    usage:
      "--role master|worker|bastion --private-ip IP --ssh-user USER --ssh-key KEY-ID [--ssh-port PORT] [--hostname NAME] [--public-ip IP] [--status pending|provisioning|ready|failed]",
    options: Object.fromEntries(["role", "private-ip", "ssh-user", "ssh-key", "ssh-port", "hostname", "public-ip", "status"].map((k) => [k, { type: "string" }])),
    async run(ctx) {
      const body = serverBody(ctx.values);
      const server = await ok((await ctx.client({ org: true })).api.POST("/api/v1/servers", { body }));
      ctx.print(server, () => serverFields(server));
    },
  },
  {
    path: ["servers", "delete"],
    summary: "delete a server",
    usage: "<server-id>",
    args: ["server-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/servers/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted server ${ctx.args[0]!}.`);
    },
  },
];
