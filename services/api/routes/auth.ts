import type { RouteDef } from "../routes.ts";

export const AUTH_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/.well-known/jwks.json", action: "auth.jwks", auth: "none", errors: "json", alsoAtRoot: true },
  // social login and tokens (no security declared)
  { method: "POST", path: "/auth/refresh", action: "auth.refresh", auth: "none", errors: "json" },
  { method: "POST", path: "/auth/logout", action: "auth.logout", auth: "none", errors: "json", status: 204 },
  { method: "POST", path: "/auth/:provider/start", action: "auth.loginStart", auth: "none", errors: "json" },
  { method: "GET", path: "/auth/:provider/callback", action: "auth.loginCallback", auth: "none", errors: "json" },
  // current user: bearer token or X-API-KEY (deleting a key: bearer only)
  { method: "GET", path: "/me", action: "auth.me", auth: "user", errors: "json" },
  { method: "PATCH", path: "/me", action: "auth.updateMe", auth: "user", errors: "json" },
  { method: "GET", path: "/me/api-keys", action: "auth.listApiKeys", auth: "user", errors: "json" },
  { method: "POST", path: "/me/api-keys", action: "auth.createApiKey", auth: "user", errors: "json", status: 201, location: "/me/api-keys/:id" },
  { method: "DELETE", path: "/me/api-keys/:id", action: "auth.deleteApiKey", auth: "bearer", errors: "json", status: 204, uuidParams: ["id"] },
];
