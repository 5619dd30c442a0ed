import type { RouteDef } from "../routes.ts";

const id = ["id"] as const;

export const ORGS_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/orgs", action: "orgs.list", auth: "bearer", errors: "json" },
  { method: "POST", path: "/orgs", action: "orgs.create", auth: "bearer", errors: "json", status: 201 },
  { method: "GET", path: "/orgs/:id", action: "orgs.get", auth: "bearer", errors: "json", uuidParams: id },
];
