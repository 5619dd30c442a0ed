import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
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

  it("requires TLS files in pairs", () => {
    assert.throws(() => parseConfig({ TLS_CERT_FILE: "/x.pem" }), /TLS_CERT_FILE and TLS_KEY_FILE/);
  });
});
