import { collect, ok, paginate, type Credential, type JsonRequest } from "../../src/index.ts";
import { type Command, type Ctx, UsageError, choice, readInput, str } from "../command.ts";
import { renderFields, renderTable } from "../output.ts";

/**
 * Credentials: metadata in, metadata out. The secret is read from a file or standard input
 * (never a flag's value: it would stay in the shell's history and show in the process list),
 * sent once and never printed: the API answers metadata only, and nothing here echoes what was
 * read, not even in an error.
 */

type Provider = Credential["provider"];
type Kind = Credential["kind"];
type ScopeKind = Credential["scope_kind"];

const PROVIDERS = { aws: true, cloudflare: true, hetzner: true, digitalocean: true, generic: true } as const satisfies Record<Provider, true>;
const KINDS = { aws_access_key: true, api_token: true, basic_auth: true, oauth2: true } as const satisfies Record<Kind, true>;
const SCOPE_KINDS = { provider: true, service: true, resource: true } as const satisfies Record<ScopeKind, true>;

/** The kinds each provider takes (shared/contracts/credentials.ts); the first is the default. */
const KINDS_BY_PROVIDER: Record<Provider, readonly Kind[]> = {
  aws: ["aws_access_key"],
  cloudflare: ["api_token"],
  hetzner: ["api_token"],
  digitalocean: ["api_token"],
  generic: ["api_token", "basic_auth", "oauth2"],
};

/** The fields a secret of each kind must have (the API checks the rest: extra fields, empty values). */
const SECRET_FIELDS: Record<Kind, { required: readonly string[]; more: string }> = {
  aws_access_key: { required: ["access_key_id", "secret_access_key"], more: ", region (optional)" },
  api_token: { required: ["token"], more: " and any further string fields (powerdns: api_url, server_id)" },
  basic_auth: { required: ["username", "password"], more: "" },
  oauth2: { required: ["client_id", "client_secret", "refresh_token"], more: "" },
};

const scopeOf = (c: Credential) => {
  const named = c.scope_kind === "service" ? c.scope.service : c.scope_kind === "resource" ? c.scope.arn : undefined;
  return typeof named === "string" ? `${c.scope_kind} ${named}` : c.scope_kind;
};

const credentialColumns = [
  ["ID", (c: Credential) => c.id],
  ["NAME", (c: Credential) => c.name || "-"],
  ["PROVIDER", (c: Credential) => c.provider],
  ["KIND", (c: Credential) => c.kind],
  ["SCOPE", scopeOf],
  ["CREATED", (c: Credential) => c.created_at],
] as const;

const credentialFields = (c: Credential) =>
  renderFields([
    ["ID", c.id],
    ["NAME", c.name || "-"],
    ["PROVIDER", c.provider],
    ["KIND", c.kind],
    ["SCOPE", scopeOf(c)],
    ["ACCOUNT", c.account_id || "-"],
    ["REGION", c.region || "-"],
    ["VERSIONS", `schema ${c.schema_version}, scope ${c.scope_version}`],
    ["SECRET", "(stored encrypted; never shown)"],
    ["CREATED", c.created_at],
    ["UPDATED", c.updated_at],
  ]);

const SECRET_OPTIONS = {
  "secret-file": { type: "string" },
  "secret-stdin": { type: "boolean", default: false },
  // only to refuse it with the reason (parseArgs would call it an unknown option)
  secret: { type: "string" },
} as const;

const SECRET_USAGE = "--secret-file FILE | --secret-stdin";

/**
 * The secret of --secret-file or --secret-stdin: a JSON object of string fields, with the fields
 * its kind requires when the kind is known. Messages name fields, never values.
 */
