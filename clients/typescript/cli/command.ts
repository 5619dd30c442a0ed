import { readFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { ParseArgsOptionsConfig } from "node:util";
import { ClusterClient, DEFAULT_TIMEOUT_MS, type Auth } from "../src/index.ts";
import { type CliConfig, type ConfigStore, loginOf } from "./config.ts";
import { printable, renderJson } from "./output.ts";

/**
 * Exit codes scripts can trust (`clusterctl --help` lists them):
 * 0 done; 1 an unexpected failure of the tool itself; 2 a usage error (unknown command or
 * option, a missing argument; nothing was sent); 3 the API refused the request (a 4xx other than
 * 401 and 429: invalid input, forbidden, not found, conflict); 4 not authenticated (not logged
 * in, or a 401 the refresh could not cure); 5 the server failed or could not be reached (5xx,
 * 429, a success that is not JSON, connection refused, timeout): trying again later may help;
 * 6 what the command followed ended badly (a run failed or was canceled, a bootstrap failed).
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, refused: 3, auth: 4, unavailable: 5, outcome: 6 } as const;

/** A command line that cannot be run as written (exit 2). */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A followed run or bootstrap ended failed or canceled (exit 6). */
export class OutcomeFailed extends Error {
  override readonly name = "OutcomeFailed";
}

/** No credentials to send (exit 4). */
export class NotLoggedIn extends Error {
  override readonly name = "NotLoggedIn";
}

/** Where a command writes and reads. */
export interface Io {
  stdout: { write(text: string | Uint8Array): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<string | Buffer> & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Option values as parseArgs gives them. */
export type Values = Record<string, string | boolean | string[] | undefined>;

/** What every command runs with. */
export interface Ctx {
  io: Io;
  store: ConfigStore;
  values: Values;
  /** The positional arguments after the command's words. */
  args: string[];
  json: boolean;
  /** How long a request may take (--timeout, CLUSTERCTL_TIMEOUT, else 30 s); 0: no limit. */
  timeoutMs: number;
  /** The gateway: --url, CLUSTERCTL_URL, the stored login's, or http://localhost:8080. */
  url(): Promise<string>;
  /** A client with the credentials of the environment or the stored login; for [org] commands, with the organization. */
  client(opts?: { org?: boolean }): Promise<ClusterClient>;
  /** JSON of the value with --json, else the text `human()` renders. */
  print(value: unknown, human: () => string): void;
  /** A line for people (nothing with --json). */
  say(line: string): void;
}

export interface Command {
  /** The words that name it: ["dns", "records", "create"]. */
  path: readonly string[];
  summary: string;
  /** Arguments and options, as `--help` shows them after the command's words. */
  usage: string;
  /** More lines for `--help`. */
  details?: readonly string[];
  options?: ParseArgsOptionsConfig;
  /** Names of the positional arguments, all required. */
  args?: readonly string[];
  run(ctx: Ctx): Promise<void>;
}

/** The options every command takes. */
export const GLOBAL_OPTIONS = {
  url: { type: "string" },
  org: { type: "string" },
  timeout: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const satisfies ParseArgsOptionsConfig;

export const GLOBAL_USAGE = [
  "  --url URL    the gateway (default: $CLUSTERCTL_URL, the URL of `login`, http://localhost:8080)",
  "  --org ID     the organization of org-scoped commands (default: $CLUSTERCTL_ORG, then `orgs use`)",
  `  --timeout S  seconds a request may take before it fails with exit 5 (default: $CLUSTERCTL_TIMEOUT, ${DEFAULT_TIMEOUT_MS / 1000}; 0: no limit)`,
  "  --json       print the API's JSON instead of tables (for scripts)",
  "  -h, --help   this help",
];

export const DEFAULT_URL = "http://localhost:8080";

/** A string option's value, or undefined. */
export function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v : undefined;
}

/** A required string option. */
export function required(values: Values, name: string): string {
  const v = str(values, name);
  if (v === undefined || v === "") throw new UsageError(`--${name} is required`);
  return v;
}

/**
 * An option whose values the API lists (an enum of the document): undefined when not given, a
 * usage error for any other value. `allowed` names each value once; declared `satisfies
 * Record<Enum, true>`, the compiler checks it against the generated type, so the list can neither
 * miss a value nor have one the API does not know.
 */
export function choice<T extends string>(values: Values, name: string, allowed: Readonly<Record<T, true>>): T | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  if (!isKeyOf(allowed, v)) throw new UsageError(`--${name} must be one of ${Object.keys(allowed).join(", ")}`);
  return v;
}

function isKeyOf<T extends string>(allowed: Readonly<Record<T, true>>, value: string): value is T {
  return Object.hasOwn(allowed, value);
}

/** An integer option, or undefined. */
export function int(values: Values, name: string): number | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} must be an integer`);
  return Number(v);
}

/**
 * The ids of an option that may be repeated and may hold a comma-separated list (`--servers a,b
 * --servers c`): undefined when not given, a usage error when given without an id.
 */
export function idList(values: Values, name: string): string[] | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const ids = (Array.isArray(v) ? v : [String(v)])
    .flatMap((part) => part.split(","))
    .map((id) => id.trim())
    .filter((id) => id !== "");
  if (ids.length === 0) throw new UsageError(`--${name} needs at least one id`);
  return ids;
}

/** Everything on standard input, as text. */
export async function readStdin(ctx: Pick<Ctx, "io">): Promise<string> {
  let text = "";
  for await (const chunk of ctx.io.stdin) text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
  return text;
}

/**
 * The text of a file the command line names (`-`: standard input), for what must not be typed on
 * the command line (a credential's secret, a kubeconfig: a flag's value stays in the shell's
 * history and shows in the process list). A file that cannot be read is a usage error naming the
 * file and the reason, never its content; nothing has been sent.
 */
export async function readInput(ctx: Pick<Ctx, "io">, option: string, file: string, prompt: string): Promise<string> {
  if (file === "-") {
    if (ctx.io.stdin.isTTY) ctx.io.stderr.write(`${prompt} and end with Ctrl-D:\n`);
    return readStdin(ctx);
  }
  try {
    return await readFile(isAbsolute(file) ? file : join(ctx.io.cwd, file), "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${option} ${file}${code ? ` (${code})` : ""}`);
  }
}

