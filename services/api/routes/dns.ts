import type { RouteDef } from "../routes.ts";

const id = ["id"] as const;
const domainId = ["domain_id"] as const;

/** DNS domains and record sets: [org] routes with plain-text errors. */
export const DNS_ROUTES: readonly RouteDef[] = [
  { method: "GET", path: "/dns/domains", action: "dns.listDomains", auth: "org", errors: "text", paged: true },
  { method: "POST", path: "/dns/domains", action: "dns.createDomain", auth: "org", errors: "text", status: 201, location: "/dns/domains/:id" },
  { method: "GET", path: "/dns/domains/:id", action: "dns.getDomain", auth: "org", errors: "text", uuidParams: id },
  { method: "PATCH", path: "/dns/domains/:id", action: "dns.updateDomain", auth: "org", errors: "text", uuidParams: id },
  { method: "DELETE", path: "/dns/domains/:id", action: "dns.deleteDomain", auth: "org", errors: "text", status: 204, uuidParams: id },
  { method: "GET", path: "/dns/domains/:domain_id/records", action: "dns.listRecordSets", auth: "org", errors: "text", uuidParams: domainId, paged: true },
  {
    method: "POST",
    path: "/dns/domains/:domain_id/records",
    action: "dns.createRecordSet",
    auth: "org",
    errors: "text",
    status: 201,
    uuidParams: domainId,
    location: "/dns/records/:id",
  },
  { method: "PATCH", path: "/dns/records/:id", action: "dns.updateRecordSet", auth: "org", errors: "text", uuidParams: id },
  { method: "DELETE", path: "/dns/records/:id", action: "dns.removeRecordSet", auth: "org", errors: "text", status: 204, uuidParams: id },
];
