import type { ServiceSchema } from "moleculer";

/** The jobs service (being built; see its issue). */
export default function createJobsService(): ServiceSchema {
  return { name: "jobs" };
}
