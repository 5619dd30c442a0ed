import { useMemo, useState } from "preact/hooks";
import { ok, type JsonRequest, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { messageOf, signedInClient } from "../../api.ts";
import { Confirm, Notice, PageTitle, Status, Time } from "../../components.tsx";
import { LogOutput, useLogTail } from "../../log-output.tsx";
import { href, type Route } from "../../router.ts";
import type { Choice, Field } from "../form.tsx";
import { everyItem, listPage, orgClient, pageQuery } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { ResourcePage, type ResourceKind } from "../resource-page.tsx";

/**
 * Servers: the list (status, role, address, SSH user and key, the pinned host key), create and
 * edit with the organization's SSH keys to choose from; a server's page with its bootstrap log
 * followed live and the host key reset (owners and admins).
 */

export type Server = JsonResponse<"getServersId">;

const ROLES = ["master", "worker", "bastion"];
const STATUSES = ["pending", "provisioning", "ready", "failed"];

/** How a server is named where it is chosen or confirmed: its hostname, else its addresses. */
export const serverName = (s: Server) => s.hostname || s.public_ip_address || s.private_ip_address || s.id;

function serverFields(keys: readonly Choice[]): Field[] {
  return [
    { name: "hostname", label: "Hostname" },
    { name: "role", label: "Role", kind: "select", choices: ROLES },
    { name: "private_ip_address", label: "Private IP address", mono: true },
    { name: "public_ip_address", label: "Public IP address", mono: true },
    { name: "ssh_user", label: "SSH user", mono: true },
    { name: "ssh_port", label: "SSH port", kind: "number", placeholder: "22" },
    { name: "ssh_key_id", label: "SSH key", kind: "select", choices: keys },
    { name: "status", label: "Status", kind: "select", choices: STATUSES },
  ];
}

/** The organization's SSH keys to choose from (first 1,000), kept current. */
export function useSshKeyChoices(): Choice[] {
  const { org } = useOrg();
  const keys = useLive(`ssh-choices:${org.id}`, (signal) => everyItem((query) => orgClient(org.id).GET("/api/v1/ssh", { params: { query }, signal })), ["ssh_key.*"]);
  return useMemo(() => (keys.data ?? []).map((k) => ({ value: k.id, label: `${k.name} (${k.fingerprint})` })), [keys.data]);
}

function serversKind(keys: readonly Choice[]): ResourceKind<Server> {
  const fields = serverFields(keys);
  return {
    section: "servers",
    title: "Servers",
    one: "server",
    events: ["server.*"],
    list: (org, { cursor }, signal) => listPage(orgClient(org).GET("/api/v1/servers", { params: { query: pageQuery(cursor) }, signal })),
    columns: [
      { name: "Server", cell: (s) => serverName(s) },
      { name: "Role", cell: (s) => s.role },
      { name: "Status", cell: (s) => <Status value={s.status} /> },
      { name: "Addresses", cell: (s) => <span class="mono">{[s.public_ip_address, s.private_ip_address].filter(Boolean).join(" / ") || "–"}</span> },
      { name: "SSH", cell: (s) => <span class="mono">{`${s.ssh_user}@:${s.ssh_port}`}</span> },
      { name: "Host key", cell: (s) => <span class="mono">{s.ssh_host_key_fingerprint || <span class="muted">not pinned yet</span>}</span> },
    ],
    name: serverName,
    detail: (org, s) => href(["orgs", org, "servers", s.id]),
    createFields: fields,
    create: (org, body) => ok(orgClient(org).POST("/api/v1/servers", { body: body as JsonRequest<"postServers"> })),
    editFields: fields,
    update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/servers/{id}", { params: { path: { id } }, body: body })),
    remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/servers/{id}", { params: { path: { id } } })),
  };
}

export function ServersPage({ route }: { route: Route }) {
  const keys = useSshKeyChoices();
  const kind = useMemo(() => serversKind(keys), [keys]);
  const id = route.parts[3];
  return id !== undefined ? <ServerPage id={id} /> : <ResourcePage kind={kind} route={route} />;
}

/** One server: its facts, its bootstrap output followed live, the host key reset. */
function ServerPage({ id }: { id: string }) {
  const { org, canWrite } = useOrg();
  const server = useLive(`server:${org.id}:${id}`, (signal) => ok(orgClient(org.id).GET("/api/v1/servers/{id}", { params: { path: { id } }, signal })), ["server.*"]);
  const log = useLogTail(`server-log:${org.id}:${id}`, (signal) => signedInClient().withOrg(org.id).followServerLog(id, { signal }));
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ kind: "ok" | "error"; text: string }>();
  const s = server.data;

  const reset = async () => {
    setResult(undefined);
    try {
      const after = await ok(orgClient(org.id).POST("/api/v1/servers/{id}/reset-hostkey", { params: { path: { id } }, body: {} }));
      server.update(() => after);
      setResult({ kind: "ok", text: "The host key is forgotten: the next connection pins the key it meets." });
    } catch (err) {
      setResult({ kind: "error", text: `The host key was not reset: ${messageOf(err)}` });
    }
  };

  return (
    <>
      <PageTitle title={s ? serverName(s) : "Server"}>{s ? serverName(s) : "Server"}</PageTitle>
      <p>
        <a href={href(["orgs", org.id, "servers"])}>All servers</a>
      </p>
      {!s && (server.error !== undefined ? <Notice kind="error">{server.error}</Notice> : <p class="muted">Loading…</p>)}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {confirming && (
        <Confirm
          title="Forget the pinned host key?"
          confirm="Reset host key"
          dismiss="Keep it"
          onConfirm={() => {
            setConfirming(false);
            void reset();
          }}
          onDismiss={() => setConfirming(false)}
        >
          Do this only when the server's SSH host key changed on purpose (a rebuilt machine): the next connection trusts whatever key it meets.
        </Confirm>
      )}
      {s && (
        <>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <Status value={s.status} />
              {s.last_error && <span class="error-text"> {s.last_error}</span>}
            </dd>
            <dt>Role</dt>
            <dd>{s.role}</dd>
            <dt>Addresses</dt>
            <dd class="mono">{[s.public_ip_address, s.private_ip_address].filter(Boolean).join(" / ") || "–"}</dd>
            <dt>SSH</dt>
            <dd class="mono">
              {s.ssh_user}@:{s.ssh_port} · key <a href={href(["orgs", org.id, "ssh-keys"])}>{s.ssh_key_id}</a>
            </dd>
            <dt>Host key</dt>
            <dd class="mono">{s.ssh_host_key_fingerprint || <span class="muted">not pinned yet</span>}</dd>
            <dt>Updated</dt>
            <dd>
              <Time iso={s.updated_at} />
            </dd>
          </dl>
          {canWrite && s.ssh_host_key_fingerprint && (
            <div class="buttons">
              <button type="button" onClick={() => setConfirming(true)}>
                Reset host key
              </button>
            </div>
          )}
        </>
      )}
      <section aria-labelledby="bootstrap-title">
        <h2 id="bootstrap-title">Bootstrap log</h2>
        <p class="muted" role="status">
          {log.tail.state === "following" ? "Following the bootstrap live…" : log.tail.state === "done" ? "The bootstrap has ended: this is all of its output." : ""}
        </p>
        {log.tail.state === "failed" && <Notice kind="error">The bootstrap log could not be followed: {log.tail.message}</Notice>}
        <LogOutput chunks={log.chunks} following={log.tail.state === "following"} label="Bootstrap output" />
      </section>
    </>
  );
}
