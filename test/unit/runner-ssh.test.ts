import { strict as assert } from "node:assert";
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { HostKeyRefusedError, openSsh, SshError, type SshSession, type SshTarget } from "../../services/runner/ssh.ts";
import type { HostKey } from "../../shared/contracts/inventory.ts";
import { startSshd, type Sshd } from "../helpers/sshd.ts";

/** An SSH key pair as the inventory makes it: PKCS#8 PEM (Ed25519) or PKCS#1 (RSA), and its public line. */
function keyPair(type: "ed25519" | "rsa"): { privateKey: string; publicLine: string } {
  const wire = (...parts: Buffer[]) => Buffer.concat(parts.flatMap((p) => [Buffer.from([0, 0, (p.length >> 8) & 0xff, p.length & 0xff]), p]));
  if (type === "ed25519") {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const x = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url");
    const blob = wire(Buffer.from("ssh-ed25519"), x);
    return { privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicLine: `ssh-ed25519 ${blob.toString("base64")} test` };
  }
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = publicKey.export({ format: "jwk" });
  const mpint = (b64: string) => {
    const b = Buffer.from(b64, "base64url");
    return (b[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b;
  };
  const blob = wire(Buffer.from("ssh-rsa"), mpint(jwk.e ?? ""), mpint(jwk.n ?? ""));
  return { privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(), publicLine: `ssh-rsa ${blob.toString("base64")} test` };
}

/** ssh.ts against a real sshd: host keys, commands streaming output, cancel and timeout, SFTP, the target guard. */
describe("runner SSH sessions against a real sshd", () => {
  const ed = keyPair("ed25519");
  const rsa = keyPair("rsa");
  let sshd: Sshd;
  let target: SshTarget;
  let session: SshSession;
  let seen: HostKey | undefined;

  beforeAll(async () => {
    sshd = await startSshd({ authorizedKeys: [ed.publicLine, rsa.publicLine] });
    target = { host: sshd.host, port: sshd.port, username: sshd.user, privateKey: ed.privateKey };
    session = await openSsh(target, { timeoutMs: 15_000, allowPrivate: true, verifyHostKey: (k) => ((seen = k), true) });
  });
  afterAll(async () => {
    session.close();
    await sshd.stop();
  });

  it("reports the host key as ssh-keygen -lf does", async () => {
    assert.equal(session.hostKey.fingerprint, await sshd.hostKeyFingerprint());
    assert.equal(session.hostKey.algorithm, "ssh-ed25519");
    assert.deepEqual(seen, session.hostKey);
  });

  it("streams stdout and stderr and answers the exit code, with the environment given", async () => {
    const out: string[] = [];
    const res = await session.exec('echo "hello $GREETING"; echo oops >&2; exit 3', { onOutput: (s, t) => out.push(`${s}:${t}`), env: { GREETING: "it's me" } });
    assert.deepEqual(res, { exitCode: 3, exitSignal: null, timedOut: false, canceled: false });
    assert.ok(out.includes("stdout:hello it's me\n"), out.join("|"));
    assert.ok(out.includes("stderr:oops\n"), out.join("|"));
  });

  it("cancels a running command (signal, then the channel closed) and times one out", async () => {
    const controller = new AbortController();
    const out: string[] = [];
    const started = Date.now();
    const pidFile = `${sshd.dir}/work/sleep.pid`;
    const running = session.exec(`echo started; sh -c 'echo $$ > ${pidFile}; exec sleep 30'; echo never`, {
      onOutput: (_s, t) => {
        out.push(t);
        if (t.includes("started")) controller.abort();
      },
      signal: controller.signal,
    });
    const res = await running;
    assert.equal(res.canceled, true);
    assert.equal(res.timedOut, false);
    // the sleep (a grandchild of the shell sshd signalled) was stopped too, well before its 30 s
    assert.ok(Date.now() - started < 25_000);
    assert.ok(!out.join("").includes("never"));
    const alive: string[] = [];
    await session.exec(`kill -0 $(cat ${pidFile}) 2>/dev/null && echo alive || echo stopped`, { onOutput: (_s, t) => alive.push(t) });
    assert.equal(alive.join("").trim(), "stopped");
    const timed = await session.exec("sleep 30", { onOutput: () => undefined, timeoutMs: 300 });
    assert.equal(timed.timedOut, true);
    assert.equal(timed.exitCode, null);
  });

  it("uploads files over SFTP with their modes, directories 0700, and removes the directory", async () => {
    const dir = `${sshd.dir}/work/run-1/nested`;
    await session.upload([
      { path: `${dir}/cluster.json`, content: '{"a":1}', mode: 0o644 },
      { path: `${dir}/keys/node.pem`, content: ed.privateKey, mode: 0o600 },
    ]);
    const out: string[] = [];
    await session.exec(`stat -c '%a %n' ${sshd.dir}/work/run-1 ${dir}/cluster.json ${dir}/keys/node.pem; cat ${dir}/cluster.json`, { onOutput: (_s, t) => out.push(t) });
    const text = out.join("");
    assert.match(text, /^700 .*run-1$/m);
    assert.match(text, /^644 .*cluster\.json$/m);
    assert.match(text, /^600 .*node\.pem$/m);
    assert.match(text, /\{"a":1\}/);
    await session.removeDir(`${sshd.dir}/work/run-1`);
    const after: string[] = [];
    await session.exec(`test -e ${sshd.dir}/work/run-1 && echo present || echo gone`, { onOutput: (_s, t) => after.push(t) });
    assert.equal(after.join("").trim(), "gone");
    await assert.rejects(session.removeDir("/"), SshError);
    await assert.rejects(session.removeDir("relative/dir"), SshError);
  });

  it("logs in with an RSA key (PKCS#1) too", async () => {
    const s = await openSsh({ ...target, privateKey: rsa.privateKey }, { timeoutMs: 15_000, allowPrivate: true, verifyHostKey: () => true });
    const out: string[] = [];
    assert.equal((await s.exec("echo rsa", { onOutput: (_s, t) => out.push(t) })).exitCode, 0);
    assert.equal(out.join(""), "rsa\n");
    s.close();
  });

  it("refuses a host key the callback refuses, a loopback target unless allowed, and a key not authorized", async () => {
    const refused = await openSsh(target, { timeoutMs: 15_000, allowPrivate: true, verifyHostKey: () => false }).catch((e: unknown) => e);
    assert.ok(refused instanceof HostKeyRefusedError);
    assert.equal(refused.presented.fingerprint, await sshd.hostKeyFingerprint());
    const guarded = await openSsh(target, { timeoutMs: 15_000, allowPrivate: false, verifyHostKey: () => true }).catch((e: unknown) => e);
    assert.ok(guarded instanceof SshError);
    assert.equal(guarded.message, "ssh target 127.0.0.1 is a private or reserved address (not allowed)");
    const stranger = keyPair("ed25519");
    const denied = await openSsh({ ...target, privateKey: stranger.privateKey }, { timeoutMs: 15_000, allowPrivate: true, verifyHostKey: () => true }).catch((e: unknown) => e);
    assert.ok(denied instanceof SshError);
    assert.equal(denied.message, `ssh: authentication as ${sshd.user} failed at 127.0.0.1:${sshd.port}`);
    assert.ok(!denied.message.includes("PRIVATE"));
  });
});
