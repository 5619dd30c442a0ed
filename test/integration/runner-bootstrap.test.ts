import { strict as assert } from "node:assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import type { Server } from "../../shared/contracts/inventory.ts";
import type { LogPage } from "../../shared/contracts/runner.ts";
import { newTenant, signIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startSshd, type Sshd } from "../helpers/sshd.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

// Bastion bootstrap through HTTP against a real sshd: TOFU host keys, the script's output in the server's log.
describe("runner: bastion bootstrap over SSH", () => {
  let stack: Stack;
  let sshd: Sshd;
  let alice: Tenant;
  let bob: Tenant;
  let member: Tenant["http"];
  let dir: string;
  let script: string;
  let keyId: string;
  let privateKey: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "runner-bootstrap-"));
    script = join(dir, "bootstrap.sh");
    await writeFile(script, "echo bootstrapping; exit 0\n");
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "jobs", "events", "runner"],
      env: { SSH_ALLOW_PRIVATE_TARGETS: "true", BASTION_BOOTSTRAP_SCRIPT: script },
    });
    alice = await newTenant(stack, "Bootstrap Alice");
    bob = await newTenant(stack, "Bootstrap Bob");
    const m = await signIn(stack.broker);
    assert.equal((await stack.http.post(`/api/v1/orgs/${alice.orgId}/members`, { user_id: m.user_id, role: "member" }, { headers: alice.user.bearer })).status, 200);
    member = stack.http.with({ ...m.bearer, "x-org-id": alice.orgId });
    const key = await alice.http.post("/api/v1/ssh", { name: "bastion", type: "ed25519" });
    assert.equal(key.status, 201, key.text);
    keyId = (key.json as { id: string }).id;
    const pub = await alice.http.get(`/api/v1/ssh/${keyId}/download?part=public`);
    assert.equal(pub.status, 200, pub.text);
    privateKey = ((await alice.http.get(`/api/v1/ssh/${keyId}?reveal=true`)).json as { private_key: string }).private_key;
    assert.ok(privateKey.includes("PRIVATE KEY"));
    sshd = await startSshd({ authorizedKeys: [pub.text.trim()] });
  });
  afterAll(async () => {
    await sshd.stop();
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const createBastion = async (): Promise<Server> => {
    const res = await alice.http.post("/api/v1/servers", {
      private_ip_address: "10.0.0.5",
      public_ip_address: sshd.host,
      ssh_port: sshd.port,
      ssh_user: sshd.user,
      ssh_key_id: keyId,
      role: "bastion",
    });
    assert.equal(res.status, 201, res.text);
    assert.equal((res.json as Server).ssh_port, sshd.port);
    return res.json as Server;
  };
  const settled = (id: string) =>
    waitUntil(
      "the bootstrap to end",
      async () => {
        const s = (await alice.http.get(`/api/v1/servers/${id}`)).json as Server;
        return s.status === "ready" || s.status === "failed" ? s : undefined;
      },
      90_000,
    );
  const logs = async (id: string): Promise<LogPage> => {
    const res = await alice.http.get(`/api/v1/servers/${id}/logs`);
    assert.equal(res.status, 200, res.text);
    return res.json as LogPage;
  };
  const text = (page: LogPage) => page.items.map((i) => i.chunk).join("");

  let server: Server;

  it("bootstraps a new bastion: ready, the sshd's host key pinned, its output readable and done", async () => {
    server = await createBastion();
    const done = await settled(server.id);
    assert.equal(done.status, "ready", done.last_error);
    assert.equal(done.last_error, "");
    assert.equal(done.ssh_host_key_fingerprint, await sshd.hostKeyFingerprint());
    const page = await waitUntil("the log to be done", async () => {
      const p = await logs(server.id);
      return p.done ? p : undefined;
    });
    assert.ok(text(page).includes("bootstrapping"), text(page));
  });

  it("fails with last_error and logs when the script exits 1", async () => {
    await writeFile(script, "echo about to fail; exit 1\n");
    const failing = await createBastion();
    const done = await settled(failing.id);
    assert.equal(done.status, "failed");
    assert.match(done.last_error, /exit 1/);
    const page = await logs(failing.id);
    assert.ok(text(page).includes("about to fail"), text(page));
    await writeFile(script, "echo bootstrapping; exit 0\n");
  });

  it("refuses a changed host key naming both fingerprints, then succeeds after reset-hostkey", async () => {
    const pinned = await sshd.hostKeyFingerprint();
    await sshd.restart({ newHostKey: true });
    const fresh = await sshd.hostKeyFingerprint();
    assert.notEqual(fresh, pinned);
    const again = await alice.http.patch(`/api/v1/servers/${server.id}`, { status: "pending" });
    assert.equal(again.status, 200, again.text);
    const refused = await settled(server.id);
    assert.equal(refused.status, "failed");
    assert.ok(refused.last_error.includes(pinned) && refused.last_error.includes(fresh), refused.last_error);
    assert.equal(refused.ssh_host_key_fingerprint, pinned);

    assert.equal((await bob.http.post(`/api/v1/servers/${server.id}/reset-hostkey`, {})).status, 404);
    assert.equal((await member.post(`/api/v1/servers/${server.id}/reset-hostkey`, {})).status, 403);
    const reset = await alice.http.post(`/api/v1/servers/${server.id}/reset-hostkey`, {});
    assert.equal(reset.status, 200, reset.text);
    assert.equal((reset.json as Server).ssh_host_key_fingerprint, "");

    assert.equal((await alice.http.patch(`/api/v1/servers/${server.id}`, { status: "pending" })).status, 200);
    const ok = await settled(server.id);
    assert.equal(ok.status, "ready", ok.last_error);
    assert.equal(ok.ssh_host_key_fingerprint, fresh);

    const events = await waitUntil("the reset's event", async () => {
      const e = (await alice.http.get(`/api/v1/audit-events?resource_id=${server.id}`)).json as DomainEvent[];
      return e.some((x) => x.type === "server.host_key_reset") && e.some((x) => x.type === "server.status_changed") ? e : undefined;
    });
    const secretFree = (s: string) => !s.includes(privateKey.split("\n")[1] ?? privateKey);
    assert.ok(secretFree(JSON.stringify(events)));
    assert.ok(secretFree(JSON.stringify(await logs(server.id))));
    assert.ok(secretFree(JSON.stringify((await alice.http.get(`/api/v1/servers/${server.id}`)).json)));
    assert.ok(secretFree(stack.logs.join("\n")));
  });
});
