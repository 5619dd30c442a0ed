import type { Cluster } from "../../shared/contracts/clusters.ts";

/** What the validator looks at: the cluster's nested objects (null = not attached or gone). */
export type ValidationInput = Pick<Cluster, "bastion_server" | "captain_domain" | "control_plane_record_set" | "node_pools">;

export interface ValidationOutcome {
  status: "pending" | "incomplete";
  /** "" when pending; otherwise every missing piece, separated by "; ". */
  last_error: string;
}

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const CAPTAIN_DOMAIN = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})+$`);

/** A lower-case DNS name of at least two labels (letters, digits, inner hyphens; no trailing dot). */
export function isValidCaptainDomainName(name: string): boolean {
  return CAPTAIN_DOMAIN.test(name);
}

/**
 * decisions.md "Clusters": `pending` when the cluster has a ready bastion, a ready captain domain
 * of valid shape, a control-plane record set and at least one node pool holding a server;
 * otherwise `incomplete` with `last_error` listing what is missing.
 */
export function evaluateCluster(c: ValidationInput): ValidationOutcome {
  const missing: string[] = [];

  if (!c.bastion_server) missing.push("bastion server not attached");
  else if (c.bastion_server.status !== "ready") missing.push(`bastion server not ready (status ${c.bastion_server.status})`);

  if (!c.captain_domain) {
    missing.push("captain domain not attached");
  } else {
    if (!isValidCaptainDomainName(c.captain_domain.domain_name)) {
      missing.push(`captain domain "${c.captain_domain.domain_name}" is not a lower-case dns name of at least two labels`);
    }
    if (c.captain_domain.status !== "ready") missing.push(`captain domain not ready (status ${c.captain_domain.status})`);
  }

  if (!c.control_plane_record_set) missing.push("control-plane record set not attached");

  if (c.node_pools.length === 0) missing.push("no node pool attached");
  else if (!c.node_pools.some((p) => p.servers.length > 0)) missing.push("no node pool with a server");

  return missing.length === 0 ? { status: "pending", last_error: "" } : { status: "incomplete", last_error: missing.join("; ") };
}
