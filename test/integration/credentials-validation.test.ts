import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { startStack, type Stack } from "../helpers/stack.ts";
import { orgHeaders, signIn } from "../helpers/principals.ts";

const TEXT = "text/plain; charset=utf-8";
const PROVIDERS = ["aws", "cloudflare", "hetzner", "digitalocean", "generic"] as const;
const KINDS = ["aws_access_key", "api_token", "basic_auth", "oauth2"] as const;
const ALLOWED: Record<string, string> = {
  aws: "aws_access_key",
  cloudflare: "api_token",
  hetzner: "api_token",
  digitalocean: "api_token",
  generic: "api_token, basic_auth, oauth2",
};

/** every secret value this file sends: none may reach a log line */
const sent: string[] = [];
const S = () => {
  const v = `sv-${randomBytes(6).toString("hex")}`;
  sent.push(v);
  return v;
};

function validSecret(kind: string): Record<string, string> {
  switch (kind) {
    case "aws_access_key":
      return { access_key_id: "AKIA" + S(), secret_access_key: S(), region: "eu-west-1" };
    case "api_token":
      return { token: S() };
    case "basic_auth":
      return { username: "u", password: S() };
    default:
      return { client_id: "c", client_secret: S(), refresh_token: S() };
  }
}

describe("credentials: the validation table (provider ↔ kind, secret and scope shapes, limits)", () => {
  let stack: Stack;
  let headers: Record<string, string>;
  let n = 0;
  /** a body that is valid, with a scope no other body in this file uses */
  const base = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    provider: "generic",
    kind: "api_token",
    schema_version: 1,
    scope_kind: "resource",
    scope_version: 1,
    scope: { arn: `arn:test:${++n}` },
    secret: { token: S() },
    ...over,
  });
  const post = (body: unknown) => stack.http.post("/api/v1/credentials", body, { headers });

  async function expect400(body: Record<string, unknown>, message: string): Promise<void> {
    const res = await post(body);
    assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.status} ${res.text}`);
    assert.equal(res.contentType, TEXT);
    assert.equal(res.headers.get("x-error-code"), "validation_error");
    assert.equal(res.text, message, JSON.stringify(body));
    // no value of the secret is ever echoed
    const secret = body.secret;
    if (secret && typeof secret === "object") {
      for (const v of Object.values(secret)) if (typeof v === "string" && v.length > 3) assert.ok(!res.text.includes(v), `echoed ${v}`);
    }
  }

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "credentials"], env: { MASTER_KEY: randomBytes(32).toString("base64") } });
    const user = await signIn(stack.broker);
    const org = await stack.http.post("/api/v1/orgs", { name: "Validation" }, { headers: user.bearer });
    headers = orgHeaders(user, (org.json as { id: string }).id);
  });
  afterAll(() => stack.stop());

  it("every provider/kind combination: the seven allowed ones are created, the thirteen others are 400", async () => {
    let created = 0;
    for (const provider of PROVIDERS) {
      for (const kind of KINDS) {
        const body = base({ provider, kind, secret: validSecret(kind) });
        const allowed = ALLOWED[provider]!.split(", ").includes(kind);
        if (allowed) {
          const res = await post(body);
          assert.equal(res.status, 201, `${provider}/${kind}: ${res.text}`);
          assert.equal((res.json as { provider: string }).provider, provider);
          assert.equal((res.json as { kind: string }).kind, kind);
          created++;
        } else {
          const must = ALLOWED[provider]!.includes(",") ? `one of ${ALLOWED[provider]}` : ALLOWED[provider];
          await expect400(body, `invalid kind for provider ${provider}: must be ${must}`);
        }
      }
    }
    assert.equal(created, 7);
  });

  it("unknown provider, kind and scope_kind; missing required fields", async () => {
    await expect400(base({ provider: "azure" }), "invalid provider: must be one of aws, cloudflare, hetzner, digitalocean, generic");
    await expect400(base({ provider: "AWS" }), "invalid provider: must be one of aws, cloudflare, hetzner, digitalocean, generic");
    await expect400(base({ kind: "ssh_key" }), "invalid kind: must be one of aws_access_key, api_token, basic_auth, oauth2");
    await expect400(base({ kind: { $ne: "x" } }), "invalid kind: must be one of aws_access_key, api_token, basic_auth, oauth2");
    await expect400(base({ scope_kind: "global" }), "invalid scope_kind: must be one of provider, service, resource");
    await expect400({}, "missing fields: provider, kind, schema_version, scope_kind, scope_version, scope, secret");
    const { secret: _s, scope_version: _v, ...rest } = base();
    await expect400(rest, "missing fields: scope_version, secret");
    await expect400(base({ provider: null }), "missing fields: provider");
  });

  it("schema_version and scope_version are integers of at least 1", async () => {
    for (const field of ["schema_version", "scope_version"]) {
      for (const bad of [0, -1, 1.5, "1", true, [1], 2 ** 60]) {
        await expect400(base({ [field]: bad }), `invalid ${field}: must be an integer of at least 1`);
      }
    }
    const ok = await post(base({ schema_version: 7, scope_version: 12 }));
    assert.equal(ok.status, 201);
    assert.equal((ok.json as { schema_version: number }).schema_version, 7);
    assert.equal((ok.json as { scope_version: number }).scope_version, 12);
  });

  it("name ≤ 100, account_id ≤ 32, region ≤ 32, all strings", async () => {
    await expect400(base({ name: "n".repeat(101) }), "invalid name: must be a string of at most 100 characters");
    await expect400(base({ account_id: "a".repeat(33) }), "invalid account_id: must be a string of at most 32 characters");
    await expect400(base({ region: "r".repeat(33) }), "invalid region: must be a string of at most 32 characters");
    await expect400(base({ name: 5 }), "invalid name: must be a string of at most 100 characters");
    await expect400(base({ region: { $gt: "" } }), "invalid region: must be a string of at most 32 characters");
    const ok = await post(base({ name: "n".repeat(100), account_id: "a".repeat(32), region: "r".repeat(32) }));
    assert.equal(ok.status, 201, ok.text);
    const out = ok.json as Record<string, string>;
    assert.equal(out.name!.length, 100);
    assert.equal(out.account_id!.length, 32);
    assert.equal(out.region!.length, 32);
  });

  it("scope shapes: provider → {}, service → {service}, resource → {arn}", async () => {
    await expect400(base({ scope: "x" }), "invalid scope: must be an object");
    await expect400(base({ scope: ["arn"] }), "invalid scope: must be an object");
    await expect400(base({ scope_kind: "provider", scope: { service: "x" } }), "invalid scope for scope_kind provider: must be an empty object");
    await expect400(base({ scope_kind: "service", scope: {} }), "invalid scope for scope_kind service: service is required");
    await expect400(base({ scope_kind: "service", scope: { arn: "a" } }), "invalid scope for scope_kind service: only the field service is allowed");
    await expect400(
      base({ scope_kind: "service", scope: { service: "" } }),
      "invalid scope for scope_kind service: service must be a name of at most 63 letters, digits, '.', '_' or '-'",
    );
    await expect400(
      base({ scope_kind: "service", scope: { service: { $ne: 1 } } }),
      "invalid scope for scope_kind service: service must be a name of at most 63 letters, digits, '.', '_' or '-'",
    );
    await expect400(base({ scope_kind: "resource", scope: {} }), "invalid scope for scope_kind resource: arn is required");
    await expect400(base({ scope_kind: "resource", scope: { service: "s" } }), "invalid scope for scope_kind resource: only the field arn is allowed");
    await expect400(
      base({ scope_kind: "resource", scope: { arn: "has space" } }),
      "invalid scope for scope_kind resource: arn must be a non-empty string of at most 2048 characters without spaces",
    );

    const prov = await post(base({ provider: "cloudflare", scope_kind: "provider", scope: {} }));
    assert.equal(prov.status, 201, prov.text);
    assert.deepEqual((prov.json as { scope: unknown }).scope, {});
    const svc = await post(base({ scope_kind: "service", scope: { service: " Object-Storage " } }));
    assert.equal(svc.status, 201, svc.text);
    assert.deepEqual((svc.json as { scope: unknown }).scope, { service: "object-storage" });
    const res = await post(base({ scope_kind: "resource", scope: { arn: "arn:aws:route53:::hostedzone/Z123" } }));
    assert.equal(res.status, 201);
    assert.deepEqual((res.json as { scope: unknown }).scope, { arn: "arn:aws:route53:::hostedzone/Z123" });
  });

  it("secret shapes per kind, without echoing any secret value", async () => {
    const aws = (secret: unknown) => base({ provider: "aws", kind: "aws_access_key", secret });
    const generic = (kind: string, secret: unknown) => base({ provider: "generic", kind, secret });
    await expect400(base({ secret: "plain-token-value" }), "invalid secret: must be an object");
    await expect400(base({ secret: [S()] }), "invalid secret: must be an object");

    await expect400(aws({ access_key_id: S() }), "invalid secret for kind aws_access_key: secret_access_key is required");
    await expect400(aws({ secret_access_key: S() }), "invalid secret for kind aws_access_key: access_key_id is required");
    await expect400(aws({ access_key_id: S(), secret_access_key: "   " }), "invalid secret for kind aws_access_key: secret_access_key must not be empty");
    await expect400(aws({ access_key_id: S(), secret_access_key: 42 }), "invalid secret for kind aws_access_key: secret_access_key must be a string");
    await expect400(aws({ access_key_id: S(), secret_access_key: S(), region: 1 }), "invalid secret for kind aws_access_key: region must be a string");
    await expect400(
      aws({ access_key_id: S(), secret_access_key: S(), session: S() }),
      "invalid secret for kind aws_access_key: only the fields access_key_id, secret_access_key, region (optional) are allowed",
    );

    await expect400(base({ secret: {} }), "invalid secret for kind api_token: token is required");
    await expect400(base({ secret: { api_key: S() } }), "invalid secret for kind api_token: token is required");
    await expect400(base({ secret: { token: "" } }), "invalid secret for kind api_token: token must not be empty");
    await expect400(base({ secret: { token: { $gt: "" } } }), "invalid secret for kind api_token: token must be a string");
    await expect400(base({ secret: { token: S(), extra: 5 } }), "invalid secret for kind api_token: every field must be a string");
    await expect400(base({ secret: { token: "x".repeat(16_385) } }), "invalid secret for kind api_token: token must be at most 16384 characters");
    await expect400(
      base({ secret: { token: S(), "bad key": S() } }),
      "invalid secret for kind api_token: field names must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'",
    );
    await expect400(
      base({ secret: JSON.parse(`{"token": "${S()}", "__proto__": "${S()}"}`) }),
      "invalid secret for kind api_token: field names must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'",
    );
    await expect400(
      base({ secret: Object.fromEntries([["token", S()], ...Array.from({ length: 32 }, (_, i) => [`f${i}`, "v"])]) }),
      "invalid secret for kind api_token: at most 32 fields are allowed",
    );

    await expect400(generic("basic_auth", { username: "u" }), "invalid secret for kind basic_auth: password is required");
    await expect400(generic("basic_auth", { password: S() }), "invalid secret for kind basic_auth: username is required");
    await expect400(generic("basic_auth", { username: "u", password: S(), token: S() }), "invalid secret for kind basic_auth: only the fields username, password are allowed");
    await expect400(generic("oauth2", { client_id: "c", client_secret: S() }), "invalid secret for kind oauth2: refresh_token is required");
    await expect400(generic("oauth2", { client_id: "c", refresh_token: S() }), "invalid secret for kind oauth2: client_secret is required");
    await expect400(generic("oauth2", { client_secret: S(), refresh_token: S() }), "invalid secret for kind oauth2: client_id is required");

    // api_token keeps further string fields, exactly as sent (values are not trimmed)
    const token = `  ${S()}  `;
    const ok = await post(base({ secret: { token, account: "acme", "x.header_name": "X-Auth" } }));
    assert.equal(ok.status, 201, ok.text);
    const id = (ok.json as { id: string }).id;
    const revealed = await stack.http.post(`/api/v1/credentials/${id}/reveal`, {}, { headers });
    assert.deepEqual(revealed.json, { token, account: "acme", "x.header_name": "X-Auth" });
    // aws with the optional region
    const a = await post(aws({ access_key_id: "AKIA1", secret_access_key: "s3cr3t-value", region: "us-east-1" }));
    assert.equal(a.status, 201, a.text);
    const ra = await stack.http.post(`/api/v1/credentials/${(a.json as { id: string }).id}/reveal`, {}, { headers });
    assert.deepEqual(ra.json, { access_key_id: "AKIA1", secret_access_key: "s3cr3t-value", region: "us-east-1" });
  });

  it("DNS hosting rules: route53 needs an aws credential; powerdns a generic api_token with api_url", async () => {
    const svc = (service: string, over: Record<string, unknown>) => base({ scope_kind: "service", scope: { service }, ...over });
    await expect400(svc("route53", { provider: "cloudflare", kind: "api_token" }), "invalid credential for service route53: must have provider aws and kind aws_access_key");
    await expect400(
      svc("powerdns", { provider: "generic", kind: "basic_auth", secret: { username: "u", password: S() } }),
      "invalid credential for service powerdns: must have provider generic and kind api_token",
    );
    await expect400(svc("powerdns", { secret: { token: S() } }), "invalid secret for service powerdns: api_url is required");
    for (const url of ["not a url", "ftp://pdns.example", "https://user:pw@pdns.example"]) {
      await expect400(
        svc("powerdns", { secret: { token: S(), api_url: url } }),
        "invalid secret for service powerdns: api_url must be an http or https url without user information",
      );
    }
    await expect400(
      svc("powerdns", { secret: { token: S(), api_url: "https://pdns.example", server_id: " " } }),
      "invalid secret for service powerdns: server_id must be a non-empty string of at most 128 characters",
    );
    const r53 = await post(svc("route53", { provider: "aws", kind: "aws_access_key", secret: validSecret("aws_access_key") }));
    assert.equal(r53.status, 201, r53.text);
    const pdns = await post(svc("powerdns", { secret: { token: S(), api_url: "http://127.0.0.1:8081/api/v1" } }));
    assert.equal(pdns.status, 201, pdns.text);

    // moving a credential onto powerdns checks its stored secret; rotating checks the new one
    const plain = await post(base({ scope_kind: "service", scope: { service: "plain" } }));
    const plainId = (plain.json as { id: string }).id;
    const move = await stack.http.patch(`/api/v1/credentials/${plainId}`, { scope: { service: "powerdns-2" } }, { headers });
    assert.equal(move.status, 200);
    const pdnsId = (pdns.json as { id: string }).id;
    const rotate = await stack.http.patch(`/api/v1/credentials/${pdnsId}`, { secret: { token: S() } }, { headers });
    assert.equal(rotate.status, 400);
    assert.equal(rotate.text, "invalid secret for service powerdns: api_url is required");
    const plain2 = await post(base({ scope_kind: "resource", scope: { arn: "arn:plain:2" } }));
    const moveIn = await stack.http.patch(`/api/v1/credentials/${(plain2.json as { id: string }).id}`, { scope_kind: "service", scope: { service: "powerdns" } }, { headers });
    assert.equal(moveIn.status, 400);
    assert.equal(moveIn.text, "invalid secret for service powerdns: api_url is required");
  });

  it("validation failures store nothing", async () => {
    const before = (await stack.http.get("/api/v1/credentials", { headers })).json as unknown[];
    await expect400(base({ kind: "basic_auth" }), "invalid secret for kind basic_auth: only the fields username, password are allowed");
    const afterList = (await stack.http.get("/api/v1/credentials", { headers })).json as unknown[];
    assert.equal(afterList.length, before.length);
  });

  it("no secret value sent in this file (valid or rejected) reached the logs", () => {
    assert.ok(sent.length > 50);
    assert.ok(stack.logs.length > 0);
    const logs = stack.logs.join("\n");
    for (const v of sent) assert.ok(!logs.includes(v), "a secret value was logged");
  });
});
