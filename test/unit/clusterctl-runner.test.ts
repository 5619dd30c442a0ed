import { strict as assert } from "node:assert";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "@jest/globals";
import { type Io, makeCtx } from "../../clients/typescript/cli/command.ts";
import { printChunk, printableOutput } from "../../clients/typescript/cli/commands/runner.ts";
import { ConfigStore } from "../../clients/typescript/cli/config.ts";
import { main } from "../../clients/typescript/cli/main.ts";

/**
 * clusterctl's cluster-operation commands where nothing needs a server: how values and remote
 * output are shown (escaped), and the command lines refused before anything is sent (exit 2).
 * Against the real stack: test/e2e/runner-clients.test.ts.
 */

function capture(env: NodeJS.ProcessEnv = {}) {
  const out = { stdout: "", stderr: "" };
  const io: Io = {
    stdout: { write: (t: string | Uint8Array) => (out.stdout += typeof t === "string" ? t : new TextDecoder().decode(t)) },
    stderr: { write: (t: string) => (out.stderr += t) },
    stdin: (async function* () {
      // no input
    })(),
    // a gateway nobody listens on: a command that got as far as sending would fail with exit 5, not 2
    env: { XDG_CONFIG_HOME: join(tmpdir(), "clusterctl-unit-none"), CLUSTERCTL_URL: "http://127.0.0.1:9", CLUSTERCTL_API_KEY: "u_x", ...env },
    cwd: tmpdir(),
  };
  return { out, io };
}

describe("printableOutput (remote output for a terminal)", () => {
  it("escapes what could move the cursor, recolour, retitle or rewrite a line, and keeps lines and tabs", () => {
    assert.equal(printableOutput("one\n\ttwo\r\n\u001b]0;title\u0007"), "one\n\ttwo\\x0d\n\\x1b]0;title\\x07");
    assert.equal(printableOutput("x\u009b2Jy\u007f\u202e"), "x\\x9b2Jy\\x7f\\u202e");
    assert.equal(printableOutput("plain ünïcode ✓"), "plain ünïcode ✓");
  });
});

describe("printChunk", () => {
  const chunk = (stream: "stdout" | "stderr" | "system", text: string) => ({ id: "1", stream, chunk: text, created_at: "2026-11-26T20:00:00.000Z" });

  it("writes stdout to standard output, stderr and system lines to standard error, escaped", () => {
    const { out, io } = capture();
    const ctx = makeCtx(io, new ConfigStore("/nonexistent"), { json: false }, []);
    printChunk(ctx, chunk("stdout", "built\n\u001b[2J"));
    printChunk(ctx, chunk("stderr", "warning\n"));
    printChunk(ctx, chunk("system", "$ make deploy\n"));
    assert.equal(out.stdout, "built\n\\x1b[2J");
    assert.equal(out.stderr, "warning\n$ make deploy\n");
  });

  it("with --json: one raw LogChunk per line on standard output", () => {
    const { out, io } = capture();
    const ctx = makeCtx(io, new ConfigStore("/nonexistent"), { json: true }, []);
    printChunk(ctx, chunk("stderr", "\u001b[31m"));
    assert.deepEqual(JSON.parse(out.stdout), chunk("stderr", "\u001b[31m"));
    assert.equal(out.stderr, "");
  });
});

describe("command lines refused before anything is sent (exit 2)", () => {
  const cases: [string[], RegExp][] = [
    [["clusters", "run", "c"], /missing <action-id>/],
    [["clusters", "run", "c", "a", "b"], /unexpected argument: b/],
    [["clusters", "cancel-run", "c"], /missing <run-id>/],
    [["servers", "logs", "s", "--after"], /--after/],
    [["servers", "logs", "s", "--tail"], /Unknown option '--tail'/],
    [["actions", "create", "--label", "Deploy"], /--make-target is required/],
    [["actions", "update", "a"], /nothing to change/],
  ];
  for (const [argv, message] of cases) {
    it(argv.join(" "), async () => {
      const { out, io } = capture();
      assert.equal(await main(argv, io), 2, out.stderr);
      assert.match(out.stderr, message);
      assert.equal(out.stdout, "");
    });
  }

  it("a command that does send fails with exit 5 here (the check above is not vacuous)", async () => {
    const { out, io } = capture();
    assert.equal(await main(["actions", "update", "a", "--label", "x"], io), 5, out.stderr);
  });

  it("--help lists exit 6 for a followed run that failed", async () => {
    const { out, io } = capture();
    assert.equal(await main(["clusters", "run", "--help"], io), 0);
    assert.match(out.stdout, /\n {2}6 {2}what --follow followed ended badly/);
    assert.match(out.stdout, /exit 6 when the\nrun ends failed or canceled/);
  });
});
