import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { freePort, runCommand, startFerretDb, startNode, waitUntil, type NodeProcess } from "../helpers/processes.ts";

/**
 * "Running distributed" (docs/operations/distributed.md, linked from the README), run as written: the test reads its shell block and
 * does what each line says, so a README that stops working fails here. Every line must be one
 * of the forms below (anything else fails the test, so the block and this test change together):
 *   npm run infra -- <cmd> [&& …]             the infra script (NATS and Redis: already up for the tests)
 *   VAR=$(npm run --silent infra -- ferretdb-start DIR PORT)   FerretDB through the same script
 *   export A=… B=$(cmd)                        the environment of what follows ($(…) run by bash)
 *   A=… B=… npm start &                        a process (dist/bin/server.js, as `npm start` runs it)
 *   curl [-H "Header: …$VAR"] localhost:PORT/path
 *   VAR=$(npm run --silent token -- ARGS | node -pe '…')   the token command, then the expression
 * The checks (curl, token) run once every started process is ready on its health port, as a
 * developer runs them once the processes are up. Only two things differ from a developer's shell: the README's ports (the database's, the
 * gateway's, the health ports) become free ports, and every process gets a NAMESPACE of its
 * own, so this runs beside other tests on the shared NATS. The database is a FerretDB the infra
 * script starts in a temporary directory instead of DIR.
 */

const ROOT = resolve(import.meta.dirname, "../..");

/** The page that holds "Running distributed" (the README links to it). */
const RECIPE_FILE = "docs/operations/distributed.md";

