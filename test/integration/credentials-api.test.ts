import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose, { type Connection } from "mongoose";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, signIn, type SignedIn } from "../helpers/principals.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";

const TEXT = "text/plain; charset=utf-8";
const CREDENTIAL_FIELDS = [
  "account_id",
  "created_at",
  "credential_provider",
  "id",
  "kind",
  "name",
  "provider",
  "region",
  "schema_version",
  "scope",
  "scope_kind",
  "scope_version",
  "updated_at",
];

/** A secret value that is easy to search for in bodies, logs and raw documents. */
function marker(label: string): string {
  return `${label}-SECRET-${randomBytes(8).toString("hex")}`;
}

async function createOrg(stack: Stack, user: SignedIn, name: string): Promise<string> {
  const res = await stack.http.post("/api/v1/orgs", { name }, { headers: user.bearer });
  assert.equal(res.status, 201, res.text);
  return (res.json as { id: string }).id;
}

describe("credentials over HTTP: create, list, get, patch, delete, reveal, isolation, storage", () => {
  let stack: Stack;
  let raw: Connection;
  let alice: SignedIn;
  let bob: SignedIn;
  let orgA: string;
  let orgB: string;
  let A: Record<string, string>;
  let B: Record<string, string>;
  /** every secret value sent in this file: none may appear in logs or raw documents */
  const secrets: string[] = [];

  const rawCredentials = () => raw.collection<{ _id: string } & Record<string, any>>("credentials").find({}).toArray();
  const rawAudit = () => raw.collection("audit_events").find({}).sort({ _id: 1 }).toArray();

  async function create(headers: Record<string, string>, body: Record<string, unknown>) {
    return stack.http.post("/api/v1/credentials", body, { headers });
  }

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "credentials"],
      env: { MASTER_KEY: randomBytes(32).toString("base64") },
    });
    raw = mongoose.createConnection(process.env.MONGO_URL!).useDb(`${stack.dbPrefix}_credentials`, { useCache: false });
    alice = await signIn(stack.broker);
    bob = await signIn(stack.broker);
    orgA = await createOrg(stack, alice, "Alpha");
    orgB = await createOrg(stack, bob, "Beta");
    A = orgHeaders(alice, orgA);
    B = orgHeaders(bob, orgB);
  });
  afterAll(async () => {
    await raw.close();
    await stack.stop();
  });

  it("creates a credential: 201 CredentialOut with metadata only", async () => {
    const token = marker("cf");
    secrets.push(token);
    const res = await create(A, {
      provider: "cloudflare",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "provider",
      scope_version: 1,
      scope: {},
      secret: { token },
      name: "  Cloudflare main  ",
      account_id: "acc-1",
      region: "eu",
    });
    assert.equal(res.status, 201, res.text);
    assert.match(res.contentType, /^application\/json/);
    const out = res.json as Record<string, unknown>;
    assert.deepEqual(Object.keys(out).sort(), CREDENTIAL_FIELDS);
    assert.match(out.id as string, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(
      { ...out, id: "", created_at: "", updated_at: "" },
      {
        id: "",
        name: "Cloudflare main",
        provider: "cloudflare",
        credential_provider: "cloudflare",
        kind: "api_token",
        account_id: "acc-1",
        region: "eu",
        scope_kind: "provider",
        scope: {},
        scope_version: 1,
        schema_version: 1,
        created_at: "",
        updated_at: "",
      },
    );
    assert.match(out.created_at as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(!res.text.includes(token));

    const got = await stack.http.get(`/api/v1/credentials/${String(out.id)}`, { headers: A });
    assert.equal(got.status, 200);
    assert.deepEqual(got.json, out);
  });

  it("optional metadata defaults to empty strings", async () => {
    const secret = marker("basic");
    secrets.push(secret);
    const res = await create(A, {
      provider: "generic",
      kind: "basic_auth",
      schema_version: 2,
      scope_kind: "resource",
      scope_version: 3,
      scope: { arn: "arn:aws:s3:::bucket-1" },
      secret: { username: "admin", password: secret },
    });
    assert.equal(res.status, 201, res.text);
    const out = res.json as Record<string, unknown>;
    assert.equal(out.name, "");
    assert.equal(out.account_id, "");
    assert.equal(out.region, "");
    assert.deepEqual(out.scope, { arn: "arn:aws:s3:::bucket-1" });
    assert.equal(out.schema_version, 2);
    assert.equal(out.scope_version, 3);
  });

  it("a duplicate (provider, scope_kind, scope) in an organization is 409; other orgs and other scopes are fine", async () => {
    const body = {
      provider: "hetzner",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "service",
      scope_version: 1,
      scope: { service: "cloud" },
      secret: { token: marker("hz") },
    };
    secrets.push(body.secret.token);
    assert.equal((await create(A, body)).status, 201);
    const dup = await create(A, { ...body, scope: { service: "CLOUD" }, name: "again" });
    assert.equal(dup.status, 409);
    assert.equal(dup.contentType, TEXT);
    assert.equal(dup.text, "credential already exists for this provider, scope_kind and scope");
    assert.equal(dup.headers.get("x-error-code"), "conflict");
    assert.equal((await create(B, body)).status, 201);
    assert.equal((await create(A, { ...body, scope: { service: "dns" } })).status, 201);
    assert.equal((await create(A, { ...body, scope_kind: "provider", scope: {} })).status, 201);
  });

  it("concurrent requests: a new organization's first creates share one data key; racing duplicates give one 201", async () => {
    const carol = await signIn(stack.broker);
    const orgC = await createOrg(stack, carol, "Gamma");
    const C = orgHeaders(carol, orgC);
    const tokens = Array.from({ length: 8 }, (_, i) => marker(`race${i}`));
    secrets.push(...tokens);
    const results = await Promise.all(
      tokens.map((token, i) =>
        create(C, { provider: "generic", kind: "api_token", schema_version: 1, scope_kind: "service", scope_version: 1, scope: { service: `svc-${i}` }, secret: { token } }),
      ),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      tokens.map(() => 201),
    );
    assert.equal(await raw.collection("data_keys").countDocuments({ organization_id: orgC }), 1);
    for (const [i, r] of results.entries()) {
      const revealed = await stack.http.post(`/api/v1/credentials/${(r.json as { id: string }).id}/reveal`, {}, { headers: C });
      assert.deepEqual(revealed.json, { token: tokens[i] });
    }
    const dupToken = marker("dup");
    secrets.push(dupToken);
    const dupBody = { provider: "generic", kind: "api_token", schema_version: 1, scope_kind: "service", scope_version: 1, scope: { service: "same" }, secret: { token: dupToken } };
    const dups = await Promise.all(Array.from({ length: 6 }, () => create(C, dupBody)));
    assert.deepEqual(dups.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
    await stack.broker.call("credentials.purgeOrganization", { organization_id: orgC });
  });

  it("lists newest first with filters provider, kind, scope_kind; [] when nothing matches; bad filter 400", async () => {
    const all = await stack.http.get("/api/v1/credentials", { headers: A });
    assert.equal(all.status, 200);
    const items = all.json as Record<string, unknown>[];
    assert.deepEqual(
      items.map((c) => [c.provider, c.kind, c.scope_kind, c.scope]),
      [
        ["hetzner", "api_token", "provider", {}],
        ["hetzner", "api_token", "service", { service: "dns" }],
        ["hetzner", "api_token", "service", { service: "cloud" }],
        ["generic", "basic_auth", "resource", { arn: "arn:aws:s3:::bucket-1" }],
        ["cloudflare", "api_token", "provider", {}],
      ],
    );
    for (const c of items) assert.deepEqual(Object.keys(c).sort(), CREDENTIAL_FIELDS);

    const names = async (query: string) =>
      ((await stack.http.get(`/api/v1/credentials?${query}`, { headers: A })).json as { provider: string; scope_kind: string }[]).map((c) => `${c.provider}/${c.scope_kind}`);
    assert.deepEqual(await names("provider=hetzner"), ["hetzner/provider", "hetzner/service", "hetzner/service"]);
    assert.deepEqual(await names("kind=basic_auth"), ["generic/resource"]);
    assert.deepEqual(await names("scope_kind=provider"), ["hetzner/provider", "cloudflare/provider"]);
    assert.deepEqual(await names("provider=hetzner&scope_kind=service"), ["hetzner/service", "hetzner/service"]);
    assert.deepEqual(await names("provider=aws"), []);
    assert.deepEqual(await names("provider="), await names(""));

    for (const [q, msg] of [
      ["provider=azure", "invalid provider"],
      ["kind=ssh", "invalid kind"],
      ["scope_kind=global", "invalid scope_kind"],
    ]) {
      const res = await stack.http.get(`/api/v1/credentials?${q}`, { headers: A });
      assert.equal(res.status, 400, q);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, msg);
    }
    // a filter given twice is not a plain string: 400, never a query operator
    const twice = await stack.http.get("/api/v1/credentials?provider=aws&provider=hetzner", { headers: A });
    assert.equal(twice.status, 400);
    assert.equal(twice.contentType, TEXT);
  });

  it("credential_provider is another name of provider: on create, update and the list filter; answers carry both; both different is 400", async () => {
    const orgC = await createOrg(stack, alice, "Aliases");
    const C = orgHeaders(alice, orgC);
    const body = { kind: "api_token", schema_version: 1, scope_kind: "provider", scope_version: 1, scope: {}, secret: { token: marker("alias") } };
    secrets.push(body.secret.token);
    const made = await create(C, { ...body, credential_provider: "hetzner" });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.provider, "hetzner");
    assert.equal(made.json.credential_provider, "hetzner");
    assert.deepEqual(Object.keys(made.json).sort(), CREDENTIAL_FIELDS);
    const stored = (await rawCredentials()).find((d) => d._id === made.json.id);
    assert.equal(stored?.provider, "hetzner");
    assert.equal(stored?.credential_provider, undefined);
    // both names, same value: accepted; different: 400 and nothing stored
    const same = await create(C, { ...body, scope_kind: "service", scope: { service: "dns" }, provider: "cloudflare", credential_provider: "cloudflare" });
    assert.equal(same.status, 201, same.text);
    const before = (await rawCredentials()).length;
    for (const res of [
      await create(C, { ...body, scope_kind: "service", scope: { service: "x" }, provider: "cloudflare", credential_provider: "hetzner" }),
      await stack.http.patch(`/api/v1/credentials/${made.json.id}`, { provider: "hetzner", credential_provider: "aws" }, { headers: C }),
      await stack.http.get("/api/v1/credentials?provider=aws&credential_provider=hetzner", { headers: C }),
    ]) {
      assert.equal(res.status, 400, res.text);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, "invalid credential_provider: differs from provider");
    }
    assert.equal((await rawCredentials()).length, before);
    // neither name: the message names the field
    const missing = await create(C, body);
    assert.equal(missing.text, "missing fields: provider");
    assert.match((await create(C, { ...body, credential_provider: "azure" })).text, /^invalid provider: must be one of /);
    // update: the same provider under either name is accepted, another is refused as before
    const patched = await stack.http.patch(`/api/v1/credentials/${made.json.id}`, { credential_provider: "hetzner", name: "renamed" }, { headers: C });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.name, "renamed");
    assert.equal((await stack.http.patch(`/api/v1/credentials/${made.json.id}`, { credential_provider: "aws" }, { headers: C })).text, "provider cannot be changed");
    // the list filter under the new name
    const list = async (q: string) => ((await stack.http.get(`/api/v1/credentials?${q}`, { headers: C })).json as { id: string }[]).map((c) => c.id);
    assert.deepEqual(await list("credential_provider=hetzner"), [made.json.id]);
    assert.deepEqual(await list("credential_provider=cloudflare"), [same.json.id]);
    assert.deepEqual(await list("credential_provider=hetzner&provider=hetzner"), [made.json.id]);
    assert.deepEqual(await list("credential_provider=aws"), []);
    assert.equal((await stack.http.get("/api/v1/credentials?credential_provider=azure", { headers: C })).text, "invalid provider");
    await stack.broker.call("credentials.purgeOrganization", { organization_id: orgC });
  });

  it("reveal returns the decrypted secret as a JSON object and records an audit event without the secret", async () => {
    const token = marker("do");
    secrets.push(token);
    const created = await create(A, {
      provider: "digitalocean",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "provider",
      scope_version: 1,
      scope: {},
      secret: { token, team: "infra" },
    });
    const id = (created.json as { id: string }).id;
    const before = (await rawAudit()).length;
    const res = await stack.http.post(`/api/v1/credentials/${id}/reveal`, {}, { headers: { ...A, "x-request-id": "reveal-req-1" } });
    assert.equal(res.status, 200);
    assert.match(res.contentType, /^application\/json/);
    assert.deepEqual(res.json, { token, team: "infra" });

    const events = await rawAudit();
    assert.equal(events.length, before + 1);
    const ev = events.at(-1)!;
    assert.equal(ev.action, "credential.reveal");
    assert.equal(ev.organization_id, orgA);
    assert.equal(ev.credential_id, id);
    assert.deepEqual(ev.actor, { kind: "user", user_id: alice.user_id, via: "bearer" });
    assert.equal(ev.request_id, "reveal-req-1");
    assert.ok(ev.at instanceof Date);
    assert.ok(!JSON.stringify(ev).includes(token));
    const logLine = stack.logs.find((l) => l.includes("credential secret decrypted") && l.includes(id));
    assert.ok(logLine, "the reveal is logged");
    assert.ok(logLine.includes(alice.user_id));

    // a second reveal is another audit event
    assert.equal((await stack.http.post(`/api/v1/credentials/${id}/reveal`, {}, { headers: A })).status, 200);
    assert.equal((await rawAudit()).filter((e) => e.credential_id === id).length, 2);
  });

  it("an org key + secret may reveal too; the audit event names the key", async () => {
    const key = await stack.http.post(`/api/v1/orgs/${orgA}/api-keys`, { name: "ci" }, { headers: alice.bearer });
    assert.equal(key.status, 201, key.text);
    const { id: keyId, org_key, org_secret } = key.json as { id: string; org_key: string; org_secret: string };
    const K = { "x-org-key": org_key, "x-org-secret": org_secret };
    const list = (await stack.http.get("/api/v1/credentials", { headers: K })).json as { id: string; provider: string }[];
    const cf = list.find((c) => c.provider === "cloudflare")!;
    const res = await stack.http.post(`/api/v1/credentials/${cf.id}/reveal`, {}, { headers: K });
    assert.equal(res.status, 200, res.text);
    const ev = (await rawAudit()).at(-1)!;
    assert.equal(ev.credential_id, cf.id);
    assert.deepEqual(ev.actor, { kind: "org_key", key_id: keyId });
    // the key cannot name another organization
    const other = await stack.http.get("/api/v1/credentials", { headers: { ...K, "x-org-id": orgB } });
    assert.equal(other.status, 403);
    assert.equal(other.text, "forbidden");
  });

  it("PATCH updates metadata; rotating the secret replaces the ciphertext and reveal shows the new secret", async () => {
    const oldToken = marker("old");
    const newToken = marker("new");
    secrets.push(oldToken, newToken);
    const created = await create(A, {
      provider: "cloudflare",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "service",
      scope_version: 1,
      scope: { service: "dns" },
      secret: { token: oldToken },
      name: "rotate me",
    });
    assert.equal(created.status, 201, created.text);
    const id = (created.json as { id: string; updated_at: string }).id;
    const rawBefore = (await rawCredentials()).find((d) => d._id === id)!;

    const res = await stack.http.patch(`/api/v1/credentials/${id}`, { secret: { token: newToken }, name: "rotated", scope_version: 2 }, { headers: A });
    assert.equal(res.status, 200, res.text);
    const out = res.json as Record<string, unknown>;
    assert.deepEqual(Object.keys(out).sort(), CREDENTIAL_FIELDS);
    assert.equal(out.name, "rotated");
    assert.equal(out.scope_version, 2);
    assert.ok(!res.text.includes(newToken));
    assert.ok((out.updated_at as string) >= (created.json as { updated_at: string }).updated_at);

    const rawAfter = (await rawCredentials()).find((d) => d._id === id)!;
    assert.notEqual(rawAfter.secret.ct, rawBefore.secret.ct);
    assert.notEqual(rawAfter.secret.iv, rawBefore.secret.iv);
    assert.ok(!JSON.stringify(rawAfter).includes(rawBefore.secret.ct));

    const revealed = await stack.http.post(`/api/v1/credentials/${id}/reveal`, {}, { headers: A });
    assert.deepEqual(revealed.json, { token: newToken });

    // metadata-only patch keeps the secret
    const meta = await stack.http.patch(`/api/v1/credentials/${id}`, { region: "us-east", account_id: "" }, { headers: A });
    assert.equal(meta.status, 200);
    assert.equal((meta.json as { region: string }).region, "us-east");
    assert.deepEqual((await stack.http.post(`/api/v1/credentials/${id}/reveal`, {}, { headers: A })).json, { token: newToken });
  });

  it("PATCH: provider and kind are immutable, scope is re-validated, secret shape checked, duplicates 409", async () => {
    const created = await create(A, {
      provider: "generic",
      kind: "oauth2",
      schema_version: 1,
      scope_kind: "service",
      scope_version: 1,
      scope: { service: "idp" },
      secret: { client_id: "cid", client_secret: marker("cs"), refresh_token: marker("rt") },
    });
    assert.equal(created.status, 201, created.text);
    const id = (created.json as { id: string }).id;
    const patch = (body: unknown) => stack.http.patch(`/api/v1/credentials/${id}`, body, { headers: A });
    const cases: [unknown, string][] = [
      [{ provider: "aws" }, "provider cannot be changed"],
      [{ kind: "api_token" }, "kind cannot be changed"],
      [{ scope_kind: "resource" }, "invalid scope for scope_kind resource: only the field arn is allowed"],
      [{ scope_kind: "resource", scope: {} }, "invalid scope for scope_kind resource: arn is required"],
      [{ scope: { arn: "x" } }, "invalid scope for scope_kind service: only the field service is allowed"],
      [{ scope_kind: "provider" }, "invalid scope for scope_kind provider: must be an empty object"],
      [{ scope_kind: "everything", scope: {} }, "invalid scope_kind: must be one of provider, service, resource"],
      [{ scope: "idp" }, "invalid scope: must be an object"],
      [{ secret: { token: "x" } }, "invalid secret for kind oauth2: only the fields client_id, client_secret, refresh_token are allowed"],
      [{ secret: { client_id: "a", client_secret: "b" } }, "invalid secret for kind oauth2: refresh_token is required"],
      [{ name: "n".repeat(101) }, "invalid name: must be a string of at most 100 characters"],
      [{ scope_version: 0 }, "invalid scope_version: must be an integer of at least 1"],
      [{ region: ["eu"] }, "invalid region: must be a string of at most 32 characters"],
    ];
    for (const [body, msg] of cases) {
      const res = await patch(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, msg, JSON.stringify(body));
    }
    // same provider/kind are accepted; scope_kind + scope change together
    const ok = await patch({ provider: "generic", kind: "oauth2", scope_kind: "resource", scope: { arn: "urn:idp:tenant/42" } });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual((ok.json as { scope: unknown }).scope, { arn: "urn:idp:tenant/42" });
    // an empty patch changes nothing
    const same = await patch({});
    assert.equal(same.status, 200);
    assert.deepEqual(same.json, ok.json);
    // moving onto another credential's (provider, scope_kind, scope) is 409
    const other = await create(A, {
      provider: "generic",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "service",
      scope_version: 1,
      scope: { service: "taken" },
      secret: { token: marker("t") },
    });
    assert.equal(other.status, 201);
    const dup = await patch({ scope_kind: "service", scope: { service: "taken" } });
    assert.equal(dup.status, 409);
    assert.equal(dup.text, "credential already exists for this provider, scope_kind and scope");
    assert.deepEqual((await patch({})).json, ok.json);
  });

  it("another organization sees nothing: 404 on get, patch, delete and reveal; lists never show it", async () => {
    const token = marker("iso");
    secrets.push(token);
    const created = await create(A, {
      provider: "aws",
      kind: "aws_access_key",
      schema_version: 1,
      scope_kind: "provider",
      scope_version: 1,
      scope: {},
      secret: { access_key_id: "AKIAEXAMPLE", secret_access_key: token },
    });
    const id = (created.json as { id: string }).id;
    const expect404 = async (p: Promise<{ status: number; text: string; contentType: string }>) => {
      const res = await p;
      assert.equal(res.status, 404);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, "credential not found");
    };
    await expect404(stack.http.get(`/api/v1/credentials/${id}`, { headers: B }));
    await expect404(stack.http.patch(`/api/v1/credentials/${id}`, { name: "mine now", secret: { token: "x" } }, { headers: B }));
    await expect404(stack.http.delete(`/api/v1/credentials/${id}`, { headers: B }));
    await expect404(stack.http.post(`/api/v1/credentials/${id}/reveal`, {}, { headers: B }));
    const bList = (await stack.http.get("/api/v1/credentials", { headers: B })).json as { id: string }[];
    assert.ok(!bList.some((c) => c.id === id));
    assert.ok(bList.length > 0, "bob has his own credential");
    // a missing id answers exactly the same
    const missing = "0190f1a2-0000-7000-8000-000000000000";
    await expect404(stack.http.get(`/api/v1/credentials/${missing}`, { headers: A }));
    await expect404(stack.http.post(`/api/v1/credentials/${missing}/reveal`, {}, { headers: A }));
    await expect404(stack.http.delete(`/api/v1/credentials/${missing}`, { headers: A }));
    // alice naming bob's organization is not a member: 403
    const foreign = await stack.http.get("/api/v1/credentials", { headers: orgHeaders(alice, orgB) });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.text, "forbidden");
    // the credential is untouched
    const still = await stack.http.get(`/api/v1/credentials/${id}`, { headers: A });
    assert.equal((still.json as { name: string }).name, "");
    // the public actions check the organization too
    assert.equal(await stack.broker.call("credentials.lookup", { organization_id: orgB, id }), null);
    assert.equal(await stack.broker.call("credentials.secretFor", { organization_id: orgB, id, purpose: "test" }), null);
  });

  it("malformed ids are 400 invalid id; no organization is 403; no token is 401", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/credentials/nope"],
      ["PATCH", "/api/v1/credentials/nope"],
      ["DELETE", "/api/v1/credentials/nope"],
      ["POST", "/api/v1/credentials/nope/reveal"],
    ] as const) {
      const res = await stack.http.request(method, path, { headers: A, ...(method === "GET" || method === "DELETE" ? {} : { body: {} }) });
      assert.equal(res.status, 400, `${method} ${path}`);
      assert.equal(res.contentType, TEXT);
      assert.equal(res.text, "invalid id");
    }
    const noOrg = await stack.http.get("/api/v1/credentials", { headers: alice.bearer });
    assert.equal(noOrg.status, 403);
    assert.equal(noOrg.text, "organization required");
    assert.equal((await stack.http.get("/api/v1/credentials", { headers: { "x-org-id": orgA } })).status, 401);
  });

  it("DELETE asks the dns service; while it is not running the credential is kept and the answer is 503", async () => {
    const created = await create(A, {
      provider: "generic",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "service",
      scope_version: 1,
      scope: { service: "to-delete" },
      secret: { token: marker("del") },
    });
    const id = (created.json as { id: string }).id;
    const res = await stack.http.delete(`/api/v1/credentials/${id}`, { headers: A });
    assert.equal(res.status, 503);
    assert.equal(res.contentType, TEXT);
    assert.equal(res.text, "service unavailable: dns");
    assert.equal((await stack.http.get(`/api/v1/credentials/${id}`, { headers: A })).status, 200);
  });

  it("credentials.lookup and credentials.secretFor serve other services; secretFor is audited with its purpose", async () => {
    const token = marker("pdns");
    secrets.push(token);
    const created = await create(A, {
      ...powerdnsCredentialBody(token, "https://pdns.example.test:8081"),
    });
    assert.equal(created.status, 201, created.text);
    const out = created.json as { id: string };
    assert.deepEqual(await stack.broker.call("credentials.lookup", { organization_id: orgA, id: out.id }), out);
    const secret = await stack.broker.call("credentials.secretFor", { organization_id: orgA, id: out.id, purpose: "dns.reconcileDomain" });
    assert.deepEqual(secret, {
      id: out.id,
      provider: "generic",
      kind: "api_token",
      scope_kind: "service",
      scope: { service: "powerdns" },
      secret: { token, api_url: "https://pdns.example.test:8081", server_id: "localhost" },
    });
    const ev = (await rawAudit()).filter((e) => e.credential_id === out.id);
    assert.equal(ev.length, 1);
    assert.equal(ev[0]!.action, "credential.secret_for");
    assert.equal(ev[0]!.purpose, "dns.reconcileDomain");
    assert.equal(ev[0]!.actor.kind, "service");
    // not reachable over HTTP
    const http = await stack.http.post(`/api/v1/credentials/${out.id}/secretFor`, { purpose: "x" }, { headers: A });
    assert.equal(http.status, 404);
    assert.ok(!http.text.includes(token));
  });

  it("raw documents hold no plaintext secret; logs never contain a secret", async () => {
    const docs = await rawCredentials();
    assert.ok(docs.length >= 8);
    const dump = JSON.stringify(docs);
    for (const s of secrets) assert.ok(!dump.includes(s), "a secret is stored in the clear");
    for (const d of docs) {
      assert.deepEqual(Object.keys(d.secret).sort(), ["ct", "iv", "key_version", "tag"]);
      assert.equal(d.secret.key_version, 1);
    }
    const keys = await raw
      .collection("data_keys")
      .find({ organization_id: { $ne: "*" } })
      .toArray();
    assert.deepEqual(keys.map((k) => k._id).sort(), [`${orgA}:1`, `${orgB}:1`].sort());
    const audit = JSON.stringify(await rawAudit());
    for (const s of secrets) assert.ok(!audit.includes(s));

    assert.ok(
      stack.logs.some((l) => l.includes("keyring ready")),
      "logs are captured",
    );
    const logs = stack.logs.join("\n");
    for (const s of secrets) assert.ok(!logs.includes(s), "a secret reached the logs");
  });

  it("purgeOrganization removes the organization's credentials, audit events and data keys; idempotent", async () => {
    const before = await stack.http.get("/api/v1/credentials", { headers: B });
    assert.ok((before.json as unknown[]).length > 0);
    const first = await stack.broker.call("credentials.purgeOrganization", { organization_id: orgB });
    assert.deepEqual(first, { credentials: (before.json as unknown[]).length, data_keys: 1, audit_events: 0 });
    assert.deepEqual(await stack.broker.call("credentials.purgeOrganization", { organization_id: orgB }), {
      credentials: 0,
      data_keys: 0,
      audit_events: 0,
    });
    assert.deepEqual((await stack.http.get("/api/v1/credentials", { headers: B })).json, []);
    assert.equal((await raw.collection("data_keys").find({ organization_id: orgB }).toArray()).length, 0);
    // the other organization is untouched and readable
    const aList = (await stack.http.get("/api/v1/credentials", { headers: A })).json as { id: string }[];
    assert.ok(aList.length > 0);
    assert.equal((await stack.http.post(`/api/v1/credentials/${aList[0]!.id}/reveal`, {}, { headers: A })).status, 200);
  });
});
