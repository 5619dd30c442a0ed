import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import type { ClusterAction, LogPage, Run } from "../../shared/contracts/runner.ts";
import { HttpClient } from "../helpers/http.ts";
import { orgHeaders, signIn } from "../helpers/principals.ts";
import { distributedEnv, freePort, startNode, waitUntil, type NodeProcess } from "../helpers/processes.ts";
import { createRunnableCluster } from "../helpers/runnable-cluster.ts";
import { startSshd, type Sshd } from "../helpers/sshd.ts";

const exec = promisify(execFile);
const SLEEP = "sleep 90.75";
const remoteSleep = () =>
  exec("pgrep", ["-f", SLEEP]).then(
    (r) => r.stdout.trim(),
    () => "",
  );

/**
 * A runner process SIGKILLed in the middle of a run, as a crashed pod is: the command it started
 * on the bastion stops (its SSH connection is gone), and the next sweep of a runner still alive
 * ends the run `failed` "worker lost" (cluster failed, log done) once its heartbeat is older than
 * a lease: never left `running`, never run a second time.
 */
describe("e2e: a runner process killed mid-run (separate processes over NATS, a real sshd as the bastion)", () => {
  const namespace = `runner-lost-${randomBytes(4).toString("hex")}`;
  let work: string;
  let common: Record<string, string>;
  const processes: NodeProcess[] = [];
  let bus: ServiceBroker;
  let sshd: Sshd;
  let http: HttpClient;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "runner-lost-"));
    await mkdir(join(work, "toolkit"));
    await writeFile(join(work, "toolkit", "Makefile"), ["ping-servers:", "\t@echo pong", "slow:", `\t@echo slow step started; ${SLEEP}; echo never printed`, ""].join("\n"));
    common = {
      ...distributedEnv(namespace),
      SSH_ALLOW_PRIVATE_TARGETS: "true",
      RUNNER_TOOLKIT_DIR: join(work, "toolkit"),
      JOBS_LEASE_MS: "2000",
      JOBS_POLL_MS: "300",
      JOBS_PERIODIC_ENABLED: "false",
    };
    const port = await freePort();
    processes.push(startNode("core", { ...common, SERVICES: "api,auth,orgs,inventory,dns,credentials,clusters,events,jobs", NODE_ID: "core", PORT: String(port) }));
    processes.push(startNode("runner-1", { ...common, SERVICES: "runner", NODE_ID: "runner-1" }));
    bus = new ServiceBroker({
      namespace,
      nodeID: `runner-lost-e2e-${randomBytes(3).toString("hex")}`,
      transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
      serializer: "JSON",
      logger: false,
    });
    await bus.start();
    await bus.waitForServices(["auth", "orgs", "inventory", "clusters", "jobs", "runner"], 90_000);
    http = new HttpClient(`http://127.0.0.1:${port}`);
    await waitUntil("the gateway to answer", async () => ((await http.get("/api/v1/healthz")).status === 200 ? true : undefined), 60_000);
  });
  afterAll(async () => {
    await bus?.stop();
    await Promise.all(processes.map((p) => p.stop()));
    await sshd?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it("the remote command stops with the connection, and a live runner's sweep ends the run failed 'worker lost' with its cluster and log", async () => {
    const admin = await signIn(bus, undefined, { admin: true });
    const owner = await signIn(bus);
    const org = (await http.post("/api/v1/orgs", { name: "Lost worker" }, { headers: owner.bearer })).json as { id: string };
    const c = http.with(orgHeaders(owner, org.id));
    const key = (await c.post("/api/v1/ssh", { name: "bastion", type: "ed25519" })).json as { id: string };
    sshd = await startSshd({ authorizedKeys: [(await c.get(`/api/v1/ssh/${key.id}/download?part=public`)).text.trim()] });
    const target = { host: sshd.host, port: sshd.port, user: sshd.user, keyId: key.id };
    const { cluster } = await createRunnableCluster(c, { name: "lost", bastion: target, nodes: [{ ...target, hostname: "node-1" }] });
    const action = (await http.post("/api/v1/admin/actions", { label: "Slow", make_target: "slow" }, { headers: admin.bearer })).json as ClusterAction;
    const started = await c.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
    assert.equal(started.status, 201, started.text);
    const run = started.json as Run;
    const logOf = async () => (await c.get(`/api/v1/clusters/${cluster}/runs/${run.id}/logs?limit=1000`)).json as LogPage;
    const runNow = async () => (await c.get(`/api/v1/clusters/${cluster}/runs/${run.id}`)).json as Run;

    await waitUntil("the slow step to run on the bastion", async () => ((await logOf()).items.some((i) => i.chunk.includes("slow step started")) ? true : undefined), 60_000);
    assert.notEqual(await remoteSleep(), "", "the step runs on the bastion");
    assert.equal((await runNow()).status, "running");

    await processes[1]!.kill();
    await waitUntil("the remote command to stop with its connection", async () => ((await remoteSleep()) === "" ? true : undefined), 30_000);
    // with no runner left, its routes say so (and for how long to wait), never a wrong answer
    const gone = await c.get(`/api/v1/clusters/${cluster}/runs/${run.id}`);
    assert.deepEqual([gone.status, gone.headers.get("retry-after") !== null], [503, true], gone.text);

    processes.push(startNode("runner-2", { ...common, SERVICES: "runner", NODE_ID: "runner-2" }));
    await waitUntil("runner-2 to answer", async () => ((await c.get(`/api/v1/clusters/${cluster}/runs/${run.id}`)).status === 200 ? true : undefined), 60_000);
    assert.equal((await runNow()).status, "running", "nothing has ended the run yet");
    await waitUntil(
      "runner-2's sweep to end the run once its heartbeat is older than a lease",
      async () => {
        // what each runner replica's periodic sweep runs once a minute
        await bus.call("runner.sweep", {}, { nodeID: "runner-2" }).catch(() => undefined);
        const now = await runNow();
        return now.status === "running" ? undefined : now;
      },
      60_000,
    );
    const ended = await runNow();
    assert.deepEqual([ended.status, ended.error, Boolean(ended.finished_at)], ["failed", "worker lost", true]);
    const clusterNow = (await c.get(`/api/v1/clusters/${cluster}`)).json as { status: string; last_error: string };
    assert.deepEqual([clusterNow.status, clusterNow.last_error], ["failed", "worker lost"]);
    const log = await logOf();
    assert.equal(log.done, true, "the log is ended: a live tail stops");
    assert.equal(log.items.at(-1)?.chunk, "run failed: worker lost\n");
    assert.ok(!log.items.some((i) => i.chunk.includes("never printed")));
    // the cluster is free for the next run
    const next = await c.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
    assert.equal(next.status, 201, next.text);
    assert.equal((await c.post(`/api/v1/clusters/${cluster}/runs/${(next.json as Run).id}/cancel`, {})).status, 200);
  });
});
