import { recordEvent, type ChangeCaller } from "../../shared/event-outbox.ts";
import { ZipArchive } from "archiver";
import type { CreateSshKeyParams, FileResponse, SshKey } from "../../shared/contracts/inventory.ts";
import { mapPage, type Page, type PageRequest } from "../../shared/paging.ts";
import type { OrgScope } from "../../shared/context.ts";
import { ORG_MANAGERS, orgRoleAllows } from "../../shared/contracts/action.ts";
import { apiError, MESSAGES } from "../../shared/errors.ts";
import { newId } from "../../shared/ids.ts";
import type { Keyring } from "../../shared/keyring.ts";
import type { SshKeyDoc } from "./models.ts";
import { toSshKey, type Inventory } from "./resources.ts";
import { marksOf } from "./references.ts";
import { FairSlots, GenerationDeadlineError, KeygenBusyError } from "./keygen-slots.ts";
import { generateSshKey, maxParallel, type GeneratedSshKey } from "./ssh-format.ts";

/** The keyring purpose of a key's private half: binds the ciphertext to this key. */
const purpose = (id: string) => `ssh-key:${id}`;

/** RSA keys an organization may have queued or generating at once in this process; the excess is 429. */
export const RSA_IN_FLIGHT_PER_ORG = 2;

/** RSA generations, process-wide and fair between organizations; Ed25519 (about a millisecond) never queues. */
const rsaSlots = new FairSlots(maxParallel(), RSA_IN_FLIGHT_PER_ORG);

async function generateFairly(orgId: string, input: CreateSshKeyParams, deadline?: number): Promise<GeneratedSshKey> {
  const generate = () => generateSshKey(input.type, input.bits, input.comment);
  if (input.type !== "rsa") return generate();
  try {
    return await rsaSlots.run(orgId, generate, deadline);
  } catch (err) {
    if (err instanceof KeygenBusyError) throw err.refusal.errorWith({ retry_after: err.retryAfterSeconds });
    if (err instanceof GenerationDeadlineError) throw MESSAGES.sshKeygenBusy.errorWith({ service: "inventory" });
    throw err;
  }
}

/**
 * POST /ssh: generates the pair off the event loop; the private key is stored encrypted.
 * `deadline` (epoch ms): a request that would wait past it is refused at once (429); when the
 * caller has timed out anyway, nothing is stored, so a request the client saw fail leaves no key.
 */
export async function createSshKey(inv: Inventory, caller: ChangeCaller, keyring: Keyring, orgId: string, input: CreateSshKeyParams, deadline?: number): Promise<SshKey> {
  const key = await generateFairly(orgId, input, deadline);
  if (deadline !== undefined && Date.now() >= deadline) throw MESSAGES.sshKeygenBusy.errorWith({ service: "inventory" });
  const id = newId();
  const private_key = await keyring.encrypt(orgId, key.privateKeyPem, purpose(id));
  return inv.res.sshKeys.create(caller, orgId, {
    _id: id,
    name: input.name,
    comment: input.comment,
    type: input.type,
    bits: input.type === "rsa" ? input.bits : 256,
    public_key: key.publicKey,
    fingerprint: key.fingerprint,
    private_key,
  } as never);
}

export async function privateKeyOf(keyring: Keyring, doc: SshKeyDoc): Promise<string> {
  return keyring.decryptText(doc.organization_id, doc.private_key, purpose(doc._id));
}

/** Records `ssh_key.revealed` before the private key is handed out (the secret leaves only once its event is durable). */
async function recordRevealed(inv: Inventory, caller: ChangeCaller, doc: SshKeyDoc, data: { part: "private" | "both"; via: "reveal" | "download" }): Promise<void> {
  await recordEvent(caller, inv.models.eventOutbox, {
    organization_id: doc.organization_id,
    type: "ssh_key.revealed",
    resource_type: "ssh_key",
    resource_id: doc._id,
    data,
    check: { collection: inv.models.sshKeys.collection.collectionName, id: doc._id, expect: "present" },
  });
}

/** How many of the organization's servers name each of `keyIds` (one query). */
async function serverCounts(inv: Inventory, orgId: string, keyIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (keyIds.length === 0) return counts;
  const servers = await inv.models.servers.find({ organization_id: orgId, ssh_key_id: { $in: [...keyIds] } }, { ssh_key_id: 1 }).lean<{ ssh_key_id: string }[]>();
  for (const s of servers) counts.set(s.ssh_key_id, (counts.get(s.ssh_key_id) ?? 0) + 1);
  return counts;
}

