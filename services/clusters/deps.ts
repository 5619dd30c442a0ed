import type { Logger } from "moleculer";
import { jobsClient } from "../../shared/jobs-client.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import type { ClustersModels } from "./models.ts";
import { sealPlaintextSecrets } from "./secrets.ts";

/** What the clusters logic needs, built once when the service starts; clients call in the name of their `caller`. */
export interface ClustersDeps {
  models: ClustersModels;
  keyring: Keyring;
  logger: Logger;
  /** Enqueues `clusters.validate` for a change; never fails the request (the periodic clusters.sweep validates a pre_pending cluster). */
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
    requestValidation: (caller, organizationId, clusterId, generation) =>
      jobsClient.enqueueOrLeaveToSweep(caller, logger, {
        type: "clusters.validate",
        payload: { organization_id: organizationId, cluster_id: clusterId },
        dedupe_key: `clusters.validate:${clusterId}:${generation}`,
      }),
  };
}
