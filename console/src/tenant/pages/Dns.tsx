import { useMemo } from "preact/hooks";
import { ok, type JsonRequest, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { Notice, Status, Time } from "../../components.tsx";
import { href, type Route } from "../../router.ts";
import type { Choice, Field } from "../form.tsx";
import { everyItem, listPage, orgClient, pageQuery } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { ResourcePage, type ResourceKind } from "../resource-page.tsx";

/**
 * DNS: the organization's domains (status and error as the worker leaves them, live) and each
 * domain's record sets (status live as the worker writes them to the DNS host); the API's
 * validation messages shown as it gives them.
 */

export type Domain = JsonResponse<"getDnsDomainsId">;
export type RecordSet = JsonResponse<"getDnsRecordsId">;

const RECORD_TYPES = ["A", "AAAA", "CNAME", "TXT", "MX", "NS", "SRV", "CAA"];
const STATUSES = ["pending", "provisioning", "ready", "failed"];

/** A status with the error that came with it. */
const statusCell = (i: { status: string; last_error?: string }) => (
  <>
    <Status value={i.status} />
    {i.last_error ? <span class="error-text"> {i.last_error}</span> : null}
  </>
);

/** The organization's credentials that can host DNS (scoped to a DNS service), to choose from. */
function useDnsCredentialChoices(): Choice[] {
  const { org } = useOrg();
  const creds = useLive(
    `dns-credentials:${org.id}`,
    (signal) => everyItem((query) => orgClient(org.id).GET("/api/v1/credentials", { params: { query: { ...query, scope_kind: "service" } }, signal })),
    ["credential.*"],
  );
  return useMemo(
    () => (creds.data ?? []).map((c) => ({ value: c.id, label: `${c.name || c.id} (${typeof c.scope.service === "string" ? c.scope.service : c.provider})` })),
    [creds.data],
  );
}

function domainsKind(credentials: readonly Choice[]): ResourceKind<Domain> {
  const fields: Field[] = [
    { name: "domain_name", label: "Domain name", required: true, mono: true, placeholder: "example.com" },
    { name: "credential_id", label: "DNS credential", kind: "select", choices: credentials, hint: "A Route53 or PowerDNS credential (Credentials page)." },
    { name: "zone_id", label: "Zone id (optional)", mono: true, hint: "Found by the worker when left empty." },
  ];
  return {
    section: "dns",
    title: "DNS domains",
    one: "domain",
    events: ["domain.*"],
    search: "Domain contains",
    list: (org, { q, cursor }, signal) => listPage(orgClient(org).GET("/api/v1/dns/domains", { params: { query: { ...pageQuery(cursor), ...(q ? { q } : {}) } }, signal })),
    columns: [
      { name: "Domain", cell: (d) => <span class="mono">{d.domain_name}</span> },
      { name: "Status", cell: statusCell },
      { name: "Zone", cell: (d) => <span class="mono">{d.zone_id || "–"}</span> },
      { name: "Updated", cell: (d) => <Time iso={d.updated_at} /> },
    ],
    name: (d) => d.domain_name,
    detail: (org, d) => href(["orgs", org, "dns", d.id]),
    createFields: fields,
    create: (org, body) => ok(orgClient(org).POST("/api/v1/dns/domains", { body: body as JsonRequest<"postDnsDomains"> })),
    editFields: fields,
    update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/dns/domains/{id}", { params: { path: { id } }, body: body })),
    remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/dns/domains/{id}", { params: { path: { id } } })),
  };
}

const RECORD_FIELDS: readonly Field[] = [
  { name: "name", label: "Name", required: true, mono: true, hint: "Relative to the domain (api), @ for the domain itself, or a full name." },
  { name: "type", label: "Type", kind: "select", choices: RECORD_TYPES },
  { name: "ttl", label: "TTL (seconds)", kind: "number", placeholder: "300" },
  { name: "values", label: "Values, one per line", kind: "lines", mono: true },
];
const RECORD_EDIT: readonly Field[] = [...RECORD_FIELDS, { name: "status", label: "Status", kind: "select", choices: STATUSES, hint: "Any other change sets it back to pending." }];

function recordsKind(domain: Domain): ResourceKind<RecordSet> {
  return {
    section: "dns",
    parts: ["dns", domain.id],
    title: `Record sets of ${domain.domain_name}`,
    one: "record set",
    events: ["record_set.*"],
    list: (org, { cursor }, signal) =>
      listPage(orgClient(org).GET("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: domain.id }, query: pageQuery(cursor) }, signal })),
    columns: [
      { name: "Name", cell: (r) => <span class="mono">{r.name}</span> },
      { name: "Type", cell: (r) => r.type },
      { name: "TTL", cell: (r) => r.ttl },
      { name: "Values", cell: (r) => <span class="mono">{r.values.join(", ")}</span> },
      { name: "Status", cell: statusCell },
      { name: "Owner", cell: (r) => r.owner },
    ],
    name: (r) => `${r.name} ${r.type}`,
    createFields: RECORD_FIELDS,
    create: (org, body) =>
      ok(
        orgClient(org).POST("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: domain.id } }, body: body as JsonRequest<"postDnsDomainsDomainIdRecords"> }),
      ),
    editFields: RECORD_EDIT,
    update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/dns/records/{id}", { params: { path: { id } }, body: body })),
    remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/dns/records/{id}", { params: { path: { id } } })),
  };
}

export function DnsPage({ route }: { route: Route }) {
  const credentials = useDnsCredentialChoices();
  const kind = useMemo(() => domainsKind(credentials), [credentials]);
  const id = route.parts[3];
  return id !== undefined ? <DomainPage id={id} route={route} /> : <ResourcePage kind={kind} route={route} />;
}

/** One domain: its status, and its record sets. */
function DomainPage({ id, route }: { id: string; route: Route }) {
  const { org } = useOrg();
  const domain = useLive(`domain:${org.id}:${id}`, (signal) => ok(orgClient(org.id).GET("/api/v1/dns/domains/{id}", { params: { path: { id } }, signal })), ["domain.*"]);
  const d = domain.data;
  const kind = useMemo(() => (d ? recordsKind(d) : undefined), [d?.id, d?.domain_name]);
  if (!d || !kind) return domain.error !== undefined ? <Notice kind="error">{domain.error}</Notice> : <p class="muted">Loading…</p>;
  return (
    <ResourcePage kind={kind} route={route}>
      <p>
        <a href={href(["orgs", org.id, "dns"])}>All domains</a>
      </p>
      <dl class="facts">
        <dt>Domain</dt>
        <dd class="mono">{d.domain_name}</dd>
        <dt>Status</dt>
        <dd>{statusCell(d)}</dd>
        <dt>Zone</dt>
        <dd class="mono">{d.zone_id || "–"}</dd>
      </dl>
    </ResourcePage>
  );
}
