import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The administrators' directory (the operator console's search and user administration):
 * organizations found by name, domain or a member's e-mail; users found by e-mail or name, made or
 * revoked administrator, disabled and enabled, the change holding at once; never for a
 * non-administrator, never a secret in an answer, and an administrator cannot lock themselves out.
 */
describe("admin directory: organization search and user administration", () => {
  let stack: Stack;
  let admin: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  const tag = randomBytes(3).toString("hex");
  const orgIds: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs"] });
    admin = await signIn(stack.broker, uniqueEmail(`root-${tag}`), { admin: true });
    alice = await signIn(stack.broker, `alice-${tag}@finder.example`);
    bob = await signIn(stack.broker, `bob-${tag}@elsewhere.example`);
    for (const [who, name, domain] of [
      [alice, `Acme ${tag}`, `acme-${tag}.example.com`],
      [alice, `Globex ${tag}`, ""],
      [bob, `Initech ${tag}`, `initech-${tag}.example.org`],
    ] as const) {
      const created = await stack.http.post("/api/v1/orgs", { name, ...(domain ? { domain } : {}) }, { headers: who.bearer });
      assert.equal(created.status, 201, created.text);
      orgIds[name.split(" ")[0]!] = created.json.id;
    }
  });
  afterAll(async () => {
    await stack.stop();
  });

  const search = async (q: string) => {
    const res = await stack.http.get(`/api/v1/admin/organizations?q=${encodeURIComponent(q)}`, { headers: admin.bearer });
    assert.equal(res.status, 200, res.text);
    return (res.json as { id: string; name: string }[]).map((o) => o.id);
  };

  it("finds organizations by name, by domain and by a member's e-mail, case-insensitively, newest first", async () => {
    assert.deepEqual(await search(`ACME ${tag}`), [orgIds.Acme]);
    assert.deepEqual(await search(`initech-${tag}.example`), [orgIds.Initech]);
    assert.deepEqual(await search(`alice-${tag}@finder`), [orgIds.Globex, orgIds.Acme]);
    assert.deepEqual(await search(`no-such-${tag}`), []);
    // a regex in the query is text, not a pattern
    assert.deepEqual(await search(".*"), []);
    // paged like every list: a Link to the next page
    const first = await stack.http.get(`/api/v1/admin/organizations?q=${tag}&limit=2`, { headers: admin.bearer });
    assert.equal((first.json as unknown[]).length, 2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    assert.ok(next, "a Link to the next page");
    const second = await stack.http.get(next, { headers: admin.bearer });
    assert.deepEqual(
      (second.json as { id: string }[]).map((o) => o.id),
      [orgIds.Acme],
    );
  });

  it("lists and finds users, and an administrator makes or revokes administrators and disables users; the change holds at once", async () => {
    const found = await stack.http.get(`/api/v1/admin/users?q=${encodeURIComponent(`BOB-${tag}`)}`, { headers: admin.bearer });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.json, [
      {
        id: bob.user_id,
        display_name: (found.json as { display_name: string }[])[0]!.display_name,
        primary_email: `bob-${tag}@elsewhere.example`,
        is_admin: false,
        is_disabled: false,
        created_at: (found.json as { created_at: string }[])[0]!.created_at,
      },
    ]);
    const url = `/api/v1/admin/users/${bob.user_id}`;
    const got = await stack.http.get(url, { headers: admin.bearer });
    assert.equal(got.status, 200);
    // bob is no administrator: the admin views are 403 for him
    assert.equal((await stack.http.get("/api/v1/admin/users", { headers: bob.bearer })).status, 403);
    const made = await stack.http.patch(url, { is_admin: true }, { headers: { ...admin.bearer, "if-match": got.headers.get("etag")! } });
    assert.equal(made.status, 200, made.text);
    assert.equal(made.json.is_admin, true);
    assert.equal((await stack.http.get("/api/v1/admin/users", { headers: bob.bearer })).status, 200, "bob is an administrator at once");
    assert.equal((await stack.http.patch(url, { is_admin: false }, { headers: { ...admin.bearer, "if-match": got.headers.get("etag")! } })).status, 412, "a stale tag");
    assert.equal((await stack.http.patch(url, { is_admin: false }, { headers: admin.bearer })).json.is_admin, false);
    assert.equal((await stack.http.get("/api/v1/admin/users", { headers: bob.bearer })).status, 403, "and no longer one");

    // disabled: refused at once everywhere; enabled: back
    assert.equal((await stack.http.get("/api/v1/me", { headers: bob.bearer })).status, 200);
    assert.equal((await stack.http.patch(url, { is_disabled: true }, { headers: admin.bearer })).json.is_disabled, true);
    assert.equal((await stack.http.get("/api/v1/me", { headers: bob.bearer })).status, 401);
    assert.equal((await stack.http.patch(url, { is_disabled: false }, { headers: admin.bearer })).json.is_disabled, false);
    assert.equal((await stack.http.get("/api/v1/me", { headers: bob.bearer })).status, 200);
  });

  it("an administrator cannot revoke or disable themselves; unknown users are 404; bad input 400; answers hold no secret", async () => {
    const self = `/api/v1/admin/users/${admin.user_id}`;
    const revoke = await stack.http.patch(self, { is_admin: false }, { headers: admin.bearer });
    assert.deepEqual([revoke.status, revoke.text], [409, "you cannot revoke your own administrator rights"]);
    const disable = await stack.http.patch(self, { is_disabled: true }, { headers: admin.bearer });
    assert.deepEqual([disable.status, disable.text], [409, "you cannot disable yourself"]);
    assert.equal((await stack.http.get("/api/v1/admin/users?q=", { headers: admin.bearer })).status, 200);
    const missing = await stack.http.patch("/api/v1/admin/users/0190a000-0000-7000-8000-000000000000", { is_admin: true }, { headers: admin.bearer });
    assert.deepEqual([missing.status, missing.text], [404, "user not found"]);
    const bad = await stack.http.patch(`/api/v1/admin/users/${alice.user_id}`, { is_admin: "yes" }, { headers: admin.bearer });
    assert.deepEqual([bad.status, bad.text], [400, "invalid is_admin"]);
    assert.equal((await stack.http.get("/api/v1/admin/organizations", { headers: alice.bearer })).status, 403);
    const all = await stack.http.get("/api/v1/admin/users?limit=1000", { headers: admin.bearer });
    for (const token of [admin.tokens.access_token, admin.tokens.refresh_token, alice.tokens.refresh_token]) assert.ok(!all.text.includes(token));
    assert.ok(!/hash|secret|token/i.test(Object.keys((all.json as Record<string, unknown>[])[0]!).join(",")));
  });
});
