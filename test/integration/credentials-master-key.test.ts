import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import mongoose, { type Connection } from "mongoose";
import { brokerOptions } from "../../moleculer.config.ts";
import createCredentialsService from "../../services/credentials/credentials.service.ts";
import { config, resetConfig } from "../../shared/config.ts";
import { keyId } from "../../shared/crypto.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { runCommand, startNode, waitUntil } from "../helpers/processes.ts";
import { startStack, uniquePrefix, type Stack } from "../helpers/stack.ts";

const SERVICES = ["api", "auth", "orgs", "credentials"] as const;

/** Runs `fn` against an in-process broker hosting only the credentials service, with `env` applied. */
async function withCredentialsBroker(env: Record<string, string>, fn: (broker: ServiceBroker) => Promise<void>): Promise<void> {
  const overlay = { NODE_ENV: "test", LOG_LEVEL: "warn", ...env };
  const saved = new Map(Object.keys(overlay).map((k) => [k, process.env[k]]));
  Object.assign(process.env, overlay);
  resetConfig();
  const broker = new ServiceBroker(brokerOptions(config(), { nodeID: `creds-${randomBytes(3).toString("hex")}`, logWrite: () => {} }));
  broker.createService(createCredentialsService());
  try {
    await broker.start();
    await fn(broker);
  } finally {
    await broker.stop();
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfig();
  }
}

/**
 * Master-key handling end to end: credentials written under one master key stay readable after
 * `npm run rotate-master-key` (bin/rotate-master-key.ts) re-wraps the data keys under a new one;
 * a service started with a key that cannot unwrap the stored data keys refuses to start.
 */
