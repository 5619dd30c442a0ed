import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ClusterClient, ok } from "../../clients/typescript/src/index.ts";
import { COMMANDS, main } from "../../clients/typescript/cli/main.ts";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { clientFor } from "../helpers/client.ts";
import { followToCallback } from "../helpers/idp-browser.ts";
import { githubEnv, startGithub, type LocalGithub } from "../helpers/idp-github.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * clusterctl as its users run it: a separate process (the package's bin), against a real stack
 * over HTTP, with its own config folder (XDG_CONFIG_HOME). Asserts what a person reads (tables),
 * what a script reads (--json) and the exit codes the help promises.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(ROOT, "clients/typescript/bin/clusterctl.js");
const MISSING = "0190a000-0000-7000-8000-000000000000";
const tag = randomBytes(3).toString("hex");
/** Where the local GitHub sends the browser back to (the test calls our callback itself). */
const CALLBACK_BASE = "http://app.test";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command line in `home` (its config folder and working folder), `input` on standard input. */
function clusterctl(home: string, args: string[], opts: { input?: string; env?: Record<string, string>; npx?: boolean } = {}): Promise<Run> {
  const cmd = opts.npx ? "npx" : process.execPath;
  const argv = opts.npx ? ["--no-install", "clusterctl", ...args] : [BIN, ...args];
  const child = spawn(cmd, argv, {
    cwd: opts.npx ? ROOT : home,
    env: { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: join(home, "config"), ...opts.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(opts.input ?? "");
  return new Promise((r) => child.once("close", (code) => r({ code, stdout, stderr })));
}

/** The --json output of a run that succeeded. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects of the command's output
function parseJson<T>(run: Run): T {
  assert.equal(run.code, 0, `exit ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/** The rows of a table as arrays of cells (header first), without its borders. */
function rows(table: string): string[][] {
  return table
    .split("\n")
    .filter((line) => line.startsWith("│"))
    .map((line) =>
      line
        .slice(1, -1)
        .split("│")
        .map((cell) => cell.trim()),
    );
}

describe("clusterctl (separate processes against a real stack)", () => {
  let stack: Stack;
  let github: LocalGithub;
  let dir: string;
  let home: string;
  let adminHome: string;
  let user: SignedIn;
  let admin: SignedIn;
  let url: string;
  let orgId: string;
  const configOf = async (h: string) => JSON.parse(await readFile(join(h, "config", "clusterctl", "config.json"), "utf8")) as { login?: Record<string, string>; org?: string };
  const run = (args: string[], opts?: Parameters<typeof clusterctl>[2]) => clusterctl(home, args, opts);

  beforeAll(async () => {
    github = await startGithub();
    stack = await startStack({
      services: [...SERVICE_NAMES],
      env: { JOBS_WORKER_ENABLED: "false", JOBS_PERIODIC_ENABLED: "false", ...githubEnv(github, CALLBACK_BASE) },
    });
    url = stack.baseUrl;
    dir = await mkdtemp(join(tmpdir(), "clusterctl-"));
    home = join(dir, "user");
    adminHome = join(dir, "admin");
    for (const h of [home, adminHome, join(dir, "spent"), join(dir, "ci"), join(dir, "social")]) await mkdir(h, { recursive: true });
    user = await signIn(stack.broker);
    admin = await signIn(stack.broker, undefined, { admin: true });
  });
  afterAll(async () => {
    await stack?.stop();
    await github?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("npx clusterctl --help lists the commands and the exit codes", async () => {
    const res = await clusterctl(home, ["--help"], { npx: true });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^Usage: clusterctl <command> \[options\]\n/);
    for (const words of [
      "login",
      "orgs list",
      "servers list",
      "ssh-keys download",
      "clusters get",
      "clusters attach",
      "clusters kubeconfig set",
      "credentials create",
      "load-balancers create",
      "node-pools attach",
      "dns records create",
      "jobs cancel",
      "jobs retry",
    ]) {
      assert.match(res.stdout, new RegExp(`\\n  ${words} +\\S`), words);
    }
    assert.match(res.stdout, /\n {2}3 {2}the API refused the request/);
  });

  it("--help on every command and group answers 0 with its usage; usage errors answer 2 and send nothing", async () => {
    const io = () => {
      const out = { stdout: "", stderr: "" };
      return {
        out,
        io: {
          stdout: { write: (t: string | Uint8Array) => (out.stdout += String(t)) },
          stderr: { write: (t: string | Uint8Array) => (out.stderr += String(t)) },
          stdin: (async function* () {
            // no input
          })(),
          env: { XDG_CONFIG_HOME: join(dir, "nowhere") },
          cwd: dir,
        },
      };
    };
    for (const command of COMMANDS) {
      const { out, io: cliIo } = io();
      assert.equal(await main([...command.path, "--help"], cliIo), 0, command.path.join(" "));
      assert.ok(out.stdout.startsWith(`Usage: clusterctl ${command.path.join(" ")}`), out.stdout);
      assert.match(out.stdout, /Exit codes:/);
    }
    for (const group of [["orgs"], ["dns"], ["dns", "records"], ["jobs"], ["credentials"], ["node-pools"], ["clusters", "kubeconfig"]]) {
      const { out, io: cliIo } = io();
      assert.equal(await main([...group, "--help"], cliIo), 0);
      assert.ok(out.stdout.startsWith(`Usage: clusterctl ${group.join(" ")} <command>`));
    }

    const unknown = await run(["frobnicate"]);
    assert.deepEqual([unknown.code, unknown.stdout], [2, ""]);
    assert.equal(unknown.stderr, "clusterctl: unknown command: frobnicate\nRun `clusterctl --help` for the commands and their options.\n");
    const missing = await run(["servers", "get"]);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, "clusterctl: missing <server-id>\nRun `clusterctl servers get --help` for its options.\n");
    const option = await run(["servers", "list", "--colour"]);
    assert.equal(option.code, 2);
    assert.match(option.stderr, /^clusterctl: Unknown option '--colour'\n/);
    const group = await run(["dns"]);
    assert.equal(group.code, 2);
    assert.match(group.stderr, /^Usage: clusterctl dns <command>/);
  });

  it("without a login: exit 4 and what to do", async () => {
    const res = await run(["servers", "list", "--url", url]);
    assert.equal(res.code, 4);
    assert.equal(res.stderr, "clusterctl: not logged in: run `clusterctl login` (or set CLUSTERCTL_API_KEY, or CLUSTERCTL_ORG_KEY and CLUSTERCTL_ORG_SECRET)\n");
    // a command line that cannot run is a usage error first, logged in or not
    for (const [args, message] of [
      [["orgs", "create"], "--name is required"],
      [["servers", "create", "--role", "worker"], "--private-ip is required"],
      [["clusters", "create", "--org", MISSING], "--name is required"],
      [["dns", "records", "create", MISSING, "--name", "www", "--type", "A", "--org", MISSING], "--value is required (once per value)"],
      [["jobs", "list", "--status", "done"], "--status must be one of queued, running, succeeded, failed, canceled, retrying, scheduled"],
    ] as const) {
      const usage = await run([...args, "--url", url]);
      assert.deepEqual([usage.code, usage.stderr.split("\n")[0]], [2, `clusterctl: ${message}`], args.join(" "));
    }
  });

  it("login reads a token pair on stdin, checks it and stores it owner-only in $XDG_CONFIG_HOME/clusterctl", async () => {
    const res = await run(["login", "--url", url], { input: JSON.stringify(user.tokens) });
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.stdout, `Logged in to ${url} as ${user.email} (${user.user_id}).\n`);
    const file = join(home, "config", "clusterctl", "config.json");
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal((await stat(join(home, "config", "clusterctl"))).mode & 0o777, 0o700);
    const config = await configOf(home);
    assert.equal(config.login?.url, url);
    assert.equal(config.login?.access_token, user.tokens.access_token);
    assert.equal(config.login?.refresh_token, user.tokens.refresh_token);

    const bad = await run(["login", "--url", url], { input: "not json" });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /standard input is not a token pair/);

    const me = parseJson<{ id: string; primary_email: string }>(await run(["whoami", "--json"]));
    assert.deepEqual([me.id, me.primary_email], [user.user_id, user.email]);
  });

  it("login --provider github prints the sign-in URL, then accepts the pair the callback page shows", async () => {
    const social = join(dir, "social");
    const email = `octo-${tag}@example.com`;
    github.signInAs({ id: 77, login: `octo-${tag}`, name: "Octo", emails: [{ email, primary: true, verified: true }] });
    const child = spawn(process.execPath, [BIN, "login", "--url", url, "--provider", "github"], {
      cwd: social,
      env: { PATH: process.env.PATH ?? "", HOME: social, XDG_CONFIG_HOME: join(social, "config") },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const closed = new Promise<number | null>((r) => child.once("close", r));
    // the sign-in URL, as a person reads it on the terminal
    const authUrl = await new Promise<string>((found, fail) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        const m = /^Sign in at:\n {2}(\S+)\nthen paste the token pair the page shows and end with Ctrl-D\.\n/.exec(stderr);
        if (m) found(m[1]!);
      });
      child.once("close", () => fail(new Error(`clusterctl ended before printing the sign-in URL: ${stderr}`)));
    });
    const callbackUrl = `${CALLBACK_BASE}/api/v1/auth/github/callback`;
    assert.equal(new URL(authUrl).searchParams.get("redirect_uri"), callbackUrl);
    // the browser signs in at the provider and lands on the callback page, which shows the pair
    const back = await followToCallback(authUrl, callbackUrl);
    const page = await fetch(`${url}/api/v1/auth/github/callback${back.search}`);
    assert.equal(page.status, 200);
    const pair = await page.text();
    child.stdin.end(pair);
    assert.equal(await closed, 0, stderr);
    const me = await ok(
      new ClusterClient({ baseUrl: url, auth: { type: "bearer", accessToken: (JSON.parse(pair) as { access_token: string }).access_token } }).api.GET("/api/v1/me"),
    );
    assert.equal(stdout, `Logged in to ${url} as ${email} (${me.id}).\n`);
    assert.equal((await configOf(social)).login?.refresh_token, (JSON.parse(pair) as { refresh_token: string }).refresh_token);

    const unknown = await clusterctl(social, ["login", "--url", url, "--provider", "twitter"]);
    assert.deepEqual([unknown.code, unknown.stderr.split("\n")[0]], [2, "clusterctl: --provider must be one of google, github"]);
  });

  it("orgs: create (--json for scripts), use, list as a table", async () => {
    const created = parseJson<{ id: string; name: string }>(await run(["orgs", "create", "--name", `CLI org ${tag}`, "--json"]));
    orgId = created.id;
    assert.equal(created.name, `CLI org ${tag}`);

    const noOrg = await run(["servers", "list"]);
    assert.equal(noOrg.code, 2);
    assert.match(noOrg.stderr, /^clusterctl: no organization: pass --org <id>/);

    const used = await run(["orgs", "use", orgId]);
    assert.equal(used.stdout, `Using organization CLI org ${tag} (${orgId}).\n`);
    assert.equal((await configOf(home)).org, orgId);
    const table = await run(["orgs", "list"]);
    assert.equal(table.code, 0);
    const [header, ...body] = rows(table.stdout);
    assert.deepEqual(header, ["ID", "NAME", "DOMAIN", "CREATED"]);
    assert.deepEqual(
      body.map((r) => r.slice(0, 3)),
      [[orgId, `CLI org ${tag}`, ""]],
    );
  });

  it("ssh-keys: create, download the private key to a file (0600) and the public key to stdout", async () => {
    const key = parseJson<{ id: string; public_key: string; fingerprint: string }>(
      await run(["ssh-keys", "create", "--name", `cli-${tag}`, "--type", "ed25519", "--comment", "cli@example", "--json"]),
    );
    assert.match(key.public_key, /^ssh-ed25519 \S+ cli@example$/);

    // a file others can read is there already: the key replaces it whole, owner-only
    const file = join(home, `${key.id}.pem`);
    await writeFile(file, "stale\n", { mode: 0o644 });
    await chmod(file, 0o644);
    const saved = await run(["ssh-keys", "download", key.id, "--part", "private"]);
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stdout, new RegExp(`^Wrote ${file} \\(\\d+ bytes, application/x-pem-file\\)\\.\\n$`));
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.match(await readFile(file, "utf8"), /^-----BEGIN PRIVATE KEY-----\n/);

    const pub = await run(["ssh-keys", "download", key.id, "--output", "-"]);
    assert.equal(pub.stdout, `${key.public_key}\n`);
    const zip = parseJson<{ file: string; bytes: number; content_type: string }>(await run(["ssh-keys", "download", key.id, "--part", "both", "--output", "both.zip", "--json"]));
    assert.deepEqual([zip.file, zip.content_type], [join(home, "both.zip"), "application/zip"]);
    assert.equal((await readFile(zip.file)).subarray(0, 2).toString(), "PK");
    const named = parseJson<{ file: string }>(await run(["ssh-keys", "download", key.id, "--part", "both", "--json"]));
    assert.equal(named.file, join(home, `ssh_key_${key.id}.zip`), "the name the server gives");
    assert.equal((await stat(named.file)).mode & 0o777, 0o600);
    // (compared as text: arrays from node:fs come from another realm than the test's under Jest)
    assert.equal((await readdir(home)).filter((f) => f.endsWith(".tmp")).join(), "", "no temporary file left");

    const list = rows((await run(["ssh-keys", "list"])).stdout);
    assert.deepEqual(list[1], [key.id, `cli-${tag}`, key.fingerprint, list[1]![3]!]);
    const badPart = await run(["ssh-keys", "download", key.id, "--part", "secret"]);
    assert.equal(badPart.code, 2);

    const created = parseJson<{ id: string; hostname: string }>(
      await run([
        "servers",
        "create",
        "--role",
        "worker",
        "--hostname",
        `web-${tag}`,
        "--private-ip",
        "10.0.0.5",
        "--ssh-user",
        "root",
        "--ssh-key",
        key.id,
        "--status",
        "ready",
        "--json",
      ]),
    );
    assert.equal(created.hostname, `web-${tag}`);
  });

  it("servers: tables, --json, and the API's refusals as exit 3 (text and --json on stderr)", async () => {
    const table = rows((await run(["servers", "list"])).stdout);
    assert.deepEqual(table[0], ["ID", "HOSTNAME", "ROLE", "STATUS", "PRIVATE IP", "PUBLIC IP"]);
    assert.deepEqual(
      table.slice(1).map((r) => r.slice(1, 5)),
      [[`web-${tag}`, "worker", "ready", "10.0.0.5"]],
    );
    const list = parseJson<{ hostname: string }[]>(await run(["servers", "list", "--json", "--status", "ready"]));
    assert.deepEqual(
      list.map((s) => s.hostname),
      [`web-${tag}`],
    );

    const missing = await run(["servers", "get", MISSING]);
    assert.deepEqual([missing.code, missing.stdout, missing.stderr], [3, "", "clusterctl: 404 server not found\n"]);
    const missingJson = await run(["servers", "get", MISSING, "--json"]);
    assert.equal(missingJson.code, 3);
    assert.deepEqual(JSON.parse(missingJson.stderr).error, {
      exit_code: 3,
      message: "404 server not found",
      status: 404,
      code: "not_found",
      body: "server not found",
      request_id: JSON.parse(missingJson.stderr).error.request_id,
    });
    const invalid = await run(["servers", "create", "--role", "worker", "--private-ip", "10.0.0.6", "--ssh-user", "root", "--ssh-key", MISSING]);
    assert.deepEqual([invalid.code, invalid.stderr], [3, "clusterctl: 400 invalid ssh_key_id\n"]);
    // a value the document does not list is refused before anything is sent
    const chef = await run(["servers", "create", "--role", "chef", "--private-ip", "10.0.0.6", "--ssh-user", "root", "--ssh-key", MISSING]);
    assert.deepEqual([chef.code, chef.stderr.split("\n")[0]], [2, "clusterctl: --role must be one of master, worker, bastion"]);
    const badStatus = await run(["servers", "list", "--status", "gone"]);
    assert.deepEqual([badStatus.code, badStatus.stderr.split("\n")[0]], [2, "clusterctl: --status must be one of pending, provisioning, ready, failed"]);
    const required = await run(["servers", "create", "--role", "worker"]);
    assert.deepEqual([required.code, required.stderr.split("\n")[0]], [2, "clusterctl: --private-ip is required"]);
  });

  it("clusters get: the nested view as tables, the whole object with --json", async () => {
    const client = clientFor(url, user, { orgId });
    const [server] = await ok(client.api.GET("/api/v1/servers"));
    const lb = await ok(
      client.api.POST("/api/v1/load-balancers", { body: { name: `apps-${tag}`, kind: "public", private_ip_address: "10.1.0.1", public_ip_address: "198.51.100.7" } }),
    );
    const pool = await ok(client.api.POST("/api/v1/node-pools", { body: { name: `pool-${tag}`, role: "worker" } }));
    await ok(client.api.POST("/api/v1/node-pools/{id}/servers", { params: { path: { id: pool.id } }, body: { server_ids: [server!.id] } }));

    const cluster = parseJson<{ id: string; status: string }>(await run(["clusters", "create", "--name", `prod-${tag}`, "--provider", "aws", "--region", "eu-west-1", "--json"]));
    assert.equal(cluster.status, "pre_pending");
    const path = { params: { path: { clusterID: cluster.id } } };
    await ok(client.api.POST("/api/v1/clusters/{clusterID}/apps-load-balancer", { ...path, body: { load_balancer_id: lb.id } }));
    await ok(client.api.POST("/api/v1/clusters/{clusterID}/node-pools", { ...path, body: { node_pool_id: pool.id } }));

    const view = await run(["clusters", "get", cluster.id]);
    assert.equal(view.code, 0, view.stderr);
    const table = rows(view.stdout);
    const field = (name: string) => table.find((r) => r[0] === name)?.[1];
    assert.equal(field("NAME"), `prod-${tag}`);
    assert.equal(field("STATUS"), "pre_pending");
    assert.equal(field("APPS LB"), `apps-${tag} (public, 198.51.100.7 / 10.1.0.1)`);
    assert.equal(field("PLATFORM LB"), "-");
    assert.deepEqual(
      table.find((r) => r[0] === "NODE POOL"),
      ["NODE POOL", "ROLE", "SERVERS", "LABELS", "TAINTS"],
    );
    assert.deepEqual(
      table.find((r) => r[0] === `pool-${tag}`),
      [`pool-${tag}`, "worker", `web-${tag}`, "-", "-"],
    );

    const nested = parseJson<{ apps_load_balancer: { id: string }; node_pools: { servers: { hostname: string }[] }[]; bastion_server: null }>(
      await run(["clusters", "get", cluster.id, "--json"]),
    );
    assert.equal(nested.apps_load_balancer.id, lb.id);
    assert.equal(nested.bastion_server, null);
    assert.deepEqual(
      nested.node_pools.map((p) => p.servers.map((s) => s.hostname)),
      [[`web-${tag}`]],
    );
    assert.deepEqual(
      rows((await run(["clusters", "list"])).stdout)
        .slice(1)
        .map((r) => r.slice(0, 2)),
      [[cluster.id, `prod-${tag}`]],
    );
  });

  it("dns: domains and record sets", async () => {
    const client = clientFor(url, user, { orgId });
    const credential = await ok(
      client.api.POST("/api/v1/credentials", {
        body: {
          provider: "generic",
          kind: "api_token",
          schema_version: 1,
          scope_kind: "service",
          scope_version: 1,
          scope: { service: "powerdns" },
          secret: { token: "t", api_url: "http://127.0.0.1:9", server_id: "localhost" },
        },
      }),
    );
    const domain = parseJson<{ id: string; domain_name: string; status: string }>(
      await run(["dns", "domains", "create", "--credential", credential.id, "--domain-name", `cli-${tag}.example.com`, "--zone-id", `zone-${tag}`, "--json"]),
    );
    assert.equal(domain.domain_name, `cli-${tag}.example.com`);
    assert.deepEqual(rows((await run(["dns", "domains", "list"])).stdout)[1]?.slice(0, 3), [domain.id, `cli-${tag}.example.com`, `zone-${tag}`]);

    const record = parseJson<{ id: string; values: string[]; ttl: number; status: string }>(
      await run(["dns", "records", "create", domain.id, "--name", "www", "--type", "A", "--ttl", "60", "--value", "192.0.2.1", "--value", "192.0.2.2", "--json"]),
    );
    assert.deepEqual([record.values, record.ttl, record.status], [["192.0.2.1", "192.0.2.2"], 60, "pending"]);
    assert.deepEqual(rows((await run(["dns", "records", "list", domain.id])).stdout), [
      ["ID", "NAME", "TYPE", "TTL", "VALUES", "STATUS"],
      [record.id, "www", "A", "60", "192.0.2.1 192.0.2.2", "pending"],
    ]);
    const deleted = await run(["dns", "records", "delete", record.id]);
    assert.deepEqual([deleted.code, deleted.stdout], [0, `Deleted record set ${record.id}.\n`]);
    assert.deepEqual(parseJson<unknown[]>(await run(["dns", "records", "list", domain.id, "--json"])), []);
    const badType = await run(["dns", "records", "create", domain.id, "--name", "x", "--type", "BOGUS", "--value", "1"]);
    assert.deepEqual([badType.code, badType.stderr.split("\n")[0]], [2, "clusterctl: --type must be one of A, AAAA, CNAME, TXT, MX, NS, SRV, CAA"]);
    const refusedValue = await run(["dns", "records", "create", domain.id, "--name", "x", "--type", "A", "--value", "not-an-address"]);
    assert.deepEqual([refusedValue.code, refusedValue.stderr.split(" ")[1]], [3, "400"]);
  });

  it("the README's journey with clusterctl alone: credential from a file, domain, record set, servers, load balancers, a node pool with servers, a cluster with every slot, its kubeconfig", async () => {
    const work = join(dir, "journey");
    await mkdir(work, { recursive: true });
    /** Every run of this journey: none may show a secret. */
    const runs: Run[] = [];
    const created = parseJson<{ id: string }>(await run(["orgs", "create", "--name", `Journey ${tag}`, "--json"]));
    const j = async (args: string[], opts?: Parameters<typeof clusterctl>[2]) => {
      const res = await clusterctl(home, [...args, "--org", created.id], { ...opts });
      runs.push(res);
      return res;
    };
    const made = async <T = { id: string }>(args: string[], opts?: Parameters<typeof clusterctl>[2]) => parseJson<T>(await j([...args, "--json"], opts));
    const secrets = {
      token: `pdns-token-${randomBytes(12).toString("hex")}`,
      awsSecret: `aws-secret-${randomBytes(12).toString("hex")}`,
      rotated: `aws-rotated-${randomBytes(12).toString("hex")}`,
      kubeconfig: `kube-token-${randomBytes(12).toString("hex")}`,
    };

    // credentials: the secret from a file, or on standard input; only metadata comes back
    const secretFile = join(work, "pdns.json");
    await writeFile(secretFile, JSON.stringify({ token: secrets.token, api_url: "http://127.0.0.1:9", server_id: "localhost" }), { mode: 0o600 });
    const pdns = await made<{ id: string; provider: string; kind: string; scope_kind: string; scope: unknown }>([
      "credentials",
      "create",
      "--provider",
      "generic",
      "--kind",
      "api_token",
      "--service",
      "powerdns",
      "--name",
      "pdns",
      "--secret-file",
      secretFile,
    ]);
    assert.deepEqual([pdns.provider, pdns.kind, pdns.scope_kind, pdns.scope], ["generic", "api_token", "service", { service: "powerdns" }]);
    assert.equal("secret" in pdns, false);
    const stored = (await stack.broker.call("credentials.secretFor", { organization_id: created.id, id: pdns.id, purpose: "test" })) as { secret: Record<string, string> };
    assert.equal(stored.secret.token, secrets.token, "the file's secret was stored as it is");
    const aws = await made(["credentials", "create", "--provider", "aws", "--arn", "arn:aws:iam::123456789012:role/dns", "--secret-stdin"], {
      input: JSON.stringify({ access_key_id: "AKIAEXAMPLE", secret_access_key: secrets.awsSecret }),
    });
    assert.deepEqual(
      parseJson<{ id: string }[]>(await j(["credentials", "list", "--provider", "aws", "--json"])).map((c) => c.id),
      [aws.id],
    );
    assert.deepEqual(
      rows((await j(["credentials", "list", "--kind", "api_token"])).stdout).map((r) => r.slice(0, 5)),
      [
        ["ID", "NAME", "PROVIDER", "KIND", "SCOPE"],
        [pdns.id, "pdns", "generic", "api_token", "service powerdns"],
      ],
    );
    const shown = rows((await j(["credentials", "get", pdns.id])).stdout);
    assert.deepEqual(
      shown.find((r) => r[0] === "SECRET"),
      ["SECRET", "(stored encrypted; never shown)"],
    );
    const rotated = await j(["credentials", "update", aws.id, "--name", "route53", "--secret-stdin"], {
      input: JSON.stringify({ access_key_id: "AKIAEXAMPLE", secret_access_key: secrets.rotated }),
    });
    assert.equal(rotated.code, 0, rotated.stderr);
    assert.equal(rows(rotated.stdout).find((r) => r[0] === "NAME")?.[1], "route53");
    const rotatedSecret = (await stack.broker.call("credentials.secretFor", { organization_id: created.id, id: aws.id, purpose: "test" })) as { secret: Record<string, string> };
    assert.equal(rotatedSecret.secret.secret_access_key, secrets.rotated);
    assert.deepEqual([(await j(["credentials", "delete", aws.id])).stdout], [`Deleted credential ${aws.id}.\n`]);

    // the DNS side, the servers and the load balancers
    const domain = await made(["dns", "domains", "create", "--credential", pdns.id, "--domain-name", `journey-${tag}.example.com`, "--zone-id", `zone-j-${tag}`]);
    const record = await made(["dns", "records", "create", domain.id, "--name", "api", "--type", "A", "--value", "203.0.113.20"]);
    const key = await made(["ssh-keys", "create", "--name", `journey-${tag}`, "--type", "ed25519"]);
    const server = (hostname: string, ip: string, role: string, extra: string[] = []) =>
      made(["servers", "create", "--role", role, "--hostname", hostname, "--private-ip", ip, "--ssh-user", "root", "--ssh-key", key.id, ...extra]);
    const web1 = await server("web-1", "10.0.0.11", "worker");
    const web2 = await server("web-2", "10.0.0.12", "worker");
    const bastion = await server("bastion-1", "10.0.0.2", "bastion", ["--public-ip", "203.0.113.2"]);
    const apps = await made(["load-balancers", "create", "--name", "apps", "--kind", "public", "--private-ip", "10.0.1.10", "--public-ip", "198.51.100.10"]);
    const platform = await made(["load-balancers", "create", "--name", "platform", "--kind", "platform", "--private-ip", "10.0.1.11"]);
    const moved = await made<{ public_ip_address: string; name: string }>(["load-balancers", "update", platform.id, "--public-ip", "198.51.100.11"]);
    assert.deepEqual([moved.name, moved.public_ip_address], ["platform", "198.51.100.11"]);
    assert.deepEqual(rows((await j(["load-balancers", "list"])).stdout), [
      ["ID", "NAME", "KIND", "PRIVATE IP", "PUBLIC IP"],
      [platform.id, "platform", "platform", "10.0.1.11", "198.51.100.11"],
      [apps.id, "apps", "public", "10.0.1.10", "198.51.100.10"],
    ]);
    assert.deepEqual(rows((await j(["load-balancers", "get", apps.id])).stdout)[1], ["NAME", "apps"]);

    // a node pool with two servers, a label and a taint; one server detached again
    const label = await made(["labels", "create", "--key", "tier", "--value", "web"]);
    const taint = await made(["taints", "create", "--key", "dedicated", "--value", "web", "--effect", "NoSchedule"]);
    const pool = await made(["node-pools", "create", "--name", "workers", "--role", "worker"]);
    interface PoolOut {
      servers: { id: string }[];
      labels: { key: string }[];
      taints: { effect: string }[];
    }
    const attached = await made<PoolOut>(["node-pools", "attach", pool.id, "--servers", `${web1.id},${web2.id}`, "--labels", label.id, "--taints", taint.id]);
    assert.deepEqual(attached.servers.map((s) => s.id).sort(), [web1.id, web2.id].sort());
    assert.deepEqual([attached.labels.map((l) => l.key), attached.taints.map((t) => t.effect)], [["tier"], ["NoSchedule"]]);
    const detached = await made<PoolOut>(["node-pools", "detach", pool.id, "--server", web2.id]);
    assert.deepEqual(
      detached.servers.map((s) => s.id),
      [web1.id],
    );
    assert.deepEqual(rows((await j(["node-pools", "list"])).stdout)[1], [pool.id, "workers", "worker", "web-1", "tier=web", "dedicated=web:NoSchedule"]);

    // the cluster, every slot attached in one command, the kubeconfig from a file
    const cluster = await made(["clusters", "create", "--name", "prod", "--provider", "aws", "--region", "eu-west-1"]);
    await made(["clusters", "update", cluster.id, "--docker-image", "registry.example.com/node", "--docker-tag", "1.2.3"]);
    const all = await made<{ id: string }>([
      "clusters",
      "attach",
      cluster.id,
      "--apps-load-balancer",
      apps.id,
      "--platform-load-balancer",
      platform.id,
      "--bastion",
      bastion.id,
      "--captain-domain",
      domain.id,
      "--control-plane-record-set",
      record.id,
      "--node-pool",
      pool.id,
    ]);
    assert.equal(all.id, cluster.id);
    const kubeconfig = `apiVersion: v1\nkind: Config\nusers:\n- name: admin\n  user:\n    token: ${secrets.kubeconfig}\n`;
    await writeFile(join(work, "kubeconfig.yaml"), kubeconfig, { mode: 0o600 });
    const set = await j(["clusters", "kubeconfig", "set", cluster.id, "--file", join(work, "kubeconfig.yaml")]);
    assert.deepEqual([set.code, set.stdout], [0, `Stored the kubeconfig of cluster prod (${cluster.id}, ${Buffer.byteLength(kubeconfig)} bytes).\n`]);
    const target = (await stack.broker.call("clusters.runTarget", { organization_id: created.id, cluster_id: cluster.id })) as { kubeconfig: string | null };
    assert.equal(target.kubeconfig, kubeconfig, "the file's kubeconfig was stored as it is");

    interface Nested {
      docker_image: string;
      docker_tag: string;
      apps_load_balancer: { id: string } | null;
      glueops_load_balancer: { id: string } | null;
      bastion_server: { id: string } | null;
      captain_domain: { id: string } | null;
      control_plane_record_set: { id: string } | null;
      node_pools: { id: string; servers: { id: string }[] }[];
    }
    const slotsOf = (c: Nested) => [
      c.apps_load_balancer?.id,
      c.glueops_load_balancer?.id,
      c.bastion_server?.id,
      c.captain_domain?.id,
      c.control_plane_record_set?.id,
      c.node_pools.map((p) => [p.id, p.servers.map((s) => s.id)]),
    ];
    const nested = await made<Nested>(["clusters", "get", cluster.id]);
    assert.deepEqual(slotsOf(nested), [apps.id, platform.id, bastion.id, domain.id, record.id, [[pool.id, [web1.id]]]]);
    assert.deepEqual([nested.docker_image, nested.docker_tag], ["registry.example.com/node", "1.2.3"]);
    const view = rows((await j(["clusters", "get", cluster.id])).stdout);
    const field = (name: string) => view.find((r) => r[0] === name)?.[1];
    assert.match(field("CAPTAIN DOMAIN") ?? "", new RegExp(`^journey-${tag}\\.example\\.com \\((pending|provisioning|ready|failed)\\)$`));
    assert.deepEqual(["CONTROL PLANE", "APPS LB", "PLATFORM LB", "BASTION"].map(field), [
      "api A 203.0.113.20",
      "apps (public, 198.51.100.10 / 10.0.1.10)",
      "platform (platform, 198.51.100.11 / 10.0.1.11)",
      "bastion-1 (203.0.113.2)",
    ]);
    assert.deepEqual(
      view.find((r) => r[0] === "workers"),
      ["workers", "worker", "web-1", "tier=web", "dedicated=web:NoSchedule"],
    );

    // detach one slot and the pool: the rest stays
    const less = await made<Nested>(["clusters", "detach", cluster.id, "--bastion", "--node-pool", pool.id]);
    assert.deepEqual(slotsOf(less), [apps.id, platform.id, undefined, domain.id, record.id, []]);
    assert.equal(less.bastion_server, null);
    const cleared = await j(["clusters", "kubeconfig", "clear", cluster.id]);
    assert.deepEqual([cleared.code, cleared.stdout], [0, `Removed the kubeconfig of cluster prod (${cluster.id}).\n`]);
    assert.equal(((await stack.broker.call("clusters.runTarget", { organization_id: created.id, cluster_id: cluster.id })) as { kubeconfig: string | null }).kubeconfig, null);

    // the API's refusals: exit 3 with its status and message
    for (const [args, message] of [
      [["clusters", "attach", cluster.id, "--node-pool", MISSING], "404 node pool not found"],
      [["clusters", "attach", MISSING, "--bastion", bastion.id], "404 cluster not found"],
      [["node-pools", "attach", MISSING, "--servers", web1.id], "404 node pool not found"],
      [["load-balancers", "get", MISSING], "404 load balancer not found"],
      [["credentials", "get", MISSING], "404 credential not found"],
      [["clusters", "kubeconfig", "set", MISSING, "--file", join(work, "kubeconfig.yaml")], "404 cluster not found"],
      [["load-balancers", "delete", apps.id], "409 load balancer is attached to a cluster"],
    ] as const) {
      const res = await j([...args]);
      assert.deepEqual([res.code, res.stdout, res.stderr], [3, "", `clusterctl: ${message}\n`], args.join(" "));
    }
    // several at once: a refusal stops there, and what was done before it is named
    const partial = await j(["clusters", "attach", cluster.id, "--bastion", bastion.id, "--node-pool", MISSING]);
    assert.deepEqual(
      [partial.code, partial.stderr],
      [3, `clusterctl: warning: attached before the failure: --bastion ${bastion.id} (not undone)\nclusterctl: 404 node pool not found\n`],
    );

    // a command line that cannot be right is exit 2 and sends nothing (a gateway that counts requests)
    let requests = 0;
    const counter: HttpServer = createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => counter.listen(0, "127.0.0.1", r));
    try {
      const env = { CLUSTERCTL_API_KEY: "u_x", CLUSTERCTL_URL: `http://127.0.0.1:${(counter.address() as AddressInfo).port}` };
      await writeFile(join(work, "no-token.json"), JSON.stringify({ api_url: "http://127.0.0.1:9", hint: secrets.token }));
      for (const [args, message, input] of [
        [["load-balancers", "create", "--name", "x", "--kind", "private"], "--kind must be one of platform, public"],
        [["node-pools", "create", "--name", "x", "--role", "bastion"], "--role must be one of master, worker"],
        [["taints", "create", "--key", "k", "--value", "v", "--effect", "Never"], "--effect must be one of NoSchedule, PreferNoSchedule, NoExecute"],
        [["credentials", "list", "--scope-kind", "org"], "--scope-kind must be one of provider, service, resource"],
        [["credentials", "create", "--provider", "azure", "--secret-stdin"], "--provider must be one of aws, cloudflare, hetzner, digitalocean, generic"],
        [["credentials", "create", "--provider", "aws", "--kind", "api_token", "--secret-stdin"], "--kind for provider aws must be aws_access_key"],
        [["credentials", "create", "--provider", "generic", "--secret-stdin"], "--kind is required for provider generic: one of api_token, basic_auth, oauth2"],
        [["credentials", "create", "--provider", "hetzner"], "the secret is required: --secret-file FILE | --secret-stdin (a JSON object of its fields)"],
        [
          ["credentials", "create", "--provider", "hetzner", "--secret", secrets.token],
          "a secret is never taken from the command line (shell history, process list): use --secret-file FILE | --secret-stdin",
        ],
        [["credentials", "create", "--provider", "hetzner", "--secret-stdin"], "the secret on standard input is not a JSON object of its fields", `not json ${secrets.token}`],
        [
          ["credentials", "create", "--provider", "generic", "--kind", "api_token", "--secret-file", join(work, "no-token.json")],
          `the secret on --secret-file ${join(work, "no-token.json")} lacks token (kind api_token: token and any further string fields (powerdns: api_url, server_id))`,
        ],
        [["clusters", "kubeconfig", "set", cluster.id, "--file", join(work, "absent.yaml")], `cannot read --file ${join(work, "absent.yaml")} (ENOENT)`],
        [
          ["clusters", "attach", cluster.id],
          "nothing to attach: give --apps-load-balancer, --platform-load-balancer, --bastion, --captain-domain, --control-plane-record-set or --node-pool",
        ],
        [["clusters", "detach", cluster.id, "--node-pool", ","], "--node-pool needs at least one id"],
        [["node-pools", "update", pool.id], "nothing to change: give --name or --role"],
      ] as const) {
        const res = await clusterctl(home, [...args, "--org", created.id], { env, ...(input === undefined ? {} : { input }) });
        runs.push(res);
        assert.deepEqual([res.code, res.stderr.split("\n")[0]], [2, `clusterctl: ${message}`], args.join(" "));
      }
      assert.equal(requests, 0, "nothing was sent");
    } finally {
      await new Promise((r) => counter.close(r));
    }

    // no secret and no kubeconfig in anything clusterctl printed
    assert.ok(runs.length > 40);
    for (const res of runs) {
      for (const secret of Object.values(secrets)) assert.ok(!res.stdout.includes(secret) && !res.stderr.includes(secret), `${secret} printed`);
    }
  });

  it("jobs: administrators list, cancel and retry; others get exit 3 (403)", async () => {
    const forbidden = await run(["jobs", "list"]);
    assert.deepEqual([forbidden.code, forbidden.stderr], [3, "clusterctl: 403 forbidden\n"]);

    const login = await clusterctl(adminHome, ["login", "--url", url], { input: JSON.stringify(admin.tokens) });
    assert.equal(login.code, 0, login.stderr);
    const jobs = new ClusterClient({ baseUrl: url, auth: { type: "bearer", accessToken: admin.tokens.access_token } });
    const job = await ok(
      jobs.api.POST("/api/v1/admin/worker/jobs", { body: { type: "jobs.noop", queue: "default", payload: { tag }, run_at: new Date(Date.now() + 3_600_000).toISOString() } }),
    );

    const page = parseJson<{ items: { id: string; status: string }[]; page: number; total: number }>(await clusterctl(adminHome, ["jobs", "list", "--q", tag, "--json"]));
    assert.deepEqual(
      page.items.map((j) => [j.id, j.status]),
      [[job.id, "scheduled"]],
    );
    const table = await clusterctl(adminHome, ["jobs", "list", "--q", tag]);
    assert.deepEqual(rows(table.stdout)[1]?.slice(0, 5), [job.id, "jobs.noop", "default", "scheduled", "0/3"]);
    assert.match(table.stdout, /\npage 1 of 1 \(1 jobs\)\n$/);

    const canceled = parseJson<{ id: string; status: string }>(await clusterctl(adminHome, ["jobs", "cancel", job.id, "--json"]));
    assert.deepEqual([canceled.id, canceled.status], [job.id, "canceled"]);
    const again = await clusterctl(adminHome, ["jobs", "cancel", job.id]);
    assert.deepEqual([again.code, again.stderr], [3, "clusterctl: 400 job not cancellable\n"]);
    const retried = await clusterctl(adminHome, ["jobs", "retry", job.id]);
    assert.equal(retried.code, 0, retried.stderr);
    assert.deepEqual(rows(retried.stdout)[1]?.slice(0, 4), [job.id, "jobs.noop", "default", "queued"]);
    const all = parseJson<{ id: string }[]>(await clusterctl(adminHome, ["jobs", "list", "--all", "--page-size", "1", "--queue", "default", "--json"]));
    assert.ok(all.some((j) => j.id === job.id));
    const missing = await clusterctl(adminHome, ["jobs", "retry", MISSING]);
    assert.deepEqual([missing.code, missing.stderr], [3, "clusterctl: 404 job not found\n"]);
    const queues = rows((await clusterctl(adminHome, ["jobs", "queues"])).stdout);
    assert.deepEqual(queues[0], ["QUEUE", "PENDING", "RUNNING", "FAILED", "SCHEDULED", "STATE", "OLDEST PENDING"]);
    assert.ok(queues.some((q) => q[0] === "default"));

    // enqueue by hand: the API's checks come back as they are; a good one is listed
    const badPayload = await clusterctl(adminHome, ["jobs", "enqueue", "--type", "jobs.noop", "--queue", "default", "--payload", "[1]"]);
    assert.deepEqual([badPayload.code, badPayload.stderr], [2, "clusterctl: --payload must be a JSON object\nRun `clusterctl jobs enqueue --help` for its options.\n"]);
    const wrongQueue = await clusterctl(adminHome, ["jobs", "enqueue", "--type", "jobs.noop", "--queue", "dns", "--payload", "{}"]);
    assert.deepEqual([wrongQueue.code, wrongQueue.stderr], [3, "clusterctl: 400 invalid queue\n"]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const queued = parseJson<{ id: string; status: string; queue: string }>(
      await clusterctl(adminHome, ["jobs", "enqueue", "--type", "jobs.noop", "--queue", "default", "--payload", `{"tag":"${tag}-by-hand"}`, "--run-at", later, "--json"]),
    );
    assert.deepEqual([queued.status, queued.queue], ["scheduled", "default"]);

    // pause and resume: the state shows in the queues table
    const paused = await clusterctl(adminHome, ["jobs", "pause", "default"]);
    assert.equal(paused.code, 0, paused.stderr);
    assert.match(paused.stdout, /^Queue default paused: \d+ pending, \d+ running\.\n$/);
    const whilePaused = rows((await clusterctl(adminHome, ["jobs", "queues"])).stdout).find((q) => q[0] === "default");
    assert.equal(whilePaused?.[5], "paused");
    const resumed = await clusterctl(adminHome, ["jobs", "resume", "default"]);
    assert.match(resumed.stdout, /^Queue default active: /);
    assert.equal(rows((await clusterctl(adminHome, ["jobs", "queues"])).stdout).find((q) => q[0] === "default")?.[5], "active");
    const unknown = await clusterctl(adminHome, ["jobs", "pause", "no-such-queue"]);
    assert.deepEqual([unknown.code, unknown.stderr], [3, "clusterctl: 404 queue not found\n"]);
  });

  it("a 401 refreshes the stored pair by itself; login --refresh on demand; a refused refresh is exit 4", async () => {
    const before = await configOf(home);
    await writeFile(join(home, "config", "clusterctl", "config.json"), JSON.stringify({ ...before, login: { ...before.login, access_token: "expired" } }));
    const me = await run(["whoami"]);
    assert.equal(me.code, 0, me.stderr);
    assert.deepEqual(rows(me.stdout)[1], ["EMAIL", user.email]);
    const after = await configOf(home);
    assert.notEqual(after.login?.access_token, "expired");
    assert.notEqual(after.login?.refresh_token, before.login?.refresh_token, "the rotated pair was stored");

    const refreshed = await run(["login", "--refresh"]);
    assert.equal(refreshed.code, 0, refreshed.stderr);
    assert.match(refreshed.stdout, new RegExp(`^Refreshed the login to ${url} \\(the access token is valid for \\d+ s\\)\\.\\n$`));
    assert.notEqual((await configOf(home)).login?.refresh_token, after.login?.refresh_token);

    const spent = join(dir, "spent");
    await clusterctl(spent, ["login", "--url", url], { input: JSON.stringify((await signIn(stack.broker, user.email)).tokens) });
    const config = await configOf(spent);
    await writeFile(
      join(spent, "config", "clusterctl", "config.json"),
      JSON.stringify({ ...config, login: { ...config.login, access_token: "expired", refresh_token: "revoked" } }),
    );
    const refused = await clusterctl(spent, ["whoami"]);
    assert.deepEqual([refused.code, refused.stderr], [4, "clusterctl: 401 unauthorized (run `clusterctl login`)\n"]);
  });

  it("a login about to expire is refreshed before it is sent; a refreshed login that cannot be saved is reported and the command still runs", async () => {
    const expiring = join(dir, "expiring");
    await mkdir(expiring, { recursive: true });
    assert.equal((await clusterctl(expiring, ["login", "--url", url], { input: JSON.stringify((await signIn(stack.broker, user.email)).tokens) })).code, 0);
    const stored = await configOf(expiring);
    const soon = new Date(Date.now() + 10_000).toISOString();
    await writeFile(join(expiring, "config", "clusterctl", "config.json"), JSON.stringify({ ...stored, login: { ...stored.login, expires_at: soon } }));
    const me = await clusterctl(expiring, ["whoami", "--json"]);
    assert.equal(me.code, 0, me.stderr);
    const after = await configOf(expiring);
    assert.notEqual(after.login?.refresh_token, stored.login?.refresh_token, "refreshed although the access token still worked");
    assert.ok(Date.parse(after.login?.expires_at ?? "") > Date.parse(soon));

    // a config folder whose path leaves no room for the temporary file's longer name: the file
    // reads, but no new one can be written (ENAMETOOLONG, whatever the user's rights)
    let deep = join(dir, "deep");
    const fileIn = (base: string) => join(base, "clusterctl", "config.json");
    while (fileIn(deep).length < 4080) deep = join(deep, "d".repeat(Math.min(200, 4080 - fileIn(deep).length)));
    await mkdir(join(deep, "clusterctl"), { recursive: true });
    const pair = (await signIn(stack.broker, user.email)).tokens;
    await writeFile(fileIn(deep), JSON.stringify({ login: { url, access_token: "expired", refresh_token: pair.refresh_token, expires_at: new Date().toISOString() } }));
    const unsaved = await clusterctl(expiring, ["whoami", "--json"], { env: { XDG_CONFIG_HOME: deep } });
    assert.equal(unsaved.code, 0, unsaved.stderr);
    assert.equal((JSON.parse(unsaved.stdout) as { id: string }).id, user.user_id);
    const { warning } = JSON.parse(unsaved.stderr) as { warning: { message: string } };
    assert.match(
      warning.message,
      /^could not save the refreshed login to \/.*\/config\.json \(ENAMETOOLONG: .*\); the stored login no longer works: run `clusterctl login` once the file can be written$/,
    );
    assert.equal(JSON.parse(await readFile(fileIn(deep), "utf8")).login.refresh_token, pair.refresh_token, "the old file is whole");
  });

  it("keys from the environment (org key and secret imply the organization); a login is never sent to another gateway", async () => {
    const client = clientFor(url, user);
    const key = await ok(client.api.POST("/api/v1/orgs/{id}/api-keys", { params: { path: { id: orgId } }, body: { name: `cli-${tag}` } }));
    const byOrgKey = await clusterctl(join(dir, "ci"), ["servers", "list", "--url", url, "--json"], {
      env: { CLUSTERCTL_ORG_KEY: key.org_key, CLUSTERCTL_ORG_SECRET: key.org_secret },
    });
    assert.deepEqual(
      parseJson<{ hostname: string }[]>(byOrgKey).map((s) => s.hostname),
      [`web-${tag}`],
    );
    const userKey = await ok(client.api.POST("/api/v1/me/api-keys", { body: { name: `cli-${tag}` } }));
    const byUserKey = await clusterctl(join(dir, "ci"), ["whoami", "--json"], { env: { CLUSTERCTL_API_KEY: userKey.plain!, CLUSTERCTL_URL: url } });
    assert.equal(parseJson<{ id: string }>(byUserKey).id, user.user_id);

    const elsewhere = await run(["whoami", "--url", "http://127.0.0.1:9"]);
    assert.equal(elsewhere.code, 4);
    assert.equal(elsewhere.stderr, `clusterctl: not logged in to http://127.0.0.1:9 (the stored login is for ${url}): run \`clusterctl login --url http://127.0.0.1:9\`\n`);
  });

  it("a server that fails, does not answer or goes silent: exit 5", async () => {
    const down = await clusterctl(join(dir, "ci"), ["whoami"], { env: { CLUSTERCTL_API_KEY: "u_x", CLUSTERCTL_URL: "http://127.0.0.1:9" } });
    assert.equal(down.code, 5);
    assert.match(down.stderr, /^clusterctl: no answer from http:\/\/127\.0\.0\.1:9\/api\/v1\/me: /);

    // a server that accepts the connection and never answers: the time limit, not the OS's
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => void sockets.add(socket));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const started = Date.now();
      const timedOut = await clusterctl(join(dir, "ci"), ["whoami", "--timeout", "1"], { env: { CLUSTERCTL_API_KEY: "u_x", CLUSTERCTL_URL: silentUrl } });
      assert.deepEqual([timedOut.code, timedOut.stderr], [5, `clusterctl: no answer from ${silentUrl}/api/v1/me: timed out after 1 s\n`]);
      const byEnv = await clusterctl(join(dir, "ci"), ["orgs", "list", "--json"], { env: { CLUSTERCTL_API_KEY: "u_x", CLUSTERCTL_URL: silentUrl, CLUSTERCTL_TIMEOUT: "0.5" } });
      assert.equal(byEnv.code, 5);
      assert.deepEqual(JSON.parse(byEnv.stderr), { error: { exit_code: 5, message: `no answer from ${silentUrl}/api/v1/orgs: timed out after 0.5 s` } });
      // without the limit both would wait forever; the bound leaves room for two process start-ups on a loaded machine (over 20 s once in CI)
      assert.ok(Date.now() - started < 90_000, `${Date.now() - started} ms`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => silent.close(r));
    }
    const badTimeout = await clusterctl(join(dir, "ci"), ["whoami", "--timeout", "soon"], { env: { CLUSTERCTL_API_KEY: "u_x" } });
    assert.deepEqual([badTimeout.code, badTimeout.stderr.split("\n")[0]], [2, "clusterctl: --timeout must be a number of seconds"]);

    // a success whose body is not JSON (a proxy's page): the server failed, not the tool
    const proxy: HttpServer = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>sign in to the Wi-Fi</html>");
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    try {
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const page = await clusterctl(join(dir, "ci"), ["whoami"], { env: { CLUSTERCTL_API_KEY: "u_x", CLUSTERCTL_URL: proxyUrl } });
      assert.deepEqual([page.code, page.stderr], [5, `clusterctl: unexpected answer from ${proxyUrl}/api/v1/me: 200 with a body that is not JSON (text/html)\n`]);
    } finally {
      await new Promise((r) => proxy.close(r));
    }

    const failing: HttpServer = createServer((_req, res) => {
      res.writeHead(503, { "content-type": "application/json", "x-error-code": "service_unavailable" });
      res.end(JSON.stringify({ code: "service_unavailable", message: "auth service unavailable" }));
    });
    await new Promise<void>((r) => failing.listen(0, "127.0.0.1", r));
    try {
      const port = (failing.address() as AddressInfo).port;
      const res = await clusterctl(join(dir, "ci"), ["whoami"], { env: { CLUSTERCTL_API_KEY: "u_x", CLUSTERCTL_URL: `http://127.0.0.1:${port}` } });
      assert.deepEqual([res.code, res.stderr], [5, "clusterctl: 503 auth service unavailable\n"]);
    } finally {
      await new Promise((r) => failing.close(r));
    }
  });

  it("a download's file name from the server is never a path: a name with a folder, or none, gives the default name", async () => {
    const id = "0190a000-0000-7000-8000-0000000000aa";
    const hostile: HttpServer = createServer((req, res) => {
      const part = new URL(req.url ?? "/", "http://x").searchParams.get("part");
      const headers: Record<string, string> = { "content-type": part === "both" ? "application/zip" : "application/x-pem-file" };
      if (part === "private") headers["content-disposition"] = 'attachment; filename="../escaped.pem"';
      if (part === "public") headers["content-disposition"] = 'attachment; filename=".bashrc"';
      res.writeHead(200, headers);
      res.end("key bytes\n");
    });
    await new Promise<void>((r) => hostile.listen(0, "127.0.0.1", r));
    const cwd = join(dir, "ci", "downloads");
    await mkdir(cwd, { recursive: true });
    try {
      const hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
      const env = { CLUSTERCTL_ORG_KEY: "org_x", CLUSTERCTL_ORG_SECRET: "secret", CLUSTERCTL_URL: hostileUrl };
      const client = new ClusterClient({ baseUrl: hostileUrl, auth: { type: "orgKey", key: "org_x", secret: "secret" } });
      assert.equal((await client.downloadSshKey(id, "private")).filename, `${id}.pem`);
      assert.equal((await client.downloadSshKey(id, "public")).filename, `${id}.pub`);
      assert.equal((await client.downloadSshKey(id, "both")).filename, `ssh_key_${id}.zip`);
      for (const part of ["private", "public", "both"]) {
        const res = await clusterctl(cwd, ["ssh-keys", "download", id, "--part", part], { env });
        assert.equal(res.code, 0, res.stderr);
      }
      assert.equal((await readdir(cwd)).sort().join(" "), `${id}.pem ${id}.pub ssh_key_${id}.zip`);
      await assert.rejects(stat(join(dir, "ci", "escaped.pem")), { code: "ENOENT" });
    } finally {
      await new Promise((r) => hostile.close(r));
    }
  });

  it("logout revokes the refresh token and forgets the login", async () => {
    const { login } = await configOf(home);
    const res = await run(["logout"]);
    assert.deepEqual([res.code, res.stdout], [0, `Logged out of ${url}.\n`]);
    assert.equal((await configOf(home)).login, undefined);
    assert.equal((await configOf(home)).org, orgId, "the chosen organization stays");
    const refresh = await fetch(`${url}/api/v1/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: login?.refresh_token }),
    });
    assert.equal(refresh.status, 401);
    assert.equal((await run(["whoami"])).code, 4);
  });
});
