import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { clusterResources } from "../../services/clusters/cluster-docs.ts";
import {
  clustersWithMetadata,
  createMetadata,
  getMetadata,
  listMetadata,
  metadataOfClusters,
  removeMetadata,
  removeMetadataOfCluster,
  updateMetadata,
} from "../../services/clusters/metadata.ts";
import { defineClustersModels } from "../../services/clusters/models.ts";
import { useTestDatabase, unitCaller } from "../helpers/unit-database.ts";

/** The clusters service's metadata entries (services/clusters/metadata.ts) over its database. */
describe("clusters metadata module (no broker)", () => {
  const db = new ServiceDatabase("clusters", defineClustersModels);
  useTestDatabase(db);
  const org = newId();

  /** A stored cluster of `organizationId`, and its id. */
  async function cluster(organizationId = org): Promise<string> {
    return (await clusterResources(db.models).create(unitCaller, organizationId, { name: `c-${newId().slice(-6)}`, provider: "aws", region: "eu-west-1" }))._id;
  }

  it("adds entries to a cluster, one per key; an unknown or foreign cluster is 404", async () => {
    const c = await cluster();
    const entry = await createMetadata(db.models, unitCaller, org, c, { key: "env", value: "prod" });
    assert.deepEqual(
      { ...entry, id: "", created_at: "", updated_at: "" },
      { id: "", organization_id: org, cluster_id: c, key: "env", value: "prod", created_at: "", updated_at: "" },
    );
    assert.deepEqual(await getMetadata(db.models, org, c, entry.id), entry);
    await assert.rejects(createMetadata(db.models, unitCaller, org, c, { key: "env", value: "dev" }), { code: 409, message: "metadata key already exists" });
    const other = await cluster();
    assert.equal((await createMetadata(db.models, unitCaller, org, other, { key: "env", value: "dev" })).value, "dev", "another cluster may use the key");
    await assert.rejects(createMetadata(db.models, unitCaller, newId(), c, { key: "x", value: "y" }), { code: 404, message: "cluster not found" });
    await assert.rejects(createMetadata(db.models, unitCaller, org, newId(), { key: "x", value: "y" }), { code: 404, message: "cluster not found" });
  });

  it("answers an entry only under its own cluster", async () => {
    const c = await cluster();
    const sibling = await cluster();
    const entry = await createMetadata(db.models, unitCaller, org, c, { key: "team", value: "a" });
    await assert.rejects(getMetadata(db.models, org, sibling, entry.id), { code: 404, message: "metadata not found" });
    await assert.rejects(updateMetadata(db.models, unitCaller, org, sibling, entry.id, { value: "b" }), { code: 404, message: "metadata not found" });
    await assert.rejects(removeMetadata(db.models, unitCaller, org, sibling, entry.id), { code: 404, message: "metadata not found" });
    await assert.rejects(getMetadata(db.models, newId(), c, entry.id), { code: 404, message: "cluster not found" });
    assert.equal((await getMetadata(db.models, org, c, entry.id)).value, "a");
  });

  it("lists a cluster's entries newest first, a page at a time", async () => {
    const c = await cluster();
    const made = [];
    for (const key of ["a", "b", "c"]) made.push(await createMetadata(db.models, unitCaller, org, c, { key, value: key.toUpperCase() }));
    const first = await listMetadata(db.models, org, c, { limit: 2 });
    assert.deepEqual(
      first.items.map((e) => e.key),
      ["c", "b"],
    );
    const rest = await listMetadata(db.models, org, c, { limit: 2, cursor: made[1]!.id });
    assert.deepEqual(
      rest.items.map((e) => e.key),
      ["a"],
    );
    assert.deepEqual(await listMetadata(db.models, org, await cluster(), {}), { items: [] });
    await assert.rejects(listMetadata(db.models, newId(), c, {}), { code: 404, message: "cluster not found" });
  });

  it("changes an entry's key or value; a key the cluster already has is 409, an unchanged patch writes nothing", async () => {
    const c = await cluster();
    const a = await createMetadata(db.models, unitCaller, org, c, { key: "a", value: "1" });
    await createMetadata(db.models, unitCaller, org, c, { key: "b", value: "2" });
    const unchanged = await updateMetadata(db.models, unitCaller, org, c, a.id, { key: "a", value: "1" });
    assert.equal(unchanged.updated_at, a.updated_at);
    const renamed = await updateMetadata(db.models, unitCaller, org, c, a.id, { key: "z" });
    assert.deepEqual([renamed.key, renamed.value], ["z", "1"]);
    await assert.rejects(updateMetadata(db.models, unitCaller, org, c, a.id, { key: "b" }), { code: 409, message: "metadata key already exists" });
    assert.equal((await getMetadata(db.models, org, c, a.id)).key, "z");
  });

  it("removes one entry, or all of a deleted cluster's", async () => {
    const c = await cluster();
    const one = await createMetadata(db.models, unitCaller, org, c, { key: "one", value: "1" });
    await createMetadata(db.models, unitCaller, org, c, { key: "two", value: "2" });
    await removeMetadata(db.models, unitCaller, org, c, one.id);
    await assert.rejects(getMetadata(db.models, org, c, one.id), { code: 404, message: "metadata not found" });
    const elsewhere = await cluster(newId());
    await removeMetadataOfCluster(db.models, unitCaller, org, c);
    await removeMetadataOfCluster(db.models, unitCaller, org, elsewhere);
    assert.equal(await db.models.metadata.countDocuments({ cluster_id: c }), 0);
  });

  it("answers each cluster's entries as an object, and finds the clusters that have every key = value asked for", async () => {
    const web = await cluster();
    const db1 = await cluster();
    const foreign = await cluster(newId());
    await createMetadata(db.models, unitCaller, org, web, { key: "stage", value: "prod" });
    await createMetadata(db.models, unitCaller, org, web, { key: "tier", value: "web" });
    await createMetadata(db.models, unitCaller, org, web, { key: "__proto__", value: "plain" });
    await createMetadata(db.models, unitCaller, org, db1, { key: "stage", value: "prod" });
    await createMetadata(db.models, unitCaller, org, db1, { key: "tier", value: "db" });
    const foreignOrg = (await db.models.clusters.findById(foreign).lean())!.organization_id;
    await createMetadata(db.models, unitCaller, foreignOrg, foreign, { key: "stage", value: "prod" });

    const byCluster = await metadataOfClusters(db.models, org, [web, db1, foreign]);
    assert.deepEqual([...byCluster.keys()].sort(), [web, db1].sort());
    const webEntries = byCluster.get(web)!;
    assert.deepEqual(Object.entries(webEntries), [
      ["__proto__", "plain"],
      ["stage", "prod"],
      ["tier", "web"],
    ]);
    assert.equal(Object.getPrototypeOf(webEntries), Object.prototype, "a `__proto__` key is an ordinary entry");
    assert.deepEqual(await metadataOfClusters(db.models, org, []), new Map());

    assert.deepEqual((await clustersWithMetadata(db.models, org, { stage: "prod" })).sort(), [web, db1].sort());
    assert.deepEqual(await clustersWithMetadata(db.models, org, { stage: "prod", tier: "db" }), [db1]);
    assert.deepEqual(await clustersWithMetadata(db.models, org, { stage: "prod", tier: "none" }), []);
  });
});
