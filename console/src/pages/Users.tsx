import { useState } from "preact/hooks";
import { api, messageOf, type AdminUser } from "../api.ts";
import { Confirm, DataTable, Notice, PageTitle, SearchForm, Status, Time } from "../components.tsx";
import { usePolling } from "../hooks.ts";
import { href, navigate } from "../router.ts";

/** A change of one user's flags, as it is asked for and confirmed. */
interface Change {
  user: AdminUser;
  body: { is_admin?: boolean; is_disabled?: boolean };
  title: string;
  text: string;
  confirm: string;
}

function changesOf(u: AdminUser): Change[] {
  const who = u.primary_email || u.id;
  return [
    u.is_admin
      ? {
          user: u,
          body: { is_admin: false },
          title: `Revoke ${who}'s administrator rights?`,
          text: "They keep their organizations, and lose the operator console and every admin route at once.",
          confirm: "Revoke administrator",
        }
      : {
          user: u,
          body: { is_admin: true },
          title: `Make ${who} an administrator?`,
          text: "They can then see every organization and job, and change any user.",
          confirm: "Make administrator",
        },
    u.is_disabled
      ? { user: u, body: { is_disabled: false }, title: `Enable ${who}?`, text: "They can sign in and use their tokens and API keys again.", confirm: "Enable" }
      : {
          user: u,
          body: { is_disabled: true },
          title: `Disable ${who}?`,
          text: "Every request of theirs is refused at once (tokens, API keys, open streams), until they are enabled again.",
          confirm: "Disable",
        },
  ];
}

/** Users: find by e-mail or name; make or revoke administrators, disable or enable (each confirmed); `me`: the signed-in administrator, whose own row offers nothing. */
export function UsersPage({ q, me }: { q: string; me: string }) {
  const users = usePolling(`users?${q}`, (signal) => api.users(q, signal), false);
  const [confirming, setConfirming] = useState<Change>();
  const [result, setResult] = useState<{ kind: "ok" | "error"; text: string }>();

  const apply = async (change: Change) => {
    setResult(undefined);
    try {
      const after = await api.updateUser(change.user.id, change.body);
      // the row shows the answer at once, with the message (the list's reload follows)
      users.update((list) => list.map((u) => (u.id === after.id ? after : u)));
      setResult({ kind: "ok", text: `${after.primary_email}: ${after.is_admin ? "administrator" : "not an administrator"}, ${after.is_disabled ? "disabled" : "enabled"}.` });
    } catch (err) {
      setResult({ kind: "error", text: `${change.user.primary_email} was not changed: ${messageOf(err)}` });
    } finally {
      users.reload();
    }
  };

  const list = users.data;
  return (
    <>
      <PageTitle title="Users">Users</PageTitle>
      <SearchForm label="Find users" fieldLabel="E-mail or name" id="user-search" initial={q} onSearch={(text) => navigate(href(["users"], { q: text }))} />
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {confirming && (
        <Confirm
          title={confirming.title}
          confirm={confirming.confirm}
          dismiss="Leave it"
          onConfirm={() => {
            setConfirming(undefined);
            void apply(confirming);
          }}
          onDismiss={() => setConfirming(undefined)}
        >
          {confirming.text}
        </Confirm>
      )}
      {!list && (users.error !== undefined ? <Notice kind="error">{users.error}</Notice> : <p class="muted">Loading…</p>)}
      {list && list.length === 0 && (
        <p class="muted" role="status">
          No user has an e-mail or name containing “{q}”.
        </p>
      )}
      {list && list.length > 0 && (
        <DataTable
          label="Users"
          caption={q ? `Users matching “${q}”` : "Users, newest first"}
          columns={["E-mail", "Name", "Administrator", "State", "Since", { name: "Actions", hidden: true }]}
        >
          {list.map((u) => (
            <tr key={u.id} data-user={u.primary_email}>
              <th scope="row" data-label="E-mail">
                {u.primary_email}
              </th>
              <td data-label="Name">{u.display_name || <span class="muted">none</span>}</td>
              <td data-label="Administrator" data-field="admin">
                {u.is_admin ? "yes" : "no"}
              </td>
              <td data-label="State" data-field="state">
                <Status value={u.is_disabled ? "disabled" : "active"} />
              </td>
              <td data-label="Since">
                <Time iso={u.created_at} />
              </td>
              <td data-label="Actions" class="actions">
                {u.id === me ? (
                  <span class="muted">you</span>
                ) : (
                  changesOf(u).map((c) => (
                    <button key={c.confirm} type="button" onClick={() => setConfirming(c)}>
                      {c.confirm}
                    </button>
                  ))
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
