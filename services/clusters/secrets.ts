import { z } from "zod";
import type { EncryptedValue, Keyring } from "../../shared/keyring.ts";
import type { ClusterDoc, ClustersModels } from "./models.ts";

/** A cluster's join secrets: stored only sealed through the keyring, answered in every ClusterResponse. */
export const ClusterSecrets = z.object({ certificate_key: z.string(), random_token: z.string() });
export type ClusterSecrets = z.infer<typeof ClusterSecrets>;

/** The keyring purpose of a cluster's join secrets: binds the ciphertext to this cluster. */
const purpose = (clusterId: string) => `cluster-secrets:${clusterId}`;

export function sealSecrets(keyring: Keyring, organizationId: string, clusterId: string, secrets: ClusterSecrets): Promise<EncryptedValue> {
  return keyring.encrypt(organizationId, JSON.stringify(secrets), purpose(clusterId));
}

/** The join secrets of a cluster; a row written before they were sealed still holds them in plaintext. */
export async function secretsOf(keyring: Keyring, doc: ClusterDoc): Promise<ClusterSecrets> {
  if (!doc.secrets) return { certificate_key: doc.certificate_key ?? "", random_token: doc.random_token ?? "" };
  return ClusterSecrets.parse(JSON.parse(await keyring.decryptText(doc.organization_id, doc.secrets, purpose(doc._id))));
}

/**
 * Start-up: seals the join secrets still stored in plaintext (rows from before they were
 * encrypted) and removes the plaintext. Conditional on the row being unchanged, so replicas
 * starting together seal each row once. Returns how many rows were sealed.
 */
export async function sealPlaintextSecrets(models: ClustersModels, keyring: Keyring): Promise<number> {
  const rows = await models.clusters
    .find({ secrets: { $exists: false } }, { _id: 1, organization_id: 1, certificate_key: 1, random_token: 1 })
    .lean<Pick<ClusterDoc, "_id" | "organization_id" | "certificate_key" | "random_token">[]>();
  let sealed = 0;
  for (const row of rows) {
    if (typeof row.certificate_key !== "string" || typeof row.random_token !== "string") continue;
    const secrets = await sealSecrets(keyring, row.organization_id, row._id, { certificate_key: row.certificate_key, random_token: row.random_token });
    const res = await models.clusters.updateOne(
      { _id: row._id, secrets: { $exists: false }, certificate_key: row.certificate_key, random_token: row.random_token },
      { $set: { secrets }, $unset: { certificate_key: "", random_token: "" } },
      { timestamps: false }, // not a change of the cluster
    );
    sealed += res.modifiedCount;
  }
  return sealed;
}
