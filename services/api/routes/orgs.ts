import type { RouteDef } from "../routes.ts";

export const ORGS_ROUTES: readonly RouteDef[] = [];
