import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { CONSOLE_CSP } from "../../services/api/console.ts";
import { PERIODIC_JOBS } from "../../services/jobs/periodic.ts";
import type { Job, JobStats } from "../../shared/contracts/jobs.ts";
import { projectRoot } from "../../shared/project-root.ts";
import { assertNoSidewaysScroll, assertLabelled, buildConsole, ConsoleBrowser, PHONE, signInWithToken as pasteToken, type PageOptions } from "../helpers/console-browser.ts";
import { startGithub, type LocalGithub } from "../helpers/idp-github.ts";
import { callsOf, jobsTestService, jobsTestTypes, newHandlerStore } from "../helpers/jobs-handlers.ts";
import { newTenant, signIn, type SignedIn } from "../helpers/principals.ts";
import { freePort, waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The operator console in a real browser: Debian's Chromium driven by playwright-core (never a
 * downloaded browser) against a real stack (real HTTP, FerretDB, the jobs engine, a local
 * GitHub-like identity provider). Every page is checked for console errors, CSP violations and
 * requests to any other origin. Screenshots of each page (desktop and phone width, light and
 * dark) are taken on the way; with SAVE_SCREENSHOTS=1 they are written to docs/console/ (the
 * README shows them), otherwise to a temporary folder.
 */

/**
 * The browser's globals, as the functions handed to `page.evaluate` see them: this file is
 * compiled with the server's settings (no DOM library), so they are declared here, for this file only.
 */
declare const document: any;
declare const sessionStorage: any;
declare function getComputedStyle(element: unknown): any;

const ROOT = projectRoot();
const SHOTS = process.env.SAVE_SCREENSHOTS === "1" ? join(ROOT, "docs", "console") : mkdtempSync(join(tmpdir(), "console-shots-"));
const rand = () => randomBytes(3).toString("hex");
const tail = (id: string) => `…${id.slice(-8)}`;

