import { useState } from "preact/hooks";
import { api, ApiError, type AdminAuditEvent, type AdminOrganization } from "../api.ts";
import { LiveControl, Notice, PageTitle, SearchForm, Status, DataTable, Time } from "../components.tsx";
import { shortId } from "../format.ts";
import { useNow, usePolling } from "../hooks.ts";
import { href, navigate } from "../router.ts";

/** How many of an organization's newest audit events its page shows. */
const AUDIT_EVENTS = 20;

/**
 * Find an organization by name, domain, a member's e-mail or its id; its page shows its status,
 * members, keys, recent audit events and (while it is deleted) its purge jobs.
 */
export function OrganizationsPage({ id, q }: { id: string | undefined; q: string }) {
  return (
    <>
      <PageTitle title={id ? `Organization ${shortId(id)}` : "Organizations"}>Organizations</PageTitle>
      <Search key={`${id ?? ""}?${q}`} initial={q} />
      {id === undefined && q !== "" && <Results q={q} />}
      {id !== undefined && <Organization id={id} />}
    </>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Search({ initial }: { initial: string }) {
  return (
    <SearchForm
      label="Find an organization"
      fieldLabel="Name, domain, member e-mail or id"
      id="org-search"
      initial={initial}
      placeholder="acme, acme.com, alice@acme.com or 0198…"
      // an id opens its page; anything else is searched
      onSearch={(text) => {
        if (text !== "") navigate(UUID.test(text) ? href(["organizations", text.toLowerCase()]) : href(["organizations"], { q: text }));
      }}
    />
  );
}

function Results({ q }: { q: string }) {
  const found = usePolling(`orgs?${q}`, (signal) => api.searchOrganizations(q, signal), false);
  const list = found.data;
  if (!list) return found.error !== undefined ? <Notice kind="error">{found.error}</Notice> : <p class="muted">Searching…</p>;
  if (list.length === 0)
    return (
      <p class="muted" role="status">
        No organization has a name, domain or member e-mail containing “{q}”.
      </p>
    );
  return (
    <DataTable
      label="Organizations found"
      caption={`Organizations matching “${q}”${list.length === 100 ? " (the newest 100)" : ""}`}
      columns={["Name", "Domain", "Status", "Created", "Id"]}
    >
      {list.map((o) => (
        <tr key={o.id}>
          <th scope="row" data-label="Name">
            <a href={href(["organizations", o.id])}>{o.name || "(no name)"}</a>
          </th>
          <td data-label="Domain">{o.domain || <span class="muted">none</span>}</td>
          <td data-label="Status">
            <Status value={o.status} />
          </td>
          <td data-label="Created">
            <Time iso={o.created_at} />
          </td>
          <td data-label="Id" class="mono">
            {shortId(o.id)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Organization({ id }: { id: string }) {
  const [live, setLive] = useState(true);
  const org = usePolling(`org:${id}`, (signal) => api.organization(id, signal), live);
  const o = org.data;
  const missing = org.failure instanceof ApiError && (org.failure.status === 404 || org.failure.status === 400);

  if (!o) {
    if (org.error !== undefined) return <Notice kind="error">{missing ? org.error : `The organization could not be read: ${org.error}`}</Notice>;
    return <p class="muted">Loading…</p>;
  }
  return (
    <article aria-labelledby="org-name">
      <h2 id="org-name">
        {o.name || <span class="muted">(no name)</span>} <Status value={o.status} />
      </h2>
      <LiveControl at={org.at} live={live} onLive={setLive} error={org.error} />
      <dl class="facts">
        <dt>Id</dt>
        <dd class="mono">{o.id}</dd>
        <dt>Domain</dt>
        <dd>{o.domain || <span class="muted">none</span>}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={o.created_at} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <Time iso={o.updated_at} />
        </dd>
      </dl>
      {o.deletion && <Deletion deletion={o.deletion} members={o.members} />}
      <Members members={o.members} />
      <Keys keys={o.api_keys} />
      <AuditEvents id={o.id} live={live} />
    </article>
  );
}

function Members({ members }: { members: AdminOrganization["members"] }) {
  return (
    <section aria-labelledby="members-title">
      <h3 id="members-title">Members ({members.length})</h3>
      {members.length === 0 ? (
        <p class="muted">No members.</p>
      ) : (
        <DataTable label="Members" columns={["E-mail", "Role", "Member since", "User id"]}>
          {members.map((m) => (
            <tr key={m.user_id}>
              <td data-label="E-mail">{m.email || <span class="muted">(unknown user)</span>}</td>
              <td data-label="Role">{m.role}</td>
              <td data-label="Member since">
                <Time iso={m.since} />
              </td>
              <td data-label="User id" class="mono">
                {m.user_id}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Keys({ keys }: { keys: AdminOrganization["api_keys"] }) {
  return (
    <section aria-labelledby="keys-title">
      <h3 id="keys-title">Organization keys ({keys.length})</h3>
      <p class="muted">Names and dates only: a key's secret is shown once, to whoever created it, and never stored.</p>
      {keys.length > 0 && (
        <DataTable label="Organization keys" columns={["Name", "Prefix", "State", "Created", "Expires", "Last used"]}>
          {keys.map((k) => (
            <tr key={k.id}>
              <td data-label="Name">{k.name}</td>
              <td data-label="Prefix" class="mono">
                {k.prefix}
              </td>
              <td data-label="State">
                <Status value={k.revoked ? "revoked" : k.expires_at && Date.parse(k.expires_at) <= Date.now() ? "expired" : "active"} />
              </td>
              <td data-label="Created">
                <Time iso={k.created_at} />
              </td>
              <td data-label="Expires">
                <Time iso={k.expires_at} />
              </td>
              <td data-label="Last used">
                <Time iso={k.last_used_at} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Deletion({ deletion, members }: { deletion: NonNullable<AdminOrganization["deletion"]>; members: AdminOrganization["members"] }) {
  const now = useNow();
  const requester = members.find((m) => m.user_id === deletion.requested_by)?.email;
  return (
    <section aria-labelledby="deletion-title" class="panel">
      <h3 id="deletion-title">Being deleted</h3>
      <p>
        Requested <Time iso={deletion.requested_at} now={now} ago /> by {requester ?? <span class="mono">{deletion.requested_by}</span>}. One purge job per service removes its
        data; the organization is gone once every purge succeeded.
      </p>
      <DataTable label="Purge jobs" columns={["Purge", "Job", "Status", "Attempts", "Next run", "Last error"]}>
        {deletion.purges.map((p) => (
          <tr key={p.type}>
            <td data-label="Purge" class="mono">
              {p.type}
            </td>
            <td data-label="Job">
              <a href={href(["jobs", p.job_id])} class="mono" aria-label={`Job ${p.job_id}`}>
                {shortId(p.job_id)}
              </a>
              {p.rounds > 1 && <span class="muted"> (round {p.rounds})</span>}
            </td>
            <td data-label="Status">{p.job ? <Status value={p.job.status} /> : <span class="muted">gone</span>}</td>
            <td data-label="Attempts">{p.job ? `${p.job.attempts} of ${p.job.max_attempts}` : "–"}</td>
            <td data-label="Next run">{p.job && (p.job.status === "retrying" || p.job.status === "scheduled") ? <Time iso={p.job.run_at} now={now} ago /> : "–"}</td>
            <td data-label="Last error" class="error-text">
              {p.job?.last_error || <span class="muted">–</span>}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** Who did it, as the audit log names them: a user's e-mail, an org key, or the system's service or job. */
function Actor({ actor }: { actor: AdminAuditEvent["actor"] }) {
  if (actor.type === "user") return actor.email ? <>{actor.email}</> : <span class="mono">{actor.id}</span>;
  if (actor.type === "org_key")
    return (
      <>
        org key <span class="mono">{shortId(actor.id)}</span>
      </>
    );
  return (
    <>
      system <span class="mono">{actor.id}</span>
    </>
  );
}

/**
 * The organization's newest audit events (the audit log's own admin route, read apart from the
 * organization: an audit log that cannot answer leaves the rest of the page as it is). What
 * happened, to what, who and when; the values that changed are never shown (nor sent).
 */
function AuditEvents({ id, live }: { id: string; live: boolean }) {
  const events = usePolling(`audit:${id}`, (signal) => api.auditEvents(id, AUDIT_EVENTS, signal), live);
  const now = useNow();
  const list = events.data;
  return (
    <section aria-labelledby="audit-title">
      <h3 id="audit-title">Recent audit events</h3>
      <p class="muted">The newest {AUDIT_EVENTS}: what happened, to what, who and when (never the values that changed).</p>
      {events.error !== undefined && <Notice kind="error">The audit log could not be read: {events.error}</Notice>}
      {list?.length === 0 && <p class="muted">No events.</p>}
      {list && list.length > 0 && (
        <DataTable label="Audit events" columns={["When", "Event", "Resource", "By"]}>
          {list.map((e) => (
            <tr key={e.id}>
              <td data-label="When">
                <Time iso={e.occurred_at} now={now} ago />
              </td>
              <td data-label="Event" class="mono">
                {e.type}
              </td>
              {/* one element per cell: at a phone's width a cell is a grid of its label and its content */}
              <td data-label="Resource">
                <span>
                  {e.resource_type} <span class="mono">{shortId(e.resource_id)}</span>
                </span>
              </td>
              <td data-label="By">
                <span>
                  <Actor actor={e.actor} />
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
