import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ok, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { ApiError, messageOf, signedInClient } from "../../api.ts";
import { Confirm, DataTable, Notice, PageTitle, Status, Time } from "../../components.tsx";
import type { Route } from "../../router.ts";
import { bodyOf, FormPanel, type Field } from "../form.tsx";
import { useLive, useOrg } from "../org-context.tsx";

/**
 * `#/orgs/<org>/keys`: the organization's keys (never their secrets), kept current by its
 * `org_key.*` events; owners and admins create one (its key and secret shown once, here, in
 * memory only: leaving the page forgets them) and revoke one (the API lists revoked keys no more).
 */

type OrgKey = JsonResponse<"getOrgsIdApiKeys">[number];

/** A value to show once: what it is, and the value. */
export interface OnceValue {
  label: string;
  value: string;
  /** How a program sends it (`X-ORG-SECRET`). */
  as?: string;
}

/**
 * What the API shows only in its answer (a key's secret, a webhook's signing secret): in a
 * labelled region that says so, each value with a copy button (Clipboard API), until "Done" or
 * until the page is left (it lives in the page's memory only: never in storage, the address or a
 * log).
 */
export function ShownOnce({
  id,
  title,
  values,
  onDone,
  children,
}: {
  id: string;
  title: string;
  values: readonly OnceValue[];
  onDone: () => void;
  children?: preact.ComponentChildren;
}) {
  const [copied, setCopied] = useState<{ label: string; ok: boolean }>();
  // the form that made it is gone: the focus goes to what replaced it, read out first
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = (v: OnceValue) =>
    navigator.clipboard.writeText(v.value).then(
      () => setCopied({ label: v.label, ok: true }),
      () => setCopied({ label: v.label, ok: false }),
    );
  return (
    <section class="panel once" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>
        <strong>Copy it now: it will not be shown again.</strong> The API keeps only what checks it; leaving this page forgets it.
      </p>
      {children}
      <dl class="once-values">
        {values.map((v) => (
          <div key={v.label}>
            <dt>
              {v.label}
              {v.as && <span class="muted"> (send as {v.as})</span>}
            </dt>
            <dd>
              <code class="secret mono id">{v.value}</code>
              <button type="button" onClick={() => void copy(v)} aria-label={`Copy ${v.label}`}>
                Copy
              </button>
            </dd>
          </div>
        ))}
      </dl>
      {copied && (
        <Notice kind={copied.ok ? "ok" : "error"}>
          {copied.ok ? `Copied the ${copied.label.toLowerCase()}.` : `The browser did not copy the ${copied.label.toLowerCase()}: select it and copy it.`}
        </Notice>
      )}
      <div class="buttons">
        <button type="button" class="primary" onClick={onDone}>
          Done, I copied it
        </button>
      </div>
    </section>
  );
}

/**
 * A page's load that stops asking once the API refused it (403: the user's role does not let them
 * read it): the refusal stays shown, not asked for again every few seconds. Pages using it are
 * keyed by the user's role, so one given another role asks again.
 */
export function useUntilRefused(): <T>(load: () => Promise<T>) => Promise<T> {
  const refused = useRef<ApiError>(undefined);
  return useCallback(<T,>(load: () => Promise<T>): Promise<T> => {
    if (refused.current) return Promise.reject(refused.current);
    return load().catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 403) refused.current = err;
      throw err;
    });
  }, []);
}

/** "You are a member…": said instead of the buttons a plain member is not offered. */
export function ReadOnlyNote({ what }: { what: string }) {
  return <p class="muted">You are a member of this organization: you can read {what}, its owners and admins change them.</p>;
}

const CREATE_FIELDS: readonly Field[] = [
  { name: "name", label: "Name", hint: "Without one, the key is named after its prefix." },
  { name: "expires_in_hours", label: "Expires in (hours)", kind: "number", hint: "Empty: it does not expire." },
];

interface Result {
  kind: "ok" | "error";
  text: string;
}

