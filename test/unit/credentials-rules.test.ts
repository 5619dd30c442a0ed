import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import {
  CreateCredentialParams,
  credentialScope,
  credentialSecret,
  dnsHostingOf,
  DnsHostingCredential,
  kindFor,
  type CredentialKind,
  type CredentialProvider,
  type Scope,
  type ScopeKind,
  type Secret,
} from "../../shared/contracts/credentials.ts";
import { parseOrThrow } from "../../shared/validation.ts";
import { scopeKey, withScopeKey } from "../../services/credentials/rules.ts";

/** A 400 `validation_error` with exactly this message. */
const invalid = (message: string) => ({ code: 400, type: "validation_error", message });

const route53 = {
  provider: "aws",
  kind: "aws_access_key",
  schema_version: 1,
  scope_kind: "service",
  scope_version: 1,
  scope: { service: " Route53 " },
  secret: { access_key_id: "AKIAEXAMPLE", secret_access_key: " keep my spaces " },
};

/**
 * The rules are the contract's schemas (shared/contracts/credentials.ts); each is exercised as the
 * API runs it, a parse whose refusal is the 400 the API answers. The create request's scope key is
 * the service's (services/credentials/rules.ts).
 */
const parseCreate = (body: Record<string, unknown>) => withScopeKey(parseOrThrow(CreateCredentialParams, body));
const parseScope = (scopeKind: ScopeKind, value: unknown) => parseOrThrow(credentialScope(scopeKind), value);
const parseSecret = (kind: CredentialKind, value: unknown) => parseOrThrow(credentialSecret(kind), value);
const checkProviderKind = (provider: CredentialProvider, kind: CredentialKind) => parseOrThrow(kindFor(provider), kind);
const checkDnsHosting = (provider: CredentialProvider, kind: CredentialKind, scope_kind: ScopeKind, scope: Scope, secret?: Secret) =>
  parseOrThrow(DnsHostingCredential, { provider, kind, scope_kind, scope, secret });