/** The first ```sh block after the "Running distributed" heading, as lines without their comments. */
function readmeRecipe(): string[] {
  const readme = readFileSync(resolve(ROOT, RECIPE_FILE), "utf8");
  const heading = readme.indexOf("# Running distributed\n");
  assert.ok(heading >= 0, `${RECIPE_FILE} has the heading 'Running distributed'`);
  const section = readme.slice(heading);
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, `${RECIPE_FILE} has a sh block under 'Running distributed'`);
  return block
    .split("\n")
    .map((l) => l.replace(/\s+#\s.*$/, "").trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** `A=x B=$(cmd) rest` → the assignments (values with $(…) evaluated by bash, $VAR from `vars`) and the rest. */
function assignments(text: string, vars: Record<string, string>): { env: Record<string, string>; rest: string } {
  const env: Record<string, string> = {};
  let rest = text;
  for (;;) {
    const m = /^([A-Z_][A-Z0-9_]*)=(\$\([^)]*\)|"[^"]*"|'[^']*'|\S*)\s*/.exec(rest);
    if (!m) break;
    env[m[1]!] = execFileSync("bash", ["-c", `printf %s ${m[2]}`], { env: { ...process.env, ...vars }, encoding: "utf8" });
    rest = rest.slice(m[0].length);
  }
  return { env, rest };
}

describe("e2e: README 'Running distributed' works as written", () => {
  const recipe = readmeRecipe();
  const namespace = `readme-${randomBytes(4).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "readme-ferret-"));
  const ports = new Map<string, number>(); // README port → free port
  const vars: Record<string, string> = {}; // the shell's variables (exported or not)
  const exported: Record<string, string> = {};
  const nodes: (NodeProcess & { env: Record<string, string> })[] = [];
  const answers: { line: string; status: number; body: string }[] = [];
  let ferretPid = 0;

  /** `8080` (a whole value) or `host:27017` in a URL → the free port standing in for it. */
  const mapPorts = (text: string) => text.replace(/(^|:)(\d{4,5})(?=\/|$)/g, (_m, pre: string, p: string) => `${pre}${ports.get(p) ?? p}`);
  const substitute = (text: string) => text.replace(/\$([A-Z_][A-Z0-9_]*)/g, (_m, name: string) => vars[name] ?? "");
  const processEnv = (env: Record<string, string>) => Object.fromEntries(Object.entries({ ...exported, ...env, NAMESPACE: namespace }).map(([k, v]) => [k, mapPorts(v)]));

  /**
   * The README's checks come after `npm start &`; a developer runs them once the processes are
   * up. Here: once each started process answers 200 on its HEALTH_PORT's /readyz.
   */
  let started = false;
  async function untilStarted(): Promise<void> {
    if (started) return;
    started = true;
    for (const n of nodes) {
      const port = n.env.HEALTH_PORT;
      await waitUntil(`${n.name} ready on ${port}`, async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200 ? true : undefined), 90_000);
    }
  }

  async function run(line: string): Promise<void> {
    let m: RegExpExecArray | null;
    if ((m = /^([A-Z_][A-Z0-9_]*)=\$\(npm run --silent infra -- ferretdb-start (\S+) (\d+)\)$/.exec(line))) {
      ferretPid = await startFerretDb(dataDir, ports.get(m[3]!)!);
      vars[m[1]!] = String(ferretPid);
      return;
    }
    if (line.startsWith("npm run infra -- ")) {
      for (const part of line.split("&&")) {
        const cmd = /^npm run infra -- (\S+)$/.exec(part.trim());
        assert.ok(cmd && ["nats", "redis"].includes(cmd[1]!), `README: unexpected infra command ${part}`);
        execFileSync("bash", [resolve(ROOT, "scripts/infra.sh"), cmd[1]!], { stdio: "ignore" });
      }
      return;
    }
    if (line.startsWith("export ")) {
      const { env, rest } = assignments(line.slice("export ".length), vars);
      assert.equal(rest, "", `README: export line not understood: ${line}`);
      Object.assign(exported, env);
      Object.assign(vars, env);
      return;
    }
    if (line.endsWith(" npm start &")) {
      const { env, rest } = assignments(line, vars);
      assert.equal(rest, "npm start &", `README: process line not understood: ${line}`);
      // `npm start` runs dist/bin/server.js as startNode does; the README sets no NODE_ENV (development)
      const nodeEnv = { NODE_ENV: "development", RATE_LIMIT_PER_MINUTE: "600", ...processEnv(env) };
      nodes.push(Object.assign(startNode(env.SERVICES ?? "all", nodeEnv), { env: nodeEnv }));
      return;
    }
    if ((m = /^curl (?:-H "([^"]+)" )?localhost:(\d+)(\/\S*)$/.exec(line))) {
      const headers: Record<string, string> = {};
      if (m[1]) {
        const header = substitute(m[1]);
        headers[header.slice(0, header.indexOf(":"))] = header.slice(header.indexOf(":") + 1).trim();
      }
      const url = `http://127.0.0.1:${ports.get(m[2]!)}${m[3]}`;
      await untilStarted();
      const res = await fetch(url, { headers });
      answers.push({ line, status: res.status, body: await res.text() });
      return;
    }
    if ((m = /^([A-Z_][A-Z0-9_]*)=\$\(npm run --silent token -- (.+?) \| node -pe '(.+)'\)$/.exec(line))) {
      await untilStarted();
      const args = m[2]!.split(/\s+/);
      const out = await runCommand(["--import", "tsx", "bin/token.ts", ...args], { NODE_ENV: "development", ...processEnv({}) });
      assert.equal(out.code, 0, `npm run token: ${out.stderr}`);
      vars[m[1]!] = execFileSync(process.execPath, ["-pe", m[3]!], { input: out.stdout, encoding: "utf8" }).trim();
      return;
    }
    assert.fail(`README line not understood by this test (change both together): ${line}`);
  }

  beforeAll(async () => {
    // the ports the README names, each swapped for a free one (NATS 4222 and Redis 6379 are the shared ones)
    for (const p of new Set(recipe.join("\n").match(/(?<=localhost:|127\.0\.0\.1:|PORT=|ferretdb-start \S+ )\d{4,5}\b/g) ?? [])) {
      if (p !== "4222" && p !== "6379") ports.set(p, await freePort());
    }
    for (const line of recipe) await run(line);
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    if (ferretPid) {
      try {
        process.kill(ferretPid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the recipe is the one documented: FerretDB from the infra script, MONGO_URL on it, three processes, healthz, a token's request", () => {
    assert.ok(recipe.some((l) => l.includes(" ferretdb-start ")));
    assert.equal(mapPorts(exported.MONGO_URL ?? ""), `mongodb://127.0.0.1:${ports.get("27017")}/`);
    assert.deepEqual(
      nodes.map((n) => n.name),
      ["api", "auth,orgs", "inventory,credentials,dns,clusters,jobs,events"],
    );
    assert.equal(answers.length, 2);
  });

  it("GET /api/v1/healthz answers 200 through the gateway", () => {
    const healthz = answers.find((a) => a.line.includes("/api/v1/healthz"))!;
    assert.equal(healthz.status, 200, healthz.body);
    assert.deepEqual(JSON.parse(healthz.body), { status: "ok" });
  });

  it("the token from `npm run token` authenticates a request through the gateway to auth over NATS", () => {
    assert.match(vars.TOKEN ?? "", /^[\w-]+\.[\w-]+\.[\w-]+$/, "an access token (JWT)");
    const me = answers.find((a) => a.line.includes("Authorization: Bearer"))!;
    assert.equal(me.status, 200, me.body);
    const body = JSON.parse(me.body) as { primary_email?: string; emails?: { email: string }[] };
    assert.ok(JSON.stringify(body).includes("you@example.com"), me.body);
  });

  it("the gateway of the recipe serves the operator console (its page and the strict CSP)", async () => {
    const res = await fetch(`http://127.0.0.1:${ports.get("8080")}/console/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    assert.match(res.headers.get("content-security-policy") ?? "", /default-src 'none'|default-src 'self'/);
    assert.match(await res.text(), /<script type="module"[^>]* src="\/console\/assets\//);
  });

  it("every process of the recipe is ready on its own health port", async () => {
    for (const p of ["3001", "3002", "3003"]) {
      const res = await fetch(`http://127.0.0.1:${ports.get(p)}/readyz`);
      assert.equal(res.status, 200, `health port ${p}`);
    }
  });
});
