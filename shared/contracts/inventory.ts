import { z } from "zod";
import { orgResource } from "../zod.ts";
import { PageParams } from "../paging.ts";
import { isIP } from "node:net";

/**
 * Resource shapes of the inventory service (api-spec.md "Resources and their fields") and the
 * actions other services call. Field names are exact.
 */

export const Annotation = orgResource({
  key: z.string(),
  value: z.string(),
});
export type Annotation = z.infer<typeof Annotation>;
export const Label = Annotation;
export type Label = Annotation;
export const Taint = Annotation.extend({ effect: z.string() });
export type Taint = z.infer<typeof Taint>;

export const ServerRole = z.enum(["master", "worker", "bastion"]);
export const ServerStatus = z.enum(["pending", "provisioning", "ready", "failed"]);

export const Server = orgResource({
  hostname: z.string(),
  private_ip_address: z.string(),
  public_ip_address: z.string(),
  role: ServerRole,
  ssh_key_id: z.string(),
  ssh_user: z.string(),
  /** The port sshd listens on at the server's public address (22 unless set). */
  ssh_port: z.number().int(),
  status: ServerStatus,
  /** Why the last bootstrap failed; "" otherwise. */
  last_error: z.string(),
  /** `SHA256:<base64>` of the host key pinned at the first successful connection; "" until then (or after a reset). */
  ssh_host_key_fingerprint: z.string(),
});
export type Server = z.infer<typeof Server>;

/** A server's SSH host key as pinned (trust on first use): `key` is the wire-format public key, base64. */
export const HostKey = z.object({ algorithm: z.string().min(1).max(64), key: z.string().min(1).max(16_384), fingerprint: z.string().min(1).max(128) });
export type HostKey = z.infer<typeof HostKey>;

/** `inventory.connectionFor` (runner only): how to reach a server, with the private key of its SSH key (decrypted for this call). */
export const ConnectionForParams = z.object({ organization_id: z.uuid(), server_id: z.uuid() });
export const ServerConnection = z.object({ server: Server, private_key: z.string(), host_key: HostKey.nullable() });
export type ServerConnection = z.infer<typeof ServerConnection>;

/** `inventory.privateKeysFor` (runner only): the private keys of SSH keys of the organization (missing ids are absent). */
export const PrivateKeysForParams = z.object({ organization_id: z.uuid(), ssh_key_ids: z.array(z.uuid()).max(1000) });
export const PrivateKeys = z.object({ keys: z.array(z.object({ ssh_key_id: z.string(), private_key: z.string() })) });
export type PrivateKeys = z.infer<typeof PrivateKeys>;

/**
 * `inventory.pinHostKey` (runner only): pins `host_key` when none is pinned (one conditional
 * write); answers the key pinned after the call (the given one, or the one already there) and
 * whether this call pinned it; `server: null` when the server is gone.
 */
export const PinHostKeyParams = z.object({ organization_id: z.uuid(), server_id: z.uuid(), host_key: HostKey });
export const PinHostKeyResult = z.object({ pinned: z.boolean(), host_key: HostKey.nullable(), server: Server.nullable() });
export type PinHostKeyResult = z.infer<typeof PinHostKeyResult>;

/**
 * `inventory.setServerStatus` (runner only): the bootstrap's status moves, with their
 * `server.status_changed` events; written only while the status is one of `from` (when given);
 * `server: null` when the server is gone or was not in `from`.
 */
export const SetServerStatusParams = z.object({
  organization_id: z.uuid(),
  server_id: z.uuid(),
  status: ServerStatus,
  last_error: z.string().max(4096),
  from: z.array(ServerStatus).optional(),
});
export const SetServerStatusResult = z.object({ server: Server.nullable() });
export type SetServerStatusResult = z.infer<typeof SetServerStatusResult>;

/** `inventory.pendingBastions` (the runner's sweep): bastions of every organization left `pending`, least recently changed first. */
export const PendingBastionsParams = z.object({ limit: z.number().int().min(1).max(5000).default(500) });
export const PendingBastions = z.object({ servers: z.array(z.object({ organization_id: z.string(), id: z.string() })) });
export type PendingBastions = z.infer<typeof PendingBastions>;

