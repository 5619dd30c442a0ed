import { strict as assert } from "node:assert";
import { createHash, generateKeyPairSync } from "node:crypto";
import { describe, it } from "@jest/globals";
import { utils } from "ssh2";
import { authorizedKeysLine, fingerprintOf, generateSshKey, wireFormat } from "../../services/inventory/ssh-format.ts";
import { sshUsablePrivateKey } from "../../services/runner/openssh-key.ts";

/** ssh2's reading of a private key: its wire-format public key, or the error it reports. */
function sshPublicBlob(privateKeyPem: string): Buffer {
  const parsed = utils.parseKey(privateKeyPem);
  if (parsed instanceof Error) throw parsed;
  const key = Array.isArray(parsed) ? parsed[0]! : parsed;
  return key.getPublicSSH();
}

/** The base64 blob of an authorized_keys line. */
const blobOf = (line: string) => Buffer.from(line.split(" ")[1]!, "base64");

/**
 * The inventory's SSH key generation (services/inventory/ssh-format.ts) and the runner's re-encoding
 * of stored keys for ssh2 (services/runner/openssh-key.ts): the keys made by one are read by the
 * SSH library the other feeds, and both name the same public key.
 */
describe("SSH key formats", () => {
  it("makes an Ed25519 key pair whose public line and fingerprint ssh2 agrees with, once re-encoded", async () => {
    const key = await generateSshKey("ed25519", 0, "deploy@example");
    assert.match(key.privateKeyPem, /^-----BEGIN PRIVATE KEY-----\n/);
    assert.match(key.publicKey, /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5[A-Za-z0-9+/=]+ deploy@example$/);
    const blob = blobOf(key.publicKey);
    assert.equal(blob.length, 4 + 11 + 4 + 32, "string ssh-ed25519, string of the 32-byte key");
    assert.equal(key.fingerprint, `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`);
    assert.match(key.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);

    assert.throws(() => sshPublicBlob(key.privateKeyPem), "ssh2 cannot read the stored PKCS#8 form");
    const usable = sshUsablePrivateKey(key.privateKeyPem);
    assert.match(usable, /^-----BEGIN OPENSSH PRIVATE KEY-----\n(?:[A-Za-z0-9+/=]{1,70}\n)+-----END OPENSSH PRIVATE KEY-----\n$/);
    assert.deepEqual(sshPublicBlob(usable), blob);
  });

  it("makes an RSA key pair in PKCS#1 form that ssh2 reads as it is", async () => {
    const key = await generateSshKey("rsa", 2048, "");
    assert.match(key.privateKeyPem, /^-----BEGIN RSA PRIVATE KEY-----\n/);
    assert.match(key.publicKey, /^ssh-rsa AAAAB3NzaC1yc2E[A-Za-z0-9+/=]+$/, "no comment, no trailing space");
    assert.equal(sshUsablePrivateKey(key.privateKeyPem), key.privateKeyPem, "an RSA key passes unchanged");
    const blob = blobOf(key.publicKey);
    assert.deepEqual(sshPublicBlob(key.privateKeyPem), blob);
    assert.equal(key.fingerprint, fingerprintOf(blob));
    // string "ssh-rsa", then the exponent 65537 as an mpint without leading zeros
    assert.deepEqual([...blob.subarray(11, 18)], [0, 0, 0, 3, 1, 0, 1]);
  });

  it("pads an RSA modulus whose top bit is set with a zero byte, as the mpint encoding requires", () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const { algorithm, blob } = wireFormat(publicKey.export({ format: "jwk" }));
    assert.equal(algorithm, "ssh-rsa");
    const modulus = blob.subarray(18);
    assert.equal(modulus.readUInt32BE(0), 129, "1024 bits (the top one set) and a zero byte before them");
    assert.equal(modulus[4], 0);
    assert.ok(modulus[5]! >= 0x80);
  });

  it("refuses a key type SSH keys are not made of, and writes a line without a comment when there is none", () => {
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    assert.throws(() => wireFormat(publicKey.export({ format: "jwk" })), { message: "unsupported public key" });
    assert.equal(authorizedKeysLine("ssh-ed25519", Buffer.from([1, 2, 3]), ""), "ssh-ed25519 AQID");
    assert.equal(authorizedKeysLine("ssh-ed25519", Buffer.from([1, 2, 3]), "a b"), "ssh-ed25519 AQID a b");
  });

  it("leaves keys that are not Ed25519 PKCS#8 as they are", () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    assert.equal(sshUsablePrivateKey(ec), ec);
    const openssh = "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
    assert.equal(sshUsablePrivateKey(openssh), openssh);
  });
});
