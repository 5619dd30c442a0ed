import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { natsOptions } from "../../moleculer.config.ts";
import { parseConfig } from "../../shared/config.ts";

const options = (env: Record<string, string>) => {
  const cfg = parseConfig(env);
  return natsOptions({ ...cfg, TRANSPORTER: cfg.TRANSPORTER! });
};

/** What the `nats` client receives: Moleculer would drop credentials and a tls:// scheme given as `url`. */
describe("NATS client options", () => {
  it("carry the bus credentials beside the server address", () => {
    assert.deepEqual(options({ TRANSPORTER: "nats://nats:4222", NATS_USER: "bus", NATS_PASSWORD: "pw" }), { servers: ["nats:4222"], user: "bus", pass: "pw" });
    assert.deepEqual(options({ TRANSPORTER: "nats://nats:4222" }), { servers: ["nats:4222"] });
  });

  it("take several comma-separated seed URLs (a NATS cluster) and refuse a bad one among them", () => {
    assert.deepEqual(options({ TRANSPORTER: "nats://nats-0.nats-cluster:4222, nats://nats-1.nats-cluster:4222,nats://nats-2.nats-cluster:4222" }), {
      servers: ["nats-0.nats-cluster:4222", "nats-1.nats-cluster:4222", "nats-2.nats-cluster:4222"],
    });
    assert.throws(() => parseConfig({ TRANSPORTER: "nats://a:4222,http://b:4222" }), /nats:\/\/ or tls:\/\//);
    assert.throws(() => parseConfig({ TRANSPORTER: "nats://a:4222,nats://u:p@b:4222" }), /NATS_USER/);
  });

  it("turn TLS on for a tls:// URL or any NATS_TLS_* file", () => {
    assert.deepEqual(options({ TRANSPORTER: "tls://nats:4222" }).tls, {});
    assert.deepEqual(options({ TRANSPORTER: "nats://nats:4222", NATS_TLS_CA: "/etc/nats/ca.pem", NATS_TLS_CERT: "/c.pem", NATS_TLS_KEY: "/k.pem" }).tls, {
      caFile: "/etc/nats/ca.pem",
      certFile: "/c.pem",
      keyFile: "/k.pem",
    });
  });
});
