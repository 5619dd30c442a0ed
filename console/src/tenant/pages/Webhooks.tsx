import { useState } from "preact/hooks";
import { ok, type JsonRequest, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { messageOf } from "../../api.ts";
import { Confirm, DataTable, Notice, PageTitle, Status, Time } from "../../components.tsx";
import { usePolling } from "../../hooks.ts";
import { href, navigate, type Route } from "../../router.ts";
import { bodyOf, FormPanel, type Field } from "../form.tsx";
import { listPage, orgClient, pageQuery } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { Pager } from "../resource-page.tsx";
import { ShownOnce, useUntilRefused } from "./OrgKeys.tsx";

/**
 * `#/orgs/<org>/webhooks`: the organization's webhooks (owners and admins: the API refuses a
 * member, and the page says so in its words); created (the signing secret shown once), edited,
 * deleted, their secret rotated (the new one shown once), a test sent.
 * `#/orgs/<org>/webhooks/<id>`: one webhook and its deliveries (paged, asked again every 3 s:
 * deliveries are not events of the stream).
 */

type Webhook = JsonResponse<"getWebhooksId">;
type Delivery = JsonResponse<"getWebhooksIdDeliveries">[number];
interface Result {
  kind: "ok" | "error";
  text: string;
}
/** A secret the API just answered, shown once. */
interface Secret {
  title: string;
  value: string;
  note?: string;
}

const HOOK_FIELDS: readonly Field[] = [
  { name: "url", label: "URL", required: true, mono: true, placeholder: "https://example.com/hooks/infra" },
  {
    name: "events",
    label: "Event types, one per line",
    kind: "lines",
    required: true,
    mono: true,
    hint: "Patterns such as record_set.*, job.failed, or * for every event.",
    placeholder: "record_set.*",
  },
  { name: "description", label: "Description" },
];
const EDIT_FIELDS: readonly Field[] = [
  ...HOOK_FIELDS,
  {
    name: "active",
    label: "Active",
    kind: "select",
    choices: [
      { value: "true", label: "active: gets deliveries" },
      { value: "false", label: "paused: gets none" },
    ],
  },
];

/** The body of an edit: only what changed, `active` as the boolean the API takes. */
function editBody(values: Record<string, string>, start: Record<string, string>): JsonRequest<"patchWebhooksId"> {
  const body = bodyOf(EDIT_FIELDS, values, start);
  if ("active" in body) body.active = body.active === "true";
  return body;
}

const refusedNote = <p class="muted">Webhooks are for the organization's owners and admins: the API answers their list to them only.</p>;

/** A webhook's row and page actions: edit, send a test, rotate the secret, delete (each confirmed where it cannot be undone). */
function useHookActions(org: string, onChanged: () => void, onDeleted?: () => void) {
  const api = orgClient(org);
  const [editing, setEditing] = useState<Webhook>();
  const [confirming, setConfirming] = useState<{ what: "delete" | "rotate"; hook: Webhook }>();
  const [secret, setSecret] = useState<Secret>();
  const [result, setResult] = useState<Result>();

  const test = async (hook: Webhook) => {
    setResult(undefined);
    try {
      const d = await ok(api.POST("/api/v1/webhooks/{id}/test", { params: { path: { id: hook.id } }, body: {} }));
      const last = d.attempts[d.attempts.length - 1];
      setResult({
        kind: d.status === "failed" ? "error" : "ok",
        text: `Sent a test (${d.event_type}) to ${hook.url}: delivery ${d.status}${last ? `, the receiver answered ${last.status_code ?? "nothing"}${last.error ? ` (${last.error})` : ""}` : ", through the queue"}.`,
      });
      onChanged();
    } catch (err) {
      setResult({ kind: "error", text: `The test was not sent: ${messageOf(err)}` });
    }
  };

  const rotate = async (hook: Webhook) => {
    setResult(undefined);
    try {
      const r = await ok(api.POST("/api/v1/webhooks/{id}/rotate-secret", { params: { path: { id: hook.id } }, body: {} }));
      setSecret({
        title: `New signing secret of ${hook.url}`,
        value: r.secret,
        note: `The previous secret keeps signing next to it until ${new Date(r.previous_valid_until).toISOString()}.`,
      });
    } catch (err) {
      setResult({ kind: "error", text: `The secret was not rotated: ${messageOf(err)}` });
    }
  };

  const remove = async (hook: Webhook) => {
    setResult(undefined);
    try {
      await ok(api.DELETE("/api/v1/webhooks/{id}", { params: { path: { id: hook.id } } }));
      setResult({ kind: "ok", text: `Deleted the webhook of ${hook.url}, with its deliveries.` });
      if (onDeleted) onDeleted();
      else onChanged();
    } catch (err) {
      setResult({ kind: "error", text: `The webhook was not deleted: ${messageOf(err)}` });
    }
  };

  const buttons = (hook: Webhook) => (
    <>
      <button type="button" onClick={() => void test(hook)} aria-label={`Send a test to ${hook.url}`}>
        Send test
      </button>
      <button type="button" onClick={() => setEditing(hook)} aria-label={`Edit the webhook of ${hook.url}`}>
        Edit
      </button>
      <button type="button" onClick={() => setConfirming({ what: "rotate", hook })} aria-label={`Rotate the secret of ${hook.url}`}>
        Rotate secret
      </button>
      <button type="button" onClick={() => setConfirming({ what: "delete", hook })} aria-label={`Delete the webhook of ${hook.url}`}>
        Delete
      </button>
    </>
  );

  const panels = (
    <>
      {secret && (
        <ShownOnce id="webhook-secret" title={secret.title} values={[{ label: "Signing secret", value: secret.value }]} onDone={() => setSecret(undefined)}>
          <p>Deliveries are signed with it (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature).</p>
          {secret.note && <p class="muted">{secret.note}</p>}
        </ShownOnce>
      )}
      {editing && (
        <FormPanel
          key={editing.id}
          id="webhook-edit"
          title={`Edit the webhook of ${editing.url}`}
          fields={EDIT_FIELDS}
          initial={{ ...editing, active: String(editing.active) }}
          submit="Save"
          onCancel={() => setEditing(undefined)}
          onSubmit={async (values, start) => {
            await ok(api.PATCH("/api/v1/webhooks/{id}", { params: { path: { id: editing.id } }, body: editBody(values, start) }));
            setEditing(undefined);
            setResult({ kind: "ok", text: "Saved the webhook." });
            onChanged();
          }}
        />
      )}
      {confirming && (
        <Confirm
          title={confirming.what === "delete" ? `Delete the webhook of ${confirming.hook.url}?` : `Rotate the signing secret of ${confirming.hook.url}?`}
          confirm={confirming.what === "delete" ? "Delete" : "Rotate"}
          dismiss={confirming.what === "delete" ? "Keep it" : "Keep the secret"}
          onConfirm={() => {
            const { what, hook } = confirming;
            setConfirming(undefined);
            void (what === "delete" ? remove(hook) : rotate(hook));
          }}
          onDismiss={() => setConfirming(undefined)}
        >
          {confirming.what === "delete"
            ? "It gets no more deliveries, and its delivery history is deleted with it."
            : "A new secret signs the deliveries from now on, shown once; the current one keeps signing next to it for a grace period, time to update the receiver."}
        </Confirm>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
    </>
  );

  return { buttons, panels, setSecret, setResult };
}

export function WebhooksPage({ route }: { route: Route }) {
  // another organization's (or webhook's) page is a new page: a secret just shown never carries over
  // and the user's new role asks again what the API refused
  const { org, role } = useOrg();
  const id = route.parts[3];
  return id ? <WebhookDeliveries key={`${org.id}:${role}:${id}`} id={id} route={route} /> : <WebhookList key={`${org.id}:${role}`} route={route} />;
}

function WebhookList({ route }: { route: Route }) {
  const { org, canWrite } = useOrg();
  const cursor = route.params.get("cursor") ?? undefined;
  const base = ["orgs", org.id, "webhooks"];
  const untilRefused = useUntilRefused();
  const list = useLive(
    `webhooks:${org.id}:${cursor ?? ""}`,
    (signal) => untilRefused(() => listPage(orgClient(org.id).GET("/api/v1/webhooks", { params: { query: pageQuery(cursor) }, signal }))),
    ["webhook.*"],
  );
  const [creating, setCreating] = useState(false);
  const actions = useHookActions(org.id, () => list.reload());
  const page = list.data;
  return (
    <>
      <PageTitle title="Webhooks">Webhooks</PageTitle>
      <p class="muted">Each event of the organization matching a webhook's patterns is sent to its URL, signed, and retried until the receiver answers 2xx.</p>
      {canWrite && !creating && (
        <div class="buttons spaced">
          <button
            type="button"
            class="primary"
            onClick={() => {
              actions.setSecret(undefined);
              setCreating(true);
            }}
          >
            New webhook
          </button>
        </div>
      )}
      {creating && (
        <FormPanel
          id="webhook-create"
          title="New webhook"
          fields={HOOK_FIELDS}
          submit="Create webhook"
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const made = await ok(orgClient(org.id).POST("/api/v1/webhooks", { body: bodyOf(HOOK_FIELDS, values) as JsonRequest<"postWebhooks"> }));
            setCreating(false);
            actions.setResult(undefined);
            actions.setSecret({ title: `Webhook of ${made.url} created`, value: made.secret });
            list.reload();
          }}
        />
      )}
      {actions.panels}
      {!page &&
        (list.error !== undefined ? (
          <>
            <Notice kind="error">The API refused the webhooks: {list.error}</Notice>
            {!canWrite && refusedNote}
          </>
        ) : (
          <p class="muted">Loading…</p>
        ))}
      {page && page.items.length === 0 && (
        <p class="muted" role="status">
          {cursor ? "No more." : "No webhook yet."}
        </p>
      )}
      {page && page.items.length > 0 && (
        <DataTable label="Webhooks" columns={["URL", "Events", "Description", "Status", "Created", { name: "Actions", hidden: true }]}>
          {page.items.map((h) => (
            <tr key={h.id} data-id={h.id}>
              <th scope="row" data-label="URL">
                <a href={href([...base, h.id])} class="mono id">
                  {h.url}
                </a>
              </th>
              <td data-label="Events">
                <span class="mono">{h.events.join(", ")}</span>
              </td>
              <td data-label="Description">{h.description || <span class="muted">–</span>}</td>
              <td data-label="Status">
                <Status value={h.active ? "active" : "paused"} />
              </td>
              <td data-label="Created">
                <Time iso={h.created_at} />
              </td>
              <td data-label="Actions" class="actions">
                <div class="act">
                  <a href={href([...base, h.id])} aria-label={`Deliveries of ${h.url}`}>
                    Deliveries
                  </a>
                  {canWrite && actions.buttons(h)}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager base={base} params={{}} cursor={cursor} next={page.next} />}
    </>
  );
}

function WebhookDeliveries({ id, route }: { id: string; route: Route }) {
  const { org, canWrite } = useOrg();
  const cursor = route.params.get("cursor") ?? undefined;
  const base = ["orgs", org.id, "webhooks", id];
  const api = orgClient(org.id);
  const untilRefused = useUntilRefused();
  const hook = useLive(`webhook:${org.id}:${id}`, (signal) => untilRefused(() => ok(api.GET("/api/v1/webhooks/{id}", { params: { path: { id } }, signal }))), ["webhook.*"]);
  const deliveries = usePolling(
    `deliveries:${org.id}:${id}:${cursor ?? ""}`,
    (signal) => untilRefused(() => listPage(api.GET("/api/v1/webhooks/{id}/deliveries", { params: { path: { id }, query: pageQuery(cursor) }, signal }))),
    true,
  );
  const actions = useHookActions(
    org.id,
    () => {
      hook.reload();
      deliveries.reload();
    },
    () => navigate(href(["orgs", org.id, "webhooks"])),
  );
  const h = hook.data;
  const page = deliveries.data;
  return (
    <>
      <PageTitle title="Webhook">Webhook{h ? ` ${h.url}` : ""}</PageTitle>
      <p>
        <a href={href(["orgs", org.id, "webhooks"])}>All webhooks</a>
      </p>
      {!h && (hook.error !== undefined ? <Notice kind="error">{hook.error}</Notice> : <p class="muted">Loading…</p>)}
      {h && (
        <>
          <dl class="facts">
            <dt>URL</dt>
            <dd class="mono id">{h.url}</dd>
            <dt>Events</dt>
            <dd class="mono">{h.events.join(", ")}</dd>
            <dt>Description</dt>
            <dd>{h.description || "–"}</dd>
            <dt>Status</dt>
            <dd>
              <Status value={h.active ? "active" : "paused"} />
            </dd>
            <dt>Created</dt>
            <dd>
              <Time iso={h.created_at} />
            </dd>
          </dl>
          {canWrite && <div class="buttons spaced">{actions.buttons(h)}</div>}
        </>
      )}
      {actions.panels}
      <h2>Deliveries</h2>
      {!page && (deliveries.error !== undefined ? <Notice kind="error">{deliveries.error}</Notice> : <p class="muted">Loading…</p>)}
      {page && page.items.length === 0 && (
        <p class="muted" role="status">
          {cursor ? "No more." : "No delivery yet."}
        </p>
      )}
      {page && page.items.length > 0 && (
        <DataTable label="Deliveries" columns={["Event", "Status", { name: "Attempts", numeric: true }, "Response", "Time", "Last error"]}>
          {page.items.map((d: Delivery) => {
            const last = d.attempts[d.attempts.length - 1];
            return (
              <tr key={d.id} data-id={d.id}>
                <th scope="row" data-label="Event" class="mono">
                  {d.event_type}
                </th>
                <td data-label="Status">
                  <Status value={d.status} />
                </td>
                <td data-label="Attempts" class="num">
                  {d.attempts.length}
                </td>
                <td data-label="Response">{last ? (last.status_code ?? "no answer") : <span class="muted">–</span>}</td>
                <td data-label="Time">
                  <Time iso={last?.at ?? d.created_at} />
                </td>
                <td data-label="Last error">{last?.error ? <span class="error-text">{last.error}</span> : <span class="muted">–</span>}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {page && <Pager base={base} params={{}} cursor={cursor} next={page.next} />}
    </>
  );
}
