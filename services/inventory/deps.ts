import type { Logger } from "moleculer";
import { jobsClient } from "../../shared/jobs-client.ts";
import { Keyring } from "../../shared/keyring.ts";
import type { Server } from "../../shared/contracts/inventory.ts";
import type { Caller, ServiceRuntime } from "../../shared/service.ts";
import type { InventoryModels } from "./models.ts";
import { inventoryResources, type Inventory } from "./resources.ts";

/** What the inventory logic needs, built once when the service starts (the modules take the `Inventory` part). */
export interface InventoryDeps extends Inventory {
  keyring: Keyring;
  logger: Logger;
  /** Enqueues `runner.bootstrapServer` for a bastion left `pending`; never fails the request (the runner's sweep catches up). */
  requestBootstrap(caller: Caller, server: Server): Promise<void>;
}

export async function inventoryDeps({ db, logger }: ServiceRuntime<InventoryModels>): Promise<InventoryDeps> {
  const keyring = new Keyring(db);
  await keyring.start();
  return {
    models: db.models,
    res: inventoryResources(db.models),
    keyring,
    logger,
    async requestBootstrap(caller, server) {
      if (server.role !== "bastion" || server.status !== "pending") return;
      await jobsClient.enqueueOrLeaveToSweep(caller, logger, {
        type: "runner.bootstrapServer",
        payload: { organization_id: server.organization_id, server_id: server.id },
        dedupe_key: `runner.bootstrapServer:${server.id}:${server.updated_at}`,
      });
    },
  };
}
