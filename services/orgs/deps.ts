import type { Logger } from "moleculer";
import { z } from "zod";
import type { EnqueueParams, FANOUT, Job } from "../../shared/contracts/jobs.ts";
import { GetUsersParams, ORGS_ACCESS_CHANGED, type OrgsAccessChanged, UserSummary } from "../../shared/contracts/orgs.ts";
import type { Broadcaster, Caller, ServiceRuntime } from "../../shared/service.ts";
import { SearchUserIdsResult } from "../../shared/contracts/auth.ts";
import { AUTH_ACTIONS } from "../../shared/contracts/auth-actions.ts";
import type { OrgsModels } from "./models.ts";

/** What the deletion needs from the jobs service, called in the name of `caller` (a request's or a job's ctx). */
export interface JobsClient {
  fanOut(caller: Caller, params: { event: keyof typeof FANOUT; payload: Record<string, unknown>; dedupe_prefix: string }): Promise<Job[]>;
  enqueue(caller: Caller, params: EnqueueParams): Promise<Job>;
  getMany(caller: Caller, ids: string[]): Promise<Job[]>;
}

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
    jobs: {
      fanOut: (caller, params) => caller.call("jobs.fanOut", params) as Promise<Job[]>,
      enqueue: (caller, params: EnqueueParams) => caller.call("jobs.enqueue", params) as Promise<Job>,
      getMany: (caller, ids) => caller.call("jobs.getMany", { ids }) as Promise<Job[]>,
    },
    async emailsOf(caller, ids) {
      const raw: unknown = await caller.call("auth.getUsers", GetUsersParams.parse({ ids }));
      return new Map(
        z
          .array(UserSummary)
          .parse(raw)
          .map((u) => [u.id, u.primary_email]),
      );
    },
    async userIdsByEmail(caller, q) {
      return SearchUserIdsResult.parse(await caller.call(AUTH_ACTIONS.searchUserIds.name, { q })).ids;
    },
    async accessChanged(bus, payload) {
      await bus.broadcast(ORGS_ACCESS_CHANGED, payload);
    },
  };
}
