import type { RouteDef } from "../routes.ts";

export const INVENTORY_ROUTES: readonly RouteDef[] = [];
