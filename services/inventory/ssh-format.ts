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
 * At most this many RSA generations run at once per process (ssh-keys.ts queues the rest):
 * RSA-4096 keeps a thread-pool thread busy for a second or more, and the pool (4 threads) also
 * serves file and DNS work.
 */
const MAX_PARALLEL = Math.max(1, Math.min(2, availableParallelism() - 1));

/** How many RSA generations this process runs at once. */
export function maxParallel(): number {
  return MAX_PARALLEL;
}

/** Generates a key pair without blocking the event loop (no queueing: see ssh-keys.ts). */
export async function generateSshKey(type: SshKeyType, bits: number, comment: string): Promise<GeneratedSshKey> {
  const { privateKey, publicKey } = await generate(type, type === "rsa" ? bits : 0);
  const { algorithm, blob } = wireFormat(publicKey);
  return { privateKeyPem: privateKey, publicKey: authorizedKeysLine(algorithm, blob, comment), fingerprint: fingerprintOf(blob) };
}
