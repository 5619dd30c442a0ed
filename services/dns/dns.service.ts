import type { ServiceSchema } from "moleculer";

/** The dns service (being built; see its issue). */
export default function createDnsService(): ServiceSchema {
  return { name: "dns" };
}
