import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { powerdnsCredentialBody, route53CredentialBody } from "../helpers/fixtures.ts";
import { orgHeaders, signIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

const TEXT = "text/plain; charset=utf-8";

/** DELETE /credentials/{id} asks the dns service (dns.credentialInUse) before removing anything. */
describe("credentials: delete while a domain uses the credential", () => {
  let stack: Stack;
  let A: Record<string, string>;
  let B: Record<string, string>;

  const route53 = () => route53CredentialBody({ access_key_id: "AKIATEST", secret_access_key: randomBytes(12).toString("hex") });

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "credentials", "dns", "clusters"],
      env: { MASTER_KEY: randomBytes(32).toString("base64") },
    });
    for (const name of ["A", "B"]) {
      const user = await signIn(stack.broker);
      const org = await stack.http.post("/api/v1/orgs", { name }, { headers: user.bearer });
      const h = orgHeaders(user, (org.json as { id: string }).id);
      if (name === "A") A = h;
      else B = h;
    }
  });
  afterAll(() => stack.stop());

  it("409 `credential is used by a domain` while a domain names it; 204 once the domain is gone; then 404", async () => {
    const cred = await stack.http.post("/api/v1/credentials", route53(), { headers: A });
    assert.equal(cred.status, 201, cred.text);
    const credId = (cred.json as { id: string }).id;
    const domain = await stack.http.post("/api/v1/dns/domains", { credential_id: credId, domain_name: `creds-${randomBytes(3).toString("hex")}.example` }, { headers: A });
    assert.equal(domain.status, 201, domain.text);
    const domainId = (domain.json as { id: string }).id;

    const refused = await stack.http.delete(`/api/v1/credentials/${credId}`, { headers: A });
    assert.equal(refused.status, 409);
    assert.equal(refused.contentType, TEXT);
    assert.equal(refused.text, "credential is used by a domain");
    assert.equal(refused.headers.get("x-error-code"), "conflict");
    assert.equal((await stack.http.get(`/api/v1/credentials/${credId}`, { headers: A })).status, 200);

    // another organization's credential with the same shape is not "in use" through A's domain
    const other = await stack.http.post("/api/v1/credentials", route53(), { headers: B });
    assert.equal(other.status, 201);
    assert.equal((await stack.http.delete(`/api/v1/credentials/${(other.json as { id: string }).id}`, { headers: B })).status, 204);

    const delDomain = await stack.http.delete(`/api/v1/dns/domains/${domainId}`, { headers: A });
    assert.equal(delDomain.status, 204, delDomain.text);
    const deleted = await stack.http.delete(`/api/v1/credentials/${credId}`, { headers: A });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, "");
    const gone = await stack.http.get(`/api/v1/credentials/${credId}`, { headers: A });
    assert.equal(gone.status, 404);
    assert.equal(gone.text, "credential not found");
    const again = await stack.http.delete(`/api/v1/credentials/${credId}`, { headers: A });
    assert.equal(again.status, 404);
    assert.equal(again.text, "credential not found");
    assert.equal(await stack.broker.call("credentials.lookup", { organization_id: A["x-org-id"]!, id: credId }), null);
  });

  it("a domain created on, or moved to, a credential being deleted: either the delete is refused or the domain write is", async () => {
    const orgId = A["x-org-id"]!;
    const keeper = await stack.http.post("/api/v1/credentials", powerdnsCredentialBody("keeper", "http://127.0.0.1:9"), { headers: A });
    assert.equal(keeper.status, 201, keeper.text);
    const keeperId = (keeper.json as { id: string }).id;
    const moved = await stack.http.post("/api/v1/dns/domains", { credential_id: keeperId, domain_name: `moved-${randomBytes(3).toString("hex")}.example` }, { headers: A });
    assert.equal(moved.status, 201, moved.text);
    const movedId = (moved.json as { id: string }).id;

    for (let round = 0; round < 10; round++) {
      const cred = await stack.http.post("/api/v1/credentials", route53(), { headers: A });
      assert.equal(cred.status, 201, cred.text);
      const credId = (cred.json as { id: string }).id;
      // even rounds create a domain on it, odd rounds move an existing domain to it
      const write =
        round % 2 === 0
          ? stack.http.post("/api/v1/dns/domains", { credential_id: credId, domain_name: `race-${round}-${randomBytes(3).toString("hex")}.example` }, { headers: A })
          : stack.http.patch(`/api/v1/dns/domains/${movedId}`, { credential_id: credId }, { headers: A });
      const [written, deleted] = await Promise.all([write, stack.http.delete(`/api/v1/credentials/${credId}`, { headers: A })]);
      const credentialExists = (await stack.http.get(`/api/v1/credentials/${credId}`, { headers: A })).status === 200;
      const usage = (await stack.broker.call("dns.credentialInUse", { organization_id: orgId, credential_id: credId })) as { in_use: boolean };
      if (written.status === 200 || written.status === 201) {
        assert.equal(deleted.status, 409, `round ${round}: the domain write won, so the delete must be refused (${deleted.text})`);
        assert.ok(credentialExists);
      } else {
        assert.equal(written.status, 400, `round ${round}: ${written.text}`);
        assert.equal(written.text, "credential not found");
        if (round % 2 === 1) {
          const domain = (await stack.http.get(`/api/v1/dns/domains/${movedId}`, { headers: A })).json as { credential_id: string };
          assert.equal(domain.credential_id, keeperId, `round ${round}: the refused move is undone`);
        }
      }
      if (!credentialExists) assert.equal(usage.in_use, false, `round ${round}: no domain names a deleted credential`);
      // clean up for the next round (one route53 credential per organization at a time)
      if (written.status === 201) assert.equal((await stack.http.delete(`/api/v1/dns/domains/${(written.json as { id: string }).id}`, { headers: A })).status, 204);
      if (round % 2 === 1 && written.status === 200)
        assert.equal((await stack.http.patch(`/api/v1/dns/domains/${movedId}`, { credential_id: keeperId }, { headers: A })).status, 200);
      if (credentialExists) assert.equal((await stack.http.delete(`/api/v1/credentials/${credId}`, { headers: A })).status, 204);
    }
  });
});
