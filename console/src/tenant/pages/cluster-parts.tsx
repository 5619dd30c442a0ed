import { useState } from "preact/hooks";
import { ok, type JsonRequest } from "../../../../clients/typescript/src/index.ts";
import { messageOf } from "../../api.ts";
import { Confirm, DataTable, Notice, Status, Time } from "../../components.tsx";
import { navigate, type Route } from "../../router.ts";
import { bodyOf, Fields, FormPanel, initialValues, type Field, type Values } from "../form.tsx";
import { everyItem, listPage, orgClient, pageQuery } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { Pager } from "../resource-page.tsx";
import { clusterHref, type Cluster, type ClusterMetadata } from "./cluster-common.tsx";

/** A cluster's kubeconfig (stored, replaced, removed; never shown), its metadata and its runs. */

interface Result {
  kind: "ok" | "error";
  text: string;
}

/**
 * The region "Kubeconfig". The API keeps a stored kubeconfig encrypted and returns it to no one,
 * nor says whether one is stored: the page says what was done from it, and never fills the field.
 */
export function KubeconfigSection({ cluster }: { cluster: Cluster }) {
  const { org, canWrite } = useOrg();
  const [text, setText] = useState("");
  const [result, setResult] = useState<Result>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const api = orgClient(org.id);
  const clusterPath = { params: { path: { clusterID: cluster.id } } };

  const store = async () => {
    setBusy(true);
    setResult(undefined);
    try {
      await ok(api.POST("/api/v1/clusters/{clusterID}/kubeconfig", { ...clusterPath, body: { kubeconfig: text } }));
      setText("");
      setResult({ kind: "ok", text: "Kubeconfig stored, encrypted. It is never shown again, here or by the API." });
    } catch (err) {
      setResult({ kind: "error", text: `The kubeconfig was not stored: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setResult(undefined);
    try {
      await ok(api.DELETE("/api/v1/clusters/{clusterID}/kubeconfig", clusterPath));
      setResult({ kind: "ok", text: "Kubeconfig removed: none is stored now." });
    } catch (err) {
      setResult({ kind: "error", text: `The kubeconfig was not removed: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="cluster-part" role="region" aria-labelledby="kubeconfig-title">
      <h2 id="kubeconfig-title">Kubeconfig</h2>
      <p class="muted">
        The API keeps a cluster's kubeconfig encrypted and hands it only to the cluster's runs: it never returns it, nor says whether one is stored. Storing one replaces any stored
        before.
      </p>
      {canWrite && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void store();
          }}
        >
          <div class="field wide">
            <label for="kubeconfig-text">Kubeconfig</label>
            <textarea
              id="kubeconfig-text"
              class="mono"
              rows={6}
              spellcheck={false}
              autoComplete="off"
              value={text}
              onInput={(e) => setText(e.currentTarget.value)}
              placeholder="apiVersion: v1&#10;kind: Config&#10;…"
            />
          </div>
          <div class="buttons">
            <button type="submit" class="primary" disabled={busy}>
              Store kubeconfig
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
              Remove kubeconfig
            </button>
          </div>
        </form>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {confirming && (
        <Confirm
          title={`Remove the kubeconfig of ${cluster.name}?`}
          confirm="Remove"
          dismiss="Keep it"
          onConfirm={() => {
            setConfirming(false);
            void remove();
          }}
          onDismiss={() => setConfirming(false)}
        >
          The stored kubeconfig is deleted for good; the cluster's runs go without one until another is stored.
        </Confirm>
      )}
    </section>
  );
}

const METADATA_FIELDS: readonly Field[] = [
  { name: "key", label: "Key", required: true, mono: true },
  { name: "value", label: "Value", required: true, mono: true },
];

/** The region "Metadata": the cluster's key/value entries, added, edited and deleted by owners and admins. */
export function MetadataSection({ cluster }: { cluster: Cluster }) {
  const { org, canWrite } = useOrg();
  const api = orgClient(org.id);
  const list = useLive(
    `cluster-metadata:${org.id}:${cluster.id}`,
    (signal) => everyItem((query) => api.GET("/api/v1/clusters/{clusterID}/metadata", { params: { path: { clusterID: cluster.id }, query }, signal })),
    ["cluster_metadata.*"],
  );
  const [values, setValues] = useState<Values>(() => initialValues(METADATA_FIELDS));
  const [editing, setEditing] = useState<ClusterMetadata>();
  const [deleting, setDeleting] = useState<ClusterMetadata>();
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const one = (metadataID: string) => ({ params: { path: { clusterID: cluster.id, metadataID } } });

  const add = async () => {
    setBusy(true);
    setResult(undefined);
    try {
      const made = await ok(
        api.POST("/api/v1/clusters/{clusterID}/metadata", {
          params: { path: { clusterID: cluster.id } },
          body: bodyOf(METADATA_FIELDS, values) as JsonRequest<"postClustersClusterIDMetadata">,
        }),
      );
      setValues(initialValues(METADATA_FIELDS));
      setResult({ kind: "ok", text: `Added ${made.key}=${made.value}.` });
      list.reload();
    } catch (err) {
      setResult({ kind: "error", text: `Not added: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (m: ClusterMetadata) => {
    setResult(undefined);
    try {
      await ok(api.DELETE("/api/v1/clusters/{clusterID}/metadata/{metadataID}", one(m.id)));
      list.update((items) => items.filter((i) => i.id !== m.id));
      setResult({ kind: "ok", text: `Deleted ${m.key}.` });
      list.reload();
    } catch (err) {
      setResult({ kind: "error", text: `${m.key} was not deleted: ${messageOf(err)}` });
    }
  };

  const items = list.data ?? [];
  return (
    <section class="cluster-part" role="region" aria-labelledby="metadata-title">
      <h2 id="metadata-title">Metadata</h2>
      {!list.data && (list.error !== undefined ? <Notice kind="error">{list.error}</Notice> : <p class="muted">Loading…</p>)}
      {list.data && items.length === 0 && <p class="muted">No metadata.</p>}
      {items.length > 0 && (
        <DataTable label="The cluster's metadata" columns={["Key", "Value", "Updated", ...(canWrite ? [{ name: "Actions", hidden: true }] : [])]}>
          {items.map((m) => (
            <tr key={m.id}>
              <th scope="row" data-label="Key" class="mono">
                {m.key}
              </th>
              <td data-label="Value" class="mono">
                {m.value}
              </td>
              <td data-label="Updated">
                <Time iso={m.updated_at} />
              </td>
              {canWrite && (
                <td data-label="Actions" class="actions">
                  <button type="button" onClick={() => setEditing(m)} aria-label={`Edit metadata ${m.key}`}>
                    Edit
                  </button>
                  <button type="button" onClick={() => setDeleting(m)} aria-label={`Delete metadata ${m.key}`}>
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {canWrite && editing && (
        <FormPanel
          key={editing.id}
          id="metadata-edit"
          title={`Edit metadata ${editing.key}`}
          fields={METADATA_FIELDS}
          initial={editing}
          submit="Save"
          onCancel={() => setEditing(undefined)}
          onSubmit={async (v, start) => {
            const after = await ok(api.PATCH("/api/v1/clusters/{clusterID}/metadata/{metadataID}", { ...one(editing.id), body: bodyOf(METADATA_FIELDS, v, start) }));
            setEditing(undefined);
            setResult({ kind: "ok", text: `Saved ${after.key}=${after.value}.` });
            list.reload();
          }}
        />
      )}
      {canWrite && (
        <form
          class="filters"
          aria-label="Add metadata"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <Fields id="metadata-add" fields={METADATA_FIELDS} values={values} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
          <div class="buttons">
            <button type="submit" disabled={busy}>
              Add metadata
            </button>
          </div>
        </form>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {deleting && (
        <Confirm
          title={`Delete metadata ${deleting.key}?`}
          confirm="Delete"
          dismiss="Keep it"
          onConfirm={() => {
            const m = deleting;
            setDeleting(undefined);
            void remove(m);
          }}
          onDismiss={() => setDeleting(undefined)}
        >
          The entry {deleting.key}={deleting.value} is deleted for good.
        </Confirm>
      )}
    </section>
  );
}

/** The actions the organization can run (`GET /actions`: the ones administrators defined), kept current. */
function useRunnableActions() {
  const { org } = useOrg();
  const actions = useLive(`cluster-actions:${org.id}`, (signal) => everyItem((query) => orgClient(org.id).GET("/api/v1/actions", { params: { query }, signal })), []);
  return { error: actions.error, choices: (actions.data ?? []).map((a) => ({ value: a.id, label: `${a.label} (make ${a.make_target})` })) };
}

/** The region "Runs": start an action against the cluster (owners and admins), and its runs, newest first, each with its log. */
export function RunsSection({ cluster, route }: { cluster: Cluster; route: Route }) {
  const { org, canWrite } = useOrg();
  const api = orgClient(org.id);
  // the runs are what the cluster's page pages: its cursor is theirs
  const cursor = route.params.get("cursor") ?? undefined;
  const runs = useLive(
    `cluster-runs:${org.id}:${cluster.id}:${cursor ?? ""}`,
    (signal) => listPage(api.GET("/api/v1/clusters/{clusterID}/runs", { params: { path: { clusterID: cluster.id }, query: pageQuery(cursor) }, signal })),
    ["run.*"],
  );
  const { choices: actions, error: actionsError } = useRunnableActions();
  const [picked, setPicked] = useState<string>();
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const choice = picked !== undefined && actions.some((a) => a.value === picked) ? picked : (actions[0]?.value ?? "");

  const start = async () => {
    const id = choice;
    setBusy(true);
    setResult(undefined);
    try {
      const run = await ok(api.POST("/api/v1/clusters/{clusterID}/actions/{actionID}/runs", { params: { path: { clusterID: cluster.id, actionID: id } }, body: {} }));
      navigate(clusterHref(org.id, cluster.id, "runs", run.id));
    } catch (err) {
      setResult({ kind: "error", text: `The run was not started: ${messageOf(err)}` });
      setBusy(false);
    }
  };

  const page = runs.data;
  return (
    <section class="cluster-part" role="region" aria-labelledby="runs-title">
      <h2 id="runs-title">Runs</h2>
      {canWrite && (
        <form
          class="filters"
          aria-label="Start a run"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <div class="field">
            <label for="run-action">Action</label>
            <select id="run-action" value={choice} onChange={(e) => setPicked(e.currentTarget.value)}>
              {actions.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <div class="buttons">
            <button type="submit" class="primary" disabled={busy || choice === ""}>
              Start run
            </button>
          </div>
        </form>
      )}
      {canWrite && actions.length === 0 && (
        <p class="muted">
          {actionsError !== undefined ? `The actions could not be listed: ${actionsError}` : "No action is defined yet: the platform's administrators define them."}
        </p>
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {!page && (runs.error !== undefined ? <Notice kind="error">{runs.error}</Notice> : <p class="muted">Loading…</p>)}
      {page && page.items.length === 0 && <p class="muted">{cursor ? "No more runs." : "No run yet."}</p>}
      {page && page.items.length > 0 && (
        <DataTable label="The cluster's runs" columns={["Created", "Action", "Status", "Started", "Finished", { name: "Log", hidden: true }]}>
          {page.items.map((r) => (
            <tr key={r.id} data-id={r.id}>
              <th scope="row" data-label="Created">
                <Time iso={r.created_at} />
              </th>
              <td data-label="Action">
                {r.action} <span class="muted mono">make {r.make_target}</span>
              </td>
              <td data-label="Status">
                <Status value={r.status} />
                {r.error && <span class="muted"> {r.error}</span>}
              </td>
              <td data-label="Started">
                <Time iso={r.started_at} />
              </td>
              <td data-label="Finished">
                <Time iso={r.finished_at} />
              </td>
              <td data-label="Log" class="actions">
                <a href={clusterHref(org.id, cluster.id, "runs", r.id)}>Log</a>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager base={["orgs", org.id, "clusters", cluster.id]} params={{}} cursor={cursor} next={page.next} />}
    </section>
  );
}