/** The credentials service's validation table (the contract's schemas), as plain functions. */
describe("credential rules", () => {
  it("parses a complete create request: scope normalized, secret kept exactly as sent, scope key derived", () => {
    const parsed = parseCreate({ ...route53, name: "  prod dns  " });
    assert.deepEqual(parsed, {
      provider: "aws",
      kind: "aws_access_key",
      schema_version: 1,
      scope_kind: "service",
      scope_version: 1,
      scope: { service: "route53" },
      scope_key: scopeKey("aws", "service", { service: "route53" }),
      secret: { access_key_id: "AKIAEXAMPLE", secret_access_key: " keep my spaces " },
      name: "prod dns",
      account_id: "",
      region: "",
    });
    assert.match(parsed.scope_key, /^[0-9a-f]{64}$/);
  });

  it("names every missing field at once, in the contract's order", () => {
    assert.throws(() => parseCreate({ provider: "aws", scope: null }), invalid("missing fields: kind, schema_version, scope_kind, scope_version, scope, secret"));
  });

  it("reports the first invalid field with a complete message", () => {
    assert.throws(() => parseCreate({ ...route53, provider: "gcp" }), invalid("invalid provider: must be one of aws, cloudflare, hetzner, digitalocean, generic"));
    assert.throws(() => parseCreate({ ...route53, kind: "api_token" }), invalid("invalid kind for provider aws: must be aws_access_key"));
    assert.throws(
      () => parseCreate({ ...route53, provider: "generic", kind: "aws_access_key" }),
      invalid("invalid kind for provider generic: must be one of api_token, basic_auth, oauth2"),
    );
    assert.throws(() => parseCreate({ ...route53, schema_version: 1.5 }), invalid("invalid schema_version: must be an integer of at least 1"));
    assert.throws(() => parseCreate({ ...route53, scope_version: 0 }), invalid("invalid scope_version: must be an integer of at least 1"));
    assert.throws(() => parseCreate({ ...route53, name: "x".repeat(101) }), invalid("invalid name: must be a string of at most 100 characters"));
    assert.throws(() => parseCreate({ ...route53, region: 7 }), invalid("invalid region: must be a string of at most 32 characters"));
  });

  it("checks the scope object of each scope kind", () => {
    assert.deepEqual(parseScope("provider", {}), {});
    assert.deepEqual(parseScope("resource", { arn: " arn:aws:route53:::hostedzone/Z1 " }), { arn: "arn:aws:route53:::hostedzone/Z1" });
    assert.throws(() => parseScope("provider", []), invalid("invalid scope: must be an object"));
    assert.throws(() => parseScope("provider", { service: "x" }), invalid("invalid scope for scope_kind provider: must be an empty object"));
    assert.throws(() => parseScope("service", {}), invalid("invalid scope for scope_kind service: service is required"));
    assert.throws(() => parseScope("service", { service: "x", region: "y" }), invalid("invalid scope for scope_kind service: only the field service is allowed"));
    assert.throws(
      () => parseScope("service", { service: "bad name" }),
      invalid("invalid scope for scope_kind service: service must be a name of at most 63 letters, digits, '.', '_' or '-'"),
    );
    assert.throws(
      () => parseScope("resource", { arn: "has space" }),
      invalid("invalid scope for scope_kind resource: arn must be a non-empty string of at most 2048 characters without spaces"),
    );
  });

  it("checks the secret's shape for its kind without ever echoing a secret field name or value", () => {
    assert.deepEqual(parseSecret("api_token", { token: "t", "extra.field": "v" }), { token: "t", "extra.field": "v" });
    assert.throws(() => parseSecret("basic_auth", { username: "u" }), invalid("invalid secret for kind basic_auth: password is required"));
    assert.throws(
      () => parseSecret("basic_auth", { username: "u", password: "p", hunter2: "x" }),
      invalid("invalid secret for kind basic_auth: only the fields username, password are allowed"),
    );
    assert.throws(() => parseSecret("aws_access_key", { access_key_id: "a" }), invalid("invalid secret for kind aws_access_key: secret_access_key is required"));
    assert.throws(
      () => parseSecret("aws_access_key", { access_key_id: "a", secret_access_key: "b", zone: "c" }),
      invalid("invalid secret for kind aws_access_key: only the fields access_key_id, secret_access_key, region (optional) are allowed"),
    );
    assert.throws(() => parseSecret("api_token", { token: "   " }), invalid("invalid secret for kind api_token: token must not be empty"));
    assert.throws(
      () => parseSecret("api_token", { token: "t", "9secret-name": "v" }),
      (err: Error) => {
        assert.equal(err.message, "invalid secret for kind api_token: field names must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'");
        assert.equal(err.message.includes("9secret-name"), false);
        return true;
      },
    );
    assert.throws(() => parseSecret("api_token", JSON.parse('{"token":"t","__proto__":"x"}')), /field names must be/);
    assert.throws(() => parseSecret("api_token", { token: "t", other: 5 }), invalid("invalid secret for kind api_token: every field must be a string"));
    assert.throws(() => parseSecret("api_token", { token: "x".repeat(16_385) }), invalid("invalid secret for kind api_token: token must be at most 16384 characters"));
    const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`f${i}`, "v"]));
    assert.throws(() => parseSecret("api_token", { token: "t", ...tooMany }), invalid("invalid secret for kind api_token: at most 32 fields are allowed"));
  });

  it("knows which providers take which kinds", () => {
    checkProviderKind("generic", "oauth2");
    checkProviderKind("cloudflare", "api_token");
    assert.throws(() => checkProviderKind("hetzner", "basic_auth"), invalid("invalid kind for provider hetzner: must be api_token"));
  });

  it("holds a DNS hosting credential to its service's rules", () => {
    assert.equal(dnsHostingOf("service", { service: "route53" }), "route53");
    assert.equal(dnsHostingOf("service", { service: "powerdns" }), "powerdns");
    assert.equal(dnsHostingOf("service", { service: "constructor" }), undefined, "no prototype name is a hosting service");
    assert.equal(dnsHostingOf("provider", {}), undefined);
    assert.throws(
      () => checkDnsHosting("generic", "api_token", "service", { service: "route53" }),
      invalid("invalid credential for service route53: must have provider aws and kind aws_access_key"),
    );
    const powerdns = (secret: Record<string, string>) => () => checkDnsHosting("generic", "api_token", "service", { service: "powerdns" }, secret);
    powerdns({ token: "t", api_url: "https://pdns.example.com:8081" })();
    assert.throws(powerdns({ token: "t" }), invalid("invalid secret for service powerdns: api_url is required"));
    assert.throws(
      powerdns({ token: "t", api_url: "ftp://pdns.example.com" }),
      invalid("invalid secret for service powerdns: api_url must be an http or https url without user information"),
    );
    assert.throws(
      powerdns({ token: "t", api_url: "https://admin:pw@pdns.example.com" }),
      invalid("invalid secret for service powerdns: api_url must be an http or https url without user information"),
    );
    assert.throws(
      powerdns({ token: "t", api_url: "https://pdns.example.com", server_id: " " }),
      invalid("invalid secret for service powerdns: server_id must be a non-empty string of at most 128 characters"),
    );
    // an update that leaves the secret as it is does not check it again
    checkDnsHosting("generic", "api_token", "service", { service: "powerdns" });
  });

  it("keys a scope the same whatever the order of its fields, and apart from another provider's", () => {
    assert.equal(scopeKey("aws", "resource", { arn: "a", b: "c" }), scopeKey("aws", "resource", { b: "c", arn: "a" }));
    assert.notEqual(scopeKey("aws", "provider", {}), scopeKey("cloudflare", "provider", {}));
    assert.notEqual(scopeKey("generic", "service", { service: "a" }), scopeKey("generic", "service", { service: "b" }));
  });
});
