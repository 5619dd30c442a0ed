import { useState } from "preact/hooks";
import { ApiError, messageOf } from "../../api.ts";
import { Confirm, Notice, PageTitle, Status, Time } from "../../components.tsx";
import { href, navigate, type Route } from "../../router.ts";
import { bodyOf, FormPanel } from "../form.tsx";
import { useLive, useOrg } from "../org-context.tsx";
import { DETAIL_EVENTS, deleteCluster, EDIT_FIELDS, getCluster, updateCluster, type Cluster } from "./cluster-common.tsx";
import { KubeconfigSection, MetadataSection, RunsSection } from "./cluster-parts.tsx";
import { NodePoolsSection, SlotsSection } from "./cluster-slots.tsx";

interface Result {
  kind: "ok" | "error";
  text: string;
}

/**
 * `#/orgs/<org>/clusters/<cluster>`: one cluster, kept current by the organization's events: its
 * facts, slots, node pools, kubeconfig, metadata and runs; owners and admins change them, edit and
 * delete it. A cluster of another organization (or none) is the API's 404, in its words.
 */
export function ClusterDetail({ clusterID, route }: { clusterID: string; route: Route }) {
  const { org, canWrite } = useOrg();
  const live = useLive(`cluster:${org.id}:${clusterID}`, (signal) => getCluster(org.id, clusterID, signal), DETAIL_EVENTS);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [result, setResult] = useState<Result>();
  const list = href(["orgs", org.id, "clusters"]);
  const gone = live.failure instanceof ApiError && (live.failure.status === 404 || live.failure.status === 400);
  const c = gone ? undefined : live.data;
  const show = (after: Cluster) => live.update(() => after);

  if (!c)
    return (
      <>
        <PageTitle title="Cluster">Cluster</PageTitle>
        {live.error !== undefined ? <Notice kind="error">{live.error}</Notice> : <p class="muted">Loading…</p>}
        <p>
          <a href={list}>The organization's clusters</a>
        </p>
      </>
    );

  const remove = async () => {
    setResult(undefined);
    try {
      await deleteCluster(org.id, c.id);
      navigate(list);
    } catch (err) {
      setResult({ kind: "error", text: `The cluster was not deleted: ${messageOf(err)}` });
    }
  };

  return (
    <>
      <p class="crumbs">
        <a href={list}>Clusters</a>
      </p>
      <PageTitle title={c.name}>{c.name}</PageTitle>
      {live.error !== undefined && <Notice kind="error">Refreshing failed: {live.error}</Notice>}
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <Status value={c.status} />
        </dd>
        <dt>Last error</dt>
        <dd>{c.last_error ? <span class="last-error">{c.last_error}</span> : <span class="muted">none</span>}</dd>
        <dt>Provider</dt>
        <dd>{c.provider || <span class="muted">–</span>}</dd>
        <dt>Region</dt>
        <dd>{c.region || <span class="muted">–</span>}</dd>
        <dt>Control plane</dt>
        <dd class="mono">{c.control_plane_fqdn || <span class="muted">–</span>}</dd>
        <dt>Docker image</dt>
        <dd class="mono">{c.docker_image ? `${c.docker_image}${c.docker_tag ? `:${c.docker_tag}` : ""}` : <span class="muted">the bastion's toolkit</span>}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={c.created_at} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <Time iso={c.updated_at} />
        </dd>
        <dt>Id</dt>
        <dd class="mono">{c.id}</dd>
      </dl>
      {canWrite && !editing && (
        <div class="buttons">
          <button type="button" onClick={() => setEditing(true)}>
            Edit cluster
          </button>
          <button type="button" onClick={() => setDeleting(true)}>
            Delete cluster
          </button>
        </div>
      )}
      {!canWrite && <p class="muted">You are a member of this organization: you can read, its owners and admins change things.</p>}
      {canWrite && editing && (
        <FormPanel
          id="cluster-edit"
          title={`Edit cluster ${c.name}`}
          fields={EDIT_FIELDS}
          initial={c}
          submit="Save"
          onCancel={() => setEditing(false)}
          onSubmit={async (values, start) => {
            const after = await updateCluster(org.id, c.id, bodyOf(EDIT_FIELDS, values, start));
            show(after);
            setEditing(false);
            setResult({ kind: "ok", text: `Saved cluster ${after.name}.` });
          }}
        />
      )}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {deleting && (
        <Confirm
          title={`Delete cluster ${c.name}?`}
          confirm="Delete"
          dismiss="Keep it"
          onConfirm={() => {
            setDeleting(false);
            void remove();
          }}
          onDismiss={() => setDeleting(false)}
        >
          The cluster, its attachments, metadata and kubeconfig are deleted for good (the objects it held are kept).
        </Confirm>
      )}
      <SlotsSection cluster={c} onCluster={show} />
      <NodePoolsSection cluster={c} onCluster={show} />
      <KubeconfigSection cluster={c} />
      <MetadataSection cluster={c} />
      <RunsSection cluster={c} route={route} />
    </>
  );
}
