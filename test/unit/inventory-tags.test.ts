import { strict as assert } from "node:assert";
import { beforeAll, describe, it } from "@jest/globals";
import { ListTagsParams, type Annotation, type Taint } from "../../shared/contracts/inventory.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { attach, detach, listAttached } from "../../services/inventory/links.ts";
import { defineInventoryModels } from "../../services/inventory/models.ts";
import { createNodePool, deleteNodePool, getNodePool } from "../../services/inventory/node-pools.ts";
import { inventoryResources, type Inventory } from "../../services/inventory/resources.ts";
import * as tags from "../../services/inventory/tags.ts";
import { useTestDatabase, unitCaller } from "../helpers/unit-database.ts";

type TagKind = "label" | "annotation" | "taint";

/** The module's functions, with the answers typed as the contract's (the module answers them as `{id}`). */
const createTag = async (inv: Inventory, org: string, kind: TagKind, data: { key: string; value: string; effect?: string }) =>
  (await tags.createTag(inv, unitCaller, org, kind, data)) as Taint;
const getTag = async (inv: Inventory, org: string, kind: TagKind, id: string) => (await tags.getTag(inv, org, kind, id)) as Taint;
const updateTag = async (inv: Inventory, org: string, kind: TagKind, id: string, data: { key?: string; value?: string }) =>
  (await tags.updateTag(inv, unitCaller, org, kind, id, data)) as Taint;
const { deleteTag, listTags } = tags;

/** The ids of a list's items. */
const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

