import type { Server } from "../../shared/contracts/inventory.ts";
import type { Page, PageRequest } from "../../shared/paging.ts";
import { MESSAGES } from "../../shared/errors.ts";
import { removeLinksOfChild } from "./links.ts";
import type { ServerDoc } from "./models.ts";
import { marksOf } from "./references.ts";
import { newestFirst, toServer, type Inventory } from "./resources.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

export interface ServerInput {
  hostname?: string | undefined;
  private_ip_address?: string | undefined;
  public_ip_address?: string | undefined;
  role?: string | undefined;
  ssh_key_id?: string | undefined;
  ssh_user?: string | undefined;
  ssh_port?: number | undefined;
  status?: string | undefined;
}

const invalidKey = () => MESSAGES.invalidField.error("ssh_key_id");

/**
 * No DELETE of the key is in progress and the key exists, read in that order: a DELETE that
 * completes between the two reads has already removed the key when it is looked up.
 */
export async function usableKey(inv: Inventory, orgId: string, keyId: string): Promise<boolean> {
  if ((await marksOf(inv).marked("ssh_key", [keyId])).has(keyId)) return false;
  return (await inv.res.sshKeys.findDoc(orgId, keyId)) !== null;
}

function checkBastion(role: string, publicIp: string): void {
  if (role === "bastion" && publicIp === "") throw MESSAGES.bastionNeedsPublicIp.error();
}

export async function listServers(inv: Inventory, orgId: string, filter: { status?: string | undefined; role?: string | undefined } & PageRequest): Promise<Page<Server>> {
  const f: Record<string, string> = {};
  if (filter.status) f.status = filter.status;
  if (filter.role) f.role = filter.role;
  return inv.res.servers.list(orgId, f, filter);
}

/**
 * POST /servers. The key is checked before and again after the insert: a DELETE of the key
 * that ran in between either saw this server (409 there) or is seen here (rolled back, 400; the
 * check is part of the change, so its `server.created` is never delivered).
 */
export async function createServer(
  inv: Inventory,
  caller: ChangeCaller,
  orgId: string,
  input: Required<Pick<ServerInput, "private_ip_address" | "role" | "ssh_key_id" | "ssh_user">> & ServerInput,
): Promise<Server> {
  const doc = {
    hostname: input.hostname ?? "",
    private_ip_address: input.private_ip_address,
    public_ip_address: input.public_ip_address ?? "",
    role: input.role,
    ssh_key_id: input.ssh_key_id.toLowerCase(),
    ssh_user: input.ssh_user,
    ssh_port: input.ssh_port ?? 22,
    status: input.status ?? "pending",
  };
  checkBastion(doc.role, doc.public_ip_address);
  if (!(await usableKey(inv, orgId, doc.ssh_key_id))) throw invalidKey();
  return inv.res.servers.create(caller, orgId, doc, {
    confirm: async (created) => {
      if (await usableKey(inv, orgId, doc.ssh_key_id)) return;
      await inv.models.servers.deleteOne({ _id: created._id, organization_id: orgId });
      throw invalidKey();
    },
  });
}

/** PATCH /servers/{id}: partial; a changed ssh_key_id is re-validated (before and after the write, like create); returns the updated server. */
export async function updateServer(inv: Inventory, caller: ChangeCaller, orgId: string, id: string, input: ServerInput): Promise<Server> {
  const current: ServerDoc = await inv.res.servers.getDoc(orgId, id);
  const { ssh_port: sshPort, ...strings } = input;
  const set: Record<string, string | number> & { ssh_key_id?: string; role?: string; public_ip_address?: string } = {};
  for (const [k, v] of Object.entries(strings) as [string, string | undefined][]) if (v !== undefined) set[k] = v;
  if (sshPort !== undefined) set.ssh_port = sshPort;
  if (set.ssh_key_id) set.ssh_key_id = set.ssh_key_id.toLowerCase();
  checkBastion(set.role ?? current.role, set.public_ip_address ?? current.public_ip_address ?? "");
  const keyChanged = set.ssh_key_id !== undefined && set.ssh_key_id !== current.ssh_key_id;
  if (keyChanged && !(await usableKey(inv, orgId, set.ssh_key_id!))) throw invalidKey();
  if (Object.keys(set).length === 0) return inv.res.servers.get(orgId, id);
  return inv.res.servers.update(
    caller,
    orgId,
    id,
    { $set: set },
    {
      confirm: async () => {
        if (!keyChanged || (await usableKey(inv, orgId, set.ssh_key_id!))) return;
        await inv.res.servers.restore(current, Object.keys(set) as (keyof ServerDoc)[], { ssh_key_id: set.ssh_key_id });
        throw invalidKey();
      },
    },
  );
}

/** DELETE /servers/{id} (after the cluster reference check): also detaches it from node pools. */
export async function deleteServer(inv: Inventory, caller: ChangeCaller, orgId: string, id: string): Promise<void> {
  await inv.res.servers.remove(caller, orgId, id);
  await removeLinksOfChild(inv, caller, orgId, "server", id);
}

/** Batch look-up for other services: servers of the organization among `ids`, newest first. */
export async function getServers(inv: Inventory, orgId: string, ids: readonly string[]): Promise<Server[]> {
  return newestFirst(await marksOf(inv).without("server", ids, (wanted) => inv.res.servers.getMany(orgId, wanted))).map(toServer);
}
