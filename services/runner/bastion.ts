import type { HostKey, ServerConnection } from "../../shared/contracts/inventory.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import type { RunnerDeps } from "./deps.ts";
import { HostKeyRefusedError, openSsh, SshError, type SshSession } from "./ssh.ts";
import { call } from "../../shared/call.ts";

const sameKey = (a: HostKey, b: HostKey) => a.algorithm === b.algorithm && a.key === b.key;

const mismatch = (pinned: HostKey, presented: HostKey) =>
  new SshError(`host key mismatch: pinned ${pinned.fingerprint}, presented ${presented.fingerprint}; reset the host key if the server was rebuilt`, false);

/**
 * Connects to a server as its connection details say, trusting its host key on first use: with
 * no key pinned the one presented is pinned (`onPinned` hears its fingerprint); a key other than
 * the pinned one is refused with an SshError naming both fingerprints. The bootstrap of a bastion
 * and a cluster run both come in this way.
 */
export async function connectPinned(deps: RunnerDeps, conn: ServerConnection, onPinned?: (fingerprint: string) => void): Promise<SshSession> {
  const { server } = conn;
  const pinned = conn.host_key;
  let presented: HostKey | undefined;
  let session: SshSession;
  try {
    session = await openSsh(
      { host: server.public_ip_address, port: server.ssh_port, username: server.ssh_user, privateKey: conn.private_key },
      {
        timeoutMs: deps.settings.RUNNER_CONNECT_TIMEOUT_MS,
        allowPrivate: deps.settings.SSH_ALLOW_PRIVATE_TARGETS,
        verifyHostKey: (key) => {
          presented = key;
          return pinned === null || sameKey(pinned, key);
        },
      },
    );
  } catch (err) {
    if (err instanceof HostKeyRefusedError && pinned) throw mismatch(pinned, err.presented);
    throw err;
  }
  if (pinned !== null || !presented) return session;
  try {
    // another connection may have pinned a key since the details were read: the stored pin decides
    const pin = await call(deps.bus, INVENTORY_ACTIONS.pinHostKey, { organization_id: server.organization_id, server_id: server.id, host_key: presented });
    if (pin.server === null) throw new SshError("server deleted", false);
    if (pin.host_key && !sameKey(pin.host_key, presented)) throw mismatch(pin.host_key, presented);
  } catch (err) {
    session.close();
    throw err;
  }
  onPinned?.(presented.fingerprint);
  return session;
}
