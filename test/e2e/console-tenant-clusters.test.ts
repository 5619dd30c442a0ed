import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, it } from "@jest/globals";
import type { Locator, Page } from "playwright-core";
import type { Cluster } from "../../shared/contracts/clusters.ts";
import type { ClusterAction, Run } from "../../shared/contracts/runner.ts";
import { projectRoot } from "../../shared/project-root.ts";
import { assertNoSidewaysScroll, assertLabelled, buildConsole, ConsoleBrowser, PHONE, signInWithToken as pasteToken, type PageOptions } from "../helpers/console-browser.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";
import type { HttpResponse } from "../helpers/http.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { freePort, waitUntil } from "../helpers/processes.ts";
import { startSshd, type Sshd } from "../helpers/sshd.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The tenant console's cluster pages in a real browser (Debian's Chromium driven by
 * playwright-core) against a real stack with the jobs worker on and a real sshd as the bastion:
 * an organization's owner opens a cluster made of parts created through the API, attaches every
 * slot and a node pool by choosing them, stores a kubeconfig (never shown back), adds metadata,
 * starts a run of an administrator's action and follows its output live until it ends, and
 * detaches a slot; a plain member reads the same page without a button that changes anything;
 * another organization's cluster opened by its address is the API's not-found. Screenshots as in
 * console-runner.test.ts (SAVE_SCREENSHOTS=1: into docs/console/).
 */

/** The browser's globals, as the functions handed to `page.evaluate` see them (this file is compiled without the DOM library). */
declare const document: any;
declare const window: any;

const ROOT = projectRoot();
const SHOTS = process.env.SAVE_SCREENSHOTS === "1" ? join(ROOT, "docs", "console") : mkdtempSync(join(tmpdir(), "console-shots-"));
const rand = () => randomBytes(3).toString("hex");
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** The bastion's toolkit: a deploy whose output comes in steps, seconds apart, and says whether the run brought a kubeconfig. */
const MAKEFILE = [
  "ping-servers:",
  "\t@echo pong from the bastion",
  "deploy:",
  "\t@echo deploying the cluster",
  "\t@echo step 1 of 2 done; sleep 6; echo step 2 of 2 done",
  "\t@test -s $(RUN_DIR)/kubeconfig && echo the kubeconfig came with the run",
  "",
].join("\n");

const KUBECONFIG = `apiVersion: v1\nkind: Config\nclusters:\n- name: prod\n  cluster:\n    server: https://api.example.com:6443\nusers:\n- name: admin\n  user:\n    token: kube-secret-${rand()}\n`;

