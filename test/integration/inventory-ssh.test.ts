import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { createPrivateKey, createPublicKey } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, newTenant, type Tenant } from "../helpers/principals.ts";
import { RSA_IN_FLIGHT_PER_ORG } from "../../services/inventory/ssh-keys.ts";
import { maxParallel } from "../../services/inventory/ssh-format.ts";

const tenant = (stack: Stack): Promise<Tenant> => newTenant(stack, "Org");

const run = promisify(execFile);
const TEXT = "text/plain; charset=utf-8";

function assertTextError(res: { status: number; contentType: string; text: string }, status: number, body: string): void {
  assert.equal(res.status, status, res.text);
  assert.equal(res.contentType, TEXT);
  assert.equal(res.text, body);
}

interface SshKey {
  id: string;
  organization_id: string;
  name: string;
  public_key: string;
  fingerprint: string;
  created_at: string;
  updated_at: string;
  private_key?: string;
}

const FIELDS = ["created_at", "fingerprint", "id", "name", "organization_id", "public_key", "server_count", "updated_at"];

/** What `ssh-keygen -l` says about a public key line: bits, fingerprint, comment, type. */
async function sshKeygenFingerprint(dir: string, publicKey: string): Promise<string> {
  const file = join(dir, `k-${Math.random().toString(16).slice(2)}.pub`);
  await writeFile(file, `${publicKey}\n`);
  return (await run("ssh-keygen", ["-l", "-f", file])).stdout.trim();
}

/** Downloads raw bytes (the shared client decodes text). */
async function download(stack: Stack, t: Tenant, id: string, part: string): Promise<{ status: number; type: string | null; disposition: string | null; body: Buffer }> {
  const res = await fetch(`${stack.baseUrl}/api/v1/ssh/${id}/download?part=${part}`, { headers: orgHeaders(t.user, t.orgId) });
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: Buffer.from(await res.arrayBuffer()) };
}

