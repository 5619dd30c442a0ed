import { OrgResources } from "../../shared/resource.ts";
import type { ClusterDoc, ClustersModels } from "./models.ts";

/** An organization's clusters as stored (every create, update and delete with its `cluster.*` event). */
export function clusterResources(models: ClustersModels): OrgResources<ClusterDoc, ClusterDoc> {
  return new OrgResources<ClusterDoc, ClusterDoc>({
    kind: "cluster",
    model: models.clusters,
    events: { outbox: models.eventOutbox, resourceType: "cluster" },
    toResponse: (d) => d,
  });
}

/** The stored cluster of the organization; 404 `cluster not found` otherwise. */
export async function clusterDoc(deps: { models: ClustersModels }, organizationId: string, clusterId: string): Promise<ClusterDoc> {
  return clusterResources(deps.models).getDoc(organizationId, clusterId);
}
