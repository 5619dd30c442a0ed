import { strict as assert } from "node:assert";
import { chmod, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ClusterClient, UnexpectedResponseError, ok } from "../../clients/typescript/src/index.ts";
import { main } from "../../clients/typescript/cli/main.ts";

/** A local HTTP server answering with `handle`; every request's headers are kept. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

/** Runs clusterctl in this process: exit code, stdout, stderr. */
async function clusterctl(args: string[], env: Record<string, string>, input = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: { write: (t: string | Uint8Array) => (stdout += typeof t === "string" ? t : Buffer.from(t).toString()) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin: (async function* () {
      yield input;
    })(),
    env,
    cwd: tmpdir(),
  });
  return { code, stdout, stderr };
}

const CREDENTIAL_HEADERS = ["authorization", "x-api-key", "x-org-key", "x-org-secret"];

describe("the TypeScript client and clusterctl against hostile or broken servers", () => {
  let home: string;
  let elsewhere: Awaited<ReturnType<typeof serve>>;
  const servers: Server[] = [];

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "clusterctl-safety-"));
    elsewhere = await serve((_req, res) => json(res, { id: "x" }));
    servers.push(elsewhere.server);
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    await rm(home, { recursive: true, force: true });
  });

  it("never follows a redirect: no credential of any kind reaches another origin, and the error says why", async () => {
    const redirecting = await serve((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/api/v1/me` });
      res.end();
    });
    servers.push(redirecting.server);
    const auths = [
      { type: "bearer", accessToken: "a.b.c" },
      { type: "userKey", key: "u_secret_user_key" },
      { type: "orgKey", key: "ok_key", secret: "org_secret_value" },
    ] as const;
    for (const auth of auths) {
      const client = new ClusterClient({ baseUrl: redirecting.url, auth, orgId: "0190a000-0000-7000-8000-000000000000" });
      await assert.rejects(ok(client.api.GET("/api/v1/me")), (err: unknown) => {
        assert.ok(err instanceof UnexpectedResponseError);
        assert.equal(
          err.message,
          `unexpected answer from ${redirecting.url}/api/v1/me: 307 redirecting to "${elsewhere.url}/api/v1/me": not followed (credentials are only sent to the gateway given)`,
        );
        return true;
      });
    }
    const cli = await clusterctl(["orgs", "list"], {
      HOME: home,
      XDG_CONFIG_HOME: join(home, "cfg"),
      CLUSTERCTL_URL: redirecting.url,
      CLUSTERCTL_ORG_KEY: "ok_key",
      CLUSTERCTL_ORG_SECRET: "org_secret_value",
    });
    assert.equal(cli.code, 5);
    assert.match(cli.stderr, /^clusterctl: unexpected answer from .*: 307 redirecting to .* not followed/);
    const apiKey = await clusterctl(["whoami"], { HOME: home, XDG_CONFIG_HOME: join(home, "cfg"), CLUSTERCTL_URL: redirecting.url, CLUSTERCTL_API_KEY: "u_secret_user_key" });
    assert.equal(apiKey.code, 5);
    assert.equal(redirecting.seen.length, auths.length + 2);
    assert.equal(elsewhere.seen.length, 0, "the other origin was never asked");
    for (const h of elsewhere.seen) for (const name of CREDENTIAL_HEADERS) assert.equal(h[name], undefined, name);
  });

  it("reads an answer as it streams, up to a size limit: a huge body fails without being read whole", async () => {
    let written = 0;
    let closedEarly = false;
    const huge = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      res.write("[");
      const pump = () => {
        while (written < 200 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end("]");
      };
      res.on("close", () => (closedEarly = !res.writableFinished));
      pump();
    });
    servers.push(huge.server);
    const client = new ClusterClient({ baseUrl: huge.url, auth: { type: "userKey", key: "u_x_key_1234" }, maxResponseBytes: 1024 * 1024 });
    await assert.rejects(ok(client.api.GET("/api/v1/orgs")), (err: unknown) => {
      assert.ok(err instanceof UnexpectedResponseError);
      assert.equal(err.message, `unexpected answer from ${huge.url}/api/v1/orgs: 200 with a body over 1048576 bytes (not read)`);
      return true;
    });
    await new Promise<void>((resolve) => {
      const check = () => (closedEarly ? resolve() : setTimeout(check, 20));
      check();
    });
    assert.ok(written < 100 * 1024 * 1024, `the server wrote ${written} bytes before the client hung up`);

    const declared = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(80 * 1024 * 1024) });
      res.write("[");
    });
    servers.push(declared.server);
    const cli = await clusterctl(["orgs", "list"], { HOME: home, XDG_CONFIG_HOME: join(home, "cfg"), CLUSTERCTL_URL: declared.url, CLUSTERCTL_API_KEY: "u_x_key_1234" });
    assert.deepEqual([cli.code, cli.stderr], [5, `clusterctl: unexpected answer from ${declared.url}/api/v1/orgs: 200 with a body over ${64 * 1024 * 1024} bytes (not read)\n`]);
  });

  it("escapes control characters and escape sequences in tables and messages; --json prints the API's JSON", async () => {
    const evil = "\u001b]0;owned\u0007\u001b[2J\u009bevil\nforged line\r\u202eedoc";
    const api = await serve((req, res) => {
      if (req.url?.startsWith("/api/v1/orgs/")) {
        json(res, { id: "0190a000-0000-7000-8000-000000000001", name: evil, domain: "", created_at: "2026-11-26T00:00:00.000Z", updated_at: "2026-11-26T00:00:00.000Z" });
        return;
      }
      json(res, [{ id: "0190a000-0000-7000-8000-000000000001", name: evil, domain: "", created_at: "2026-11-26T00:00:00.000Z", updated_at: "2026-11-26T00:00:00.000Z" }]);
    });
    servers.push(api.server);
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, "cfg"), CLUSTERCTL_URL: api.url, CLUSTERCTL_API_KEY: "u_x_key_1234" };
    const table = await clusterctl(["orgs", "list"], env);
    assert.equal(table.code, 0, table.stderr);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be printed
    assert.doesNotMatch(table.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    assert.ok(table.stdout.includes("\\x1b]0;owned\\x07\\x1b[2J\\x9bevil forged line \\u202eedoc"), table.stdout);
    assert.equal(table.stdout.split("\n").length, 6, "a name cannot add lines to the table");
    const used = await clusterctl(["orgs", "use", "0190a000-0000-7000-8000-000000000001"], env);
    assert.equal(used.code, 0, used.stderr);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be printed
    assert.doesNotMatch(used.stdout.slice(0, -1), /[\u0000-\u001f\u007f-\u009f\u202e]/);
    const asJson = await clusterctl(["orgs", "list", "--json"], env);
    assert.equal((JSON.parse(asJson.stdout) as { name: string }[])[0]!.name, evil);
  });

  it("whoami: an unexpected /me answer is exit 5 with a message, not a crash", async () => {
    for (const body of [
      {},
      { id: "u", primary_email: "a@b", display_name: "A", is_admin: false },
      { id: "u", primary_email: "a@b", display_name: "A", is_admin: false, organizations: [null] },
      [],
    ]) {
      const api = await serve((_req, res) => json(res, body));
      servers.push(api.server);
      const run = await clusterctl(["whoami"], { HOME: home, XDG_CONFIG_HOME: join(home, "cfg"), CLUSTERCTL_URL: api.url, CLUSTERCTL_API_KEY: "u_x_key_1234" });
      assert.deepEqual(
        [run.code, run.stderr],
        [5, `clusterctl: unexpected answer from ${api.url}/api/v1/me: 200 that is not a user (id, primary_email, display_name, is_admin, organizations)\n`],
        JSON.stringify(body),
      );
    }
  });

  it("an existing configuration folder open to others is made owner-only (0700) when the login is stored", async () => {
    const me = { id: "0190a000-0000-7000-8000-000000000002", primary_email: "a@example.com", display_name: "A", is_admin: false, organizations: [] };
    const api = await serve((_req, res) => json(res, me));
    servers.push(api.server);
    const folder = join(home, "open", "clusterctl");
    await mkdir(folder, { recursive: true });
    await chmod(folder, 0o777);
    const pair = { access_token: "a.b.c", refresh_token: "r", token_type: "Bearer", expires_in: 900 };
    const run = await clusterctl(["login", "--url", api.url], { HOME: home, XDG_CONFIG_HOME: join(home, "open") }, JSON.stringify(pair));
    assert.equal(run.code, 0, run.stderr);
    assert.equal((await stat(folder)).mode & 0o777, 0o700);
    assert.equal((await stat(join(folder, "config.json"))).mode & 0o777, 0o600);
  });
});