describe("SSH keys: generation, formats, reveal, downloads, encryption at rest, references", () => {
  let stack: Stack;
  let a: Tenant;
  let b: Tenant;
  let dir: string;
  let rsa: SshKey;
  let ed: SshKey;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"] });
    a = await tenant(stack);
    b = await tenant(stack);
    dir = await mkdtemp(join(tmpdir(), "inventory-ssh-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await stack.stop();
  });

  it("creates an RSA-4096 key by default: OpenSSH line with the comment, fingerprint as ssh-keygen computes it", async () => {
    const res = await a.http.post("/api/v1/ssh", { name: "deploy", comment: "deploy@example" });
    assert.equal(res.status, 201, res.text);
    rsa = res.json as SshKey;
    assert.deepEqual(Object.keys(rsa).sort(), FIELDS);
    assert.equal(rsa.organization_id, a.orgId);
    assert.equal(rsa.name, "deploy");
    assert.match(rsa.public_key, /^ssh-rsa AAAAB3NzaC1yc2E[A-Za-z0-9+/]+=* deploy@example$/);
    assert.match(rsa.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);
    assert.equal(await sshKeygenFingerprint(dir, rsa.public_key), `4096 ${rsa.fingerprint} deploy@example (RSA)`);
  });

  it("creates Ed25519 keys (bits ignored) and RSA 2048/3072", async () => {
    const res = await a.http.post("/api/v1/ssh", { name: "ed", comment: "ed@example", type: "ed25519", bits: 1234 });
    assert.equal(res.status, 201, res.text);
    ed = res.json as SshKey;
    assert.match(ed.public_key, /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+/]+=* ed@example$/);
    assert.equal(await sshKeygenFingerprint(dir, ed.public_key), `256 ${ed.fingerprint} ed@example (ED25519)`);
    for (const bits of [2048, 3072]) {
      const k = (await a.http.post("/api/v1/ssh", { name: `rsa${bits}`, comment: "c", type: "rsa", bits })).json as SshKey;
      assert.equal(await sshKeygenFingerprint(dir, k.public_key), `${bits} ${k.fingerprint} c (RSA)`);
      assert.equal((await a.http.delete(`/api/v1/ssh/${k.id}`)).status, 204);
    }
    const noComment = (await a.http.post("/api/v1/ssh", { name: "bare", type: "ed25519" })).json as SshKey;
    assert.match(noComment.public_key, /^ssh-ed25519 [A-Za-z0-9+/]+=*$/);
    assert.equal((await a.http.delete(`/api/v1/ssh/${noComment.id}`)).status, 204);
  });

  it("rejects bad input with the spec's messages and stores nothing", async () => {
    const before = ((await a.http.get("/api/v1/ssh")).json as SshKey[]).length;
    for (const bits of [1024, 4097, "4096", 0, null, 2048.5]) {
      assertTextError(await a.http.post("/api/v1/ssh", { name: "x", bits }), 400, "invalid bits");
      assertTextError(await a.http.post("/api/v1/ssh", { name: "x", type: "rsa", bits }), 400, "invalid bits");
    }
    assertTextError(await a.http.post("/api/v1/ssh", { name: "x", type: "dsa" }), 400, "invalid type");
    assertTextError(await a.http.post("/api/v1/ssh", { comment: "x" }), 400, "missing fields: name");
    assertTextError(await a.http.post("/api/v1/ssh", { name: { $ne: null } }), 400, "invalid name");
    assertTextError(await a.http.post("/api/v1/ssh", { name: "x", comment: "a\nssh-rsa AAAA evil" }), 400, "invalid comment");
    assertTextError(await a.http.request("POST", "/api/v1/ssh", { body: "[", raw: true }), 400, "invalid json");
    assert.equal(((await a.http.get("/api/v1/ssh")).json as SshKey[]).length, before);
  });

  it("lists and gets without the private key; reveal=true adds the PEM of the right format and pair", async () => {
    const list = (await a.http.get("/api/v1/ssh")).json as SshKey[];
    assert.deepEqual(
      list.map((k) => k.id),
      [ed.id, rsa.id],
    );
    assert.ok(list.every((k) => Object.keys(k).sort().join() === FIELDS.join()));
    const plain = await a.http.get(`/api/v1/ssh/${rsa.id}`);
    assert.deepEqual(plain.json, rsa);
    assert.deepEqual((await a.http.get(`/api/v1/ssh/${rsa.id}?reveal=false`)).json, rsa);

    const revealed = (await a.http.get(`/api/v1/ssh/${rsa.id}?reveal=true`)).json as SshKey;
    assert.deepEqual(Object.keys(revealed).sort(), [...FIELDS, "private_key"].sort());
    assert.match(revealed.private_key!, /^-----BEGIN RSA PRIVATE KEY-----\n[\s\S]+\n-----END RSA PRIVATE KEY-----\n$/);
    const pemFile = join(dir, "rsa.pem");
    await writeFile(pemFile, revealed.private_key!, { mode: 0o600 });
    const derived = (await run("ssh-keygen", ["-y", "-f", pemFile])).stdout.trim();
    assert.equal(derived, rsa.public_key.split(" ").slice(0, 2).join(" "), "the private key belongs to the public key");

    const edRevealed = (await a.http.get(`/api/v1/ssh/${ed.id}?reveal=true`)).json as SshKey;
    assert.match(edRevealed.private_key!, /^-----BEGIN PRIVATE KEY-----\n/);
    const jwk = createPublicKey(createPrivateKey(edRevealed.private_key!)).export({ format: "jwk" });
    const blob = Buffer.from(ed.public_key.split(" ")[1]!, "base64");
    assert.deepEqual(blob.subarray(blob.length - 32), Buffer.from(jwk.x!, "base64url"));
    assertTextError(await a.http.get(`/api/v1/ssh/${ed.id}?reveal=yes`), 400, "invalid reveal");
  });

  it("downloads the public key, the private key and a zip holding both", async () => {
    const pub = await download(stack, a, rsa.id, "public");
    assert.equal(pub.status, 200);
    assert.equal(pub.type, "text/plain; charset=utf-8");
    assert.equal(pub.disposition, `attachment; filename="${rsa.id}.pub"`);
    assert.equal(pub.body.toString(), `${rsa.public_key}\n`);

    const revealed = ((await a.http.get(`/api/v1/ssh/${rsa.id}?reveal=true`)).json as SshKey).private_key!;
    const priv = await download(stack, a, rsa.id, "private");
    assert.equal(priv.status, 200);
    assert.equal(priv.type, "application/x-pem-file");
    assert.equal(priv.disposition, `attachment; filename="${rsa.id}.pem"`);
    assert.equal(priv.body.toString(), revealed);

    const both = await download(stack, a, rsa.id, "both");
    assert.equal(both.status, 200);
    assert.equal(both.type, "application/zip");
    assert.equal(both.disposition, `attachment; filename="ssh_key_${rsa.id}.zip"`);
    const zipFile = join(dir, "both.zip");
    await writeFile(zipFile, both.body);
    const listing = (await run("unzip", ["-Z1", zipFile])).stdout.trim().split("\n").sort();
    assert.deepEqual(listing, [`${rsa.id}.pem`, `${rsa.id}.pub`]);
    assert.equal((await run("unzip", ["-p", zipFile, `${rsa.id}.pem`])).stdout, revealed);
    assert.equal((await run("unzip", ["-p", zipFile, `${rsa.id}.pub`])).stdout, `${rsa.public_key}\n`);
    await run("unzip", ["-o", "-q", zipFile, "-d", join(dir, "out")]);
    const pemTime = (await stat(join(dir, "out", `${rsa.id}.pem`))).mtime.getTime();
    assert.ok(Math.abs(pemTime - Date.parse(rsa.created_at)) <= 2_000, `the files are dated when the key was made (zip times have 2 s steps): ${new Date(pemTime).toISOString()}`);
    await new Promise((r) => setTimeout(r, 2_100));
    assert.ok((await download(stack, a, rsa.id, "both")).body.equals(both.body), "a later download is the same bytes");
    assert.equal(await sshKeygenFingerprint(dir, (await readFile(join(dir, "out", `${rsa.id}.pub`), "utf8")).trim()), `4096 ${rsa.fingerprint} deploy@example (RSA)`);

    for (const part of ["", "secret", "PUBLIC"]) {
      assertTextError(await a.http.get(`/api/v1/ssh/${rsa.id}/download?part=${part}`), 400, "invalid part");
    }
    assertTextError(await a.http.get(`/api/v1/ssh/${rsa.id}/download`), 400, "invalid part");
    assertTextError(await a.http.get("/api/v1/ssh/nope/download?part=public"), 400, "invalid id");
    assertTextError(await a.http.get("/api/v1/ssh/0190a000-0000-7000-8000-000000000000/download?part=public"), 404, "ssh key not found");
  });

  it("stores the private key only encrypted", async () => {
    const conn = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    try {
      const db = conn.useDb(`${stack.dbPrefix}_inventory`);
      const doc = await db.collection("ssh_keys").findOne({ _id: rsa.id as never });
      assert.ok(doc);
      assert.deepEqual(Object.keys(doc.private_key).sort(), ["ct", "iv", "key_version", "tag"]);
      const revealed = ((await a.http.get(`/api/v1/ssh/${rsa.id}?reveal=true`)).json as SshKey).private_key!;
      const body = revealed.split("\n").slice(1, -2).join("");
      const raw = JSON.stringify(await db.collection("ssh_keys").find({}).toArray());
      assert.ok(!raw.includes("PRIVATE KEY"), "no PEM armour in the database");
      assert.ok(!raw.includes(body.slice(0, 64)), "no PEM body in the database");
      assert.ok(!raw.includes(Buffer.from(revealed).toString("base64").slice(0, 64)));
      assert.ok((await db.collection("data_keys").countDocuments({ organization_id: a.orgId })) === 1);
    } finally {
      await conn.close();
    }
  });

  it("another organization gets 404 on every route and never lists the keys", async () => {
    for (const path of [`/api/v1/ssh/${rsa.id}`, `/api/v1/ssh/${rsa.id}?reveal=true`, `/api/v1/ssh/${rsa.id}/download?part=private`, `/api/v1/ssh/${rsa.id}/download?part=both`]) {
      assertTextError(await b.http.get(path), 404, "ssh key not found");
    }
    assertTextError(await b.http.delete(`/api/v1/ssh/${rsa.id}`), 404, "ssh key not found");
    assert.deepEqual((await b.http.get("/api/v1/ssh")).json, []);
    // nor can it point its servers at them
    const server = await b.http.post("/api/v1/servers", { private_ip_address: "10.0.0.1", ssh_user: "ubuntu", ssh_key_id: rsa.id, role: "worker" });
    assertTextError(server, 400, "invalid ssh_key_id");
    assertTextError(await stack.http.get("/api/v1/ssh", { headers: a.user.bearer }), 403, "organization required");
  });

  it("deleting a key used by a server is 409; once unused it deletes (204), then 404", async () => {
    const server = (await a.http.post("/api/v1/servers", { private_ip_address: "10.0.0.1", ssh_user: "ubuntu", ssh_key_id: ed.id, role: "worker" })).json as { id: string };
    assertTextError(await a.http.delete(`/api/v1/ssh/${ed.id}`), 409, "ssh key is used by a server");
    assert.equal((await a.http.get(`/api/v1/ssh/${ed.id}`)).status, 200);
    // the key stays usable after a refused delete
    const other = (await a.http.post("/api/v1/servers", { private_ip_address: "10.0.0.2", ssh_user: "ubuntu", ssh_key_id: ed.id, role: "worker" })).json as { id: string };
    for (const s of [server, other]) assert.equal((await a.http.patch(`/api/v1/servers/${s.id}`, { ssh_key_id: rsa.id })).status, 200);
    const del = await a.http.delete(`/api/v1/ssh/${ed.id}`);
    assert.equal(del.status, 204);
    assertTextError(await a.http.get(`/api/v1/ssh/${ed.id}`), 404, "ssh key not found");
    assertTextError(await a.http.delete(`/api/v1/ssh/${ed.id}`), 404, "ssh key not found");
    assertTextError(await a.http.delete("/api/v1/ssh/not-an-id"), 400, "invalid id");
  });

  it("server_count counts the servers naming a key (list and get); unattached=true keeps the keys no server names", async () => {
    const t = await tenant(stack);
    const made = async (name: string) => ((await t.http.post("/api/v1/ssh", { name, type: "ed25519" })).json as SshKey & { server_count: number }).id;
    const used = await made("used");
    const spare = await made("spare");
    const once = await made("once");
    const server = (ip: string, key: string) => t.http.post("/api/v1/servers", { private_ip_address: ip, ssh_user: "root", ssh_key_id: key, role: "worker" });
    for (const ip of ["10.9.0.1", "10.9.0.2"]) assert.equal((await server(ip, used)).status, 201);
    const moving = (await server("10.9.0.3", once)).json as { id: string };
    const counts = async (query = "") =>
      Object.fromEntries(((await t.http.get(`/api/v1/ssh${query}`)).json as { name: string; server_count: number }[]).map((k) => [k.name, k.server_count]));
    assert.deepEqual(await counts(), { once: 1, spare: 0, used: 2 });
    assert.equal(((await t.http.get(`/api/v1/ssh/${used}`)).json as { server_count: number }).server_count, 2);
    assert.equal(((await t.http.get(`/api/v1/ssh/${spare}?reveal=true`)).json as { server_count: number }).server_count, 0);
    assert.deepEqual(await counts("?unattached=true"), { spare: 0 });
    assert.deepEqual(await counts("?unattached=false"), { once: 1, spare: 0, used: 2 });
    // a server moved to another key: the counts follow
    assert.equal((await t.http.patch(`/api/v1/servers/${moving.id}`, { ssh_key_id: used })).status, 200);
    assert.deepEqual(await counts(), { once: 0, spare: 0, used: 3 });
    assert.deepEqual(await counts("?unattached=true"), { once: 0, spare: 0 });
    // pages of unattached keys
    const first = await t.http.get("/api/v1/ssh?unattached=true&limit=1");
    assert.deepEqual(
      (first.json as { name: string }[]).map((k) => k.name),
      ["once"],
    );
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1] ?? "";
    assert.deepEqual(
      ((await t.http.get(next)).json as { name: string }[]).map((k) => k.name),
      ["spare"],
    );
    assertTextError(await t.http.get("/api/v1/ssh?unattached=maybe"), 400, "invalid unattached");
    // another organization's servers never count
    assert.equal(
      ((await b.http.get("/api/v1/ssh")).json as { server_count: number }[]).every((k) => k.server_count === 0),
      true,
    );
  });
});