/** GET /ssh: newest first, each with its server_count; `unattached` keeps the keys no server names. */
export async function listSshKeys(inv: Inventory, orgId: string, unattached: boolean, page: PageRequest): Promise<Page<SshKey>> {
  let filter = {};
  if (unattached) {
    const used = await inv.models.servers.find({ organization_id: orgId }, { ssh_key_id: 1 }).lean<{ ssh_key_id: string }[]>();
    filter = { _id: { $nin: [...new Set(used.map((s) => s.ssh_key_id))] } };
  }
  const docs = await inv.res.sshKeys.listDocs(orgId, filter, page);
  const counts = unattached
    ? new Map<string, number>()
    : await serverCounts(
        inv,
        orgId,
        docs.items.map((d) => d._id),
      );
  return mapPage(docs, (items) => items.map((d) => toSshKey(d, counts.get(d._id) ?? 0)));
}

/**
 * A private key is for the organization's owners and admins (and its org keys), as every write is:
 * a plain member reads the public part only (403 `forbidden` for reveal and private downloads).
 */
export function refusePrivateKeyToMember(org: OrgScope): void {
  if (!orgRoleAllows(ORG_MANAGERS, org)) throw apiError("forbidden");
}

/** GET /ssh/{id}: with `reveal`, the private key PEM too (recorded as `ssh_key.revealed`). */
export async function getSshKey(inv: Inventory, caller: ChangeCaller, keyring: Keyring, orgId: string, id: string, reveal: boolean): Promise<SshKey & { private_key?: string }> {
  const doc = await inv.res.sshKeys.getDoc(orgId, id);
  const key = toSshKey(doc, (await serverCounts(inv, orgId, [id])).get(id) ?? 0);
  if (!reveal) return key;
  const pem = await privateKeyOf(keyring, doc);
  await recordRevealed(inv, caller, doc, { part: "private", via: "reveal" });
  return { ...key, private_key: pem };
}

/** A zip of `files`, each dated `date`: the same files give the same bytes, whenever they are downloaded. */
async function zip(files: { name: string; body: string; mode: number }[], date: Date): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    archive.on("data", (c: Buffer) => chunks.push(c));
    archive.on("end", () => resolve());
    archive.on("error", reject);
  });
  for (const f of files) archive.append(Buffer.from(f.body), { name: f.name, mode: f.mode, date });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/**
 * GET /ssh/{id}/download?part=public|private|both: `<id>.pub` (text/plain), `<id>.pem`
 * (application/x-pem-file) or `ssh_key_<id>.zip` holding both.
 */
export async function downloadSshKey(
  inv: Inventory,
  caller: ChangeCaller,
  keyring: Keyring,
  orgId: string,
  id: string,
  part: "public" | "private" | "both",
): Promise<FileResponse> {
  const doc = await inv.res.sshKeys.getDoc(orgId, id);
  const pub = `${doc.public_key}\n`;
  if (part === "public") return { content_type: "text/plain; charset=utf-8", filename: `${doc._id}.pub`, body: Buffer.from(pub) };
  const pem = await privateKeyOf(keyring, doc);
  await recordRevealed(inv, caller, doc, { part, via: "download" });
  if (part === "private") return { content_type: "application/x-pem-file", filename: `${doc._id}.pem`, body: Buffer.from(pem) };
  // the files are dated when the key was made
  const body = await zip(
    [
      { name: `${doc._id}.pem`, body: pem, mode: 0o600 },
      { name: `${doc._id}.pub`, body: pub, mode: 0o644 },
    ],
    new Date(doc.created_at),
  );
  return { content_type: "application/zip", filename: `ssh_key_${doc._id}.zip`, body };
}

/**
 * DELETE /ssh/{id}: 409 while a server uses the key. The key is marked first, then servers are
 * checked: a server created concurrently either is seen here or sees the mark and rolls back.
 */
export async function deleteSshKey(inv: Inventory, caller: ChangeCaller, orgId: string, id: string): Promise<void> {
  await inv.res.sshKeys.getDoc(orgId, id);
  await marksOf(inv).deleteMarked(
    orgId,
    [{ kind: "ssh_key", id }],
    async () => {
      if (await inv.models.servers.exists({ organization_id: orgId, ssh_key_id: id })) throw MESSAGES.sshKeyInUse.error();
    },
    () => inv.res.sshKeys.remove(caller, orgId, id),
  );
}
