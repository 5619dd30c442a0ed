import { strict as assert } from "node:assert";
import { beforeAll, describe, it } from "@jest/globals";
import { Errors } from "moleculer";
import { ServiceDatabase } from "../../shared/db.ts";
import { apiError } from "../../shared/errors.ts";
import { canonicalJson, idempotencyRecords, idempotentId, isIdempotentRerun, purgeExpired, requestFingerprint, withIdempotency } from "../../shared/idempotency.ts";
import { idTime, newId } from "../../shared/ids.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

const OPTS = { ttlMs: 3_600_000, staleMs: 60_000 };

/** Idempotency keys as the owning service records them (shared/idempotency.ts), over a real database. */
describe("idempotency keys", () => {
  const db = new ServiceDatabase("idempotency", () => ({}));
  useTestDatabase(db);
  let records: ReturnType<typeof idempotencyRecords>;

  /** A request under a fresh key (or the given one) in one caller's scope. */
  const request = (key = newId(), fingerprint = "f1", scope = "user:u1:org1") => ({ key, scope, fingerprint, action: "inventory.createLabel" });

  beforeAll(async () => {
    records = idempotencyRecords(db.connection);
  });

  it("runs a request once and replays its answer to a repeat, telling the gateway it is a replay", async () => {
    const req = request();
    let runs = 0;
    const run = () => Promise.resolve({ id: "created", n: ++runs });
    const firstMeta: { idempotent_replayed?: boolean } = {};
    assert.deepEqual(await withIdempotency(records, req, firstMeta, OPTS, run), { id: "created", n: 1 });
    assert.equal(firstMeta.idempotent_replayed, undefined);
    const meta: { idempotent_replayed?: boolean } = {};
    assert.deepEqual(await withIdempotency(records, req, meta, OPTS, run), { id: "created", n: 1 });
    assert.equal(meta.idempotent_replayed, true);
    assert.equal(runs, 1);
    assert.equal(await records.countDocuments({ state: "done" }), 1);

    const elsewhere = await withIdempotency(records, request(req.key, "f1", "user:u2:org1"), {}, OPTS, run);
    assert.equal(elsewhere.n, 2, "the same key of another caller is another request");
  });

  it("refuses the key for another request (422) and while the first still runs (409)", async () => {
    const req = request();
    await withIdempotency(records, req, {}, OPTS, () => Promise.resolve("ok"));
    await assert.rejects(
      withIdempotency(records, { ...req, fingerprint: "f2" }, {}, OPTS, () => Promise.resolve("other")),
      { code: 422, type: "idempotency_key_reused" },
    );

    const slow = request();
    let finish = () => {};
    const first = withIdempotency(records, slow, {}, OPTS, () => new Promise<string>((resolve) => (finish = () => resolve("first"))));
    while ((await records.countDocuments({ state: "running" })) === 0) await new Promise((r) => setTimeout(r, 5));
    await assert.rejects(
      withIdempotency(records, slow, {}, OPTS, () => Promise.resolve("second")),
      { code: 409, type: "idempotency_key_in_use", message: "a request with this idempotency key is still being processed" },
    );
    finish();
    assert.equal(await first, "first");
    assert.equal(await withIdempotency(records, slow, {}, OPTS, () => Promise.resolve("third")), "first");
  });

  it("replays a client error as it was; an outage leaves the key free for a retry", async () => {
    const refused = request();
    const error = () => Promise.reject(apiError("conflict", "label already exists", { field: "key" }));
    await assert.rejects(withIdempotency(records, refused, {}, OPTS, error), { code: 409, message: "label already exists" });
    const meta: { idempotent_replayed?: boolean } = {};
    await assert.rejects(
      withIdempotency(records, refused, meta, OPTS, () => Promise.resolve("not run")),
      (err: unknown) => {
        assert.ok(err instanceof Errors.MoleculerClientError);
        assert.deepEqual([err.code, err.type, err.message, err.data], [409, "conflict", "label already exists", { field: "key" }]);
        return true;
      },
    );
    assert.equal(meta.idempotent_replayed, true);

    const outage = request();
    await assert.rejects(
      withIdempotency(records, outage, {}, OPTS, () => Promise.reject(apiError("service_unavailable"))),
      { code: 503 },
    );
    await assert.rejects(
      withIdempotency(records, outage, {}, OPTS, () => Promise.reject(new Error("boom"))),
      { message: "boom" },
    );
    assert.equal(await withIdempotency(records, outage, {}, OPTS, () => Promise.resolve("ran again")), "ran again");
  });

  it("gives a request's creates the same ids on every attempt, and lets a repeat take over from an attempt that died", async () => {
    assert.equal(idempotentId(), undefined, "outside a request with a key");
    assert.equal(isIdempotentRerun(), false);
    const req = request();
    let firstIds: (string | undefined)[] = [];
    let stuck = () => {};
    const started = Date.now();
    const first = withIdempotency(records, req, {}, OPTS, async () => {
      firstIds = [idempotentId(), idempotentId()];
      await new Promise<void>((resolve) => (stuck = resolve));
      return "first";
    });
    while (firstIds.length === 0) await new Promise((r) => setTimeout(r, 5));
    assert.notEqual(firstIds[0], firstIds[1], "each create of the request has its own id");
    assert.match(firstIds[0]!, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(Math.abs(idTime(firstIds[0]!)! - started) < 5_000, "a UUIDv7 of the first attempt's start");

    const takeover = await withIdempotency(records, req, {}, { ...OPTS, staleMs: 0 }, () => Promise.resolve([idempotentId(), idempotentId(), isIdempotentRerun()]));
    assert.deepEqual(takeover, [...firstIds, true]);
    stuck();
    assert.equal(await first, "first");
    assert.deepEqual(await withIdempotency(records, req, {}, OPTS, () => Promise.resolve("again")), takeover, "the answer recorded is the repeat's");
  });

  it("of several repeats taking over an attempt that died, exactly one runs", async () => {
    for (let trial = 0; trial < 10; trial++) {
      const req = request(newId(), `race-${trial}`);
      let stuck = () => {};
      const first = withIdempotency(records, req, {}, OPTS, () => new Promise<string>((resolve) => (stuck = () => resolve("first"))));
      while ((await records.countDocuments({ fingerprint: req.fingerprint, state: "running" })) === 0) await new Promise((r) => setTimeout(r, 5));
      let runs = 0;
      const repeats = await Promise.allSettled(
        [0, 1, 2].map(() =>
          withIdempotency(records, req, {}, { ...OPTS, staleMs: 0 }, async () => {
            runs++;
            await new Promise((r) => setTimeout(r, 20));
            return "taken";
          }),
        ),
      );
      assert.equal(runs, 1, `trial ${trial}: ${runs} repeats ran`);
      for (const r of repeats) if (r.status === "rejected") assert.equal((r.reason as { type?: string }).type, "idempotency_key_in_use");
      stuck();
      await first;
    }
  });

  it("purges records whose retention has passed", async () => {
    const req = request();
    await withIdempotency(records, req, {}, { ...OPTS, ttlMs: 1 }, () => Promise.resolve("short-lived"));
    const before = await records.countDocuments({});
    assert.equal(await purgeExpired(records, new Date(Date.now() + 1000)), 2, "the key's claim and its outcome");
    assert.equal(await records.countDocuments({}), before - 2);
    assert.equal(await withIdempotency(records, req, {}, OPTS, () => Promise.resolve("fresh")), "fresh", "an expired key starts afresh");
  });

  it("fingerprints a request by method, path and params, whatever their order", () => {
    assert.equal(canonicalJson({ b: [1, { d: 2, c: undefined, a: null }], a: "x" }), '{"a":"x","b":[1,{"a":null,"d":2}]}');
    assert.equal(canonicalJson(undefined), "null");
    assert.equal(requestFingerprint("POST", "/labels", { key: "k", value: "v" }), requestFingerprint("POST", "/labels", { value: "v", key: "k" }));
    assert.notEqual(requestFingerprint("POST", "/labels", { key: "k" }), requestFingerprint("PATCH", "/labels", { key: "k" }));
    assert.notEqual(requestFingerprint("POST", "/labels", { key: "k" }), requestFingerprint("POST", "/taints", { key: "k" }));
    assert.match(requestFingerprint("POST", "/x", {}), /^[0-9a-f]{64}$/);
  });
});
