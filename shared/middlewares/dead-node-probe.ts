import type { Context, Middleware, ServiceBroker } from "moleculer";
import { ErrorCode, type NatsConnection, type NatsError } from "nats";

export interface DeadNodeProbeOptions {
  /** A remote call still waiting after this long gets its node probed, and again every as long while it waits (0 turns the probe off). */
  afterMs: number;
  /** How long a probe waits for the bus to say that nobody listens for the node; silence means the node is there. */
  timeoutMs: number;
}

/** The parts of Moleculer's NATS transporter the probe uses. */
interface NatsTransporter {
  client?: NatsConnection;
  getTopicName(cmd: string, nodeID: string): string;
  serialize(packet: { type: string; target: string; payload: Record<string, unknown> }): Uint8Array;
}

/**
 * Notices a crashed node (SIGKILL, OOM kill: no goodbye on the bus) while calls wait on it, instead
 * of after the heartbeat timeout. A remote call still pending after `afterMs` sends its node a
 * PING as a NATS request. The node's process never answers the request itself (Moleculer answers
 * a ping with a PONG of its own), so the answer comes from the NATS server: "no responders" when
 * no connection subscribes to the node's PING subject any more, which happens only when its
 * connection is gone. Then the node is marked disconnected in this broker's registry, exactly as
 * the heartbeat check would later: Moleculer rejects the calls pending on it (idempotent ones fail
 * over, others answer 503) and stops routing to it. A node that is alive but busy (a blocked event
 * loop, a long GC) keeps its subscription, so it is never dropped, however late it answers. A node
 * whose host vanished without closing its connection is still left to the heartbeat timeout.
 * One probe per node at a time; no timer outlives the call it watches.
 */
export function deadNodeProbeMiddleware(opts: DeadNodeProbeOptions): Middleware {
  let broker: ServiceBroker;
  const probing = new Map<string, Promise<void>>();

  async function listenerGone(nodeID: string): Promise<boolean> {
    const tx = broker.transit?.tx as unknown as NatsTransporter | undefined;
    if (!tx?.client || tx.client.isClosed()) return false;
    const ping = tx.serialize({ type: "PING", target: nodeID, payload: { time: Date.now(), id: broker.generateUid() } });
    try {
      await tx.client.request(tx.getTopicName("PING", nodeID), ping, { timeout: opts.timeoutMs, noMux: true });
      return false;
    } catch (err) {
      return (err as NatsError).code === (ErrorCode.NoResponders as string);
    }
  }

  async function probe(nodeID: string, waitingAction: string): Promise<void> {
    if (!(await listenerGone(nodeID))) return;
    const node = broker.registry.nodes.get(nodeID) as { available: boolean } | undefined;
    if (!node?.available) return;
    broker.logger.warn(`node '${nodeID}' has left the bus (nobody listens for it) while a call to '${waitingAction}' waited on it: treated as gone`);
    broker.registry.nodes.disconnected(nodeID, true);
  }

  function probeOnce(nodeID: string, waitingAction: string): void {
    if (probing.has(nodeID)) return;
    const running = probe(nodeID, waitingAction)
      .catch((err: unknown) => broker.logger.warn(`probing node '${nodeID}' failed`, { error: (err as Error).message }))
      .finally(() => probing.delete(nodeID));
    probing.set(nodeID, running);
  }

  return {
    name: "DeadNodeProbe",
    created(b: ServiceBroker) {
      broker = b;
    },
    remoteAction(next: (ctx: Context) => Promise<unknown>, action: { name: string }) {
      if (opts.afterMs <= 0) return next;
      return function probeWhileWaiting(ctx: Context): Promise<unknown> {
        const nodeID = ctx.nodeID;
        if (!nodeID) return next(ctx);
        const timer = setInterval(() => probeOnce(nodeID, action.name), opts.afterMs);
        timer.unref();
        return next(ctx).finally(() => clearInterval(timer));
      };
    },
  } as unknown as Middleware;
}
