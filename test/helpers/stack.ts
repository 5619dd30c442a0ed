import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { ServiceBroker, type Service } from "moleculer";
import { brokerOptions } from "../../moleculer.config.ts";
import { loadService } from "../../runtime/services.ts";
import { config, resetConfig, type ServiceName } from "../../shared/config.ts";
import { HttpClient } from "./http.ts";
import { ResponseValidator } from "./openapi-validator.ts";

export interface Stack {
  broker: ServiceBroker;
  /** Base URL of the gateway, e.g. http://127.0.0.1:43210 */
  baseUrl: string;
  http: HttpClient;
  /** Every log line the broker wrote (already redacted), for secrets-hygiene assertions. */
  logs: string[];
  dbPrefix: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  services: ServiceName[];
  /** Extra environment for this stack (merged over the test defaults). */
  env?: Record<string, string>;
  /**
   * Check every response against the OpenAPI document (default true). Off only where fetching
   * the document would disturb what is measured (the rate-limit tests count every request).
   */
  checkResponses?: boolean;
}

/** A database prefix no other test file uses. */
export function uniquePrefix(): string {
  return `t${randomBytes(5).toString("hex")}`;
}

/**
 * Starts an in-process broker with the chosen services and the gateway on a free port,
 * against the real MongoDB-compatible server in MONGO_URL, with its own database prefix.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const dbPrefix = uniquePrefix();
  const env: Record<string, string> = {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DB_PREFIX: dbPrefix,
    LOG_LEVEL: "info",
    RATE_LIMIT_PER_MINUTE: "0",
    SERVICES: opts.services.join(","),
    ...opts.env,
  };
  const saved = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries(env)) {
    saved.set(k, process.env[k]);
    process.env[k] = v;
  }
  resetConfig();
  const cfg = config();
  const logs: string[] = [];
  const broker = new ServiceBroker(brokerOptions(cfg, { nodeID: `test-${dbPrefix}`, logWrite: (l) => logs.push(l) }));
  for (const name of opts.services) broker.createService(await loadService(name));
  await broker.start();

  let baseUrl = "";
  if (opts.services.includes("api")) {
    const api = broker.getLocalService("api") as Service & { server: { address(): AddressInfo } };
    baseUrl = `http://127.0.0.1:${api.server.address().port}`;
  }
  return {
    broker,
    baseUrl,
    http: new HttpClient(baseUrl, {}, baseUrl && opts.checkResponses !== false ? new ResponseValidator(baseUrl) : undefined),
    logs,
    dbPrefix,
    async stop() {
      await broker.stop();
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfig();
    },
  };
}
