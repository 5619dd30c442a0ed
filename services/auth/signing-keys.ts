import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, SignJWT, type JWTPayload } from "jose";
import { randomBytes, type webcrypto } from "node:crypto";

type CryptoKey = webcrypto.CryptoKey;
import { masterFor, open, seal, type MasterKeys } from "../../shared/crypto.ts";
import type { Jwks } from "../../shared/contracts/auth.ts";
import type { AuthModels, SigningKeyDoc } from "./models.ts";

type Alg = SigningKeyDoc["alg"];

interface ActiveKey {
  kid: string;
  alg: Alg;
  key: CryptoKey;
  loadedAt: number;
}

/** How long a replica trusts its cached active key before checking for a rotation. */
const ACTIVE_KEY_CACHE_MS = 60_000;
/** Slack added to the access-token lifetime before a retired key leaves the JWKS. */
const PUBLISH_SLACK_MS = 5 * 60_000;
/**
 * The published key set is served from memory this long. A rotation on another replica shows
 * within it (the gateway refetches on an unknown kid no more often than that either).
 */
const JWKS_CACHE_MS = 5_000;

/**
 * Access-token signing keys: generated on first start, private parts sealed with the master
 * key, rotatable. A retired key stays in the JWKS until every token it signed has expired.
 */
export class SigningKeys {
  private active?: ActiveKey;
  private published?: { jwks: Jwks; at: number };

  constructor(
    private readonly models: AuthModels,
    private readonly master: MasterKeys,
    private readonly alg: Alg,
    private readonly accessTtlSeconds: number,
  ) {}

  /** Makes sure a usable key exists (first start) and that it decrypts with this master key. */
  async ensureActive(): Promise<void> {
    const newest = await this.newestActiveDoc();
    if (!newest) await this.rotate();
    else await this.load(newest);
  }

  /** Adds a new active key and retires the others; returns its kid. */
  async rotate(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(this.alg, { extractable: true, ...(this.alg === "RS256" ? { modulusLength: 2048 } : {}) });
    const kid = randomBytes(12).toString("base64url");
    const jwk = await exportJWK(publicKey);
    const pem = await exportPKCS8(privateKey);
    const public_jwk: Record<string, string> = { kty: jwk.kty ?? "", alg: this.alg, use: "sig", kid };
    for (const k of ["crv", "x", "n", "e"] as const) if (typeof jwk[k] === "string") public_jwk[k] = jwk[k];
    await this.models.signingKeys.create({
      _id: kid,
      alg: this.alg,
      public_jwk,
      private_sealed: seal(this.master.current, Buffer.from(pem), `signing-key:${kid}`),
      retired_at: null,
    });
    await this.models.signingKeys.updateMany({ _id: { $ne: kid }, retired_at: null }, { $set: { retired_at: new Date() } });
    this.active = { kid, alg: this.alg, key: privateKey, loadedAt: Date.now() };
    this.published = undefined;
    return kid;
  }

  async jwks(): Promise<Jwks> {
    if (this.published && Date.now() - this.published.at < JWKS_CACHE_MS) return this.published.jwks;
    const jwks = await this.loadJwks();
    this.published = { jwks, at: Date.now() };
    return jwks;
  }

  private async loadJwks(): Promise<Jwks> {
    const cutoff = new Date(Date.now() - this.accessTtlSeconds * 1000 - PUBLISH_SLACK_MS);
    const docs = await this.models.signingKeys
      .find({ $or: [{ retired_at: null }, { retired_at: { $gt: cutoff } }] })
      .sort({ created_at: -1 })
      .lean<SigningKeyDoc[]>();
    return { keys: docs.map((d) => ({ ...d.public_jwk }) as Jwks["keys"][number]) };
  }

  async sign(payload: JWTPayload, opts: { subject: string; issuer: string; audience: string; jti: string }): Promise<string> {
    const key = await this.current();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
      .setSubject(opts.subject)
      .setIssuer(opts.issuer)
      .setAudience(opts.audience)
      .setJti(opts.jti)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(key.key);
  }

  private async current(): Promise<ActiveKey> {
    if (this.active && Date.now() - this.active.loadedAt < ACTIVE_KEY_CACHE_MS) return this.active;
    const newest = await this.newestActiveDoc();
    if (!newest) {
      await this.rotate();
      return this.active!;
    }
    return this.load(newest);
  }

  private newestActiveDoc(): Promise<SigningKeyDoc | null> {
    return this.models.signingKeys.findOne({ retired_at: null }).sort({ created_at: -1, _id: -1 }).lean<SigningKeyDoc>();
  }

  private async load(doc: SigningKeyDoc): Promise<ActiveKey> {
    if (this.active?.kid === doc._id) {
      this.active.loadedAt = Date.now();
      return this.active;
    }
    let pem: string;
    try {
      pem = open(masterFor(this.master, doc.private_sealed), doc.private_sealed, `signing-key:${doc._id}`).toString();
    } catch (err) {
      // the message names the cause; the decryption error itself is not attached (nor logged)
      // eslint-disable-next-line preserve-caught-error
      throw new Error(`signing key ${doc._id} cannot be decrypted with the configured master key: ${(err as Error).message}`);
    }
    const key = await importPKCS8(pem, doc.alg);
    this.active = { kid: doc._id, alg: doc.alg, key, loadedAt: Date.now() };
    return this.active;
  }
}

/**
 * Master-key rotation: re-seals every private key that is not sealed by the current master key
 * (reading with MASTER_KEYS_PREVIOUS). Idempotent; `npm run rotate-master-key` runs it.
 */
export async function rewrapSigningKeys(models: Pick<AuthModels, "signingKeys">, master: MasterKeys): Promise<{ total: number; rewrapped: number }> {
  const docs = await models.signingKeys.find({}).lean<SigningKeyDoc[]>();
  let rewrapped = 0;
  for (const doc of docs) {
    if (doc.private_sealed.kid === master.current.id) continue;
    const aad = `signing-key:${doc._id}`;
    const pem = open(masterFor(master, doc.private_sealed), doc.private_sealed, aad);
    await models.signingKeys.updateOne({ _id: doc._id }, { $set: { private_sealed: seal(master.current, pem, aad) } });
    rewrapped += 1;
  }
  return { total: docs.length, rewrapped };
}