describe("operator console in a real browser (Chromium via playwright-core, real stack)", () => {
  let stack: Stack;
  let github: LocalGithub;
  let browser: ConsoleBrowser;
  let admin: SignedIn;
  let user: SignedIn;
  const store = newHandlerStore();

  beforeAll(async () => {
    // the console as its sources are now (what `npm ci` / `npm run build` also do)
    await buildConsole();
    mkdirSync(SHOTS, { recursive: true });
    github = await startGithub();
    const port = await freePort();
    stack = await startStack({
      services: ["api", "auth", "orgs", "jobs", "events", "clusters"],
      env: {
        PORT: String(port),
        AUTH_CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_AUTHORIZE_URL: github.authorizeUrl,
        GITHUB_TOKEN_URL: github.tokenUrl,
        GITHUB_API_URL: github.apiUrl,
        MASTER_KEY: randomBytes(32).toString("base64"),
        JOBS_PERIODIC_ENABLED: "false",
        JOBS_POLL_MS: "500",
        JOBS_BACKOFF_BASE_MS: "200",
        JOBS_BACKOFF_MAX_MS: "400",
        JOBS_EXTRA_TYPES: jobsTestTypes({ queue: "reports" }),
      },
    });
    stack.broker.createService(jobsTestService(store));
    await stack.broker.waitForServices(["jobstest"]);
    admin = await signIn(stack.broker, `ops-${rand()}@example.com`, { admin: true });
    user = await signIn(stack.broker, `dev-${rand()}@example.com`);
    browser = await ConsoleBrowser.launch(stack.baseUrl, new URL(github.authorizeUrl).origin);
  });

  // every page opened by the test that just ran: nothing went wrong in it
  afterEach(() => browser.closePages());

  afterAll(async () => {
    for (const release of store.waiting.values()) release();
    await browser?.close();
    await stack?.stop();
    await github?.close();
  });

  const openPage = (opts: PageOptions = {}) => browser.openPage(opts);
  const signInWithToken = (page: Page, who: SignedIn) => pasteToken(page, stack.baseUrl, who);

  async function asAdmin(opts: PageOptions = {}): Promise<Page> {
    const { page } = await openPage(opts);
    await signInWithToken(page, admin);
    await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
    return page;
  }

  const filters = (page: Page) => page.getByRole("form", { name: "Filter jobs" });
  const enqueueForm = (page: Page) => page.getByRole("region", { name: "Enqueue a job" });
  /** A screenshot as a reader sees the page: no hover or focus left over from the test's clicks and key presses (`focused`: keep the focus, it is what is shown). */
  const shot = async (page: Page, name: string, opts: { focused?: boolean } = {}) => {
    await page.mouse.move(0, 0);
    if (!opts.focused) await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Polls until the page shows what `check` looks for (the views refresh every few seconds). */
  const eventually = (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => waitUntil(what, async () => ((await check()) ? true : undefined), timeoutMs);

  /**
   * Jobs for a test, in a queue of its own: the service API may name a queue (the admin enqueue
   * takes the type's own). Due half a second later, so a worker claims them as it does an admin's.
   */
  const enqueue = (body: { type: string; queue: string; payload: Record<string, unknown>; run_at?: string }): Promise<Job> =>
    stack.broker.call("jobs.enqueue", { run_at: new Date(Date.now() + 500).toISOString(), ...body }) as Promise<Job>;
  const jobNow = async (id: string): Promise<Job> => ((await stack.broker.call("jobs.getMany", { ids: [id] })) as Job[])[0]!;
  const future = () => new Date(Date.now() + 3_600_000).toISOString();

  describe("served by the gateway", () => {
    it("/console/ has a strict CSP, no inline script or style, correct content types and cache headers for its hashed assets", async () => {
      const redirect = await fetch(`${stack.baseUrl}/console`, { redirect: "manual" });
      assert.deepEqual([redirect.status, redirect.headers.get("location")], [308, "/console/"]);

      const page = await fetch(`${stack.baseUrl}/console/`);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(page.headers.get("content-security-policy"), CONSOLE_CSP);
      for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"])
        assert.ok(CONSOLE_CSP.includes(directive), directive);
      assert.ok(!CONSOLE_CSP.includes("unsafe-inline") && !CONSOLE_CSP.includes("unsafe-eval"));
      assert.equal(page.headers.get("cache-control"), "no-cache");
      assert.equal(page.headers.get("x-content-type-options"), "nosniff");
      const html = await page.text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script");
      assert.doesNotMatch(html, /<style|\sstyle=/, "no inline style");
      assert.doesNotMatch(html, /https?:\/\//, "nothing from another origin");

      const assets = [...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      assert.ok(assets.some((a) => a.endsWith(".js")) && assets.some((a) => a.endsWith(".css")), assets.join(", "));
      for (const asset of assets) {
        const res = await fetch(stack.baseUrl + asset, { headers: { "accept-encoding": "br, gzip" } });
        assert.equal(res.status, 200, asset);
        assert.equal(res.headers.get("content-type"), asset.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
        assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
        assert.equal(res.headers.get("content-encoding"), "br");
        // compressed by the build (console/precompress.ts): the same file once decoded; gzip and none as asked
        const plain = await fetch(stack.baseUrl + asset, { headers: { "accept-encoding": "identity" } });
        assert.equal(plain.headers.get("content-encoding"), null);
        const gzip = await fetch(stack.baseUrl + asset, { headers: { "accept-encoding": "gzip" } });
        assert.equal(gzip.headers.get("content-encoding"), "gzip");
        const [brText, plainText, gzipText] = await Promise.all([res.text(), plain.text(), gzip.text()]);
        assert.ok(plainText.length > 1024 && brText === plainText && gzipText === plainText, asset);
        assert.equal((await fetch(`${stack.baseUrl}${asset}.br`)).status, 404, "the compressed copies are not files of their own");
        const etag = res.headers.get("etag")!;
        const again = await fetch(stack.baseUrl + asset, { headers: { "if-none-match": etag } });
        assert.equal(again.status, 304);
      }
      const icon = await fetch(`${stack.baseUrl}/console/favicon.svg`);
      assert.deepEqual([icon.status, icon.headers.get("content-type"), icon.headers.get("cache-control")], [200, "image/svg+xml", "public, max-age=3600"]);

      for (const path of ["/console/nope.js", "/console/%2e%2e/package.json", "/console/assets/../../package.json", "/consolex", "/console/index.html"]) {
        const res = await fetch(stack.baseUrl + path);
        assert.equal(res.status, 404, path);
        assert.equal(res.headers.get("x-error-code"), "not_found");
      }
      const post = await fetch(`${stack.baseUrl}/console/`, { method: "POST", body: "{}" });
      assert.deepEqual([post.status, post.headers.get("allow"), await post.text()], [405, "GET, HEAD", "method not allowed"]);
      const callback = await fetch(`${stack.baseUrl}/console/callback/github?code=x&state=y`);
      assert.deepEqual([callback.status, callback.headers.get("cache-control")], [200, "no-store"]);
    });
  });

  describe("signing in", () => {
    it("a user who is not an administrator gets their organizations, and no operator page", async () => {
      const { page } = await openPage();
      await signInWithToken(page, user);
      await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
      const nav = page.getByRole("navigation", { name: "Console" });
      assert.deepEqual(await nav.getByRole("link").allInnerTexts(), ["My organizations"], "no operator page offered");
      await page.goto(`${stack.baseUrl}/console/#/jobs`);
      await page.getByRole("heading", { level: 1, name: "This page is for administrators" }).waitFor();
      const text = await page.locator("main").innerText();
      assert.match(text, new RegExp(`signed in as ${user.email.replace(/[.]/g, "\\.")}, who is not an administrator`));
      assert.equal(await page.locator("table").count(), 0, "no job shown");
      await shot(page, "not-admin");
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await page.getByRole("heading", { level: 1, name: "Sign in to the console" }).waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.length), 0, "the token is forgotten");
    });

    it("a token that is not valid is refused with the reason", async () => {
      const { page } = await openPage();
      await page.goto(`${stack.baseUrl}/console/`);
      await page.getByLabel("Access token, or the JSON printed by a token command").fill("not a token");
      await page.getByRole("button", { name: "Sign in with the token" }).click();
      await page.getByText("That is neither an access token nor the JSON that `npm run token` prints.").waitFor();
      const forged = `${admin.tokens.access_token.slice(0, -4)}AAAA`;
      await page.getByLabel("Access token, or the JSON printed by a token command").fill(forged);
      await page.getByRole("button", { name: "Sign in with the token" }).click();
      await page.getByText("The API refused the token (unauthorized): it is invalid, expired or revoked.").waitFor();
    });

    it("an administrator who loses the rights while signed in is shown the page for non-administrators, not the API's refusals", async () => {
      const email = `ops-demoted-${rand()}@example.com`;
      const ops = await signIn(stack.broker, email, { admin: true });
      const { page } = await openPage();
      await signInWithToken(page, ops);
      await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
      await page.getByRole("link", { name: "Queues", exact: true }).click();
      await page.locator('tr[data-queue="default"]').waitFor();
      await stack.broker.call("auth.setAdmin", { email, is_admin: false });
      // the next refresh is refused (403): the console asks /me again
      await page.getByRole("heading", { level: 1, name: "This page is for administrators" }).waitFor();
      const text = await page.locator("main").innerText();
      assert.match(text, new RegExp(`signed in as ${email.replace(/[.]/g, "\\.")}, who is not an administrator`));
      assert.ok(!/forbidden/i.test(text), text);
      assert.deepEqual(await page.getByRole("navigation", { name: "Console" }).getByRole("link").allInnerTexts(), ["My organizations"], "no operator page offered");
    });

    it("opens only a web address (http or https) the API gives to sign in at", async () => {
      const { page } = await openPage();
      await page.route(`${stack.baseUrl}/api/v1/auth/github/start`, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ auth_url: "javascript:document.title='pwned'" }) }),
      );
      await page.goto(`${stack.baseUrl}/console/`);
      await page.getByRole("button", { name: "Sign in with GitHub" }).click();
      await page.getByText("Sign-in with GitHub could not start: the API did not answer a web address to sign in at").waitFor();
      assert.equal(new URL(page.url()).pathname, "/console/");
      assert.equal(await page.title(), "Sign in · Console");
      await page.unrouteAll({ behavior: "wait" });
    });

    it("signs an administrator in through the identity provider (start → provider → back to the console) and out again", async () => {
      const email = `octo-ops-${rand()}@example.com`;
      await signIn(stack.broker, email, { admin: true }); // the administrator's account, which the provider's verified e-mail links to
      github.signInAs({ id: 7_000_000 + Math.floor(Math.random() * 1e6), login: "octo-ops", name: "Octo Ops", emails: [{ email, primary: true, verified: true }] });
      const { page } = await openPage();
      await page.goto(`${stack.baseUrl}/console/`);
      await shot(page, "sign-in");
      await assertLabelled(page);
      await page.getByRole("button", { name: "Sign in with GitHub" }).click();
      await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
      const url = new URL(page.url());
      assert.equal(url.pathname, "/console/");
      assert.ok(!url.search.includes("code") && !url.search.includes("state"), `the provider's code left the address bar: ${page.url()}`);
      assert.ok(github.requests.includes("POST /login/oauth/access_token"));
      await page.getByText(email).waitFor();
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByText("Signed out.").waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    });

    it("signs a new tenant in through the identity provider: their organizations, none yet, and the form to create one", async () => {
      const email = `octo-tenant-${rand()}@example.com`;
      github.signInAs({ id: 8_000_000 + Math.floor(Math.random() * 1e6), login: "octo-tenant", name: "Octo Tenant", emails: [{ email, primary: true, verified: true }] });
      const { page } = await openPage();
      await page.goto(`${stack.baseUrl}/console/`);
      await page.getByRole("button", { name: "Sign in with GitHub" }).click();
      await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
      await page.getByText("You are not a member of any organization yet.").waitFor();
      await page.getByRole("region", { name: "New organization" }).getByLabel("Name", { exact: true }).fill(`Octo ${rand()}`);
      await page.getByRole("button", { name: "Create organization" }).click();
      await page.getByRole("heading", { level: 1, name: "Clusters" }).waitFor();
      await page.getByText("your role: owner").waitFor();
      assert.ok(!new URL(page.url()).search.includes("code"), "the provider's code left the address bar");
    });

    it("is keyboard-usable: the skip button, then the sign-in controls in order", async () => {
      const { page } = await openPage();
      await page.goto(`${stack.baseUrl}/console/`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Skip to content");
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), "H1");
      const order: string[] = [];
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        order.push(await page.evaluate((): string => String(document.activeElement?.innerText ?? "").trim() || String(document.activeElement?.id ?? "")));
      }
      // only the configured providers are offered (GitHub here, not Google)
      assert.deepEqual(order.slice(0, 3), ["Sign in with GitHub", "token", "Sign in with the token"]);
      assert.equal(await page.getByRole("button", { name: "Sign in with Google" }).count(), 0);
      // and signing in with the keyboard alone
      await page.getByLabel("Access token, or the JSON printed by a token command").focus();
      await page.keyboard.insertText(JSON.stringify(admin.tokens));
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), "H1", "the new page's heading has the focus");
    });
  });

  describe("jobs", () => {
    it("filters by status, queue and free text; the URL keeps the filters; pages through the results", async () => {
      const queue = "invoices";
      const marker = `needle-${rand()}`;
      const scheduled: Job[] = [];
      for (let i = 0; i < 3; i++) scheduled.push(await enqueue({ type: "jobs.noop", queue, payload: { n: i, ...(i === 1 ? { marker } : {}) }, run_at: future() }));
      const failing = await enqueue({ type: "jobstest.fail", queue, payload: { key: `invoice-${rand()}` } });
      const page = await asAdmin();

      await filters(page).getByLabel("Status").selectOption("scheduled");
      await filters(page).getByLabel("Queue").fill(queue);
      await filters(page).getByRole("button", { name: "Apply filters" }).click();
      await page.getByText("3 jobs, page 1 of 1").waitFor();
      assert.match(page.url(), new RegExp(`#/jobs\\?status=scheduled&queue=${queue}$`));
      const ids = await page.locator("tbody tr td:first-child a").allInnerTexts();
      assert.deepEqual(
        ids,
        [...scheduled].reverse().map((j) => tail(j.id)),
        "newest first",
      );

      await filters(page).getByLabel("Search").fill(marker);
      await filters(page).getByRole("button", { name: "Apply filters" }).click();
      await page.getByText("1 job, page 1 of 1").waitFor();
      assert.deepEqual(await page.locator("tbody tr td:first-child a").allInnerTexts(), [tail(scheduled[1]!.id)]);

      // the failing job reaches `failed` on its own: the list shows it without a reload (auto-refresh)
      await page.goto(`${stack.baseUrl}/console/#/jobs?queue=${queue}&page_size=25`);
      await page.getByText("4 jobs, page 1 of 1").waitFor();
      await eventually("the failed job to show as failed", async () =>
        (
          await page
            .getByRole("row")
            .filter({ hasText: tail(failing.id) })
            .innerText()
        ).includes("failed"),
      );
      assert.equal((await jobNow(failing.id)).status, "failed");
      // the jobs per status under the filter, each a link to that status
      const counts = page.getByRole("navigation", { name: "Jobs per status" });
      await eventually("the counts per status", async () => (await counts.locator('[data-status="failed"]').innerText()).replace(/\s+/g, " ") === "failed 1");
      assert.equal((await counts.locator('[data-status="scheduled"]').innerText()).replace(/\s+/g, " "), "scheduled 3");
      await counts.locator('[data-status="scheduled"]').click();
      await page.getByText("3 jobs, page 1 of 1").waitFor();

      // paging: the API's page and page_size
      await page.goto(`${stack.baseUrl}/console/#/jobs?queue=${queue}&page_size=3`);
      await page.getByText("4 jobs, page 1 of 2").waitFor();
      await page.getByRole("link", { name: "Older →" }).click();
      await page.getByText("4 jobs, page 2 of 2").waitFor();
      assert.deepEqual(await page.locator("tbody tr td:first-child a").allInnerTexts(), [tail(scheduled[0]!.id)]);
      await assertLabelled(page);
    });

    it("cancels and retries a job from the list and from its page, showing the API's answers", async () => {
      const queue = "billing";
      const job = await enqueue({ type: "jobs.noop", queue, payload: { note: "cancel me" }, run_at: future() });
      const failKey = `statement-${rand()}`;
      const failing = await enqueue({ type: "jobstest.fail", queue, payload: { key: failKey } });
      await eventually("the failing job to fail", async () => (await jobNow(failing.id)).status === "failed");
      const page = await asAdmin();
      await page.goto(`${stack.baseUrl}/console/#/jobs?queue=${queue}`);
      await page.getByText("2 jobs, page 1 of 1").waitFor();
      await shot(page, "jobs");

      // a cancel is asked for first: dismissed, nothing happens
      await page.getByRole("button", { name: `Cancel job ${tail(job.id)} (jobs.noop)` }).click();
      const confirm = page.getByRole("dialog", { name: `Cancel job ${tail(job.id)}?` });
      assert.match(await confirm.innerText(), /The jobs\.noop job will not run again unless it is retried; an attempt already running finishes\./);
      await confirm.getByRole("button", { name: "Keep the job" }).click();
      await confirm.waitFor({ state: "detached" });
      assert.equal((await jobNow(job.id)).status, "scheduled");
      await page.getByRole("button", { name: `Cancel job ${tail(job.id)} (jobs.noop)` }).click();
      await confirm.getByRole("button", { name: "Cancel the job" }).click();
      await page.getByText(`Job ${tail(job.id)} canceled: now canceled.`).waitFor();
      assert.equal((await jobNow(job.id)).status, "canceled");
      await page.getByRole("button", { name: `Retry job ${tail(job.id)} (jobs.noop)` }).click();
      await page.getByText(`Job ${tail(job.id)} queued again: now queued.`).waitFor();
      await eventually("the retried job to run", async () => (await jobNow(job.id)).status === "succeeded");

      // the failed job's page: payload, attempts, error, timestamps; retry runs it again
      await page.getByRole("link", { name: `Job ${failing.id}` }).click();
      await page.getByRole("heading", { level: 2, name: "Payload" }).waitFor();
      const facts = await page.locator("main").innerText();
      assert.match(facts, /Attempts\s+2 of 2/);
      assert.match(facts, /always fails/);
      assert.match(facts, new RegExp(`"key": "${failKey}"`));
      assert.match(facts, /Created\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      assert.match(facts, /Finished\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      const history = async () =>
        (await page.getByRole("region", { name: "Attempt history", exact: true }).locator("tbody tr").allInnerTexts()).map((r) =>
          r
            .replace(/^\S+ \S+\s+/, "")
            .replace(/\s+/g, " ")
            .trim(),
        );
      const node = stack.broker.nodeID;
      assert.deepEqual(await history(), [`1 attempt claimed 1 ${node}`, `1 attempt claimed 2 ${node}`]);
      await shot(page, "job");
      await page.getByRole("button", { name: "Retry job" }).click();
      await page.getByText(`Job ${tail(failing.id)} queued again`).waitFor();
      await eventually("the retried job to fail again", async () => callsOf(store, failKey) === 4 && (await jobNow(failing.id)).status === "failed");
      await eventually("its page to show it failed again", async () => (await page.locator("main").innerText()).includes("failed") && (await history()).length === 5);
      assert.deepEqual((await history()).slice(2), [`2 retry asked – user:${admin.user_id}`, `2 attempt claimed 1 ${node}`, `2 attempt claimed 2 ${node}`]);

      // a job that cannot be canceled any more: the API's refusal, word for word
      const done = await enqueue({ type: "jobs.noop", queue, payload: {} });
      await eventually("the job to succeed", async () => (await jobNow(done.id)).status === "succeeded");
      await page.goto(`${stack.baseUrl}/console/#/jobs/${done.id}`);
      await page.getByRole("heading", { level: 1, name: `Job ${tail(done.id)}` }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Cancel job" }).count(), 0, "no cancel for a succeeded job");
      await page.goto(`${stack.baseUrl}/console/#/jobs/00000000-0000-4000-8000-000000000000`);
      await page.getByText("job not found").waitFor();
    });

    it("cancels the filter's jobs in bulk, then retries them, each confirmed with how many and which; dismissed, nothing changes", async () => {
      const queue = `bulk-${rand()}`;
      const jobs: Job[] = [];
      for (let i = 0; i < 3; i++) jobs.push(await enqueue({ type: "jobs.noop", queue, payload: { n: i }, run_at: future() }));
      const statuses = async () => ((await stack.broker.call("jobs.getMany", { ids: jobs.map((j) => j.id) })) as Job[]).map((j) => j.status).sort();
      const page = await asAdmin();

      // without a status filter, no bulk change: the page says what to filter by
      await page.goto(`${stack.baseUrl}/console/#/jobs?queue=${queue}`);
      await page.getByText("3 jobs, page 1 of 1").waitFor();
      await page.getByText("To retry or cancel in bulk, filter by status").waitFor();
      assert.equal(await page.locator(".bulk button").count(), 0);

      await page.goto(`${stack.baseUrl}/console/#/jobs?status=scheduled&queue=${queue}`);
      await page.getByText("3 jobs, page 1 of 1").waitFor();
      const cancel = page.locator(".bulk").getByRole("button", { name: "Cancel 3 scheduled jobs" });
      await cancel.click();
      const confirm = page.getByRole("dialog", { name: "Cancel 3 scheduled jobs?" });
      assert.match(await confirm.innerText(), new RegExp(`The newest 3 jobs of the filter \\(scheduled jobs in queue ${queue}\\) will not run unless retried`));
      await confirm.getByRole("button", { name: "Leave them" }).click();
      await confirm.waitFor({ state: "detached" });
      assert.deepEqual(await statuses(), ["scheduled", "scheduled", "scheduled"], "dismissed: nothing changed");

      await cancel.click();
      await shot(page, "bulk-cancel-confirm", { focused: true });
      await confirm.getByRole("button", { name: "Cancel 3 scheduled jobs" }).click();
      await page.getByText("Canceled 3 jobs.").waitFor();
      assert.deepEqual(await statuses(), ["canceled", "canceled", "canceled"]);
      await page.getByText("No jobs match.").waitFor();

      await filters(page).getByLabel("Status").selectOption("canceled");
      await filters(page).getByRole("button", { name: "Apply filters" }).click();
      await page.getByText("3 jobs, page 1 of 1").waitFor();
      const retry = page.locator(".bulk").getByRole("button", { name: "Retry 3 canceled jobs" });
      await retry.click();
      const again = page.getByRole("dialog", { name: "Retry 3 canceled jobs?" });
      assert.match(await again.innerText(), new RegExp(`The newest 3 jobs of the filter \\(canceled jobs in queue ${queue}\\) will run again from attempt 1\\.`));
      await again.getByRole("button", { name: "Leave them" }).click();
      await again.waitFor({ state: "detached" });
      assert.deepEqual(await statuses(), ["canceled", "canceled", "canceled"], "dismissed: nothing changed");
      await retry.click();
      await again.getByRole("button", { name: "Retry 3 canceled jobs" }).click();
      await page.getByText("Retried 3 jobs.").waitFor();
      assert.ok(
        (await statuses()).every((s) => ["queued", "running", "succeeded"].includes(s)),
        "queued again",
      );
      await eventually("the retried jobs to run", async () => (await statuses()).every((s) => s === "succeeded"));
      await assertLabelled(page);
    });

    it("enqueues with the API's rules and messages", async () => {
      const page = await asAdmin();
      const queue = "imports";
      const attempt = async (fields: { type?: string; queue?: string; payload?: string }, expected: string) => {
        const form = enqueueForm(page);
        await form.getByLabel("Type", { exact: true }).fill(fields.type ?? "");
        await form.getByLabel("Queue", { exact: true }).fill(fields.queue ?? "");
        await form.getByLabel("Payload (a JSON object)").fill(fields.payload ?? "");
        await form.getByRole("button", { name: "Enqueue" }).click();
        await page.getByText(expected).waitFor();
      };
      await attempt({ type: "nope.nothing", queue, payload: "{}" }, "Not enqueued: unknown job type");
      await attempt({ type: "jobs.noop", queue, payload: "" }, "Not enqueued: missing fields: payload");
      await attempt({ type: "jobs.noop", queue, payload: "[1]" }, "Not enqueued: invalid payload");
      await attempt({ type: "jobs.noop", queue, payload: "{nope" }, "Not enqueued: invalid json");
      await attempt({ type: "inventory.purgeOrganization", queue, payload: "{}" }, "Not enqueued: job type cannot be enqueued by hand");
      await attempt({ type: "jobs.noop", queue, payload: '{"from": "console"}' }, "Not enqueued: invalid queue");
      await attempt({ type: "jobs.noop", queue: "default", payload: '{"from": "console"}' }, "Enqueued job");
      const listed = await stack.http.get(`/api/v1/admin/worker/jobs?queue=default&q=${encodeURIComponent('"console"')}`, { headers: admin.bearer });
      assert.deepEqual(
        listed.json.items.map((j: Job) => [j.type, j.payload]),
        [["jobs.noop", { from: "console" }]],
      );
    });
  });

  describe("queues", () => {
    it("shows the figures per queue changing live, pauses a queue (its jobs wait) and resumes it (they run)", async () => {
      const queue = "exports";
      await enqueue({ type: "jobs.noop", queue, payload: {}, run_at: future() });
      const page = await asAdmin();
      await page.getByRole("link", { name: "Queues", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Queues" }).waitFor();
      const cell = (field: string) => page.locator(`tr[data-queue="${queue}"] [data-field="${field}"]`);
      await eventually("the queue's scheduled job", async () => (await cell("scheduled").innerText()) === "1");

      // more jobs arrive while the page is open: the figures follow without a reload
      await enqueue({ type: "jobs.noop", queue, payload: {}, run_at: future() });
      await eventually("two scheduled jobs", async () => (await cell("scheduled").innerText()) === "2");

      // pausing is asked for first, in a dialog the keyboard alone works: Escape keeps the queue running
      const pause = page.getByRole("button", { name: `Pause queue ${queue}` });
      await pause.focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: `Pause queue ${queue}?` });
      await confirm.waitFor();
      assert.match(await confirm.innerText(), /No replica starts its jobs until it is resumed/);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Keep it running", "the focus is on the choice that changes nothing");
      await page.keyboard.press("Escape");
      await confirm.waitFor({ state: "detached" });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), `Pause queue ${queue}`, "the focus is back on the button");
      assert.equal((await cell("state").innerText()).trim(), "active");
      await page.keyboard.press("Enter");
      await confirm.waitFor();
      await shot(page, "pause-confirm", { focused: true });
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Pause the queue");
      await page.keyboard.press("Enter");
      await page.getByText(`Queue ${queue} paused`).waitFor();
      await eventually("the queue shown paused", async () => (await cell("state").innerText()).trim() === "paused");
      const held = await enqueue({ type: "jobstest.count", queue, payload: { key: `export-${rand()}` }, run_at: new Date().toISOString() });
      await eventually("the held job counted pending, waiting for over a second", async () => {
        const [pending, oldest] = [await cell("pending").innerText(), await cell("oldest").innerText()];
        return pending === "1" && /^\d+ s$/.test(oldest.trim()) && oldest.trim() !== "0 s";
      });
      assert.equal((await jobNow(held.id)).status, "queued", "a paused queue's job waits");
      await shot(page, "queues");

      await page.getByRole("button", { name: `Resume queue ${queue}` }).click();
      await page.getByText(`Queue ${queue} resumed.`).waitFor();
      await eventually("the held job to run", async () => (await jobNow(held.id)).status === "succeeded");
      await eventually("pending back to 0", async () => (await cell("pending").innerText()) === "0" && (await cell("state").innerText()).trim() === "active");
      await assertLabelled(page);
    });
  });

  describe("the last hour", () => {
    it("the queues page shows the hour's succeeded and failed attempts per queue, overall, and minute by minute", async () => {
      // an attempt counts in its type's queue: the test types' (`reports`)
      const queue = "reports";
      const hourOf = async () => {
        const stats = (await stack.http.get("/api/v1/admin/worker/stats", { headers: admin.bearer })).json as JobStats;
        return stats.queues.find((q) => q.queue === queue) ?? { succeeded: 0, failed: 0 };
      };
      const before = await hourOf();
      const ok = [
        await enqueue({ type: "jobstest.count", queue, payload: { key: `hour-${rand()}` } }),
        await enqueue({ type: "jobstest.count", queue, payload: { key: `hour-${rand()}` } }),
      ];
      const failing = await enqueue({ type: "jobstest.fail", queue, payload: { key: `hour-${rand()}` } });
      await eventually("the jobs to end", async () => {
        const after = (await stack.broker.call("jobs.getMany", { ids: [...ok, failing].map((j) => j.id) })) as Job[];
        return after.filter((j) => j.status === "succeeded").length === 2 && after.some((j) => j.status === "failed");
      });
      const page = await asAdmin();
      await page.getByRole("link", { name: "Queues", exact: true }).click();
      const cell = async (field: string) => Number(await page.locator(`tr[data-queue="${queue}"] [data-field="${field}"]`).innerText());
      await eventually("the queue's hour", async () => (await cell("succeeded-hour")) >= before.succeeded + 2 && (await cell("failed-hour")) >= before.failed + 1);
      const line = (await page.locator('[data-field="last-hour"]').innerText()).trim();
      assert.match(line, /^Last hour: \d+ succeeded, \d+ failed, \d+ attempts? to be retried.* \(1 replica\)$/);
      const [succeeded, failed] = line.match(/\d+/g)!.map(Number);
      assert.ok(succeeded! >= 2 && failed! >= 1, line);
      assert.equal(await page.locator(".bars .bar").count(), 60, "a bar per minute");
      assert.ok((await page.locator(".bars .seg-ok:not(.h0)").count()) >= 1 && (await page.locator(".bars .seg-bad:not(.h0)").count()) >= 1);
      // the same minutes as a table
      await page.getByText(/^Minute by minute/).click();
      const minutes = page.getByRole("region", { name: "Attempts per minute" });
      await minutes.waitFor();
      const rows = (await minutes.locator("tbody tr").allInnerTexts()).map((r) => r.replace(/\s+/g, " ").trim());
      assert.ok(rows.length >= 1 && rows.every((r) => /^\d\d:\d\d( \d+){4}$/.test(r)), rows.join(" | "));
      await shot(page, "queues-last-hour");
      await assertLabelled(page);
    });
  });

  describe("periodic jobs", () => {
    it("lists each periodic job type with its queue, period, last run and next run", async () => {
      const page = await asAdmin();
      await page.getByRole("link", { name: "Periodic", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Periodic jobs" }).waitFor();
      const rows = page.getByRole("region", { name: "Periodic jobs" }).locator("tbody tr");
      await rows.first().waitFor();
      assert.deepEqual(
        await rows.evaluateAll((trs: any[]) => trs.map((tr) => tr.getAttribute("data-type"))),
        PERIODIC_JOBS.map((p) => p.type),
      );
      const words: Record<number, string> = { 60_000: "1 min", 3_600_000: "1 h", 86_400_000: "1 day" };
      for (const { type, everyMs } of PERIODIC_JOBS) {
        const row = page.locator(`tr[data-type="${type}"]`);
        if (words[everyMs] !== undefined) assert.equal((await row.locator('[data-field="every"]').innerText()).trim(), words[everyMs]);
        assert.match(await row.locator('[data-field="next"]').innerText(), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \((in \d+ (s|min|h)( \d+ min)?|due now)\)$/);
        // periodic jobs are off in this stack: no run in this period or the last
        assert.match(await row.locator('[data-field="last"]').innerText(), /none in this period or the last/);
      }
      await shot(page, "periodic");
      await assertLabelled(page);
      // a type leads to its jobs in the list
      await page.getByRole("link", { name: PERIODIC_JOBS[0]!.type, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Jobs" }).waitFor();
      assert.match(page.url(), new RegExp(`#/jobs\\?type=${PERIODIC_JOBS[0]!.type.replace(".", "\\.")}&periodic=true$`));
      assert.equal(await filters(page).getByLabel("Periodic housekeeping").inputValue(), "true");
    });
  });

  describe("a slow API", () => {
    it("auto-refresh waits for the answer in flight: the figures show, and the next request starts only after it", async () => {
      const page = await asAdmin();
      const url = `${stack.baseUrl}/api/v1/admin/worker/queues`;
      let inflight = 0;
      let most = 0;
      let answered = 0;
      // every answer of the queues view takes longer than its 2 s refresh interval
      await page.route(url, async (route) => {
        inflight += 1;
        most = Math.max(most, inflight);
        await new Promise((r) => setTimeout(r, 2_300));
        await route.continue();
      });
      page.on("requestfinished", (req) => {
        if (req.url() !== url) return;
        inflight -= 1;
        answered += 1;
      });
      page.on("requestfailed", (req) => {
        if (req.url() === url) inflight -= 1;
      });
      await page.getByRole("link", { name: "Queues", exact: true }).click();
      await page.locator('tr[data-queue="default"]').waitFor();
      await eventually("two slow answers, one after the other", async () => answered >= 2);
      assert.equal(most, 1, "never two requests in flight");
      assert.match(await page.locator(".live").innerText(), /Updated \d\d:\d\d:\d\d/);
      await page.unrouteAll({ behavior: "wait" });
    });
  });

  describe("organizations", () => {
    it("looks an organization up by id: status, members with e-mail and role, keys without secrets; while it is deleted, its purge jobs", async () => {
      const tenant = await newTenant(stack, "Acme Corp");
      const member = await signIn(stack.broker, `member-${rand()}@example.com`);
      assert.equal((await tenant.http.post(`/api/v1/orgs/${tenant.orgId}/members`, { user_id: member.user_id, role: "admin" })).status, 200);
      const key = await tenant.http.post(`/api/v1/orgs/${tenant.orgId}/api-keys`, { name: "deploy-bot" });
      assert.equal(key.status, 201);

      const page = await asAdmin();
      await page.getByRole("link", { name: "Organizations", exact: true }).click();
      const search = page.getByLabel("Name, domain, member e-mail or id");
      await search.fill(`nothing-${rand()}`);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByText(/No organization has a name, domain or member e-mail containing/).waitFor();
      // found by a member's e-mail: a list, newest first, each leading to its page
      await search.fill(member.email.toUpperCase());
      await page.getByRole("button", { name: "Find" }).click();
      const found = page.getByRole("region", { name: "Organizations found" });
      await found.getByRole("link", { name: "Acme Corp" }).waitFor();
      assert.equal(await found.locator("tbody tr").count(), 1);
      await found.getByRole("link", { name: "Acme Corp" }).click();
      await page.getByRole("heading", { level: 2, name: /Acme/ }).waitFor();
      // an id opens its page directly
      await search.fill(tenant.orgId);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("heading", { level: 2, name: /Acme/ }).waitFor();
      const members = await page.getByRole("region", { name: "Members", exact: true }).innerText();
      assert.match(members, new RegExp(`${tenant.user.email.replace(/[.]/g, "\\.")}\\s+owner`));
      assert.match(members, new RegExp(`${member.email.replace(/[.]/g, "\\.")}\\s+admin`));
      const keys = await page.getByRole("region", { name: "Organization keys", exact: true }).innerText();
      assert.match(keys, /deploy-bot/);
      const text = await page.locator("main").innerText();
      for (const secret of [key.json.org_key, key.json.org_secret]) assert.ok(!text.includes(secret), "no key or secret on the page");
      // its recent audit events: what happened, to what, who (their e-mail) and when, never the values that changed
      const audit = () => page.getByRole("region", { name: "Audit events", exact: true });
      await eventually("the four changes in the audit events", async () => (await audit().locator("tbody tr").count()) === 4);
      const rows = (await audit().locator("tbody tr").allInnerTexts()).map((r) => r.replace(/\s+/g, " ").trim());
      const owner = tenant.user.email;
      assert.deepEqual(
        rows.map((r) => r.replace(/^(\d+ s ago|now) /, "<when> ")),
        [
          `<when> org_key.created org_key ${tail(key.json.id)} ${owner}`,
          `<when> member.created member ${tail(member.user_id)} ${owner}`,
          `<when> member.created member ${tail(tenant.user.user_id)} ${owner}`,
          `<when> organization.created organization ${tail(tenant.orgId)} ${owner}`,
        ],
      );
      await shot(page, "organization");

      assert.equal((await tenant.http.delete(`/api/v1/orgs/${tenant.orgId}`)).status, 204);
      await page.getByRole("heading", { level: 3, name: "Being deleted" }).waitFor({ timeout: 20_000 });
      await eventually("four purge jobs with their state", async () => {
        const purges = await page.getByRole("region", { name: "Purge jobs", exact: true }).innerText();
        return ["inventory", "credentials", "dns", "clusters"].every((s) => purges.includes(`${s}.purgeOrganization`)) && /retrying|failed/.test(purges);
      });
      assert.match(await page.getByRole("region", { name: "Purge jobs", exact: true }).innerText(), /no handler available for inventory\.purgeOrganization/);
      await shot(page, "organization-deleting");
      await page.getByLabel("Name, domain, member e-mail or id").fill("0195d5a0-0000-7000-8000-000000000000");
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByText("organization not found").waitFor();
    });

    it("a job that works for an organization links to its page", async () => {
      const tenant = await newTenant(stack, "Linked Org");
      const job = await enqueue({ type: "jobs.noop", queue: `linked-${rand()}`, payload: { organization_id: tenant.orgId }, run_at: future() });
      const page = await asAdmin();
      await page.goto(`${stack.baseUrl}/console/#/jobs/${job.id}`);
      await page.getByRole("link", { name: tenant.orgId }).click();
      await page.getByRole("heading", { level: 2, name: /Linked Org/ }).waitFor();
    });
  });

  describe("users", () => {
    it("finds users, makes one an administrator and disables them, each confirmed; the change holds at once; never oneself", async () => {
      const someone = await signIn(stack.broker, `someone-${rand()}@example.com`);
      const page = await asAdmin();
      await page.getByRole("link", { name: "Users", exact: true }).click();
      await page.getByLabel("E-mail or name").fill(someone.email.split("@")[0]!.toUpperCase());
      await page.getByRole("button", { name: "Find" }).click();
      const row = page.locator(`tr[data-user="${someone.email}"]`);
      await row.waitFor();
      assert.equal(await page.getByRole("region", { name: "Users" }).locator("tbody tr").count(), 1);
      assert.equal((await row.locator('[data-field="admin"]').innerText()).trim(), "no");

      // asked first: leaving it changes nothing
      await row.getByRole("button", { name: "Make administrator" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Leave it" }).click();
      assert.equal((await stack.http.get("/api/v1/admin/users", { headers: someone.bearer })).status, 403);
      await row.getByRole("button", { name: "Make administrator" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Make administrator" }).click();
      await page.getByText(`${someone.email}: administrator, enabled.`).waitFor();
      assert.equal((await row.locator('[data-field="admin"]').innerText()).trim(), "yes");
      assert.equal((await stack.http.get("/api/v1/admin/users", { headers: someone.bearer })).status, 200, "an administrator at once");

      await row.getByRole("button", { name: "Disable" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
      await page.getByText(`${someone.email}: administrator, disabled.`).waitFor();
      assert.equal((await stack.http.get("/api/v1/me", { headers: someone.bearer })).status, 401, "refused at once");
      await row.getByRole("button", { name: "Enable" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Enable" }).click();
      await page.getByText(`${someone.email}: administrator, enabled.`).waitFor();
      assert.equal((await stack.http.get("/api/v1/me", { headers: someone.bearer })).status, 200);
      await shot(page, "users");

      // the signed-in administrator's own row offers nothing to click
      await page.getByLabel("E-mail or name").fill(admin.email);
      await page.getByRole("button", { name: "Find" }).click();
      const own = page.locator(`tr[data-user="${admin.email}"]`);
      await own.waitFor();
      assert.equal(await own.getByRole("button").count(), 0);
      assert.match(await own.innerText(), /you/);
    });
  });

  describe("phone width, dark scheme", () => {
    it("every page fits a phone's width, and reads in both schemes", async () => {
      const queue = "mailing";
      const job = await enqueue({ type: "jobstest.fail", queue, payload: { key: `newsletter-${rand()}` } });
      await enqueue({ type: "jobs.noop", queue, payload: { n: 1 }, run_at: future() });
      await eventually("the failing job to fail", async () => (await jobNow(job.id)).status === "failed");
      const tenant = await newTenant(stack, "Globex");

      for (const colorScheme of ["light", "dark"] as const) {
        const page = await asAdmin({ viewport: PHONE, colorScheme });
        const suffix = colorScheme === "dark" ? "-phone-dark" : "-phone";
        const background = await page.evaluate((): string => String(getComputedStyle(document.body).backgroundColor));
        const [r, g, b] = background.match(/\d+/g)!.map(Number);
        const light = (r! + g! + b!) / 3 > 128;
        assert.equal(light, colorScheme === "light", `${colorScheme} scheme: body background ${background}`);
        for (const [path, name, heading] of [
          [`#/jobs?queue=${queue}`, "jobs", "Jobs"],
          [`#/jobs/${job.id}`, "job", `Job ${tail(job.id)}`],
          ["#/queues", "queues", "Queues"],
          ["#/periodic", "periodic", "Periodic jobs"],
          [`#/organizations/${tenant.orgId}`, "organization", "Organizations"],
          ["#/users", "users", "Users"],
        ] as const) {
          await page.goto(`${stack.baseUrl}/console/${path}`);
          await page.getByRole("heading", { level: 1, name: heading }).waitFor();
          if (name === "jobs") await page.getByText("2 jobs, page 1 of 1").waitFor();
          if (name === "organization") await page.getByRole("heading", { level: 2, name: /Globex/ }).waitFor();
          await assertNoSidewaysScroll(page);
          if (colorScheme === "light" || name === "jobs" || name === "queues") await shot(page, `${name}${suffix}`);
        }
      }
      // one desktop page in the dark scheme
      const dark = await asAdmin({ colorScheme: "dark" });
      await dark.goto(`${stack.baseUrl}/console/#/jobs?queue=${queue}`);
      await dark.getByText("2 jobs, page 1 of 1").waitFor();
      await shot(dark, "jobs-dark");
    });
  });
});
