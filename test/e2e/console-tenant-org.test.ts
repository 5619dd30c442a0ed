import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, it } from "@jest/globals";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { projectRoot } from "../../shared/project-root.ts";
import { assertNoSidewaysScroll, assertLabelled, buildConsole, ConsoleBrowser, PHONE, signInWithToken as pasteToken, type PageOptions } from "../helpers/console-browser.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The tenant console's organization pages in a real browser (Debian's Chromium via
 * playwright-core) against a real stack: members (add by user id, roles, the last owner kept),
 * org keys (key and secret shown once, working, revoked), webhooks (to a local receiver: secret
 * shown once, a signed test delivery, deliveries, rotation), the audit log (filters, paging,
 * live), settings, the profile with user API keys; a plain member's read-only pages and the API's
 * refusals in words; another organization's user sees nothing of it; no secret left behind in
 * the page, the browser's storage or the gateway's log. Screenshots as console-runner.test.ts
 * (SAVE_SCREENSHOTS=1 writes docs/console/).
 */

/** The browser's globals, as the functions handed to `page.evaluate` see them (this file is compiled without the DOM library). */
declare const document: any;
declare const sessionStorage: any;
declare const localStorage: any;
declare const location: any;
declare const navigator: any;

const ROOT = projectRoot();
const SHOTS = process.env.SAVE_SCREENSHOTS === "1" ? join(ROOT, "docs", "console") : mkdtempSync(join(tmpdir(), "console-shots-"));
const rand = () => randomBytes(3).toString("hex");

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every request, answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received };
}

