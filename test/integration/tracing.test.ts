import { strict as assert } from "node:assert";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { newId } from "../../shared/ids.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

interface ZipkinSpan {
  traceId: string;
  id: string;
  parentId?: string | null;
  name: string;
  localEndpoint?: { serviceName?: string | null };
  duration?: number;
}

/**
 * TRACING=zipkin: the spans of a request reach a collector that speaks Zipkin's v2 API (a local
 * server here, taking what Zipkin, Jaeger or an OpenTelemetry Collector's zipkin receiver would),
 * one trace per request whose id is the request id the logs carry.
 */
describe("tracing exported to a Zipkin-compatible collector", () => {
  let collector: Server;
  const received: ZipkinSpan[] = [];
  let stack: Stack;
  let tenant: Tenant;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.method === "POST" && req.url === "/api/v2/spans") received.push(...(JSON.parse(body) as ZipkinSpan[]));
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
    const port = (collector.address() as { port: number }).port;
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "dns", "clusters", "jobs"],
      env: { TRACING: "zipkin", TRACING_ZIPKIN_URL: `http://127.0.0.1:${port}/`, TRACING_INTERVAL_S: "0.2" },
    });
    tenant = await newTenant(stack, "Traced Inc");
  });
  afterAll(async () => {
    await stack.stop();
    await new Promise<void>((r) => collector.close(() => r()));
  });

  it("a request's spans share its request id as trace id, across the services it crossed", async () => {
    const requestId = newId();
    const res = await tenant.http.get("/api/v1/labels", { headers: { "x-request-id": requestId } });
    assert.equal(res.status, 200);
    // the whole request id, 128 bits: its first 16 hex digits are only the millisecond and a per-process counter
    const traceId = requestId.replace(/-/g, "");
    const spans = await waitUntil("the request's spans at the collector", async () => {
      const mine = received.filter((s) => s.traceId === traceId);
      return mine.some((s) => s.name.startsWith("action 'inventory.")) ? mine : undefined;
    });
    const services = new Set(spans.map((s) => s.localEndpoint?.serviceName));
    assert.ok(services.has("api") && services.has("inventory"), [...services].join(", "));
    // one tree: every span but the root has its parent among the trace's spans
    const ids = new Set(spans.map((s) => s.id));
    assert.equal(spans.filter((s) => !s.parentId || !ids.has(s.parentId)).length, 1, "a single root");
    assert.ok(spans.every((s) => typeof s.duration === "number"));
  });

  it("a job a request enqueued runs under the request's id: its spans join the request's trace", async () => {
    const requestId = newId();
    const res = await tenant.http.post("/api/v1/clusters", { name: "traced" }, { headers: { "x-request-id": requestId } });
    assert.equal(res.status, 201);
    const traceId = requestId.replace(/-/g, "");
    // the POST enqueued clusters.validate; the jobs service runs it later, as a call of its own
    const spans = await waitUntil("the validation job's span in the request's trace", async () => {
      const mine = received.filter((s) => s.traceId === traceId);
      return mine.some((s) => s.name === "action 'clusters.validate'") ? mine : undefined;
    });
    assert.ok(spans.some((s) => s.name === "action 'clusters.create'"));
  });
});
