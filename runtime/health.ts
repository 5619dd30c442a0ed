import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";
import type { ServiceBroker } from "moleculer";
import { databasesHealth } from "../shared/db.ts";

/**
 * The per-process health and metrics server (HEALTH_PORT), separate from the gateway's port so
 * every process has one, the gateway included, and probes never pass the rate limiter:
 *
 * - `GET /livez`   200 while the process and its event loop answer (a blocked loop never answers).
 * - `GET /readyz`  200 when the broker is started and not draining, the transporter (if any) is
 *                  connected, and every database this process opened answers a ping; else 503.
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
  const transporter: boolean | "none" = transit ? transit.connected && transit.isReady : "none";
  const databases = await databasesHealth();
  const ready = started && !draining && transporter !== false && databases.every((d) => d.ok);
  return { ready, checks: { broker: started, draining, transporter, databases } };
}

interface MetricValue {
  labels?: Record<string, unknown>;
  value?: unknown;
  count?: number;
  sum?: number;
  buckets?: Record<string, number>;
  [quantile: string]: unknown;
}
interface MetricList {
  name: string;
  description?: string;
  type: string;
  unit?: string;
  values: MetricValue[];
}

function metricName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_:]/g, "_");
}

function labelText(labels: Record<string, unknown>): string {
  const parts = Object.entries(labels)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${metricName(k)}="${String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`);
  return parts.length > 0 ? `{${parts.join(",")}}` : "";
}

function num(v: unknown): string {
  return typeof v === "number" && Number.isFinite(v) ? String(v) : "NaN";
}

/** Moleculer's process metrics that describe the host, not the service: never exposed. */
const HOST_DETAILS = new Set(["process.arguments", "os.user.homedir", "os.network.mac"]);

/**
 * Prometheus text exposition (0.0.4) of the broker's metric registry (without HOST_DETAILS). Histograms with buckets
 * come out as real Prometheus histograms (`_bucket`/`_sum`/`_count`), quantile-only ones as
 * summaries; every sample carries the `namespace` and `nodeID` labels.
 */
export function prometheusText(broker: ServiceBroker): string {
  if (!broker.isMetricsEnabled()) return "";
  const base = { namespace: broker.namespace || undefined, nodeID: broker.nodeID };
  const out: string[] = [];
  for (const m of broker.metrics.list() as unknown as MetricList[]) {
    if (m.name.startsWith("os.datetime") || HOST_DETAILS.has(m.name) || m.values.length === 0) continue;
    const name = metricName(m.name);
    const help = (m.description ?? m.name) + (m.unit ? ` (${m.unit})` : "");
    if (m.type === "counter" || m.type === "gauge") {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${m.type}`);
      for (const v of m.values) out.push(`${name}${labelText({ ...base, ...v.labels })} ${num(v.value)}`);
    } else if (m.type === "info") {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
      for (const v of m.values) out.push(`${name}${labelText({ ...base, ...v.labels, value: v.value })} 1`);
    } else if (m.type === "histogram") {
      const hasBuckets = m.values.some((v) => v.buckets);
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${hasBuckets ? "histogram" : "summary"}`);
      for (const v of m.values) {
        const labels = { ...base, ...v.labels };
        if (hasBuckets) {
          for (const [le, count] of Object.entries(v.buckets ?? {}).sort((a, b) => Number(a[0]) - Number(b[0])))
            out.push(`${name}_bucket${labelText({ ...labels, le })} ${num(count)}`);
          out.push(`${name}_bucket${labelText({ ...labels, le: "+Inf" })} ${num(v.count)}`);
        } else {
          for (const q of ["0.5", "0.9", "0.95", "0.99"]) if (q in v) out.push(`${name}${labelText({ ...labels, quantile: q })} ${num(v[q])}`);
        }
        out.push(`${name}_sum${labelText(labels)} ${num(v.sum)}`, `${name}_count${labelText(labels)} ${num(v.count)}`);
      }
    }
  }
  return out.length > 0 ? out.join("\n") + "\n" : "";
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
export async function startHealthServer(broker: ServiceBroker, opts: { port: number; host: string }): Promise<HealthServer> {
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
      if (!broker.isMetricsEnabled()) {
        send(res, 404, "metrics are disabled (METRICS_ENABLED=false)\n", "text/plain; charset=utf-8");
        return;
      }
      recordLoopDelay(broker, scrapeLoop);
      send(res, 200, prometheusText(broker), "text/plain; version=0.0.4; charset=utf-8");
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
