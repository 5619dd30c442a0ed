import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join } from "node:path";
import { collect, ok, paginate, type JsonRequest, type SshKey, type SshKeyPart } from "../../src/index.ts";
import { type Command, UsageError, choice, int, required, str } from "../command.ts";
import { renderFields, renderTable } from "../output.ts";

const keyColumns = [
  ["ID", (k: SshKey) => k.id],
  ["NAME", (k: SshKey) => k.name],
  ["FINGERPRINT", (k: SshKey) => k.fingerprint],
  ["CREATED", (k: SshKey) => k.created_at],
] as const;

const keyFields = (k: SshKey) =>
  renderFields([
    ["ID", k.id],
    ["NAME", k.name],
    ["FINGERPRINT", k.fingerprint],
    ["PUBLIC KEY", k.public_key],
    ["CREATED", k.created_at],
  ]);

/**
 * Writes `data` to `path` with `mode` as a new file renamed over it: an existing file is replaced
 * whole, so its mode (a 0644 file a private key would overwrite) never carries over, and nobody
 * reads a half-written key.
 */
async function writeNewFile(path: string, data: Uint8Array, mode: number): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  await writeFile(tmp, data, { mode, flag: "wx" });
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

const PARTS = { public: true, private: true, both: true } as const satisfies Record<SshKeyPart, true>;
type KeyType = NonNullable<JsonRequest<"postSsh">["type"]>;
const KEY_TYPES = { rsa: true, ed25519: true } as const satisfies Record<KeyType, true>;
type Bits = NonNullable<JsonRequest<"postSsh">["bits"]>;
const RSA_BITS = [2048, 3072, 4096] as const satisfies readonly Bits[];

/** --bits: one of the RSA sizes, else a usage error. */
function bitsOf(value: number | undefined): Bits | undefined {
  if (value === undefined) return undefined;
  const bits = RSA_BITS.find((b) => b === value);
  if (bits === undefined) throw new UsageError(`--bits must be one of ${RSA_BITS.join(", ")}`);
  return bits;
}

export const SSH_KEY_COMMANDS: Command[] = [
  {
    path: ["ssh-keys", "list"],
    summary: "the organization's SSH keys (every page)",
    usage: "",
    async run(ctx) {
      const client = await ctx.client({ org: true });
      const keys = await collect(paginate((cursor) => client.api.GET("/api/v1/ssh", { params: { query: cursor ? { cursor } : {} } })));
      ctx.print(keys, () => renderTable(keys, keyColumns));
    },
  },
  {
    path: ["ssh-keys", "create"],
    summary: "generate and store a key pair (the private key stays on the server until downloaded)",
    usage: "--name NAME [--comment TEXT] [--type rsa|ed25519] [--bits 2048|3072|4096]",
    options: { name: { type: "string" }, comment: { type: "string" }, type: { type: "string" }, bits: { type: "string" } },
    async run(ctx) {
      const comment = str(ctx.values, "comment");
      const type = choice(ctx.values, "type", KEY_TYPES);
      const bits = bitsOf(int(ctx.values, "bits"));
      const body = { name: required(ctx.values, "name"), ...(comment === undefined ? {} : { comment }), ...(type ? { type } : {}), ...(bits === undefined ? {} : { bits }) };
      const key = await ok((await ctx.client({ org: true })).api.POST("/api/v1/ssh", { body }));
      ctx.print(key, () => keyFields(key));
    },
  },
  {
    path: ["ssh-keys", "download"],
    summary: "download the public key, the private key (PEM) or a zip of both",
    usage: "<key-id> [--part public|private|both] [--output FILE|-]",
    details: [
      "--part: public (default), private or both (a zip).",
      "--output: the file to write (default: the name the server gives, <id>.pub, <id>.pem or ssh_key_<id>.zip,",
      "in the current folder); - writes the bytes to standard output. The file is replaced whole; a private key",
      "or zip is owner-only (0600) even when it replaces a file others could read.",
    ],
    args: ["key-id"],
    options: { part: { type: "string", default: "public" }, output: { type: "string", short: "o" } },
    async run(ctx) {
      const part = choice(ctx.values, "part", PARTS) ?? "public";
      const file = await (await ctx.client({ org: true })).downloadSshKey(ctx.args[0]!, part);
      const output = str(ctx.values, "output") ?? file.filename;
      if (output === "-") {
        ctx.io.stdout.write(file.data);
        return;
      }
      const path = isAbsolute(output) ? output : join(ctx.io.cwd, output);
      await writeNewFile(path, file.data, part === "public" ? 0o644 : 0o600);
      ctx.print({ file: path, bytes: file.data.byteLength, content_type: file.contentType }, () => `Wrote ${path} (${file.data.byteLength} bytes, ${file.contentType}).\n`);
    },
  },
  {
    path: ["ssh-keys", "delete"],
    summary: "delete a key pair",
    usage: "<key-id>",
    args: ["key-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/ssh/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted SSH key ${ctx.args[0]!}.`);
    },
  },
];