async function readSecret(ctx: Ctx, kind: Kind | undefined, needed: boolean): Promise<Record<string, string> | undefined> {
  if (ctx.values.secret !== undefined) throw new UsageError(`a secret is never taken from the command line (shell history, process list): use ${SECRET_USAGE}`);
  const file = str(ctx.values, "secret-file");
  const stdin = ctx.values["secret-stdin"] === true;
  if (file !== undefined && stdin) throw new UsageError("give one of --secret-file and --secret-stdin");
  if (file === undefined && !stdin) {
    if (needed) throw new UsageError(`the secret is required: ${SECRET_USAGE} (a JSON object of its fields)`);
    return undefined;
  }
  const source = stdin ? "standard input" : `--secret-file ${file!}`;
  const text = await readInput(ctx, "--secret-file", stdin ? "-" : file!, "Paste the secret (a JSON object of its fields)");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's own message quotes the text: never shown
    value = undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new UsageError(`the secret on ${source} is not a JSON object of its fields`);
  const secret = value as Record<string, unknown>;
  // (the API's rule too: a field name of the secret is not named back, it may be part of the secret)
  if (Object.values(secret).some((v) => typeof v !== "string")) throw new UsageError(`the secret on ${source}: every field must be a string`);
  if (kind !== undefined) {
    const missing = SECRET_FIELDS[kind].required.filter((f) => secret[f] === undefined);
    if (missing.length > 0) throw new UsageError(`the secret on ${source} lacks ${missing.join(", ")} (kind ${kind}: ${secretFieldsOf(kind)})`);
  }
  return secret as Record<string, string>;
}

const secretFieldsOf = (kind: Kind) => `${SECRET_FIELDS[kind].required.join(", ")}${SECRET_FIELDS[kind].more}`;

/** --service NAME (scope service) or --arn ARN (scope resource); neither: the whole provider. */
function scopeFrom(ctx: Ctx): { scope_kind: ScopeKind; scope: Record<string, string> } {
  const service = str(ctx.values, "service");
  const arn = str(ctx.values, "arn");
  if (service !== undefined && arn !== undefined) throw new UsageError("give one of --service and --arn");
  if (service !== undefined) return { scope_kind: "service", scope: { service } };
  if (arn !== undefined) return { scope_kind: "resource", scope: { arn } };
  return { scope_kind: "provider", scope: {} };
}

/** The optional metadata options, as fields of the body. */
function metadataOf(ctx: Ctx): { name?: string; account_id?: string; region?: string } {
  const name = str(ctx.values, "name");
  const account = str(ctx.values, "account-id");
  const region = str(ctx.values, "region");
  return { ...(name === undefined ? {} : { name }), ...(account === undefined ? {} : { account_id: account }), ...(region === undefined ? {} : { region }) };
}

type CredentialPatch = JsonRequest<"patchCredentialsId">;

