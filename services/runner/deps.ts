import type { Logger, ServiceBroker } from "moleculer";
import type { AppConfig } from "../../shared/config.ts";
import type { Broadcaster, Caller, ServiceRuntime } from "../../shared/service.ts";
import type { RunnerModels } from "./models.ts";

/** The configuration the runner reads (shared/config.ts). */
export type RunnerSettings = Pick<
  AppConfig,
  | "RUNNER_LOG_RETENTION_DAYS"
  | "RUNNER_LOG_MAX_BYTES"
  | "RUNNER_CONNECT_TIMEOUT_MS"
  | "RUNNER_STEP_TIMEOUT_S"
  | "BASTION_BOOTSTRAP_SCRIPT"
  | "SSH_ALLOW_PRIVATE_TARGETS"
  | "RUNNER_TOOLKIT_DIR"
  | "API_BASE_URL"
  | "PORT"
  | "JOBS_LEASE_MS"
>;

/** What the runner's logic needs, built once when the service starts. */
export interface RunnerDeps {
  models: RunnerModels;
  logger: Logger;
  settings: RunnerSettings;
  /** Background work (jobs, sweeps) calls other services and broadcasts in the service's own name. */
  bus: Caller & Broadcaster;
  /** The runs this replica executes: aborting one stops its make step (a cancel). */
  activeRuns: Map<string, AbortController>;
}

export function runnerDeps({ db, logger, broker }: ServiceRuntime<RunnerModels>, settings: RunnerSettings): RunnerDeps {
  const bus: ServiceBroker = broker;
  return { models: db.models, logger, settings, bus, activeRuns: new Map() };
}
