import type { ServiceSchema } from "moleculer";

/** The clusters service (being built; see its issue). */
export default function createClustersService(): ServiceSchema {
  return { name: "clusters" };
}
