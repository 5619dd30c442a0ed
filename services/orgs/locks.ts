import { randomBytes } from "node:crypto";
import { claimOnce } from "../../shared/db.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { OrgsModels } from "./models.ts";

/** A holder that died keeps a lock at most this long. */
const LEASE_MS = 10_000;
/** How long a caller waits for a busy lock before giving up (409). */
const WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` while holding the exclusive lock `name`. The lock is a unique-`_id` insert (the one
 * primitive that is exclusive on FerretDB and MongoDB alike); it is released by its holder's
 * token and broken once its lease expired (a holder that crashed).
 */
export async function withLock<T>(models: OrgsModels, name: string, fn: () => Promise<T>): Promise<T> {
  const token = randomBytes(12).toString("hex");
  const deadline = Date.now() + WAIT_MS;
  let delay = 5;
  for (;;) {
    if (await claimOnce(models.locks, name, { token, expires_at: new Date(Date.now() + LEASE_MS) })) break;
    const holder = await models.locks.findById(name).lean();
    if (holder && holder.expires_at.getTime() < Date.now()) {
      await models.locks.deleteOne({ _id: name, token: holder.token });
      continue;
    }
    if (Date.now() > deadline) throw MESSAGES.orgBeingChanged.error();
    await sleep(delay);
    delay = Math.min(delay * 2, 100);
  }
  try {
    return await fn();
  } finally {
    await models.locks.deleteOne({ _id: name, token });
  }
}
