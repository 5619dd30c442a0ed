import type { RouteDef } from "../routes.ts";

export const DNS_ROUTES: readonly RouteDef[] = [];
