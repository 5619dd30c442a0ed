import type { ServiceSchema } from "moleculer";

/** The inventory service (being built; see its issue). */
export default function createInventoryService(): ServiceSchema {
  return { name: "inventory" };
}
