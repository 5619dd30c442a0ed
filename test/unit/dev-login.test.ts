import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import { REPL_COMMANDS } from "../../repl/commands.ts";
import { DEV_LOGIN_REFUSED } from "../../shared/dev-login.ts";

/** The REPL's `token` against an auth service that runs without auth.devLogin (production). */
describe("REPL `token` when auth.devLogin is disabled", () => {
  const broker = new ServiceBroker({ logger: false, skipProcessEventRegistration: true });
  broker.createService({ name: "auth", actions: { jwks: () => ({ keys: [] }) } });
  const token = REPL_COMMANDS.find((c) => c.command.startsWith("token "))!;

  beforeAll(() => broker.start());
  afterAll(() => broker.stop());

  it("says plainly why it is refused instead of 'service not found', on one line", async () => {
    const printed: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk: string | Uint8Array) => printed.push(String(chunk)) > 0;
    try {
      await token.action(broker, { email: "ops@example.com", options: { admin: true } });
    } finally {
      process.stdout.write = write;
    }
    assert.equal(printed.join(""), `error: ${DEV_LOGIN_REFUSED}\n`);
    assert.match(printed.join(""), /DEV_LOGIN_ENABLED=true/);
  });
});
