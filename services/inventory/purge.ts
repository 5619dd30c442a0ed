import { deleteMatching } from "../../shared/db.ts";
import type { Keyring } from "../../shared/keyring.ts";
import type { Inventory } from "./resources.ts";

/**
 * `inventory.purgeOrganization` (a job when an organization is deleted): deletes every document
 * of the organization in every collection, then its data keys (crypto-shredding anything
 * encrypted for it that a backup may still hold). Idempotent: a retry deletes what is left.
 */
export async function purgeOrganization(inv: Inventory, keyring: Keyring, orgId: string): Promise<{ deleted: number }> {
  let deleted = 0;
  // links first, so a purge interrupted midway never leaves links to deleted children behind
  deleted += await deleteMatching(inv.models.links, { organization_id: orgId });
  await deleteMatching(inv.models.eventOutbox, { organization_id: orgId });
  for (const model of [
    inv.models.marks,
    inv.models.nodePools,
    inv.models.servers,
    inv.models.loadBalancers,
    inv.models.labels,
    inv.models.annotations,
    inv.models.taints,
    inv.models.sshKeys,
  ]) {
    deleted += await deleteMatching(model as typeof inv.models.labels, { organization_id: orgId });
  }
  deleted += await keyring.purge(orgId);
  return { deleted };
}
