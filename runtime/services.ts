import type { ServiceSchema } from "moleculer";
import type { ServiceName } from "../shared/config.ts";

interface ServiceModule {
  default: () => ServiceSchema;
}

/**
 * Every service a process can host, by the name `SERVICES` uses. Imported when a process hosts
 * it, never before: a process loads the code and the dependencies of its own services only (the
 * AWS SDK where dns runs, ssh2 where runner and inventory run, the console and the API
 * documentation where the gateway runs).
 */
const SERVICE_MODULES: Record<ServiceName, () => Promise<ServiceModule>> = {
  api: () => import("../services/api/api.service.ts"),
  auth: () => import("../services/auth/auth.service.ts"),
  orgs: () => import("../services/orgs/orgs.service.ts"),
  inventory: () => import("../services/inventory/inventory.service.ts"),
  credentials: () => import("../services/credentials/credentials.service.ts"),
  dns: () => import("../services/dns/dns.service.ts"),
  clusters: () => import("../services/clusters/clusters.service.ts"),
  jobs: () => import("../services/jobs/jobs.service.ts"),
  events: () => import("../services/events/events.service.ts"),
  runner: () => import("../services/runner/runner.service.ts"),
};

/** The schema of one service, its module loaded on first use. */
export async function loadService(name: ServiceName): Promise<ServiceSchema> {
  return (await SERVICE_MODULES[name]()).default();
}

/** Services that keep data and therefore need MONGO_URL. */
export function needsDatabase(names: readonly ServiceName[]): boolean {
  return names.some((n) => n !== "api");
}
