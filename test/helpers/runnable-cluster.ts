import { strict as assert } from "node:assert";
import type { Server } from "../../shared/contracts/inventory.ts";
import { powerdnsCredentialBody } from "./fixtures.ts";
import type { HttpClient, HttpResponse } from "./http.ts";

/** Where an SSH server of the cluster answers, and the organization's SSH key it lets in. */
export interface SshTarget {
  host: string;
  port: number;
  user: string;
  keyId: string;
}

/**
 * A cluster with every slot a run needs, made through the HTTP API by an organization's client
 * `c`: both load balancers, a captain domain and control-plane record set, the bastion (ready,
 * no host key pinned yet) and one node pool holding the `nodes`; a kubeconfig when given.
 */
export async function createRunnableCluster(
  c: HttpClient,
  opts: { name: string; bastion: SshTarget; nodes: (SshTarget & { hostname: string })[]; kubeconfig?: string },
): Promise<{ cluster: string; bastion: Server }> {
  const ok = async (what: string, p: Promise<HttpResponse>) => {
    const res = await p;
    assert.ok(res.status === 200 || res.status === 201 || res.status === 204, `${what}: ${res.status} ${res.text}`);
    return res.json as { id: string };
  };
  const server = (role: string, t: SshTarget, extra: Record<string, unknown>) =>
    ok(role, c.post("/api/v1/servers", { role, ssh_user: t.user, ssh_key_id: t.keyId, ssh_port: t.port, status: "ready", ...extra }));
  const bastion = (await server("bastion", opts.bastion, { private_ip_address: "10.0.0.5", public_ip_address: opts.bastion.host })) as Server;
  const pool = await ok("pool", c.post("/api/v1/node-pools", { name: `${opts.name}-workers`, role: "worker" }));
  const nodes = [];
  for (const n of opts.nodes) nodes.push((await server("worker", n, { hostname: n.hostname, private_ip_address: n.host })).id);
  await ok("pool servers", c.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: nodes }));
  const credential = await ok("credential", c.post("/api/v1/credentials", powerdnsCredentialBody(`pdns-token-${opts.name}`)));
  const domain = await ok("domain", c.post("/api/v1/dns/domains", { credential_id: credential.id, domain_name: `${opts.name}.example.com` }));
  const record = await ok("record set", c.post(`/api/v1/dns/domains/${domain.id}/records`, { name: "api", type: "A", ttl: 60, values: ["203.0.113.7"] }));
  const lb = (name: string, kind: string) =>
    ok(name, c.post("/api/v1/load-balancers", { name: `${opts.name}-${name}`, kind, private_ip_address: "10.0.1.1", public_ip_address: "198.51.100.1" }));
  const [apps, platform] = [await lb("apps", "public"), await lb("platform", "platform")];
  const cluster = (await ok("cluster", c.post("/api/v1/clusters", { name: opts.name, provider: "aws", region: "eu-west-1" }))).id;
  const base = `/api/v1/clusters/${cluster}`;
  await ok("apps lb", c.post(`${base}/apps-load-balancer`, { load_balancer_id: apps.id }));
  await ok("platform lb", c.post(`${base}/platform-load-balancer`, { load_balancer_id: platform.id }));
  await ok("bastion", c.post(`${base}/bastion`, { server_id: bastion.id }));
  await ok("captain domain", c.post(`${base}/captain-domain`, { domain_id: domain.id }));
  await ok("record set", c.post(`${base}/control-plane-record-set`, { record_set_id: record.id }));
  await ok("node pool", c.post(`${base}/node-pools`, { node_pool_id: pool.id }));
  if (opts.kubeconfig !== undefined) await ok("kubeconfig", c.post(`${base}/kubeconfig`, { kubeconfig: opts.kubeconfig }));
  return { cluster, bastion };
}
