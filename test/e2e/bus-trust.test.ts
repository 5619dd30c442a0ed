import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { DEV_LOGIN_REFUSED } from "../../shared/dev-login.ts";
import { RedactingLogger } from "../../shared/logging.ts";
import { HttpClient } from "../helpers/http.ts";
import { startNatsServer, type NatsServer } from "../helpers/nats-server.ts";
import { distributedEnv, freePort, runCommand, startNode, waitUntil, type NodeProcess } from "../helpers/processes.ts";

/**
 * The bus is the trust boundary of the distributed deployment: a process that reaches NATS
 * without its credentials must not join, and even a node that has them must not find the
 * operator-only actions that mint tokens when the system runs with production settings.
 */
describe("e2e: production system on a NATS with credentials, and a foreign broker", () => {
  const namespace = `bus-${randomBytes(4).toString("hex")}`;
  const user = "bus";
  const pass = `pw-${randomBytes(16).toString("hex")}`;
  let nats: NatsServer;
  let system: NodeProcess;
  let env: Record<string, string>;

  /** A broker that is not part of the system: it knows the bus address and, maybe, credentials. */
  function foreignBroker(name: string, credentials: { user?: string; pass?: string }, lines: string[] = []): ServiceBroker {
    return new ServiceBroker({
      namespace,
      nodeID: `${name}-${randomBytes(3).toString("hex")}`,
      transporter: { type: "NATS", options: { servers: [new URL(nats.url).host], ...credentials } },
      transit: { disableReconnect: true },
      logger: new RedactingLogger({ level: "info", write: (l) => lines.push(l) }),
      skipProcessEventRegistration: true,
    });
  }

  beforeAll(async () => {
    nats = await startNatsServer(user, pass);
    const port = await freePort();
    env = {
      ...distributedEnv(namespace),
      NODE_ENV: "production",
      TRANSPORTER: nats.url,
      NATS_USER: user,
      NATS_PASSWORD: pass,
      HEALTH_PORT: "0",
    };
    // debug: the transporter's connection details and errors are logged at debug level too
    system = startNode("system", { ...env, SERVICES: "api,auth,orgs", PORT: String(port), LOG_LEVEL: "debug" });
    const http = new HttpClient(`http://127.0.0.1:${port}`);
    await waitUntil(
      "the production system to answer",
      async () => {
        if (system.child.exitCode !== null) throw new Error(`system exited: ${system.output.join("\n")}`);
        return (await http.get("/api/v1/.well-known/jwks.json")).status === 200 ? true : undefined;
      },
      60_000,
    );
  });

  afterAll(async () => {
    await system?.stop();
    await nats?.stop();
  });

  it("a broker without the bus credentials cannot connect, and the system never sees it", async () => {
    const lines: string[] = [];
    const intruder = foreignBroker("intruder", {}, lines);
    void intruder.start().catch(() => {});
    await waitUntil("the intruder's refused connection", async () => (lines.some((l) => l.includes("Connection is failed")) ? true : undefined), 15_000);
    assert.ok(
      lines.some((l) => /Authorization Violation/i.test(l)),
      lines.join("\n"),
    );
    assert.equal(intruder.transit?.connected, false);

    const wrong: string[] = [];
    const guesser = foreignBroker("guesser", { user, pass: "not-the-password" }, wrong);
    void guesser.start().catch(() => {});
    await waitUntil("the guesser's refused connection", async () => (wrong.some((l) => l.includes("Connection is failed")) ? true : undefined), 15_000);
    assert.ok(
      wrong.some((l) => /Authorization Violation/i.test(l)),
      wrong.join("\n"),
    );

    const insider = foreignBroker("insider", { user, pass });
    await insider.start();
    try {
      await insider.waitForServices(["auth"], 15_000);
      const nodes = (await insider.call("$node.list")) as { id: string; available: boolean }[];
      const ids = nodes.map((n) => n.id);
      assert.ok(!ids.includes(intruder.nodeID) && !ids.includes(guesser.nodeID), ids.join(", "));
    } finally {
      await insider.stop();
      await Promise.all([intruder.stop().catch(() => {}), guesser.stop().catch(() => {})]);
    }
  });

  it("a broker with the bus credentials finds no action that mints tokens", async () => {
    const member = foreignBroker("member", { user, pass });
    await member.start();
    try {
      await member.waitForServices(["auth"], 15_000);
      assert.ok(member.registry.getActionEndpoints("auth.jwks")?.hasAvailable(), "auth is reachable over the bus");
      assert.equal(member.registry.getActionEndpoints("auth.devLogin"), undefined);
      await assert.rejects(member.call("auth.devLogin", { email: "intruder@example.com", admin: true }), { name: "ServiceNotFoundError" });
    } finally {
      await member.stop();
    }
  });

  it("`npm run token` on that bus says plainly why it is refused", async () => {
    const res = await runCommand(["--import", "tsx", "bin/token.ts", "--email", "ops@example.com", "--admin"], { ...env, LOG_LEVEL: "warn" });
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.equal(res.stdout, "");
    assert.ok(res.stderr.includes(`token: ${DEV_LOGIN_REFUSED}`), res.stderr);
  });

  it("the transporter logs no bus password", () => {
    assert.ok(
      system.output.some((l) => l.includes("NATS client is connected")),
      system.output.join("\n"),
    );
    assert.ok(!system.output.some((l) => l.includes(pass)), "a log line carries the bus password");
  });

  it("production refuses to start with DEV_LOGIN_ENABLED unless DEV_LOGIN_FORCE is also set", async () => {
    const refused = startNode("dev-login", { ...env, SERVICES: "auth", DEV_LOGIN_ENABLED: "true" });
    const code = await waitUntil("the refused start to exit", async () => refused.child.exitCode ?? undefined, 60_000);
    assert.equal(code, 1);
    assert.match(refused.output.join("\n"), /DEV_LOGIN_ENABLED .*production refuses it unless DEV_LOGIN_FORCE=true/);
  });
});
