import type { RouteDef } from "../routes.ts";

const id = ["id"] as const;

/** /orgs: bearer token only, ErrorResponse bodies; roles are checked by the orgs service. */
export const ORGS_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/orgs", action: "orgs.list", auth: "bearer", errors: "json" },
  { method: "POST", path: "/orgs", action: "orgs.create", auth: "bearer", errors: "json", status: 201, location: "/orgs/:id" },
  { method: "GET", path: "/orgs/:id", action: "orgs.get", auth: "bearer", errors: "json", uuidParams: id },
  { method: "PATCH", path: "/orgs/:id", action: "orgs.update", auth: "bearer", errors: "json", uuidParams: id },
  { method: "DELETE", path: "/orgs/:id", action: "orgs.remove", auth: "bearer", errors: "json", status: 204, uuidParams: id },
  { method: "GET", path: "/orgs/:id/api-keys", action: "orgs.listKeys", auth: "bearer", errors: "json", uuidParams: id },
  {
    method: "POST",
    path: "/orgs/:id/api-keys",
    action: "orgs.createKey",
    auth: "bearer",
    errors: "json",
    status: 201,
    uuidParams: id,
    location: "/orgs/:id/api-keys/:key_id",
  },
  {
    method: "DELETE",
    path: "/orgs/:id/api-keys/:key_id",
    action: "orgs.deleteKey",
    auth: "bearer",
    errors: "json",
    status: 204,
    uuidParams: ["id", "key_id"],
  },
  { method: "GET", path: "/orgs/:id/members", action: "orgs.listMembers", auth: "bearer", errors: "json", uuidParams: id },
  { method: "POST", path: "/orgs/:id/members", action: "orgs.setMember", auth: "bearer", errors: "json", uuidParams: id },
  {
    method: "DELETE",
    path: "/orgs/:id/members/:user_id",
    action: "orgs.removeMember",
    auth: "bearer",
    errors: "json",
    status: 204,
    uuidParams: ["id", "user_id"],
  },
];
