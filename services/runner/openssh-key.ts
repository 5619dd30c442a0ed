import { createPrivateKey, randomInt } from "node:crypto";

/**
 * The inventory stores Ed25519 private keys as PKCS#8 PEM, which ssh2 cannot read: they are
 * re-encoded, in memory only, into OpenSSH's own format (`openssh-key-v1`, unencrypted). RSA
 * keys (PKCS#1 PEM) and OpenSSH keys pass unchanged.
 */
export function sshUsablePrivateKey(pem: string): string {
  if (!pem.includes("-----BEGIN PRIVATE KEY-----")) return pem;
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "ed25519") return pem;
  const jwk = key.export({ format: "jwk" });
  if (typeof jwk.d !== "string" || typeof jwk.x !== "string") return pem;
  const seed = Buffer.from(jwk.d, "base64url");
  const pub = Buffer.from(jwk.x, "base64url");
  const publicBlob = Buffer.concat([sshString("ssh-ed25519"), sshString(pub)]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(randomInt(0, 2 ** 32 - 1));
  let secret = Buffer.concat([check, check, sshString("ssh-ed25519"), sshString(pub), sshString(Buffer.concat([seed, pub])), sshString("")]);
  const pad = (8 - (secret.length % 8)) % 8;
  secret = Buffer.concat([secret, Buffer.from(Array.from({ length: pad }, (_, i) => i + 1))]);
  const body = Buffer.concat([
    Buffer.from("openssh-key-v1\0", "latin1"),
    sshString("none"),
    sshString("none"),
    sshString(""),
    uint32(1),
    sshString(publicBlob),
    sshString(secret),
  ]).toString("base64");
  const lines = body.match(/.{1,70}/g) ?? [];
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join("\n")}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** An SSH wire-format string: a 32-bit length, then the bytes. */
function sshString(value: string | Buffer): Buffer {
  const bytes = typeof value === "string" ? Buffer.from(value) : value;
  return Buffer.concat([uint32(bytes.length), bytes]);
}