describe("SSH key generation under a burst: a request the client saw fail stores no key", () => {
  let stack: Stack;
  let a: Tenant;
  beforeAll(async () => {
    // a short call timeout, so that a burst of RSA-4096 generations (which queue) outlives it
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"], env: { REQUEST_TIMEOUT_MS: "1500" } });
    a = await tenant(stack);
  });
  afterAll(() => stack.stop());

  it("stores exactly the keys answered 201", async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => a.http.post("/api/v1/ssh", { name: `burst-${i}`, type: "rsa", bits: 4096 })));
    for (const res of burst) {
      assert.ok(res.status === 201 || res.status === 429 || res.status === 503, `${res.status} ${res.text}`);
      if (res.status === 503) assert.equal(res.text, "service unavailable: inventory"); // the gateway's call timed out
    }
    // generations run in arrival order: once a later request is answered 201, the burst is done
    // (it may itself time out behind a long RSA generation, then it stores nothing: ask again)
    const drain = await waitUntil("a generation slot", async () => {
      const res = await a.http.post("/api/v1/ssh", { name: "drain", type: "ed25519" });
      return res.status === 201 ? res : undefined;
    });
    const answered = burst.filter((r) => r.status === 201).map((r) => (r.json as SshKey).id);
    const stored = ((await a.http.get("/api/v1/ssh")).json as SshKey[]).map((k) => k.id).filter((id) => id !== (drain.json as SshKey).id);
    assert.deepEqual(stored.sort(), answered.sort());
  });
});

