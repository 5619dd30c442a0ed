import type { ServiceSchema } from "moleculer";

/** The orgs service (being built; see its issue). */
export default function createOrgsService(): ServiceSchema {
  return { name: "orgs" };
}
