import { Loggers } from "moleculer";
import { inspect } from "node:util";

/** What Moleculer passes to a logger for each module (mirrors its LoggerBindings). */
interface LoggerBindings {
  nodeID: string;
  ns: string;
  mod: string;
  svc?: string;
}

const REDACTED = "[REDACTED]";

/** Object keys whose values never reach a log line. */
const SENSITIVE_KEY =
  /^(authorization|cookie|set-cookie|password|passwd|secret|client_secret|.*_secret|secret_.*|token|.*_token|api_?key|x-api-key|x-org-key|x-org-secret|plain|org_key|org_secret|private_key|kubeconfig|master_key|code_verifier|jwt|key_material|ciphertext|refresh)$/i;

/** Secret-looking substrings inside free text. */
const SENSITIVE_TEXT: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, // JWT
  /\b(u|org|orgsec|rt)_[A-Za-z0-9_-]{16,}/g, // API keys, org keys/secrets, refresh tokens
  /(mongodb(?:\+srv)?|redis|rediss|nats):\/\/[^:@/\s]+:[^@/\s]+@/gi, // credentials in URLs
  /(?<=[?&](?:code|state|code_verifier|refresh_token|access_token|client_secret)=)[^&\s"']+/gi, // OAuth query values
];

/** Returns a copy of `value` with secrets removed; safe on cycles and odd inputs. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[Object]";
  if (seen.has(value)) return "[Circular]";
  seen.add(value);
  if (value instanceof Error) {
    // a library's error may carry a message or stack that is not a string (an object, a getter's answer)
    const text = (v: unknown) => (typeof v === "string" ? redactText(v) : redact(v, depth + 1, seen));
    const out: Record<string, unknown> = { name: value.name, message: text(value.message) };
    const withCode = value as Error & { code?: unknown; type?: unknown };
    if (withCode.code !== undefined) out.code = withCode.code;
    if (withCode.type !== undefined) out.type = withCode.type;
    if (value.stack) out.stack = text(value.stack);
    return out;
  }
  if (Buffer.isBuffer(value)) return `[Buffer ${value.length}]`;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE_KEY.test(k) && v !== undefined && v !== null ? REDACTED : redact(v, depth + 1, seen);
  }
  return out;
}

export function redactText(text: string): string {
  let out = text;
  for (const re of SENSITIVE_TEXT) {
    out = out.replace(re, (m, scheme: string | undefined) => (typeof scheme === "string" && m.includes("://") ? `${scheme}://${REDACTED}@` : REDACTED));
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;
type Level = (typeof LEVELS)[number];

export interface RedactingLoggerOptions {
  level?: Level;
  format?: "json" | "pretty";
  /** Where lines go; stdout by default. Tests pass a collector. */
  write?: (line: string) => void;
}

/**
 * Moleculer's and moleculer-web's start-up and shutdown chatter (its options, each service
 * registered, started and stopped): logged at debug, so that a start at info shows the few lines
 * of our own (where the database and the master key are, and one line with the API's URLs).
 * The bus connection and nodes joining and leaving it stay at info.
 */
const LIFECYCLE_CHATTER =
  /^(Moleculer v\S+ is starting|Namespace: |Node ID: |Metrics: |Metric reporter|Tracing: |Tracer: |Strategy: |Discoverer: |Cacher: |Serializer: |Validator: |Transporter: |Registered \d+ middleware|'[^']+' service is registered|Service '[^']+' (is )?(started|stopped)\.|API Gateway (server created|listening on|stopped)|✔ ServiceBroker with|ServiceBroker is stopped|Connecting to the transporter)/;

/**
 * Moleculer logger writing one JSON object per line (or a short human line with
 * `format: "pretty"`), with every argument passed through `redact`. In JSON, the fields of a
 * plain-object argument are fields of the line (`logger.info("request", { status: 200 })` →
 * `{"msg":"request","status":200,…}`); the line's own keys (ts, level, node, svc, mod, msg) win.
 */
export class RedactingLogger extends Loggers.Base<RedactingLoggerOptions & { level: Level }> {
  private readonly write: (line: string) => void;
  private readonly format: "json" | "pretty";

  constructor(opts: RedactingLoggerOptions = {}) {
    super({ level: opts.level ?? "info" });
    this.format = opts.format ?? "json";
    this.write = opts.write ?? ((line) => process.stdout.write(line + "\n"));
  }

  override getLogHandler(bindings: LoggerBindings): (level: Level, args: unknown[]) => void {
    const configured = this.getLogLevel(bindings.mod) ?? "info";
    const max = LEVELS.indexOf(configured);
    return (asked, args) => {
      const level = asked === "info" && typeof args[0] === "string" && LIFECYCLE_CHATTER.test(args[0]) ? "debug" : asked;
      if (LEVELS.indexOf(level) > max) return;
      const clean = args.map((a) => redact(a));
      const text = (parts: unknown[]) => parts.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 4, breakLength: Infinity }))).join(" ");
      if (this.format === "pretty") {
        this.write(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${bindings.mod}: ${text(clean)}`);
        return;
      }
      // plain objects become fields of the line (queryable), the rest its message
      const fields: Record<string, unknown> = {};
      const rest: unknown[] = [];
      args.forEach((a, i) => {
        if (isPlainObject(a)) Object.assign(fields, clean[i]);
        else rest.push(clean[i]);
      });
      this.write(
        JSON.stringify({
          ...fields,
          ts: new Date().toISOString(),
          level,
          node: bindings.nodeID,
          ns: bindings.ns || undefined,
          svc: bindings.svc,
          mod: bindings.mod,
          msg: text(rest),
        }),
      );
    };
  }
}