describe("SSH key generation is fair between organizations", () => {
  let stack: Stack;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory"] });
    a = await tenant(stack);
    b = await tenant(stack);
  });
  afterAll(() => stack.stop());

  it("an organization over its limit gets 429 with Retry-After at once; another organization's keys wait for one key at most", async () => {
    const sent = Date.now();
    const timed = <T>(p: Promise<T>) => p.then((res) => ({ res, at: Date.now() - sent }));
    const burst = Array.from({ length: 8 }, (_, i) => timed(a.http.post("/api/v1/ssh", { name: `a-${i}`, type: "rsa", bits: 4096 })));
    await Promise.race(burst);
    const bStart = Date.now();
    const [ed, rsa] = await Promise.all([
      timed(b.http.post("/api/v1/ssh", { name: "b-ed", type: "ed25519" })),
      timed(b.http.post("/api/v1/ssh", { name: "b-rsa", type: "rsa", bits: 2048 })),
    ]);
    const answers = await Promise.all(burst);

    const refused = answers.filter((x) => x.res.status === 429);
    const created = answers.filter((x) => x.res.status === 201);
    assert.equal(refused.length + created.length, answers.length, answers.map((x) => `${x.res.status} ${x.res.text}`).join("; "));
    assert.ok(created.length >= 1 && created.length <= RSA_IN_FLIGHT_PER_ORG, `${created.length} created`);
    for (const { res, at } of refused) {
      assertTextError(res, 429, "too many ssh keys being generated for this organization");
      assert.equal(res.headers.get("x-error-code"), "rate_limited");
      assert.match(res.headers.get("retry-after") ?? "", /^[1-9][0-9]*$/);
      assert.ok(at < 1000, `refused after ${at} ms`);
    }

    assert.equal(ed.res.status, 201, ed.res.text);
    assert.ok(ed.at - (bStart - sent) < 1000, `the ed25519 key took ${ed.at - (bStart - sent)} ms`);
    assert.equal(rsa.res.status, 201, rsa.res.text);
    if (maxParallel() === 1 && created.length === RSA_IN_FLIGHT_PER_ORG) {
      // one generation at a time: b's key runs right after a's first, before a's second
      assert.ok(rsa.at < Math.max(...created.map((x) => x.at)), `b's RSA key (${rsa.at} ms) waited for all of a's (${created.map((x) => x.at).join(", ")} ms)`);
    }
    const stored = ((await a.http.get("/api/v1/ssh")).json as SshKey[]).map((k) => k.id).sort();
    assert.deepEqual(stored, created.map((x) => (x.res.json as SshKey).id).sort());
  });
});
