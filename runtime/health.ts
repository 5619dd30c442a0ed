import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";
import { MetricReporters, MetricTypes, type MetricRegistry, type ServiceBroker } from "moleculer";
import { buildInfo } from "../shared/build-info.ts";
import { config } from "../shared/config.ts";
import { databasesHealth } from "../shared/db.ts";
import { busLinkAnnounced, busLinkDown } from "../shared/middlewares/bus-link.ts";

/**
 * The per-process health and metrics server (HEALTH_PORT), separate from the gateway's port so
 * every process has one, the gateway included, and probes never pass the rate limiter:
 *
 * - `GET /livez`   200 while the process and its event loop answer (a blocked loop never answers).
 * - `GET /readyz`  200 when the broker is started and not draining, the transporter (if any) is
 *                  connected (the NATS client's own status, not Moleculer's flag) and the other nodes
 *                  have taken in this one's services, and every database this process opened answers a ping; else 503.
 * - `GET /metrics` Moleculer's metrics and the gateway's HTTP metrics, Prometheus text format.
 */
export interface HealthServer {
  port: number;
  /** From now on /readyz answers 503 (SIGTERM: drain before stopping). */
  setDraining(): void;
  close(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  checks: {
    broker: boolean;
    draining: boolean;
    transporter: boolean | "none";
    databases: { service: string; ok: boolean }[];
  };
}

/** What /readyz reports: each check, and whether all of them pass. */
export async function readiness(broker: ServiceBroker, draining: boolean): Promise<Readiness> {
  const started = (broker as unknown as { started: boolean; stopping: boolean }).started && !(broker as unknown as { stopping: boolean }).stopping;
  const transit = (broker as unknown as { transit?: { connected: boolean; isReady: boolean } }).transit;
  // Moleculer's `connected` stays true while the NATS client reconnects: the client's own status says
  // and the other nodes must have taken in this one's services (it can be routed to)
  const transporter: boolean | "none" = transit ? transit.connected && transit.isReady && !busLinkDown(broker) && busLinkAnnounced(broker) : "none";
  const databases = await databasesHealth();
  const ready = started && !draining && transporter !== false && databases.every((d) => d.ok);
  return { ready, checks: { broker: started, draining, transporter, databases } };
}

/**
 * Moleculer's Prometheus reporter (the broker's `metrics.reporter`), answering on the health port
 * instead of opening a port of its own. Host details are never exported: the process arguments,
 * the home directory and the MAC addresses. Histograms are `BucketHistogram`s: buckets, `_sum`
 * and `_count`.
 */
export class HealthPortPrometheusReporter extends MetricReporters.Prometheus {
  constructor() {
    // one series per action and per event listener (hundreds, the biggest part of an idle scrape):
    // the per-service endpoint counts say the same for routing
    super({
      path: "/metrics",
      excludes: ["process.arguments", "os.user.homedir", "os.network.mac", "moleculer.registry.action.endpoints.total", "moleculer.registry.event.endpoints.total"],
    });
  }

  override init(registry: MetricRegistry): void {
    MetricReporters.Base.prototype.init.call(this, registry);
    Object.assign(this, { defaultLabels: { namespace: registry.broker.namespace, nodeID: registry.broker.nodeID } });
  }

  override stop(): Promise<void> {
    return Promise.resolve();
  }

  override generatePrometheusResponse(): string {
    return plainHistograms(super.generatePrometheusResponse());
  }
}

/**
 * Moleculer's histogram without what /metrics never shows (`plainHistograms` drops it): the
 * quantiles, a time-windowed reservoir every observation updates, and the rate (together a third
 * of a health check's CPU under load: every request and every action call observes one).
 * Registered in Moleculer's place for the type `histogram`, so its own request
 * histograms are these too. Its snapshots carry an empty `quantiles`: Moleculer's Prometheus
 * reporter writes `_sum` and `_count` only for a histogram with quantiles.
 */
export class BucketHistogram extends MetricTypes.Histogram {
  /** The buckets' bounds as the property names of an item's `bucketValues` (a float turned into a name at every observation cost more than the rest of it). */
  private readonly bucketKeys: string[];

  constructor(...args: ConstructorParameters<typeof MetricTypes.Histogram>) {
    super(...args);
    Object.assign(this, { quantiles: undefined, rate: undefined });
    // a histogram may have quantiles only (the typings say otherwise)
    this.bucketKeys = ((this.buckets as number[] | undefined) ?? []).map(String);
  }

  /** Moleculer's observe, for a series seen before (the first observation creates it there). */
  override observe(value: number, labels?: Record<string, unknown>, timestamp?: number): void {
    const item = this.values.get(this.hashingLabels(labels)) as
      { timestamp: number; sum: number; count: number; lastValue: number; bucketValues?: Record<string, number> } | undefined;
    if (!item) {
      super.observe(value, labels, timestamp);
      return;
    }
    item.timestamp = timestamp ?? Date.now();
    item.sum += value;
    item.count++;
    item.lastValue = value;
    const counts = item.bucketValues;
    if (counts) {
      for (let i = 0; i < this.bucketKeys.length; i++) if (value <= this.buckets[i]!) counts[this.bucketKeys[i]!]! += 1;
    }
    this.changed(value, labels, timestamp);
  }