/** The page of the organization shown: another organization's is a new page (a key just shown never carries over). */
export function OrgKeysPage(_: { route: Route }) {
  return <OrgKeys key={useOrg().org.id} />;
}

function OrgKeys() {
  const { org, canWrite } = useOrg();
  const api = signedInClient().api;
  const path = { id: org.id };
  const list = useLive(`org-keys:${org.id}`, (signal) => ok(api.GET("/api/v1/orgs/{id}/api-keys", { params: { path }, signal })), ["org_key.*"]);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<JsonResponse<"postOrgsIdApiKeys", 201>>();
  const [revoking, setRevoking] = useState<OrgKey>();
  const [result, setResult] = useState<Result>();

  const revoke = async (key: OrgKey) => {
    setResult(undefined);
    try {
      await ok(api.DELETE("/api/v1/orgs/{id}/api-keys/{key_id}", { params: { path: { id: org.id, key_id: key.id } } }));
      // revoked keys are not listed any more
      list.update((keys) => keys.filter((k) => k.id !== key.id));
      setResult({ kind: "ok", text: `Revoked key ${key.name}: it is refused from now on.` });
      list.reload();
    } catch (err) {
      setResult({ kind: "error", text: `${key.name} was not revoked: ${messageOf(err)}` });
    }
  };

  const keys = list.data;
  return (
    <>
      <PageTitle title="Org keys">Organization keys</PageTitle>
      <p class="muted">
        A key and its secret act as the organization on its routes (<code>X-ORG-KEY</code> and <code>X-ORG-SECRET</code>), for programs rather than people.
      </p>
      {made && (
        <ShownOnce
          id="org-key-made"
          title={`Key ${made.name} created`}
          values={[
            { label: "Key", value: made.org_key, as: "X-ORG-KEY" },
            { label: "Secret", value: made.org_secret, as: "X-ORG-SECRET" },
          ]}
          onDone={() => setMade(undefined)}
        >
          {made.expires_at && (
            <p>
              It expires <Time iso={made.expires_at} />.
            </p>
          )}
        </ShownOnce>
      )}
      {canWrite && !creating && (
        <div class="buttons spaced">
          <button
            type="button"
            class="primary"
            onClick={() => {
              setMade(undefined);
              setCreating(true);
            }}
          >
            New key
          </button>
        </div>
      )}
      {!canWrite && <ReadOnlyNote what="its keys" />}
      {creating && (
        <FormPanel
          id="org-key-create"
          title="New organization key"
          fields={CREATE_FIELDS}
          submit="Create key"
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const body = bodyOf(CREATE_FIELDS, values) as { name?: string; expires_in_hours?: number };
            const answer = await ok(api.POST("/api/v1/orgs/{id}/api-keys", { params: { path }, body }));
            setCreating(false);
            setResult(undefined);
            setMade(answer);
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
          No key yet.
        </p>
      )}
      {keys && keys.length > 0 && (
        <DataTable label="Organization keys" columns={["Name", "Prefix", "Created", "Expires", "Last used", "Status", { name: "Actions", hidden: true }]}>
          {keys.map((k) => (
            <tr key={k.id} data-id={k.id}>
              <th scope="row" data-label="Name">
                {k.name}
              </th>
              <td data-label="Prefix">
                <span class="mono">{k.prefix}</span>
              </td>
              <td data-label="Created">
                <Time iso={k.created_at} />
              </td>
              <td data-label="Expires">{k.expires_at ? <Time iso={k.expires_at} /> : <span class="muted">never</span>}</td>
              <td data-label="Last used">{k.last_used_at ? <Time iso={k.last_used_at} /> : <span class="muted">never</span>}</td>
              <td data-label="Status">
                <Status value={k.revoked ? "revoked" : k.expires_at && Date.parse(k.expires_at) <= Date.now() ? "expired" : "active"} />
              </td>
              <td data-label="Actions" class="actions">
                {canWrite && !k.revoked && (
                  <button type="button" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
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
