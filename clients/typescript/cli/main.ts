import { parseArgs } from "node:util";
import { ApiError, LogFollowError, NetworkError, UnexpectedResponseError } from "../src/index.ts";
import { type Command, EXIT, GLOBAL_OPTIONS, GLOBAL_USAGE, type Io, NotLoggedIn, OutcomeFailed, UsageError, type Values, makeCtx } from "./command.ts";
import { AUTH_COMMANDS } from "./commands/auth.ts";
import { CLUSTER_COMMANDS } from "./commands/clusters.ts";
import { CREDENTIAL_COMMANDS } from "./commands/credentials.ts";
import { DNS_COMMANDS } from "./commands/dns.ts";
import { LOAD_BALANCER_COMMANDS, NODE_POOL_COMMANDS, TAG_COMMANDS } from "./commands/inventory.ts";
import { JOB_COMMANDS } from "./commands/jobs.ts";
import { ORG_COMMANDS, SERVER_COMMANDS } from "./commands/orgs.ts";
import { ACTION_COMMANDS, RUN_COMMANDS, SERVER_OPERATION_COMMANDS } from "./commands/runner.ts";
import { SSH_KEY_COMMANDS } from "./commands/ssh-keys.ts";
import { ConfigStore, configFile } from "./config.ts";
import { printable } from "./output.ts";

/**
 * clusterctl: the command-line tool of the API, built on the typed client. Argument parsing is
 * Node's own `util.parseArgs` (strict: an unknown option is a usage error), so the tool adds no
 * dependency beyond the client's; `table` draws the tables.
 */

export const COMMANDS: readonly Command[] = [
  ...AUTH_COMMANDS,
  ...ORG_COMMANDS,
  ...SERVER_COMMANDS,
  ...SERVER_OPERATION_COMMANDS,
  ...SSH_KEY_COMMANDS,
  ...LOAD_BALANCER_COMMANDS,
  ...NODE_POOL_COMMANDS,
  ...TAG_COMMANDS,
  ...CREDENTIAL_COMMANDS,
  ...CLUSTER_COMMANDS,
  ...RUN_COMMANDS,
  ...ACTION_COMMANDS,
  ...DNS_COMMANDS,
  ...JOB_COMMANDS,
];

const EXIT_CODES = [
  "Exit codes:",
  "  0  done",
  "  1  the tool itself failed (a bug, a file it could not write)",
  "  2  usage error: unknown command or option, missing argument (nothing was sent)",
  "  3  the API refused the request: 400, 403, 404, 409, 413 … (the message is the API's)",
  "  4  not authenticated: not logged in, or 401 after trying to refresh the token",
  "  5  the server failed or could not be reached: 5xx, 429, a success that is not JSON, connection refused, timeout,",
  "     a live tail that kept dropping",
  "  6  what --follow followed ended badly: the run failed or was canceled, the bootstrap failed",
];

const words = (c: Command) => c.path.join(" ");

function commandHelp(c: Command): string {
  const lines = [
    `Usage: clusterctl ${words(c)}${c.usage ? ` ${c.usage}` : ""} [--url URL] [--org ID] [--timeout S] [--json]`,
    "",
    `${c.summary[0]!.toUpperCase()}${c.summary.slice(1)}.`,
  ];
  if (c.details) lines.push("", ...c.details);
  lines.push("", "Options every command takes:", ...GLOBAL_USAGE, "", ...EXIT_CODES);
  return `${lines.join("\n")}\n`;
}

/** The help of a group of commands (`clusterctl`, `clusterctl dns`, `clusterctl dns records`). */
function groupHelp(prefix: readonly string[]): string {
  const under = COMMANDS.filter((c) => prefix.every((w, i) => c.path[i] === w));
  const width = Math.max(...under.map((c) => words(c).length));
  const lines = [
    `Usage: clusterctl ${prefix.length ? `${prefix.join(" ")} ` : ""}<command> [options]`,
    "",
    prefix.length ? "Commands:" : "The cluster infrastructure API from the command line. Commands:",
    ...under.map((c) => `  ${words(c).padEnd(width)}  ${c.summary}`),
    "",
    "Options every command takes:",
    ...GLOBAL_USAGE,
    "",
    "Authentication: the stored `login`, or CLUSTERCTL_API_KEY (a user API key), or",
    "CLUSTERCTL_ORG_KEY with CLUSTERCTL_ORG_SECRET (an org key; implies its organization).",
    `Run \`clusterctl ${prefix.length ? `${prefix.join(" ")} ` : ""}<command> --help\` for a command's options.`,
    "",
    ...EXIT_CODES,
  ];
  return `${lines.join("\n")}\n`;
}

