import type { Context, Middleware, ServiceBroker } from "moleculer";
import { apiError, MESSAGES } from "../errors.ts";

/** What the NATS client behind Moleculer's transporter reports on its status stream. */
interface NatsStatus {
  type: string;
}
interface NatsLike {
  status(): AsyncIterable<NatsStatus>;
}
interface TransitLike {
  tx?: { client?: NatsLike };
  pendingRequests?: Map<string, { nodeID?: string; action?: { name?: string }; reject(err: unknown): void }>;
}
interface DiscovererLike {
  sendLocalNodeInfo?: () => unknown;
  discoverAllNodes?: () => unknown;
}

/** Brokers whose link to the bus is down right now (the NATS client lost its server). */
const down = new WeakSet<ServiceBroker>();
/** Brokers whose services every other node has taken in since they (re)connected. */
const announced = new WeakSet<ServiceBroker>();

/** Longest wait for the other nodes to answer the ping that follows the announcement. */
const ANNOUNCE_PING_TIMEOUT_MS = 2_000;

/**
 * True while the broker's transporter has lost its connection to the bus. Moleculer's NATS
 * transporter never notices (it only logs the client's status at debug): its `connected` stays
 * true through an outage, so readiness and calls look here instead.
 */
export function busLinkDown(broker: ServiceBroker): boolean {
  return down.has(broker);
}

/**
 * True once the other nodes can route to this one: its services were announced (INFO) and every
 * node it knows has since answered a ping. The bus delivers one sender's packets in order, so a
 * node's pong means it has registered the announcement before it.
 */
export function busLinkAnnounced(broker: ServiceBroker): boolean {
  return announced.has(broker);
}

async function announce(broker: ServiceBroker): Promise<void> {
  announced.delete(broker);
  const discoverer = (broker.registry as unknown as { discoverer?: DiscovererLike }).discoverer;
  await Promise.resolve(discoverer?.sendLocalNodeInfo?.()).catch(() => undefined);
  await Promise.resolve(discoverer?.discoverAllNodes?.()).catch(() => undefined);
  await broker.ping(undefined, ANNOUNCE_PING_TIMEOUT_MS).catch(() => undefined);
  if (!down.has(broker)) announced.add(broker);
}

function outage(action: string | undefined): Error {
  const service = action?.split(".")[0];
  return service ? MESSAGES.serviceUnavailable.errorWith({ service }, service) : apiError("service_unavailable");
}

/**
 * Outages of the bus answered fast and honestly. The NATS client's status stream says when the
 * connection drops and when it is back:
 * - while it is down, a call to another node fails at once with 503 naming the called service
 *   (the NATS client would buffer the request until the request timeout), and the calls already
 *   waiting on other nodes are answered 503 at once too (their answers cannot arrive on this
 *   connection; a write among them may have been applied: a client's Idempotency-Key replays it);
 * - once it is back, the node announces itself and asks the others for theirs, so routing to and
 *   from it resumes without waiting for heartbeats;
 * - at start and after a reconnection the node is ready only once the others have taken in its
 *   services (`busLinkAnnounced`), so a load balancer never sends it traffic the gateways cannot route.
 */
export const BusLinkMiddleware: Middleware = {
  name: "BusLink",
  started(broker: ServiceBroker) {
    const transit = (broker as unknown as { transit?: TransitLike }).transit;
    const client = transit?.tx?.client;
    if (!transit || !client || typeof client.status !== "function") return;
    void announce(broker);
    void (async () => {
      for await (const s of client.status()) {
        if (s.type === "disconnect" || s.type === "staleConnection") {
          if (down.has(broker)) continue;
          down.add(broker);
          announced.delete(broker);
          broker.logger.warn("the bus (NATS) connection is lost: calls to other nodes answer 503 until it is back");
          for (const [id, req] of transit.pendingRequests ?? []) {
            transit.pendingRequests?.delete(id);
            req.reject(outage(req.action?.name));
          }
        } else if (s.type === "reconnect") {
          down.delete(broker);
          broker.logger.info("the bus (NATS) connection is back");
          void announce(broker);
        }
      }
    })().catch(() => undefined);
  },
  stopped(broker: ServiceBroker) {
    down.delete(broker);
    announced.delete(broker);
  },
  remoteAction(next: (ctx: Context) => Promise<unknown>, action: { name: string }) {
    return function failFastWhileBusDown(this: unknown, ctx: Context): Promise<unknown> {
      if (down.has(ctx.broker)) return Promise.reject(outage(action.name));
      return next(ctx);
    };
  },
} as unknown as Middleware;
