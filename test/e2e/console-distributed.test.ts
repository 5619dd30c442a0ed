import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import type { Page } from "playwright-core";
import { TokenPair } from "../../shared/contracts/auth.ts";
import type { Job, PageJob, QueueInfo } from "../../shared/contracts/jobs.ts";
import { buildConsole, ConsoleBrowser, signInWithToken } from "../helpers/console-browser.ts";
import { HttpClient } from "../helpers/http.ts";
import { distributedEnv, freePort, runCommand, startNode, waitUntil, type NodeProcess } from "../helpers/processes.ts";

const tail = (id: string) => `…${id.slice(-8)}`;

/**
 * The operator console against the distributed layout: the gateway, the identity services (auth,
 * orgs) and the jobs service each in a process of its own on the real NATS, as operators deploy
 * them; Debian's Chromium drives the console served by the gateway process. Signing in with a
 * token, the jobs list and pausing and resuming a queue all cross the bus.
 */
describe("e2e: the operator console with gateway, identity and jobs in separate processes over NATS", () => {
  const namespace = `console-${randomBytes(4).toString("hex")}`;
  const common: Record<string, string> = { ...distributedEnv(namespace), JOBS_POLL_MS: "500", JOBS_PERIODIC_ENABLED: "false" };
  const nodes: Record<"gateway" | "identity" | "jobs", NodeProcess> = {} as never;
  let baseUrl = "";
  let browser: ConsoleBrowser;
  let admin: { email: string; tokens: TokenPair };
  let api: HttpClient;
  /** A client on the bus, as a service enqueueing its work is. */
  let bus: ServiceBroker;

  beforeAll(async () => {
    // the gateway process serves the build it finds at start
    await buildConsole();
    const port = await freePort();
    const health = { gateway: await freePort(), identity: await freePort(), jobs: await freePort() };
    nodes.gateway = startNode("gateway", { ...common, SERVICES: "api", PORT: String(port), HEALTH_PORT: String(health.gateway) });
    nodes.identity = startNode("identity", { ...common, SERVICES: "auth,orgs", HEALTH_PORT: String(health.identity) });
    nodes.jobs = startNode("jobs", { ...common, SERVICES: "jobs", HEALTH_PORT: String(health.jobs) });
    for (const n of ["gateway", "identity", "jobs"] as const) {
      await waitUntil(`${n} ready`, async () => ((await fetch(`http://127.0.0.1:${health[n]}/readyz`)).status === 200 ? true : undefined), 60_000);
    }
    baseUrl = `http://127.0.0.1:${port}`;
    const http = new HttpClient(baseUrl);
    await waitUntil("the gateway to see the jobs service", async () => ((await http.get("/api/v1/admin/worker/queues")).status === 401 ? true : undefined));
    // `npm run token` as an operator runs it against this layout: it asks auth over the bus
    const email = `ops-${namespace}@example.com`;
    const out = await runCommand(["--import", "tsx", "bin/token.ts", "--email", email, "--admin"], common);
    assert.equal(out.code, 0, out.stderr);
    admin = { email, tokens: TokenPair.parse(JSON.parse(out.stdout)) };
    api = http.with({ authorization: `Bearer ${admin.tokens.access_token}` });
    browser = await ConsoleBrowser.launch(baseUrl);
    bus = new ServiceBroker({
      namespace,
      nodeID: `console-e2e-${randomBytes(3).toString("hex")}`,
      transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
      serializer: "JSON",
      logger: false,
    });
    await bus.start();
    await bus.waitForServices(["jobs"], 60_000);
  });

  afterEach(() => browser.closePages());

  afterAll(async () => {
    await browser?.close();
    await bus?.stop();
    const codes = await Promise.all(Object.values(nodes).map((n) => n?.stop()));
    assert.deepEqual(codes, [0, 0, 0], "every process drains and exits cleanly");
  });

  // the admin enqueue takes each type's own queue; the service API may name another, which keeps each test's jobs in a queue of its own
  const enqueue = (body: { type: string; queue: string; payload: Record<string, unknown>; run_at?: string }) => bus.call("jobs.enqueue", body) as Promise<Job>;
  const statusOf = async (queue: string, id: string) => (await api.get<PageJob>(`/api/v1/admin/worker/jobs?queue=${queue}`)).json.items.find((j) => j.id === id)?.status;
  const eventually = (what: string, check: () => Promise<boolean>) => waitUntil(what, async () => ((await check()) ? true : undefined), 20_000);
  const future = () => new Date(Date.now() + 3_600_000).toISOString();

  async function signedIn(): Promise<Page> {
    const { page } = await browser.openPage();
    await signInWithToken(page, baseUrl, admin);
    await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
    return page;
  }

  it("signs in with a token (checked by auth in its own process) and lists the jobs, following them as the jobs process runs them", async () => {
    const queue = "reports";
    const later = await enqueue({ type: "jobs.noop", queue, payload: { report: "weekly" }, run_at: future() });
    const now = await enqueue({ type: "jobs.noop", queue, payload: { report: "daily" } });
    const page = await signedIn();
    await page.getByText(admin.email).waitFor();
    await page.goto(`${baseUrl}/console/#/jobs?queue=${queue}`);
    await page.getByText("2 jobs, page 1 of 1").waitFor();
    const row = (job: Job) => page.getByRole("row").filter({ hasText: tail(job.id) });
    assert.match(await row(later).innerText(), /scheduled/);
    await eventually("the due job shown succeeded", async () => (await row(now).innerText()).includes("succeeded"));
    assert.equal(await statusOf(queue, now.id), "succeeded");
  });

  it("pauses a queue (a due job waits in the jobs process) and resumes it (the job runs)", async () => {
    const queue = "exports";
    await enqueue({ type: "jobs.noop", queue, payload: { export: "monthly" }, run_at: future() });
    const page = await signedIn();
    await page.getByRole("link", { name: "Queues", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Queues" }).waitFor();
    const cell = (field: string) => page.locator(`tr[data-queue="${queue}"] [data-field="${field}"]`);
    await eventually("the queue's scheduled job", async () => (await cell("scheduled").innerText()) === "1");

    await page.getByRole("button", { name: `Pause queue ${queue}` }).click();
    await page
      .getByRole("dialog", { name: `Pause queue ${queue}?` })
      .getByRole("button", { name: "Pause the queue" })
      .click();
    await page.getByText(`Queue ${queue} paused`).waitFor();
    assert.equal((await api.get<QueueInfo[]>("/api/v1/admin/worker/queues")).json.find((q) => q.name === queue)?.paused, true);
    await eventually("the queue shown paused", async () => (await cell("state").innerText()).trim() === "paused");
    const held = await enqueue({ type: "jobs.noop", queue, payload: { export: "now" } });
    await eventually("the held job counted pending", async () => (await cell("pending").innerText()) === "1");
    // a few of the jobs process's scans later it still waits
    await eventually("the held job pending for over a second", async () => /^[1-9]\d* s$/.test((await cell("oldest").innerText()).trim()));
    assert.equal(await statusOf(queue, held.id), "queued");

    await page.getByRole("button", { name: `Resume queue ${queue}` }).click();
    await page.getByText(`Queue ${queue} resumed.`).waitFor();
    await eventually("the held job to run", async () => (await statusOf(queue, held.id)) === "succeeded");
    await eventually("pending back to 0, the queue active", async () => (await cell("pending").innerText()) === "0" && (await cell("state").innerText()).trim() === "active");
  });
});
