import type { Keyring } from "../../shared/keyring.ts";
import { clusterDoc } from "./clusters.ts";
import type { ClustersModels } from "./models.ts";
import { upsertById } from "./upsert.ts";

/** The keyring purpose of a cluster's kubeconfig: binds the ciphertext to this cluster. */
function purpose(clusterId: string): string {
  return `kubeconfig:${clusterId}`;
}

/**
 * Stores or replaces the kubeconfig, encrypted under the organization's data key (ciphertext, IV
 * and tag stored; the plaintext never is). It is never returned by any action.
 */
export async function setKubeconfig(models: ClustersModels, keyring: Keyring, organizationId: string, clusterId: string, kubeconfig: string): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  const encrypted = await keyring.encrypt(organizationId, kubeconfig, purpose(clusterId));
  await upsertById(models.kubeconfigs, clusterId, { $set: { organization_id: organizationId, kubeconfig: encrypted } });
  if (!(await models.clusters.exists({ _id: clusterId, organization_id: organizationId }))) {
    await models.kubeconfigs.deleteOne({ _id: clusterId });
    await clusterDoc({ models }, organizationId, clusterId); // 404 cluster not found
  }
}

/** Removes the encrypted kubeconfig with its IV and tag (none stored: nothing to remove, still 200). */
export async function deleteKubeconfig(models: ClustersModels, organizationId: string, clusterId: string): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  await models.kubeconfigs.deleteOne({ _id: clusterId, organization_id: organizationId });
}

/** The plaintext kubeconfig, for this service's own use only (never published), or null. */
export async function readKubeconfig(models: ClustersModels, keyring: Keyring, organizationId: string, clusterId: string): Promise<string | null> {
  const doc = await models.kubeconfigs.findOne({ _id: clusterId, organization_id: organizationId }).lean();
  if (!doc) return null;
  return keyring.decryptText(organizationId, doc.kubeconfig, purpose(clusterId));
}
