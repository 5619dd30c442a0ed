import type { ServiceSchema } from "moleculer";
import type { ServiceName } from "../shared/config.ts";
import createApiService from "../services/api/api.service.ts";
import createAuthService from "../services/auth/auth.service.ts";
import createClustersService from "../services/clusters/clusters.service.ts";
import createCredentialsService from "../services/credentials/credentials.service.ts";
import createDnsService from "../services/dns/dns.service.ts";
import createEventsService from "../services/events/events.service.ts";
import createInventoryService from "../services/inventory/inventory.service.ts";
import createJobsService from "../services/jobs/jobs.service.ts";
import createOrgsService from "../services/orgs/orgs.service.ts";
import createRunnerService from "../services/runner/runner.service.ts";

/** Every service a process can host, by the name `SERVICES` uses. */
export const SERVICE_FACTORIES: Record<ServiceName, () => ServiceSchema> = {
  api: createApiService,
  auth: createAuthService,
  orgs: createOrgsService,
  inventory: createInventoryService,
  credentials: createCredentialsService,
  dns: createDnsService,
  clusters: createClustersService,
  jobs: createJobsService,
  events: createEventsService,
  runner: createRunnerService,
};

/** Services that keep data and therefore need MONGO_URL. */
export function needsDatabase(names: readonly ServiceName[]): boolean {
  return names.some((n) => n !== "api");
}
