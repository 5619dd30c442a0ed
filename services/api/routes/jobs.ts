import type { RouteDef } from "../routes.ts";

export const JOBS_ROUTES: readonly RouteDef[] = [];
