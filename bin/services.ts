import type { ServiceSchema } from "moleculer";
import type { ServiceName } from "../shared/config.ts";
import createApiService from "../services/api/api.service.ts";
import createAuthService from "../services/auth/auth.service.ts";

/** Every service a process can host, by the name `SERVICES` uses. */
export const SERVICE_FACTORIES: Record<ServiceName, () => ServiceSchema> = {
  api: createApiService,
  auth: createAuthService,
};

/** Services that keep data and therefore need MONGO_URL. */
export function needsDatabase(names: readonly ServiceName[]): boolean {
  return names.some((n) => n !== "api");
}
