import { useState } from "preact/hooks";
import { api, messageOf, type ActionChange, type ClusterAction } from "../api.ts";
import { Confirm, DataTable, Notice, PageTitle, Time } from "../components.tsx";
import { usePolling } from "../hooks.ts";
import type { ActionResult } from "../jobs.tsx";

/**
 * The actions administrators define (GET/POST /admin/actions, PATCH/DELETE /admin/actions/{id}):
 * a label, a description and the make target a run builds on the cluster's bastion. The API
 * checks every field and this page shows its answer as it is (`missing fields: label`, `invalid
 * make_target`, a 409 for a label already used).
 */
export function ActionsPage() {
  const actions = usePolling("actions", api.actions, false);
  /** The action the form edits; undefined: the form creates one. */
  const [editing, setEditing] = useState<ClusterAction>();
  const [deleting, setDeleting] = useState<ClusterAction>();
  const [result, setResult] = useState<ActionResult>();

  const remove = async (a: ClusterAction) => {
    setResult(undefined);
    try {
      await api.deleteAction(a.id);
      setResult({ kind: "ok", text: `Deleted action ${a.label}.` });
      if (editing?.id === a.id) setEditing(undefined);
    } catch (err) {
      setResult({ kind: "error", text: `Action ${a.label} was not deleted: ${messageOf(err)}` });
    } finally {
      actions.reload();
    }
  };

  const list = actions.data;
  return (
    <>
      <PageTitle title="Actions">Actions</PageTitle>
      <p class="muted">What organizations can run against their clusters: each action runs `make &lt;target&gt;` on the cluster's bastion.</p>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {deleting && (
        <Confirm
          title={`Delete action ${deleting.label}?`}
          confirm="Delete the action"
          dismiss="Keep it"
          onConfirm={() => {
            const a = deleting;
            setDeleting(undefined);
            void remove(a);
          }}
          onDismiss={() => setDeleting(undefined)}
        >
          Organizations can no longer start it; runs already started keep what they were started with.
        </Confirm>
      )}
      {!list && actions.error !== undefined && <Notice kind="error">{actions.error}</Notice>}
      {list && list.length === 0 && <p class="muted">No actions yet: define the first one below.</p>}
      {list && list.length > 0 && (
        <DataTable label="Actions" caption="Actions, newest first" class="actions" columns={["Label", "Make target", "Description", "Updated", { name: "Change", hidden: true }]}>
          {list.map((a) => (
            <tr key={a.id}>
              <td data-label="Label">{a.label}</td>
              <td data-label="Make target" class="mono">
                {breakable(a.make_target)}
              </td>
              <td data-label="Description">{a.description || <span class="muted">–</span>}</td>
              <td data-label="Updated">
                <Time iso={a.updated_at} />
              </td>
              <td data-label="Change" class="buttons">
                <button type="button" onClick={() => setEditing(a)} aria-label={`Edit action ${a.label}`}>
                  Edit
                </button>
                <button type="button" onClick={() => setDeleting(a)} aria-label={`Delete action ${a.label}`}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ActionForm
        key={editing?.id ?? "new"}
        action={editing}
        onDone={(text) => {
          setResult({ kind: "ok", text });
          setEditing(undefined);
          actions.reload();
        }}
        onCancel={() => setEditing(undefined)}
      />
    </>
  );
}

/**
 * A make target that may wrap after each `_`, `.` and `-` (a long one, one word to the browser,
 * would otherwise widen a phone's page); selected and copied, it is the same text.
 */
function breakable(target: string) {
  return target.split(/(?<=[_.-])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

/** Creates an action, or changes the one given (only the fields that changed are sent). */
function ActionForm({ action, onDone, onCancel }: { action: ClusterAction | undefined; onDone: (text: string) => void; onCancel: () => void }) {
  const [label, setLabel] = useState(action?.label ?? "");
  const [target, setTarget] = useState(action?.make_target ?? "");
  const [description, setDescription] = useState(action?.description ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      if (action) {
        const body: ActionChange = {};
        if (label !== action.label) body.label = label;
        if (target !== action.make_target) body.make_target = target;
        if (description !== action.description) body.description = description;
        const saved = await api.updateAction(action.id, body);
        onDone(`Saved action ${saved.label}.`);
      } else {
        const saved = await api.createAction({ label, make_target: target, description });
        // the form is empty again for the next action (it stays the same form: its key does not change)
        setLabel("");
        setTarget("");
        setDescription("");
        onDone(`Created action ${saved.label} (make ${saved.make_target}).`);
      }
    } catch (err) {
      setError(`${action ? "Not saved" : "Not created"}: ${messageOf(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="action-form-title" class="panel">
      <h2 id="action-form-title">{action ? `Edit action ${action.label}` : "Define an action"}</h2>
      <form onSubmit={(e) => void submit(e)} class="enqueue">
        <div class="field">
          <label for="action-label">Label</label>
          <input id="action-label" value={label} onInput={(e) => setLabel(e.currentTarget.value)} autoComplete="off" />
        </div>
        <div class="field">
          <label for="action-target">Make target</label>
          <input
            id="action-target"
            class="mono"
            value={target}
            onInput={(e) => setTarget(e.currentTarget.value)}
            aria-describedby="action-target-hint"
            autoComplete="off"
            spellcheck={false}
          />
          <small id="action-target-hint" class="muted">
            letters, digits, _ . - (not first)
          </small>
        </div>
        <div class="field wide">
          <label for="action-description">Description</label>
          <textarea id="action-description" rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy}>
            {action ? "Save" : "Create"}
          </button>
          {action && (
            <button type="button" onClick={onCancel}>
              Cancel editing
            </button>
          )}
        </div>
      </form>
      {error !== undefined && <Notice kind="error">{error}</Notice>}
    </section>
  );
}
