import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { openLogSink, runSubject, type LogSink } from "../../services/runner/log-sink.ts";
import { defineRunnerModels, type RunnerModels } from "../../services/runner/models.ts";
import type { ClusterAction, Run } from "../../shared/contracts/runner.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { projectRoot } from "../../shared/project-root.ts";
import { assertNoSidewaysScroll, assertLabelled, buildConsole, ConsoleBrowser, PHONE, signInWithToken as pasteToken, type PageOptions } from "../helpers/console-browser.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The operator console's runner pages in a real browser (Debian's Chromium driven by
 * playwright-core, never a downloaded browser) against a real stack: the Actions page
 * (administrators define what organizations can run on their clusters) and a run's live log
 * (`#/runs/<org>/<cluster>/<run>`). The jobs worker is off, so a run stays `queued` and its
 * output is written by the test through the runner's own log sink, on the stack's database and
 * bus (the gateway's live tails are woken by its `runner.logAppended`). Every page is checked for
 * console errors, CSP violations and requests to another origin (closePages). Screenshots as in
 * console.test.ts: with SAVE_SCREENSHOTS=1 into docs/console/, otherwise a temporary folder.
 */

/** The browser's globals, as the functions handed to `page.evaluate` see them (this file is compiled without the DOM library). */
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: unknown): any;

const ROOT = projectRoot();
const SHOTS = process.env.SAVE_SCREENSHOTS === "1" ? join(ROOT, "docs", "console") : mkdtempSync(join(tmpdir(), "console-shots-"));
const rand = () => randomBytes(3).toString("hex");
const tail = (id: string) => `…${id.slice(-8)}`;
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

