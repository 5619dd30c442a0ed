import type { Context, Middleware, ServiceBroker } from "moleculer";

export interface DeadNodeProbeOptions {
  /** A remote call still waiting after this long gets its node pinged (0 turns the probe off). */
  afterMs: number;
  /** A node that does not answer the ping within this long is treated as gone. */
  pongTimeoutMs: number;
}

/** How much later than asked our own timer may fire before a missing pong proves nothing about the other node. */
const OWN_LAG_TOLERANCE_MS = 100;

/**
 * Notices a crashed node (SIGKILL, lost pod: no goodbye on the bus) while calls wait on it, instead
 * of after the heartbeat timeout. A remote call still pending after `afterMs` pings its node
 * (Moleculer's own PING/PONG); without a pong within `pongTimeoutMs` the node is marked
 * disconnected in this broker's registry, exactly as the heartbeat check would later: Moleculer
 * rejects the calls pending on it (idempotent ones fail over, others answer 503) and stops routing
 * to it. A slow but live node answers the ping between two steps of its work, so its call keeps
 * waiting. A node wrongly dropped comes back with its next heartbeat (Moleculer rediscovers it).
 * One probe per node at a time; no timer is left behind a call that settles first.
 */
export function deadNodeProbeMiddleware(opts: DeadNodeProbeOptions): Middleware {
  let broker: ServiceBroker;
  const probing = new Map<string, Promise<void>>();

  async function probe(nodeID: string, waitingAction: string): Promise<void> {
    const sent = performance.now();
    // resolves null on timeout, although Moleculer's types say otherwise
    const pong: unknown = await broker.ping(nodeID, opts.pongTimeoutMs);
    if (pong) return;
    // a timer that fired late means this process was busy: the pong may be queued behind it
    if (performance.now() - sent > opts.pongTimeoutMs + OWN_LAG_TOLERANCE_MS) return;
    const node = broker.registry.nodes.get(nodeID) as { available: boolean } | undefined;
    if (!node?.available) return;
    broker.logger.warn(`node '${nodeID}' did not answer a ping within ${opts.pongTimeoutMs} ms while a call to '${waitingAction}' waited on it: treated as gone`);
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
      return function probeWhenSlow(ctx: Context): Promise<unknown> {
        const nodeID = ctx.nodeID;
        if (!nodeID) return next(ctx);
        const timer = setTimeout(() => probeOnce(nodeID, action.name), opts.afterMs);
        timer.unref();
        return next(ctx).finally(() => clearTimeout(timer));
      };
    },
  } as unknown as Middleware;
}
