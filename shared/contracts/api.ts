import { z } from "zod";

/** GET /version: build information (VersionResponse). */
export const VersionResponse = z.object({
  version: z.string(),
  commit: z.string(),
  commitTime: z.string(),
  revision: z.string(),
  vcs: z.string(),
  built: z.string(),
  builtBy: z.string(),
  go: z.string(),
  goArch: z.string(),
  goOS: z.string(),
  modified: z.boolean(),
});
export type VersionResponse = z.infer<typeof VersionResponse>;