export const CREDENTIAL_COMMANDS: Command[] = [
  {
    path: ["credentials", "list"],
    summary: "the organization's credentials, newest first (metadata; every page)",
    usage: "[--provider P] [--kind K] [--scope-kind provider|service|resource]",
    details: [`Providers: ${Object.keys(PROVIDERS).join(", ")}. Kinds: ${Object.keys(KINDS).join(", ")}.`],
    options: { provider: { type: "string" }, kind: { type: "string" }, "scope-kind": { type: "string" } },
    async run(ctx) {
      const provider = choice(ctx.values, "provider", PROVIDERS);
      const kind = choice(ctx.values, "kind", KINDS);
      const scopeKind = choice(ctx.values, "scope-kind", SCOPE_KINDS);
      const client = await ctx.client({ org: true });
      const credentials = await collect(
        paginate((cursor) =>
          client.api.GET("/api/v1/credentials", {
            params: {
              query: { ...(provider ? { provider } : {}), ...(kind ? { kind } : {}), ...(scopeKind ? { scope_kind: scopeKind } : {}), ...(cursor ? { cursor } : {}) },
            },
          }),
        ),
      );
      ctx.print(credentials, () => renderTable(credentials, credentialColumns));
    },
  },
  {
    path: ["credentials", "get"],
    summary: "one credential (metadata; the secret is never shown)",
    usage: "<credential-id>",
    args: ["credential-id"],
    async run(ctx) {
      const credential = await ok((await ctx.client({ org: true })).api.GET("/api/v1/credentials/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.print(credential, () => credentialFields(credential));
    },
  },
  {
    path: ["credentials", "create"],
    summary: "store a provider's credential; its secret is read from a file or standard input, never from the command line",
    usage: `--provider aws|cloudflare|hetzner|digitalocean|generic [--kind K] (${SECRET_USAGE}) [--service NAME | --arn ARN] [--name NAME] [--account-id ID] [--region R]`,
    details: [
      "The secret is a JSON object of its kind's fields, in a file (--secret-file FILE) or on standard input",
      "(--secret-stdin, or --secret-file -). It is encrypted by the API and never printed.",
      ...Object.entries(KINDS_BY_PROVIDER).map(([p, kinds]) => `  ${p}: ${kinds.join(", ")}${kinds.length > 1 ? " (--kind required)" : ""}`),
      ...(Object.keys(KINDS) as Kind[]).map((k) => `  ${k} secret: ${secretFieldsOf(k)}`),
      "Scope: the whole provider (default), --service NAME (route53, powerdns …) or --arn ARN (one resource).",
      "A DNS domain's credential: route53 is aws; powerdns is generic api_token with {token, api_url, server_id?}.",
      `Example: clusterctl credentials create --provider generic --kind api_token --service powerdns --secret-file pdns.json`,
    ],
    options: {
      provider: { type: "string" },
      kind: { type: "string" },
      service: { type: "string" },
      arn: { type: "string" },
      name: { type: "string" },
      "account-id": { type: "string" },
      region: { type: "string" },
      ...SECRET_OPTIONS,
    },
    async run(ctx) {
      const provider = choice(ctx.values, "provider", PROVIDERS);
      if (provider === undefined) throw new UsageError(`--provider is required: one of ${Object.keys(PROVIDERS).join(", ")}`);
      const allowed = KINDS_BY_PROVIDER[provider];
      const kind = choice(ctx.values, "kind", KINDS) ?? (allowed.length === 1 ? allowed[0] : undefined);
      if (kind === undefined) throw new UsageError(`--kind is required for provider ${provider}: one of ${allowed.join(", ")}`);
      if (!allowed.includes(kind)) throw new UsageError(`--kind for provider ${provider} must be ${allowed.join(" or ")}`);
      const { scope_kind, scope } = scopeFrom(ctx);
      const secret = (await readSecret(ctx, kind, true))!;
      const body = { provider, kind, schema_version: 1, scope_kind, scope_version: 1, scope, secret, ...metadataOf(ctx) };
      const credential = await ok((await ctx.client({ org: true })).api.POST("/api/v1/credentials", { body }));
      ctx.print(credential, () => credentialFields(credential));
    },
  },
  {
    path: ["credentials", "update"],
    summary: "rename a credential, change its account or region, or rotate its secret (from a file or standard input)",
    usage: `<credential-id> [--name NAME] [--account-id ID] [--region R] [${SECRET_USAGE}]`,
    details: ["The new secret replaces the old one whole: a JSON object of the credential's kind's fields (see `credentials create --help`)."],
    args: ["credential-id"],
    options: { name: { type: "string" }, "account-id": { type: "string" }, region: { type: "string" }, ...SECRET_OPTIONS },
    async run(ctx) {
      const secret = await readSecret(ctx, undefined, false);
      const body: CredentialPatch = { ...metadataOf(ctx), ...(secret === undefined ? {} : { secret }) };
      if (Object.keys(body).length === 0) throw new UsageError(`nothing to change: give --name, --account-id, --region or ${SECRET_USAGE}`);
      const credential = await ok((await ctx.client({ org: true })).api.PATCH("/api/v1/credentials/{id}", { params: { path: { id: ctx.args[0]! } }, body }));
      ctx.print(credential, () => credentialFields(credential));
    },
  },
  {
    path: ["credentials", "delete"],
    summary: "delete a credential (refused while a DNS domain uses it)",
    usage: "<credential-id>",
    args: ["credential-id"],
    async run(ctx) {
      await ok((await ctx.client({ org: true })).api.DELETE("/api/v1/credentials/{id}", { params: { path: { id: ctx.args[0]! } } }));
      ctx.say(`Deleted credential ${ctx.args[0]!}.`);
    },
  },
];
