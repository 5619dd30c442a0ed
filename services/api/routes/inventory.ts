import type { RouteDef } from "../routes.ts";

const id = ["id"] as const;

/** CRUD routes of one [org] resource: list, create (201), get, update, delete (204). */
function crud(path: string, Kind: string, plural = `${Kind}s`): RouteDef[] {
  const r = { auth: "org", errors: "text" } as const;
  return [
    { method: "GET", path, action: `inventory.list${plural}`, ...r },
    { method: "POST", path, action: `inventory.create${Kind}`, ...r, status: 201 },
    { method: "GET", path: `${path}/:id`, action: `inventory.get${Kind}`, ...r, uuidParams: id },
    { method: "PATCH", path: `${path}/:id`, action: `inventory.update${Kind}`, ...r, uuidParams: id },
    { method: "DELETE", path: `${path}/:id`, action: `inventory.delete${Kind}`, ...r, status: 204, uuidParams: id },
  ];
}

/** Inventory [org] routes: plain-text errors, 404 for another organization's ids. */
export const INVENTORY_ROUTES: readonly RouteDef[] = [
  ...crud("/labels", "Label"),
  ...crud("/annotations", "Annotation"),
  ...crud("/taints", "Taint"),
];
