import { useState } from "preact/hooks";
import { ok } from "../../../../clients/typescript/src/index.ts";
import { messageOf, signedInClient } from "../../api.ts";
import { Confirm, DataTable, Notice, PageTitle } from "../../components.tsx";
import type { Route } from "../../router.ts";
import { FormPanel, type Field } from "../form.tsx";
import type { Member, OrgRole } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { ReadOnlyNote } from "./OrgKeys.tsx";

/**
 * `#/orgs/<org>/members`: who belongs to the organization and with which role, kept current by
 * its `member.*` events. Owners and admins add a user by id, change a role and remove a member;
 * anyone leaves. The API decides (only an owner grants or takes the owner role; the last owner
 * stays) and its refusal is shown in its words.
 */

const ROLES: readonly OrgRole[] = ["member", "admin", "owner"];

const ADD_FIELDS: readonly Field[] = [
  { name: "user_id", label: "User id", required: true, mono: true, hint: "The user finds it on their profile page (or on “Your organizations” before they belong to one)." },
  { name: "role", label: "Role", kind: "select", choices: ROLES },
];

interface Result {
  kind: "ok" | "error";
  text: string;
}

/** A member's role: a choice and the button that asks the API to change it. */
function RoleControl({ member, onChange }: { member: Member; onChange: (role: OrgRole) => Promise<boolean> }) {
  const [role, setRole] = useState<OrgRole>(member.role);
  const [busy, setBusy] = useState(false);
  const id = `role-${member.user_id}`;
  return (
    <form
      class="role-control"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void onChange(role).then((changed) => {
          setBusy(false);
          // refused: the choice goes back to the role the member has
          if (!changed) setRole(member.role);
        });
      }}
    >
      <label for={id} class="visually-hidden">
        Role of {member.email || member.user_id}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.currentTarget.value as OrgRole)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy || role === member.role} aria-label={`Change the role of ${member.email || member.user_id}`}>
        Change role
      </button>
    </form>
  );
}

/** The page of the organization shown: another organization's is a new page (nothing of this one's state carries over). */
export function MembersPage(_: { route: Route }) {
  return <Members key={useOrg().org.id} />;
}

function Members() {
  const { org, canWrite, me, leave } = useOrg();
  const api = signedInClient().api;
  const path = { id: org.id };
  const list = useLive(`members:${org.id}`, (signal) => ok(api.GET("/api/v1/orgs/{id}/members", { params: { path }, signal })), ["member.*"]);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member>();
  const [leaving, setLeaving] = useState(false);
  const [result, setResult] = useState<Result>();
  const who = (m: Member) => m.email || m.user_id;

  const changeRole = async (m: Member, role: OrgRole): Promise<boolean> => {
    setResult(undefined);
    try {
      const after = await ok(api.POST("/api/v1/orgs/{id}/members", { params: { path }, body: { user_id: m.user_id, role } }));
      list.update((members) => members.map((x) => (x.user_id === after.user_id ? after : x)));
      setResult({ kind: "ok", text: `${who(after)} is now ${after.role}.` });
      list.reload();
      return true;
    } catch (err) {
      setResult({ kind: "error", text: `The role of ${who(m)} was not changed: ${messageOf(err)}` });
      return false;
    }
  };

  const remove = async (m: Member) => {
    setResult(undefined);
    try {
      await ok(api.DELETE("/api/v1/orgs/{id}/members/{user_id}", { params: { path: { id: org.id, user_id: m.user_id } } }));
      if (m.user_id === me.id) {
        leave();
        return;
      }
      list.update((members) => members.filter((x) => x.user_id !== m.user_id));
      setResult({ kind: "ok", text: `Removed ${who(m)} from ${org.name}.` });
      list.reload();
    } catch (err) {
      setResult({ kind: "error", text: m.user_id === me.id ? `You did not leave ${org.name}: ${messageOf(err)}` : `${who(m)} was not removed: ${messageOf(err)}` });
    }
  };

  const members = list.data;
  return (
    <>
      <PageTitle title="Members">Members</PageTitle>
      <div class="buttons spaced">
        {canWrite && !adding && (
          <button type="button" class="primary" onClick={() => setAdding(true)}>
            Add a member
          </button>
        )}
        <button type="button" onClick={() => setLeaving(true)}>
          Leave organization
        </button>
      </div>
      {!canWrite && <ReadOnlyNote what="who belongs to it" />}
      {adding && (
        <FormPanel
          id="member-add"
          title="Add a member"
          fields={ADD_FIELDS}
          submit="Add member"
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            const added = await ok(
              api.POST("/api/v1/orgs/{id}/members", { params: { path }, body: { user_id: (values.user_id ?? "").trim(), role: (values.role ?? "member") as OrgRole } }),
            );
            setAdding(false);
            setResult({ kind: "ok", text: `${who(added)} is a member now, with the role ${added.role}.` });
            list.reload();
          }}
        >
          <p class="muted">Only an owner may make another owner; the API says so if you are not one.</p>
        </FormPanel>
      )}
      {removing && (
        <Confirm
          title={`Remove ${who(removing)} from ${org.name}?`}
          confirm="Remove"
          dismiss="Keep them"
          onConfirm={() => {
            const m = removing;
            setRemoving(undefined);
            void remove(m);
          }}
          onDismiss={() => setRemoving(undefined)}
        >
          They lose access to everything of the organization at once.
        </Confirm>
      )}
      {leaving && (
        <Confirm
          title={`Leave ${org.name}?`}
          confirm="Leave"
          dismiss="Stay"
          onConfirm={() => {
            setLeaving(false);
            void remove(members?.find((m) => m.user_id === me.id) ?? { user_id: me.id, email: me.primary_email, role: "member" });
          }}
          onDismiss={() => setLeaving(false)}
        >
          You lose access to its pages at once; an owner or admin can add you again.
        </Confirm>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {!members && (list.error !== undefined ? <Notice kind="error">{list.error}</Notice> : <p class="muted">Loading…</p>)}
      {members && (
        <DataTable label="Members" columns={["E-mail", "User id", "Role", { name: "Actions", hidden: true }]}>
          {members.map((m) => (
            <tr key={m.user_id} data-id={m.user_id}>
              <th scope="row" data-label="E-mail">
                <span>
                  {m.email || <span class="muted">no e-mail</span>}
                  {m.user_id === me.id && <span class="muted"> (you)</span>}
                </span>
              </th>
              <td data-label="User id">
                <span class="mono id">{m.user_id}</span>
              </td>
              <td data-label="Role">{canWrite ? <RoleControl key={`${m.user_id}:${m.role}`} member={m} onChange={(role) => changeRole(m, role)} /> : m.role}</td>
              <td data-label="Actions" class="actions">
                {canWrite && m.user_id !== me.id && (
                  <button type="button" onClick={() => setRemoving(m)} aria-label={`Remove ${who(m)}`}>
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