export const SshKey = orgResource({
  name: z.string(),
  public_key: z.string(),
  fingerprint: z.string(),
  /** How many of the organization's servers name this key (`ssh_key_id`). */
  server_count: z.number().int(),
});
export type SshKey = z.infer<typeof SshKey>;
export const SshKeyReveal = SshKey.extend({ private_key: z.string() });

export const NodePoolRole = z.enum(["master", "worker"]);
export const NodePool = orgResource({
  name: z.string(),
  role: NodePoolRole,
  annotations: z.array(Annotation),
  labels: z.array(Label),
  taints: z.array(Taint),
  servers: z.array(Server),
});
export type NodePool = z.infer<typeof NodePool>;

export const LoadBalancerKind = z.enum(["platform", "public"]);
export const LoadBalancer = orgResource({
  name: z.string(),
  kind: LoadBalancerKind,
  private_ip_address: z.string(),
  public_ip_address: z.string(),
});
export type LoadBalancer = z.infer<typeof LoadBalancer>;

/**
 * `inventory.getServers` → Server[]; `inventory.getLoadBalancers` → LoadBalancer[];
 * `inventory.getNodePools` → NodePool[] (full, with servers, labels, annotations, taints).
 * Ids not in the organization are simply absent from the result, and so is a resource while a
 * DELETE of it is asking `clusters.referencesTo` (a separate deletion-mark document is written
 * first, never the resource itself): an attach that writes its
 * reference and then looks the target up again sees it gone and can undo, so a concurrent
 * delete and attach never leave a cluster pointing at a deleted resource.
 * Params of these batch look-ups other services make (one call per kind, never one per id).
 */
export const BatchGetParams = z.object({ organization_id: z.uuid(), ids: z.array(z.string()).max(1000) });

// ---------------------------------------------------------------------------------------------
// Params of the published actions (their routes: inventory-actions.ts) and of
// the service-to-service actions. Messages follow the spec: `missing fields: <name>`,
// `invalid <name>`.
// ---------------------------------------------------------------------------------------------

interface Issue {
  input?: unknown;
}
/** `missing fields: <name>` when absent, `invalid <name>` for anything else that fails. */
const msg = (name: string) => (iss: Issue) => (iss.input === undefined ? `missing fields: ${name}` : `invalid ${name}`);
const str = (name: string) => z.string({ error: msg(name) });

/** A required, trimmed, non-empty string of at most `max` characters. */
function requiredText(name: string, max: number) {
  return str(name).trim().min(1, `missing fields: ${name}`).max(max, `invalid ${name}: longer than ${max} characters`);
}
/** A string that may be empty (values of labels, annotations, taints). */
function anyText(name: string, max: number) {
  return str(name).max(max, `invalid ${name}: longer than ${max} characters`);
}
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const noControl = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

/** Kubernetes allows a 253-character prefix, `/` and a 63-character name. */
export const KEY_MAX = 317;
export const LABEL_VALUE_MAX = 255;
export const ANNOTATION_VALUE_MAX = 8192;

const tagKey = requiredText("key", KEY_MAX).refine(noControl, "invalid key");

export const TaintEffect = z.enum(["NoSchedule", "PreferNoSchedule", "NoExecute"], { error: msg("effect") });

/** POST /labels, /annotations: {key, value} (value may be empty). */
export const CreateLabelParams = z.object({ key: tagKey, value: anyText("value", LABEL_VALUE_MAX) });
export const UpdateLabelParams = z.object({ id: z.string(), key: tagKey.optional(), value: anyText("value", LABEL_VALUE_MAX).optional() });
export const CreateAnnotationParams = z.object({ key: tagKey, value: anyText("value", ANNOTATION_VALUE_MAX) });
export const UpdateAnnotationParams = z.object({ id: z.string(), key: tagKey.optional(), value: anyText("value", ANNOTATION_VALUE_MAX).optional() });
export const CreateTaintParams = z.object({ key: tagKey, value: anyText("value", LABEL_VALUE_MAX), effect: TaintEffect });
export const UpdateTaintParams = z.object({
  id: z.string(),
  key: tagKey.optional(),
  value: anyText("value", LABEL_VALUE_MAX).optional(),
  effect: TaintEffect.optional(),
});

/** Query strings: optional, empty means "not given". */
const queryString = (name: string, max = 256) =>
  str(name)
    .max(max, `invalid ${name}`)
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v));

