import type { Logger } from "moleculer";
import { Keyring } from "../../shared/keyring.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import type { ClustersModels } from "./models.ts";
import { sealPlaintextSecrets } from "./secrets.ts";

/** A request never waits long for the queue: a lost enqueue is caught by the sweep. */
const ENQUEUE_TIMEOUT_MS = 3_000;

/** What the clusters logic needs, built once when the service starts; clients call in the name of their `caller`. */
export interface ClustersDeps {
  models: ClustersModels;
  keyring: Keyring;
  logger: Logger;
  /** Enqueues `clusters.validate` for a change; never fails the request (the sweep catches up). */
  requestValidation(caller: Caller, organizationId: string, clusterId: string, generation: string): Promise<void>;
}

export async function clustersDeps({ db, logger }: ServiceRuntime<ClustersModels>): Promise<ClustersDeps> {
  const keyring = new Keyring(db);
  await keyring.start();
  const sealed = await sealPlaintextSecrets(db.models, keyring);
  if (sealed > 0) logger.info("sealed the plaintext join secrets of existing clusters", { clusters: sealed });
  return {
    models: db.models,
    keyring,
    logger,
    async requestValidation(caller, organizationId, clusterId, generation) {
      try {
        await caller.call(
          "jobs.enqueue",
          {
            type: "clusters.validate",
            payload: { organization_id: organizationId, cluster_id: clusterId },
            dedupe_key: `clusters.validate:${clusterId}:${generation}`,
          },
          { timeout: ENQUEUE_TIMEOUT_MS },
        );
      } catch (err) {
        // the change is stored and the cluster is pre_pending: the periodic clusters.sweep validates it
        logger.warn("clusters.validate not enqueued; the sweep will validate the cluster", { cluster_id: clusterId, error: (err as Error).message });
      }
    },
  };
}