describe("tenant console: an organization's clusters (Chromium via playwright-core, real stack, real sshd bastion)", () => {
  let stack: Stack;
  let browser: ConsoleBrowser;
  let sshd: Sshd;
  let work: string;
  let admin: SignedIn;
  let owner: Tenant;
  const orgName = `Acme ${rand()}`;
  let action: ClusterAction;
  const parts = {
    apps: { id: "", name: "" },
    platform: { id: "", name: "" },
    bastion: { id: "", name: "bastion-1" },
    worker: { id: "", name: "worker-1" },
    domain: { id: "", name: "" },
    record: { id: "", name: "api A" },
    pool: { id: "", name: "" },
  };
  let cluster: Cluster;

  beforeAll(async () => {
    await buildConsole();
    mkdirSync(SHOTS, { recursive: true });
    work = mkdtempSync(join(tmpdir(), "console-clusters-"));
    mkdirSync(join(work, "toolkit"));
    writeFileSync(join(work, "toolkit", "Makefile"), MAKEFILE);
    const port = await freePort();
    // the jobs worker is on: a run started in the browser runs for real, over SSH, on the sshd below
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events", "jobs", "runner"],
      env: {
        PORT: String(port),
        API_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
        SSH_ALLOW_PRIVATE_TARGETS: "true",
        RUNNER_TOOLKIT_DIR: join(work, "toolkit"),
        JOBS_PERIODIC_ENABLED: "false",
      },
    });
    admin = await signIn(stack.broker, `ops-${rand()}@example.com`, { admin: true });
    owner = await newTenant(stack, orgName);
    const c = owner.http;
    const made = async (what: string, p: Promise<HttpResponse>) => {
      const res = await p;
      assert.ok([200, 201, 204].includes(res.status), `${what}: ${res.status} ${res.text}`);
      return res.json as { id: string; name?: string };
    };

    // the organization's parts, through the API; none attached yet
    const key = await made("ssh key", c.post("/api/v1/ssh", { name: "bastion", type: "ed25519" }));
    sshd = await startSshd({ authorizedKeys: [(await c.get(`/api/v1/ssh/${key.id}/download?part=public`)).text.trim()] });
    const server = (role: string, hostname: string, ip: string) =>
      made(
        role,
        c.post("/api/v1/servers", {
          role,
          hostname,
          ssh_user: sshd.user,
          ssh_key_id: key.id,
          ssh_port: sshd.port,
          status: "ready",
          private_ip_address: ip,
          public_ip_address: sshd.host,
        }),
      );
    parts.bastion.id = (await server("bastion", parts.bastion.name, "10.0.0.5")).id;
    parts.worker.id = (await server("worker", parts.worker.name, "10.0.0.6")).id;
    const pool = await made("pool", c.post("/api/v1/node-pools", { name: `workers-${rand()}`, role: "worker" }));
    parts.pool = { id: pool.id, name: pool.name! };
    await made("pool servers", c.post(`/api/v1/node-pools/${pool.id}/servers`, { server_ids: [parts.worker.id] }));
    const credential = await made("credential", c.post("/api/v1/credentials", powerdnsCredentialBody(`pdns-token-${rand()}`)));
    parts.domain.name = `prod-${rand()}.example.com`;
    parts.domain.id = (await made("domain", c.post("/api/v1/dns/domains", { credential_id: credential.id, domain_name: parts.domain.name }))).id;
    parts.record.id = (await made("record set", c.post(`/api/v1/dns/domains/${parts.domain.id}/records`, { name: "api", type: "A", ttl: 60, values: ["203.0.113.7"] }))).id;
    const lb = async (name: string, kind: string) =>
      made(name, c.post("/api/v1/load-balancers", { name: `${name}-${rand()}`, kind, private_ip_address: "10.0.1.1", public_ip_address: "198.51.100.1" }));
    const [apps, platform] = [await lb("apps", "public"), await lb("platform", "platform")];
    parts.apps = { id: apps.id, name: apps.name! };
    parts.platform = { id: platform.id, name: platform.name! };
    cluster = (await made("cluster", c.post("/api/v1/clusters", { name: `prod-eu-${rand()}`, provider: "aws", region: "eu-west-1" }))) as Cluster;
    // what the platform's administrators let organizations run
    const a = await stack.http.post(
      "/api/v1/admin/actions",
      { label: `Deploy ${rand()}`, make_target: "deploy", description: "Rolls the platform out." },
      { headers: admin.bearer },
    );
    assert.equal(a.status, 201, a.text);
    action = a.json as ClusterAction;
    browser = await ConsoleBrowser.launch(stack.baseUrl);
  });

  // every page opened by the test that just ran: nothing went wrong in it
  afterEach(() => browser.closePages());

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await sshd?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const clusterUrl = (org: string, id: string) => `${stack.baseUrl}/console/#/orgs/${org}/clusters/${id}`;
  const apiCluster = async (): Promise<Cluster> => {
    const res = await owner.http.get(`/api/v1/clusters/${cluster.id}`);
    assert.equal(res.status, 200, res.text);
    return res.json as Cluster;
  };

  /** A page signed in as `who` (not an administrator: they land on their organizations). */
  async function signedIn(who: SignedIn, opts: PageOptions = {}): Promise<Page> {
    const { page } = await browser.openPage(opts);
    await pasteToken(page, stack.baseUrl, who);
    await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
    return page;
  }
  /** The cluster's page, opened by its address. */
  async function clusterPage(who: SignedIn, opts: PageOptions = {}): Promise<Page> {
    const page = await signedIn(who, opts);
    await page.goto(clusterUrl(owner.orgId, cluster.id));
    await page.getByRole("heading", { level: 1, name: cluster.name }).waitFor();
    return page;
  }

  const shot = async (page: Page, name: string) => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const eventually = (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => waitUntil(what, async () => ((await check()) ? true : undefined), timeoutMs);

  const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
  /** A slot's row of the "Slots" region, and what it says is attached. */
  const slotRow = (page: Page, slot: string): Locator =>
    region(page, "Slots")
      .locator("tbody tr")
      .filter({ has: page.locator("th", { hasText: exactly(slot) }) });
  const held = async (page: Page, slot: string) => (await slotRow(page, slot).locator('td[data-label="Attached"]').innerText()).trim();

  it("the owner finds the cluster in the list, opens it and attaches every slot and a node pool by choosing them: the API holds each", async () => {
    const page = await signedIn(owner.user);
    await page.getByRole("link", { name: orgName, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
    const listed = page.getByRole("region", { name: "Clusters", exact: true }).locator("tbody tr").filter({ hasText: cluster.name });
    await listed.waitFor();
    assert.match(await listed.innerText(), /aws\s+eu-west-1\s+pre_pending|aws\s+eu-west-1\s+incomplete/);
    await listed.getByRole("link", { name: cluster.name }).click();
    await page.getByRole("heading", { level: 1, name: cluster.name }).waitFor();
    assert.ok(page.url().endsWith(`#/orgs/${owner.orgId}/clusters/${cluster.id}`), page.url());
    const facts = await page.locator("dl.facts").innerText();
    assert.match(facts, /Provider\s+aws/);
    assert.match(facts, /Region\s+eu-west-1/);
    for (const slot of ["Apps load balancer", "Platform load balancer", "Bastion", "Captain domain", "Control-plane record set"])
      assert.equal(await held(page, slot), "none", slot);

    // each slot: the select labelled with the slot's name offers the organization's objects by name
    const attach = async (slot: string, option: string, expect: RegExp) => {
      const select = region(page, "Slots").getByLabel(slot, { exact: true });
      await select.locator("option", { hasText: exactly(option) }).waitFor({ state: "attached" });
      await select.selectOption({ label: option });
      await region(page, "Slots")
        .getByRole("button", { name: `Attach ${slot.toLowerCase()}`, exact: true })
        .click();
      await eventually(`${slot} attached`, async () => expect.test(await held(page, slot)));
    };
    const bastionOptions = await region(page, "Slots")
      .getByLabel("Bastion", { exact: true })
      .locator("optgroup")
      .evaluateAll((groups: any[]) => groups.map((g) => [g.label, [...g.querySelectorAll("option")].map((o: any) => o.textContent)]));
    assert.deepEqual(bastionOptions, [
      ["Bastions", [parts.bastion.name]],
      ["Other servers", [parts.worker.name]],
    ]);
    await attach("Apps load balancer", parts.apps.name, new RegExp(`^${parts.apps.name}\\s+public$`));
    await attach("Platform load balancer", parts.platform.name, new RegExp(`^${parts.platform.name}\\s+platform$`));
    await attach("Bastion", parts.bastion.name, new RegExp(`^${parts.bastion.name}\\s+ready`));
    await attach("Captain domain", parts.domain.name, new RegExp(`^${parts.domain.name.replace(/\./g, "\\.")}\\s+(pending|provisioning|ready|failed)$`));
    // the record set: among the record sets of the captain domain (offered first)
    assert.equal(await region(page, "Slots").getByLabel("Domain of the record set", { exact: true }).inputValue(), parts.domain.id);
    await attach("Control-plane record set", parts.record.name, /^api A\s+(pending|provisioning|ready|failed)\s+api\.prod-/);
    await page.getByRole("status").filter({ hasText: "Attached api A as the control-plane record set." }).waitFor();

    // the node pool: chosen among the pools not attached yet, then listed with a link to its page
    const pools = region(page, "Node pools");
    await pools.getByText("No node pool attached.").waitFor();
    await pools.getByLabel("Node pool to attach", { exact: true }).selectOption({ label: parts.pool.name });
    await pools.getByRole("button", { name: "Attach node pool", exact: true }).click();
    const poolLink = pools.getByRole("link", { name: parts.pool.name, exact: true });
    await poolLink.waitFor();
    assert.equal(await poolLink.getAttribute("href"), `#/orgs/${owner.orgId}/node-pools/${parts.pool.id}`);
    assert.match(await pools.locator("tbody tr").innerText(), new RegExp(`${parts.pool.name}\\s+worker\\s+${parts.worker.name}`));
    await pools.getByRole("button", { name: `Detach ${parts.pool.name}`, exact: true }).waitFor();

    const now = await apiCluster();
    assert.deepEqual(
      [
        now.apps_load_balancer?.id,
        now.glueops_load_balancer?.id,
        now.bastion_server?.id,
        now.captain_domain?.id,
        now.control_plane_record_set?.id,
        now.node_pools.map((p) => p.id),
      ],
      [parts.apps.id, parts.platform.id, parts.bastion.id, parts.domain.id, parts.record.id, [parts.pool.id]],
    );
    // the cluster's status follows the API's validation, live
    await eventually("the page to show the validated status", async () => (await page.locator("dl.facts").innerText()).includes((await apiCluster()).status));
    await assertLabelled(page);
  });

  it("stores a kubeconfig the page never shows back (the API's answers hold none) and adds, edits and deletes metadata", async () => {
    const page = await clusterPage(owner.user);
    const kube = region(page, "Kubeconfig");
    const field = kube.getByLabel("Kubeconfig", { exact: true });
    assert.equal(await field.inputValue(), "", "never pre-filled");
    await field.fill(KUBECONFIG);
    const answers: string[] = [];
    page.on("response", (res) => {
      if (res.url().includes(`/api/v1/clusters/${cluster.id}`))
        void res.text().then(
          (t) => answers.push(t),
          () => undefined,
        );
    });
    await kube.getByRole("button", { name: "Store kubeconfig", exact: true }).click();
    await kube.getByRole("status").filter({ hasText: "Kubeconfig stored, encrypted." }).waitFor();
    assert.equal(await field.inputValue(), "", "the field is emptied");
    const token = /kube-secret-\w+/.exec(KUBECONFIG)![0];
    assert.ok(!(await page.content()).includes(token), "the kubeconfig is not on the page");
    const raw = await owner.http.get(`/api/v1/clusters/${cluster.id}`);
    assert.ok(!raw.text.includes(token) && !("kubeconfig" in (raw.json as object)), "the API's answer holds no kubeconfig");
    assert.ok(!answers.some((a) => a.includes(token)), "no answer the page read holds it");

    const meta = region(page, "Metadata");
    await meta.getByText("No metadata.").waitFor();
    await meta.getByLabel("Key", { exact: true }).fill("Environment");
    await meta.getByLabel("Value", { exact: true }).fill("production");
    await meta.getByRole("button", { name: "Add metadata", exact: true }).click();
    await meta.getByRole("status").filter({ hasText: "Added environment=production." }).waitFor();
    const row = meta.locator("tbody tr").filter({ hasText: "environment" });
    assert.match(await row.innerText(), /^environment\s+production/);
    // a key the cluster has already: the API's 409, in its words
    await meta.getByLabel("Key", { exact: true }).fill("environment");
    await meta.getByLabel("Value", { exact: true }).fill("staging");
    await meta.getByRole("button", { name: "Add metadata", exact: true }).click();
    await meta.getByRole("alert").filter({ hasText: "Not added: metadata key already exists" }).waitFor();
    // edited
    await meta.getByRole("button", { name: "Edit metadata environment", exact: true }).click();
    const edit = region(page, "Edit metadata environment");
    await edit.getByLabel("Value", { exact: true }).fill("eu-production");
    await edit.getByRole("button", { name: "Save" }).click();
    await meta.getByRole("status").filter({ hasText: "Saved environment=eu-production." }).waitFor();
    await meta.getByLabel("Key", { exact: true }).fill("team");
    await meta.getByLabel("Value", { exact: true }).fill("platform");
    await meta.getByRole("button", { name: "Add metadata", exact: true }).click();
    await meta.locator("tbody tr").filter({ hasText: "team" }).waitFor();
    assert.deepEqual((await apiCluster()).metadata, { environment: "eu-production", team: "platform" });
    // deleted, asked first
    await meta.getByRole("button", { name: "Delete metadata team", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete metadata team?" }).getByRole("button", { name: "Delete", exact: true }).click();
    await meta.locator("tbody tr").filter({ hasText: "team" }).waitFor({ state: "detached" });
    assert.deepEqual((await apiCluster()).metadata, { environment: "eu-production" });
    await assertLabelled(page);
  });

  it("starts a run of the administrators' action and follows its output live on the bastion until it ends; the runs list links to its log", async () => {
    const page = await clusterPage(owner.user);
    const runs = region(page, "Runs");
    await runs.getByText("No run yet.").waitFor();
    // the actions the administrators defined, listed for the organization (GET /actions)
    const select = runs.getByLabel("Action", { exact: true });
    await select.selectOption(action.id);
    await runs.getByRole("button", { name: "Start run", exact: true }).click();
    await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
    const runId = page.url().split("/").at(-1)!;
    assert.ok(page.url().endsWith(`#/orgs/${owner.orgId}/clusters/${cluster.id}/runs/${runId}`), page.url());
    await page.getByRole("heading", { level: 1, name: /^Run / }).waitFor();
    await page.evaluate(() => (window.sameDocument = true));
    const output = page.getByRole("log", { name: "Run output" });
    const lines = async () => (await output.innerText()).split("\n").filter((l) => l !== "");

    // the first step is on the page while the run still goes on: the output comes as it is written
    await eventually("the first step on the page", async () => (await lines()).includes("step 1 of 2 done"), 90_000);
    const early = await lines();
    assert.ok(!early.includes("step 2 of 2 done"), `the second step is not written yet: ${early.join(" | ")}`);
    assert.ok(early.includes("deploying the cluster"));
    await page.getByRole("status").filter({ hasText: "Following the output live…" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Cancel run" }).count(), 1);
    await page.getByText("The run has ended: this is all of its output.").waitFor({ timeout: 60_000 });
    const all = await lines();
    for (const line of ["pong from the bastion", "deploying the cluster", "step 1 of 2 done", "step 2 of 2 done", "the kubeconfig came with the run"])
      assert.ok(all.includes(line), `${line} in ${all.join(" | ")}`);
    assert.ok(all.indexOf("step 1 of 2 done") < all.indexOf("step 2 of 2 done"));
    await eventually("the page to say succeeded", async () => /Status\s+succeeded/.test(await page.locator("main").innerText()));
    const run = (await owner.http.get(`/api/v1/clusters/${cluster.id}/runs/${runId}`)).json as Run;
    assert.deepEqual([run.status, run.action_id], ["succeeded", action.id]);
    assert.equal(await page.evaluate(() => window.sameDocument), true, "followed without a reload");
    await shot(page, "tenant-run");

    // back on the cluster: the run is listed with its log, and its action is offered by name
    await page.getByRole("link", { name: "Back to the cluster" }).click();
    await page.getByRole("heading", { level: 1, name: cluster.name }).waitFor();
    const row = region(page, "Runs").locator(`tbody tr[data-id="${runId}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${action.label}\\s+make deploy\\s+succeeded`));
    assert.equal(await row.getByRole("link", { name: "Log" }).getAttribute("href"), `#/orgs/${owner.orgId}/clusters/${cluster.id}/runs/${runId}`);
    assert.equal(await region(page, "Runs").getByLabel("Action", { exact: true }).inputValue(), action.id);
    assert.equal(await region(page, "Runs").getByLabel("Action", { exact: true }).locator("option:checked").innerText(), `${action.label} (make deploy)`);
    await assertLabelled(page);
  });

  it("fits a phone's width; detaching a slot asks first and the API no longer holds it", async () => {
    const desk = await clusterPage(owner.user);
    await region(desk, "Runs").locator("tbody tr").first().waitFor();
    await shot(desk, "tenant-cluster");
    const phone = await clusterPage(owner.user, { viewport: PHONE });
    await region(phone, "Runs").locator("tbody tr").first().waitFor();
    await assertNoSidewaysScroll(phone);
    await shot(phone, "tenant-cluster-phone");

    const slots = region(desk, "Slots");
    await slots.getByRole("button", { name: "Detach apps load balancer", exact: true }).click();
    const confirm = desk.getByRole("dialog", { name: `Detach the apps load balancer ${parts.apps.name}?` });
    await confirm.waitFor();
    await desk.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    assert.equal((await apiCluster()).apps_load_balancer?.id, parts.apps.id, "kept");
    await slots.getByRole("button", { name: "Detach apps load balancer", exact: true }).click();
    await confirm.getByRole("button", { name: "Detach", exact: true }).click();
    await eventually("the slot to be empty", async () => (await held(desk, "Apps load balancer")) === "none");
    assert.equal((await apiCluster()).apps_load_balancer, null);
    await slots.getByRole("button", { name: "Detach apps load balancer" }).waitFor({ state: "detached" });
    // the others are held still
    assert.equal((await apiCluster()).glueops_load_balancer?.id, parts.platform.id);
  });

  it("a plain member reads the cluster's page without a control that changes it; the API refuses their attach", async () => {
    const member = await signIn(stack.broker, `member-${rand()}@example.com`);
    const added = await stack.http.post(`/api/v1/orgs/${owner.orgId}/members`, { user_id: member.user_id, role: "member" }, { headers: owner.user.bearer });
    assert.equal(added.status, 200, added.text);
    const page = await clusterPage(member);
    await eventually("the slots' values", async () => (await held(page, "Bastion")).startsWith(parts.bastion.name));
    assert.match(await held(page, "Captain domain"), new RegExp(`^${parts.domain.name.replace(/\./g, "\\.")}`));
    assert.equal(await held(page, "Apps load balancer"), "none");
    await region(page, "Node pools").getByRole("link", { name: parts.pool.name }).waitFor();
    await region(page, "Metadata").getByText("eu-production").waitFor();
    await region(page, "Runs").locator("tbody tr").first().waitFor();
    const buttons = await page.locator("main").getByRole("button").allInnerTexts();
    assert.deepEqual(
      buttons.filter((b) => /^(attach|detach|start|store|remove|add|delete|edit)\b/i.test(b.trim())),
      [],
      `no button that changes the cluster: ${buttons.join(", ")}`,
    );
    assert.equal(await page.locator("main select, main textarea").count(), 0, "nothing to choose or type");
    const refused = await stack.http.post(
      `/api/v1/clusters/${cluster.id}/apps-load-balancer`,
      { load_balancer_id: parts.apps.id },
      { headers: { ...member.bearer, "x-org-id": owner.orgId } },
    );
    assert.equal(refused.status, 403);
    await assertLabelled(page);
  });

  it("the owner creates a cluster from the list, finds it by name, edits it, and deletes it from its page (asked first)", async () => {
    const name = `staging-${rand()}`;
    const page = await signedIn(owner.user, { viewport: PHONE });
    await page.goto(`${stack.baseUrl}/console/#/orgs/${owner.orgId}/clusters`);
    await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
    await page.getByRole("button", { name: "New cluster", exact: true }).click();
    const form = region(page, "New cluster");
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Provider", { exact: true }).fill("hetzner");
    await form.getByLabel("Region", { exact: true }).fill("fsn1");
    await form.getByRole("button", { name: "Create cluster", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Created cluster ${name}.` })
      .waitFor();
    await assertNoSidewaysScroll(page);

    // searched by name: only that one
    await page.getByLabel("Name contains", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await page.waitForURL(/\?q=/);
    const rows = region(page, "Clusters").locator("tbody tr");
    await eventually("only the match listed", async () => (await rows.count()) === 1 && (await rows.innerText()).includes(name));
    assert.match(await rows.innerText(), /hetzner[\s\S]*fsn1/);
    await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
    const edit = region(page, `Edit cluster ${name}`);
    assert.equal(await edit.getByLabel("Region", { exact: true }).inputValue(), "fsn1");
    await edit.getByLabel("Region", { exact: true }).fill("nbg1");
    await edit.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Saved cluster ${name}.` })
      .waitFor();
    await eventually("the new region listed", async () => (await rows.innerText()).includes("nbg1"));

    await rows.getByRole("link", { name }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const id = page.url().split("/").at(-1)!;
    await page.getByRole("button", { name: "Delete cluster", exact: true }).click();
    await page
      .getByRole("dialog", { name: `Delete cluster ${name}?` })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
    const gone = await owner.http.get(`/api/v1/clusters/${id}`);
    assert.deepEqual([gone.status, gone.text], [404, "cluster not found"]);
  });

  it("another organization's cluster opened by its address is the API's not-found, never its data", async () => {
    const other = await newTenant(stack, `Elsewhere ${rand()}`);
    const theirs = (await other.http.post("/api/v1/clusters", { name: `secret-cluster-${rand()}`, provider: "gcp", region: "us-east1" })).json as Cluster;
    const seen = await owner.http.get(`/api/v1/clusters/${theirs.id}`);
    assert.deepEqual([seen.status, seen.text], [404, "cluster not found"]);
    const page = await signedIn(owner.user);
    await page.goto(clusterUrl(owner.orgId, theirs.id));
    await page
      .getByRole("alert")
      .filter({ hasText: exactly(seen.text) })
      .waitFor();
    const text = await page.locator("main").innerText();
    for (const secret of [theirs.name, "gcp", "us-east1", "Slots", "Kubeconfig"]) assert.ok(!text.includes(secret), `not shown: ${secret}`);
  });
});
