import type { Logger } from "moleculer";
import { call } from "../../shared/call.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import { ORGS_ACCESS_CHANGED, type OrgsAccessChanged } from "../../shared/contracts/orgs.ts";
import { jobsClient, type JobsClient } from "../../shared/jobs-client.ts";
import type { Broadcaster, Caller, ServiceRuntime } from "../../shared/service.ts";
import type { OrgsModels } from "./models.ts";

/** What the orgs logic needs, built once when the service starts; clients call in the name of their `caller`. */
export interface OrgsDeps {
  models: OrgsModels;
  logger: Logger;
  jobs: JobsClient;
  /** `auth.getUsers`: e-mail addresses of users by id (unknown ids are absent); 503 while auth cannot answer. */
  emailsOf(caller: Caller, userIds: string[]): Promise<Map<string, string>>;
  /** `auth.searchUserIds`: the users whose primary e-mail contains `q`; 503 while auth cannot answer. */
  userIdsByEmail(caller: Caller, q: string): Promise<string[]>;
  /** Tells every gateway to drop what it cached about the organization's access. */
  accessChanged(bus: Broadcaster, payload: OrgsAccessChanged): Promise<void>;
}

export function orgsDeps({ db, logger }: ServiceRuntime<OrgsModels>): OrgsDeps {
  return {
    models: db.models,
    logger,
    jobs: jobsClient,
    async emailsOf(caller, ids) {
      const users = await call(caller, AUTH_ACTIONS.getUsers, { ids });
      return new Map(users.map((u) => [u.id, u.primary_email]));
    },
    async userIdsByEmail(caller, q) {
      return (await call(caller, AUTH_ACTIONS.searchUserIds, { q })).ids;
    },
    async accessChanged(bus, payload) {
      await bus.broadcast(ORGS_ACCESS_CHANGED, payload);
    },
  };
}
