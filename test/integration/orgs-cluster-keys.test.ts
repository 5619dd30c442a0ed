import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import type { MintedClusterKey, ResolvedOrgKey } from "../../shared/contracts/orgs.ts";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

describe("orgs: cluster-scoped org keys (a run's call-back credential) through HTTP", () => {
  let stack: Stack;
  let alice: Tenant;
  let bob: Tenant;
  let mine: string;
  let other: string;
  let bobs: string;
  let mongo: mongoose.mongo.MongoClient;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events"] });
    alice = await newTenant(stack, "Keys Alice");
    bob = await newTenant(stack, "Keys Bob");
    mine = (await alice.http.post("/api/v1/clusters", { name: "mine", provider: "aws", region: "eu" })).json.id as string;
    other = (await alice.http.post("/api/v1/clusters", { name: "other", provider: "aws", region: "eu" })).json.id as string;
    bobs = (await bob.http.post("/api/v1/clusters", { name: "bobs", provider: "aws", region: "eu" })).json.id as string;
    mongo = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
  });
  afterAll(async () => {
    await mongo.close();
    await stack.stop();
  });

  const mint = (orgId: string, clusterId: string, name = "run 1") =>
    stack.broker.call("orgs.mintClusterKey", { organization_id: orgId, cluster_id: clusterId, ttl_seconds: 3600, name }) as Promise<MintedClusterKey>;
  const headersOf = (k: MintedClusterKey) => ({ "x-org-key": k.org_key, "x-org-secret": k.org_secret });

  it("reaches only its own cluster's routes: 403 forbidden for every other route, its own organization's or not", async () => {
    const key = await mint(alice.orgId, mine);
    assert.match(key.org_key, /^org_[A-Za-z0-9_-]{32}$/);
    assert.match(key.org_secret, /^orgsec_[A-Za-z0-9_-]{43}$/);
    const resolved = (await stack.broker.call("orgs.resolveOrgKey", { key: key.org_key, secret: key.org_secret })) as ResolvedOrgKey;
    assert.deepEqual(resolved, { organization_id: alice.orgId, key_id: key.id, expires_at: key.expires_at, cluster_id: mine });
    const k = stack.http.with(headersOf(key));

    const own = await k.get(`/api/v1/clusters/${mine}`);
    assert.equal(own.status, 200, own.text);
    assert.equal(own.json.id, mine);
    const kube = await k.post(`/api/v1/clusters/${mine}/kubeconfig`, { kubeconfig: "apiVersion: v1\n" });
    assert.equal(kube.status, 200, kube.text);

    for (const [method, path] of [
      ["GET", `/api/v1/clusters/${other}`],
      ["GET", "/api/v1/clusters"],
      ["GET", "/api/v1/servers"],
      ["GET", "/api/v1/ssh"],
      ["GET", "/api/v1/audit-events"],
      ["GET", "/api/v1/events"],
      ["POST", "/api/v1/servers"],
      ["POST", `/api/v1/clusters/${other}/kubeconfig`],
    ] as const) {
      const res = method === "GET" ? await k.get(path) : await k.post(path, { kubeconfig: "apiVersion: v1\n" });
      assert.equal(res.status, 403, `${method} ${path}: ${res.status} ${res.text}`);
      assert.equal(res.text, "forbidden");
    }
    // another organization's cluster: the key's organization does not match (403 as for any org key)
    const foreign = await k.get(`/api/v1/clusters/${bobs}`);
    assert.ok([403, 404].includes(foreign.status), foreign.text);
    assert.equal((await bob.http.get(`/api/v1/clusters/${bobs}`)).status, 200);
    // a plain org key of the same organization still reaches everything
    const plain = (await stack.http.post(`/api/v1/orgs/${alice.orgId}/api-keys`, { name: "plain" }, { headers: alice.user.bearer })).json as MintedClusterKey;
    assert.equal((await stack.http.get("/api/v1/servers", { headers: headersOf(plain) })).status, 200);
    assert.equal((await stack.http.get(`/api/v1/clusters/${other}`, { headers: headersOf(plain) })).status, 200);
  });

  it("is listed by name among the organization's keys, stored hashed, and revoked by revokeClusterKey (401 at once); a user-created key is not revoked that way", async () => {
    const key = await mint(alice.orgId, mine, "run 0190-listed");
    const listed = await stack.http.get(`/api/v1/orgs/${alice.orgId}/api-keys`, { headers: alice.user.bearer });
    assert.equal(listed.status, 200);
    const row = (listed.json as { id: string; name: string; scope: string; expires_at: string }[]).find((r) => r.id === key.id);
    assert.deepEqual([row?.name, row?.scope, row?.expires_at], ["run 0190-listed", "org", key.expires_at]);
    assert.ok(!listed.text.includes(key.org_secret) && !listed.text.includes(key.org_key));
    const stored = await mongo
      .db(`${stack.dbPrefix}_orgs`)
      .collection("org_keys")
      .findOne({ _id: key.id as never });
    assert.equal(stored?.cluster_id, mine);
    assert.ok(!JSON.stringify(stored).includes(key.org_secret) && !JSON.stringify(stored).includes(key.org_key), "only hashes stored");

    const k = stack.http.with(headersOf(key));
    assert.equal((await k.get(`/api/v1/clusters/${mine}`)).status, 200);
    assert.deepEqual(await stack.broker.call("orgs.revokeClusterKey", { organization_id: bob.orgId, key_id: key.id }), { revoked: false });
    assert.equal((await k.get(`/api/v1/clusters/${mine}`)).status, 200, "another organization cannot revoke it");
    assert.deepEqual(await stack.broker.call("orgs.revokeClusterKey", { organization_id: alice.orgId, key_id: key.id }), { revoked: true });
    assert.equal((await k.get(`/api/v1/clusters/${mine}`)).status, 401);
    assert.deepEqual(await stack.broker.call("orgs.revokeClusterKey", { organization_id: alice.orgId, key_id: key.id }), { revoked: false });

    const plain = (await stack.http.post(`/api/v1/orgs/${alice.orgId}/api-keys`, { name: "kept" }, { headers: alice.user.bearer })).json as MintedClusterKey;
    assert.deepEqual(await stack.broker.call("orgs.revokeClusterKey", { organization_id: alice.orgId, key_id: plain.id }), { revoked: false });
    assert.equal((await stack.http.get("/api/v1/servers", { headers: headersOf(plain) })).status, 200);

    // its creation and revocation are the organization's events, naming the cluster, never the secret
    const events = await alice.http.get(`/api/v1/audit-events?resource_id=${key.id}`);
    const types = (events.json as DomainEvent[]).map((e) => [e.type, e.data]);
    assert.deepEqual(types.reverse(), [
      ["org_key.created", { name: "run 0190-listed", cluster_id: mine }],
      ["org_key.deleted", {}],
    ]);
    assert.ok(!events.text.includes(key.org_secret));
  });

  it("refuses to mint for an organization that does not exist", async () => {
    await assert.rejects(mint("0190e1c4-0000-7000-8000-000000000000", mine), (err: Error & { code?: number }) => err.code === 404);
  });
});
