import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import type { AppConfig } from "./config.ts";

/** AES-256-GCM output; all parts base64. `kid` names the key that sealed it. */
export const Sealed = z.object({
  kid: z.string(),
  iv: z.string(),
  tag: z.string(),
  ct: z.string(),
});
export type Sealed = z.infer<typeof Sealed>;

export interface NamedKey {
  /** A short fingerprint of the key (never the key): sha256 prefix. */
  id: string;
  key: Buffer;
}

export function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

/** Encrypts with AES-256-GCM under `key`; `aad` binds the ciphertext to its context (e.g. an org id). */
export function seal(key: NamedKey, plaintext: Buffer, aad = ""): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { kid: key.id, iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), ct: ct.toString("base64") };
}

/** Decrypts and authenticates; throws if the key, the AAD or any byte is wrong. */
export function open(key: NamedKey, sealed: Sealed, aad = ""): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ct, "base64")), decipher.final()]);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Constant-time comparison of two strings (hashes, secrets). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** url-safe random text with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

function parseKey(b64: string, name: string): Buffer {
  const key = Buffer.from(b64, "base64");
  if (key.length !== 32) throw new Error(`${name} must be base64 of exactly 32 bytes`);
  return key;
}

export interface MasterKeys {
  current: NamedKey;
  /** Earlier master keys, readable during a rotation. */
  previous: NamedKey[];
  /** Where the key came from, for the start-up log line (never the key). */
  source: string;
}

/**
 * The master key from MASTER_KEY; outside production, when unset, one generated once into
 * DATA_DIR/master.key (mode 0600). Production without MASTER_KEY is a start-up error.
 */
export function loadMasterKeys(cfg: AppConfig): MasterKeys {
  const previous = cfg.MASTER_KEYS_PREVIOUS.map((k, i) => {
    const key = parseKey(k, `MASTER_KEYS_PREVIOUS[${i}]`);
    return { id: keyId(key), key };
  });
  if (cfg.MASTER_KEY) {
    const key = parseKey(cfg.MASTER_KEY, "MASTER_KEY");
    return { current: { id: keyId(key), key }, previous, source: "MASTER_KEY" };
  }
  if (cfg.NODE_ENV === "production") throw new Error("MASTER_KEY is required in production");
  const file = resolve(cfg.DATA_DIR, "master.key");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const key = parseKey(readFileSync(file, "utf8").trim(), file);
  return { current: { id: keyId(key), key }, previous, source: `generated file ${file}` };
}

/** The master key (current or previous) that sealed `sealed`, or an error naming the mismatch. */
export function masterFor(keys: MasterKeys, sealed: Sealed): NamedKey {
  const found = [keys.current, ...keys.previous].find((k) => k.id === sealed.kid);
  if (!found) {
    throw new Error(`data sealed by master key ${sealed.kid}, which is neither MASTER_KEY nor in MASTER_KEYS_PREVIOUS`);
  }
  return found;
}
