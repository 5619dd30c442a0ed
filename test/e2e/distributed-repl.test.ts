import { strict as assert } from "node:assert";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { HttpClient } from "../helpers/http.ts";
import { freePort, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * `npm run repl` with TRANSPORTER set joins a running system as a bare node; an operator types
 * commands into it. Here the commands go to its standard input one at a time, each waiting for
 * its answer, and their effects are checked from outside through the gateway.
 */
describe("e2e: the operator REPL joins a running system over NATS", () => {
  const namespace = `repl-${randomBytes(4).toString("hex")}`;
  const common: Record<string, string> = {
    ...distributedEnv(namespace),
    JOBS_POLL_MS: "1000",
  };
  let system: NodeProcess;
  let repl: ChildProcessWithoutNullStreams;
  let out = "";
  let startup = "";
  let http: HttpClient;

  /** Types one command and waits until the REPL's output (since the command) matches `expect`. */
  async function command(line: string, expect: RegExp): Promise<string> {
    const from = out.length;
    repl.stdin.write(`${line}\n`);
    return waitUntil(`REPL answer to '${line}'`, async () => {
      const answer = out.slice(from);
      return expect.test(answer) ? answer : undefined;
    });
  }

  beforeAll(async () => {
    const port = await freePort();
    system = startNode("system", { ...common, SERVICES: "api,auth,orgs,jobs", PORT: String(port) });
    http = new HttpClient(`http://127.0.0.1:${port}`);
    await waitUntil("the system to answer", async () => ((await http.get("/api/v1/.well-known/jwks.json")).status === 200 ? true : undefined), 60_000);
    repl = spawn("npm", ["run", "--silent", "repl"], {
      cwd: ROOT,
      // no LOG_LEVEL: the REPL's own default keeps start-up quiet
      env: { ...Object.fromEntries(Object.entries({ ...process.env, ...common }).filter(([k]) => k !== "LOG_LEVEL")), NODE_ENV: "test" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    repl.stdout.on("data", (d: Buffer) => (out += d.toString()));
    repl.stderr.on("data", (d: Buffer) => (out += d.toString()));
    await waitUntil("the REPL prompt", async () => (out.includes("cluster-api $") ? true : undefined), 60_000);
    startup = out;
  });

  afterAll(async () => {
    if (repl.exitCode === null && repl.signalCode === null) repl.kill("SIGKILL");
    await system.stop();
  });

  it("start-up does not bury the prompt: at most a few lines before it", async () => {
    const before = startup
      .slice(0, startup.indexOf("cluster-api $"))
      .split("\n")
      .filter((l) => l.trim() !== "" && !l.startsWith(">"));
    assert.ok(before.length <= 5, before.join("\n"));
  });

  it("`nodes` shows the REPL as its own node next to the running one", async () => {
    const answer = await waitUntil("both nodes listed", async () => {
      const a = await command("nodes", /╚/);
      return (a.match(/ONLINE/g) ?? []).length === 2 ? a : undefined;
    });
    assert.match(answer, /\(\*\)/, "the REPL's own node is marked");
    assert.equal((answer.match(/ONLINE/g) ?? []).length, 2);
  });

  it("`token` mints a local token the gateway accepts; `org` inspects the organization it created", async () => {
    const answer = await command(`token ops-${namespace}@example.com --admin`, /"access_token": "[^"]+"[\s\S]*\}/);
    const token = /"access_token": "([^"]+)"/.exec(answer)![1]!;
    const ops = http.with({ authorization: `Bearer ${token}` });
    const created = await ops.post("/api/v1/orgs", { name: "REPL Org" });
    assert.equal(created.status, 201, created.text);
    const id = (created.json as { id: string }).id;

    const inspected = await command(`org ${id}`, /keys:[\s\S]*\n(\(none\)|└.*)\n/);
    assert.match(inspected, new RegExp(`REPL Org \\(${id}\\)`));
    // the members table shows each member's e-mail next to the role
    assert.match(inspected, new RegExp(`│ ops-${namespace}@example\\.com +│ owner +│`));
  });

  it("`admin` grants administrator rights: the user's token reaches admin routes afterwards", async () => {
    const email = `later-admin-${namespace}@example.com`;
    const answer = await command(`token ${email}`, /"access_token": "[^"]+"[\s\S]*\}/);
    const user = http.with({ authorization: `Bearer ${/"access_token": "([^"]+)"/.exec(answer)![1]!}` });
    assert.equal((await user.get("/api/v1/admin/worker/queues")).status, 403);

    const granted = await command(`admin ${email}`, /"is_admin": true/);
    assert.match(granted, /"user_id": "/);
    await waitUntil("admin rights to reach the gateway", async () => ((await user.get("/api/v1/admin/worker/queues")).status === 200 ? true : undefined));
  });

  it("`queues` and `jobs` show the job queues and the jobs in them", async () => {
    const queues = await command("queues", /│ default +│[\s\S]*└/);
    assert.match(queues, /│ QUEUE +│ PENDING +│ RUNNING +│ FAILED +│ SCHEDULED │/);
    assert.match(queues, /│ purge +│ \d+ +│ \d+ +│ \d+ +│ \d+ +│/);
    const enqueued = await command("job-enqueue jobs.noop", /└/);
    const id = /│ ([0-9a-f-]{36}) │ jobs\.noop/.exec(enqueued)?.[1];
    assert.ok(id, enqueued);
    const jobs = await command("jobs --page 1", /page 1 of \d+, \d+ jobs?\n/);
    assert.match(jobs, /│ ID +│ TYPE +│ QUEUE +│ STATUS +│ ATTEMPTS +│ RUN AT +│ LAST ERROR +│/);
    assert.match(jobs, new RegExp(`│ ${id} │ jobs\\.noop +│ default +│`));
  });

  it("errors print as one plain line, never a stack; an unknown job type lists the ones there are", async () => {
    // the previous command's last prompt may still arrive in this one's output, before its line
    const PROMPT = "(?:cluster-api \\$ )?";
    const missing = await command("job-retry 01a20000-0000-7000-8000-000000000000", /error: .*\n/);
    assert.match(missing, new RegExp(`^${PROMPT}error: job not found \\(404 not_found\\)$`, "m"));
    assert.doesNotMatch(missing, /^\s+at /m, "no stack");
    const unknown = await command("job-enqueue nope.nothing", /error: .*\n/);
    assert.match(unknown, new RegExp(`^${PROMPT}error: unknown job type nope\\.nothing; the types are: .*jobs\\.noop`, "m"));
    assert.doesNotMatch(unknown, /purgeOrganization/, "the system's own types are not offered");
    const badJson = await command("job-enqueue jobs.noop --payload {oops", /error: .*\n/);
    assert.match(badJson, new RegExp(`^${PROMPT}error: .*JSON`, "m"));
  });

  it("`quit` leaves the bus and exits 0; the system keeps running", async () => {
    const exited = new Promise<number | null>((r) => repl.once("exit", (code) => r(code)));
    repl.stdin.write("quit\n");
    assert.equal(await exited, 0);
    assert.equal((await http.get("/api/v1/.well-known/jwks.json")).status, 200);
  });
});
