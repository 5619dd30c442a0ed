import type { RouteDef } from "../routes.ts";

export const CLUSTERS_ROUTES: readonly RouteDef[] = [];
