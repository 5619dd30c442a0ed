import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import mongoose from "mongoose";
import { config, resetConfig } from "../shared/config.ts";
import { loadMasterKeys } from "../shared/crypto.ts";
import { DATA_KEYS_COLLECTION, Keyring, type DataKeyDoc } from "../shared/keyring.ts";
import { localMongoUrlFile } from "../runtime/local-mongo.ts";
import { rotateSigningKeysMasterKey } from "../services/auth/master-key-rotation.ts";

/**
 * Master-key rotation: `npm run rotate-master-key [-- --dry-run]`.
 *
 * With MASTER_KEY set to the NEW key and MASTER_KEYS_PREVIOUS to the old one(s), re-wraps the
 * per-organization data keys of every service database (`<DB_PREFIX>_<service>` holding a
 * `data_keys` collection) under the new master key. Ciphertexts are never touched, so it is quick
 * and safe to repeat; running services keep working throughout (they read with either key).
 * The auth service's access-token signing keys (sealed with the master key directly) are
 * re-sealed too. Afterwards MASTER_KEYS_PREVIOUS can be removed. Exits non-zero if any data key could not be
 * re-wrapped (for example because the key that wrapped it is not configured).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } });
  process.env.LOG_LEVEL ??= "warn";
  if (!process.env.MONGO_URL) {
    const file = localMongoUrlFile(config().DATA_DIR);
    if (!existsSync(file)) throw new Error("no database found: start the system with `npm start`, or set MONGO_URL");
    process.env.MONGO_URL = readFileSync(file, "utf8").trim();
  }
  resetConfig();
  const cfg = config();
  const master = loadMasterKeys(cfg);
  const out = (line: string) => process.stdout.write(line + "\n");
  out(`current master key ${master.current.id} (from ${master.source}); previous: ${master.previous.map((k) => k.id).join(", ") || "none"}`);

  const conn = await mongoose.createConnection(cfg.MONGO_URL!, { serverSelectionTimeoutMS: 10_000, autoIndex: false }).asPromise();
  let failures = 0;
  let databases = 0;
  try {
    const admin = conn.db!.admin();
    const { databases: all } = await admin.listDatabases({ nameOnly: true });
    const names = all
      .map((d) => d.name)
      .filter((n) => n.startsWith(`${cfg.DB_PREFIX}_`))
      .sort();
    for (const name of names) {
      const db = conn.useDb(name, { useCache: false });
      const signing = await db.db!.listCollections({ name: "signing_keys" }, { nameOnly: true }).toArray();
      if (signing.length > 0 && name === `${cfg.DB_PREFIX}_auth`) {
        try {
          const res = await rotateSigningKeysMasterKey(db, master, values["dry-run"]);
          if (values["dry-run"]) out(`${name}: ${res.total} signing keys, ${res.stale} to re-seal (dry run)`);
          else out(`${name}: ${res.total} signing keys, ${res.rewrapped} re-sealed under master key ${master.current.id}`);
        } catch (err) {
          failures += 1;
          process.stderr.write(`${name}: signing keys FAILED: ${(err as Error).message}\n`);
        }
      }
      const collections = await db.db!.listCollections({ name: DATA_KEYS_COLLECTION }, { nameOnly: true }).toArray();
      if (collections.length === 0) continue;
      databases += 1;
      try {
        if (values["dry-run"]) {
          const docs = await db
            .collection<DataKeyDoc>(DATA_KEYS_COLLECTION)
            .find({}, { projection: { "wrapped.kid": 1 } })
            .toArray();
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a malformed stored key without `wrapped` is counted, not a crash
          const stale = docs.filter((d) => d.wrapped?.kid !== master.current.id).length;
          out(`${name}: ${docs.length} data keys, ${stale} to re-wrap (dry run)`);
          continue;
        }
        const keyring = new Keyring(db, master);
        await keyring.start();
        const res = await keyring.rewrap();
        out(`${name}: ${res.total} data keys, ${res.rewrapped} re-wrapped under master key ${master.current.id}`);
      } catch (err) {
        failures += 1;
        process.stderr.write(`${name}: FAILED: ${(err as Error).message}\n`);
      }
    }
  } finally {
    await conn.close();
  }
  out(`${databases} database(s) with data keys under prefix ${cfg.DB_PREFIX}_${failures > 0 ? `, ${failures} failed` : ""}`);
  if (failures > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`rotate-master-key: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
