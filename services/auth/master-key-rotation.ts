import type { Connection } from "mongoose";
import type { MasterKeys } from "../../shared/crypto.ts";
import { defineAuthModels, type SigningKeyDoc } from "./models.ts";
import { rewrapSigningKeys } from "./signing-keys.ts";

/**
 * The auth service's part of `npm run rotate-master-key`, the one entry point operator tools use
 * (they never reach into auth's models): its access-token signing keys are sealed with the master
 * key itself, not through the data keys, so they are re-sealed under the current master key.
 * `dryRun` only counts the keys still sealed under another key.
 */
export async function rotateSigningKeysMasterKey(db: Connection, master: MasterKeys, dryRun: boolean): Promise<{ total: number; stale: number; rewrapped: number }> {
  const models = defineAuthModels(db);
  if (dryRun) {
    const docs = await models.signingKeys.find({}, { "private_sealed.kid": 1 }).lean<Pick<SigningKeyDoc, "private_sealed">[]>();
    return { total: docs.length, stale: docs.filter((d) => d.private_sealed.kid !== master.current.id).length, rewrapped: 0 };
  }
  const res = await rewrapSigningKeys(models, master);
  return { total: res.total, stale: res.rewrapped, rewrapped: res.rewrapped };
}
