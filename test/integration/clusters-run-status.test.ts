import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { RunTarget, SetRunStatusResult } from "../../shared/contracts/clusters.ts";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { newId } from "../../shared/ids.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

describe("clusters: a run's view of the cluster (runTarget) and its status moves (setRunStatus)", () => {
  let stack: Stack;
  let alice: Tenant;
  let bob: Tenant;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events"] });
    alice = await newTenant(stack, "Run Alice");
    bob = await newTenant(stack, "Run Bob");
  });
  afterAll(() => stack.stop());

  const target = (orgId: string, clusterId: string) => stack.broker.call("clusters.runTarget", { organization_id: orgId, cluster_id: clusterId }) as Promise<RunTarget>;
  const move = (orgId: string, clusterId: string, status: string, lastError = "") =>
    stack.broker.call("clusters.setRunStatus", { organization_id: orgId, cluster_id: clusterId, status, last_error: lastError }) as Promise<SetRunStatusResult>;
  const statusOf = async (t: Tenant, id: string) => {
    const res = await t.http.get(`/api/v1/clusters/${id}`);
    assert.equal(res.status, 200, res.text);
    const c = res.json as { status: string; last_error: string };
    return [c.status, c.last_error];
  };
  const changes = async (t: Tenant, id: string) => {
    const res = await t.http.get(`/api/v1/audit-events?resource_id=${id}&type=cluster.status_changed`);
    assert.equal(res.status, 200, res.text);
    return (res.json as DomainEvent[]).reverse().map((e) => `${e.data.from as string}>${e.data.to as string}:${e.data.last_error as string}`);
  };

  it("runTarget answers the nested view and the decrypted kubeconfig; another organization's cluster and a gone one answer null", async () => {
    const cluster = (await alice.http.post("/api/v1/clusters", { name: "target", provider: "aws", region: "eu", docker_image: "ghcr.io/x/toolkit", docker_tag: "1.2" })).json as {
      id: string;
    };
    const bare = await target(alice.orgId, cluster.id);
    assert.equal(bare.cluster?.id, cluster.id);
    assert.equal(bare.cluster.docker_image, "ghcr.io/x/toolkit");
    assert.equal(bare.kubeconfig, null);
    const kubeconfig = `apiVersion: v1\nkind: Config\nusers:\n- name: x\n  user:\n    token: kube-${newId()}\n`;
    assert.equal((await alice.http.post(`/api/v1/clusters/${cluster.id}/kubeconfig`, { kubeconfig })).status, 200);
    const full = await target(alice.orgId, cluster.id);
    assert.equal(full.kubeconfig, kubeconfig);
    assert.deepEqual(await target(bob.orgId, cluster.id), { cluster: null, kubeconfig: null });
    assert.equal((await alice.http.delete(`/api/v1/clusters/${cluster.id}`)).status, 204);
    assert.deepEqual(await target(alice.orgId, cluster.id), { cluster: null, kubeconfig: null });
  });

  it("setRunStatus moves the status with last_error and a cluster.status_changed each; the validator and the sweep leave it; a PATCH resets it to pre_pending", async () => {
    const cluster = (await alice.http.post("/api/v1/clusters", { name: "moves", provider: "aws", region: "eu" })).json as { id: string };
    const validate = async () => ((await stack.broker.call("clusters.validate", { organization_id: alice.orgId, cluster_id: cluster.id })) as { status: string }).status;
    assert.equal(await validate(), "incomplete");
    for (const s of ["bootstrapping", "pending", "provisioning"]) assert.deepEqual(await move(alice.orgId, cluster.id, s), { status: s });
    assert.deepEqual(await statusOf(alice, cluster.id), ["provisioning", ""]);
    // the validator (a job) and the sweep leave a run's status alone
    assert.equal(await validate(), "provisioning");
    await stack.broker.call("clusters.sweep", { limit: 500 });
    assert.deepEqual(await statusOf(alice, cluster.id), ["provisioning", ""]);
    assert.deepEqual(await move(alice.orgId, cluster.id, "failed", "make deploy: exit status 2"), { status: "failed" });
    assert.deepEqual(await statusOf(alice, cluster.id), ["failed", "make deploy: exit status 2"]);
    assert.equal(await validate(), "failed");
    assert.deepEqual(await move(alice.orgId, cluster.id, "ready"), { status: "ready" });
    assert.deepEqual(await move(alice.orgId, cluster.id, "ready"), { status: "ready" }); // no move: no event
    await stack.broker.call("clusters.sweep", { limit: 500 });
    assert.deepEqual(await statusOf(alice, cluster.id), ["ready", ""]);
    // a change of the cluster still holds it for validation
    const patched = await alice.http.patch(`/api/v1/clusters/${cluster.id}`, { region: "us" });
    assert.equal((patched.json as { status: string }).status, "pre_pending");
    assert.equal(await validate(), "incomplete");

    await waitUntil("the events in the audit log", async () => ((await changes(alice, cluster.id)).length >= 8 ? true : undefined));
    assert.deepEqual(await changes(alice, cluster.id), [
      "pre_pending>incomplete:bastion server not attached; captain domain not attached; control-plane record set not attached; no node pool attached",
      "incomplete>bootstrapping:",
      "bootstrapping>pending:",
      "pending>provisioning:",
      "provisioning>failed:make deploy: exit status 2",
      "failed>ready:",
      "ready>pre_pending:",
      "pre_pending>incomplete:bastion server not attached; captain domain not attached; control-plane record set not attached; no node pool attached",
    ]);
    // another organization neither moves it nor sees it
    assert.deepEqual(await move(bob.orgId, cluster.id, "failed", "x"), { status: null });
    assert.deepEqual(await statusOf(alice, cluster.id), [
      "incomplete",
      "bastion server not attached; captain domain not attached; control-plane record set not attached; no node pool attached",
    ]);
    assert.deepEqual(await changes(bob, cluster.id), []);
  });
});
