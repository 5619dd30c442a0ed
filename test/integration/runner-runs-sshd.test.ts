import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import type { Server } from "../../shared/contracts/inventory.ts";
import type { ClusterAction, LogChunk, LogPage, Run } from "../../shared/contracts/runner.ts";
import { openTail } from "../helpers/event-stream.ts";
import { fakeKubeconfig } from "../helpers/fixtures.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { freePort, waitUntil } from "../helpers/processes.ts";
import { createRunnableCluster } from "../helpers/runnable-cluster.ts";
import { startSshd, type Sshd } from "../helpers/sshd.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const exec = promisify(execFile);
/** What `pgrep -f` finds (empty when nothing matches). */
const processesMatching = (pattern: string) =>
  exec("pgrep", ["-f", pattern]).then(
    (r) => r.stdout.trim(),
    () => "",
  );

/** How long a make step may take in this stack: long enough for the quick targets under load, short enough to see a timeout. */
const STEP_TIMEOUT_S = 12;

/**
 * The bastion's toolkit for these tests (RUNNER_TOOLKIT_DIR on the sshd's machine): targets that
 * print what a careless script would (the run's private keys, org secret and kubeconfig), call the
 * API back with the run's org key, write to stderr, fail, and sleep past the step timeout.
 */
function makefile(work: string): string {
  const recipe = (lines: string[]) => lines.map((l) => `\t${l}`).join("\n");
  return [
    "ping-servers:",
    recipe(["@node $(CURDIR)/ping.mjs $(RUN_DIR)"]),
    "deploy:",
    recipe([
      "@echo deploying the cluster",
      "@sleep 1; echo step 1 of 2 done; sleep 1; echo step 2 of 2 done",
      "@cat $(RUN_DIR)/env.json $(RUN_DIR)/keys/* $(RUN_DIR)/kubeconfig",
      "@echo a warning on stderr >&2",
      `@cp $(RUN_DIR)/env.json ${work}/seen-env.json`,
      "@node $(CURDIR)/callback.mjs $(RUN_DIR)/env.json",
    ]),
    "fail:",
    recipe(["@echo about to fail", "@exit 3"]),
    "slow:",
    recipe([`@echo slow step started; sleep ${STEP_TIMEOUT_S * 5}.25; echo never printed`]),
    "",
  ].join("\n");
}

/** Reads the run's env.json and calls the API back with its org key, as a toolkit would. */
const CALLBACK = `
import { readFileSync } from "node:fs";
const env = JSON.parse(readFileSync(process.argv[2], "utf8"));
const res = await fetch(env.api_base_url + "/clusters/" + env.cluster_id, { headers: { "x-org-key": env.org_key, "x-org-secret": env.org_secret } });
const body = await res.json();
console.log("callback " + res.status + " " + body.name);
`;

/** Reaches every node server of the cluster from the bastion over SSH with the key uploaded for it, as a toolkit's ping does. */
const PING = `
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
const dir = process.argv[2];
const cluster = JSON.parse(readFileSync(dir + "/cluster.json", "utf8"));
for (const server of cluster.node_pools.flatMap((p) => p.servers)) {
  const out = execFileSync("ssh", ["-i", dir + "/keys/" + server.id, "-p", String(server.ssh_port), "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
    "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", server.ssh_user + "@" + server.private_ip_address, "echo pong"], { encoding: "utf8" });
  console.log(server.hostname + ": " + out.trim());
}
`;

