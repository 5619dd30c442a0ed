import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { uniquePrefix } from "./stack.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export { freePort } from "../../runtime/local-mongo.ts";

/**
 * The environment every process of one e2e system shares: the test NATS, a namespace no other
 * test uses, a fresh database prefix and a master key.
 */
export function distributedEnv(namespace: string): Record<string, string> {
  return {
    TRANSPORTER: process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222",
    NAMESPACE: namespace,
    DB_PREFIX: uniquePrefix(),
    MASTER_KEY: randomBytes(32).toString("base64"),
  };
}

export interface NodeProcess {
  name: string;
  child: ChildProcess;
  output: string[];
  /** Sends SIGTERM and waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
  /** Kills at once, like a crashed pod. */
  kill(): Promise<void>;
}

/**
 * The server as `npm start` runs it: the compiled `dist/bin/server.js` (scripts/test.sh builds it
 * first when a source changed, as `npm start` does).
 */
export const SERVER_ARGS = ["--experimental-async-context-frame", "dist/bin/server.js"];

/** Runs the server as its own Node process with the given environment. */
export function startNode(name: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", HOST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (d: Buffer) => output.push(...d.toString().split("\n").filter(Boolean)));
  child.stderr?.on("data", (d: Buffer) => output.push(...d.toString().split("\n").filter(Boolean)));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return {
    name,
    child,
    output,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Runs a command to completion and returns its output (for CLI tests). */
export function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runProgram(process.execPath, args, env);
}

async function runProgram(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
  return { code, stdout, stderr };
}

/**
 * Polls `check` until it returns a value (not undefined) or `timeoutMs` passes. Readiness is
 * waited for explicitly, never assumed after a sleep.
 */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  let delay = 50;
  while (Date.now() < deadline) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 500);
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what the probe threw: an Error, shown as its message
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ""}`);
}

/** Starts a private FerretDB (the project's infra script: SQLite under `dir`) on `port`; returns its pid. */
export async function startFerretDb(dir: string, port: number): Promise<number> {
  const res = await runProgram("bash", [resolve(ROOT, "scripts/infra.sh"), "ferretdb-start", dir, String(port)]);
  if (res.code !== 0) throw new Error(`ferretdb-start failed: ${res.stderr}`);
  return Number(res.stdout.trim());
}
