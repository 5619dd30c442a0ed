import { strict as assert } from "node:assert";
import { createServer } from "node:net";
import { describe, it } from "@jest/globals";
import { PowerDnsProvider } from "../../services/dns/providers/powerdns.ts";
import { ProviderError } from "../../services/dns/providers/types.ts";

/** A port on which nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** How the PowerDNS provider reports an endpoint it must not or cannot call (the happy path runs against a real PowerDNS in test/e2e/dns-powerdns). */
describe("PowerDNS provider: endpoints it refuses or cannot reach", () => {
  it("refuses a loopback api_url unless private endpoints are allowed, for good", async () => {
    const provider = new PowerDnsProvider({ api_url: "http://127.0.0.1:8081", token: "t" });
    await assert.rejects(
      provider.findZone("example.com"),
      (err: unknown) => err instanceof ProviderError && err.message === "endpoint resolves to a private or reserved address (not allowed)" && !err.retryable,
    );
  });

  it("an allowed endpoint where nothing listens is `connection refused`, to be tried again", async () => {
    const provider = new PowerDnsProvider({ api_url: `http://127.0.0.1:${await closedPort()}`, token: "t", allowPrivateEndpoints: true });
    await assert.rejects(provider.findZone("example.com"), (err: unknown) => err instanceof ProviderError && err.message === "powerdns: connection refused" && err.retryable);
  });
});
