import { TracerExporters, type Span } from "moleculer";

/**
 * Moleculer's Zipkin exporter, with the whole request id as the 128-bit trace id. Moleculer's own
 * keeps its first 16 hex digits, which for our request ids (UUIDv7) are the millisecond and a
 * per-process counter: two gateways taking a request in the same millisecond gave both the same
 * trace. Zipkin, Jaeger and OpenTelemetry take 128-bit trace ids; span ids stay 64-bit.
 */
export class RequestIdZipkinExporter extends TracerExporters.Zipkin {
  override makePayload(span: Span): Record<string, unknown> {
    const payload = super.makePayload(span) as Record<string, unknown>;
    if (span.traceID) payload.traceId = span.traceID.replace(/-/g, "");
    return payload;
  }
}
