import { useState } from "preact/hooks";
import { ok, type JsonRequest } from "../../../../clients/typescript/src/index.ts";
import { messageOf, signedInClient } from "../../api.ts";
import { Notice, PageTitle, Time } from "../../components.tsx";
import type { Route } from "../../router.ts";
import { bodyOf, FormPanel, type Field } from "../form.tsx";
import type { Organization } from "../org-api.ts";
import { useOrg } from "../org-context.tsx";
import { ReadOnlyNote } from "./OrgKeys.tsx";

/**
 * `#/orgs/<org>/settings`: the organization's name and e-mail domain (owners and admins change
 * them; a domain another organization uses is refused in the API's words) and, for an owner, its
 * deletion, confirmed by typing its name.
 */

const FIELDS: readonly Field[] = [
  { name: "name", label: "Name", required: true },
  { name: "domain", label: "E-mail domain", hint: "Users who sign in with a verified e-mail address of this domain join as members. Empty: none.", placeholder: "example.com" },
];

function DeleteOrganization({ org }: { org: Organization }) {
  const { leave } = useOrg();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <section class="panel danger" role="region" aria-labelledby="org-delete-title">
      <h2 id="org-delete-title">Delete this organization</h2>
      <p>Everything it owns is deleted in every service: clusters, servers, keys, DNS, webhooks, its audit log. Its members lose access at once. It cannot be undone.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typed !== org.name) return;
          setBusy(true);
          setError(undefined);
          ok(signedInClient().api.DELETE("/api/v1/orgs/{id}", { params: { path: { id: org.id } } })).then(leave, (err: unknown) => {
            setBusy(false);
            setError(messageOf(err));
          });
        }}
      >
        <div class="field grow">
          <label for="org-delete-name">Type the organization's name, {org.name}, to confirm</label>
          <input id="org-delete-name" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} autoComplete="off" spellcheck={false} />
        </div>
        {error !== undefined && <Notice kind="error">The organization was not deleted: {error}</Notice>}
        <div class="buttons spaced">
          <button type="submit" class="primary" disabled={busy || typed !== org.name}>
            Delete organization
          </button>
        </div>
      </form>
    </section>
  );
}

/** The page of the organization shown: another organization's is a new page. */
export function SettingsPage(_: { route: Route }) {
  return <Settings key={useOrg().org.id} />;
}

function Settings() {
  const view = useOrg();
  const { canWrite, role } = view;
  // the API's answer to a change shows at once (the organization's event refreshes the frame after)
  const [saved, setSaved] = useState<Organization>();
  const org = saved && saved.id === view.org.id && saved.updated_at >= view.org.updated_at ? saved : view.org;
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<string>();
  return (
    <>
      <PageTitle title="Settings">Settings</PageTitle>
      <dl class="facts">
        <dt>Name</dt>
        <dd data-field="name">{org.name}</dd>
        <dt>E-mail domain</dt>
        <dd data-field="domain">{org.domain || <span class="muted">none</span>}</dd>
        <dt>Id</dt>
        <dd class="mono">{org.id}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={org.created_at} />
        </dd>
        <dt>Your role</dt>
        <dd>{role}</dd>
      </dl>
      {canWrite && !editing && (
        <div class="buttons spaced">
          <button
            type="button"
            class="primary"
            onClick={() => {
              setResult(undefined);
              setEditing(true);
            }}
          >
            Edit name and domain
          </button>
        </div>
      )}
      {!canWrite && <ReadOnlyNote what="its settings" />}
      {editing && (
        <FormPanel
          id="org-edit"
          title="Name and e-mail domain"
          fields={FIELDS}
          initial={org}
          submit="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (values, start) => {
            const body = bodyOf(FIELDS, values, start) as JsonRequest<"patchOrgsId">;
            const after = await ok(signedInClient().api.PATCH("/api/v1/orgs/{id}", { params: { path: { id: org.id } }, body }));
            setSaved(after);
            setEditing(false);
            setResult(`Saved: ${after.name}${after.domain ? `, domain ${after.domain}` : ", no domain"}.`);
          }}
        />
      )}
      {result && <Notice kind="ok">{result}</Notice>}
      {role === "owner" && <DeleteOrganization org={org} />}
    </>
  );
}
