import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { Cluster, CreateClusterParams, SetKubeconfigParams, AttachLoadBalancerParams, UpdateClusterParams } from "../../shared/contracts/clusters.ts";
import type { Domain, RecordSet } from "../../shared/contracts/dns.ts";
import type { NodePool, Server } from "../../shared/contracts/inventory.ts";
import { generateCertificateKey, generateRandomToken } from "../../services/clusters/clusters.ts";
import { evaluateCluster, isValidCaptainDomainName, type ValidationInput } from "../../services/clusters/validator.ts";

const T = "2026-11-22T00:00:00.000Z";
const org = "0193a000-0000-7000-8000-000000000001";

function server(status: Server["status"], role: Server["role"] = "bastion"): Server {
  return {
    id: "s1",
    organization_id: org,
    hostname: "h",
    private_ip_address: "10.0.0.1",
    public_ip_address: "1.2.3.4",
    role,
    ssh_key_id: "k",
    ssh_user: "root",
    ssh_port: 22,
    status,
    last_error: "",
    ssh_host_key_fingerprint: "",
    created_at: T,
    updated_at: T,
  };
}
function domain(name: string, status: Domain["status"] = "ready"): Domain {
  return { id: "d1", organization_id: org, credential_id: "c", domain_name: name, zone_id: "z", status, last_error: "", created_at: T, updated_at: T };
}
const recordSet: RecordSet = {
  id: "r1",
  domain_id: "d1",
  name: "api",
  type: "A",
  ttl: 300,
  values: ["1.2.3.4"],
  status: "pending",
  fingerprint: "",
  owner: "unknown",
  last_error: "",
  created_at: T,
  updated_at: T,
};
function pool(servers: Server[]): NodePool {
  return { id: "p1", organization_id: org, name: "workers", role: "worker", annotations: [], labels: [], taints: [], servers, created_at: T, updated_at: T };
}

const complete: ValidationInput = {
  bastion_server: server("ready"),
  captain_domain: domain("captain.example.com"),
  control_plane_record_set: recordSet,
  node_pools: [pool([]), pool([server("pending", "worker")])],
};

describe("cluster validator rules (decisions.md Clusters)", () => {
  it("a complete cluster is pending with no error", () => {
    assert.deepEqual(evaluateCluster(complete), { status: "pending", last_error: "" });
  });

  it("an empty cluster is incomplete and lists everything missing", () => {
    assert.deepEqual(evaluateCluster({ bastion_server: null, captain_domain: null, control_plane_record_set: null, node_pools: [] }), {
      status: "incomplete",
      last_error: "bastion server not attached; captain domain not attached; control-plane record set not attached; no node pool attached",
    });
  });

  it("each requirement on its own makes the cluster incomplete", () => {
    const cases: [Partial<ValidationInput>, string][] = [
      [{ bastion_server: server("provisioning") }, "bastion server not ready (status provisioning)"],
      [{ bastion_server: null }, "bastion server not attached"],
      [{ captain_domain: domain("captain.example.com", "pending") }, "captain domain not ready (status pending)"],
      [{ captain_domain: domain("localhost") }, 'captain domain "localhost" is not a lower-case dns name of at least two labels'],
      [{ control_plane_record_set: null }, "control-plane record set not attached"],
      [{ node_pools: [pool([])] }, "no node pool with a server"],
      [{ node_pools: [] }, "no node pool attached"],
    ];
    for (const [change, message] of cases) {
      assert.deepEqual(evaluateCluster({ ...complete, ...change }), { status: "incomplete", last_error: message }, message);
    }
  });

  it("captain domain shape: lower-case DNS name of at least two labels", () => {
    for (const ok of ["example.com", "a.b.c.example.io", "x1-y.example.com", "0.example"]) assert.equal(isValidCaptainDomainName(ok), true, ok);
    for (const bad of ["example", "Example.com", "example.com.", "-a.example.com", "a-.example.com", "a..b", "exa mple.com", "a_b.example.com", "", `${"a".repeat(64)}.com`]) {
      assert.equal(isValidCaptainDomainName(bad), false, bad);
    }
  });
});

