import type { ServiceSchema } from "moleculer";

/** The credentials service (being built; see its issue). */
export default function createCredentialsService(): ServiceSchema {
  return { name: "credentials" };
}
