import type { Cluster, ReferencedKind } from "../../shared/contracts/clusters.ts";
import type { NodePool } from "../../shared/contracts/inventory.ts";
import type { Keyring } from "../../shared/keyring.ts";
import type { Caller } from "../../shared/service.ts";
import type { Domain, RecordSet } from "../../shared/contracts/dns.ts";
import { lookupAll, type ObjectsByKind } from "./lookups.ts";
import { metadataOfClusters } from "./metadata.ts";
import type { ClusterDoc, ClusterLinkDoc, ClustersModels, ClusterStateDoc } from "./models.ts";
import { secretsOf } from "./secrets.ts";
import { SLOTS } from "./slots.ts";

/** The record sets' domains not already fetched (a control-plane record set's FQDN needs its domain's name). */
async function addRecordSetDomains(caller: Caller, organizationId: string, found: ObjectsByKind): Promise<void> {
  const missing = new Set([...found.record_set.values()].map((r) => r.domain_id).filter((id) => !found.domain.has(id)));
  if (missing.size === 0) return;
  const more = await lookupAll(caller, organizationId, { domain: missing });
  for (const [id, domain] of more.domain) found.domain.set(id, domain);
}

/** `<name>.<domain>`, the domain itself for the apex (`@`); "" without a record set (or when its domain is gone). */
function fqdnOfRecordSet(recordSet: RecordSet | null, domains: ReadonlyMap<string, Domain>): string {
  const domain = recordSet ? domains.get(recordSet.domain_id) : undefined;
  if (!recordSet || !domain) return "";
  return recordSet.name === "@" ? domain.domain_name : `${recordSet.name}.${domain.domain_name}`;
}

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
  const [found, metadata] = await Promise.all([lookupAll(caller, organizationId, wanted), metadataOfClusters(models, organizationId, ids)]);
  await addRecordSetDomains(caller, organizationId, found);

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
      cluster_provider: doc.provider,
      region: doc.region,
      // rows from before these fields were stored have none
      docker_image: doc.docker_image ?? "",
      docker_tag: doc.docker_tag ?? "",
      control_plane_fqdn: fqdnOfRecordSet(nested.control_plane_record_set, found.domain),
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
      metadata: metadata.get(doc._id) ?? {},
      created_at: doc.created_at.toISOString(),
      updated_at: new Date(changedAt).toISOString(),
    };
  });
}
