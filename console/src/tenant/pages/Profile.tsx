import { useState } from "preact/hooks";
import { ok, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { messageOf, signedInClient, type Me } from "../../api.ts";
import { Confirm, DataTable, Notice, PageTitle, Time } from "../../components.tsx";
import { usePolling } from "../../hooks.ts";
import { bodyOf, FormPanel, type Field } from "../form.tsx";
import { ShownOnce } from "./OrgKeys.tsx";

/**
 * `#/profile`: the signed-in user (display name, which they change; e-mail addresses;
 * administrator or not; their id, for an owner to add them) and their API keys: listed (never
 * the key), created (the key shown once, in memory only) and revoked.
 */

type ApiKey = JsonResponse<"getMeApiKeys">[number];
interface Result {
  kind: "ok" | "error";
  text: string;
}

const NAME_FIELDS: readonly Field[] = [{ name: "display_name", label: "Display name" }];
const KEY_FIELDS: readonly Field[] = [
  { name: "name", label: "Name", hint: "Without one, the key is named after its prefix." },
  { name: "expires_in_hours", label: "Expires in (hours)", kind: "number", hint: "Empty: it does not expire." },
];

function ApiKeys() {
  const api = signedInClient().api;
  // no event stream for a user's own keys: asked again after each change
  const list = usePolling("me:api-keys", (signal) => ok(api.GET("/api/v1/me/api-keys", { signal })), false);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; plain: string }>();
  const [revoking, setRevoking] = useState<ApiKey>();
  const [result, setResult] = useState<Result>();

  const revoke = async (key: ApiKey) => {
    setResult(undefined);
    try {
      await ok(api.DELETE("/api/v1/me/api-keys/{id}", { params: { path: { id: key.id } } }));
      list.update((keys) => keys.filter((k) => k.id !== key.id));
      setResult({ kind: "ok", text: `Revoked key ${key.name}: it is refused from now on.` });
      list.reload();
    } catch (err) {
      setResult({ kind: "error", text: `${key.name} was not revoked: ${messageOf(err)}` });
    }
  };

  const keys = list.data;
  return (
    <section role="region" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p class="muted">
        A key acts as you (send it as <code>X-API-KEY</code>) on your profile's routes and, with <code>X-Org-ID</code>, on your organizations'.
      </p>
      {made && (
        <ShownOnce id="api-key-made" title={`Key ${made.name} created`} values={[{ label: "API key", value: made.plain, as: "X-API-KEY" }]} onDone={() => setMade(undefined)} />
      )}
      {!creating && (
        <div class="buttons spaced">
          <button
            type="button"
            class="primary"
            onClick={() => {
              setMade(undefined);
              setCreating(true);
            }}
          >
            New API key
          </button>
        </div>
      )}
      {creating && (
        <FormPanel
          id="api-key-create"
          title="New API key"
          fields={KEY_FIELDS}
          submit="Create key"
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const body = bodyOf(KEY_FIELDS, values) as { name?: string; expires_in_hours?: number };
            const answer = await ok(api.POST("/api/v1/me/api-keys", { body }));
            setCreating(false);
            setResult(undefined);
            if (answer.plain) setMade({ name: answer.name, plain: answer.plain });
            else setResult({ kind: "error", text: `Key ${answer.name} was created, but the API did not show it: revoke it and create another.` });
            list.reload();
          }}
        />
      )}
      {revoking && (
        <Confirm
          title={`Revoke key ${revoking.name}?`}
          confirm="Revoke"
          dismiss="Keep it"
          onConfirm={() => {
            const key = revoking;
            setRevoking(undefined);
            void revoke(key);
          }}
          onDismiss={() => setRevoking(undefined)}
        >
          Programs using it are refused at once (401). It cannot be undone.
        </Confirm>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {!keys && (list.error !== undefined ? <Notice kind="error">{list.error}</Notice> : <p class="muted">Loading…</p>)}
      {keys && keys.length === 0 && (
        <p class="muted" role="status">
          No API key yet.
        </p>
      )}
      {keys && keys.length > 0 && (
        <DataTable label="Your API keys" columns={["Name", "Created", "Expires", "Last used", { name: "Actions", hidden: true }]}>
          {keys.map((k) => (
            <tr key={k.id} data-id={k.id}>
              <th scope="row" data-label="Name">
                {k.name}
              </th>
              <td data-label="Created">
                <Time iso={k.created_at} />
              </td>
              <td data-label="Expires">{k.expires_at ? <Time iso={k.expires_at} /> : <span class="muted">never</span>}</td>
              <td data-label="Last used">{k.last_used_at ? <Time iso={k.last_used_at} /> : <span class="muted">never</span>}</td>
              <td data-label="Actions" class="actions">
                <button type="button" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function ProfilePage({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<string>();
  return (
    <>
      <PageTitle title="Profile">Your profile</PageTitle>
      <dl class="facts">
        <dt>Display name</dt>
        <dd data-field="display_name">{me.display_name || <span class="muted">none</span>}</dd>
        <dt>User id</dt>
        <dd class="mono">{me.id}</dd>
        <dt>Administrator</dt>
        <dd>{me.is_admin ? "yes: the operator pages are yours too" : "no"}</dd>
        <dt>Signed up</dt>
        <dd>
          <Time iso={me.created_at} />
        </dd>
      </dl>
      {!editing && (
        <div class="buttons spaced">
          <button
            type="button"
            onClick={() => {
              setResult(undefined);
              setEditing(true);
            }}
          >
            Change display name
          </button>
        </div>
      )}
      {editing && (
        <FormPanel
          id="profile-name"
          title="Display name"
          fields={NAME_FIELDS}
          initial={me}
          submit="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const after = await ok(signedInClient().api.PATCH("/api/v1/me", { body: { display_name: (values.display_name ?? "").trim() } }));
            setEditing(false);
            setResult(`Your display name is now ${after.display_name || "empty"}.`);
            onChanged();
          }}
        />
      )}
      {result && <Notice kind="ok">{result}</Notice>}
      <h2>E-mail addresses</h2>
      {me.emails.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ul class="emails">
          {me.emails.map((e) => (
            <li key={e.id}>
              {e.email} {e.is_primary && <span class="badge">primary</span>}{" "}
              {e.is_verified ? <span class="badge badge-active">verified</span> : <span class="badge">not verified</span>}
            </li>
          ))}
        </ul>
      )}
      <ApiKeys />
    </>
  );
}
