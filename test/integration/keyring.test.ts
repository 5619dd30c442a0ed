import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { resetConfig } from "../../shared/config.ts";
import { keyId, type MasterKeys } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { DATA_KEYS_COLLECTION, EncryptedValue, Keyring, MASTER_KEY_CHECK_ID } from "../../shared/keyring.ts";
import { uniquePrefix } from "../helpers/stack.ts";

function masterKeys(current: Buffer, previous: Buffer[] = []): MasterKeys {
  return {
    current: { id: keyId(current), key: current },
    previous: previous.map((key) => ({ id: keyId(key), key })),
    source: "test",
  };
}

describe("keyring: per-organization data keys wrapped by the master key (real database)", () => {
  const prefix = uniquePrefix();
  const oldMaster = randomBytes(32);
  const newMaster = randomBytes(32);
  let db: ServiceDatabase<Record<string, never>>;
  let keyring: Keyring;
  const orgA = newId();
  const orgB = newId();

  /** the organizations' data keys */
  const rawKeys = () =>
    db.connection
      .collection<{ _id: string } & Record<string, any>>(DATA_KEYS_COLLECTION)
      .find({ _id: { $ne: MASTER_KEY_CHECK_ID } })
      .toArray();
  /** every record, the master-key check included */
  const rawAll = () => db.connection.collection<{ _id: string } & Record<string, any>>(DATA_KEYS_COLLECTION).find({}).toArray();

  beforeAll(async () => {
    process.env.DB_PREFIX = prefix;
    resetConfig();
    db = new ServiceDatabase("keyringtest", () => ({}));
    await db.open();
    keyring = new Keyring(db, masterKeys(oldMaster));
    await keyring.start();
  });
  afterAll(async () => {
    await db.connection.dropDatabase();
    await db.close();
  });

  it("encrypts and decrypts; stored data keys and values hold no plaintext", async () => {
    const secret = `top-secret-${randomBytes(8).toString("hex")}`;
    const value = await keyring.encrypt(orgA, secret, "test:one");
    assert.deepEqual(Object.keys(value).sort(), ["ct", "iv", "key_version", "tag"]);
    assert.equal(EncryptedValue.parse(value).key_version, 1);
    assert.ok(!JSON.stringify(value).includes(secret));
    assert.ok(!Buffer.from(value.ct, "base64").toString("latin1").includes(secret));
    assert.equal((await keyring.decrypt(orgA, value, "test:one")).toString(), secret);
    assert.equal(await keyring.decryptText(orgA, value, "test:one"), secret);

    const docs = await rawKeys();
    assert.equal(docs.length, 1);
    const doc = docs[0]!;
    assert.equal(doc._id, `${orgA}:1`);
    assert.equal(doc.organization_id, orgA);
    assert.equal(doc.wrapped.kid, keyId(oldMaster));
    assert.deepEqual(Object.keys(doc.wrapped).sort(), ["ct", "iv", "kid", "tag"]);
    // the wrapped key is 32 bytes of ciphertext, never the master key or the plaintext
    assert.equal(Buffer.from(doc.wrapped.ct, "base64").length, 32);
    assert.ok(!JSON.stringify(doc).includes(secret));
    assert.ok(!JSON.stringify(doc).includes(oldMaster.toString("base64")));
  });

  it("each organization gets its own data key; values are bound to organization and purpose", async () => {
    const a = await keyring.encrypt(orgA, "alpha", "test:bind");
    const b = await keyring.encrypt(orgB, Buffer.from("beta"), "test:bind");
    assert.equal((await keyring.decrypt(orgB, b, "test:bind")).toString(), "beta");
    await assert.rejects(keyring.decrypt(orgB, a, "test:bind"), { name: "KeyringError" });
    await assert.rejects(keyring.decrypt(orgA, a, "test:other"), { name: "KeyringError" });
    const tampered = { ...a, ct: Buffer.from("alphx").toString("base64") };
    await assert.rejects(keyring.decrypt(orgA, tampered, "test:bind"), { name: "KeyringError" });
    const ids = (await rawKeys()).map((d) => d._id).sort();
    assert.deepEqual(ids, [`${orgA}:1`, `${orgB}:1`].sort());
  });

  it("concurrent first use (two replicas, many requests) yields exactly one data key", async () => {
    const org = newId();
    const replica2 = new Keyring(db, masterKeys(oldMaster));
    await replica2.start();
    const values = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? keyring : replica2).encrypt(org, `v${i}`, "test:race")));
    const docs = (await rawKeys()).filter((d) => d.organization_id === org);
    assert.equal(docs.length, 1);
    for (const [i, v] of values.entries()) {
      assert.equal((await keyring.decrypt(org, v, "test:race")).toString(), `v${i}`);
      assert.equal((await replica2.decrypt(org, v, "test:race")).toString(), `v${i}`);
    }
  });

  it("the first start writes a master-key check record, so a replica with another key fails even before any data key exists", async () => {
    const fresh = new ServiceDatabase("keyringfresh", () => ({}));
    await fresh.open();
    try {
      const first = new Keyring(fresh, masterKeys(oldMaster));
      await first.start();
      const records = await fresh.connection.collection(DATA_KEYS_COLLECTION).find({}).toArray();
      assert.deepEqual(
        records.map((r) => [r._id, r.wrapped.kid]),
        [[MASTER_KEY_CHECK_ID, keyId(oldMaster)]],
      );
      await assert.rejects(new Keyring(fresh, masterKeys(newMaster)).start(), { name: "KeyringError", message: /cannot unwrap the data keys/ });
      // the same key again starts, and keeps the one record
      await new Keyring(fresh, masterKeys(oldMaster)).start();
      assert.equal(await fresh.connection.collection(DATA_KEYS_COLLECTION).countDocuments({}), 1);
    } finally {
      await fresh.connection.dropDatabase();
      await fresh.close();
    }
  });

  it("a wrong master key fails loudly at start and never decrypts", async () => {
    const wrong = new Keyring(db, masterKeys(randomBytes(32)));
    await assert.rejects(wrong.start(), (err: Error) => {
      assert.equal(err.name, "KeyringError");
      assert.match(err.message, /cannot unwrap the data keys/);
      assert.match(err.message, new RegExp(keyId(oldMaster)));
      return true;
    });
  });

  it("rotation: rewrap under the new master keeps every value readable without touching ciphertexts", async () => {
    const before = await Promise.all([orgA, orgB].map(async (o) => ({ o, v: await keyring.encrypt(o, `rot-${o}`, "test:rot") })));
    const keysBefore = await rawAll();
    assert.ok(keysBefore.some((d) => d._id === MASTER_KEY_CHECK_ID));

    // the new key alone cannot start while data keys are still wrapped by the old one
    await assert.rejects(new Keyring(db, masterKeys(newMaster)).start(), { name: "KeyringError" });

    const rotating = new Keyring(db, masterKeys(newMaster, [oldMaster]));
    await rotating.start();
    const res = await rotating.rewrap();
    assert.deepEqual(res, { total: keysBefore.length, rewrapped: keysBefore.length });
    assert.deepEqual(await rotating.rewrap(), { total: keysBefore.length, rewrapped: 0 });

    const keysAfter = await rawAll();
    for (const doc of keysAfter) {
      assert.equal(doc.wrapped.kid, keyId(newMaster));
      const old = keysBefore.find((d) => d._id === doc._id)!;
      assert.notEqual(doc.wrapped.ct, old.wrapped.ct);
    }

    const fresh = new Keyring(db, masterKeys(newMaster));
    await fresh.start();
    for (const { o, v } of before) assert.equal((await fresh.decrypt(o, v, "test:rot")).toString(), `rot-${o}`);
    // and the old master alone no longer starts
    await assert.rejects(new Keyring(db, masterKeys(oldMaster)).start(), { name: "KeyringError" });
    keyring = fresh;
  });

  it("purge crypto-shreds one organization's values and leaves the others", async () => {
    const a = await keyring.encrypt(orgA, "shred me", "test:purge");
    const b = await keyring.encrypt(orgB, "keep me", "test:purge");
    assert.equal(await keyring.purge(orgA), 1);
    assert.equal(await keyring.purge(orgA), 0);
    await assert.rejects(keyring.decrypt(orgA, a, "test:purge"), { name: "KeyringError", message: new RegExp(`data key ${orgA}:1 not found`) });
    assert.equal((await keyring.decrypt(orgB, b, "test:purge")).toString(), "keep me");
    assert.equal((await rawKeys()).filter((d) => d.organization_id === orgA).length, 0);
  });
});
