import { useState } from "preact/hooks";
import type { JsonResponse, operations } from "../../../../clients/typescript/src/index.ts";
import { DataTable, Notice, PageTitle, Time } from "../../components.tsx";
import { href, navigate, type Route } from "../../router.ts";
import { Fields, type Field, type Values } from "../form.tsx";
import { listPage, orgClient, pageQuery } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { Pager } from "../resource-page.tsx";
import { useUntilRefused } from "./OrgKeys.tsx";

/**
 * `#/orgs/<org>/audit?type=…`: the organization's audit log (owners and admins: a member gets the
 * API's refusal in its words), newest first, filtered as the API filters (the filters live in the
 * address), a page at a time; on the first page, a new event of the organization shows at once.
 */

type AuditEvent = JsonResponse<"getAuditEvents">[number];
type AuditQuery = NonNullable<operations["getAuditEvents"]["parameters"]["query"]>;

const FILTERS: readonly Field[] = [
  { name: "type", label: "Type", mono: true, placeholder: "member.* or label.created" },
  { name: "resource_type", label: "Resource type", mono: true, placeholder: "label" },
  { name: "resource_id", label: "Resource id", mono: true },
  { name: "actor_id", label: "Actor id", mono: true, hint: "A user's or an org key's id." },
  { name: "since", label: "Since", mono: true, placeholder: "2026-11-27T09:00:00Z" },
  { name: "until", label: "Until", mono: true, placeholder: "2026-11-27T18:00:00Z" },
];
const NAMES = FILTERS.map((f) => f.name) as (keyof AuditQuery)[];
/** Every event, on the first page: the newest show as they happen. */
const ALL_EVENTS = ["*"] as const;

function filtersOf(params: URLSearchParams): Values {
  const values: Values = {};
  for (const name of NAMES) values[name] = params.get(name) ?? "";
  return values;
}

/** The filled filters only (an empty one is no filter). */
function given(values: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of NAMES) {
    const v = (values[name] ?? "").trim();
    if (v !== "") out[name] = v;
  }
  return out;
}

/** What changed, in one line: the field names of `data.changed`, a status's `from → to`, or the data's simple values. */
function summary(data: AuditEvent["data"]): string {
  const changed = data.changed;
  if (Array.isArray(changed) && changed.length > 0) return `changed: ${changed.map(String).join(", ")}`;
  if (typeof data.from === "string" && typeof data.to === "string") return `${data.from} → ${data.to}`;
  const parts = Object.entries(data).map(([k, v]) => (v !== null && typeof v === "object" ? k : `${k}: ${String(v)}`));
  const text = parts.join(", ");
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function Data({ event }: { event: AuditEvent }) {
  const text = summary(event.data);
  if (text === "") return <span class="muted">–</span>;
  return (
    <details class="audit-data">
      <summary>{text}</summary>
      <pre class="mono">{JSON.stringify(event.data, null, 2)}</pre>
    </details>
  );
}

function Actor({ actor }: { actor: AuditEvent["actor"] }) {
  if (actor.email)
    return (
      <span title={actor.id} class="id">
        {actor.email}
      </span>
    );
  return (
    <span>
      {actor.type === "user" ? "" : `${actor.type.replace("_", " ")} `}
      <span class="mono id">{actor.id}</span>
    </span>
  );
}

function FilterForm({ initial, onApply }: { initial: Values; onApply: (values: Values) => void }) {
  const [values, setValues] = useState<Values>(initial);
  return (
    <form
      class="panel filters-panel"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(values);
      }}
    >
      <Fields id="audit-filter" fields={FILTERS} values={values} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
      <div class="buttons">
        <button type="submit" class="primary">
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            const empty = filtersOf(new URLSearchParams());
            setValues(empty);
            onApply(empty);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

/** Another organization's page, or the user's new role, is a new page (asked again). */
export function AuditPage({ route }: { route: Route }) {
  const { org, role } = useOrg();
  return <Audit key={`${org.id}:${role}`} route={route} />;
}

function Audit({ route }: { route: Route }) {
  const { org, canWrite } = useOrg();
  const untilRefused = useUntilRefused();
  const base = ["orgs", org.id, "audit"];
  const filters = given(filtersOf(route.params));
  const cursor = route.params.get("cursor") ?? undefined;
  const key = `audit:${org.id}:${new URLSearchParams(filters).toString()}:${cursor ?? ""}`;
  const list = useLive(
    key,
    (signal) => untilRefused(() => listPage(orgClient(org.id).GET("/api/v1/audit-events", { params: { query: { ...pageQuery(cursor), ...(filters as AuditQuery) } }, signal }))),
    cursor ? [] : ALL_EVENTS,
  );
  const page = list.data;
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <PageTitle title="Audit log">Audit log</PageTitle>
      <p class="muted">Every change of the organization's resources: what, to what, who and when, newest first.{!cursor && " New events show as they happen."}</p>
      <FilterForm key={new URLSearchParams(filters).toString()} initial={filtersOf(route.params)} onApply={(values) => navigate(href(base, given(values)))} />
      {!page &&
        (list.error !== undefined ? (
          <>
            <Notice kind="error">The API refused the audit log: {list.error}</Notice>
            {!canWrite && <p class="muted">The audit log is for the organization's owners and admins.</p>}
          </>
        ) : (
          <p class="muted">Loading…</p>
        ))}
      {page && page.items.length === 0 && (
        <p class="muted" role="status">
          {filtered ? "No event matches these filters." : cursor ? "No more." : "No event yet."}
        </p>
      )}
      {page && page.items.length > 0 && (
        <DataTable label="Audit events" columns={["Time", "Type", "Resource", "Actor", "Request id", "Data"]}>
          {page.items.map((e) => (
            <tr key={e.id} data-id={e.id}>
              <th scope="row" data-label="Time">
                <Time iso={e.occurred_at} />
              </th>
              <td data-label="Type" class="mono">
                {e.type}
              </td>
              <td data-label="Resource">
                <span>
                  {e.resource_type} <span class="mono id">{e.resource_id}</span>
                </span>
              </td>
              <td data-label="Actor">
                <Actor actor={e.actor} />
              </td>
              <td data-label="Request id">{e.request_id ? <span class="mono id">{e.request_id}</span> : <span class="muted">–</span>}</td>
              <td data-label="Data">
                <Data event={e} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager base={base} params={filters} cursor={cursor} next={page.next} />}
    </>
  );
}
