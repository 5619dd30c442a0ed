import type { Logger } from "moleculer";
import { Keyring } from "../../shared/keyring.ts";
import type { ServiceRuntime } from "../../shared/service.ts";
import type { InventoryModels } from "./models.ts";
import { inventoryResources, type Inventory } from "./resources.ts";

/** What the inventory logic needs, built once when the service starts (the modules take the `Inventory` part). */
export interface InventoryDeps extends Inventory {
  keyring: Keyring;
  logger: Logger;
}

export async function inventoryDeps({ db, logger }: ServiceRuntime<InventoryModels>): Promise<InventoryDeps> {
  const keyring = new Keyring(db);
  await keyring.start();
  return { models: db.models, res: inventoryResources(db.models), keyring, logger };
}
