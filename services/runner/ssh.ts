import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { posix } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { Client, type ClientChannel, type SFTPWrapper } from "ssh2";
import type { HostKey } from "../../shared/contracts/inventory.ts";
import type { LogStream } from "../../shared/contracts/runner.ts";
import { checkEndpoint } from "../../shared/endpoint-guard.ts";
import { sshUsablePrivateKey } from "./openssh-key.ts";

/**
 * One SSH session (ssh2, pure JavaScript): connect with a private key held in memory only,
 * verify the host key through a callback, run commands streaming their output, upload files over
 * SFTP, close. The target goes through the shared endpoint guard and the connection goes to the
 * address it checked.
 */

export interface SshTarget {
  host: string;
  port: number;
  username: string;
  /** PEM (PKCS#1 RSA, PKCS#8 Ed25519 or OpenSSH); never logged, never stored. */
  privateKey: string;
}

export interface ConnectOptions {
  /** TCP connect, key exchange and authentication together. */
  timeoutMs: number;
  /** Loopback, private and link-local targets allowed (SSH_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean;
  /** Whether the server's host key is accepted; a refused key fails the connection with `HostKeyRefusedError`. */
  verifyHostKey(key: HostKey): boolean;
}

/** Why a connection or command failed, in words fit for a server's `last_error` (never a secret). */
export class SshError extends Error {
  constructor(
    message: string,
    /** Trying again later could help (a refused or timed-out connection), not a refused target or host key. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "SshError";
  }
}

/** The server presented a host key `verifyHostKey` refused. */
export class HostKeyRefusedError extends SshError {
  constructor(readonly presented: HostKey) {
    super(`host key refused: ${presented.fingerprint}`, false);
    this.name = "HostKeyRefusedError";
  }
}

export interface ExecOptions {
  onOutput(stream: Exclude<LogStream, "system">, text: string): void;
  /** Aborting sends the command a TERM signal on its channel, then closes the channel. */
  signal?: AbortSignal;
  /** The same as an abort after this long (`timedOut`). */
  timeoutMs?: number;
  /** Exported to the command (names `[A-Za-z_][A-Za-z0-9_]*`); sshd's AcceptEnv is not needed. */
  env?: Record<string, string>;
}

export interface ExecResult {
  /** Null when the command ended by a signal or its channel was closed first. */
  exitCode: number | null;
  exitSignal: string | null;
  timedOut: boolean;
  canceled: boolean;
}

export interface UploadFile {
  path: string;
  content: string | Buffer;
  /** 0o600 for a private key. */
  mode: number;
}

export interface SshSession {
  /** The host key the server presented (and `verifyHostKey` accepted). */
  hostKey: HostKey;
  exec(command: string, options: ExecOptions): Promise<ExecResult>;
  /** Writes the files over SFTP, creating missing directories with mode 0700. */
  upload(files: readonly UploadFile[]): Promise<void>;
  /** `rm -rf` of a directory (a run's); refuses `/`, relative paths and `..`. */
  removeDir(path: string): Promise<void>;
  close(): void;
}

/** After a cancel's signal, how long the command has to end before its channel is closed. */
const CANCEL_GRACE_MS = 3_000;
/** After closing the channel, how long before the caller is answered even if it never closes. */
const CLOSE_WAIT_MS = 5_000;

/** A host key as OpenSSH shows it: its algorithm, the wire-format key (base64) and `SHA256:<unpadded base64>`. */
export function hostKeyOf(raw: Buffer): HostKey {
  const length = raw.length >= 4 ? raw.readUInt32BE(0) : 0;
  const algorithm = raw.subarray(4, 4 + length).toString("latin1") || "unknown";
  return { algorithm, key: raw.toString("base64"), fingerprint: fingerprintOf(raw) };
}

export function fingerprintOf(raw: Buffer): string {
  return `SHA256:${createHash("sha256").update(raw).digest("base64").replace(/=+$/, "")}`;
}

/** A word the shell reads literally. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Connects, verifies the host key and authenticates; the session is ready for commands. */
export async function openSsh(target: SshTarget, options: ConnectOptions): Promise<SshSession> {
  const address = await checkedAddress(target, options.allowPrivate);
  const client = new Client();
  let presented: HostKey | undefined;
  let refused = false;
  await new Promise<void>((resolve, reject) => {
    const fail = (err: Error & { level?: string; code?: string }) => {
      client.end();
      if (refused && presented) reject(new HostKeyRefusedError(presented));
      else reject(connectError(err, target));
    };
    client.once("ready", () => {
      client.removeListener("error", fail);
      resolve();
    });
    client.once("error", fail);
    try {
      client.connect({
        host: address,
        port: target.port,
        username: target.username,
        privateKey: sshUsablePrivateKey(target.privateKey),
        readyTimeout: options.timeoutMs,
        hostVerifier: (raw: Buffer) => {
          presented = hostKeyOf(raw);
          refused = !options.verifyHostKey(presented);
          return !refused;
        },
      });
    } catch (err) {
      // a private key ssh2 cannot parse: say so without quoting it
      client.end();
      reject(new SshError(/key/i.test((err as Error).message) ? "ssh: the server's ssh key cannot be used" : "ssh: cannot connect", false));
    }
  });
  // an error after the handshake ends the commands through their channels' close
  client.on("error", () => undefined);
  if (!presented) throw new SshError("ssh: no host key presented", false);
  return session(client, presented);
}

async function checkedAddress(target: SshTarget, allowPrivate: boolean): Promise<string> {
  const host = target.host.trim();
  if (host === "") throw new SshError("the server has no public_ip_address to connect to", false);
  const checked = await checkEndpoint(`ssh://${isIP(host) === 6 ? `[${host}]` : host}:${target.port}`, allowPrivate);
  if ("refusal" in checked) {
    const why = checked.refusal.retryable ? "does not resolve" : "is a private or reserved address (not allowed)";
    throw new SshError(`ssh target ${host} ${why}`, checked.refusal.retryable);
  }
  return checked.addresses[0]?.address ?? host;
}

function connectError(err: Error & { level?: string; code?: string }, target: SshTarget): SshError {
  const where = `${target.host}:${target.port}`;
  if (err.level === "client-authentication") return new SshError(`ssh: authentication as ${target.username} failed at ${where}`, false);
  if (err.level === "client-timeout" || /timed out/i.test(err.message)) return new SshError(`ssh: timed out connecting to ${where}`, true);
  if (err.code === "ECONNREFUSED") return new SshError(`ssh: connection refused by ${where}`, true);
  if (err.code === "EHOSTUNREACH" || err.code === "ENETUNREACH") return new SshError(`ssh: ${where} is unreachable`, true);
  return new SshError(`ssh: cannot connect to ${where}: ${err.message.slice(0, 200)}`, true);
}

function session(client: Client, hostKey: HostKey): SshSession {
  const exec = (command: string, options: ExecOptions): Promise<ExecResult> =>
    new Promise((resolve, reject) => {
      client.exec(wrapped(command, options.env), (err, channel) => {
        if (err) {
          reject(new SshError(`ssh: cannot start the command: ${err.message.slice(0, 200)}`, true));
          return;
        }
        follow(channel, options, resolve);
      });
    });

  const sftp = (): Promise<SFTPWrapper> =>
    new Promise((resolve, reject) => {
      client.sftp((err, s) => (err ? reject(new SshError(`sftp: ${err.message.slice(0, 200)}`, true)) : resolve(s)));
    });

  return {
    hostKey,
    exec,
    async upload(files) {
      const s = await sftp();
      try {
        const made = new Set<string>();
        for (const file of files) {
          await mkdirs(s, posix.dirname(file.path), made);
          await sftpCall((cb) => s.writeFile(file.path, file.content, { mode: file.mode }, cb), file.path);
          await sftpCall((cb) => s.chmod(file.path, file.mode, cb), file.path);
        }
      } finally {
        s.end();
      }
    },
    async removeDir(path) {
      const normal = posix.normalize(path);
      if (!posix.isAbsolute(normal) || normal === "/" || path.split("/").includes("..")) throw new SshError(`refusing to remove ${path}`, false);
      await exec(`rm -rf -- ${shellQuote(normal)}`, { onOutput: () => undefined });
    },
    close() {
      client.end();
    },
  };
}

/** Streams a command's output until its channel closes; a cancel or timeout signals it, then closes the channel. */
function follow(channel: ClientChannel, options: ExecOptions, resolve: (r: ExecResult) => void): void {
  const result: ExecResult = { exitCode: null, exitSignal: null, timedOut: false, canceled: false };
  const decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
  const emit = (stream: "stdout" | "stderr", text: string) => {
    if (text !== "") options.onOutput(stream, text);
  };
  channel.on("data", (d: Buffer) => emit("stdout", decoders.stdout.write(d)));
  channel.stderr.on("data", (d: Buffer) => emit("stderr", decoders.stderr.write(d)));
  channel.on("exit", (code: number | null, signal?: string) => {
    if (typeof code === "number") result.exitCode = code;
    else result.exitSignal = signal ?? null;
  });
  let graceTimer: NodeJS.Timeout | undefined;
  const stop = (why: "timedOut" | "canceled") => {
    if (result.timedOut || result.canceled) return;
    result[why] = true;
    try {
      channel.signal("TERM");
      channel.end();
    } catch {
      // the channel is already closing
    }
    graceTimer = setTimeout(() => {
      channel.close();
      // a command that holds its channel open whatever happens: the caller is answered anyway
      graceTimer = setTimeout(finish, CLOSE_WAIT_MS);
    }, CANCEL_GRACE_MS);
  };
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => stop("timedOut"), options.timeoutMs);
  const onAbort = () => stop("canceled");
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    clearTimeout(graceTimer);
    options.signal?.removeEventListener("abort", onAbort);
    emit("stdout", decoders.stdout.end());
    emit("stderr", decoders.stderr.end());
    resolve(result);
  };
  channel.on("close", finish);
}

