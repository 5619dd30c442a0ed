import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort, waitUntil } from "./processes.ts";

const run = promisify(execFile);
const SSHD = "/usr/sbin/sshd";

/**
 * Throw-away OpenSSH servers for tests (Debian's openssh-server): `sshd -D -e -f <config>` on
 * 127.0.0.1 and a free port, with a generated host key, `authorized_keys` from the given public
 * keys (the API's own key download), no PAM, no strict modes, its pid file in its own temp dir.
 * As root the login user is root (`PermitRootLogin prohibit-password`); otherwise the current
 * user. `restart({ newHostKey: true })` comes back on the same port with another host key.
 */
export interface SshdOptions {
  /** Public keys (`ssh-ed25519 AAAA… comment` lines) allowed to log in. */
  authorizedKeys: string[];
  /** The host key's type (ssh-keygen -t): ed25519 unless given. */
  hostKeyType?: "ed25519" | "rsa" | "ecdsa";
  /** Extra sshd_config lines. */
  extraConfig?: string[];
}

export interface Sshd {
  host: string;
  port: number;
  /** The user the authorized keys log in as. */
  user: string;
  /** Its own temp directory (config, keys, pid file, and a `work` directory tests may use). */
  dir: string;
  /** `SHA256:…` of the current host key, as `ssh-keygen -lf` prints it. */
  hostKeyFingerprint(): Promise<string>;
  /** What sshd printed lately (its log, for a failing test's message). */
  log(): string;
  /** Adds public keys to authorized_keys (read by sshd at every login). */
  authorize(...keys: string[]): void;
  /** Stops and starts again on the same port; with `newHostKey` a fresh host key first. */
  restart(options?: { newHostKey?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export async function startSshd(options: SshdOptions): Promise<Sshd> {
  if (process.getuid?.() === 0) mkdirSync("/run/sshd", { recursive: true, mode: 0o755 });
  const dir = mkdtempSync(join(tmpdir(), "test-sshd-"));
  mkdirSync(join(dir, "work"), { mode: 0o700 });
  const port = await freePort();
  const user = userInfo().username;
  const hostKey = join(dir, "host_key");
  const authorized = join(dir, "authorized_keys");
  const keys = [...options.authorizedKeys];
  const writeAuthorized = () => writeFileSync(authorized, keys.map((k) => `${k.trim()}\n`).join(""), { mode: 0o600 });
  writeAuthorized();
  const newHostKey = async () => {
    rmSync(hostKey, { force: true });
    rmSync(`${hostKey}.pub`, { force: true });
    await run("ssh-keygen", ["-q", "-t", options.hostKeyType ?? "ed25519", "-N", "", "-f", hostKey]);
  };
  await newHostKey();
  const config = join(dir, "sshd_config");
  writeFileSync(
    config,
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${authorized}`,
      `PidFile ${join(dir, "sshd.pid")}`,
      "UsePAM no",
      "StrictModes no",
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "PubkeyAuthentication yes",
      "PermitRootLogin prohibit-password",
      "Subsystem sftp internal-sftp",
      "LogLevel VERBOSE",
      ...(options.extraConfig ?? []),
      "",
    ].join("\n"),
  );

  let child: ChildProcess | undefined;
  let output = "";
  const start = async () => {
    output = "";
    const proc = spawn(SSHD, ["-D", "-e", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
    proc.stderr?.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
    child = proc;
    await waitUntil(
      `sshd on 127.0.0.1:${port}`,
      async () => {
        if (proc.exitCode !== null) throw new Error(`sshd exited ${proc.exitCode}: ${output}`);
        return (await canConnect(port)) ? true : undefined;
      },
      20_000,
    );
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    await exited;
  };
  await start();

  return {
    host: "127.0.0.1",
    port,
    user,
    dir,
    async hostKeyFingerprint() {
      const { stdout } = await run("ssh-keygen", ["-l", "-E", "sha256", "-f", `${hostKey}.pub`]);
      const fp = stdout.split(/\s+/)[1];
      if (!fp?.startsWith("SHA256:")) throw new Error(`ssh-keygen -lf printed ${stdout}`);
      return fp;
    },
    log: () => output,
    authorize(...more) {
      keys.push(...more);
      writeAuthorized();
    },
    async restart(opts = {}) {
      await stop();
      if (opts.newHostKey) await newHostKey();
      await start();
    },
    async stop() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}
