import { useMemo, useState } from "preact/hooks";
import { ok, type JsonRequest, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { messageOf } from "../../api.ts";
import { Confirm, Notice, Time } from "../../components.tsx";
import type { Route } from "../../router.ts";
import { bodyOf, FormPanel, type Field } from "../form.tsx";
import { listPage, orgClient, pageQuery } from "../org-api.ts";
import { useOrg } from "../org-context.tsx";
import { RevealedSecret } from "../revealed-secret.tsx";
import { ResourcePage, type ResourceKind } from "../resource-page.tsx";

/**
 * Cloud and DNS credentials: created per provider with that provider's secret fields (typed into
 * password fields, sent once, never shown again), listed by their metadata, renamed, rotated (a
 * new secret), revealed after a confirmation (owners and admins; the audit log records it) and
 * deleted (409 while a domain uses one, in the API's words).
 */

type Credential = JsonResponse<"getCredentialsId">;
type CreateBody = JsonRequest<"postCredentials">;

/** A kind of credential as a person picks it: the API's provider, kind and scope, and the secret's fields. */
interface Preset {
  id: string;
  label: string;
  provider: NonNullable<CreateBody["provider"]>;
  kind: CreateBody["kind"];
  scope_kind: CreateBody["scope_kind"];
  scope: Record<string, string>;
  secret: readonly Field[];
}

const secret = (name: string, label: string, hint?: string): Field => ({ name, label, kind: "password", required: true, mono: true, ...(hint ? { hint } : {}) });
const plain = (name: string, label: string, hint?: string): Field => ({ name, label, mono: true, ...(hint ? { hint } : {}) });

const PRESETS: readonly Preset[] = [
  {
    id: "route53",
    label: "AWS access key for Route53 (DNS)",
    provider: "aws",
    kind: "aws_access_key",
    scope_kind: "service",
    scope: { service: "route53" },
    secret: [plain("access_key_id", "Access key id"), secret("secret_access_key", "Secret access key")],
  },
  {
    id: "aws",
    label: "AWS access key (the account)",
    provider: "aws",
    kind: "aws_access_key",
    scope_kind: "provider",
    scope: {},
    secret: [plain("access_key_id", "Access key id"), secret("secret_access_key", "Secret access key")],
  },
  {
    id: "powerdns",
    label: "PowerDNS API token (DNS)",
    provider: "generic",
    kind: "api_token",
    scope_kind: "service",
    scope: { service: "powerdns" },
    secret: [
      secret("token", "API token"),
      plain("api_url", "API address", "https://dns.example.com (PowerDNS Authoritative HTTP API)"),
      plain("server_id", "Server id (optional)", "localhost by default"),
    ],
  },
  { id: "cloudflare", label: "Cloudflare API token", provider: "cloudflare", kind: "api_token", scope_kind: "provider", scope: {}, secret: [secret("token", "API token")] },
  { id: "hetzner", label: "Hetzner API token", provider: "hetzner", kind: "api_token", scope_kind: "provider", scope: {}, secret: [secret("token", "API token")] },
  { id: "digitalocean", label: "DigitalOcean API token", provider: "digitalocean", kind: "api_token", scope_kind: "provider", scope: {}, secret: [secret("token", "API token")] },
  {
    id: "basic",
    label: "Other: user name and password",
    provider: "generic",
    kind: "basic_auth",
    scope_kind: "provider",
    scope: {},
    secret: [plain("username", "User name"), secret("password", "Password")],
  },
  {
    id: "oauth2",
    label: "Other: OAuth 2 client",
    provider: "generic",
    kind: "oauth2",
    scope_kind: "provider",
    scope: {},
    secret: [plain("client_id", "Client id"), secret("client_secret", "Client secret"), secret("refresh_token", "Refresh token")],
  },
];

const METADATA: readonly Field[] = [
  { name: "name", label: "Name" },
  { name: "account_id", label: "Account id", mono: true },
  { name: "region", label: "Region", mono: true },
];

/** The preset a stored credential was made from (its secret's fields for a rotation). */
function presetOf(c: Credential): Preset {
  const service = typeof c.scope.service === "string" ? c.scope.service : undefined;
  return (
    PRESETS.find((p) => p.provider === c.provider && p.kind === c.kind && (p.scope.service ?? undefined) === service) ??
    PRESETS.find((p) => p.provider === c.provider && p.kind === c.kind) ??
    PRESETS.find((p) => p.kind === c.kind)!
  );
}

const describeScope = (c: Credential) => (c.scope_kind === "provider" ? "the provider" : `${c.scope_kind}: ${Object.values(c.scope).map(String).join(", ")}`);

type Panel = { mode: "create" } | { mode: "rotate"; credential: Credential };

export function CredentialsPage({ route }: { route: Route }) {
  const { org, canWrite } = useOrg();
  const [panel, setPanel] = useState<Panel>();
  const [preset, setPreset] = useState<Preset>(PRESETS[0]!);
  const [asking, setAsking] = useState<Credential>();
  const [revealed, setRevealed] = useState<{ name: string; secret: unknown }>();
  const [result, setResult] = useState<{ kind: "ok" | "error"; text: string }>();

  const reveal = async (c: Credential) => {
    setResult(undefined);
    try {
      const shown = await ok(orgClient(org.id).POST("/api/v1/credentials/{id}/reveal", { params: { path: { id: c.id } }, body: {} }));
      setRevealed({ name: c.name || c.id, secret: shown });
    } catch (err) {
      setResult({ kind: "error", text: `${c.name || c.id}: not revealed: ${messageOf(err)}` });
    }
  };

  const kind = useMemo<ResourceKind<Credential>>(
    () => ({
      section: "credentials",
      title: "Credentials",
      one: "credential",
      events: ["credential.*"],
      list: (o, { cursor }, signal) => listPage(orgClient(o).GET("/api/v1/credentials", { params: { query: pageQuery(cursor) }, signal })),
      columns: [
        { name: "Name", cell: (c) => c.name || <span class="muted">unnamed</span> },
        { name: "Provider", cell: (c) => c.provider },
        { name: "Kind", cell: (c) => c.kind },
        { name: "Scope", cell: (c) => describeScope(c) },
        { name: "Account / region", cell: (c) => [c.account_id, c.region].filter(Boolean).join(" / ") || "–" },
        { name: "Updated", cell: (c) => <Time iso={c.updated_at} /> },
      ],
      name: (c) => c.name || c.id,
      editFields: METADATA,
      update: (o, id, body) => ok(orgClient(o).PATCH("/api/v1/credentials/{id}", { params: { path: { id } }, body: body })),
      remove: (o, id) => ok(orgClient(o).DELETE("/api/v1/credentials/{id}", { params: { path: { id } } })),
      rowActions: (c) =>
        canWrite && (
          <>
            <button type="button" onClick={() => setPanel({ mode: "rotate", credential: c })} aria-label={`Rotate ${c.name || c.id}`}>
              Rotate
            </button>
            <button type="button" onClick={() => setAsking(c)} aria-label={`Reveal ${c.name || c.id}`}>
              Reveal
            </button>
          </>
        ),
    }),
    [org.id, canWrite],
  );

  return (
    <>
      <ResourcePage kind={kind} route={route}>
        {canWrite && !panel && (
          <div class="buttons page-actions">
            <button type="button" class="primary" onClick={() => setPanel({ mode: "create" })}>
              New credential
            </button>
          </div>
        )}
        {panel?.mode === "create" && (
          <FormPanel
            key={preset.id}
            id="credential-create"
            title="New credential"
            fields={[...METADATA, ...preset.secret]}
            submit="Create credential"
            onCancel={() => setPanel(undefined)}
            onSubmit={async (values) => {
              const made = await ok(
                orgClient(org.id).POST("/api/v1/credentials", {
                  body: {
                    ...bodyOf(METADATA, values),
                    provider: preset.provider,
                    kind: preset.kind,
                    schema_version: 1,
                    scope_kind: preset.scope_kind,
                    scope_version: 1,
                    scope: preset.scope,
                    secret: bodyOf(preset.secret, values),
                  },
                }),
              );
              setPanel(undefined);
              setResult({ kind: "ok", text: `Created credential ${made.name || made.id}. Its secret is stored encrypted and never shown here again.` });
            }}
          >
            <div class="field">
              <label for="credential-preset">Provider and kind</label>
              <select id="credential-preset" value={preset.id} onChange={(e) => setPreset(PRESETS.find((p) => p.id === e.currentTarget.value) ?? PRESETS[0]!)}>
                {PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </select>
            </div>
          </FormPanel>
        )}
        {panel?.mode === "rotate" && (
          <FormPanel
            key={panel.credential.id}
            id="credential-rotate"
            title={`Rotate ${panel.credential.name || panel.credential.id}: a new secret`}
            fields={presetOf(panel.credential).secret}
            submit="Store the new secret"
            onCancel={() => setPanel(undefined)}
            onSubmit={async (values) => {
              const c = panel.credential;
              await ok(orgClient(org.id).PATCH("/api/v1/credentials/{id}", { params: { path: { id: c.id } }, body: { secret: bodyOf(presetOf(c).secret, values) } }));
              setPanel(undefined);
              setResult({ kind: "ok", text: `Rotated ${c.name || c.id}: the new secret replaces the old one.` });
            }}
          />
        )}
        {asking && (
          <Confirm
            title={`Show the secret of ${asking.name || asking.id}?`}
            confirm="Show secret"
            dismiss="Leave it"
            onConfirm={() => {
              const c = asking;
              setAsking(undefined);
              void reveal(c);
            }}
            onDismiss={() => setAsking(undefined)}
          >
            The decrypted secret is shown on this page until you hide it or leave. The organization's audit log records who read it.
          </Confirm>
        )}
        {result && <Notice kind={result.kind}>{result.text}</Notice>}
        {revealed && <RevealedSecret title={`Secret of ${revealed.name}`} label="Secret" text={JSON.stringify(revealed.secret, null, 2)} onHide={() => setRevealed(undefined)} />}
      </ResourcePage>
    </>
  );
}
