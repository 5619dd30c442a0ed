import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose, { type Connection } from "mongoose";
import { loadService } from "../../runtime/services.ts";
import { newId } from "../../shared/ids.ts";
import { Keyring } from "../../shared/keyring.ts";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import type { HttpClient } from "../helpers/http.ts";

const TEXT = "text/plain; charset=utf-8";
const MISSING = "0193a000-0000-7000-8000-00000000dead";
const CLUSTER_KEYS = [
  "apps_load_balancer",
  "bastion_server",
  "captain_domain",
  "certificate_key",
  "cluster_provider",
  "control_plane_fqdn",
  "control_plane_record_set",
  "created_at",
  "docker_image",
  "docker_tag",
  "glueops_load_balancer",
  "id",
  "last_error",
  "metadata",
  "name",
  "node_pools",
  "provider",
  "random_token",
  "region",
  "status",
  "updated_at",
];
const KUBECONFIG =
  "apiVersion: v1\nkind: Config\nclusters:\n- name: prod\n  cluster:\n    server: https://10.0.0.1:6443\nusers:\n- name: admin\n  user:\n    token: s3cr3t-kubeconfig-token-7f1e\n";

interface ClusterOut {
  id: string;
  name: string;
  provider: string;
  region: string;
  status: string;
  last_error: string;
  certificate_key: string;
  random_token: string;
  node_pools: unknown[];
  created_at: string;
  updated_at: string;
  [k: string]: unknown;
}

function assertTextError(res: { status: number; contentType: string; text: string }, status: number, message: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, message);
}