  override generateItemSnapshot(item: Record<string, unknown>, key: string): ReturnType<InstanceType<typeof MetricTypes.Histogram>["generateItemSnapshot"]> {
    return { ...super.generateItemSnapshot(item, key), quantiles: {} };
  }
}
MetricTypes.register("Histogram", BucketHistogram as never);

/**
 * Moleculer writes, under a histogram's name, a summary's quantile samples and `_min`, `_mean`,
 * `_variance`, `_stddev`, `_max` and `_rate` series beside the buckets: series no histogram has,
 * which Prometheus stores as duplicates of what the buckets give (and an idle process's scrape
 * triples). A histogram keeps its `_bucket`, `_sum` and `_count` lines only.
 */
export function plainHistograms(text: string): string {
  let histogram: string | undefined;
  return text
    .split("\n")
    .filter((line) => {
      if (line.startsWith("#")) {
        const type = /^# TYPE (\S+) (\S+)$/.exec(line);
        if (type) histogram = type[2] === "histogram" ? type[1] : undefined;
        return true;
      }
      if (histogram === undefined || line === "") return true;
      return [`${histogram}_bucket{`, `${histogram}_sum{`, `${histogram}_count{`].some((kept) => line.startsWith(kept));
    })
    .join("\n");
}

function prometheusReporter(broker: ServiceBroker): HealthPortPrometheusReporter | undefined {
  const reporters = (broker.metrics as unknown as { reporter?: unknown[] }).reporter ?? [];
  return reporters.find((r): r is HealthPortPrometheusReporter => r instanceof HealthPortPrometheusReporter);
}

const LAG_SAMPLE_MS = 100;

/**
 * Event-loop lag: how late a 100 ms timer fires (a loop blocked for 300 ms delays it by about
 * that). Node's monitorEventLoopDelay does not show such a block on Node 22, so the timer is ours.
 * `sinceStart` feeds /livez, `sinceScrape` /metrics (reset at each scrape).
 */
function startLagSampler(): { sinceStart: RecordableHistogram; sinceScrape: RecordableHistogram; stop(): void } {
  const sinceStart = createHistogram();
  const sinceScrape = createHistogram();
  let expected = performance.now() + LAG_SAMPLE_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    const lateNs = Math.max(1, Math.round((now - expected) * 1e6));
    sinceStart.record(lateNs);
    sinceScrape.record(lateNs);
    expected = now + LAG_SAMPLE_MS;
  }, LAG_SAMPLE_MS);
  timer.unref();
  return { sinceStart, sinceScrape, stop: () => clearInterval(timer) };
}

/** Event-loop lag since the previous scrape, as gauges in seconds (p50, p99, max), then a fresh window. */
const LOOP_DELAY_GAUGES = [
  ["process.eventloop.delay.p50", 50],
  ["process.eventloop.delay.p99", 99],
  ["process.eventloop.delay.max", 100],
] as const;

function recordLoopDelay(broker: ServiceBroker, delay: RecordableHistogram): void {
  for (const [name, percentile] of LOOP_DELAY_GAUGES) {
    if (!broker.metrics.getMetric(name))
      broker.metrics.register({
        name,
        type: "gauge",
        unit: "seconds",
        description: `event-loop lag since the previous scrape, ${percentile === 100 ? "maximum" : `p${percentile}`}`,
      });
    broker.metrics.set(name, (percentile === 100 ? delay.max : delay.percentile(percentile)) / 1e9);
  }
  delay.reset();
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json; charset=utf-8"): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Starts the health server on `port` (0 picks a free one: tests). */
/** `build_info{version,revision,node} 1`: which build a process runs, for dashboards and alerts across replicas. */
function registerBuildInfo(broker: ServiceBroker): void {
  if (!broker.isMetricsEnabled() || broker.metrics.hasMetric(BUILD_INFO)) return;
  const info = buildInfo(config(), new Date());
  broker.metrics.register({ type: "gauge", name: BUILD_INFO, labelNames: ["version", "revision", "node"], description: "the build this process runs (always 1)" });
  broker.metrics.set(BUILD_INFO, 1, { version: info.version, revision: info.revision, node: process.version });
}

const BUILD_INFO = "build.info";

export async function startHealthServer(broker: ServiceBroker, opts: { port: number; host: string }): Promise<HealthServer> {
  registerBuildInfo(broker);
  let draining = false;
  const lag = startLagSampler();
  const loop = lag.sinceStart;
  const scrapeLoop = lag.sinceScrape;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(res, 405, { status: "method not allowed" });
      return;
    }
    if (path === "/livez") {
      send(res, 200, { status: "ok", event_loop_delay_p99_ms: Math.round(loop.percentile(99) / 1e5) / 10 });
      return;
    }
    if (path === "/readyz") {
      const r = await readiness(broker, draining);
      send(res, r.ready ? 200 : 503, { status: r.ready ? "ready" : "not ready", ...r.checks });
      return;
    }
    if (path === "/metrics") {
      const reporter = broker.isMetricsEnabled() ? prometheusReporter(broker) : undefined;
      if (!reporter) {
        send(res, 404, "metrics are disabled (METRICS_ENABLED=false)\n", "text/plain; charset=utf-8");
        return;
      }
      recordLoopDelay(broker, scrapeLoop);
      reporter.handler(req, res);
      return;
    }
    send(res, 404, { status: "not found" });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      broker.logger.error("health server: request failed", err);
      if (!res.headersSent) send(res, 500, { status: "error" });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port, opts.host, () => {
      server.off("error", fail);
      ok();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    setDraining() {
      draining = true;
    },
    async close() {
      lag.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
