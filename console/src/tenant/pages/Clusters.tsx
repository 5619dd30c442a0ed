import { ok, type JsonRequest } from "../../../../clients/typescript/src/index.ts";
import { Notice, PageTitle, Status, Time } from "../../components.tsx";
import { RunLogPage } from "../../pages/RunLog.tsx";
import { href, type Route } from "../../router.ts";
import { listPage, orgClient, pageQuery } from "../org-api.ts";
import { useOrg } from "../org-context.tsx";
import { ResourcePage, type ResourceKind } from "../resource-page.tsx";
import { ClusterDetail } from "./cluster-detail.tsx";
import { clusterHref, CREATE_FIELDS, deleteCluster, EDIT_FIELDS, LIST_EVENTS, updateCluster, type Cluster } from "./cluster-common.tsx";

/**
 * The organization's clusters: the list (searched by name, paged, created, edited and deleted by
 * owners and admins), one cluster's page with its slots, node pools, kubeconfig, metadata and runs,
 * and a run's live log inside the organization's pages.
 */

export const CLUSTERS: ResourceKind<Cluster> = {
  section: "clusters",
  title: "Clusters",
  one: "cluster",
  events: LIST_EVENTS,
  search: "Name contains",
  list: (org, { q, cursor }, signal) => listPage(orgClient(org).GET("/api/v1/clusters", { params: { query: { ...pageQuery(cursor), ...(q ? { q } : {}) } }, signal })),
  columns: [
    { name: "Name", cell: (c) => c.name },
    { name: "Provider", cell: (c) => c.provider || "–" },
    { name: "Region", cell: (c) => c.region || "–" },
    { name: "Status", cell: (c) => <Status value={c.status} /> },
    { name: "Last error", cell: (c) => (c.last_error ? <span class="last-error">{c.last_error}</span> : "–") },
    { name: "Updated", cell: (c) => <Time iso={c.updated_at} /> },
  ],
  name: (c) => c.name,
  createFields: CREATE_FIELDS,
  create: (org, body) => ok(orgClient(org).POST("/api/v1/clusters", { body: body as JsonRequest<"postClusters"> })),
  editFields: EDIT_FIELDS,
  update: updateCluster,
  remove: deleteCluster,
  detail: (org, c) => clusterHref(org, c.id),
};

/** `#/orgs/<org>/clusters/<cluster>/runs/<run>`: a run's live log (the operator console's page), with the way back to its cluster. */
function ClusterRunPage({ cluster, run }: { cluster: string; run: string }) {
  const { org } = useOrg();
  return (
    <>
      <p class="crumbs">
        <a href={clusterHref(org.id, cluster)}>Back to the cluster</a>
      </p>
      <RunLogPage org={org.id} cluster={cluster} run={run} />
    </>
  );
}

/** `#/orgs/<org>/clusters[/<cluster>[/runs/<run>]]`. */
export function ClustersPage({ route }: { route: Route }) {
  const { org } = useOrg();
  const [, , , cluster, sub, run, ...more] = route.parts;
  if (cluster === undefined) return <ResourcePage kind={CLUSTERS} route={route} />;
  if (sub === undefined) return <ClusterDetail key={cluster} clusterID={cluster} route={route} />;
  if (sub === "runs" && run !== undefined && more.length === 0) return <ClusterRunPage cluster={cluster} run={run} />;
  return (
    <>
      <PageTitle title="Not found">Page not found</PageTitle>
      <Notice kind="error">
        There is no such page of a cluster. <a href={href(["orgs", org.id, "clusters"])}>The clusters</a>.
      </Notice>
    </>
  );
}
