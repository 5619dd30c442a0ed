import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { importPKCS8, SignJWT } from "jose";
import { keyId, open } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineAuthModels, type SigningKeyDoc } from "../../services/auth/models.ts";
import { openStream } from "../helpers/event-stream.ts";
import { newTenant, orgHeaders, signIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * An open event stream is bound to its credential: it ends within seconds when its user API key
 * is revoked or its access token expires (a logout leaves the token valid until its exp), while
 * the other streams go on. Streams are capped per organization and per caller (429 with
 * Retry-After, the route's plain-text error). A client that goes away costs one log line, no stack.
 */
describe("event streams: bound to their credential, capped, quiet on disconnect", () => {
  const master = randomBytes(32).toString("base64");
  let stack: Stack;
  let authDb: ServiceDatabase<ReturnType<typeof defineAuthModels>>;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "events"],
      env: { MASTER_KEY: master, EVENTS_HEARTBEAT_S: "0.5", EVENTS_STREAMS_PER_ORG: "3", EVENTS_STREAMS_PER_CALLER: "2", EVENTS_CREDENTIAL_CHECK_S: "3600" },
    });
    authDb = new ServiceDatabase("auth", defineAuthModels);
    await authDb.open();
  });
  afterAll(async () => {
    await authDb.close();
    await stack.stop();
  });

  it("a stream opened with a user API key ends when the key is revoked; the owner's bearer stream goes on", async () => {
    const tenant = await newTenant(stack, "Stream key");
    const created = await stack.http.post("/api/v1/me/api-keys", { name: "stream" }, { headers: tenant.user.bearer });
    assert.equal(created.status, 201, created.text);
    const { id, plain } = created.json as { id: string; plain: string };
    const byKey = await openStream(stack.baseUrl, { "x-api-key": plain, "x-org-id": tenant.orgId });
    const byBearer = await openStream(stack.baseUrl, tenant.h);
    assert.deepEqual([byKey.status, byBearer.status], [200, 200]);
    assert.equal((await stack.http.post("/api/v1/labels", { key: "before", value: "1" }, { headers: tenant.h })).status, 201);
    await waitUntil("the event on the key's stream", async () => (byKey.events.length === 1 ? true : undefined));

    const revokedAt = Date.now();
    assert.equal((await stack.http.delete(`/api/v1/me/api-keys/${id}`, { headers: tenant.user.bearer })).status, 204);
    await waitUntil("the key's stream to end", async () => (byKey.ended ? true : undefined), 10_000);
    assert.ok(Date.now() - revokedAt < 10_000);
    assert.equal((await stack.http.post("/api/v1/labels", { key: "after", value: "1" }, { headers: tenant.h })).status, 201);
    await waitUntil("the bearer stream's second event", async () => (byBearer.events.length === 2 ? true : undefined));
    assert.equal(byKey.events.length, 1, "nothing after the revocation");
    assert.equal(byBearer.ended, false);
    assert.ok(stack.logs.some((l) => l.includes("ending an event stream: its credential no longer authorizes it")));
    for (const s of [byKey, byBearer]) s.close();
  });

  it("a stream opened with an access token ends at the token's expiry, logout or not", async () => {
    const tenant = await newTenant(stack, "Stream expiry");
    const doc = await authDb.models.signingKeys.findOne({ retired_at: null }).sort({ created_at: -1 }).lean<SigningKeyDoc>();
    assert.ok(doc);
    const masterKey = Buffer.from(master, "base64");
    const key = await importPKCS8(open({ id: keyId(masterKey), key: masterKey }, doc.private_sealed, `signing-key:${doc._id}`).toString(), doc.alg);
    const now = Math.floor(Date.now() / 1000);
    const exp = now + 4;
    const token = await new SignJWT({ email: tenant.user.email, sub: tenant.user.user_id, iss: "cluster-infra-api", aud: "cluster-infra-api", jti: newId(), iat: now, exp })
      .setProtectedHeader({ alg: doc.alg, kid: doc._id, typ: "JWT" })
      .sign(key);
    const shortLived = await openStream(stack.baseUrl, { authorization: `Bearer ${token}`, "x-org-id": tenant.orgId });
    const longLived = await openStream(stack.baseUrl, tenant.h);
    assert.deepEqual([shortLived.status, longLived.status], [200, 200]);
    // the refresh family revoked: the access token itself stays valid until its exp
    assert.equal((await stack.http.post("/api/v1/auth/logout", { refresh_token: tenant.user.tokens.refresh_token })).status, 204);
    await waitUntil("the short-lived token's stream to end", async () => (shortLived.ended ? true : undefined), 15_000);
    assert.ok(Date.now() >= exp * 1000 - 1000, "not before the token's expiry");
    assert.ok(Date.now() <= exp * 1000 + 8_000, "within seconds of it");
    assert.equal(longLived.ended, false, "the stream of a token still valid goes on");
    assert.ok(stack.logs.some((l) => l.includes("ending an event stream: its credential expired")));
    for (const s of [shortLived, longLived]) s.close();
  });

  it("streams are capped per caller and per organization: 429 with Retry-After in the route's style; another organization is not affected", async () => {
    const tenant = await newTenant(stack, "Stream caps");
    const other = await newTenant(stack, "Stream caps other");
    const member = await signIn(stack.broker);
    assert.equal((await stack.http.post(`/api/v1/orgs/${tenant.orgId}/members`, { user_id: member.user_id, role: "admin" }, { headers: tenant.user.bearer })).status, 200);
    const third = await signIn(stack.broker);
    assert.equal((await stack.http.post(`/api/v1/orgs/${tenant.orgId}/members`, { user_id: third.user_id, role: "admin" }, { headers: tenant.user.bearer })).status, 200);

    const mine = [await openStream(stack.baseUrl, tenant.h), await openStream(stack.baseUrl, tenant.h)];
    const overCaller = await openStream(stack.baseUrl, tenant.h);
    assert.equal(overCaller.status, 429);
    assert.equal(overCaller.text, "too many open event streams for this caller (at most 2)");
    assert.match(overCaller.contentType, /^text\/plain/);

    const members = await openStream(stack.baseUrl, orgHeaders(member, tenant.orgId));
    assert.equal(members.status, 200);
    const overOrg = await fetch(`${stack.baseUrl}/api/v1/events`, { headers: orgHeaders(third, tenant.orgId) });
    assert.equal(overOrg.status, 429);
    assert.equal(overOrg.headers.get("retry-after"), "30");
    assert.equal(await overOrg.text(), "too many open event streams for this organization (at most 3)");

    const elsewhere = await openStream(stack.baseUrl, other.h);
    assert.equal(elsewhere.status, 200, "another organization opens its own");

    mine[0]!.close();
    await waitUntil("a slot to be free again", async () => {
      const again = await openStream(stack.baseUrl, orgHeaders(third, tenant.orgId));
      if (again.status === 200) return again;
      assert.equal(again.status, 429);
      return undefined;
    }).then((s) => s.close());
    for (const s of [...mine, members, elsewhere]) s.close();
  });

  it("a client that goes away costs one log line without a stack", async () => {
    const tenant = await newTenant(stack, "Stream quiet");
    const before = stack.logs.length;
    const stream = await openStream(stack.baseUrl, tenant.h);
    assert.equal(stream.status, 200);
    await waitUntil("a heartbeat", async () => (stream.comments.includes("heartbeat") ? true : undefined));
    stream.close();
    await waitUntil("the line saying so", async () => (stack.logs.slice(before).some((l) => l.includes("a streamed answer ended early")) ? true : undefined));
    const lines = stack.logs.slice(before);
    assert.equal(lines.filter((l) => l.includes("a streamed answer ended early")).length, 1);
    assert.ok(!lines.some((l) => /\n\s+at /.test(l) || l.includes("Stream got an error")), lines.join("\n"));
  });
});
