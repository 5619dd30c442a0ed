import type { RouteDef } from "../routes.ts";

export const AUTH_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/.well-known/jwks.json", action: "auth.jwks", auth: "none", errors: "json", alsoAtRoot: true },
];