/** `include=node_pools` (the only value); empty means none. */
const include = z
  .string({ error: "invalid include" })
  .optional()
  .refine((v) => v === undefined || v === "" || v === "node_pools", "invalid include")
  .transform((v) => v === "node_pools")
  .meta({ type: "string", enum: ["node_pools"] });

/** GET /labels, /annotations, /taints: key, value (exact), q (key contains, case-insensitive), include. */
export const ListTagsParams = z.object({
  key: queryString("key", KEY_MAX),
  value: queryString("value", ANNOTATION_VALUE_MAX),
  q: queryString("q"),
  include,
  ...PageParams.shape,
});
export type ListTagsParams = z.output<typeof ListTagsParams>;

/** A tag list item with `include=node_pools`. */
export const NodePoolRef = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type NodePoolRef = z.infer<typeof NodePoolRef>;

export const IdParams = z.object({ id: z.string() });
/** GET /node-pools/{id}/<kind>: the pool, and a page of its attached children. */
export const ListAttachedParams = IdParams.extend(PageParams.shape);

// servers -------------------------------------------------------------------------------------

const ip = (name: string) =>
  str(name)
    .trim()
    .refine((v) => isIP(v) !== 0, `invalid ${name}`);
/** An IP, or "" to clear an optional one. */
const optionalIp = (name: string) =>
  str(name)
    .trim()
    .refine((v) => v === "" || isIP(v) !== 0, `invalid ${name}`);
const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const hostname = str("hostname")
  .trim()
  .refine((v) => v === "" || HOSTNAME.test(v), "invalid hostname");
/** A POSIX-ish user name. */
const sshUser = requiredText("ssh_user", 64).refine((v) => /^[A-Za-z_][A-Za-z0-9._-]*\$?$/.test(v), "invalid ssh_user");
const sshKeyId = z.uuid({ error: msg("ssh_key_id") });
const sshPort = z
  .number({ error: msg("ssh_port") })
  .int("invalid ssh_port")
  .min(1, "invalid ssh_port")
  .max(65535, "invalid ssh_port");
const role = z.enum(ServerRole.options, { error: msg("role") });
const status = z.enum(ServerStatus.options, { error: msg("status") });

/** POST /servers: private_ip_address, ssh_user, ssh_key_id and role required; a bastion needs public_ip_address. */
export const CreateServerParams = z.object({
  hostname: hostname.optional(),
  private_ip_address: ip("private_ip_address"),
  public_ip_address: optionalIp("public_ip_address").optional(),
  role,
  ssh_key_id: sshKeyId,
  ssh_user: sshUser,
  ssh_port: sshPort.optional(),
  status: status.optional(),
});
export const UpdateServerParams = z.object({
  id: z.string(),
  hostname: hostname.optional(),
  private_ip_address: ip("private_ip_address").optional(),
  public_ip_address: optionalIp("public_ip_address").optional(),
  role: role.optional(),
  ssh_key_id: sshKeyId.optional(),
  ssh_user: sshUser.optional(),
  ssh_port: sshPort.optional(),
  status: status.optional(),
});
/** An optional enum query filter; empty means "not given". */
const enumQuery = <T extends string>(name: string, values: readonly T[]) =>
  z
    .string({ error: `invalid ${name}` })
    .optional()
    .refine((v) => v === undefined || v === "" || (values as readonly string[]).includes(v), `invalid ${name}`)
    .transform((v) => (v ? (v as T) : undefined))
    .meta({ type: "string", enum: [...values] });
export const ListServersParams = z.object({
  status: enumQuery("status", ServerStatus.options),
  role: enumQuery("role", ServerRole.options),
  ...PageParams.shape,
});

// SSH keys ------------------------------------------------------------------------------------

export const SshKeyType = z.enum(["rsa", "ed25519"], { error: "invalid type" });
export const RSA_BITS = [2048, 3072, 4096] as const;

