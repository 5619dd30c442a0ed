import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, it } from "@jest/globals";
import type { Locator, Page } from "playwright-core";
import { projectRoot } from "../../shared/project-root.ts";
import { buildConsole, ConsoleBrowser, PHONE, signInWithToken as pasteToken, type PageOptions } from "../helpers/console-browser.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startRoute53Server, type Route53Server } from "../helpers/route53-server.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The tenant side of the console in a real browser (Debian's Chromium driven by playwright-core)
 * against a real stack with its jobs worker on and Route53 served by a local server speaking its
 * protocol: a new user signs in, creates an organization and builds a cluster from its parts, each
 * made in its page (SSH key, servers, load balancers, credential, domain and record set, node pool)
 * and attached to the cluster by choosing it; the record set's status changes on the page as the
 * DNS worker writes it, from the organization's event stream (no reload, no polling); a plain
 * member reads and is offered no change, and the API refuses one; another organization's data
 * never shows. Every page is checked for script errors, CSP violations and requests to another
 * origin (closePages). Screenshots: with SAVE_SCREENSHOTS=1 into docs/console/ (README), otherwise
 * a temporary folder. The cluster's runs and their live log: console-tenant-clusters.test.ts.
 */

/** The browser's globals, as the functions handed to `page.evaluate` see them (this file is compiled without the DOM library). */
declare const document: any;
declare const window: any;
declare const sessionStorage: any;
declare const localStorage: any;

const ROOT = projectRoot();
const SHOTS = process.env.SAVE_SCREENSHOTS === "1" ? join(ROOT, "docs", "console") : mkdtempSync(join(tmpdir(), "console-shots-"));
const rand = () => randomBytes(3).toString("hex");

describe("tenant console in a real browser (Chromium via playwright-core, real stack, jobs worker on)", () => {
  let stack: Stack;
  let browser: ConsoleBrowser;
  let r53: Route53Server;
  /** Holds Route53's change batches until the test lets them through (the record set stays in flight meanwhile). */
  let gate: { open: () => void; wait: Promise<void> } | undefined;
  const zoneName = `tenant-${rand()}.example.com`;
  const awsSecret = `r53-secret-${rand()}${rand()}`;

  // what the journey made, for the tests that follow it
  let owner: SignedIn;
  let orgId = "";
  let clusterId = "";
  let serverId = "";

  beforeAll(async () => {
    await buildConsole();
    mkdirSync(SHOTS, { recursive: true });
    r53 = await startRoute53Server();
    r53.addZone(zoneName);
    r53.beforeChange = async () => {
      await gate?.wait;
    };
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events", "jobs", "runner"],
      env: {
        DNS_ROUTE53_ENDPOINT: r53.url,
        DNS_ROUTE53_SYNC_WAIT_MS: "0",
        JOBS_POLL_MS: "200",
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_BACKOFF_BASE_MS: "200",
        JOBS_BACKOFF_MAX_MS: "400",
      },
    });
    owner = await signIn(stack.broker, `owner-${rand()}@example.com`);
    browser = await ConsoleBrowser.launch(stack.baseUrl);
  });

  afterEach(() => browser.closePages());

  afterAll(async () => {
    gate?.open();
    await browser?.close();
    await stack?.stop();
    await r53?.stop();
  });

  /** A page signed in as `who`, on their organizations. */
  async function signedIn(who: SignedIn, opts: PageOptions = {}): Promise<Page> {
    const { page } = await browser.openPage(opts);
    await pasteToken(page, stack.baseUrl, who);
    await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
    return page;
  }

  const shot = async (page: Page, name: string) => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Goes to one of the organization's pages by its navigation, and waits for its heading. */
  async function open(page: Page, link: string, heading: string | RegExp = link): Promise<void> {
    await page.getByRole("navigation", { name: "Organization" }).getByRole("link", { name: link, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  }

  /** The region of a form (its heading names it). */
  const form = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

  /** Opens the "New …" form, fills it (`select`: choose an option by its text), submits it and waits for the API's answer in words. */
  async function create(page: Page, one: string, fields: Record<string, string | { choose: string | RegExp }>): Promise<void> {
    await page.getByRole("button", { name: `New ${one}`, exact: true }).click();
    const f = form(page, `New ${one}`);
    for (const [label, value] of Object.entries(fields)) {
      const input = f.getByLabel(label, { exact: true });
      if (typeof value === "string") await input.fill(value);
      else await chooseOption(input, value.choose);
    }
    await f.getByRole("button", { name: `Create ${one}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: new RegExp(`^Created ${one}`) })
      .waitFor();
  }

  /** Picks the option of a select whose text matches. */
  async function chooseOption(select: Locator, text: string | RegExp): Promise<void> {
    const options = await select.locator("option").evaluateAll((os: any[]) => os.map((o) => ({ value: String(o.value), text: String(o.textContent) })));
    const pick = options.find((o) => (typeof text === "string" ? o.text.includes(text) : text.test(o.text)));
    assert.ok(pick, `an option ${String(text)} among ${options.map((o) => o.text).join(" | ")}`);
    await select.selectOption(pick.value);
  }

  /** A row of the page's table, by a text it holds. */
  const rowWith = (page: Page, text: string) => page.locator("tbody tr").filter({ hasText: text });

  it("a new user creates an organization and builds a cluster from its parts, each made on its page and attached by choosing it; the record set turns ready live", async () => {
    const page = await signedIn(owner);
    const orgName = `Tenant ${rand()}`;
    await shot(page, "tenant-orgs");
    // no organization yet: the form is open
    await form(page, "New organization").getByLabel("Name", { exact: true }).fill(orgName);
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
    orgId = /#\/orgs\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    await page.locator(".org-role", { hasText: /your role: owner · live/ }).waitFor();
    const api = stack.http.with(orgHeaders(owner, orgId));

    // SSH key: generated by the API, unattached until a server uses it
    await open(page, "SSH keys");
    await create(page, "SSH key", { Name: "deploy", Type: { choose: "ed25519" } });
    const keyRow = rowWith(page, "deploy");
    await keyRow.getByText("unattached").waitFor();

    // servers: a bastion and a worker using the key
    await open(page, "Servers");
    await create(page, "server", {
      Hostname: "bastion-1",
      Role: { choose: "bastion" },
      "Private IP address": "10.0.0.5",
      "Public IP address": "198.51.100.5",
      "SSH user": "ops",
      "SSH key": { choose: "deploy" },
      Status: { choose: "ready" },
    });
    await create(page, "server", { Hostname: "worker-1", Role: { choose: "worker" }, "Private IP address": "10.0.0.6", "SSH user": "ops", "SSH key": { choose: "deploy" } });
    await rowWith(page, "worker-1").waitFor();
    await shot(page, "tenant-servers");
    const servers = (await api.get("/api/v1/servers")).json as { id: string; hostname: string; role: string; ssh_key_id: string }[];
    assert.deepEqual(servers.map((s) => [s.hostname, s.role]).sort(), [
      ["bastion-1", "bastion"],
      ["worker-1", "worker"],
    ]);
    serverId = servers.find((s) => s.hostname === "worker-1")!.id;
    // the key is used now: its row says so, live
    await open(page, "SSH keys");
    await keyRow.getByText("2 servers").waitFor();
    await shot(page, "tenant-ssh-keys");

    // a server's page: its facts and its bootstrap log (none: it was never bootstrapped)
    await open(page, "Servers");
    await page.getByRole("link", { name: "worker-1" }).click();
    await page.getByRole("heading", { level: 1, name: "worker-1" }).waitFor();
    await page.getByRole("log", { name: "Bootstrap output" }).waitFor();

    // load balancers
    await open(page, "Load balancers");
    await create(page, "load balancer", { Name: "apps", Kind: { choose: "public" }, "Public IP address": "198.51.100.10" });
    await create(page, "load balancer", { Name: "platform", Kind: { choose: "platform" }, "Private IP address": "10.0.1.1" });

    // a Route53 credential: its secret typed once, never shown again
    await open(page, "Credentials");
    await page.getByRole("button", { name: "New credential" }).click();
    const cf = form(page, "New credential");
    await chooseOption(cf.getByLabel("Provider and kind"), "Route53");
    await cf.getByLabel("Name", { exact: true }).fill("route53");
    await cf.getByLabel("Access key id").fill("AKIATENANTCONSOLE");
    await cf.getByLabel("Secret access key").fill(awsSecret);
    await cf.getByRole("button", { name: "Create credential" }).click();
    await page.getByText(/^Created credential route53/).waitFor();
    await rowWith(page, "route53").waitFor();
    assert.ok(!(await page.content()).includes(awsSecret), "the secret is not on the page");
    await shot(page, "tenant-credentials");

    // a domain on it, then a record set held in flight by the DNS host until the test lets it through
    let release!: () => void;
    gate = { open: () => release(), wait: new Promise<void>((r) => (release = r)) };
    await open(page, "DNS", "DNS domains");
    await create(page, "domain", { "Domain name": zoneName, "DNS credential": { choose: "route53" } });
    await page.getByRole("link", { name: zoneName }).click();
    await page.getByRole("heading", { level: 1, name: `Record sets of ${zoneName}` }).waitFor();
    // the API's validation message, as it gives it; the form keeps what was typed
    await page.getByRole("button", { name: "New record set" }).click();
    const rf = form(page, "New record set");
    await rf.getByLabel("Name", { exact: true }).fill("api");
    await rf.getByLabel("TTL (seconds)").fill("0");
    await rf.getByLabel("Values, one per line").fill("203.0.113.7");
    await rf.getByRole("button", { name: "Create record set" }).click();
    const refusal = await rf.getByRole("alert").innerText();
    assert.match(refusal, /ttl/i);
    assert.equal(await rf.getByLabel("Name", { exact: true }).inputValue(), "api", "nothing typed is lost");
    await rf.getByLabel("TTL (seconds)").fill("60");
    await rf.getByRole("button", { name: "Create record set" }).click();
    await page.getByText(/^Created record set api A/).waitFor();
    const recordRow = rowWith(page, "203.0.113.7");
    const recordStatus = () => recordRow.locator('td[data-label="Status"] .badge').innerText();
    assert.match(await recordStatus(), /^(pending|provisioning)$/);
    // a marker that survives only while the page is not loaded again
    await page.evaluate(() => (window.stillTheSamePage = true));
    const requestsBefore = (await page.evaluate(() => window.performance.getEntriesByType("resource").filter((e: any) => e.name.includes("/records")).length)) as number;
    release();
    await recordRow.locator('td[data-label="Status"] .badge', { hasText: /^ready$/ }).waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => window.stillTheSamePage), true, "the status changed without a reload");
    const requestsAfter = (await page.evaluate(() => window.performance.getEntriesByType("resource").filter((e: any) => e.name.includes("/records")).length)) as number;
    assert.ok(requestsAfter - requestsBefore <= 5, `the list was asked again on the events, not polled (${requestsAfter - requestsBefore} requests)`);
    await shot(page, "tenant-dns-records");

    // a node pool with the worker in it
    await open(page, "Node pools");
    await create(page, "node pool", { Name: "workers", Role: { choose: "worker" } });
    await page.getByRole("link", { name: "workers" }).click();
    await page.getByRole("heading", { level: 1, name: "workers" }).waitFor();
    const poolServers = page.getByRole("region", { name: "Servers" });
    await chooseOption(poolServers.getByLabel("Server to attach"), "worker-1");
    await poolServers.getByRole("button", { name: "Attach server" }).click();
    await poolServers.getByRole("button", { name: "Detach worker-1" }).waitFor();
    await shot(page, "tenant-node-pool");

    // the cluster, and each slot attached by choosing among the organization's resources
    await open(page, "Clusters");
    await create(page, "cluster", { Name: "prod", Provider: "aws", Region: "eu-west-1" });
    await page.getByRole("link", { name: "prod" }).click();
    await page.getByRole("heading", { level: 1, name: "prod" }).waitFor();
    clusterId = /clusters\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const slots = page.getByRole("region", { name: "Slots" });
    const attach = async (slot: string, option: string) => {
      await chooseOption(slots.getByLabel(slot, { exact: true }), option);
      await slots.getByRole("button", { name: `Attach ${slot.toLowerCase()}`, exact: true }).click();
      await slots.getByRole("button", { name: `Detach ${slot.toLowerCase()}`, exact: true }).waitFor();
    };
    await attach("Apps load balancer", "apps");
    await attach("Platform load balancer", "platform");
    await attach("Bastion", "bastion-1");
    await attach("Captain domain", zoneName);
    await attach("Control-plane record set", "api");
    const pools = page.getByRole("region", { name: "Node pools" });
    await chooseOption(pools.getByLabel("Node pool to attach"), "workers");
    await pools.getByRole("button", { name: "Attach node pool" }).click();
    await pools.getByRole("button", { name: "Detach workers" }).waitFor();

    const cluster = (await api.get(`/api/v1/clusters/${clusterId}`)).json as Record<string, { name?: string; hostname?: string; domain_name?: string } | { name: string }[]>;
    assert.equal((cluster.apps_load_balancer as { name: string }).name, "apps");
    assert.equal((cluster.glueops_load_balancer as { name: string }).name, "platform");
    assert.equal((cluster.bastion_server as { hostname: string }).hostname, "bastion-1");
    assert.equal((cluster.captain_domain as { domain_name: string }).domain_name, zoneName);
    assert.equal((cluster.control_plane_record_set as { name: string }).name, "api");
    assert.deepEqual(
      (cluster.node_pools as { name: string }[]).map((p) => p.name),
      ["workers"],
    );
  });

  it("labels, annotations and taints: created with the keyboard alone, edited, searched and deleted after a confirmation", async () => {
    assert.ok(orgId, "the journey made an organization");
    const page = await signedIn(owner);
    await page.goto(`${stack.baseUrl}/console/#/orgs/${orgId}/labels`);
    await page.getByRole("heading", { level: 1, name: "Labels" }).waitFor();
    await page.getByRole("button", { name: "New label" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.type("tier");
    await page.keyboard.press("Tab");
    await page.keyboard.type("frontend");
    await page.keyboard.press("Enter");
    await page.getByText("Created label tier=frontend.").waitFor();
    await create(page, "label", { Key: "zone", Value: "a" });
    await page.getByLabel("Key contains").fill("tie");
    await page.getByRole("button", { name: "Find" }).click();
    await rowWith(page, "frontend").waitFor();
    assert.equal(await page.locator("tbody tr").count(), 1, "the search finds one");
    await page.getByRole("button", { name: "Edit tier=frontend" }).click();
    await form(page, "Edit label tier=frontend").getByLabel("Value", { exact: true }).fill("backend");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved label tier=backend.").waitFor();
    await shot(page, "tenant-labels");
    await page.getByRole("button", { name: "Delete tier=backend" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Keep it" }).click();
    assert.equal((await stack.http.get("/api/v1/labels?key=tier", { headers: orgHeaders(owner, orgId) })).json.length, 1, "kept");
    await page.getByRole("button", { name: "Delete tier=backend" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Deleted label tier=backend.").waitFor();
    assert.equal((await stack.http.get("/api/v1/labels?key=tier", { headers: orgHeaders(owner, orgId) })).json.length, 0);

    await open(page, "Taints");
    await create(page, "taint", { Key: "dedicated", Value: "gpu", Effect: { choose: "NoExecute" } });
    await rowWith(page, "NoExecute").waitFor();
    await open(page, "Annotations");
    await create(page, "annotation", { Key: "team", Value: "platform" });
  });

  it("SSH keys and credentials: the public key downloaded, the private key revealed or downloaded only after a confirmation; a credential rotated and revealed", async () => {
    assert.ok(orgId, "the journey made an organization");
    const page = await signedIn(owner);
    await page.goto(`${stack.baseUrl}/console/#/orgs/${orgId}/ssh-keys`);
    await rowWith(page, "deploy").waitFor();
    const download = async (click: () => Promise<void>) => {
      const [file] = await Promise.all([page.waitForEvent("download"), click()]);
      const path = await file.path();
      return { name: file.suggestedFilename(), bytes: readFileSync(path) };
    };
    const pub = await download(() => page.getByRole("button", { name: "Download deploy public key" }).click());
    assert.match(pub.name, /\.pub$/);
    assert.match(pub.bytes.toString(), /^ssh-ed25519 /);

    // asked first: leaving it reveals nothing
    await page.getByRole("button", { name: "Reveal deploy private key" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Leave it" }).click();
    assert.equal(await page.getByRole("region", { name: "Private key of deploy" }).count(), 0);
    await page.getByRole("button", { name: "Reveal deploy private key" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Show private key" }).click();
    const shown = page.getByRole("region", { name: "Private key of deploy" });
    assert.match(await shown.innerText(), /-----BEGIN PRIVATE KEY-----/);
    await shown.getByRole("button", { name: "Hide" }).click();
    assert.ok(!(await page.content()).includes("PRIVATE KEY-----"), "hidden, it is gone from the page");
    await page.getByRole("button", { name: "Download deploy both keys" }).click();
    const both = await download(() => page.getByRole("dialog").getByRole("button", { name: "Download" }).click());
    assert.match(both.name, /\.zip$/);
    assert.equal(both.bytes.subarray(0, 2).toString(), "PK", "a zip archive");
    const revealed = await stack.http.get("/api/v1/audit-events?type=ssh_key.revealed", { headers: orgHeaders(owner, orgId) });
    assert.equal((revealed.json as unknown[]).length, 2, "the reveal and the private download are in the audit log");

    // a credential: a new secret, then read back after a confirmation
    const rotated = `r53-rotated-${rand()}${rand()}`;
    await open(page, "Credentials");
    await page.getByRole("button", { name: "Rotate route53" }).click();
    const rf = form(page, "Rotate route53: a new secret");
    await rf.getByLabel("Access key id").fill("AKIAROTATED");
    await rf.getByLabel("Secret access key").fill(rotated);
    await rf.getByRole("button", { name: "Store the new secret" }).click();
    await page.getByText("Rotated route53: the new secret replaces the old one.").waitFor();
    assert.ok(!(await page.content()).includes(rotated), "the new secret is not on the page");
    await page.getByRole("button", { name: "Reveal route53" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Show secret" }).click();
    const secretPanel = page.getByRole("region", { name: "Secret of route53" });
    assert.match(await secretPanel.innerText(), new RegExp(rotated));
    await secretPanel.getByRole("button", { name: "Hide" }).click();
    assert.ok(!(await page.content()).includes(rotated), "hidden, it is gone from the page");
    assert.ok(!stack.logs.some((l) => l.includes(rotated)), "the new secret is in no log line");
  });

  it("a plain member reads every page and is offered no change; the API refuses their writes", async () => {
    assert.ok(orgId, "the journey made an organization");
    const member = await signIn(stack.broker, `member-${rand()}@example.com`);
    const added = await stack.http.post(`/api/v1/orgs/${orgId}/members`, { user_id: member.user_id, role: "member" }, { headers: owner.bearer });
    assert.equal(added.status, 200, added.text);
    const page = await signedIn(member);
    await page.getByRole("link", { name: /^Tenant / }).click();
    await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
    // the API keeps the event stream to owners and admins: a member's pages ask again every 3 s
    await page.locator(".org-role", { hasText: /your role: member · refreshing every 3 s/ }).waitFor();
    for (const [link, heading] of [
      ["Clusters", "Clusters"],
      ["Servers", "Servers"],
      ["Node pools", "Node pools"],
      ["SSH keys", "SSH keys"],
      ["Credentials", "Credentials"],
      ["DNS", "DNS domains"],
      ["Load balancers", "Load balancers"],
      ["Labels", "Labels"],
      ["Annotations", "Annotations"],
      ["Taints", "Taints"],
    ] as const) {
      await open(page, link, heading);
      await page.locator("tbody tr").first().waitFor();
      const offered = await page.locator("main button").allInnerTexts();
      assert.deepEqual(
        offered.filter((b) => /^(New|Edit|Delete|Rotate|Reveal|Private key|Both)/.test(b.trim())),
        [],
        `${link}: no change offered to a member (${offered.join(", ")})`,
      );
      await page.getByText("You are a member of this organization: you can read, its owners and admins change things.").waitFor();
    }
    await shot(page, "tenant-member-read-only");
    // the server decides: a member's write is refused whatever the page offers
    const h = orgHeaders(member, orgId);
    const write = await stack.http.post("/api/v1/labels", { key: "by-member", value: "x" }, { headers: h });
    assert.equal(write.status, 403, write.text);
    const remove = await stack.http.delete(`/api/v1/servers/${serverId}`, { headers: h });
    assert.equal(remove.status, 403, remove.text);
    assert.equal((await stack.http.get(`/api/v1/servers/${serverId}`, { headers: h })).status, 200, "the server is still there");
  });

  it("another organization's data never shows: its pages are not found, its ids answer the API's not-found", async () => {
    assert.ok(orgId && clusterId && serverId, "the journey made an organization");
    const other = await signIn(stack.broker, `other-${rand()}@example.com`);
    const made = await stack.http.post("/api/v1/orgs", { name: `Other ${rand()}` }, { headers: other.bearer });
    const otherOrg = (made.json as { id: string }).id;
    const page = await signedIn(other);
    assert.equal(await page.getByRole("link", { name: /^Tenant / }).count(), 0, "not among their organizations");
    await page.goto(`${stack.baseUrl}/console/#/orgs/${orgId}/servers`);
    await page.getByText(/organization not found: it does not exist, or you are not one of its members/).waitFor();
    for (const path of [`servers/${serverId}`, `clusters/${clusterId}`]) {
      await page.goto(`${stack.baseUrl}/console/#/orgs/${otherOrg}/${path}`);
      await page
        .getByRole("alert")
        .filter({ hasText: /not found/ })
        .first()
        .waitFor();
    }
    const text = await page.locator("main").innerText();
    for (const secret of ["worker-1", "bastion-1", zoneName, "prod"]) assert.ok(!text.includes(secret), `${secret} never shown`);
  });

  it("at a phone's width in the dark: the organization's navigation and tables fit, nothing scrolls sideways", async () => {
    assert.ok(orgId, "the journey made an organization");
    const page = await signedIn(owner, { viewport: PHONE, colorScheme: "dark" });
    for (const part of ["servers", "dns", "credentials", "node-pools"]) {
      await page.goto(`${stack.baseUrl}/console/#/orgs/${orgId}/${part}`);
      await page.locator("tbody tr").first().waitFor();
      const [scroll, width] = (await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])) as [number, number];
      assert.ok(scroll <= width, `${part}: ${scroll}px wide in a ${width}px window`);
    }
    await shot(page, "tenant-dns-phone-dark");
  });

  it("no secret is kept by the browser or written to the log", async () => {
    assert.ok(orgId, "the journey made an organization");
    const page = await signedIn(owner);
    await page.goto(`${stack.baseUrl}/console/#/orgs/${orgId}/credentials`);
    await rowWith(page, "route53").waitFor();
    const stored = (await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))) as string;
    assert.ok(!stored.includes(awsSecret));
    assert.ok(!stored.includes("PRIVATE KEY"));
    await waitUntil("the log to settle", async () => true, 1_000);
    assert.ok(!stack.logs.some((l) => l.includes(awsSecret)), "the credential's secret is in no log line");
  });
});
