import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ok, type ClusterClient } from "../../clients/typescript/src/index.ts";
import { clientFor } from "../helpers/client.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";
import { signIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/** The request shapes of issue 33 through the typed client (answers checked against the served document). */
describe("typed client: the original API's newer fields and routes", () => {
  let stack: Stack;
  let client: ClusterClient;
  let org: ClusterClient;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "credentials", "dns", "clusters"] });
    const user = await signIn(stack.broker);
    client = clientFor(stack.baseUrl, user);
    const created = await ok(client.api.POST("/api/v1/orgs", { body: { name: "Client compat" } }));
    org = client.withOrg(created.id);
  });
  afterAll(() => stack.stop());

  it("clusters: cluster_provider, docker fields, control_plane_fqdn, metadata and its filter", async () => {
    const cluster = await ok(org.api.POST("/api/v1/clusters", { body: { name: "tf", cluster_provider: "hetzner", docker_image: "ghcr.io/acme/captain", docker_tag: "v1" } }));
    assert.equal(cluster.provider, "hetzner");
    assert.equal(cluster.cluster_provider, "hetzner");
    assert.equal(cluster.docker_tag, "v1");
    assert.equal(cluster.control_plane_fqdn, "");
    const entry = await ok(org.api.POST("/api/v1/clusters/{clusterID}/metadata", { params: { path: { clusterID: cluster.id } }, body: { key: "Env", value: " prod " } }));
    assert.deepEqual([entry.key, entry.value], ["env", "prod"]);
    const patched = await ok(
      org.api.PATCH("/api/v1/clusters/{clusterID}/metadata/{metadataID}", { params: { path: { clusterID: cluster.id, metadataID: entry.id } }, body: { value: "staging" } }),
    );
    assert.equal(patched.value, "staging");
    assert.deepEqual((await ok(org.api.GET("/api/v1/clusters/{clusterID}", { params: { path: { clusterID: cluster.id } } }))).metadata, { env: "staging" });
    const filter: Record<string, string> = { "metadata.env": "staging" };
    const found = await ok(org.api.GET("/api/v1/clusters", { params: { query: { ...filter } } }));
    assert.deepEqual(
      found.map((c) => c.id),
      [cluster.id],
    );
    const entries = await ok(org.api.GET("/api/v1/clusters/{clusterID}/metadata", { params: { path: { clusterID: cluster.id } } }));
    assert.deepEqual(
      entries.map((e) => e.id),
      [entry.id],
    );
    const updated = await ok(org.api.PATCH("/api/v1/clusters/{clusterID}", { params: { path: { clusterID: cluster.id } }, body: { docker_tag: "v2" } }));
    assert.equal(updated.docker_tag, "v2");
    const removed = await org.api.DELETE("/api/v1/clusters/{clusterID}/metadata/{metadataID}", { params: { path: { clusterID: cluster.id, metadataID: entry.id } } });
    assert.equal(removed.response.status, 204);
  });

  it("credentials: credential_provider on create and the list filter; record sets: GET /dns/records/{id}", async () => {
    const body = powerdnsCredentialBody("pdns-token", "http://127.0.0.1:9");
    const { provider, ...rest } = body as { provider: string } & Record<string, unknown>;
    const credential = await ok(org.api.POST("/api/v1/credentials", { body: { ...rest, credential_provider: provider } as never }));
    assert.equal(credential.credential_provider, provider);
    const listed = await ok(org.api.GET("/api/v1/credentials", { params: { query: { credential_provider: provider as never } } }));
    assert.deepEqual(
      listed.map((c) => c.id),
      [credential.id],
    );
    const domain = await ok(org.api.POST("/api/v1/dns/domains", { body: { credential_id: credential.id, domain_name: "client.example.com" } }));
    const rs = await ok(
      org.api.POST("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: domain.id } }, body: { name: "api", type: "A", values: ["192.0.2.1"] } }),
    );
    assert.deepEqual(await ok(org.api.GET("/api/v1/dns/records/{id}", { params: { path: { id: rs.id } } })), rs);
  });

  it("SSH keys: server_count and unattached; user and org keys without a name", async () => {
    const key = await ok(org.api.POST("/api/v1/ssh", { body: { name: "spare", type: "ed25519" } }));
    assert.equal(key.server_count, 0);
    const unattached = await ok(org.api.GET("/api/v1/ssh", { params: { query: { unattached: "true" } } }));
    assert.deepEqual(
      unattached.map((k) => k.id),
      [key.id],
    );
    const userKey = await ok(client.api.POST("/api/v1/me/api-keys", { body: { expires_in_hours: 0 } }));
    assert.match(userKey.name, /^key u_/);
    assert.equal(userKey.expires_at, null);
    const me = await ok(client.api.PATCH("/api/v1/me", { body: {} }));
    assert.equal(typeof me.id, "string");
  });
});
