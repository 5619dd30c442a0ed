import type { Cluster, ReferencedKind } from "../../shared/contracts/clusters.ts";
import type { NodePool } from "../../shared/contracts/inventory.ts";
import type { Keyring } from "../../shared/keyring.ts";
import type { Caller } from "../../shared/service.ts";
import { lookupAll } from "./lookups.ts";
import type { ClusterDoc, ClusterLinkDoc, ClustersModels, ClusterStateDoc } from "./models.ts";
import { secretsOf } from "./secrets.ts";
import { SLOTS } from "./slots.ts";

/**
 * ClusterResponses for clusters of one organization: the state and link documents of all of them
 * in two queries, then one batched call per kind of nested object for the whole page (in
 * parallel), never one call per cluster.
 */
export async function toClusterResponses(
  { models, keyring }: { models: ClustersModels; keyring: Keyring },
  caller: Caller,
  organizationId: string,
  docs: readonly ClusterDoc[],
): Promise<Cluster[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d._id);
  const [states, links, secrets] = await Promise.all([
    models.states.find({ _id: { $in: ids }, organization_id: organizationId }).lean<ClusterStateDoc[]>(),
    models.links.find({ cluster_id: { $in: ids }, organization_id: organizationId }).lean<ClusterLinkDoc[]>(),
    Promise.all(docs.map((d) => secretsOf(keyring, d))),
  ]);
  const stateOf = new Map(states.map((s) => [s._id, s]));
  const linksOf = new Map<string, ClusterLinkDoc[]>();
  const wanted: Record<ReferencedKind, Set<string>> = { server: new Set(), load_balancer: new Set(), node_pool: new Set(), domain: new Set(), record_set: new Set() };
  for (const link of links) {
    const list = linksOf.get(link.cluster_id) ?? [];
    list.push(link);
    linksOf.set(link.cluster_id, list);
    wanted[link.kind].add(link.target_id);
  }
  const found = await lookupAll(caller, organizationId, wanted);

  return docs.map((doc, i) => {
    const state = stateOf.get(doc._id);
    const own = linksOf.get(doc._id) ?? [];
    const bySlot = new Map(own.filter((l) => l.slot !== "node_pool").map((l) => [l.slot, l]));
    const nested = Object.fromEntries(
      SLOTS.map((s) => {
        const link = bySlot.get(s.slot);
        const obj = link && link.kind === s.kind ? (found[s.kind] as Map<string, unknown>).get(link.target_id) : undefined;
        return [s.responseField, obj ?? null];
      }),
    ) as Pick<Cluster, (typeof SLOTS)[number]["responseField"]>;
    const nodePools = own
      .filter((l) => l.slot === "node_pool")
      .map((l) => found.node_pool.get(l.target_id))
      .filter((p): p is NodePool => p !== undefined)
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const changedAt = state?.changed_at && state.changed_at > doc.updated_at ? state.changed_at : doc.updated_at;
    return {
      id: doc._id,
      name: doc.name,
      provider: doc.provider,
      region: doc.region,
      status: state?.status ?? "pre_pending",
      last_error: state?.last_error ?? "",
      certificate_key: secrets[i]!.certificate_key,
      random_token: secrets[i]!.random_token,
      captain_domain: nested.captain_domain,
      control_plane_record_set: nested.control_plane_record_set,
      apps_load_balancer: nested.apps_load_balancer,
      glueops_load_balancer: nested.glueops_load_balancer,
      bastion_server: nested.bastion_server,
      node_pools: nodePools,
      created_at: doc.created_at.toISOString(),
      updated_at: new Date(changedAt).toISOString(),
    };
  });
}
