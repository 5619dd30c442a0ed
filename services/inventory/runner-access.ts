import type { HostKey, PendingBastions, PinHostKeyResult, PrivateKeys, Server, ServerConnection, SetServerStatusResult } from "../../shared/contracts/inventory.ts";
import { withEvents, type ChangeCaller } from "../../shared/event-outbox.ts";
import { MESSAGES } from "../../shared/errors.ts";
import type { Keyring } from "../../shared/keyring.ts";
import type { ServerDoc } from "./models.ts";
import { toServer, type Inventory } from "./resources.ts";
import { privateKeyOf } from "./ssh-keys.ts";

/**
 * What the runner asks of the inventory to reach servers: connection details with decrypted
 * private keys (never logged, never in an event), host key pinning (trust on first use) and the
 * bootstrap's status moves.
 */

function pinnedKey(doc: ServerDoc): HostKey | null {
  return doc.host_key ?? null;
}

/** `inventory.connectionFor`: the server, the private key of its SSH key and its pinned host key. */
export async function connectionFor(inv: Inventory, keyring: Keyring, orgId: string, serverId: string): Promise<ServerConnection> {
  const server = await inv.res.servers.findDoc(orgId, serverId);
  if (!server) throw MESSAGES.notFound.error("server");
  const key = await inv.res.sshKeys.findDoc(orgId, server.ssh_key_id);
  if (!key) throw MESSAGES.notFound.error("ssh key");
  return { server: toServer(server), private_key: await privateKeyOf(keyring, key), host_key: pinnedKey(server) };
}

/** `inventory.privateKeysFor`: the decrypted private keys of the organization's keys among `ids` (others absent). */
export async function privateKeysFor(inv: Inventory, keyring: Keyring, orgId: string, ids: readonly string[]): Promise<PrivateKeys> {
  const docs = await inv.res.sshKeys.getMany(
    orgId,
    ids.map((id) => id.toLowerCase()),
  );
  const keys = await Promise.all(docs.map(async (d) => ({ ssh_key_id: d._id, private_key: await privateKeyOf(keyring, d) })));
  return { keys };
}

/** `inventory.pinHostKey`: one conditional write, only while no key is pinned; answers the key pinned after the call. */
export async function pinHostKey(inv: Inventory, orgId: string, serverId: string, hostKey: HostKey): Promise<PinHostKeyResult> {
  const key: HostKey = { algorithm: hostKey.algorithm, key: hostKey.key, fingerprint: hostKey.fingerprint };
  const pinned = await inv.models.servers
    .findOneAndUpdate({ _id: serverId, organization_id: orgId, host_key: null }, { $set: { host_key: key } }, { returnDocument: "after" })
    .lean<ServerDoc>();
  if (pinned) return { pinned: true, host_key: pinnedKey(pinned), server: toServer(pinned) };
  const current = await inv.res.servers.findDoc(orgId, serverId);
  if (!current) return { pinned: false, host_key: null, server: null };
  return { pinned: false, host_key: pinnedKey(current), server: toServer(current) };
}

/**
 * `inventory.setServerStatus`: moves the status (with `last_error`) only while it is one of
 * `from` (when given) and still what was read, with its `server.status_changed` event.
 */
export async function setServerStatus(
  inv: Inventory,
  caller: ChangeCaller,
  orgId: string,
  serverId: string,
  change: { status: Server["status"]; last_error: string; from?: readonly Server["status"][] | undefined },
): Promise<SetServerStatusResult> {
  const before = await inv.res.servers.findDoc(orgId, serverId);
  if (!before || (change.from && !change.from.includes(before.status as Server["status"]))) return { server: null };
  const check = {
    collection: inv.models.servers.collection.collectionName,
    id: serverId,
    expect: "matches" as const,
    where: { status: change.status, last_error: change.last_error },
  };
  const draft = {
    organization_id: orgId,
    type: "server.status_changed",
    resource_type: "server",
    resource_id: serverId,
    data: { from: before.status, to: change.status, last_error: change.last_error },
    check,
  };
  const after = await withEvents(
    caller,
    inv.models.eventOutbox,
    [draft],
    () =>
      inv.models.servers
        .findOneAndUpdate(
          { _id: serverId, organization_id: orgId, status: before.status },
          { $set: { status: change.status, last_error: change.last_error } },
          { returnDocument: "after" },
        )
        .lean<ServerDoc>(),
    (doc) => doc !== null,
  );
  return { server: after ? toServer(after) : null };
}

/** `inventory.resetServerHostKey`: forgets the pinned host key, with its `server.host_key_reset` event. */
export async function resetServerHostKey(inv: Inventory, caller: ChangeCaller, orgId: string, serverId: string): Promise<Server> {
  const current = await inv.res.servers.findDoc(orgId, serverId);
  if (!current) throw MESSAGES.notFound.error("server");
  const draft = {
    organization_id: orgId,
    type: "server.host_key_reset",
    resource_type: "server",
    resource_id: serverId,
    data: { fingerprint: current.host_key?.fingerprint ?? "" },
    check: { collection: inv.models.servers.collection.collectionName, id: serverId, expect: "matches" as const, where: { host_key: null } },
  };
  const after = await withEvents(caller, inv.models.eventOutbox, [draft], async () => {
    const doc = await inv.models.servers.findOneAndUpdate({ _id: serverId, organization_id: orgId }, { $set: { host_key: null } }, { returnDocument: "after" }).lean<ServerDoc>();
    if (!doc) throw MESSAGES.notFound.error("server");
    return doc;
  });
  return toServer(after);
}

/** `inventory.pendingBastions`: bastions of every organization left pending, least recently changed first. */
export async function pendingBastions(inv: Inventory, limit: number): Promise<PendingBastions> {
  const docs = await inv.models.servers
    .find({ role: "bastion", status: "pending" }, { _id: 1, organization_id: 1 })
    .sort({ updated_at: 1 })
    .limit(limit)
    .lean<Pick<ServerDoc, "_id" | "organization_id">[]>();
  return { servers: docs.map((d) => ({ organization_id: d.organization_id, id: d._id })) };
}
