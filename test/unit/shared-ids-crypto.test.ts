import { strict as assert } from "node:assert";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, it } from "@jest/globals";
import { config } from "../../shared/config.ts";
import { keyId, loadMasterKeys, masterFor, open, randomToken, safeEqual, seal, sha256Hex, type NamedKey } from "../../shared/crypto.ts";
import { idTime, newId } from "../../shared/ids.ts";

const named = (key: Buffer): NamedKey => ({ id: keyId(key), key });

/** Ids (shared/ids.ts) and the secrets toolbox (shared/crypto.ts). */
describe("ids and crypto", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("mints UUIDv7 ids that sort by creation, also many in one millisecond", () => {
    const before = Date.now();
    const ids = Array.from({ length: 5000 }, () => newId());
    const after = Date.now();
    for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...ids].sort(), ids, "in the order they were made");
    const first = idTime(ids[0]!)!;
    assert.ok(first >= before && first <= after, `${first} in [${before}, ${after}]`);
    assert.ok(idTime(ids[ids.length - 1]!)! >= first);
  });

  it("reads the time of a UUIDv7 only", () => {
    assert.equal(idTime("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"), 0x0190a1b2c3d4);
    assert.equal(idTime(randomUUID()), undefined, "a v4 id has no time");
    assert.equal(idTime("not an id"), undefined);
  });

  it("seals and opens with AES-256-GCM, bound to its context; any wrong key, context or byte fails", () => {
    const key = named(randomBytes(32));
    const sealed = seal(key, Buffer.from("the secret"), "org-1");
    assert.equal(sealed.kid, key.id);
    assert.equal(Buffer.from(sealed.iv, "base64").length, 12);
    assert.equal(JSON.stringify(sealed).includes("the secret"), false);
    assert.equal(open(key, sealed, "org-1").toString(), "the secret");
    const again = seal(key, Buffer.from("the secret"), "org-1");
    assert.notEqual(again.iv, sealed.iv, "a fresh IV each time");
    assert.notEqual(again.ct, sealed.ct);
    assert.throws(() => open(key, sealed, "org-2"));
    assert.throws(() => open(named(randomBytes(32)), sealed, "org-1"));
    const ct = Buffer.from(sealed.ct, "base64");
    ct[0] = ct[0]! ^ 1;
    assert.throws(() => open(key, { ...sealed, ct: ct.toString("base64") }, "org-1"));
  });

  it("finds the master key that sealed a value, current or previous, and names an unknown one", () => {
    const current = named(randomBytes(32));
    const previous = named(randomBytes(32));
    const keys = { current, previous: [previous], source: "test" };
    assert.equal(masterFor(keys, seal(previous, Buffer.from("x"))), previous);
    assert.equal(masterFor(keys, seal(current, Buffer.from("x"))), current);
    const stranger = named(randomBytes(32));
    assert.throws(() => masterFor(keys, seal(stranger, Buffer.from("x"))), {
      message: `data sealed by master key ${stranger.id}, which is neither MASTER_KEY nor in MASTER_KEYS_PREVIOUS`,
    });
    assert.match(current.id, /^[0-9a-f]{16}$/);
  });

  it("loads MASTER_KEY, or generates one once into DATA_DIR (mode 0600) outside production", () => {
    const key = randomBytes(32);
    const prev = randomBytes(32);
    const given = loadMasterKeys({ ...config(), MASTER_KEY: key.toString("base64"), MASTER_KEYS_PREVIOUS: [prev.toString("base64")] });
    assert.deepEqual(given, { current: named(key), previous: [named(prev)], source: "MASTER_KEY" });

    const dir = mkdtempSync(join(tmpdir(), "master-key-"));
    dirs.push(dir);
    const cfg = { ...config(), MASTER_KEY: undefined, MASTER_KEYS_PREVIOUS: [], NODE_ENV: "development" as const, DATA_DIR: dir };
    const generated = loadMasterKeys(cfg);
    const file = join(dir, "master.key");
    assert.equal(generated.source, `generated file ${file}`);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(generated.current.key, Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
    assert.deepEqual(loadMasterKeys(cfg).current, generated.current, "the same key on the next start");

    assert.throws(() => loadMasterKeys({ ...cfg, NODE_ENV: "production" }), { message: "MASTER_KEY is required in production" });
    assert.throws(() => loadMasterKeys({ ...cfg, MASTER_KEY: randomBytes(16).toString("base64") }), { message: "MASTER_KEY must be base64 of exactly 32 bytes" });
  });

  it("hashes, compares in constant time and makes random tokens", () => {
    assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assert.equal(safeEqual("same", "same"), true);
    assert.equal(safeEqual("same", "sane"), false);
    assert.equal(safeEqual("short", "longer"), false);
    assert.match(randomToken(), /^[A-Za-z0-9_-]{43}$/);
    assert.match(randomToken(24), /^[A-Za-z0-9_-]{32}$/);
    assert.notEqual(randomToken(), randomToken());
  });
});