/** POST /ssh: type rsa (default) | ed25519; bits 2048|3072|4096 (default 4096), ignored for ed25519. */
export const CreateSshKeyParams = z
  .object({
    name: requiredText("name", 255).refine(noControl, "invalid name"),
    comment: str("comment").trim().max(255, "invalid comment: longer than 255 characters").refine(noControl, "invalid comment").default(""),
    type: SshKeyType.default("rsa"),
    // checked below (400 `invalid bits` for RSA; ignored for ed25519); the meta is what the OpenAPI document shows
    bits: z
      .unknown()
      .optional()
      .meta({ type: "integer", enum: [...RSA_BITS], description: "RSA only (default 4096); ignored for ed25519" }),
  })
  .transform((v, ctx) => {
    if (v.type === "ed25519") return { name: v.name, comment: v.comment, type: v.type, bits: 0 };
    const bits = v.bits === undefined ? 4096 : v.bits;
    if (typeof bits !== "number" || !(RSA_BITS as readonly number[]).includes(bits)) {
      ctx.addIssue({ code: "custom", message: "invalid bits", input: v.bits });
      return z.NEVER;
    }
    return { name: v.name, comment: v.comment, type: v.type, bits };
  });
export type CreateSshKeyParams = z.output<typeof CreateSshKeyParams>;

const booleanQuery = (name: string) =>
  z
    .string({ error: `invalid ${name}` })
    .optional()
    .refine((v) => v === undefined || ["", "true", "false", "1", "0"].includes(v), `invalid ${name}`)
    .transform((v) => v === "true" || v === "1")
    .meta({ type: "string", enum: ["true", "false", "1", "0"] });

export const GetSshKeyParams = z.object({ id: z.string(), reveal: booleanQuery("reveal") });
/** GET /ssh: `unattached=true` keeps the keys no server names. */
export const ListSshKeysParams = z.object({ unattached: booleanQuery("unattached"), ...PageParams.shape });
export const SshDownloadPart = z.enum(["public", "private", "both"], { error: "invalid part" });
export const DownloadSshKeyParams = z.object({ id: z.string(), part: SshDownloadPart });

/**
 * A file answer of a `raw` route: the gateway sends `body` with `content_type` and
 * `Content-Disposition: attachment; filename="<filename>"`.
 */
export interface FileResponse {
  content_type: string;
  filename: string;
  body: Buffer;
}

// node pools ----------------------------------------------------------------------------------

const poolName = requiredText("name", 255).refine(noControl, "invalid name");
const poolRole = z.enum(NodePoolRole.options, { error: msg("role") });
export const CreateNodePoolParams = z.object({ name: poolName, role: poolRole });
export const UpdateNodePoolParams = z.object({ id: z.string(), name: poolName.optional(), role: poolRole.optional() });
export const ListNodePoolsParams = z.object({ q: queryString("q"), ...PageParams.shape });

/** The four kinds of node pool attachment, by path segment. */
export const ATTACHMENT_KINDS = {
  servers: { idsField: "server_ids", kind: "server" },
  labels: { idsField: "label_ids", kind: "label" },
  annotations: { idsField: "annotation_ids", kind: "annotation" },
  taints: { idsField: "taint_ids", kind: "taint" },
} as const;
export type AttachmentSegment = keyof typeof ATTACHMENT_KINDS;

const idList = (field: string) =>
  z
    .array(z.string({ error: `invalid ${field}` }), { error: msg(field) })
    .min(1, `missing fields: ${field}`)
    .max(1000, `invalid ${field}: more than 1000 ids`);
/** Params of POST /node-pools/{id}/<segment>: the pool, and the ids to attach in the segment's `<kind>_ids` field. */
export function attachParams<S extends AttachmentSegment>(segment: S) {
  const field = ATTACHMENT_KINDS[segment].idsField;
  return z.object({ id: z.string(), [field]: idList(field) } as { id: z.ZodString } & Record<(typeof ATTACHMENT_KINDS)[S]["idsField"], ReturnType<typeof idList>>);
}
export const DetachParams = z.object({ id: z.string(), childId: z.string() });

// load balancers ------------------------------------------------------------------------------

const lbKind = z.enum(LoadBalancerKind.options, { error: msg("kind") });
export const CreateLoadBalancerParams = z.object({
  name: poolName,
  kind: lbKind,
  private_ip_address: optionalIp("private_ip_address").optional(),
  public_ip_address: optionalIp("public_ip_address").optional(),
});
export const UpdateLoadBalancerParams = z.object({
  id: z.string(),
  name: poolName.optional(),
  kind: lbKind.optional(),
  private_ip_address: optionalIp("private_ip_address").optional(),
  public_ip_address: optionalIp("public_ip_address").optional(),
});
