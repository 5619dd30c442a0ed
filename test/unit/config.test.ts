import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { ConfigError, parseConfig, SERVICE_NAMES } from "../../shared/config.ts";

describe("configuration", () => {
  it("has working defaults: every service, port 8080, no transporter", () => {
    const cfg = parseConfig({});
    assert.equal(cfg.PORT, 8080);
    assert.equal(cfg.TRANSPORTER, undefined);
    assert.deepEqual(cfg.services, [...SERVICE_NAMES]);
    assert.equal(cfg.RATE_LIMIT_PER_MINUTE, 600);
  });

  it("selects services and transports from the environment", () => {
    const cfg = parseConfig({ SERVICES: " api ", TRANSPORTER: "nats://127.0.0.1:4222", REDIS_URL: "redis://127.0.0.1:6379" });
    assert.deepEqual(cfg.services, ["api"]);
    assert.equal(cfg.TRANSPORTER, "nats://127.0.0.1:4222");
  });

  it("names every bad variable", () => {
    assert.throws(
      () => parseConfig({ PORT: "eighty", SERVICES: "api,nope", TRANSPORTER: "http://x", TRUST_PROXY: "maybe" }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        const text = err.message;
        for (const name of ["PORT", "SERVICES", "TRANSPORTER", "TRUST_PROXY"]) assert.ok(text.includes(name), `${name} missing in ${text}`);
        return true;
      },
    );
  });

  it("keeps a webhook receiver's time within the delivery job's timeout (30 s, less 5 s for the rest of the job)", () => {
    assert.equal(parseConfig({ WEBHOOK_TIMEOUT_MS: "25000" }).WEBHOOK_TIMEOUT_MS, 25_000);
    assert.throws(() => parseConfig({ WEBHOOK_TIMEOUT_MS: "30000" }), /WEBHOOK_TIMEOUT_MS/);
  });

  it("checks the master keys with the rest, before anything connects: base64 of exactly 32 bytes", () => {
    const good = Buffer.alloc(32, 1).toString("base64");
    assert.equal(parseConfig({ MASTER_KEY: good }).MASTER_KEY, good);
    for (const bad of ["abc", Buffer.alloc(31, 1).toString("base64"), Buffer.alloc(33, 1).toString("base64"), `${good.slice(0, 42)}!=`, good.replace(/=$/, "")]) {
      assert.throws(() => parseConfig({ MASTER_KEY: bad }), /MASTER_KEY: must be base64 of exactly 32 bytes/, bad);
    }
    assert.throws(() => parseConfig({ MASTER_KEY: good, MASTER_KEYS_PREVIOUS: `${good},abc` }), /MASTER_KEYS_PREVIOUS: every key must be base64 of exactly 32 bytes/);
  });

  it("requires TLS files in pairs", () => {
    assert.throws(() => parseConfig({ TLS_CERT_FILE: "/x.pem" }), /TLS_CERT_FILE and TLS_KEY_FILE/);
  });
});

describe("configuration: what production refuses", () => {
  const production = { NODE_ENV: "production", MASTER_KEY: Buffer.alloc(32, 7).toString("base64") };
  const bus = { TRANSPORTER: "nats://nats:4222", NATS_USER: "bus", NATS_PASSWORD: "secret-bus-password" };

  it("auth.devLogin is on outside production and off in production by default", () => {
    assert.equal(parseConfig({}).DEV_LOGIN_ENABLED, true);
    assert.equal(parseConfig({ NODE_ENV: "test" }).DEV_LOGIN_ENABLED, true);
    assert.equal(parseConfig({ DEV_LOGIN_ENABLED: "false" }).DEV_LOGIN_ENABLED, false);
    assert.equal(parseConfig({ ...production, ...bus }).DEV_LOGIN_ENABLED, false);
  });

  it("refuses DEV_LOGIN_ENABLED in production unless DEV_LOGIN_FORCE is also set", () => {
    assert.throws(
      () => parseConfig({ ...production, ...bus, DEV_LOGIN_ENABLED: "true" }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /DEV_LOGIN_ENABLED .*production refuses it unless DEV_LOGIN_FORCE=true/);
        return true;
      },
    );
    assert.equal(parseConfig({ ...production, ...bus, DEV_LOGIN_ENABLED: "true", DEV_LOGIN_FORCE: "true" }).DEV_LOGIN_ENABLED, true);
  });

  it("refuses a bus without credentials in production", () => {
    assert.throws(() => parseConfig({ ...production, TRANSPORTER: "nats://nats:4222" }), /NATS_USER and NATS_PASSWORD are required in production/);
    assert.equal(parseConfig({ ...production, ...bus }).NATS_USER, "bus");
    assert.equal(parseConfig(production).TRANSPORTER, undefined, "the embedded default has no bus to protect");
  });

  it("reports every production problem in one pass, the missing master key among them, before anything connects", () => {
    let problems: string[] = [];
    try {
      parseConfig({ NODE_ENV: "production", TRANSPORTER: "nats://nats:4222", DEV_LOGIN_ENABLED: "true", TLS_CERT_FILE: "/c.pem" });
    } catch (err) {
      problems = (err as ConfigError).problems;
    }
    assert.equal(problems.length, 4, problems.join("\n"));
    assert.match(problems.join("\n"), /TLS_CERT_FILE and TLS_KEY_FILE must be set together/);
    assert.match(problems.join("\n"), /MASTER_KEY is required in production for auth, inventory, credentials, clusters, events/);
    assert.match(problems.join("\n"), /NATS_USER and NATS_PASSWORD are required in production/);
    assert.match(problems.join("\n"), /DEV_LOGIN_ENABLED/);
    // a process whose services hold no keyring needs no master key
    assert.equal(parseConfig({ NODE_ENV: "production", SERVICES: "api,orgs,jobs" }).MASTER_KEY, undefined);
    assert.throws(() => parseConfig({ NODE_ENV: "production", SERVICES: "api,events" }), /MASTER_KEY is required in production for events/);
  });

  it("takes bus credentials and TLS files from their own variables, never from the URL", () => {
    assert.throws(() => parseConfig({ TRANSPORTER: "nats://bus:pw@nats:4222" }), /NATS_USER and NATS_PASSWORD, not in the URL/);
    assert.throws(() => parseConfig({ NATS_USER: "bus" }), /NATS_USER and NATS_PASSWORD must be set together/);
    assert.throws(() => parseConfig({ NATS_TLS_CERT: "/c.pem" }), /NATS_TLS_CERT and NATS_TLS_KEY must be set together/);
    assert.equal(parseConfig({ TRANSPORTER: "tls://nats:4222" }).TRANSPORTER, "tls://nats:4222");
  });
});
