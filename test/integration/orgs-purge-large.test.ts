import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose, { type Connection } from "mongoose";
import { newId } from "../../shared/ids.ts";
import { newTenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/** More labels than FerretDB on SQLite lets one delete match (32,766 SQL variables). */
const LABELS = 40_000;
const INSERT_BATCH = 5_000;

/**
 * Deleting an organization that holds more documents of one kind than one delete statement of
 * the embedded database may match: its purge deletes in bounded batches and every label goes,
 * while another organization's labels stay.
 */
describe("purging an organization of 40,000 labels", () => {
  let stack: Stack;
  let raw: Connection;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "jobs"],
      env: { MASTER_KEY: randomBytes(32).toString("base64"), JOBS_POLL_MS: "100", JOBS_PERIODIC_ENABLED: "false" },
    });
    raw = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
  });
  afterAll(async () => {
    await raw.close();
    await stack.stop();
  });

  it("deletes every label, in batches, and leaves another organization's", async () => {
    const doomed = await newTenant(stack, "Big");
    const control = await newTenant(stack, "Control");
    const labels = raw.useDb(`${stack.dbPrefix}_inventory`, { useCache: true }).collection("labels");
    const now = new Date();
    // written straight to the database: the purge is what is tested, not 40,000 POSTs
    for (let i = 0; i < LABELS; i += INSERT_BATCH) {
      const docs = Array.from({ length: Math.min(INSERT_BATCH, LABELS - i) }, (_, j) => ({
        _id: newId(),
        organization_id: doomed.orgId,
        key: `k${i + j}`,
        value: "v",
        created_at: now,
        updated_at: now,
      }));
      await labels.insertMany(docs as never[], { ordered: false });
    }
    const kept = await control.http.post("/api/v1/labels", { key: "stays", value: "1" });
    assert.equal(kept.status, 201, kept.text);
    assert.equal(await labels.countDocuments({ organization_id: doomed.orgId }), LABELS);

    const del = await stack.http.delete(`/api/v1/orgs/${doomed.orgId}`, { headers: doomed.user.bearer });
    assert.equal(del.status, 204, del.text);

    await waitUntil(
      "every label of the deleted organization to be gone",
      async () => ((await labels.countDocuments({ organization_id: doomed.orgId })) === 0 ? true : undefined),
      240_000,
    );
    const left = await control.http.get("/api/v1/labels");
    assert.equal(left.status, 200);
    assert.deepEqual(
      (left.json as { key: string }[]).map((l) => l.key),
      ["stays"],
    );
  });
});
