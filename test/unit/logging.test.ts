import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { redact, redactText, RedactingLogger } from "../../shared/logging.ts";

describe("log redaction", () => {
  it("removes sensitive keys at any depth", () => {
    const out = redact({ headers: { authorization: "Bearer abc", "x-org-secret": "s3cr3t" }, body: { secret: { token: "t" }, name: "ok" } });
    assert.deepEqual(out, { headers: { authorization: "[REDACTED]", "x-org-secret": "[REDACTED]" }, body: { secret: "[REDACTED]", name: "ok" } });
  });

  it("masks secrets inside free text", () => {
    const jwt = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXBhcnQ";
    const pem = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----";
    const text = `token ${jwt} key u_abcdefghijklmnopqrstuvwxyz012345 ${pem} mongodb://user:pw@host/db ?code=xyz&state=abc`;
    const out = redactText(text);
    for (const secret of [jwt, "u_abcdefghijklmnopqrstuvwxyz012345", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "user:pw", "xyz", "=abc"]) {
      assert.ok(!out.includes(secret), `${secret} leaked in: ${out}`);
    }
    assert.ok(out.includes("mongodb://[REDACTED]@host/db"));
  });

  it("an error whose message or stack is not a string is logged, not thrown over (the gateway's error answer depends on it)", () => {
    const odd = new Error("x");
    Object.defineProperty(odd, "message", { value: { reason: "server selection", password: "hunter2" } });
    Object.defineProperty(odd, "stack", { value: 42 });
    const out = redact(odd) as { message: unknown; stack: unknown };
    assert.deepEqual(out.message, { reason: "server selection", password: "[REDACTED]" });
    assert.equal(out.stack, 42);
  });

  it("handles cycles and errors", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    assert.deepEqual(redact(a), { name: "a", self: "[Circular]" });
    const e = redact(new Error("Bearer abc.def")) as { message: string };
    assert.equal(e.message, "[REDACTED]");
  });

  it("writes one JSON object per line and respects the level", () => {
    const lines: string[] = [];
    const logger = new RedactingLogger({ level: "info", write: (l) => lines.push(l) });
    const handler = logger.getLogHandler({ nodeID: "n1", ns: "", mod: "api", svc: "api" });
    handler("debug", ["hidden"]);
    handler("info", ["login", { password: "pw", user: "bob" }]);
    assert.equal(lines.length, 1);
    const rec = JSON.parse(lines[0]!) as { level: string; msg: string; mod: string; user: string; password: string };
    assert.equal(rec.level, "info");
    assert.equal(rec.mod, "api");
    // an object's fields are fields of the line, redacted
    assert.equal(rec.msg, "login");
    assert.equal(rec.user, "bob");
    assert.equal(rec.password, "[REDACTED]");
    assert.ok(!lines[0]!.includes('"pw"'), lines[0]);
  });
});
