import { spawnSync } from "node:child_process";
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { randomBytes } from "node:crypto";
import { Authenticator } from "../services/api/authenticate.ts";
import { parseConfig } from "../shared/config.ts";

/**
 * Access-token verification throughput of the gateway: the Authenticator's own verification
 * (services/api/authenticate.ts) of a token it has seen before (remembered by its sha256 until it
 * expires), and bare jose `jwtVerify` with the gateway's options (issuer, audience, algorithms,
 * required claims), which is what the Authenticator spends on a token's first request, for EdDSA (Ed25519) and RS256 (2048-bit), the key set holding the current
 * and one retired key. The key set is fetched once (the bench answers the gateway's `auth.jwks`
 * call itself); no user-status lookup (that is a cached map read in the gateway). Pinned to one
 * core (taskset when present, and one libuv thread, since WebCrypto verifies on the thread pool).
 *   npm run bench:tokens            (BENCH_SECONDS=5 per row by default)
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

if (process.env.BENCH_PINNED !== "1") {
  const env = { ...process.env, BENCH_PINNED: "1", UV_THREADPOOL_SIZE: "1" };
  const node = [process.execPath, "--import", "tsx", import.meta.filename];
  const hasTaskset = spawnSync("taskset", ["-c", "0", "true"]).status === 0;
  const [cmd, ...args] = hasTaskset ? ["taskset", "-c", "0", ...node] : node;
  const r = spawnSync(cmd!, args, { env, stdio: "inherit" });
  if (!hasTaskset) console.log("(taskset not found: not pinned to one core; UV_THREADPOOL_SIZE=1 only)");
  process.exit(r.status ?? 1);
}

const ISS = "cluster-infra-api";

/** The options the gateway passes to jwtVerify. */
const VERIFY = { issuer: ISS, audience: ISS, algorithms: ["EdDSA", "RS256"], requiredClaims: ["sub", "exp", "iat", "jti"], clockTolerance: 5 };

interface Row {
  name: string;
  mode: string;
  /** Wall clock: what this core delivered while sharing the machine. */
  perSecond: number;
  /** Per second of CPU time the process used: the figure for one dedicated core. */
  perCpuSecond: number;
  /** CPU time per verification. */
  usPerOp: number;
}

async function keyFor(alg: "EdDSA" | "RS256") {
  const pair = await generateKeyPair(alg, { extractable: true });
  const kid = randomBytes(12).toString("base64url");
  const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg, use: "sig" };
  return { kid, alg, privateKey: pair.privateKey, jwk };
}

async function measure(name: string, verify: () => Promise<unknown>, inFlight: number): Promise<Row> {
  const run = async (ms: number): Promise<number> => {
    let count = 0;
    const deadline = performance.now() + ms;
    const worker = async () => {
      while (performance.now() < deadline) {
        await verify();
        count++;
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    return count;
  };
  await run(500); // warm-up
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const count = await run(seconds * 1000);
  const cpu = process.cpuUsage(cpu0);
  const elapsed = (performance.now() - start) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const perCpuSecond = count / cpuSeconds;
  return {
    name,
    mode: inFlight === 1 ? "sequential" : `${inFlight} in flight`,
    perSecond: count / elapsed,
    perCpuSecond,
    usPerOp: 1e6 / perCpuSecond,
  };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const alg of ["EdDSA", "RS256"] as const) {
    const current = await keyFor(alg);
    const retired = await keyFor(alg);
    const keySet = createLocalJWKSet({ keys: [current.jwk, retired.jwk] });
    const token = await new SignJWT({ email: "bench@example.com", name: "Bench" })
      .setProtectedHeader({ alg, kid: current.kid, typ: "JWT" })
      .setSubject("0192f1e4-0000-7000-8000-000000000000")
      .setIssuer(ISS)
      .setAudience(ISS)
      .setJti(randomBytes(16).toString("hex"))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(current.privateKey);
    const jwks = { keys: [current.jwk, retired.jwk] };
    const gateway = new Authenticator(parseConfig({ NODE_ENV: "test" }));
    const ctx = { call: async () => jwks };
    const gatewayVerify = () => (gateway as unknown as { verifyAccessToken(c: unknown, t: string): Promise<string> }).verifyAccessToken(ctx, token);
    const joseVerify = () => jwtVerify(token, keySet, VERIFY);
    // both checks accept the token: a failing check would measure the error path
    if ((await gatewayVerify()) !== "0192f1e4-0000-7000-8000-000000000000") throw new Error("gateway rejected the bench token");
    await joseVerify();
    const label = alg === "EdDSA" ? "EdDSA (Ed25519)" : "RS256 (2048-bit)";
    for (const inFlight of [1, 16]) {
      rows.push(await measure(`${label}, gateway Authenticator, token seen before`, gatewayVerify, inFlight));
      rows.push(await measure(`${label}, jose jwtVerify (a token's first request)`, joseVerify, inFlight));
    }
  }
  console.log(`\nAccess-token verification (cached local JWKS of 2 keys), one core, ${seconds}s per row, Node ${process.version}`);
  console.log("| algorithm, path | mode | verifications per CPU-second | CPU µs per verification | verifications per wall second |");
  console.log("|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.mode} | ${Math.round(r.perCpuSecond)} | ${r.usPerOp.toFixed(1)} | ${Math.round(r.perSecond)} |`);
  }
  console.log("(per CPU-second = per second on one dedicated core; the wall figure drops when other processes share the core)");
}

await main();
