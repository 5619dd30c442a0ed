import { createHash, generateKeyPair, type JsonWebKey } from "node:crypto";
import { availableParallelism } from "node:os";

/**
 * SSH key pairs with node:crypto only: generation runs on libuv's thread pool (async
 * generateKeyPair), never on the event loop. The public key is encoded in the SSH wire format
 * (RFC 4253 §6.6, RFC 8709) built from the JWK, then written as an authorized_keys line.
 */

export type SshKeyType = "rsa" | "ed25519";

export interface GeneratedSshKey {
  /** RSA: PKCS#1 PEM (`BEGIN RSA PRIVATE KEY`); Ed25519: PKCS#8 PEM (`BEGIN PRIVATE KEY`). */
  privateKeyPem: string;
  /** `ssh-rsa AAAA… comment` / `ssh-ed25519 AAAA… comment` (no trailing newline). */
  publicKey: string;
  /** `SHA256:` + unpadded base64 of the SHA-256 of the wire-format public key (as ssh-keygen -l). */
  fingerprint: string;
}

/** SSH `string`: uint32 length, then the bytes. */
function sshString(bytes: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

/** SSH `mpint` of an unsigned big-endian integer: no leading zeros, a 0x00 pad when the top bit is set. */
function sshMpint(unsigned: Buffer): Buffer {
  let i = 0;
  while (i < unsigned.length - 1 && unsigned[i] === 0) i++;
  let bytes = unsigned.subarray(i);
  if (bytes.length > 0 && (bytes[0]! & 0x80) !== 0) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return sshString(bytes);
}

/** The wire-format public key blob of an RSA or Ed25519 public JWK. */
export function wireFormat(jwk: JsonWebKey): { algorithm: string; blob: Buffer } {
  if (jwk.kty === "RSA" && typeof jwk.n === "string" && typeof jwk.e === "string") {
    const algorithm = "ssh-rsa";
    const blob = Buffer.concat([sshString(Buffer.from(algorithm)), sshMpint(Buffer.from(jwk.e, "base64url")), sshMpint(Buffer.from(jwk.n, "base64url"))]);
    return { algorithm, blob };
  }
  if (jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string") {
    const algorithm = "ssh-ed25519";
    return { algorithm, blob: Buffer.concat([sshString(Buffer.from(algorithm)), sshString(Buffer.from(jwk.x, "base64url"))]) };
  }
  throw new Error("unsupported public key");
}

export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

export function authorizedKeysLine(algorithm: string, blob: Buffer, comment: string): string {
  const line = `${algorithm} ${blob.toString("base64")}`;
  return comment ? `${line} ${comment}` : line;
}

function generate(type: SshKeyType, bits: number): Promise<{ privateKey: string; publicKey: JsonWebKey }> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, publicKey: JsonWebKey, privateKey: string) => (err ? reject(err) : resolve({ privateKey, publicKey }));
    if (type === "rsa") {
      const options = { modulusLength: bits, publicExponent: 0x10001, publicKeyEncoding: { format: "jwk" }, privateKeyEncoding: { type: "pkcs1", format: "pem" } };
      (generateKeyPair as unknown as (t: string, o: unknown, cb: typeof done) => void)("rsa", options, done);
    } else {
      const options = { publicKeyEncoding: { format: "jwk" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } };
      (generateKeyPair as unknown as (t: string, o: unknown, cb: typeof done) => void)("ed25519", options, done);
    }
  });
}

/**
 * At most this many generations run at once per process: RSA-4096 keeps a thread-pool thread
 * busy for hundreds of milliseconds, and the pool (4 threads) also serves file and DNS work.
 * Further requests wait their turn.
 */
const MAX_PARALLEL = Math.max(1, Math.min(2, availableParallelism() - 1));
let running = 0;

/** How many generations this process runs at once (the rest queue). */
export function maxParallel(): number {
  return MAX_PARALLEL;
}
const waiting: (() => void)[] = [];

/** Thrown when the caller's deadline passed while the request waited for a slot: no work is done for nobody. */
export class GenerationDeadlineError extends Error {
  constructor() {
    super("ssh key generation: the caller's deadline passed while waiting");
    this.name = "GenerationDeadlineError";
  }
}

async function slot<T>(work: () => Promise<T>, deadline?: number): Promise<T> {
  // a finishing generation hands its slot straight to the next waiter (`running` stays counted)
  if (running >= MAX_PARALLEL) await new Promise<void>((r) => waiting.push(r));
  else running++;
  try {
    if (deadline !== undefined && Date.now() >= deadline) throw new GenerationDeadlineError();
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Generates a key pair without blocking the event loop. With `deadline` (epoch ms), a request
 * whose caller has given up by the time a slot is free is dropped instead of generated.
 */
export async function generateSshKey(type: SshKeyType, bits: number, comment: string, deadline?: number): Promise<GeneratedSshKey> {
  const { privateKey, publicKey } = await slot(() => generate(type, type === "rsa" ? bits : 0), deadline);
  const { algorithm, blob } = wireFormat(publicKey);
  return { privateKeyPem: privateKey, publicKey: authorizedKeysLine(algorithm, blob, comment), fingerprint: fingerprintOf(blob) };
}
