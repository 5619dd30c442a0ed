import type { RouteDef } from "../routes.ts";

const id = ["id"] as const;
const r = { auth: "org", errors: "text" } as const;

/** CRUD routes of one [org] resource: list, create (201), get, update, delete (204). */
function crud(path: string, Kind: string, plural = `${Kind}s`): RouteDef[] {
  return [
    { method: "GET", path, action: `inventory.list${plural}`, ...r, paged: true },
    { method: "POST", path, action: `inventory.create${Kind}`, ...r, status: 201, location: `${path}/:id` },
    { method: "GET", path: `${path}/:id`, action: `inventory.get${Kind}`, ...r, uuidParams: id },
    { method: "PATCH", path: `${path}/:id`, action: `inventory.update${Kind}`, ...r, uuidParams: id },
    { method: "DELETE", path: `${path}/:id`, action: `inventory.delete${Kind}`, ...r, status: 204, uuidParams: id },
  ];
}

/** GET|POST /node-pools/{id}/<segment> (POST answers 204) and DELETE …/<segment>/{childId}. */
function attachments(segment: string, Segment: string): RouteDef[] {
  return [
    { method: "GET", path: `/node-pools/:id/${segment}`, action: `inventory.listNodePool${Segment}`, ...r, uuidParams: id, paged: true },
    { method: "POST", path: `/node-pools/:id/${segment}`, action: `inventory.attachNodePool${Segment}`, ...r, status: 204, uuidParams: id },
    {
      method: "DELETE",
      path: `/node-pools/:id/${segment}/:childId`,
      action: `inventory.detachNodePool${Segment}`,
      ...r,
      status: 204,
      uuidParams: ["id", "childId"],
    },
  ];
}

/** Inventory [org] routes: plain-text errors, 404 for another organization's ids. */
export const INVENTORY_ROUTES: readonly RouteDef[] = [
  ...crud("/labels", "Label"),
  ...crud("/annotations", "Annotation"),
  ...crud("/taints", "Taint"),
  ...crud("/servers", "Server"),
  { method: "GET", path: "/ssh", action: "inventory.listSshKeys", ...r, paged: true },
  { method: "POST", path: "/ssh", action: "inventory.createSshKey", ...r, status: 201, location: "/ssh/:id" },
  { method: "GET", path: "/ssh/:id", action: "inventory.getSshKey", ...r, uuidParams: id },
  { method: "DELETE", path: "/ssh/:id", action: "inventory.deleteSshKey", ...r, status: 204, uuidParams: id },
  { method: "GET", path: "/ssh/:id/download", action: "inventory.downloadSshKey", ...r, uuidParams: id, raw: true, responseType: "*/*" },
  ...crud("/node-pools", "NodePool"),
  ...attachments("servers", "Servers"),
  ...attachments("labels", "Labels"),
  ...attachments("annotations", "Annotations"),
  ...attachments("taints", "Taints"),
  ...crud("/load-balancers", "LoadBalancer"),
];