describe("cluster generated fields and request contracts", () => {
  it("certificate_key is 64 hex chars and random_token matches [a-f0-9]{6}.[a-f0-9]{16}, fresh each time", () => {
    const keys = new Set(Array.from({ length: 20 }, generateCertificateKey));
    const tokens = new Set(Array.from({ length: 20 }, generateRandomToken));
    assert.equal(keys.size, 20);
    assert.equal(tokens.size, 20);
    for (const k of keys) assert.match(k, /^[a-f0-9]{64}$/);
    for (const t of tokens) assert.match(t, /^[a-f0-9]{6}\.[a-f0-9]{16}$/);
  });

  it("create requires a name and rejects non-strings", () => {
    assert.deepEqual(CreateClusterParams.parse({ name: " prod ", status: "pending" }), { name: "prod", region: "", docker_image: "", docker_tag: "" });
    // the newer API's name for the provider is the same field; both given, they must agree
    assert.equal(CreateClusterParams.parse({ name: "x", cluster_provider: "aws" }).provider, "aws");
    assert.equal(
      CreateClusterParams.safeParse({ name: "x", provider: "aws", cluster_provider: "gcp" }).error?.issues[0]?.message,
      "invalid cluster_provider: differs from provider",
    );
    assert.equal(CreateClusterParams.safeParse({}).error?.issues[0]?.message, "missing fields: name");
    assert.equal(CreateClusterParams.safeParse({ name: "  " }).error?.issues[0]?.message, "missing fields: name");
    assert.equal(CreateClusterParams.safeParse({ name: { $gt: "" } }).error?.issues[0]?.message, "invalid name");
    assert.equal(CreateClusterParams.safeParse({ name: "x", region: 3 }).error?.issues[0]?.message, "invalid region");
    assert.equal(CreateClusterParams.safeParse({ name: "x", provider: null }).error?.issues[0]?.message, "invalid provider");
    assert.equal(CreateClusterParams.safeParse({ name: null }).error?.issues[0]?.message, "missing fields: name");
    assert.equal(CreateClusterParams.safeParse({ name: "x".repeat(256) }).error?.issues[0]?.message, "invalid name");
  });

  it("patch ignores status; attach ids must be UUIDs; kubeconfig must be a non-empty string", () => {
    const id = "0193a000-0000-7000-8000-0000000000aa";
    assert.deepEqual(UpdateClusterParams.parse({ clusterID: id, status: "pending" }), { clusterID: id });
    assert.equal(AttachLoadBalancerParams.safeParse({ clusterID: id }).error?.issues[0]?.message, "missing fields: load_balancer_id");
    assert.equal(AttachLoadBalancerParams.safeParse({ clusterID: id, load_balancer_id: "nope" }).error?.issues[0]?.message, "invalid load_balancer_id");
    assert.equal(SetKubeconfigParams.safeParse({ clusterID: id, kubeconfig: " " }).error?.issues[0]?.message, "missing fields: kubeconfig");
    assert.equal(SetKubeconfigParams.safeParse({ clusterID: id, kubeconfig: ["a"] }).error?.issues[0]?.message, "invalid kubeconfig");
  });

  it("the Cluster contract accepts null slots and an empty node pool list", () => {
    const c = {
      id: "i",
      name: "n",
      provider: "",
      cluster_provider: "",
      region: "",
      docker_image: "",
      docker_tag: "",
      control_plane_fqdn: "",
      status: "pre_pending",
      last_error: "",
      certificate_key: "k",
      random_token: "t",
      captain_domain: null,
      control_plane_record_set: null,
      apps_load_balancer: null,
      glueops_load_balancer: null,
      bastion_server: null,
      node_pools: [],
      metadata: {},
      created_at: T,
      updated_at: T,
    };
    assert.equal(Cluster.safeParse(c).success, true);
  });
});