// Cluster runs through HTTP and the jobs worker against a real sshd: the make steps on the bastion, live log, secrets redacted.
describe("runner: cluster runs over SSH (real sshd as the bastion)", () => {
  let stack: Stack;
  let sshd: Sshd;
  let nodeSshd: Sshd;
  let nodeKeyId: string;
  let admin: SignedIn;
  let alice: Tenant;
  let bob: Tenant;
  let work: string;
  let toolkit: string;
  let cluster: string;
  let bastion: Server;
  const secrets: string[] = [];
  let actions = 0;

  const actionFor = async (target: string): Promise<ClusterAction> => {
    const res = await stack.http.post("/api/v1/admin/actions", { label: `Target ${target} ${++actions}`, make_target: target }, { headers: admin.bearer });
    assert.equal(res.status, 201, res.text);
    return res.json as ClusterAction;
  };
  const start = async (target: string): Promise<Run> => {
    const action = await actionFor(target);
    const res = await alice.http.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
    assert.equal(res.status, 201, res.text);
    return res.json as Run;
  };
  const runNow = async (id: string): Promise<Run> => (await alice.http.get(`/api/v1/clusters/${cluster}/runs/${id}`)).json as Run;
  const ended = (id: string) =>
    waitUntil(
      `run ${id} to end`,
      async () => {
        const r = await runNow(id);
        return ["succeeded", "failed", "canceled"].includes(r.status) ? r : undefined;
      },
      90_000,
    );
  /** The whole log, page by page (small pages: the cursor is exercised). */
  const logOf = async (id: string): Promise<{ items: LogChunk[]; done: boolean }> => {
    const items: LogChunk[] = [];
    let after = "";
    for (;;) {
      const res = await alice.http.get(`/api/v1/clusters/${cluster}/runs/${id}/logs?limit=3${after === "" ? "" : `&after=${after}`}`);
      assert.equal(res.status, 200, res.text);
      const page = res.json as LogPage;
      items.push(...page.items);
      if (page.items.length === 0 || page.next_cursor === null) return { items, done: page.done };
      after = page.next_cursor;
    }
  };
  const textOf = (items: LogChunk[], stream?: string) =>
    items
      .filter((i) => stream === undefined || i.stream === stream)
      .map((i) => i.chunk)
      .join("");
  const clusterNow = async () => (await alice.http.get(`/api/v1/clusters/${cluster}`)).json as { status: string; last_error: string };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "runner-runs-"));
    toolkit = join(work, "toolkit");
    await mkdir(toolkit);
    await writeFile(join(toolkit, "Makefile"), makefile(work));
    await writeFile(join(toolkit, "callback.mjs"), CALLBACK);
    await writeFile(join(toolkit, "ping.mjs"), PING);
    // the gateway's port is chosen first: the run's env.json tells the toolkit where to call the API back
    const port = await freePort();
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events", "jobs", "runner"],
      env: {
        PORT: String(port),
        API_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
        SSH_ALLOW_PRIVATE_TARGETS: "true",
        RUNNER_STEP_TIMEOUT_S: String(STEP_TIMEOUT_S),
        RUNNER_TOOLKIT_DIR: toolkit,
        JOBS_PERIODIC_ENABLED: "false",
      },
    });
    admin = await signIn(stack.broker, undefined, { admin: true });
    alice = await newTenant(stack, "Runs over SSH");
    bob = await newTenant(stack, "Another org");

    const key = await alice.http.post("/api/v1/ssh", { name: "bastion and nodes", type: "ed25519" });
    assert.equal(key.status, 201, key.text);
    const keyId = (key.json as { id: string }).id;
    const pub = await alice.http.get(`/api/v1/ssh/${keyId}/download?part=public`);
    const privateKey = ((await alice.http.get(`/api/v1/ssh/${keyId}?reveal=true`)).json as { private_key: string }).private_key;
    sshd = await startSshd({ authorizedKeys: [pub.text.trim()] });
    // the node server: another sshd, reached from the bastion with its own key (uploaded by the run)
    const nodeKey = await alice.http.post("/api/v1/ssh", { name: "nodes", type: "ed25519" });
    assert.equal(nodeKey.status, 201, nodeKey.text);
    nodeKeyId = (nodeKey.json as { id: string }).id;
    const nodePub = await alice.http.get(`/api/v1/ssh/${nodeKeyId}/download?part=public`);
    const nodePrivate = ((await alice.http.get(`/api/v1/ssh/${nodeKeyId}?reveal=true`)).json as { private_key: string }).private_key;
    nodeSshd = await startSshd({ authorizedKeys: [nodePub.text.trim()] });

    const kubeconfig = fakeKubeconfig("ssh-run");
    secrets.push(
      privateKey.split("\n")[1]!,
      nodePrivate.split("\n")[1]!,
      kubeconfig
        .split("\n")
        .find((l) => l.includes("kubetoken-"))!
        .trim(),
    );

    // a cluster with every slot a run needs: the sshd is its bastion, the other sshd its node
    ({ cluster, bastion } = await createRunnableCluster(alice.http, {
      name: "ssh-run",
      bastion: { host: sshd.host, port: sshd.port, user: sshd.user, keyId },
      nodes: [{ host: nodeSshd.host, port: nodeSshd.port, user: nodeSshd.user, keyId: nodeKeyId, hostname: "node-1" }],
      kubeconfig,
    }));
  });
  afterAll(async () => {
    await sshd?.stop();
    await nodeSshd?.stop();
    await stack?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it("runs ping-servers then the action's target on the bastion: succeeded, cluster ready, host key pinned, output live in order with stderr apart, the org key working during the run and revoked after", async () => {
    const run = await start("deploy");
    // the run's log followed live: output arrives while the run is still running, and the tail ends with done
    const tail = await openTail(stack.baseUrl, `/api/v1/clusters/${cluster}/runs/${run.id}/logs`, alice.h);
    assert.equal(tail.status, 200, tail.text);
    const liveText = () =>
      tail.frames
        .filter((f) => f.event === "log")
        .map((f) => (JSON.parse(f.data) as LogChunk).chunk)
        .join("");
    await waitUntil(
      "the first deploy step in the live tail",
      async () => {
        if (liveText().includes("step 1 of 2 done")) return true;
        const now = await runNow(run.id);
        if (now.status !== "queued" && now.status !== "running") throw new Error(`the run ended ${now.status}: ${now.error}\n${textOf((await logOf(run.id)).items)}`);
        return undefined;
      },
      60_000,
    );
    assert.equal((await runNow(run.id)).status, "running", "the output arrived while the run was running");
    const done = await ended(run.id);
    await waitUntil("the tail to end", async () => (tail.ended ? true : undefined), 20_000);
    assert.equal(tail.frames.at(-1)?.event, "done");
    assert.equal(done.status, "succeeded", `${done.error}\n${textOf((await logOf(run.id)).items)}\n${sshd.log()}`);
    assert.deepEqual([done.error, Boolean(done.started_at), Boolean(done.finished_at)], ["", true, true]);
    assert.deepEqual(await clusterNow(), { ...(await clusterNow()), status: "ready", last_error: "" });
    const server = (await alice.http.get(`/api/v1/servers/${bastion.id}`)).json as Server;
    assert.equal(server.ssh_host_key_fingerprint, await sshd.hostKeyFingerprint(), "trust on first use: the run pinned the bastion's host key");

    const log = await logOf(run.id);
    assert.equal(log.done, true);
    const all = textOf(log.items);
    assert.equal(liveText(), textOf(log.items), "the live tail saw exactly the stored log");
    const order = ["make ping-servers", "node-1: pong", "make deploy", "deploying the cluster", "step 2 of 2 done", "callback 200 ssh-run", "run succeeded"].map((s) =>
      all.indexOf(s),
    );
    assert.ok(
      order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!)),
      all,
    );
    assert.ok(textOf(log.items, "stderr").includes("a warning on stderr"), JSON.stringify(log.items));
    assert.ok(!textOf(log.items, "stdout").includes("a warning on stderr"));

    // what the script printed of the run's secrets is redacted; the org key it used is revoked now
    const env = JSON.parse(await readFile(join(work, "seen-env.json"), "utf8")) as { org_key: string; org_secret: string; cluster_id: string };
    assert.equal(env.cluster_id, cluster);
    secrets.push(env.org_secret);
    for (const s of secrets) assert.ok(!all.includes(s), `the log holds a secret: ${s.slice(0, 12)}…`);
    assert.ok(all.includes("[redacted]"), all);
    const after = await stack.http.get(`/api/v1/clusters/${cluster}`, { headers: { "x-org-key": env.org_key, "x-org-secret": env.org_secret } });
    assert.equal(after.status, 401, "the run's org key is revoked once the run ends");

    // the run directory is removed from the bastion
    const { stdout } = await exec("ls", ["/tmp"]);
    assert.ok(!stdout.split("\n").includes(`run-${run.id}`), "run directory removed");
  });

  it("a failing target ends the run failed naming the exit, the cluster failed with the same last_error; the next run may start", async () => {
    const run = await start("fail");
    const done = await ended(run.id);
    assert.equal(done.status, "failed");
    assert.match(done.error, /^make fail failed \(exit 2\)$/);
    assert.deepEqual([(await clusterNow()).status, (await clusterNow()).last_error], ["failed", done.error]);
    const all = textOf((await logOf(run.id)).items);
    assert.ok(all.includes("about to fail") && all.includes(`run failed: ${done.error}`), all);
  });

  it("cancel while a step runs: the remote command is stopped (its process gone), the run ends canceled, another organization cannot cancel", async () => {
    const run = await start("slow");
    await waitUntil("the slow step to start", async () => (textOf((await logOf(run.id)).items).includes("slow step started") ? true : undefined), 60_000);
    const sleeping = `sleep ${STEP_TIMEOUT_S * 5}.25`;
    assert.notEqual(await processesMatching(sleeping), "", "the step runs on the bastion");

    const foreign = await bob.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {});
    assert.deepEqual([foreign.status, foreign.text], [404, "run not found"]);
    const cancel = await alice.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {});
    assert.equal(cancel.status, 200, cancel.text);
    const done = await ended(run.id);
    assert.deepEqual([done.status, done.error], ["canceled", "canceled"]);
    await waitUntil("the remote sleep to be gone", async () => ((await processesMatching(sleeping)) === "" ? true : undefined), 20_000);
    assert.ok(!textOf((await logOf(run.id)).items).includes("never printed"));
    assert.deepEqual([(await clusterNow()).status, (await clusterNow()).last_error], ["failed", "run canceled"]);
    const again = await alice.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {});
    assert.deepEqual([again.status, again.text], [409, "run has already ended"]);
  });

  it("a step longer than RUNNER_STEP_TIMEOUT_S ends the run failed as timed out, its process stopped", async () => {
    const run = await start("slow");
    const done = await ended(run.id);
    assert.deepEqual([done.status, done.error], ["failed", `make slow timed out after ${STEP_TIMEOUT_S}s`]);
    await waitUntil("the timed-out step's process to be gone", async () => ((await processesMatching(`sleep ${STEP_TIMEOUT_S * 5}.25`)) === "" ? true : undefined), 20_000);
  });

  it("a bastion whose host key changed is refused, naming both fingerprints; nothing of the run's secrets reached a log, an event or an answer", async () => {
    const pinned = await sshd.hostKeyFingerprint();
    await sshd.restart({ newHostKey: true });
    const fresh = await sshd.hostKeyFingerprint();
    const run = await start("deploy");
    const done = await ended(run.id);
    assert.equal(done.status, "failed");
    assert.ok(done.error.includes(pinned) && done.error.includes(fresh), done.error);

    const events = (await alice.http.get(`/api/v1/audit-events?limit=500`)).json as DomainEvent[];
    const runs = (await alice.http.get(`/api/v1/clusters/${cluster}/runs`)).json as Run[];
    // every document of every service's database (runs, log chunks, job payloads, events) too
    const mongo = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();
    const stored: string[] = [];
    try {
      const { databases } = await mongo.db("admin").admin().listDatabases({ nameOnly: true });
      for (const { name } of databases.filter((d) => d.name.startsWith(`${stack.dbPrefix}_`))) {
        for (const c of await mongo.db(name).listCollections().toArray()) stored.push(JSON.stringify(await mongo.db(name).collection(c.name).find({}).toArray()));
      }
    } finally {
      await mongo.close();
    }
    assert.ok(
      stored.some((s) => s.includes("deploying the cluster")),
      "the scan reached the runner's log chunks",
    );
    const everything = [JSON.stringify(events), JSON.stringify(runs), stack.logs.join("\n"), ...stored].join("\n");
    for (const s of secrets) assert.ok(!everything.includes(s), `a secret left the runner: ${s.slice(0, 12)}…`);
  });
});