describe("clusters: lifecycle, tenant isolation, kubeconfig, validation (no jobs service running)", () => {
  let stack: Stack;
  let alice: SignedIn;
  let bob: SignedIn;
  let orgA: string;
  let orgB: string;
  let a: HttpClient;
  let b: HttpClient;
  let raw: Connection;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "clusters"] });
    alice = await signIn(stack.broker);
    bob = await signIn(stack.broker);
    orgA = (await stack.http.post("/api/v1/orgs", { name: "Alice Org" }, { headers: alice.bearer })).json.id;
    orgB = (await stack.http.post("/api/v1/orgs", { name: "Bob Org" }, { headers: bob.bearer })).json.id;
    a = stack.http.with(orgHeaders(alice, orgA));
    b = stack.http.with(orgHeaders(bob, orgB));
    raw = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    raw = raw.useDb(`${stack.dbPrefix}_clusters`, { useCache: false });
  });
  afterAll(async () => {
    await raw.close();
    await stack.stop();
  });

  const create = async (client: HttpClient, body: Record<string, unknown>): Promise<ClusterOut> => {
    const res = await client.post<ClusterOut>("/api/v1/clusters", body);
    assert.equal(res.status, 201, res.text);
    return res.json;
  };

  it("POST /clusters creates a pre_pending cluster with generated certificate_key and random_token", async () => {
    const res = await a.post<ClusterOut>("/api/v1/clusters", { name: "prod", provider: "hetzner", region: "fsn1", status: "pending" });
    assert.equal(res.status, 201);
    assert.match(res.contentType, /^application\/json/);
    const c = res.json;
    assert.deepEqual(Object.keys(c).sort(), CLUSTER_KEYS);
    assert.match(c.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(c.name, "prod");
    assert.equal(c.provider, "hetzner");
    assert.equal(c.region, "fsn1");
    assert.equal(c.status, "pre_pending");
    assert.equal(c.last_error, "");
    assert.match(c.certificate_key, /^[a-f0-9]{64}$/);
    assert.match(c.random_token, /^[a-f0-9]{6}\.[a-f0-9]{16}$/);
    for (const slot of ["captain_domain", "control_plane_record_set", "apps_load_balancer", "glueops_load_balancer", "bastion_server"]) assert.equal(c[slot], null, slot);
    assert.deepEqual(c.node_pools, []);
    assert.match(c.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.match(c.updated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const other = await create(a, { name: "prod-2" });
    assert.notEqual(other.certificate_key, c.certificate_key);
    assert.notEqual(other.random_token, c.random_token);
    assert.equal(other.provider, "");
    // stored as returned
    const got = await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`);
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, c);
  });

  it("POST /clusters validates the body (400, plain text)", async () => {
    assertTextError(await a.post("/api/v1/clusters", {}), 400, "missing fields: name");
    assertTextError(await a.post("/api/v1/clusters", { name: "   " }), 400, "missing fields: name");
    assertTextError(await a.post("/api/v1/clusters", { name: { $gt: "" } }), 400, "invalid name");
    assertTextError(await a.post("/api/v1/clusters", { name: "x", provider: ["aws"] }), 400, "invalid provider");
    assertTextError(await a.post("/api/v1/clusters", [{ name: "x" }]), 400, "invalid json");
    assertTextError(await a.post("/api/v1/clusters", "{not json", { raw: true }), 400, "invalid json");
  });

  it("requires authentication and an organization", async () => {
    assertTextError(await stack.http.get("/api/v1/clusters"), 401, "unauthorized");
    assertTextError(await stack.http.get("/api/v1/clusters", { headers: alice.bearer }), 403, "organization required");
    assertTextError(await stack.http.get("/api/v1/clusters", { headers: orgHeaders(bob, orgA) }), 403, "forbidden");
  });

  it("GET /clusters lists newest first, filters by q (contains, case-insensitive, literal) and never leaks across organizations", async () => {
    const one = await create(b, { name: "Edge-Alpha" });
    const two = await create(b, { name: "edge-beta" });
    const three = await create(b, { name: "core (1).*" });
    const all = await b.get<ClusterOut[]>("/api/v1/clusters");
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.json.map((c) => c.id),
      [three.id, two.id, one.id],
    );
    assert.deepEqual(
      (await b.get<ClusterOut[]>("/api/v1/clusters?q=EDGE")).json.map((c) => c.name),
      ["edge-beta", "Edge-Alpha"],
    );
    assert.deepEqual(
      (await b.get<ClusterOut[]>("/api/v1/clusters?q=.*")).json.map((c) => c.name),
      ["core (1).*"],
    );
    assert.deepEqual(
      (await b.get<ClusterOut[]>("/api/v1/clusters?q=(1")).json.map((c) => c.name),
      ["core (1).*"],
    );
    assert.deepEqual((await b.get("/api/v1/clusters?q=nomatch")).json, []);
    assert.deepEqual((await b.get("/api/v1/clusters?q=")).json.length, 3);
    assertTextError(await b.get("/api/v1/clusters?q=a&q=b"), 400, "invalid query parameter: q");
    // alice never sees bob's clusters
    const names = (await a.get<ClusterOut[]>("/api/v1/clusters")).json.map((c) => c.name);
    assert.ok(!names.some((n) => n.includes("edge") || n.includes("Edge")), names.join(","));
  });

  it("GET /clusters/{id}: 400 invalid id, 404 cluster not found, 404 for another organization's cluster", async () => {
    const c = await create(a, { name: "mine" });
    assertTextError(await a.get("/api/v1/clusters/not-a-uuid"), 400, "invalid id");
    assertTextError(await a.get(`/api/v1/clusters/${MISSING}`), 404, "cluster not found");
    assertTextError(await b.get(`/api/v1/clusters/${c.id}`), 404, "cluster not found");
    assertTextError(await b.patch(`/api/v1/clusters/${c.id}`, { name: "stolen" }), 404, "cluster not found");
    assertTextError(await b.delete(`/api/v1/clusters/${c.id}`), 404, "cluster not found");
    assertTextError(await b.post(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: "x" }), 404, "cluster not found");
    assertTextError(await b.delete(`/api/v1/clusters/${c.id}/bastion`), 404, "cluster not found");
    const still = await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`);
    assert.equal(still.json.name, "mine");
    // an upper-case id names the same cluster
    assert.equal((await a.get<ClusterOut>(`/api/v1/clusters/${c.id.toUpperCase()}`)).json.id, c.id);
  });

  it("attaching while the owning service is not running is 503 and changes nothing", async () => {
    const c = await create(a, { name: "no-inventory" });
    // the 503 names the service that is missing, not the clusters service that answered it
    assertTextError(await a.post(`/api/v1/clusters/${c.id}/bastion`, { server_id: MISSING }), 503, "service unavailable: inventory");
    assertTextError(await a.post(`/api/v1/clusters/${c.id}/captain-domain`, { domain_id: MISSING }), 503, "service unavailable: dns");
    const got = (await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json;
    assert.equal(got.bastion_server, null);
    assert.equal(got.captain_domain, null);
  });

  it("PATCH changes name, provider, region; status is not settable and every PATCH resets it to pre_pending", async () => {
    const c = await create(a, { name: "patchme", provider: "aws", region: "eu-west-1" });
    // the validator moves it to incomplete (nothing attached)
    const v = await stack.broker.call("clusters.validate", { organization_id: orgA, cluster_id: c.id });
    assert.deepEqual(v, {
      status: "incomplete",
      last_error: "bastion server not attached; captain domain not attached; control-plane record set not attached; no node pool attached",
    });
    const before = (await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json;
    assert.equal(before.status, "incomplete");
    assert.equal(before.last_error, v && (v as { last_error: string }).last_error);

    const res = await a.patch<ClusterOut>(`/api/v1/clusters/${c.id}`, { name: "patched", region: "us-east-1", status: "pending", certificate_key: "0".repeat(64) });
    assert.equal(res.status, 200);
    assert.equal(res.json.name, "patched");
    assert.equal(res.json.provider, "aws");
    assert.equal(res.json.region, "us-east-1");
    assert.equal(res.json.status, "pre_pending");
    assert.equal(res.json.last_error, "");
    assert.equal(res.json.certificate_key, c.certificate_key);
    assert.ok(res.json.updated_at >= c.updated_at);
    assert.deepEqual((await a.get(`/api/v1/clusters/${c.id}`)).json, res.json);

    // a body with only `status` still counts as a PATCH: nothing else changes
    await stack.broker.call("clusters.validate", { organization_id: orgA, cluster_id: c.id });
    const statusOnly = await a.patch<ClusterOut>(`/api/v1/clusters/${c.id}`, { status: "pending" });
    assert.equal(statusOnly.status, 200);
    assert.equal(statusOnly.json.status, "pre_pending");
    assert.equal(statusOnly.json.name, "patched");

    assertTextError(await a.patch(`/api/v1/clusters/${c.id}`, { name: "" }), 400, "missing fields: name");
    assertTextError(await a.patch(`/api/v1/clusters/${c.id}`, { region: 5 }), 400, "invalid region");
    assertTextError(await a.patch(`/api/v1/clusters/${c.id}`, "[]", { raw: true }), 400, "invalid json");
    assertTextError(await a.patch("/api/v1/clusters/nope", { name: "x" }), 400, "invalid id");
    assertTextError(await a.patch(`/api/v1/clusters/${MISSING}`, { name: "x" }), 404, "cluster not found");
  });

  it('docker_image and docker_tag: optional on create (default ""), stored, settable by PATCH, length-checked; control_plane_fqdn is "" without a record set', async () => {
    const bare = await create(a, { name: "no-image" });
    assert.equal(bare.docker_image, "");
    assert.equal(bare.docker_tag, "");
    assert.equal(bare.control_plane_fqdn, "");

    const c = await create(a, { name: "imaged", docker_image: "  ghcr.io/acme/captain  ", docker_tag: "v1.2.3" });
    assert.equal(c.docker_image, "ghcr.io/acme/captain");
    assert.equal(c.docker_tag, "v1.2.3");
    const stored = await raw.collection("clusters").findOne({ _id: c.id as never });
    assert.equal(stored?.docker_image, "ghcr.io/acme/captain");
    assert.equal(stored?.docker_tag, "v1.2.3");

    const patched = await a.patch<ClusterOut>(`/api/v1/clusters/${c.id}`, { docker_tag: "v1.3.0" });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.docker_image, "ghcr.io/acme/captain");
    assert.equal(patched.json.docker_tag, "v1.3.0");
    assert.equal(patched.json.status, "pre_pending");
    assert.deepEqual((await a.get(`/api/v1/clusters/${c.id}`)).json, patched.json);
    assert.equal((await a.get<ClusterOut[]>("/api/v1/clusters?q=imaged")).json[0]?.docker_tag, "v1.3.0");
    // "" clears a field
    assert.equal((await a.patch<ClusterOut>(`/api/v1/clusters/${c.id}`, { docker_image: "" })).json.docker_image, "");

    assertTextError(await a.post("/api/v1/clusters", { name: "x", docker_image: 5 }), 400, "invalid docker_image");
    assertTextError(await a.post("/api/v1/clusters", { name: "x", docker_image: "i".repeat(256) }), 400, "invalid docker_image");
    assertTextError(await a.post("/api/v1/clusters", { name: "x", docker_tag: { $gt: "" } }), 400, "invalid docker_tag");
    assertTextError(await a.patch(`/api/v1/clusters/${c.id}`, { docker_tag: "t".repeat(129) }), 400, "invalid docker_tag");
    assert.equal((await a.post<ClusterOut>("/api/v1/clusters", { name: "edge-lengths", docker_image: "i".repeat(255), docker_tag: "t".repeat(128) })).status, 201);
    assert.equal((await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json.docker_tag, "v1.3.0");

    // a row stored before these fields existed reads as ""
    await raw.collection("clusters").updateOne({ _id: bare.id as never }, { $unset: { docker_image: "", docker_tag: "" } });
    const old = (await a.get<ClusterOut>(`/api/v1/clusters/${bare.id}`)).json;
    assert.equal(old.docker_image, "");
    assert.equal(old.docker_tag, "");
  });

  it("cluster_provider is another name of provider on create and PATCH; answers carry both; both different is 400", async () => {
    const c = await create(a, { name: "aliased", cluster_provider: "hetzner" });
    assert.equal(c.provider, "hetzner");
    assert.equal(c.cluster_provider, "hetzner");
    const stored = await raw.collection("clusters").findOne({ _id: c.id as never });
    assert.equal(stored?.provider, "hetzner");
    assert.equal(stored?.cluster_provider, undefined);
    assert.equal((await create(a, { name: "both", provider: "aws", cluster_provider: "aws" })).cluster_provider, "aws");
    assertTextError(await a.post("/api/v1/clusters", { name: "clash", provider: "aws", cluster_provider: "hetzner" }), 400, "invalid cluster_provider: differs from provider");
    assert.deepEqual((await a.get<ClusterOut[]>("/api/v1/clusters?q=clash")).json, []);
    assertTextError(await a.post("/api/v1/clusters", { name: "x", cluster_provider: 7 }), 400, "invalid cluster_provider");

    const patched = await a.patch<ClusterOut>(`/api/v1/clusters/${c.id}`, { cluster_provider: "aws" });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.provider, "aws");
    assert.equal(patched.json.cluster_provider, "aws");
    assertTextError(await a.patch(`/api/v1/clusters/${c.id}`, { provider: "gcp", cluster_provider: "aws" }), 400, "invalid cluster_provider: differs from provider");
    assert.equal((await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json.provider, "aws");
    // the list carries both names too
    const listed = (await a.get<ClusterOut[]>("/api/v1/clusters?q=aliased")).json[0];
    assert.equal(listed?.cluster_provider, "aws");
  });

  it("the periodic sweep validates clusters whose validation job was never enqueued (jobs service down)", async () => {
    const c = await create(a, { name: "swept" });
    assert.equal((await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json.status, "pre_pending");
    const res = (await stack.broker.call("clusters.sweep", {})) as { validated: number };
    assert.ok(res.validated >= 1);
    const after = (await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json;
    assert.equal(after.status, "incomplete");
    assert.match(after.last_error, /^bastion server not attached; /);
  });

  it("the sweep removes what a delete that died after removing the cluster document left behind", async () => {
    const c = await create(a, { name: "half-deleted" });
    assert.equal((await a.post(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: KUBECONFIG })).status, 200);
    await raw.collection("clusters").deleteOne({ _id: c.id as never });
    assert.equal(await raw.collection("cluster_states").countDocuments({ _id: c.id as never }), 1);
    await stack.broker.call("clusters.sweep", {});
    for (const coll of ["cluster_states", "cluster_kubeconfigs"]) assert.equal(await raw.collection(coll).countDocuments({ _id: c.id as never }), 0, coll);
    assertTextError(await a.get(`/api/v1/clusters/${c.id}`), 404, "cluster not found");
  });

  it("kubeconfig: stored encrypted with the organization's data key, never returned, removed with IV and tag", async () => {
    const c = await create(a, { name: "kube" });
    const set = await a.post<ClusterOut>(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: KUBECONFIG });
    assert.equal(set.status, 200);
    assert.deepEqual(Object.keys(set.json).sort(), CLUSTER_KEYS);
    assert.equal(set.json.status, "pre_pending");
    assert.ok(!set.text.includes("s3cr3t"));
    for (const path of [`/api/v1/clusters/${c.id}`, "/api/v1/clusters"]) {
      const res = await a.get(path);
      assert.ok(!res.text.includes("s3cr3t") && !res.text.includes("kubeconfig"), path);
    }

    // raw storage: ciphertext, IV and tag; the plaintext appears in no document of the service's database
    const doc = await raw.collection("cluster_kubeconfigs").findOne({ _id: c.id as never });
    assert.ok(doc);
    assert.equal(doc.organization_id, orgA);
    const enc = doc.kubeconfig as { ct: string; iv: string; tag: string; key_version: number };
    assert.equal(Buffer.from(enc.iv, "base64").length, 12);
    assert.equal(Buffer.from(enc.tag, "base64").length, 16);
    assert.equal(Buffer.from(enc.ct, "base64").length, Buffer.byteLength(KUBECONFIG));
    for (const name of (await raw.db!.listCollections().toArray()).map((x) => x.name)) {
      const dump = JSON.stringify(await raw.collection(name).find({}).toArray());
      assert.ok(!dump.includes("s3cr3t") && !dump.includes("apiVersion"), `plaintext in ${name}`);
      assert.ok(!dump.includes(Buffer.from(KUBECONFIG).toString("base64").slice(0, 24)), `base64 plaintext in ${name}`);
    }
    // it is the organization's data key that encrypted it (and only for this cluster)
    const keyring = new Keyring(raw);
    await keyring.start();
    assert.equal(await keyring.decryptText(orgA, enc, `kubeconfig:${c.id}`), KUBECONFIG);
    await assert.rejects(keyring.decryptText(orgB, enc, `kubeconfig:${c.id}`));
    await assert.rejects(keyring.decryptText(orgA, enc, `kubeconfig:${MISSING}`));

    // replace
    const replaced = await a.post(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: "apiVersion: v1\nkind: Config\n" });
    assert.equal(replaced.status, 200);
    const doc2 = await raw.collection("cluster_kubeconfigs").findOne({ _id: c.id as never });
    assert.equal(await keyring.decryptText(orgA, doc2!.kubeconfig, `kubeconfig:${c.id}`), "apiVersion: v1\nkind: Config\n");

    // concurrent first stores on a fresh cluster: all succeed, one document that decrypts to one of them
    const fresh = await create(a, { name: "kube-race" });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => a.post(`/api/v1/clusters/${fresh.id}/kubeconfig`, { kubeconfig: `apiVersion: v1\n# ${i}\n` })));
    for (const r of racers) assert.equal(r.status, 200, r.text);
    const stored = await raw
      .collection("cluster_kubeconfigs")
      .find({ _id: fresh.id as never })
      .toArray();
    assert.equal(stored.length, 1);
    assert.match(await keyring.decryptText(orgA, stored[0]!.kubeconfig, `kubeconfig:${fresh.id}`), /^apiVersion: v1\n# [0-5]\n$/);

    // errors
    assertTextError(await a.post(`/api/v1/clusters/${c.id}/kubeconfig`, {}), 400, "missing fields: kubeconfig");
    assertTextError(await a.post(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: { a: 1 } }), 400, "invalid kubeconfig");
    assertTextError(await a.post(`/api/v1/clusters/${MISSING}/kubeconfig`, { kubeconfig: "x" }), 404, "cluster not found");
    assertTextError(await a.post("/api/v1/clusters/bad/kubeconfig", { kubeconfig: "x" }), 400, "invalid id");
    assertTextError(await a.delete(`/api/v1/clusters/${MISSING}/kubeconfig`), 404, "cluster not found");

    // delete removes ciphertext, IV and tag
    const del = await a.delete<ClusterOut>(`/api/v1/clusters/${c.id}/kubeconfig`);
    assert.equal(del.status, 200);
    assert.equal(del.json.id, c.id);
    assert.equal(del.json.status, "pre_pending");
    assert.equal(await raw.collection("cluster_kubeconfigs").countDocuments({ _id: c.id as never }), 0);
    const dump = JSON.stringify(await raw.collection("cluster_kubeconfigs").find({}).toArray());
    assert.ok(!dump.includes(enc.ct) && !dump.includes(enc.iv) && !dump.includes(enc.tag));
    // deleting again is still 200 (nothing stored)
    assert.equal((await a.delete(`/api/v1/clusters/${c.id}/kubeconfig`)).status, 200);
    assert.ok(!stack.logs.some((l) => l.includes("s3cr3t")), "kubeconfig in the logs");
  });

  it("join secrets are stored only sealed by the organization's data key; plaintext rows from before are read, then sealed at start-up", async () => {
    const c = await create(a, { name: "joiner" });
    const doc = await raw.collection("clusters").findOne({ _id: c.id as never });
    assert.ok(doc);
    assert.equal(doc.certificate_key, undefined);
    assert.equal(doc.random_token, undefined);
    assert.deepEqual(Object.keys(doc.secrets).sort(), ["ct", "iv", "key_version", "tag"]);
    const dump = JSON.stringify(await raw.collection("clusters").find({}).toArray());
    assert.ok(!dump.includes(c.certificate_key) && !dump.includes(c.random_token), "no join secret in plaintext");
    const keyring = new Keyring(raw);
    await keyring.start();
    const purpose = (id: string) => `cluster-secrets:${id}`;
    assert.deepEqual(JSON.parse(await keyring.decryptText(orgA, doc.secrets, purpose(c.id))), { certificate_key: c.certificate_key, random_token: c.random_token });
    await assert.rejects(keyring.decryptText(orgB, doc.secrets, purpose(c.id)));
    const got = (await a.get<ClusterOut>(`/api/v1/clusters/${c.id}`)).json;
    assert.deepEqual([got.certificate_key, got.random_token], [c.certificate_key, c.random_token]);

    // a row written before the secrets were sealed: answered as it is, sealed when the service starts
    const legacy = {
      _id: newId(),
      organization_id: orgA,
      name: "legacy",
      provider: "",
      region: "",
      certificate_key: "ab".repeat(32),
      random_token: "abcdef.0123456789abcdef",
      created_at: new Date(),
      updated_at: new Date(),
    };
    await raw.collection("clusters").insertOne(legacy as never);
    const before = (await a.get<ClusterOut>(`/api/v1/clusters/${legacy._id}`)).json;
    assert.deepEqual([before.certificate_key, before.random_token], [legacy.certificate_key, legacy.random_token]);
    await stack.broker.destroyService(stack.broker.getLocalService("clusters"));
    stack.broker.createService(await loadService("clusters")); // a running broker starts it
    await stack.broker.waitForServices("clusters");
    const sealed = await raw.collection("clusters").findOne({ _id: legacy._id as never });
    assert.equal(sealed!.certificate_key, undefined);
    assert.equal(sealed!.random_token, undefined);
    assert.deepEqual(JSON.parse(await keyring.decryptText(orgA, sealed!.secrets, purpose(legacy._id))), {
      certificate_key: legacy.certificate_key,
      random_token: legacy.random_token,
    });
    const after = (await a.get<ClusterOut>(`/api/v1/clusters/${legacy._id}`)).json;
    assert.deepEqual(after, before);
    for (const id of [c.id, legacy._id]) assert.equal((await a.delete(`/api/v1/clusters/${id}`)).status, 204);
  });

  it("DELETE /clusters/{id}: 204 and gone with its kubeconfig and state; again 404; malformed 400", async () => {
    const c = await create(a, { name: "doomed" });
    assert.equal((await a.post(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: KUBECONFIG })).status, 200);
    const res = await a.delete(`/api/v1/clusters/${c.id}`);
    assert.equal(res.status, 204);
    assert.equal(res.text, "");
    assertTextError(await a.get(`/api/v1/clusters/${c.id}`), 404, "cluster not found");
    assertTextError(await a.delete(`/api/v1/clusters/${c.id}`), 404, "cluster not found");
    assertTextError(await a.delete("/api/v1/clusters/nope"), 400, "invalid id");
    for (const coll of ["clusters", "cluster_states", "cluster_kubeconfigs", "cluster_links"]) {
      assert.equal(await raw.collection(coll).countDocuments({ _id: c.id as never }), 0, coll);
    }
    assert.ok(!(await a.get<ClusterOut[]>("/api/v1/clusters")).json.some((x) => x.id === c.id));
  });

  it("referencesTo answers an empty list for unreferenced resources; purgeOrganization is idempotent and crypto-shreds", async () => {
    assert.deepEqual(await stack.broker.call("clusters.referencesTo", { organization_id: orgB, kind: "server", id: MISSING }), { clusters: [] });
    const c = await create(b, { name: "purged" });
    await b.post(`/api/v1/clusters/${c.id}/kubeconfig`, { kubeconfig: KUBECONFIG });
    const aliceCount = (await a.get<ClusterOut[]>("/api/v1/clusters")).json.length;
    const first = (await stack.broker.call("clusters.purgeOrganization", { organization_id: orgB })) as { clusters: number };
    assert.equal(first.clusters, 4);
    assert.deepEqual(await stack.broker.call("clusters.purgeOrganization", { organization_id: orgB }), { clusters: 0 });
    assert.deepEqual((await b.get("/api/v1/clusters")).json, []);
    for (const coll of ["clusters", "cluster_states", "cluster_kubeconfigs", "cluster_links", "data_keys"]) {
      assert.equal(await raw.collection(coll).countDocuments({ organization_id: orgB }), 0, coll);
    }
    assert.equal((await a.get<ClusterOut[]>("/api/v1/clusters")).json.length, aliceCount);
  });
});