/** --timeout (else CLUSTERCTL_TIMEOUT) in seconds, as milliseconds; the default when neither is given. */
export function timeoutOf(values: Values, env: NodeJS.ProcessEnv): number {
  const given = str(values, "timeout");
  const text = given ?? env.CLUSTERCTL_TIMEOUT;
  if (text === undefined || text === "") return DEFAULT_TIMEOUT_MS;
  if (!/^\d+(\.\d+)?$/.test(text)) throw new UsageError(given === undefined ? "CLUSTERCTL_TIMEOUT must be a number of seconds" : "--timeout must be a number of seconds");
  return Math.round(Number(text) * 1000);
}

/** Builds the context of one run. */
export function makeCtx(io: Io, store: ConfigStore, values: Values, args: string[]): Ctx {
  let config: Promise<CliConfig> | undefined;
  const readConfig = () => (config ??= store.read());
  const json = values.json === true;
  const timeoutMs = timeoutOf(values, io.env);
  /** A line on standard error that does not change the exit code (`{"warning": {message}}` with --json). */
  const warn = (message: string) => io.stderr.write(json ? `${JSON.stringify({ warning: { message } })}\n` : `clusterctl: warning: ${message}\n`);
  const url = async () => (str(values, "url") ?? io.env.CLUSTERCTL_URL ?? (await readConfig()).login?.url ?? DEFAULT_URL).replace(/\/+$/, "");

  async function auth(baseUrl: string): Promise<Auth> {
    const { CLUSTERCTL_ORG_KEY: orgKey, CLUSTERCTL_ORG_SECRET: orgSecret, CLUSTERCTL_API_KEY: apiKey } = io.env;
    if (orgKey && orgSecret) return { type: "orgKey", key: orgKey, secret: orgSecret };
    if (apiKey) return { type: "userKey", key: apiKey };
    const login = (await readConfig()).login;
    if (!login) throw new NotLoggedIn("not logged in: run `clusterctl login` (or set CLUSTERCTL_API_KEY, or CLUSTERCTL_ORG_KEY and CLUSTERCTL_ORG_SECRET)");
    // a token is only ever sent to the gateway that issued it
    if (login.url !== baseUrl) throw new NotLoggedIn(`not logged in to ${baseUrl} (the stored login is for ${login.url}): run \`clusterctl login --url ${baseUrl}\``);
    return {
      type: "bearer",
      accessToken: login.access_token,
      refreshToken: login.refresh_token,
      // refreshed shortly before it expires, not only after a 401
      expiresAt: login.expires_at,
      onRefresh: async (pair) => {
        try {
          await store.update((c) => ({ ...c, login: loginOf(baseUrl, pair) }));
        } catch (err) {
          // the command goes on with the new pair; the stored refresh token is spent, so say so
          warn(
            `could not save the refreshed login to ${store.file} (${err instanceof Error ? err.message : String(err)}); the stored login no longer works: run \`clusterctl login\` once the file can be written`,
          );
        }
      },
    };
  }

  return {
    io,
    store,
    values,
    args,
    json,
    timeoutMs,
    url,
    async client(opts = {}) {
      const baseUrl = await url();
      const credentials = await auth(baseUrl);
      if (!opts.org) return new ClusterClient({ baseUrl, auth: credentials, timeoutMs });
      const org = str(values, "org") ?? io.env.CLUSTERCTL_ORG ?? (await readConfig()).org;
      if (!org && credentials.type !== "orgKey") throw new UsageError("no organization: pass --org <id>, set CLUSTERCTL_ORG or run `clusterctl orgs use <id>`");
      return new ClusterClient({ baseUrl, auth: credentials, timeoutMs, ...(org ? { orgId: org } : {}) });
    },
    print(value, human) {
      io.stdout.write(json ? renderJson(value) : printable(human(), true));
    },
    say(line) {
      if (!json) io.stdout.write(`${printable(line)}\n`);
    },
  };
}
