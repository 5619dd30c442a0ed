import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { HttpClient } from "../helpers/http.ts";
import { startNatsServer, type NatsServer } from "../helpers/nats-server.ts";
import { freePort, runCommand, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * The bus (NATS) stops under a running system and comes back: every process reports not ready
 * within 2 s, requests through the gateway answer 503 naming the service within about a second
 * (never a hang until the request timeout, never a 500), and everything is ready and answering
 * again once the bus is back, without a restart. The test runs its own nats-server: the shared
 * one on 4222 is never stopped.
 */
describe("e2e fault: a NATS outage is answered fast and honestly", () => {
  let nats: NatsServer;
  const nodes: NodeProcess[] = [];
  const healthOf = new Map<string, number>();
  let user: HttpClient;
  let orgId: string;

  const ready = async (name: string) => (await fetch(`http://127.0.0.1:${healthOf.get(name)}/readyz`)).status;

  beforeAll(async () => {
    nats = await startNatsServer();
    const namespace = `natsout-${randomBytes(4).toString("hex")}`;
    const common = { ...distributedEnv(namespace), TRANSPORTER: nats.url, REQUEST_TIMEOUT_MS: "10000" };
    const port = await freePort();
    const start = async (name: string, env: Record<string, string>) => {
      const health = await freePort();
      healthOf.set(name, health);
      nodes.push(startNode(name, { ...common, ...env, HEALTH_PORT: String(health) }));
      await waitUntil(`${name} ready`, async () => ((await ready(name)) === 200 ? true : undefined), 60_000);
    };
    await Promise.all([start("gateway", { SERVICES: "api", PORT: String(port) }), start("auth", { SERVICES: "auth" }), start("orgs", { SERVICES: "orgs" })]);
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", `natsout-${namespace}@example.com`], common);
    assert.equal(out.code, 0, out.stderr);
    user = new HttpClient(`http://127.0.0.1:${port}`).with({ authorization: `Bearer ${(JSON.parse(out.stdout) as { access_token: string }).access_token}` });
    const created = await user.post("/api/v1/orgs", { name: "Bus Outage Org" });
    assert.equal(created.status, 201, created.text);
    orgId = (created.json as { id: string }).id;
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await nats?.stop();
  });

  it("/readyz is 503 within 2 s of NATS stopping, requests answer 503 within about 1 s, and all is back once NATS is", async () => {
    const names = [...healthOf.keys()];
    const stoppedAt = Date.now();
    await nats.stop();
    const notReadyAfter = await Promise.all(
      names.map(async (name) => {
        await waitUntil(`${name} not ready`, async () => ((await ready(name)) === 503 ? true : undefined), 10_000);
        return Date.now() - stoppedAt;
      }),
    );
    for (const [i, ms] of notReadyAfter.entries()) assert.ok(ms < 2_000, `${names[i]} reported ready ${ms} ms into the outage`);

    const answers: { status: number; ms: number; text: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const t0 = Date.now();
      const res = i % 2 === 0 ? await user.get(`/api/v1/orgs/${orgId}`) : await user.post("/api/v1/orgs", { name: `during-${i}` });
      answers.push({ status: res.status, ms: Date.now() - t0, text: res.text });
    }
    assert.deepEqual(
      answers.map((a) => a.status),
      [503, 503, 503, 503, 503, 503],
      JSON.stringify(answers),
    );
    for (const a of answers) assert.match(a.text, /service unavailable: (auth|orgs)/);
    const slowest = Math.max(...answers.map((a) => a.ms));
    assert.ok(slowest < 1_500, `the slowest answer during the outage took ${slowest} ms`);

    const restartedAt = Date.now();
    await nats.restart();
    for (const name of names) await waitUntil(`${name} ready again`, async () => ((await ready(name)) === 200 ? true : undefined), 30_000);
    const back = await waitUntil("requests to succeed again", async () => {
      const res = await user.get(`/api/v1/orgs/${orgId}`);
      return res.status === 200 ? Date.now() - restartedAt : undefined;
    });
    assert.ok(back < 10_000, `requests succeeded again ${back} ms after NATS returned`);
    // every process reports not ready and ready again by itself, and none logged a stack for a 503
    const gatewayOutput = nodes[0]!.output.join("\n");
    assert.doesNotMatch(gatewayOutput, /Request error!/);
    console.log(`NATS outage: not ready after ${notReadyAfter.join("/")} ms; slowest request ${slowest} ms; answering again ${back} ms after NATS returned`);
  });
});