describe("tenant console: an organization's members, keys, webhooks, audit log, settings and the profile (Chromium via playwright-core, real stack)", () => {
  let stack: Stack;
  let browser: ConsoleBrowser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedIn;
  let member: SignedIn;
  let stranger: SignedIn;
  let orgId: string;
  let orgName: string;
  let strangerOrg: string;
  let strangerOrgName: string;
  /** Every secret the journey was shown: none may be left anywhere afterwards. */
  const secrets: string[] = [];

  beforeAll(async () => {
    await buildConsole();
    mkdirSync(SHOTS, { recursive: true });
    receiver = await startReceiver();
    stack = await startStack({
      services: ["api", "auth", "orgs", "events", "jobs"],
      env: {
        WEBHOOKS_ALLOW_PRIVATE: "true",
        JOBS_POLL_MS: "100",
        JOBS_BACKOFF_BASE_MS: "50",
        JOBS_BACKOFF_MAX_MS: "200",
        JOBS_PERIODIC_ENABLED: "false",
      },
    });
    owner = await signIn(stack.broker, `owner-${rand()}@example.com`);
    member = await signIn(stack.broker, `member-${rand()}@example.com`);
    stranger = await signIn(stack.broker, `stranger-${rand()}@example.com`);
    orgName = `Acme ${rand()}`;
    const made = await stack.http.post("/api/v1/orgs", { name: orgName }, { headers: owner.bearer });
    assert.equal(made.status, 201, made.text);
    orgId = (made.json as { id: string }).id;
    strangerOrgName = `Other ${rand()}`;
    const other = await stack.http.post("/api/v1/orgs", { name: strangerOrgName, domain: `taken-${rand()}.example` }, { headers: stranger.bearer });
    assert.equal(other.status, 201, other.text);
    strangerOrg = (other.json as { id: string }).id;
    browser = await ConsoleBrowser.launch(stack.baseUrl);
  });

  // every page opened by the test that just ran: nothing went wrong in it
  afterEach(() => browser.closePages());

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise<void>((r) => receiver?.server.close(() => r()));
  });

  /** A page signed in as `who` (not an administrator: they land on their organizations). */
  async function signedIn(who: SignedIn, opts: PageOptions = {}): Promise<Page> {
    const { page } = await browser.openPage(opts);
    await pasteToken(page, stack.baseUrl, who);
    await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
    return page;
  }

  /** Goes to a page of the console by its address (`#/orgs/<org>/members`) and waits for its heading. */
  async function go(page: Page, hash: string, heading: string | RegExp): Promise<void> {
    await page.evaluate((h: string) => (location.hash = h), hash);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  }
  const orgPage = (section: string) => `#/orgs/${orgId}/${section}`;

  /** A screenshot as a reader sees the page: no hover or focus left over from the test's clicks. */
  const shot = async (page: Page, name: string) => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Polls until `check` holds. */
  const eventually = (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => waitUntil(what, async () => ((await check()) ? true : undefined), timeoutMs);

  /** None of the secrets shown so far is in the page's document or the browser's storage. */
  async function assertNoSecretsLeft(page: Page): Promise<void> {
    const [html, stored] = await page.evaluate(() => {
      const all: string[] = [];
      for (const s of [sessionStorage, localStorage]) for (let i = 0; i < s.length; i++) all.push(`${s.key(i)}=${s.getItem(s.key(i))}`);
      return [String(document.documentElement.outerHTML), all.join("\n")];
    });
    const url = page.url();
    for (const secret of secrets) {
      assert.ok(!html.includes(secret), "a secret shown once is gone from the page once left");
      assert.ok(!stored.includes(secret), "no secret in sessionStorage or localStorage");
      assert.ok(!url.includes(secret), "no secret in the address");
    }
  }

  const table = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
  const rowOf = (page: Page, tableName: string, text: string) => table(page, tableName).locator("tbody tr").filter({ hasText: text });

  it("members: an owner adds a member by user id and changes their role; the last owner cannot be demoted (the API's message); an unknown user is refused in words", async () => {
    const page = await signedIn(owner);
    // the picker lists the organization (its clusters' page needs services this stack does not run)
    assert.equal(await page.getByRole("link", { name: orgName }).getAttribute("href"), `#/orgs/${orgId}/clusters`);
    await go(page, orgPage("members"), "Members");
    await rowOf(page, "Members", owner.email).waitFor();

    // an unknown user id: the API's 404 in its words, nothing added
    await page.getByRole("button", { name: "Add a member" }).click();
    const form = page.getByRole("region", { name: "Add a member" });
    await form.getByLabel("User id").fill("0190a0b0-0000-7000-8000-000000000000");
    await form.getByRole("button", { name: "Add member" }).click();
    await form.getByRole("alert").waitFor();
    assert.match(await form.getByRole("alert").innerText(), /not found/i);

    await form.getByLabel("User id").fill(member.user_id);
    await form.getByLabel("Role").selectOption("member");
    await form.getByRole("button", { name: "Add member" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${member.email} is a member now, with the role member.` })
      .waitFor();
    const memberRow = rowOf(page, "Members", member.email);
    await memberRow.waitFor();
    assert.match(await memberRow.innerText(), new RegExp(member.user_id));

    // the role: admin, then member again
    await memberRow.getByLabel(`Role of ${member.email}`, { exact: true }).selectOption("admin");
    await memberRow.getByRole("button", { name: `Change the role of ${member.email}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${member.email} is now admin.` })
      .waitFor();
    const roles = await stack.http.get(`/api/v1/orgs/${orgId}/members`, { headers: owner.bearer });
    assert.equal((roles.json as { user_id: string; role: string }[]).find((m) => m.user_id === member.user_id)?.role, "admin");
    await memberRow.getByLabel(`Role of ${member.email}`, { exact: true }).selectOption("member");
    await memberRow.getByRole("button", { name: `Change the role of ${member.email}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${member.email} is now member.` })
      .waitFor();

    // the last owner demoting themselves: 409 in the API's words, still owner
    const ownerRow = rowOf(page, "Members", owner.email);
    await ownerRow.getByLabel(`Role of ${owner.email}`, { exact: true }).selectOption("admin");
    await ownerRow.getByRole("button", { name: `Change the role of ${owner.email}` }).click();
    const refused = page.getByRole("alert").filter({ hasText: "cannot remove or demote the last owner" });
    await refused.waitFor();
    assert.match(await refused.innerText(), /^The role of .* was not changed: cannot remove or demote the last owner$/);
    assert.equal(await page.getByText("your role:").locator("strong").innerText(), "owner");

    await assertLabelled(page);
    await shot(page, "tenant-members");
  });

  it("org keys: a key created shows its key and secret once; they work against the API; revoked, they are refused (401); leaving the page forgets them", async () => {
    const page = await signedIn(owner);
    await go(page, orgPage("keys"), "Organization keys");
    await page.getByRole("button", { name: "New key" }).click();
    const form = page.getByRole("region", { name: "New organization key" });
    const name = `ci-${rand()}`;
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Expires in (hours)").fill("24");
    await form.getByRole("button", { name: "Create key" }).click();

    const once = page.getByRole("region", { name: `Key ${name} created` });
    await once.waitFor();
    assert.match(await once.innerText(), /it will not be shown again/);
    const [key, secret] = await once.locator("code.secret").allInnerTexts();
    assert.match(key!, /^org_/);
    assert.match(secret!, /^orgsec_/);
    secrets.push(key!, secret!);
    // the copy button (the Clipboard API, under the console's CSP) puts the secret on the clipboard
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.baseUrl });
    await once.getByRole("button", { name: "Copy Secret" }).click();
    await once.getByText("Copied the secret.").waitFor();
    assert.equal(await page.evaluate((): Promise<string> => navigator.clipboard.readText()), secret);

    const orgKeyHeaders = { "x-org-key": key!, "x-org-secret": secret! };
    const works = await stack.http.get("/api/v1/audit-events?limit=1", { headers: orgKeyHeaders });
    assert.equal(works.status, 200, works.text);

    // listed without its secret, with its prefix
    const row = rowOf(page, "Organization keys", name);
    await row.waitFor();
    const rowText = await row.innerText();
    assert.ok(!rowText.includes(secret!));
    assert.match(rowText, /active/);

    await once.getByRole("button", { name: "Done, I copied it" }).click();
    await once.waitFor({ state: "detached" });
    await shot(page, "tenant-keys");

    // shown again? Another page and back: gone
    await page.getByRole("button", { name: "New key" }).click();
    await form.getByLabel("Name").fill(`temp-${rand()}`);
    await form.getByRole("button", { name: "Create key" }).click();
    const again = page.getByRole("region", { name: /^Key temp-.* created$/ });
    await again.waitFor();
    secrets.push(...(await again.locator("code.secret").allInnerTexts()));
    await go(page, orgPage("members"), "Members");
    await assertNoSecretsLeft(page);
    await go(page, orgPage("keys"), "Organization keys");
    assert.equal(await page.getByRole("region", { name: /created$/ }).count(), 0);
    await assertNoSecretsLeft(page);

    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke key ${name}?` });
    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Revoked key ${name}` })
      .waitFor();
    await row.waitFor({ state: "detached" });
    await eventually("the revoked key to be refused", async () => (await stack.http.get("/api/v1/audit-events?limit=1", { headers: orgKeyHeaders })).status === 401);
  });

  it("webhooks: created to a local receiver (secret shown once), a test delivered signed, its delivery listed, edited, the secret rotated (a new one shown once), one deleted", async () => {
    const page = await signedIn(owner);
    await go(page, orgPage("webhooks"), "Webhooks");
    await page.getByRole("status").filter({ hasText: "No webhook yet." }).waitFor();
    await page.getByRole("button", { name: "New webhook" }).click();
    const form = page.getByRole("region", { name: "New webhook" });
    const url = `${receiver.url}/hooks/${rand()}`;
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("Event types, one per line").fill("member.*\norg_key.*");
    await form.getByLabel("Description").fill("Chat notifications");
    await form.getByRole("button", { name: "Create webhook" }).click();
    const once = page.getByRole("region", { name: `Webhook of ${url} created` });
    await once.waitFor();
    assert.match(await once.innerText(), /it will not be shown again/);
    const secret = await once.locator("code.secret").innerText();
    assert.match(secret, /^whsec_/);
    secrets.push(secret);
    const row = rowOf(page, "Webhooks", url);
    await row.waitFor();
    assert.match(await row.innerText(), /member\.\*, org_key\.\*/);
    await once.getByRole("button", { name: "Done, I copied it" }).click();

    // edited: its description
    await row.getByRole("button", { name: `Edit the webhook of ${url}` }).click();
    const edit = page.getByRole("region", { name: `Edit the webhook of ${url}` });
    await edit.getByLabel("Description").fill("Chat notifications (ops)");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Saved the webhook." }).waitFor();
    await row.getByText("Chat notifications (ops)").waitFor();
    await assertLabelled(page);
    await shot(page, "tenant-webhooks");

    // its deliveries' page: a test, delivered signed to the receiver, listed
    await row.getByRole("link", { name: url, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `Webhook ${url}` }).waitFor();
    await page.getByRole("status").filter({ hasText: "No delivery yet." }).waitFor();
    await page.getByRole("button", { name: `Send a test to ${url}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /^Sent a test \(webhook\.ping\)/ })
      .waitFor();
    const path = new URL(url).pathname;
    const got = await waitUntil("the test delivery", async () => receiver.received.find((r) => r.path === path));
    for (const h of ["webhook-id", "webhook-timestamp", "webhook-signature"]) assert.ok(got.headers[h], `${h} header`);
    const payload = new Webhook(secret).verify(got.body, {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    }) as { type: string };
    assert.equal(payload.type, "webhook.ping");
    const delivery = rowOf(page, "Deliveries", "webhook.ping");
    await delivery.getByText("succeeded").waitFor({ timeout: 15_000 });
    assert.match(await delivery.innerText(), /200/);

    // rotated: confirmed, a new secret shown once
    await page.getByRole("button", { name: `Rotate the secret of ${url}` }).click();
    await page
      .getByRole("dialog", { name: `Rotate the signing secret of ${url}?` })
      .getByRole("button", { name: "Rotate", exact: true })
      .click();
    const rotated = page.getByRole("region", { name: `New signing secret of ${url}` });
    await rotated.waitFor();
    const newSecret = await rotated.locator("code.secret").innerText();
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, secret);
    secrets.push(newSecret);
    await go(page, orgPage("webhooks"), "Webhooks");
    await assertNoSecretsLeft(page);

    // another one, deleted (confirmed)
    const doomed = `${receiver.url}/doomed/${rand()}`;
    const made = await stack.http.post("/api/v1/webhooks", { url: doomed, events: ["*"] }, { headers: orgHeaders(owner, orgId) });
    assert.equal(made.status, 201, made.text);
    secrets.push((made.json as { secret: string }).secret);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
    await rowOf(page, "Webhooks", doomed)
      .getByRole("button", { name: `Delete the webhook of ${doomed}` })
      .click();
    await page
      .getByRole("dialog", { name: `Delete the webhook of ${doomed}?` })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await page
      .getByRole("status")
      .filter({ hasText: `Deleted the webhook of ${doomed}` })
      .waitFor();
    await rowOf(page, "Webhooks", doomed).waitFor({ state: "detached" });
  });

  it("audit log: filtered by type (in the address), paged with Next page and First page, data expandable; a new event shows on the first page live", async () => {
    // more organization.updated events than a page holds (50)
    for (let i = 0; i < 53; i++) {
      const res = await stack.http.patch(`/api/v1/orgs/${orgId}`, { name: `${orgName} v${i}` }, { headers: owner.bearer });
      assert.equal(res.status, 200, res.text);
    }
    const restored = await stack.http.patch(`/api/v1/orgs/${orgId}`, { name: orgName }, { headers: owner.bearer });
    assert.equal(restored.status, 200);
    await eventually("the audit log to hold them", async () => {
      const res = await stack.http.get("/api/v1/audit-events?type=organization.updated&limit=500", { headers: orgHeaders(owner, orgId) });
      return (res.json as unknown[]).length >= 54;
    });

    const page = await signedIn(owner);
    await go(page, orgPage("audit"), "Audit log");
    const filter = page.getByRole("search", { name: "Filter the audit log" });
    await filter.getByLabel("Type", { exact: true }).fill("organization.updated");
    await filter.getByRole("button", { name: "Filter", exact: true }).click();
    await eventually("the filter in the address", async () => page.url().includes("type=organization.updated"));
    const rows = table(page, "Audit events").locator("tbody tr");
    await eventually("a full first page", async () => (await rows.count()) === 50);
    const types = await table(page, "Audit events").locator('td[data-label="Type"]').allInnerTexts();
    assert.deepEqual([...new Set(types)], ["organization.updated"]);
    // the actor by e-mail, the data expandable
    assert.match(await rows.first().innerText(), new RegExp(owner.email.replace(/[.+]/g, "\\$&")));
    await rows.first().locator("summary").click();
    assert.match(await rows.first().locator("pre").innerText(), /"changed"[\s\S]*"name"/);

    await page.getByRole("link", { name: "Next page" }).click();
    await eventually("the second page", async () => page.url().includes("cursor=") && (await rows.count()) >= 4 && (await rows.count()) < 50);
    assert.ok(page.url().includes("type=organization.updated"), "the filter stays on the next page");
    await page.getByRole("link", { name: "First page" }).click();
    await eventually("the first page again", async () => !page.url().includes("cursor=") && (await rows.count()) === 50);

    // live: unfiltered, a new event (an org key created through the API) appears on its own
    await filter.getByRole("button", { name: "Clear filters" }).click();
    await eventually("the filter gone", async () => !page.url().includes("type="));
    const made = await stack.http.post(`/api/v1/orgs/${orgId}/api-keys`, { name: `live-${rand()}` }, { headers: owner.bearer });
    assert.equal(made.status, 201);
    const created = made.json as { id: string; org_key: string; org_secret: string };
    secrets.push(created.org_key, created.org_secret);
    await rowOf(page, "Audit events", created.id).getByText("org_key.created").waitFor({ timeout: 15_000 });
    await assertLabelled(page);

    // the organization's keys, created and revoked (a pattern), one event's data open
    await filter.getByLabel("Type", { exact: true }).fill("org_key.*");
    await filter.getByRole("button", { name: "Filter", exact: true }).click();
    await eventually("the org key events only", async () => {
      const shown = await table(page, "Audit events").locator('td[data-label="Type"]').allInnerTexts();
      return shown.length >= 4 && shown.every((t) => t.startsWith("org_key."));
    });
    await rows.first().locator("summary").click();
    await shot(page, "tenant-audit");
  });

  it("the audit log at a phone's width in the dark: cards, no sideways scroll; nor on the other pages", async () => {
    const page = await signedIn(owner, { viewport: PHONE, colorScheme: "dark" });
    await go(page, `${orgPage("audit")}?type=org_key.*`, "Audit log");
    await table(page, "Audit events").locator("tbody tr").first().waitFor();
    await table(page, "Audit events").locator("tbody tr summary").first().click();
    await assertNoSidewaysScroll(page);
    await shot(page, "tenant-audit-phone-dark");
    for (const [section, heading] of [
      ["members", "Members"],
      ["keys", "Organization keys"],
      ["webhooks", "Webhooks"],
      ["settings", "Settings"],
    ] as const) {
      await go(page, orgPage(section), heading);
      await page.locator("table, .facts").first().waitFor();
      await assertNoSidewaysScroll(page);
    }
    await go(page, "#/profile", "Your profile");
    await assertNoSidewaysScroll(page);
  });

  it("settings: a rename shows at once; a domain another organization uses is refused in the API's words", async () => {
    const page = await signedIn(owner);
    await go(page, orgPage("settings"), "Settings");
    const renamed = `${orgName} Ltd`;
    await page.getByRole("button", { name: "Edit name and domain" }).click();
    const form = page.getByRole("region", { name: "Name and e-mail domain" });
    await form.getByLabel("Name").fill(renamed);
    await form.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Saved: ${renamed}` })
      .waitFor();
    assert.equal(await page.locator('dd[data-field="name"]').innerText(), renamed);
    // the organization's navigation follows (its organization.updated event)
    await page.locator(".org-nav summary").filter({ hasText: renamed }).waitFor();

    const other = await stack.http.get(`/api/v1/orgs/${strangerOrg}`, { headers: stranger.bearer });
    const takenDomain = (other.json as { domain: string }).domain;
    await page.getByRole("button", { name: "Edit name and domain" }).click();
    await form.getByLabel("E-mail domain").fill(takenDomain);
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByRole("alert").filter({ hasText: "domain already used by another organization" }).waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();
    orgName = renamed;
    // an owner sees the deletion, confirmed by typing the name
    const del = page.getByRole("region", { name: "Delete this organization" });
    assert.equal(await del.getByRole("button", { name: "Delete organization" }).isDisabled(), true);
    await assertLabelled(page);
  });

  it("profile: the display name changed; a user API key created (shown once, works as X-API-KEY), then revoked (401)", async () => {
    const page = await signedIn(owner);
    await page.getByRole("link", { name: owner.email }).click();
    await page.getByRole("heading", { level: 1, name: "Your profile" }).waitFor();
    await page.getByText(owner.user_id).waitFor();
    const display = `Olive Owner ${rand()}`;
    await page.getByRole("button", { name: "Change display name" }).click();
    await page.getByRole("region", { name: "Display name" }).getByLabel("Display name").fill(display);
    await page.getByRole("region", { name: "Display name" }).getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Your display name is now ${display}.` })
      .waitFor();
    await page.locator('dd[data-field="display_name"]').filter({ hasText: display }).waitFor();

    await page.getByRole("button", { name: "New API key" }).click();
    const form = page.getByRole("region", { name: "New API key" });
    const name = `laptop-${rand()}`;
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create key" }).click();
    const once = page.getByRole("region", { name: `Key ${name} created` });
    await once.waitFor();
    assert.match(await once.innerText(), /it will not be shown again/);
    const plain = await once.locator("code.secret").innerText();
    assert.match(plain, /^u_/);
    secrets.push(plain);
    const works = await stack.http.get("/api/v1/me", { headers: { "x-api-key": plain } });
    assert.equal(works.status, 200, works.text);
    assert.equal((works.json as { display_name: string }).display_name, display);
    await once.getByRole("button", { name: "Done, I copied it" }).click();
    const row = rowOf(page, "Your API keys", name);
    await row.waitFor();
    await assertLabelled(page);
    await shot(page, "tenant-profile");

    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await page
      .getByRole("dialog", { name: `Revoke key ${name}?` })
      .getByRole("button", { name: "Revoke", exact: true })
      .click();
    await page
      .getByRole("status")
      .filter({ hasText: `Revoked key ${name}` })
      .waitFor();
    await row.waitFor({ state: "detached" });
    await eventually("the revoked key to be refused", async () => (await stack.http.get("/api/v1/me", { headers: { "x-api-key": plain } })).status === 401);
    await go(page, "#/orgs", "Your organizations");
    await assertNoSecretsLeft(page);
  });

  it("a plain member reads without create or edit buttons; the audit log and webhooks say the API refused (403 in words); they leave the organization", async () => {
    const page = await signedIn(member);
    await go(page, orgPage("members"), "Members");
    await rowOf(page, "Members", owner.email).waitFor();
    assert.equal(await page.getByRole("button", { name: "Add a member" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Change the role/ }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Remove / }).count(), 0);
    await page.getByText("You are a member of this organization").waitFor();

    await go(page, orgPage("keys"), "Organization keys");
    await table(page, "Organization keys").waitFor();
    assert.equal(await page.getByRole("button", { name: "New key" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Revoke / }).count(), 0);

    await go(page, orgPage("webhooks"), "Webhooks");
    await page
      .getByRole("alert")
      .filter({ hasText: /^The API refused the webhooks: forbidden/ })
      .waitFor();
    assert.equal(await page.getByRole("button", { name: "New webhook" }).count(), 0);

    let asked = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/audit-events")) asked++;
    });
    await go(page, orgPage("audit"), "Audit log");
    await page
      .getByRole("alert")
      .filter({ hasText: /^The API refused the audit log: forbidden/ })
      .waitFor();
    await page.getByText("The audit log is for the organization's owners and admins.").waitFor();
    // refused, it is not asked again on the timer a member's pages use (3 s) instead of the stream
    await page.waitForTimeout(3_500);
    assert.equal(asked, 1, "the refused audit log is asked once");

    await go(page, orgPage("settings"), "Settings");
    assert.equal(await page.getByRole("button", { name: "Edit name and domain" }).count(), 0);
    assert.equal(await page.getByRole("region", { name: "Delete this organization" }).count(), 0);

    // leaving: confirmed, then their organizations (asked again), without this one
    await go(page, orgPage("members"), "Members");
    await page.getByRole("button", { name: "Leave organization" }).click();
    await page
      .getByRole("dialog", { name: `Leave ${orgName}?` })
      .getByRole("button", { name: "Leave", exact: true })
      .click();
    await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
    await page.getByText("You are not a member of any organization yet").waitFor();
    const left = await stack.http.get(`/api/v1/orgs/${orgId}/members`, { headers: owner.bearer });
    assert.ok(!(left.json as { user_id: string }[]).some((m) => m.user_id === member.user_id));
  });

  it("another organization's user opening the first organization's members sees the not-found message and none of its data; they delete their own organization (its name typed)", async () => {
    const page = await signedIn(stranger);
    await page.evaluate((h: string) => (location.hash = h), orgPage("members"));
    await page.getByRole("alert").filter({ hasText: "it does not exist, or you are not one of its members" }).waitFor();
    const text = await page.locator("main").innerText();
    assert.ok(!text.includes(owner.email));
    assert.ok(!text.includes(orgName));
    for (const section of ["keys", "webhooks", "audit", "settings"]) {
      await page.evaluate((h: string) => (location.hash = h), orgPage(section));
      await page.getByRole("alert").filter({ hasText: "you are not one of its members" }).waitFor();
      assert.ok(!(await page.locator("main").innerText()).includes(orgName));
    }

    // their own organization, deleted from its settings: the name typed, then their organizations without it
    await go(page, `#/orgs/${strangerOrg}/settings`, "Settings");
    const del = page.getByRole("region", { name: "Delete this organization" });
    const button = del.getByRole("button", { name: "Delete organization" });
    await del.getByLabel(/^Type the organization's name/).fill(`${strangerOrgName} (not quite)`);
    assert.equal(await button.isDisabled(), true);
    await del.getByLabel(/^Type the organization's name/).fill(strangerOrgName);
    await button.click();
    await page.getByRole("heading", { level: 1, name: "Your organizations" }).waitFor();
    await page.getByText("You are not a member of any organization yet").waitFor();
    assert.equal((await stack.http.get(`/api/v1/orgs/${strangerOrg}`, { headers: stranger.bearer })).status, 404);
  });

  it("no secret shown once is left in the gateway's log", () => {
    assert.ok(secrets.length >= 7, "the journey saw its secrets");
    const log = stack.logs.join("\n");
    for (const secret of secrets) assert.ok(!log.includes(secret), "a secret in the log");
  });
});