describe("credentials: master-key rotation and a wrong master key", () => {
  const prefix = uniquePrefix();
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const b64 = (k: Buffer) => k.toString("base64");
  let raw: Connection;
  /** credential id → [org headers owner, expected secret] */
  const expected = new Map<string, { user: SignedIn; org: string; secret: Record<string, string> }>();
  let stack: Stack | undefined;

  const rawKeys = () => raw.collection("data_keys").find({}).toArray();
  const rawCredentials = () => raw.collection("credentials").find({}).sort({ _id: 1 }).toArray();

  beforeAll(async () => {
    raw = mongoose.createConnection(process.env.MONGO_URL!).useDb(`${prefix}_credentials`, { useCache: false });
    const first: Stack = await startStack({ services: [...SERVICES], env: { DB_PREFIX: prefix, MASTER_KEY: b64(oldKey) } });
    stack = first;
    for (const name of ["One", "Two"]) {
      const user = await signIn(first.broker);
      const org = ((await first.http.post("/api/v1/orgs", { name }, { headers: user.bearer })).json as { id: string }).id;
      const bodies: { provider: string; kind: string; secret: Record<string, string> }[] = [
        { provider: "aws", kind: "aws_access_key", secret: { access_key_id: "AKIA" + name, secret_access_key: randomBytes(12).toString("hex") } },
        { provider: "generic", kind: "oauth2", secret: { client_id: "c", client_secret: randomBytes(12).toString("hex"), refresh_token: randomBytes(12).toString("hex") } },
      ];
      for (const body of bodies) {
        const res = await first.http.post(
          "/api/v1/credentials",
          { ...body, schema_version: 1, scope_kind: "provider", scope_version: 1, scope: {} },
          { headers: orgHeaders(user, org) },
        );
        assert.equal(res.status, 201, res.text);
        expected.set((res.json as { id: string }).id, { user, org, secret: body.secret });
      }
    }
    await first.stop();
    stack = undefined;
  });
  afterAll(async () => {
    await stack?.stop();
    await raw.dropDatabase().catch(() => {});
    await raw.close();
  });

  it("a wrong MASTER_KEY stops the service at start with a clear message", async () => {
    const node = startNode("credentials-wrong-key", {
      SERVICES: "credentials",
      DB_PREFIX: prefix,
      MASTER_KEY: b64(randomBytes(32)),
      MONGO_URL: process.env.MONGO_URL!,
    });
    try {
      const code = await waitUntil("the process to exit", async () => node.child.exitCode ?? undefined, 60_000);
      assert.equal(code, 1);
      const output = node.output.join("\n");
      assert.match(output, /start-up failed/);
      assert.match(output, /cannot unwrap the data keys/);
      assert.match(output, new RegExp(keyId(oldKey)), "names the master key that wrapped the data keys");
    } finally {
      await node.kill();
    }
  });

  it("npm run rotate-master-key re-wraps every data key; secrets stay readable under the new key alone", async () => {
    const keysBefore = await rawKeys();
    const credsBefore = await rawCredentials();
    assert.equal(keysBefore.length, 3, "two organizations' data keys and the master-key check record");
    for (const k of keysBefore) assert.equal(k.wrapped.kid, keyId(oldKey));

    const env = { DB_PREFIX: prefix, MASTER_KEY: b64(newKey), MASTER_KEYS_PREVIOUS: b64(oldKey), MONGO_URL: process.env.MONGO_URL!, NODE_ENV: "test" };
    const dry = await runCommand(["--import", "tsx", "bin/rotate-master-key.ts", "--dry-run"], env);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, new RegExp(`${prefix}_credentials: 3 data keys, 3 to re-wrap \\(dry run\\)`));
    assert.deepEqual(await rawKeys(), keysBefore, "a dry run writes nothing");

    const run = await runCommand(["--import", "tsx", "bin/rotate-master-key.ts"], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`${prefix}_credentials: 3 data keys, 3 re-wrapped under master key ${keyId(newKey)}`));
    assert.ok(!run.stdout.includes(b64(newKey)) && !run.stdout.includes(b64(oldKey)), "the command never prints a key");
    // auth's access-token signing keys are sealed with the master key directly: re-sealed too
    assert.match(run.stdout, new RegExp(`${prefix}_auth: 1 signing keys, 1 re-sealed under master key ${keyId(newKey)}`));
    const signing = await raw.useDb(`${prefix}_auth`, { useCache: false }).collection("signing_keys").find({}).toArray();
    assert.deepEqual(
      signing.map((k) => k.private_sealed.kid),
      [keyId(newKey)],
    );

    const keysAfter = await rawKeys();
    for (const k of keysAfter) {
      assert.equal(k.wrapped.kid, keyId(newKey));
      assert.notEqual(k.wrapped.ct, keysBefore.find((b) => b._id === k._id)!.wrapped.ct);
    }
    assert.deepEqual(await rawCredentials(), credsBefore, "ciphertexts are untouched");

    // again: nothing left to do
    const again = await runCommand(["--import", "tsx", "bin/rotate-master-key.ts"], env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, new RegExp(`${prefix}_credentials: 3 data keys, 0 re-wrapped`));
    assert.match(again.stdout, new RegExp(`${prefix}_auth: 1 signing keys, 0 re-sealed`));

    // the credentials service starts with the new key alone and decrypts every secret
    await withCredentialsBroker({ DB_PREFIX: prefix, MASTER_KEY: b64(newKey), MASTER_KEYS_PREVIOUS: "" }, async (broker) => {
      for (const [id, { org, secret }] of expected) {
        const got = (await broker.call("credentials.secretFor", { organization_id: org, id, purpose: "test" })) as { secret: unknown };
        assert.deepEqual(got.secret, secret);
      }
      // and a credential created after the rotation works too
      const meta = { org: { id: [...expected.values()][0]!.org } };
      const created = (await broker.call(
        "credentials.create",
        { provider: "cloudflare", kind: "api_token", schema_version: 1, scope_kind: "provider", scope_version: 1, scope: {}, secret: { token: "after-rotation" } },
        { meta },
      )) as { id: string };
      assert.deepEqual(await broker.call("credentials.reveal", { id: created.id }, { meta }), { token: "after-rotation" });
    });
  });

  it("the command fails (exit 1) when a data key is wrapped by a key it was not given", async () => {
    const res = await runCommand(["--import", "tsx", "bin/rotate-master-key.ts"], {
      DB_PREFIX: prefix,
      MASTER_KEY: b64(randomBytes(32)),
      MASTER_KEYS_PREVIOUS: "",
      MONGO_URL: process.env.MONGO_URL!,
      NODE_ENV: "test",
    });
    assert.equal(res.code, 1);
    assert.match(res.stderr, new RegExp(`${prefix}_credentials: FAILED: .*${keyId(newKey)}`));
    for (const k of await rawKeys()) assert.equal(k.wrapped.kid, keyId(newKey), "nothing was changed");
  });

  it("the credentials.rewrapKeys action re-wraps over the bus", async () => {
    const next = randomBytes(32);
    await withCredentialsBroker({ DB_PREFIX: prefix, MASTER_KEY: b64(next), MASTER_KEYS_PREVIOUS: b64(newKey) }, async (broker) => {
      assert.deepEqual(await broker.call("credentials.rewrapKeys", {}), { total: 3, rewrapped: 3 });
    });
    for (const k of await rawKeys()) assert.equal(k.wrapped.kid, keyId(next));
    await withCredentialsBroker({ DB_PREFIX: prefix, MASTER_KEY: b64(next), MASTER_KEYS_PREVIOUS: "" }, async (broker) => {
      for (const [id, { org, secret }] of expected) {
        const got = (await broker.call("credentials.secretFor", { organization_id: org, id, purpose: "test" })) as { secret: unknown };
        assert.deepEqual(got.secret, secret);
      }
    });
  });
});
