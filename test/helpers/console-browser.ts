import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { TokenPair } from "../../shared/contracts/auth.ts";
import { projectRoot } from "../../shared/project-root.ts";

/**
 * The operator console in a real browser for the e2e tests: Debian's Chromium driven by
 * playwright-core (never a downloaded browser), each page watched for script errors, console
 * errors, CSP violations and requests to another origin.
 */

/** The browser's globals, as the functions handed to `page.evaluate` see them (this file is compiled without the DOM library). */
declare const document: any;
declare const window: any;

const ROOT = projectRoot();

/** The newest modification time of the files under `dir` (0 when there are none). */
function newestUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((newest, e) => Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
}

/** Whether console/dist was built after every source of the console (its own files and the contracts it bundles) last changed. */
function builtFresh(): boolean {
  const index = join(ROOT, "console", "dist", "index.html");
  if (!existsSync(index)) return false;
  const sources = [join(ROOT, "console", "src"), join(ROOT, "console", "public"), join(ROOT, "shared", "contracts")].map(newestUnder);
  const files = ["index.html", "vite.config.ts", "tsconfig.json"].map((f) => statSync(join(ROOT, "console", f)).mtimeMs);
  return statSync(index).mtimeMs >= Math.max(...sources, ...files);
}

/**
 * Builds the console as its sources are now (what `npm ci` / `npm run build` also do), unless the
 * build is already newer than them. Test files running side by side build it once: the build
 * empties console/dist first, which would pull it from under another file's gateway reading it.
 */
export async function buildConsole(): Promise<void> {
  const lock = join(ROOT, "console", ".build.lock");
  for (const givenUp = Date.now() + 180_000; ;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== "EEXIST") throw err;
      // a lock left by a test process that died mid-build
      if (Date.now() > givenUp) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!builtFresh()) await promisify(execFile)(join(ROOT, "node_modules", ".bin", "vite"), ["build", "--config", "console/vite.config.ts", "--logLevel", "warn"], { cwd: ROOT });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** What must never happen on a page: script errors, CSP violations, failed loads other than the API's own refusals (4xx). */
export interface Watch {
  problems: string[];
  /** Requests to any origin but the console's own (navigations to `navigableOrigin` excepted). */
  foreign: string[];
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Chromium and the pages a test opened in it, each in a fresh profile (its own session storage). */
export class ConsoleBrowser {
  private readonly opened: { context: BrowserContext; watch: Watch }[] = [];

  private constructor(
    readonly browser: Browser,
    private readonly baseUrl: string,
    private readonly navigableOrigin: string | undefined,
  ) {}

  /** Launches Debian's Chromium for a console served at `baseUrl` (`navigableOrigin`: an identity provider the browser may be sent to). */
  static async launch(baseUrl: string, navigableOrigin?: string): Promise<ConsoleBrowser> {
    return new ConsoleBrowser(await chromium.launch({ executablePath: "/usr/bin/chromium" }), baseUrl, navigableOrigin);
  }

  /** A fresh browser profile with a page watched for problems. */
  async openPage(opts: PageOptions = {}): Promise<{ page: Page; watch: Watch }> {
    const context = await this.browser.newContext({ viewport: opts.viewport ?? DESKTOP, colorScheme: opts.colorScheme ?? "light", locale: "en-GB", timezoneId: "UTC" });
    const watch: Watch = { problems: [], foreign: [] };
    this.opened.push({ context, watch });
    await context.exposeBinding("reportViolation", (_source, text: string) => watch.problems.push(`CSP violation: ${text}`));
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e: { violatedDirective: string; blockedURI: string }) => {
        (window as { reportViolation(t: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const page = await context.newPage();
    page.on("pageerror", (err) => watch.problems.push(`page error: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() !== "error" && msg.type() !== "warning") return;
      // the API's own refusals (a 4xx the test provoked) are logged by the browser as failed loads: expected
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) return;
      watch.problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.origin !== this.baseUrl && !(req.isNavigationRequest() && url.origin === this.navigableOrigin)) watch.foreign.push(req.url());
    });
    return { page, watch };
  }

  /** Closes the pages opened since the last call and asserts nothing went wrong in them (after each test). */
  async closePages(): Promise<void> {
    const opened = this.opened.splice(0);
    for (const { context } of opened) await context.close();
    for (const { watch } of opened) {
      assert.deepEqual(watch.problems, [], "no console errors, script errors or CSP violations");
      assert.deepEqual(watch.foreign, [], "no request to another origin");
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/** Signs in by pasting what `npm run token` prints (npm's own lines, then the TokenPair). */
export async function signInWithToken(page: Page, baseUrl: string, who: { email: string; tokens: TokenPair }): Promise<void> {
  const printed = `\n> cluster-infra-api@0.1.0 token\n> node --import tsx bin/token.ts --email ${who.email}\n\n${JSON.stringify(who.tokens, null, 2)}\n`;
  await page.goto(`${baseUrl}/console/`);
  await page.getByLabel("Access token, or the JSON printed by a token command").fill(printed);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
}

/** Every control on the page (and every element taking the focus) has an accessible name: aria-label, aria-labelledby, a label or its text. */
export async function assertLabelled(page: Page): Promise<void> {
  const unnamed = (await page.evaluate(() =>
    [...document.querySelectorAll("button, input, select, textarea, a[href], [tabindex='0']")]
      .filter((e: any) => {
        const labelledBy: string | null = e.getAttribute("aria-labelledby");
        const names: unknown[] = [e.getAttribute("aria-label"), labelledBy && document.getElementById(labelledBy)?.textContent, e.labels?.[0]?.textContent, e.textContent];
        return !names.some((name) => typeof name === "string" && name.trim() !== "");
      })
      .map((e: any) => String(e.outerHTML).slice(0, 120)),
  )) as string[];
  assert.deepEqual(unnamed, [], "every control has a name");
}

/** Nothing is wider than the screen. */
export async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const [scroll, width] = (await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])) as [number, number];
  assert.ok(scroll <= width, `page is ${scroll}px wide in a ${width}px window`);
}
