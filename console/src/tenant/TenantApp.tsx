import { useEffect, useMemo, useState } from "preact/hooks";
import { ok } from "../../../clients/typescript/src/index.ts";
import { ApiError, messageOf, signedInClient, type Me } from "../api.ts";
import { Notice, PageTitle } from "../components.tsx";
import { usePolling } from "../hooks.ts";
import { href, navigate, type Route } from "../router.ts";
import { FormPanel, bodyOf, type Field } from "./form.tsx";
import { orgClient, type Organization } from "./org-api.ts";
import { OrgContext, type OrgView } from "./org-context.tsx";
import { OrgEventFeed, type FeedState } from "./org-events.ts";
import { AnnotationsPage, LabelsPage, LoadBalancersPage, TaintsPage } from "./pages/simple.tsx";
import { AuditPage } from "./pages/Audit.tsx";
import { ClustersPage } from "./pages/Clusters.tsx";
import { CredentialsPage } from "./pages/Credentials.tsx";
import { DnsPage } from "./pages/Dns.tsx";
import { MembersPage } from "./pages/Members.tsx";
import { NodePoolsPage } from "./pages/NodePools.tsx";
import { OrgKeysPage } from "./pages/OrgKeys.tsx";
import { ServersPage } from "./pages/Servers.tsx";
import { SettingsPage } from "./pages/Settings.tsx";
import { SshKeysPage } from "./pages/SshKeys.tsx";
import { WebhooksPage } from "./pages/Webhooks.tsx";
import { ORG_SECTIONS, type OrgSection } from "./sections.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PAGES: Record<OrgSection, (props: { route: Route }) => preact.JSX.Element | null> = {
  clusters: ClustersPage,
  servers: ServersPage,
  "node-pools": NodePoolsPage,
  "ssh-keys": SshKeysPage,
  credentials: CredentialsPage,
  dns: DnsPage,
  "load-balancers": LoadBalancersPage,
  labels: LabelsPage,
  annotations: AnnotationsPage,
  taints: TaintsPage,
  members: MembersPage,
  keys: OrgKeysPage,
  webhooks: WebhooksPage,
  audit: AuditPage,
  settings: SettingsPage,
};

const ORG_FIELDS: readonly Field[] = [
  { name: "name", label: "Name", required: true },
  { name: "domain", label: "E-mail domain (optional)", hint: "Users who sign in with a verified e-mail address of this domain join as members.", placeholder: "example.com" },
];

/** `#/orgs`: the organizations the user belongs to, and a new one. */
export function OrganizationsPickerPage({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const [creating, setCreating] = useState(me.organizations.length === 0);
  return (
    <>
      <PageTitle title="Your organizations">Your organizations</PageTitle>
      {me.organizations.length === 0 ? (
        <p>
          You are not a member of any organization yet. Create one (you become its owner), or ask an owner of one to add you: your user id is <code class="mono">{me.id}</code>.
        </p>
      ) : (
        <ul class="org-list">
          {me.organizations.map((o) => (
            <li key={o.id}>
              <a href={href(["orgs", o.id, "clusters"])}>{o.name}</a> {o.domain && <span class="muted">{o.domain}</span>}
            </li>
          ))}
        </ul>
      )}
      {!creating && (
        <div class="buttons">
          <button type="button" onClick={() => setCreating(true)}>
            New organization
          </button>
        </div>
      )}
      {creating && (
        <FormPanel
          id="org-create"
          title="New organization"
          fields={ORG_FIELDS}
          submit="Create organization"
          onCancel={me.organizations.length > 0 ? () => setCreating(false) : undefined}
          onSubmit={async (values) => {
            const made = await ok(signedInClient().api.POST("/api/v1/orgs", { body: bodyOf(ORG_FIELDS, values) as { name: string; domain: string } }));
            onChanged();
            navigate(href(["orgs", made.id, "clusters"]));
          }}
        />
      )}
    </>
  );
}

/** The organization's navigation: every page, the current one marked. */
function OrgNav({ org, current }: { org: Organization; current: string }) {
  return (
    <nav aria-label="Organization" class="org-nav">
      <details open>
        <summary>{org.name}</summary>
        <ul>
          {ORG_SECTIONS.map((s) => (
            <li key={s.part}>
              <a href={href(["orgs", org.id, s.part])} aria-current={current === s.part ? "page" : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** `#/orgs/<org>/<section>/…`: one organization's pages, with the user's role in it and its live events. */
export function OrgPages({ route, me, onMeChanged }: { route: Route; me: Me; onMeChanged: () => void }) {
  const orgId = route.parts[1] ?? "";
  const section = (route.parts[2] ?? "clusters") as OrgSection;
  const valid = UUID.test(orgId);
  const access = usePolling(
    `org:${orgId}`,
    async (signal) => {
      const api = signedInClient().api;
      const [org, members] = await Promise.all([
        ok(api.GET("/api/v1/orgs/{id}", { params: { path: { id: orgId } }, signal })),
        ok(api.GET("/api/v1/orgs/{id}/members", { params: { path: { id: orgId } }, signal })),
      ]);
      return { org, role: members.find((m) => m.user_id === me.id)?.role ?? "member" };
    },
    false,
  );
  const feed = useMemo(
    () =>
      valid
        ? new OrgEventFeed((lastEventId, signal) =>
            orgClient(orgId).GET("/api/v1/events", {
              params: { header: lastEventId ? { "Last-Event-ID": lastEventId } : {} },
              headers: { Accept: "text/event-stream" },
              parseAs: "stream",
              signal,
            }),
          )
        : undefined,
    [orgId, valid],
  );
  const [feedState, setFeedState] = useState<FeedState>("connecting");
  useEffect(() => {
    if (!feed) return;
    setFeedState(feed.state);
    const off = feed.onState(setFeedState);
    return () => {
      off();
      feed.close();
    };
  }, [feed]);
  // a role change (`member.updated`) or the organization's own change shows at once
  useEffect(() => feed?.subscribe(["member.*", "organization.*"], () => access.reload()), [feed]);

  if (!valid) return <Notice kind="error">invalid id</Notice>;
  if (!access.data || !feed) {
    if (access.failure instanceof ApiError && access.failure.status === 404)
      return (
        <Notice kind="error">
          {messageOf(access.failure)}: it does not exist, or you are not one of its members. <a href="#/orgs">Your organizations</a>.
        </Notice>
      );
    return access.error !== undefined ? <Notice kind="error">{access.error}</Notice> : <p class="muted">Loading…</p>;
  }
  const view: OrgView = {
    org: access.data.org,
    role: access.data.role,
    canWrite: access.data.role !== "member",
    me,
    feed,
    feedState,
    leave: () => {
      onMeChanged();
      navigate(href(["orgs"]));
    },
  };
  const Page = (PAGES as Partial<typeof PAGES>)[section];
  return (
    <OrgContext.Provider value={view}>
      <div class="org-layout">
        <OrgNav org={view.org} current={section} />
        <div class="org-page">
          <p class="org-role muted">
            {view.org.name} · your role: <strong>{view.role}</strong> · {feedState === "serving" ? "live" : feedState === "connecting" ? "connecting…" : "refreshing every 3 s"}
          </p>
          {Page ? (
            <Page route={route} />
          ) : (
            <>
              <PageTitle title="Not found">Page not found</PageTitle>
              <Notice kind="error">There is no such page of an organization.</Notice>
            </>
          )}
        </div>
      </div>
    </OrgContext.Provider>
  );
}