/**
 * The command as sshd runs it: `sh` in place of the login shell (the process sshd signals), the
 * environment exported, the command in the background so that a stop reaches its whole process
 * group (sshd made the shell a group leader): TERM to every process of the command, KILL to the
 * stragglers two seconds later. A stop comes from a TERM signal on the channel, or from the end of
 * the channel's input (sshd refuses signals to root sessions; a closed connection ends it too).
 */
function wrapped(command: string, env: Record<string, string> | undefined): string {
  const entries = Object.entries(env ?? {});
  for (const [name] of entries) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new SshError(`invalid environment variable name ${name}`, false);
  const script = [
    ...entries.map(([name, value]) => `export ${name}=${shellQuote(value)}`),
    `trap 'trap "" TERM; kill -TERM 0; sleep 2; kill -KILL 0' TERM`,
    // a background list's input is /dev/null: the watcher reads the channel's input through fd 3
    "exec 3<&0",
    `{\n${command}\n} </dev/null 3<&- &`,
    "pid=$!",
    "(while read -r _ <&3; do :; done; kill -TERM $$ 2>/dev/null) &",
    "watcher=$!",
    "wait $pid",
    "status=$?",
    "kill $watcher 2>/dev/null",
    "exit $status",
    "",
  ].join("\n");
  return `exec sh -c ${shellQuote(script)}`;
}

function sftpCall(op: (cb: (err?: Error | null) => void) => void, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    op((err) => (err ? reject(new SshError(`sftp: cannot write ${path}: ${err.message.slice(0, 200)}`, true)) : resolve()));
  });
}

/** `mkdir -p` over SFTP, new directories with mode 0700 (an existing one is left as it is). */
async function mkdirs(s: SFTPWrapper, dir: string, made: Set<string>): Promise<void> {
  if (dir === "/" || dir === "." || dir === "" || made.has(dir)) return;
  await mkdirs(s, posix.dirname(dir), made);
  const exists = await new Promise<boolean>((resolve) => {
    s.stat(dir, (err) => resolve(!err));
  });
  if (!exists) await sftpCall((cb) => s.mkdir(dir, { mode: 0o700 }, cb), dir);
  made.add(dir);
}