describe("operator console: actions and a run's live log (Chromium via playwright-core, real stack)", () => {
  let stack: Stack;
  let browser: ConsoleBrowser;
  let admin: SignedIn;
  let runnerDb: ServiceDatabase<RunnerModels>;

  beforeAll(async () => {
    await buildConsole();
    mkdirSync(SHOTS, { recursive: true });
    // the jobs worker is off: a run stays `queued`, its output is what this file writes
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events", "jobs", "runner"],
      env: { JOBS_WORKER_ENABLED: "false" },
    });
    // opened once the stack has set DB_PREFIX: the same database the stack's runner reads
    runnerDb = new ServiceDatabase("runner", defineRunnerModels);
    await runnerDb.open();
    admin = await signIn(stack.broker, `ops-${rand()}@example.com`, { admin: true });
    browser = await ConsoleBrowser.launch(stack.baseUrl);
  });

  // every page opened by the test that just ran: nothing went wrong in it
  afterEach(() => browser.closePages());

  afterAll(async () => {
    await browser?.close();
    await runnerDb?.close();
    await stack?.stop();
  });

  const signInWithToken = (page: Page, who: SignedIn) => pasteToken(page, stack.baseUrl, who);

  /** A page signed in as `who` (an administrator of the platform), on the console's first page. */
  async function signedIn(who: SignedIn, opts: PageOptions = {}): Promise<Page> {
    const { page } = await browser.openPage(opts);
    await signInWithToken(page, who);
    await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
    return page;
  }

  /** A screenshot as a reader sees the page: no hover or focus left over from the test's clicks (`focused`: keep the focus, it is what is shown). */
  const shot = async (page: Page, name: string, opts: { focused?: boolean } = {}) => {
    await page.mouse.move(0, 0);
    if (!opts.focused) await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Polls until `check` holds. */
  const eventually = (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => waitUntil(what, async () => ((await check()) ? true : undefined), timeoutMs);

  /** The focused element's text (a button's words). */
  const focusedText = (page: Page) => page.evaluate((): string => String(document.activeElement?.textContent ?? "").trim());

  /** Every action, as the API lists them. */
  const apiActions = async (): Promise<ClusterAction[]> => {
    const res = await stack.http.get("/api/v1/admin/actions?limit=1000", { headers: admin.bearer });
    assert.equal(res.status, 200, res.text);
    return res.json as ClusterAction[];
  };
  const apiAction = (id: string) => stack.http.get(`/api/v1/admin/actions/${id}`, { headers: admin.bearer });

  describe("actions", () => {
    const table = (page: Page) => page.getByRole("region", { name: "Actions", exact: true });
    /** The row of the action labelled `label` (exactly: a label may begin another's). */
    const row = (page: Page, label: string) =>
      table(page)
        .locator("tbody tr")
        .filter({ has: page.locator('td[data-label="Label"]', { hasText: exactly(label) }) });
    const form = (page: Page, name = "Define an action") => page.getByRole("region", { name, exact: true });

    async function actionsPage(opts: PageOptions = {}): Promise<Page> {
      const page = await signedIn(admin, opts);
      await page.getByRole("link", { name: "Actions", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Actions" }).waitFor();
      await form(page).waitFor();
      return page;
    }

    it("an administrator creates an action with the form (the keyboard alone) and sees it listed; a bad make target and a label already used are refused in the API's words, and nothing is created", async () => {
      const label = `Deploy ${rand()}`;
      const page = await actionsPage();
      assert.equal(await page.getByRole("link", { name: "Actions", exact: true }).getAttribute("aria-current"), "page");

      // the form, with the keyboard alone: label, make target, description, then Create
      await form(page).getByLabel("Label", { exact: true }).focus();
      await page.keyboard.insertText(label);
      await page.keyboard.press("Tab");
      await page.keyboard.insertText("deploy-observability");
      await page.keyboard.press("Tab");
      await page.keyboard.insertText("Installs the monitoring stack on the cluster.");
      await page.keyboard.press("Tab");
      assert.equal(await focusedText(page), "Create");
      await page.keyboard.press("Enter");
      await page.getByText(`Created action ${label} (make deploy-observability).`).waitFor();
      const cells = (await row(page, label).locator("td").allInnerTexts()).map((t) => t.trim());
      assert.deepEqual(cells.slice(0, 3), [label, "deploy-observability", "Installs the monitoring stack on the cluster."]);
      assert.match(cells[3]!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, "when it was last changed");
      const created = (await apiActions()).filter((a) => a.label === label);
      assert.deepEqual(
        created.map((a) => [a.make_target, a.description]),
        [["deploy-observability", "Installs the monitoring stack on the cluster."]],
      );
      // the form is empty again, ready for the next action
      for (const field of ["Label", "Make target", "Description"]) assert.equal(await form(page).getByLabel(field, { exact: true }).inputValue(), "", field);

      // a make target that is not a plain target name: the API's message, word for word, and no action
      const bad = await stack.http.post("/api/v1/admin/actions", { label: `Wipe ${rand()}`, make_target: "-rf /" }, { headers: admin.bearer });
      assert.deepEqual([bad.status, bad.text], [400, "invalid make_target"]);
      const before = (await apiActions()).length;
      const wipe = `Wipe ${rand()}`;
      await form(page).getByLabel("Label", { exact: true }).fill(wipe);
      await form(page).getByLabel("Make target", { exact: true }).fill("deploy; rm -rf /");
      await form(page).getByRole("button", { name: "Create" }).click();
      const refusal = form(page).getByRole("alert");
      await refusal.waitFor();
      assert.equal(await refusal.innerText(), `Not created: ${bad.text}`);
      assert.equal((await apiActions()).length, before, "nothing created");
      assert.equal(await row(page, wipe).count(), 0);
      // what was typed stays, to be corrected
      assert.equal(await form(page).getByLabel("Make target", { exact: true }).inputValue(), "deploy; rm -rf /");
      await shot(page, "action-form");

      // a label already used (another action's): 409, the API's message
      const taken = await stack.http.post("/api/v1/admin/actions", { label, make_target: "other" }, { headers: admin.bearer });
      assert.deepEqual([taken.status, taken.text], [409, "label already exists"]);
      await form(page).getByLabel("Label", { exact: true }).fill(label);
      await form(page).getByLabel("Make target", { exact: true }).fill("another-target");
      await form(page).getByRole("button", { name: "Create" }).click();
      await form(page).getByText(`Not created: ${taken.text}`).waitFor();
      assert.equal((await apiActions()).length, before, "nothing created");
      assert.deepEqual(
        (await apiActions()).filter((a) => a.label === label).map((a) => a.make_target),
        ["deploy-observability"],
      );
      await assertLabelled(page);
    });

    it("edits an action's label and description (the API has them, the make target unchanged), refusing a label already used; deleting asks first: Escape keeps it, confirming removes it", async () => {
      const label = `Upgrade ${rand()}`;
      const other = `Rotate ${rand()}`;
      const made = await stack.http.post("/api/v1/admin/actions", { label, make_target: "upgrade", description: "Upgrades the cluster." }, { headers: admin.bearer });
      assert.equal(made.status, 201, made.text);
      const id = (made.json as ClusterAction).id;
      assert.equal((await stack.http.post("/api/v1/admin/actions", { label: other, make_target: "rotate" }, { headers: admin.bearer })).status, 201);
      const page = await actionsPage();
      await row(page, label).waitFor();
      await shot(page, "actions");

      // editing: the form holds the action's fields
      await page.getByRole("button", { name: `Edit action ${label}` }).click();
      const edit = form(page, `Edit action ${label}`);
      await edit.waitFor();
      assert.deepEqual(
        [
          await edit.getByLabel("Label", { exact: true }).inputValue(),
          await edit.getByLabel("Make target", { exact: true }).inputValue(),
          await edit.getByLabel("Description", { exact: true }).inputValue(),
        ],
        [label, "upgrade", "Upgrades the cluster."],
      );
      // another action's label: refused, nothing changed
      await edit.getByLabel("Label", { exact: true }).fill(other);
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.getByText("Not saved: label already exists").waitFor();
      assert.equal(((await apiAction(id)).json as ClusterAction).label, label);

      const renamed = `${label} (minor)`;
      await edit.getByLabel("Label", { exact: true }).fill(renamed);
      await edit.getByLabel("Description", { exact: true }).fill("Upgrades the cluster to the next minor version.");
      await edit.getByRole("button", { name: "Save" }).click();
      await page.getByText(`Saved action ${renamed}.`).waitFor();
      await form(page).waitFor(); // back to defining a new one
      assert.deepEqual((await row(page, renamed).locator("td").allInnerTexts()).slice(0, 3), [renamed, "upgrade", "Upgrades the cluster to the next minor version."]);
      assert.equal(await row(page, label).count(), 0, "the old label is gone from the list");
      const saved = await apiAction(id);
      assert.equal(saved.status, 200);
      assert.deepEqual(
        [(saved.json as ClusterAction).label, (saved.json as ClusterAction).description, (saved.json as ClusterAction).make_target],
        [renamed, "Upgrades the cluster to the next minor version.", "upgrade"],
      );

      // deleting is asked for first, in a dialog the keyboard alone works: Escape keeps the action
      await page.getByRole("button", { name: `Delete action ${renamed}` }).focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: `Delete action ${renamed}?` });
      await confirm.waitFor();
      assert.match(await confirm.innerText(), /Organizations can no longer start it; runs already started keep what they were started with\./);
      assert.equal(await focusedText(page), "Keep it", "the focus is on the choice that changes nothing");
      await page.keyboard.press("Escape");
      await confirm.waitFor({ state: "detached" });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), `Delete action ${renamed}`, "the focus is back on the button");
      assert.equal(await row(page, renamed).count(), 1);
      assert.equal((await apiAction(id)).status, 200, "kept");

      await page.keyboard.press("Enter");
      await confirm.waitFor();
      await page.keyboard.press("Tab");
      assert.equal(await focusedText(page), "Delete the action");
      await page.keyboard.press("Enter");
      await page.getByText(`Deleted action ${renamed}.`).waitFor();
      await row(page, renamed).waitFor({ state: "detached" });
      const gone = await apiAction(id);
      assert.deepEqual([gone.status, gone.text], [404, "action not found"]);
      assert.equal(await row(page, other).count(), 1, "only that one");
      await assertLabelled(page);
    });

    it("fits a phone's width and reads in the dark scheme", async () => {
      const label = `Observability stack for every production cluster ${rand()}`;
      // a long make target is one word to the browser (no space, no hyphen): it must not widen a phone's page
      const made = await stack.http.post(
        "/api/v1/admin/actions",
        { label, make_target: "deploy_observability_stack_production", description: "Installs Prometheus, Loki and Grafana; safe to run again." },
        { headers: admin.bearer },
      );
      assert.equal(made.status, 201, made.text);
      for (const [viewport, colorScheme, name] of [
        [PHONE, "light", "actions-phone"],
        [PHONE, "dark", "actions-phone-dark"],
        [undefined, "dark", "actions-dark"],
      ] as const) {
        const page = await actionsPage({ ...(viewport ? { viewport } : {}), colorScheme });
        await row(page, label).waitFor();
        const background = await page.evaluate((): string => String(getComputedStyle(document.body).backgroundColor));
        const [r, g, b] = background.match(/\d+/g)!.map(Number);
        assert.equal((r! + g! + b!) / 3 > 128, colorScheme === "light", `${colorScheme} scheme: body background ${background}`);
        await assertNoSidewaysScroll(page);
        // the dialog too
        await page.getByRole("button", { name: `Delete action ${label}` }).click();
        const confirm = page.getByRole("dialog", { name: `Delete action ${label}?` });
        await confirm.waitFor();
        await assertNoSidewaysScroll(page);
        const box = (await confirm.boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= (viewport ?? { width: 1280 }).width, `the dialog fits: ${JSON.stringify(box)}`);
        await page.keyboard.press("Escape");
        await confirm.waitFor({ state: "detached" });
        await shot(page, name);
      }
    });
  });

  describe("a run's live log", () => {
    let owner: Tenant;
    let cluster: string;
    let action: ClusterAction;
    let run: Run;
    let sink: LogSink;
    const runUrl = (org: string, c: string, r: string) => `${stack.baseUrl}/console/#/runs/${org}/${c}/${r}`;
    const output = (page: Page) => page.getByRole("log", { name: "Run output" });
    /** The log as a reader sees it, line by line (the labels included). */
    const lines = async (page: Page) => (await output(page).innerText()).split("\n").filter((l) => l !== "");
    const runNow = async (r: Run = run) => (await owner.http.get(`/api/v1/clusters/${r.cluster_id}/runs/${r.id}`)).json as Run;
    /** The run's output is followed and the sink lets the writes through (one batch, one wake-up). */
    const settle = () => sink.flush();

    /** A platform administrator (the console admits no one else) with an organization of their own. */
    async function adminTenant(name: string): Promise<Tenant> {
      const t = await newTenant(stack, name);
      await stack.broker.call("auth.setAdmin", { email: t.user.email, is_admin: true });
      return t;
    }

    async function runPage(who: SignedIn, url = runUrl(owner.orgId, cluster, run.id), opts: PageOptions = {}): Promise<Page> {
      const page = await signedIn(who, opts);
      await page.goto(url);
      await page.getByRole("heading", { level: 1, name: /^Run / }).waitFor();
      return page;
    }

    /** What a page shows of the log's text, for the "never the log" checks. */
    const WRITTEN = ["ping-servers", "PING 10.0.0.5", "slow to answer", "applying manifests", "step 3 of 3"];

    beforeAll(async () => {
      owner = await adminTenant("Runner Org");
      const c = await owner.http.post("/api/v1/clusters", { name: `prod-${rand()}`, provider: "aws", region: "eu-west-1" });
      assert.equal(c.status, 201, c.text);
      cluster = (c.json as { id: string }).id;
      const a = await stack.http.post("/api/v1/admin/actions", { label: `Deploy ${rand()}`, make_target: "deploy" }, { headers: admin.bearer });
      assert.equal(a.status, 201, a.text);
      action = a.json as ClusterAction;
      const r = await owner.http.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
      assert.equal(r.status, 201, r.text);
      run = r.json as Run;
      assert.equal(run.status, "queued");
      // the runner's own sink, as a run's executor opens it, on the stack's database and bus
      sink = await openLogSink(
        { models: runnerDb.models, logger: stack.broker.getLogger("console-runner-test"), bus: stack.broker },
        { organizationId: owner.orgId, subject: runSubject(run.id), secrets: [], maxBytes: 1_000_000 },
      );
    });

    it("an operator reaches the run from its job: the job's page links to the run's live log", async () => {
      const jobs = await stack.http.get(`/api/v1/admin/worker/jobs?q=${run.id}`, { headers: admin.bearer });
      const job = (jobs.json as { items: { id: string; type: string }[] }).items.find((j) => j.type === "runner.executeRun");
      assert.ok(job, jobs.text);
      const page = await signedIn(admin);
      await page.goto(`${stack.baseUrl}/console/#/jobs/${job.id}`);
      await page.getByRole("link", { name: "Follow the run's log" }).click();
      await page.getByRole("heading", { level: 1, name: /^Run / }).waitFor();
      assert.ok(page.url().endsWith(`#/runs/${owner.orgId}/${cluster}/${run.id}`), page.url());
    });

    it("follows the output as it is written, without a reload, in order, stderr and the runner's own lines labelled; no token on the page", async () => {
      const page = await runPage(owner.user);
      assert.equal(await page.title(), `Run ${tail(run.id)} · Console`);
      // the run's facts come with its own answer, which may follow the heading (and the live tail's first frame) on a loaded machine
      await eventually("the run's facts", async () => (await page.locator("main").innerText()).includes("make deploy"));
      const facts = await page.locator("main").innerText();
      assert.match(facts, new RegExp(`Action\\s+${action.label} make deploy`));
      assert.match(facts, /Status\s+queued/);
      assert.match(facts, new RegExp(`Cluster\\s+${cluster}`));
      await page.getByRole("status").filter({ hasText: "Following the output live…" }).waitFor();
      await output(page).getByText("No output yet.").waitFor();
      await page.evaluate(() => (window.sameDocument = true));

      // the run's first steps, as its executor writes them
      sink.system("connected to the bastion bastion-1; uploading the run's files");
      sink.system("make ping-servers");
      sink.write("stdout", "PING 10.0.0.5: ok\nPING 10.0.0.6: ok\n");
      // stderr arrives in one piece holding two lines
      sink.write("stderr", "warning: 10.0.0.7 is slow to answer\nwarning: retrying once\n");
      sink.write("stdout", "PING 10.0.0.7: ok\n");
      await settle();
      const first = [
        "[runner] connected to the bastion bastion-1; uploading the run's files",
        "[runner] make ping-servers",
        "PING 10.0.0.5: ok",
        "PING 10.0.0.6: ok",
        "[stderr] warning: 10.0.0.7 is slow to answer",
        "[stderr] warning: retrying once",
        "PING 10.0.0.7: ok",
      ];
      await eventually("the first lines on the page", async () => (await lines(page)).length >= first.length);
      assert.deepEqual(await lines(page), first);
      // told apart by their label, and by how they are shown
      const streams = await output(page)
        .locator("[data-stream]")
        .evaluateAll((spans: any[]) => spans.map((s) => s.dataset.stream));
      assert.deepEqual(streams, ["system", "system", "stdout", "stderr", "stdout"]);

      // more, a piece at a time, while the page is open: each appears after the ones before it
      sink.system("make deploy");
      await settle();
      for (let step = 1; step <= 3; step++) {
        sink.write("stdout", `applying manifests: step ${step} of 3\n`);
        await settle();
        await eventually(`step ${step} on the page`, async () => (await lines(page)).at(-1) === `applying manifests: step ${step} of 3`);
      }
      sink.write("stderr", "deprecation: apps/v1beta1 is gone\n");
      // a stderr line in two pieces: labelled once
      sink.write("stderr", "warning: the certificate expires");
      await settle();
      sink.write("stderr", " in 3 days\n");
      await settle();
      await eventually("the last stderr line, whole", async () => (await lines(page)).at(-1) === "[stderr] warning: the certificate expires in 3 days");
      assert.deepEqual((await lines(page)).slice(first.length), [
        "[runner] make deploy",
        "applying manifests: step 1 of 3",
        "applying manifests: step 2 of 3",
        "applying manifests: step 3 of 3",
        "[stderr] deprecation: apps/v1beta1 is gone",
        "[stderr] warning: the certificate expires in 3 days",
      ]);
      assert.equal(await page.evaluate(() => window.sameDocument), true, "the page was not reloaded");
      assert.match(await page.getByRole("status").filter({ hasText: "Following" }).innerText(), /Following the output live…/);
      assert.equal(await page.getByRole("button", { name: "Cancel run" }).count(), 1);

      // nothing but the chunks written: no token of the signed-in user in the document
      const html = await page.content();
      for (const secret of [owner.user.tokens.access_token, owner.user.tokens.refresh_token]) assert.ok(!html.includes(secret), "no token on the page");
      await assertLabelled(page);
      await shot(page, "run-log");

      // the same at a phone's width, in the dark scheme: long lines wrap, nothing sideways
      sink.write("stdout", `${"x".repeat(300)}\n`);
      await settle();
      const phone = await runPage(owner.user, undefined, { viewport: PHONE, colorScheme: "dark" });
      await eventually("the whole log on the phone", async () => (await lines(phone)).includes("x".repeat(300)));
      await assertNoSidewaysScroll(phone);
      await shot(phone, "run-log-phone-dark");
    });

    it("a plain member of the organization sees the log; their cancel is refused with the API's 403 message and the run goes on", async () => {
      const member = await signIn(stack.broker, `member-${rand()}@example.com`, { admin: true });
      const added = await stack.http.post(`/api/v1/orgs/${owner.orgId}/members`, { user_id: member.user_id, role: "member" }, { headers: owner.user.bearer });
      assert.equal(added.status, 200, added.text);
      const refused = await stack.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {}, { headers: { ...member.bearer, "x-org-id": owner.orgId } });
      assert.equal(refused.status, 403);

      const page = await runPage(member);
      await eventually("the log so far", async () => (await lines(page)).includes("[stderr] warning: the certificate expires in 3 days"));
      assert.deepEqual((await lines(page)).slice(0, 2), ["[runner] connected to the bastion bastion-1; uploading the run's files", "[runner] make ping-servers"]);
      await page.getByRole("button", { name: "Cancel run" }).click();
      const confirm = page.getByRole("dialog", { name: "Cancel this run?" });
      await confirm.getByRole("button", { name: "Cancel the run" }).click();
      await confirm.waitFor({ state: "detached" });
      const alert = page.getByRole("alert").filter({ hasText: "Not canceled" });
      await alert.waitFor();
      assert.equal(await alert.innerText(), `Not canceled: ${refused.text}`);
      assert.equal((await runNow()).status, "queued", "the run goes on");
      assert.match(await page.locator("main").innerText(), /Status\s+queued/);
      // still following
      sink.write("stdout", "a member reads along\n");
      await settle();
      await eventually("the new line on the member's page", async () => (await lines(page)).at(-1) === "a member reads along");
      assert.ok(!(await page.content()).includes(member.tokens.access_token), "no token on the page");
    });

    it("another organization's user never sees the log: their organization in the address, the run is not found; the owner's organization, the API's refusal; an invalid id is said to be one", async () => {
      const other = await adminTenant("Elsewhere");
      const page = await runPage(other.user, runUrl(other.orgId, cluster, run.id));
      await page
        .getByRole("alert")
        .filter({ hasText: /^run not found$/ })
        .waitFor();
      await page.getByText("The output could not be followed: run not found").waitFor();
      const notFound = await page.locator("main").innerText();
      for (const text of [...WRITTEN, action.label, "Cancel run", "Status"]) assert.ok(!notFound.includes(text), `not shown: ${text}`);
      assert.ok(!(await page.content()).includes(other.user.tokens.access_token), "no token on the page");

      // the very address the owner opened: the API refuses a user who is not a member of its organization
      const refused = await stack.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}`, { headers: { ...other.user.bearer, "x-org-id": owner.orgId } });
      assert.equal(refused.status, 403);
      await page.goto(runUrl(owner.orgId, cluster, run.id));
      await page.getByText(`The output could not be followed: ${refused.text}`).waitFor();
      await page
        .getByRole("alert")
        .filter({ hasText: exactly(refused.text) })
        .waitFor();
      const forbidden = await page.locator("main").innerText();
      for (const text of [...WRITTEN, action.label, "Cancel run", "Status"]) assert.ok(!forbidden.includes(text), `not shown: ${text}`);

      // ids that are not ids: said so, and nothing asked of the API (counted from another page on)
      await page.goto(`${stack.baseUrl}/console/#/actions`);
      await page.getByRole("heading", { level: 1, name: "Actions" }).waitFor();
      let asked = 0;
      page.on("request", (req) => {
        if (req.url().includes("/api/v1/clusters/")) asked += 1;
      });
      for (const url of [runUrl("not-an-id", cluster, run.id), runUrl(owner.orgId, cluster, "12345")]) {
        await page.goto(url);
        await page
          .getByRole("alert")
          .filter({ hasText: /^invalid id$/ })
          .waitFor();
        assert.equal(await output(page).count(), 0, "no log");
      }
      assert.equal(asked, 0, "no request for an invalid id");
    });

    it("cancel asks first (Escape keeps the run), confirming cancels it: the API and the page say canceled, and the tail ends with the run's last line", async () => {
      const page = await runPage(owner.user);
      await eventually("the log so far", async () => (await lines(page)).at(-1) === "a member reads along");
      const button = page.getByRole("button", { name: "Cancel run" });
      await button.focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: "Cancel this run?" });
      await confirm.waitFor();
      assert.match(await confirm.innerText(), /A running command is sent a signal and its channel closed; the run ends canceled\./);
      assert.equal(await focusedText(page), "Let it run", "the focus is on the choice that changes nothing");
      await page.keyboard.press("Escape");
      await confirm.waitFor({ state: "detached" });
      assert.equal(await focusedText(page), "Cancel run", "the focus is back on the button");
      assert.equal((await runNow()).status, "queued", "Escape kept the run");

      await page.keyboard.press("Enter");
      await confirm.waitFor();
      await page.keyboard.press("Tab");
      assert.equal(await focusedText(page), "Cancel the run");
      await page.keyboard.press("Enter");
      await page.getByText("Cancel asked: the run is canceled.").waitFor();
      const after = await runNow();
      assert.deepEqual([after.status, after.error], ["canceled", "canceled"]);
      assert.ok(after.finished_at);
      await eventually("the page to show it canceled", async () => /Status\s+canceled/.test(await page.locator("main").innerText()));
      await button.waitFor({ state: "detached" });
      assert.match(await page.locator("main").innerText(), /Error\s+canceled/);

      // the runner ends a run canceled before it started with a line of its own and closes its log: the tail ends there
      await page.getByText("The run has ended: this is all of its output.").waitFor();
      assert.equal((await lines(page)).at(-1), "[runner] run canceled before it started");
      assert.equal(await page.getByText("Following the output live…").count(), 0);

      // a run canceled before it started: its tail ends with the runner's line
      const next = await owner.http.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
      assert.equal(next.status, 201, next.text);
      const quiet = next.json as Run;
      await page.goto(runUrl(owner.orgId, cluster, quiet.id));
      await page.getByRole("heading", { level: 1, name: `Run ${tail(quiet.id)}` }).waitFor();
      await output(page).getByText("No output yet.").waitFor();
      // the same page, another run (only the address's fragment changed): nothing said of the last one
      assert.deepEqual(await page.getByRole("main").getByRole("status").allInnerTexts(), ["Following the output live…"]);
      assert.match(await page.locator("main").innerText(), /Status\s+queued/);
      await page.getByRole("button", { name: "Cancel run" }).click();
      await page.getByRole("dialog", { name: "Cancel this run?" }).getByRole("button", { name: "Cancel the run" }).click();
      await page.getByText("Cancel asked: the run is canceled.").waitFor();
      await page.getByText("The run has ended: this is all of its output.").waitFor();
      assert.deepEqual(await lines(page), ["[runner] run canceled before it started"]);
      assert.equal((await runNow(quiet)).status, "canceled");
    });
  });
});
