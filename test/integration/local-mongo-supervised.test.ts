import { strict as assert } from "node:assert";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { MongoClient } from "mongodb";
import { startLocalMongo, type LocalMongo } from "../../runtime/local-mongo.ts";
import { waitUntil } from "../helpers/processes.ts";

/** The embedded FerretDB of the default install is restarted when it dies, on the same port and data. */
describe("the embedded FerretDB is supervised", () => {
  let dir: string;
  let mongo: LocalMongo;
  const said: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "local-mongo-"));
    mongo = await startLocalMongo(dir, undefined, { superviseMs: 200, log: (m) => said.push(m) });
  });
  afterAll(async () => {
    await mongo.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const ping = async () => {
    const client = new MongoClient(mongo.url, { serverSelectionTimeoutMS: 1_000 });
    try {
      await client.db("supervised").collection("things").insertOne({ at: new Date() });
      return (await client.db("supervised").collection("things").countDocuments()) > 0;
    } finally {
      await client.close();
    }
  };

  it("is restarted after it is killed, with the data it had", async () => {
    assert.equal(await ping(), true);
    const pid = Number(await readFile(join(dir, "ferretdb.pid"), "utf8"));
    process.kill(pid, "SIGKILL");
    await waitUntil("a restart", async () => (said.some((m) => m.includes("runs again")) ? true : undefined), 60_000);
    assert.ok(
      said.some((m) => m.includes(`(pid ${pid}) is not running: restarting it`)),
      said.join("\n"),
    );
    const restarted = Number(await readFile(join(dir, "ferretdb.pid"), "utf8"));
    assert.notEqual(restarted, pid);
    await waitUntil("the database to answer again", async () => ((await ping().catch(() => false)) ? true : undefined), 30_000);
    const client = new MongoClient(mongo.url);
    try {
      assert.ok((await client.db("supervised").collection("things").countDocuments()) >= 2, "the data from before is kept");
    } finally {
      await client.close();
    }
  });
});
