import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose, { type Connection } from "mongoose";
import { ServiceDatabase, claimOnce, retryIdempotent } from "../../shared/db.ts";
import { resetConfig } from "../../shared/config.ts";
import { newId } from "../../shared/ids.ts";
import { uniquePrefix } from "../helpers/stack.ts";
import { startFaultyProxy, type FaultyProxy } from "../helpers/tcp-proxy.ts";

interface Claim {
  _id: string;
  by?: string;
  n?: number;
}

function defineModels(conn: Connection) {
  return { claims: conn.model<Claim>("claims", new mongoose.Schema<Claim>({ _id: String, by: String, n: Number }, { versionKey: false })) };
}

/** The database helper when the network or the server fails one round trip (a real server behind a cutting proxy). */
describe("database helper: claims and idempotent writes survive a lost answer", () => {
  let proxy: FaultyProxy;
  let db: ServiceDatabase<ReturnType<typeof defineModels>>;
  const realUrl = process.env.MONGO_URL!;

  beforeAll(async () => {
    proxy = await startFaultyProxy(realUrl);
    process.env.DB_PREFIX = uniquePrefix();
    process.env.MONGO_URL = proxy.url;
    resetConfig();
    db = new ServiceDatabase("lostanswers", defineModels);
    await db.open();
  });
  afterAll(async () => {
    await db.connection.dropDatabase();
    await db.close();
    await proxy.close();
    process.env.MONGO_URL = realUrl;
    resetConfig();
  });

  it("an insert that landed although its answer was lost is still this caller's claim", async () => {
    const key = newId();
    const fault = proxy.loseAnswerTo("insert");
    assert.equal(await claimOnce(db.models.claims, key, { by: "me" }), true);
    await fault;
    assert.equal((await db.models.claims.findById(key).lean())?.by, "me", "the claim is stored");
    assert.equal(await claimOnce(db.models.claims, key, { by: "other" }), false, "and nobody else wins it");
  });

  it("an insert that never arrived is no claim: the caller gets the error, the key stays free", async () => {
    const key = newId();
    const fault = proxy.dropRequest("insert");
    await assert.rejects(claimOnce(db.models.claims, key, { by: "me" }));
    await fault;
    assert.equal(await db.models.claims.findById(key).lean(), null);
    assert.equal(await claimOnce(db.models.claims, key, { by: "next" }), true);
  });

  it("losing to a stored claim whose answer was lost elsewhere stays a loss", async () => {
    const key = newId();
    assert.equal(await claimOnce(db.models.claims, key, { by: "first" }), true);
    const fault = proxy.loseAnswerTo("insert");
    assert.equal(await claimOnce(db.models.claims, key, { by: "second" }), false);
    await fault;
    assert.equal((await db.models.claims.findById(key).lean())?.by, "first");
  });

  it("an idempotent update whose connection drops is tried again and lands", async () => {
    const key = newId();
    await claimOnce(db.models.claims, key, { n: 0 });
    const fault = proxy.dropRequest("update");
    await retryIdempotent(() => db.models.claims.updateOne({ _id: key }, { $set: { n: 7 } }));
    await fault;
    assert.equal((await db.models.claims.findById(key).lean())?.n, 7);
  });

  it("without a retry the same dropped update fails (the fault is real)", async () => {
    const key = newId();
    await claimOnce(db.models.claims, key, { n: 0 });
    const fault = proxy.dropRequest("update");
    await assert.rejects(db.models.claims.updateOne({ _id: key }, { $set: { n: 7 } }));
    await fault;
    assert.equal((await db.models.claims.findById(key).lean())?.n, 0);
  });
});
