import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { sha256Hex } from "../../shared/crypto.ts";
import { IDEMPOTENCY_COLLECTION, requestFingerprint } from "../../shared/idempotency.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Idempotency-Key on POST and PATCH: the first request's answer is recorded by the owning service
 * (here inventory, in its own database) and replayed for a repeat with `Idempotent-Replayed: true`;
 * one key, one change, whatever the number of repeats.
 */
describe("Idempotency-Key", () => {
  let stack: Stack;
  let alice: SignedIn;
  let bob: SignedIn;
  let orgId: string;
  let org: Record<string, string>;
  let inventoryDb: mongoose.Connection;

  const labels = async (headers: Record<string, string>) => (await stack.http.get("/api/v1/labels", { headers })).json as { id: string; key: string; value: string }[];

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"] });
    alice = await signIn(stack.broker);
    bob = await signIn(stack.broker);
    const created = await stack.http.post("/api/v1/orgs", { name: "Idem Org", domain: "idem.example.com" }, { headers: alice.bearer });
    assert.equal(created.status, 201, created.text);
    orgId = (created.json as { id: string }).id;
    org = orgHeaders(alice, orgId);
    inventoryDb = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: `${stack.dbPrefix}_inventory` }).asPromise();
  });
  afterAll(async () => {
    await inventoryDb?.close();
    await stack.stop();
  });

  it("a repeat replays the first answer (status, Location, body) with Idempotent-Replayed, and creates nothing more", async () => {
    const headers = { ...org, "idempotency-key": "create-env-1" };
    const first = await stack.http.post("/api/v1/labels", { key: "env", value: "prod" }, { headers });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get("idempotent-replayed"), null);
    for (let i = 0; i < 3; i++) {
      const again = await stack.http.post("/api/v1/labels", { value: "prod", key: "env" }, { headers }); // same body, keys in another order
      assert.equal(again.status, 201, again.text);
      assert.equal(again.headers.get("idempotent-replayed"), "true");
      assert.equal(again.headers.get("location"), first.headers.get("location"));
      assert.deepEqual(again.json, first.json);
    }
    assert.equal((await labels(org)).filter((l) => l.key === "env").length, 1);
    // the record lives in the owning service's database, with its expiry (24 h by default)
    // (two documents: the claim written when it started, and the outcome beside it)
    const records = await inventoryDb.collection(IDEMPOTENCY_COLLECTION).find({}).sort({ _id: 1 }).toArray();
    assert.deepEqual(
      records.map((r) => [r.state, (r.expires_at as Date).getTime() - (r.started_at as Date).getTime()]),
      [
        ["running", 86_400_000],
        ["done", 86_400_000],
      ],
    );
    assert.equal(records[1]!._id, `${String(records[0]!._id)}:outcome`);
    assert.deepEqual(JSON.parse(records[1]!.result_json as string), first.json);
  });

  it("a recorded client error is replayed too (a 404 stays a 404 for that key)", async () => {
    const headers = { ...org, "idempotency-key": "patch-missing" };
    const missing = "01900000-0000-7000-8000-000000000000";
    const first = await stack.http.patch(`/api/v1/labels/${missing}`, { value: "x" }, { headers });
    assert.equal(first.status, 404, first.text);
    const again = await stack.http.patch(`/api/v1/labels/${missing}`, { value: "x" }, { headers });
    assert.equal(again.status, 404);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
  });

  it("the same key with another body is 422; on PATCH as on POST", async () => {
    const headers = { ...org, "idempotency-key": "create-tier" };
    assert.equal((await stack.http.post("/api/v1/labels", { key: "tier", value: "1" }, { headers })).status, 201);
    const other = await stack.http.post("/api/v1/labels", { key: "tier", value: "2" }, { headers });
    assert.equal(other.status, 422, other.text);
    assert.equal(other.text, "idempotency key was used for another request");
    assert.equal((await labels(org)).filter((l) => l.key === "tier").length, 1);
  });

  it("a repeat while the first is still being processed is 409", async () => {
    const key = "in-flight";
    const params = { key: "zone", value: "a" };
    // the first request's record as the service writes it when it starts, before its change
    const _id = sha256Hex(`user:${alice.user_id}:${orgId}\n${key}`);
    const now = new Date();
    await inventoryDb
      .collection<{ _id: string; fingerprint: string; state: string; started_at: Date; expires_at: Date }>(IDEMPOTENCY_COLLECTION)
      .insertOne({ _id, fingerprint: requestFingerprint("POST", "/api/v1/labels", params), state: "running", started_at: now, expires_at: new Date(now.getTime() + 60_000) });
    const res = await stack.http.post("/api/v1/labels", params, { headers: { ...org, "idempotency-key": key } });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.text, "a request with this idempotency key is still being processed");
    assert.equal((await labels(org)).filter((l) => l.key === "zone").length, 0);
  });

  it("a key longer than 255 characters is 400; 255 is accepted; a quoted key (the draft's sf-string) is the same key", async () => {
    const long = await stack.http.post("/api/v1/labels", { key: "long", value: "x" }, { headers: { ...org, "idempotency-key": "k".repeat(256) } });
    assert.equal(long.status, 400, long.text);
    assert.equal(long.text, "idempotency key longer than 255 characters");
    const max = await stack.http.post("/api/v1/labels", { key: "long", value: "x" }, { headers: { ...org, "idempotency-key": "k".repeat(255) } });
    assert.equal(max.status, 201, max.text);
    const quoted = await stack.http.post("/api/v1/labels", { key: "long", value: "x" }, { headers: { ...org, "idempotency-key": `"${"k".repeat(255)}"` } });
    assert.equal(quoted.status, 201);
    assert.equal(quoted.headers.get("idempotent-replayed"), "true");
  });

  it("a key is the caller's in one organization: another user or another organization with the same key is another request", async () => {
    const created = await stack.http.post("/api/v1/orgs", { name: "Bob Org", domain: "bob-idem.example.com" }, { headers: bob.bearer });
    const bobOrg = orgHeaders(bob, (created.json as { id: string }).id);
    const res = await stack.http.post("/api/v1/labels", { key: "env", value: "prod" }, { headers: { ...bobOrg, "idempotency-key": "create-env-1" } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.headers.get("idempotent-replayed"), null);
    assert.equal((await labels(bobOrg)).length, 1);
  });

  it("PATCH replays too: the second PATCH with the key answers the first one's body", async () => {
    const created = await stack.http.post("/api/v1/labels", { key: "patchme", value: "1" }, { headers: org });
    const id = (created.json as { id: string }).id;
    const headers = { ...org, "idempotency-key": "patch-1" };
    const first = await stack.http.patch(`/api/v1/labels/${id}`, { value: "2" }, { headers });
    assert.equal(first.status, 200, first.text);
    // someone else changes it meanwhile; the repeat still answers what the first PATCH did
    assert.equal((await stack.http.patch(`/api/v1/labels/${id}`, { value: "3" }, { headers: org })).status, 200);
    const again = await stack.http.patch(`/api/v1/labels/${id}`, { value: "2" }, { headers });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.equal((again.json as { value: string }).value, "2");
    assert.equal((await stack.http.get(`/api/v1/labels/${id}`, { headers: org })).json.value, "3");
  });
});