/** The inventory's labels, annotations and taints and their node pool attachments (services/inventory/tags.ts, links.ts, node-pools.ts) over its database. */
describe("inventory tags and node pool attachments (no broker)", () => {
  const db = new ServiceDatabase("inventory", defineInventoryModels);
  useTestDatabase(db);
  let inv: Inventory;
  const org = newId();
  const other = newId();

  beforeAll(async () => {
    inv = { models: db.models, res: inventoryResources(db.models) };
  });

  it("creates and reads a label and a taint; another organization's id is 404, a malformed one 400", async () => {
    const label = await createTag(inv, org, "label", { key: "tier", value: "web" });
    assert.deepEqual({ ...label, id: "", created_at: "", updated_at: "" }, { id: "", organization_id: org, key: "tier", value: "web", created_at: "", updated_at: "" });
    assert.equal(label.created_at, label.updated_at);
    assert.deepEqual(await getTag(inv, org, "label", label.id), label);
    const taint = await createTag(inv, org, "taint", { key: "dedicated", value: "gpu", effect: "NoSchedule" });
    assert.equal((await getTag(inv, org, "taint", taint.id)).effect, "NoSchedule");
    await assert.rejects(getTag(inv, other, "label", label.id), { code: 404, message: "label not found" });
    await assert.rejects(getTag(inv, org, "annotation", label.id), { code: 404, message: "annotation not found" }, "a label is no annotation");
    await assert.rejects(getTag(inv, org, "label", "nope"), { code: 400, type: "invalid_id" });
  });

  it("lists newest first by exact key and value, or by a key that contains `q` (literally, any case), a page at a time", async () => {
    const a = await createTag(inv, org, "annotation", { key: "team.owner", value: "ops" });
    const b = await createTag(inv, org, "annotation", { key: "Team.Cost", value: "ops" });
    const c = await createTag(inv, org, "annotation", { key: "region", value: "eu" });
    await createTag(inv, other, "annotation", { key: "team.owner", value: "ops" });
    const list = (params: Record<string, string>) => listTags(inv, org, "annotation", ListTagsParams.parse(params));
    assert.deepEqual(ids(await list({})), [c.id, b.id, a.id]);
    assert.deepEqual(ids(await list({ value: "ops" })), [b.id, a.id]);
    assert.deepEqual(ids(await list({ key: "region" })), [c.id]);
    assert.deepEqual(ids(await list({ q: "TEAM." })), [b.id, a.id]);
    assert.deepEqual(ids(await list({ q: "." })), [b.id, a.id], "a dot is a dot");
    assert.deepEqual(ids(await list({ key: "team.owner", q: "team" })), [a.id]);
    const first = await list({ limit: "2" });
    assert.deepEqual(ids(first), [c.id, b.id]);
    assert.ok(first.next_cursor);
    const second = await list({ limit: "2", cursor: first.next_cursor });
    assert.deepEqual(ids(second), [a.id]);
    assert.equal(second.next_cursor, undefined);
  });

  it("changes only the fields given; an empty change answers the tag as it is", async () => {
    const tag = await createTag(inv, org, "taint", { key: "k", value: "v", effect: "NoExecute" });
    const same = await updateTag(inv, org, "taint", tag.id, { key: undefined, value: undefined });
    assert.deepEqual(same, tag);
    const changed = await updateTag(inv, org, "taint", tag.id, { value: "w" });
    assert.deepEqual([changed.key, changed.value, changed.effect], ["k", "w", "NoExecute"]);
    assert.ok(changed.updated_at >= tag.updated_at);
    await assert.rejects(updateTag(inv, other, "taint", tag.id, { value: "x" }), { code: 404, message: "taint not found" });
    assert.equal((await getTag(inv, org, "taint", tag.id)).value, "w");
  });

  it("attaches tags to node pools all or nothing, shows the pools with `include`, and detaches them", async () => {
    const pool = await createNodePool(inv, unitCaller, org, { name: "workers", role: "worker" });
    const web = await createTag(inv, org, "label", { key: "app", value: "web" });
    const db2 = await createTag(inv, org, "label", { key: "app", value: "db" });
    const foreign = await createTag(inv, other, "label", { key: "app", value: "x" });

    await assert.rejects(attach(inv, unitCaller, org, pool.id, "label", "label_ids", [web.id, foreign.id]), { code: 400, message: `invalid label_ids: ${foreign.id}` });
    await assert.rejects(attach(inv, unitCaller, org, pool.id, "label", "label_ids", ["bad-id"]), { code: 400, message: "invalid label_ids: bad-id" });
    assert.deepEqual((await getNodePool(inv, org, pool.id)).labels, [], "nothing was attached");

    await attach(inv, unitCaller, org, pool.id, "label", "label_ids", [web.id, db2.id.toUpperCase()]);
    await attach(inv, unitCaller, org, pool.id, "label", "label_ids", [web.id]);
    assert.deepEqual(
      (await getNodePool(inv, org, pool.id)).labels.map((l) => l.id),
      [db2.id, web.id],
    );
    assert.deepEqual(ids(await listAttached(inv, org, pool.id, "label", { limit: 1 })), [db2.id]);

    const withPools = await listTags<Annotation>(inv, org, "label", ListTagsParams.parse({ key: "app", include: "node_pools" }));
    const poolsOf = new Map(withPools.items.map((i) => [i.id, i.node_pools]));
    assert.deepEqual(poolsOf.get(web.id), [{ id: pool.id, name: "workers", role: "worker" }]);
    assert.equal((await listTags<Annotation>(inv, org, "label", ListTagsParams.parse({ key: "app" }))).items[0]?.node_pools, undefined);

    await detach(inv, unitCaller, org, pool.id, "label", web.id);
    await assert.rejects(detach(inv, unitCaller, org, pool.id, "label", web.id), { code: 404, message: "label not attached to the node pool" });
    assert.deepEqual(
      (await getNodePool(inv, org, pool.id)).labels.map((l) => l.id),
      [db2.id],
    );
  });

  it("deleting a tag detaches it from every pool; deleting a pool removes its attachments", async () => {
    const p1 = await createNodePool(inv, unitCaller, org, { name: "p1", role: "worker" });
    const p2 = await createNodePool(inv, unitCaller, org, { name: "p2", role: "master" });
    const tag = await createTag(inv, org, "annotation", { key: "gone", value: "soon" });
    const kept = await createTag(inv, org, "annotation", { key: "kept", value: "yes" });
    await attach(inv, unitCaller, org, p1.id, "annotation", "annotation_ids", [tag.id, kept.id]);
    await attach(inv, unitCaller, org, p2.id, "annotation", "annotation_ids", [tag.id]);

    await deleteTag(inv, unitCaller, org, "annotation", tag.id);
    await assert.rejects(getTag(inv, org, "annotation", tag.id), { code: 404 });
    assert.equal(await db.models.links.countDocuments({ child_id: tag.id }), 0);
    assert.deepEqual(
      (await getNodePool(inv, org, p1.id)).annotations.map((a) => a.id),
      [kept.id],
    );
    await assert.rejects(deleteTag(inv, unitCaller, org, "annotation", tag.id), { code: 404, message: "annotation not found" });

    await deleteNodePool(inv, unitCaller, org, p1.id);
    assert.equal(await db.models.links.countDocuments({ node_pool_id: p1.id }), 0);
    assert.equal((await getTag(inv, org, "annotation", kept.id)).key, "kept", "the tag itself stays");
  });
});