/** The global options that take a value (parseArgs reads them; the command's words skip them). */
const VALUED = new Set(["--url", "--org", "--timeout"]);

/** The leading words of the command line, skipping options (and the values of --url, --org and --timeout). */
function leadingWords(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a.startsWith("-")) {
      if (VALUED.has(a) && i + 1 < argv.length) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** The command the words name (the longest match), and whether the words name a group instead. */
function find(wordsGiven: readonly string[]): { command?: Command; group?: string[] } {
  for (let n = Math.min(wordsGiven.length, 3); n > 0; n--) {
    const prefix = wordsGiven.slice(0, n);
    const command = COMMANDS.find((c) => c.path.length === n && c.path.every((w, i) => w === prefix[i]));
    if (command) return { command };
    if (COMMANDS.some((c) => c.path.length > n && prefix.every((w, i) => c.path[i] === w))) return { group: prefix };
  }
  return {};
}

/** Runs one command line; answers the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const json = argv.includes("--json");
  try {
    const given = leadingWords(argv);
    const { command, group } = find(given);
    const wantsHelp = argv.includes("--help") || argv.includes("-h") || given[0] === "help";
    if (!command) {
      if (given[0] === "help" || given.length === 0 || (group && group.length === given.length)) {
        const text = groupHelp(group ?? (given[0] === "help" ? (find(given.slice(1)).group ?? []) : []));
        (wantsHelp ? io.stdout : io.stderr).write(text);
        return wantsHelp ? EXIT.ok : EXIT.usage;
      }
      if (group && wantsHelp) {
        io.stdout.write(groupHelp(group));
        return EXIT.ok;
      }
      throw new UsageError(`unknown command: ${given.join(" ")}`);
    }
    if (wantsHelp) {
      io.stdout.write(commandHelp(command));
      return EXIT.ok;
    }
    let parsed: { values: Values; positionals: string[] };
    try {
      parsed = parseArgs({ args: [...argv], options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    } catch (err) {
      // parseArgs' own advice (about `--`) does not help here: the first sentence says what is wrong
      throw new UsageError(err instanceof Error ? err.message.split(/\.\s/)[0]! : String(err), { cause: command });
    }
    const args = parsed.positionals.slice(command.path.length);
    const expected = command.args ?? [];
    if (args.length < expected.length)
      throw new UsageError(
        `missing ${expected
          .slice(args.length)
          .map((a) => `<${a}>`)
          .join(" ")}`,
        { cause: command },
      );
    if (args.length > expected.length) throw new UsageError(`unexpected argument: ${args[expected.length]!}`, { cause: command });
    try {
      await command.run(makeCtx(io, new ConfigStore(configFile(io.env)), parsed.values, args));
    } catch (err) {
      if (err instanceof UsageError && err.cause === undefined) throw new UsageError(err.message, { cause: command });
      throw err;
    }
    return EXIT.ok;
  } catch (err) {
    const { code, message, detail } = describe(err);
    io.stderr.write(json ? `${JSON.stringify({ error: { exit_code: code, message, ...detail } })}\n` : `clusterctl: ${printable(message)}\n`);
    if (code === EXIT.usage && !json) {
      const command = err instanceof UsageError && isCommand(err.cause) ? ` ${words(err.cause)}` : "";
      io.stderr.write(`Run \`clusterctl${command} --help\` for ${command ? "its options" : "the commands and their options"}.\n`);
    }
    return code;
  }
}

const isCommand = (value: unknown): value is Command => COMMANDS.includes(value as Command);

function describe(err: unknown): { code: number; message: string; detail?: Record<string, unknown> } {
  if (err instanceof UsageError) return { code: EXIT.usage, message: err.message };
  if (err instanceof NotLoggedIn) return { code: EXIT.auth, message: err.message };
  if (err instanceof OutcomeFailed) return { code: EXIT.outcome, message: err.message };
  if (err instanceof NetworkError || err instanceof UnexpectedResponseError || err instanceof LogFollowError) return { code: EXIT.unavailable, message: err.message };
  if (err instanceof ApiError) {
    const code = err.status === 401 ? EXIT.auth : err.status === 429 || err.status >= 500 ? EXIT.unavailable : EXIT.refused;
    const hint = err.status === 401 ? " (run `clusterctl login`)" : "";
    return {
      code,
      message: `${err.status} ${err.message}${hint}`,
      detail: { status: err.status, code: err.code, body: err.body, request_id: err.requestId },
    };
  }
  return { code: EXIT.failure, message: err instanceof Error ? err.message : String(err) };
}
