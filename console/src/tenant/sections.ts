/** The pages of an organization, in the order its navigation lists them: `#/orgs/<org>/<part>`. */
export const ORG_SECTIONS = [
  { part: "clusters", label: "Clusters" },
  { part: "servers", label: "Servers" },
  { part: "node-pools", label: "Node pools" },
  { part: "ssh-keys", label: "SSH keys" },
  { part: "credentials", label: "Credentials" },
  { part: "dns", label: "DNS" },
  { part: "load-balancers", label: "Load balancers" },
  { part: "labels", label: "Labels" },
  { part: "annotations", label: "Annotations" },
  { part: "taints", label: "Taints" },
  { part: "members", label: "Members" },
  { part: "keys", label: "Org keys" },
  { part: "webhooks", label: "Webhooks" },
  { part: "audit", label: "Audit log" },
  { part: "settings", label: "Settings" },
] as const;

export type OrgSection = (typeof ORG_SECTIONS)[number]["part"];
