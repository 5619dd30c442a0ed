import { randomBytes } from "node:crypto";
import { ServiceBroker } from "moleculer";
import { resetConfig } from "../../shared/config.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { defineJobsModels } from "../../services/jobs/models.ts";
import { jobsTestService, type HandlerStore } from "./jobs-handlers.ts";
import { startNode, waitUntil, type NodeProcess, distributedEnv } from "./processes.ts";

/** Environment shared by the processes of one e2e jobs test (own NATS namespace and databases). */
export function jobsE2eEnv(): Record<string, string> {
  return {
    ...distributedEnv(`e2e-jobs-${randomBytes(4).toString("hex")}`),
    LOG_LEVEL: "warn",
  };
}

/** A `jobs` replica in its own process. */
export function startJobsNode(name: string, common: Record<string, string>, env: Record<string, string> = {}): NodeProcess {
  return startNode(name, { ...common, SERVICES: "jobs", NODE_ID: name, HEALTH_PORT: "0", ...env });
}

/** The test's own node on the bus, hosting the handler service (its store counts executions). */
export async function startHandlerNode(common: Record<string, string>, store: HandlerStore): Promise<ServiceBroker> {
  const broker = new ServiceBroker({
    namespace: common.NAMESPACE!,
    nodeID: `handlers-${randomBytes(3).toString("hex")}`,
    transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
    serializer: "JSON",
    logger: false,
    heartbeatInterval: 5,
    heartbeatTimeout: 15,
  });
  broker.createService(jobsTestService(store));
  await broker.start();
  return broker;
}

/** Waits until `count` nodes host an available `jobs` service. */
export async function waitForJobsNodes(broker: ServiceBroker, count: number, timeoutMs = 60_000): Promise<void> {
  await waitUntil(
    `${count} jobs replicas on the bus`,
    async () => {
      const nodes = new Set((broker.registry.getServiceList({ onlyAvailable: true }) as { name: string; nodeID: string }[]).filter((s) => s.name === "jobs").map((s) => s.nodeID));
      return nodes.size >= count ? true : undefined;
    },
    timeoutMs,
  );
}

/** The jobs service's database, opened from the test process (to assert stored state). */
export async function openJobsDatabase(dbPrefix: string): Promise<ServiceDatabase<ReturnType<typeof defineJobsModels>>> {
  process.env.DB_PREFIX = dbPrefix;
  resetConfig();
  const db = new ServiceDatabase("jobs", defineJobsModels);
  await db.open();
  return db;
}
