import type { RouteDef } from "../routes.ts";

export const CREDENTIALS_ROUTES: readonly RouteDef[] = [];
