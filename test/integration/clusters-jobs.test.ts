import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import type { HttpClient } from "../helpers/http.ts";

type Obj = Record<string, any>;

async function ok<T = Obj>(p: Promise<{ status: number; text: string; json: T }>, status = 200): Promise<T> {
  const res = await p;
  assert.equal(res.status, status, res.text);
  return res.json;
}

describe("clusters: changes enqueue clusters.validate through the jobs service", () => {
  let stack: Stack;
  let alice: SignedIn;
  let admin: SignedIn;
  let orgA: string;
  let a: HttpClient;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "jobs"] });
    alice = await signIn(stack.broker);
    admin = await signIn(stack.broker, undefined, { admin: true });
    orgA = (await stack.http.post("/api/v1/orgs", { name: "Alice Org" }, { headers: alice.bearer })).json.id;
    a = stack.http.with(orgHeaders(alice, orgA));
  });
  afterAll(() => stack.stop());

  const statusOf = (id: string, wanted: (c: Obj) => boolean) =>
    waitUntil(`cluster ${id} validated`, async () => {
      const c = await ok(a.get(`/api/v1/clusters/${id}`));
      return wanted(c) ? c : undefined;
    });

  it("a new cluster is validated by a clusters.validate job; every change sets pre_pending and validates again", async () => {
    const created = await ok(a.post("/api/v1/clusters", { name: "queued" }), 201);
    assert.equal(created.status, "pre_pending");
    let c = await statusOf(created.id, (x) => x.status === "incomplete");
    assert.equal(c.last_error, "bastion server not attached; captain domain not attached; control-plane record set not attached; no node pool attached");

    // attach a node pool holding a server: back to pre_pending in the response, then validated again
    const key = await ok(a.post("/api/v1/ssh", { name: "k", type: "ed25519" }), 201);
    const worker = await ok(
      a.post("/api/v1/servers", { hostname: "w1", private_ip_address: "10.0.0.2", role: "worker", ssh_key_id: key.id, ssh_user: "root", status: "ready" }),
      201,
    );
    const pool = await ok(a.post("/api/v1/node-pools", { name: "workers", role: "worker" }), 201);
    await ok(a.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: [worker.id] }), 204);
    const attached = await ok(a.post(`/api/v1/clusters/${created.id}/node-pools`, { node_pool_id: pool.id }));
    assert.equal(attached.status, "pre_pending");
    assert.equal(attached.last_error, "");
    c = await statusOf(created.id, (x) => x.status === "incomplete");
    assert.equal(c.last_error, "bastion server not attached; captain domain not attached; control-plane record set not attached");

    // a PATCH and a kubeconfig change do the same
    assert.equal((await ok(a.patch(`/api/v1/clusters/${created.id}`, { region: "nbg1" }))).status, "pre_pending");
    await statusOf(created.id, (x) => x.status === "incomplete");
    assert.equal((await ok(a.post(`/api/v1/clusters/${created.id}/kubeconfig`, { kubeconfig: "apiVersion: v1\n" }))).status, "pre_pending");
    await statusOf(created.id, (x) => x.status === "incomplete");

    // the jobs ran as clusters.validate with the organization and cluster as payload
    const page = await ok(stack.http.get(`/api/v1/admin/worker/jobs?q=${created.id}&page_size=100`, { headers: admin.bearer }));
    const jobs = (page.items as Obj[]).filter((j) => j.type === "clusters.validate");
    assert.ok(jobs.length >= 4, `only ${jobs.length} validate jobs`);
    for (const j of jobs) {
      assert.equal(j.queue, "clusters");
      assert.deepEqual(j.payload, { organization_id: orgA, cluster_id: created.id });
    }
    await waitUntil("validate jobs finished", async () => {
      const p = await ok(stack.http.get(`/api/v1/admin/worker/jobs?q=${created.id}&page_size=100`, { headers: admin.bearer }));
      const v = (p.items as Obj[]).filter((j) => j.type === "clusters.validate");
      return v.every((j) => j.status === "succeeded") ? true : undefined;
    });
  });

  it("deleting the organization purges its clusters, attachments, kubeconfigs and data keys here (clusters.purgeOrganization job)", async () => {
    const owner = await signIn(stack.broker);
    const orgId = (await ok(stack.http.post("/api/v1/orgs", { name: "Doomed Org" }, { headers: owner.bearer }), 201)).id as string;
    const c = stack.http.with(orgHeaders(owner, orgId));
    const cl = await ok(c.post("/api/v1/clusters", { name: "doomed" }), 201);
    const pool = await ok(c.post("/api/v1/node-pools", { name: "p", role: "worker" }), 201);
    await ok(c.post(`/api/v1/clusters/${cl.id}/node-pools`, { node_pool_id: pool.id }));
    await ok(c.post(`/api/v1/clusters/${cl.id}/kubeconfig`, { kubeconfig: "apiVersion: v1\n" }));
    const survivor = await ok(a.post("/api/v1/clusters", { name: "survivor" }), 201);

    const conn = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    try {
      const db = conn.useDb(`${stack.dbPrefix}_clusters`, { useCache: false });
      const collections = ["clusters", "cluster_states", "cluster_links", "cluster_kubeconfigs", "data_keys"];
      for (const coll of collections) assert.ok((await db.collection(coll).countDocuments({ organization_id: orgId })) > 0, coll);
      assert.equal((await stack.http.delete(`/api/v1/orgs/${orgId}`, { headers: owner.bearer })).status, 204);
      await waitUntil("clusters purged", async () => {
        for (const coll of collections) if ((await db.collection(coll).countDocuments({ organization_id: orgId })) > 0) return undefined;
        return true;
      });
      assert.equal((await ok(a.get(`/api/v1/clusters/${survivor.id}`))).name, "survivor");
    } finally {
      await conn.close();
    }
  });
});
