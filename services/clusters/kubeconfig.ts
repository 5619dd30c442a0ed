import { withEvents, type ChangeCaller, type ChangeCheck } from "../../shared/event-outbox.ts";
import { newId } from "../../shared/ids.ts";
import type { Keyring } from "../../shared/keyring.ts";
import { clusterDoc } from "./cluster-docs.ts";
import type { ClustersModels } from "./models.ts";
import { upsertById } from "./upsert.ts";

/** The keyring purpose of a cluster's kubeconfig: binds the ciphertext to this cluster. */
function purpose(clusterId: string): string {
  return `kubeconfig:${clusterId}`;
}

/** The `cluster.updated` of a kubeconfig stored, replaced or removed: the field's name, never its value. */
function kubeconfigChanged(models: ClustersModels, organizationId: string, clusterId: string, check: Pick<ChangeCheck, "expect" | "where">) {
  return {
    organization_id: organizationId,
    type: "cluster.updated",
    resource_type: "cluster",
    resource_id: clusterId,
    data: { changed: ["kubeconfig"], values: {} },
    check: { collection: models.kubeconfigs.collection.collectionName, id: clusterId, ...check },
  };
}

/**
 * Stores or replaces the kubeconfig, encrypted under the organization's data key (ciphertext, IV
 * and tag stored; the plaintext never is). It is never returned by any action. A cluster deleted
 * meanwhile undoes the write (404), and its `cluster.updated` is not delivered.
 */
export async function setKubeconfig(models: ClustersModels, keyring: Keyring, caller: ChangeCaller, organizationId: string, clusterId: string, kubeconfig: string): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  const encrypted = await keyring.encrypt(organizationId, kubeconfig, purpose(clusterId));
  // after a crash, confirmed by this write's revision
  const revision = newId();
  const event = kubeconfigChanged(models, organizationId, clusterId, { expect: "matches", where: { revision } });
  await withEvents(caller, models.eventOutbox, [event], async () => {
    await upsertById(models.kubeconfigs, clusterId, { $set: { organization_id: organizationId, kubeconfig: encrypted, revision } });
    if (!(await models.clusters.exists({ _id: clusterId, organization_id: organizationId }))) {
      await models.kubeconfigs.deleteOne({ _id: clusterId });
      await clusterDoc({ models }, organizationId, clusterId); // 404 cluster not found
    }
  });
}

/** Removes the encrypted kubeconfig with its IV and tag (none stored: nothing to remove and no event, still 200). */
export async function deleteKubeconfig(models: ClustersModels, caller: ChangeCaller, organizationId: string, clusterId: string): Promise<void> {
  await clusterDoc({ models }, organizationId, clusterId);
  await withEvents(
    caller,
    models.eventOutbox,
    [kubeconfigChanged(models, organizationId, clusterId, { expect: "absent" })],
    () => models.kubeconfigs.deleteOne({ _id: clusterId, organization_id: organizationId }),
    (res) => res.deletedCount > 0,
  );
}

/** The plaintext kubeconfig, for this service's own use only (never published), or null. */
export async function readKubeconfig(models: ClustersModels, keyring: Keyring, organizationId: string, clusterId: string): Promise<string | null> {
  const doc = await models.kubeconfigs.findOne({ _id: clusterId, organization_id: organizationId }).lean();
  if (!doc) return null;
  return keyring.decryptText(organizationId, doc.kubeconfig, purpose(clusterId));
}
