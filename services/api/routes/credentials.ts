import type { RouteDef } from "../routes.ts";

const id = ["id"] as const;

/** Credentials [org]: plain-text errors; the secret only ever leaves through reveal. */
export const CREDENTIALS_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/credentials", action: "credentials.list", auth: "org", errors: "text", paged: true },
  { method: "POST", path: "/credentials", action: "credentials.create", auth: "org", errors: "text", status: 201, location: "/credentials/:id" },
  { method: "GET", path: "/credentials/:id", action: "credentials.get", auth: "org", errors: "text", uuidParams: id },
  { method: "PATCH", path: "/credentials/:id", action: "credentials.update", auth: "org", errors: "text", uuidParams: id },
  { method: "DELETE", path: "/credentials/:id", action: "credentials.remove", auth: "org", errors: "text", status: 204, uuidParams: id },
  { method: "POST", path: "/credentials/:id/reveal", action: "credentials.reveal", auth: "org", errors: "text", uuidParams: id },
];
