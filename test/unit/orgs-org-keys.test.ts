import { strict as assert } from "node:assert";
import { beforeAll, describe, it } from "@jest/globals";
import { sha256Hex } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { defineOrgsModels } from "../../services/orgs/models.ts";
import { createOrgKey, listOrgKeys, mintClusterKey, resolveOrgKey, revokeClusterKey, revokeOrgKey } from "../../services/orgs/org-keys.ts";
import { createOrganization } from "../../services/orgs/organizations.ts";
import { useTestDatabase, unitCaller } from "../helpers/unit-database.ts";

/** The orgs service's organization API keys (services/orgs/org-keys.ts) over its database. */
describe("orgs org keys module (no broker)", () => {
  const db = new ServiceDatabase("orgs", defineOrgsModels);
  useTestDatabase(db);
  let org: string;
  const creator = newId();

  beforeAll(async () => {
    org = (await createOrganization(db.models, unitCaller, creator, { name: "Keys" })).id;
  });

  it("creates a key and secret shown once; only their hashes are stored", async () => {
    const created = await createOrgKey(db.models, unitCaller, org, creator, { name: "ci" });
    assert.match(created.org_key, /^org_[A-Za-z0-9_-]{32}$/);
    assert.match(created.org_secret, /^orgsec_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual([created.name, created.scope, created.expires_at], ["ci", "org", null]);
    const stored = await db.models.orgKeys.findById(created.id).lean();
    assert.ok(stored);
    assert.equal(stored.key_hash, sha256Hex(created.org_key));
    assert.equal(stored.secret_hash, sha256Hex(created.org_secret));
    assert.equal(stored.prefix, created.org_key.slice(0, 12));
    assert.equal(stored.created_by, creator);
    const raw = JSON.stringify(stored);
    assert.equal(raw.includes(created.org_key) || raw.includes(created.org_secret), false);
  });

  it("names a key without a name after its prefix, and lists the live keys newest first with their last use", async () => {
    const other = (await createOrganization(db.models, unitCaller, newId(), { name: "Other" })).id;
    await createOrgKey(db.models, unitCaller, other, creator, { name: "not ours" });
    const unnamed = await createOrgKey(db.models, unitCaller, org, creator, { expires_in_hours: 2 });
    const stored = await db.models.orgKeys.findById(unnamed.id).lean();
    assert.equal(unnamed.name, `key ${stored?.prefix}`);
    assert.ok(unnamed.expires_at !== null && Math.abs(Date.parse(unnamed.expires_at) - (Date.now() + 2 * 3_600_000)) < 60_000);

    assert.notEqual(await resolveOrgKey(db.models, unnamed.org_key, unnamed.org_secret), null);
    const listed = await listOrgKeys(db.models, org);
    assert.equal(listed[0]?.id, unnamed.id);
    assert.ok(listed.every((k) => k.org_id === org && k.scope === "org" && k.user_id === null && !k.revoked));
    assert.notEqual(listed[0]?.last_used_at, null, "the resolve above counts as a use");
    assert.equal(listed[1]?.last_used_at, null);
    assert.equal(JSON.stringify(listed).includes(unnamed.org_secret), false);
  });

  it("resolves a key and secret to its organization; null for a wrong secret, a malformed, revoked or expired key", async () => {
    const key = await createOrgKey(db.models, unitCaller, org, creator, { name: "resolve" });
    assert.deepEqual(await resolveOrgKey(db.models, key.org_key, key.org_secret), { organization_id: org, key_id: key.id, expires_at: null });
    assert.equal(await resolveOrgKey(db.models, key.org_key, `orgsec_${"A".repeat(43)}`), null);
    assert.equal(await resolveOrgKey(db.models, "org_short", key.org_secret), null);
    assert.equal(await resolveOrgKey(db.models, key.org_key.replace(/^org_/, "org-"), key.org_secret), null);

    const expiring = await createOrgKey(db.models, unitCaller, org, creator, { name: "expired" });
    await db.models.orgKeys.updateOne({ _id: expiring.id }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    assert.equal(await resolveOrgKey(db.models, expiring.org_key, expiring.org_secret), null);

    await revokeOrgKey(db.models, unitCaller, org, key.id);
    assert.equal(await resolveOrgKey(db.models, key.org_key, key.org_secret), null);
    assert.equal(
      (await listOrgKeys(db.models, org)).some((k) => k.id === key.id),
      false,
    );
    await assert.rejects(revokeOrgKey(db.models, unitCaller, org, key.id), { code: 404, message: "api key not found" });
    const foreign = await createOrgKey(db.models, unitCaller, org, creator, { name: "foreign" });
    await assert.rejects(revokeOrgKey(db.models, unitCaller, newId(), foreign.id), { code: 404, message: "api key not found" });
  });

  it("resolves no key of an organization being deleted", async () => {
    const doomed = (await createOrganization(db.models, unitCaller, creator, { name: "Doomed" })).id;
    const key = await createOrgKey(db.models, unitCaller, doomed, creator, {});
    assert.notEqual(await resolveOrgKey(db.models, key.org_key, key.org_secret), null);
    await db.models.deletions.create({ _id: doomed, requested_by: creator, created_at: new Date() });
    assert.equal(await resolveOrgKey(db.models, key.org_key, key.org_secret), null);
    await assert.rejects(mintClusterKey(db.models, unitCaller, { organization_id: doomed, cluster_id: newId(), ttl_seconds: 60, name: "run" }), {
      code: 404,
      message: "organization not found",
    });
  });

  it("mints a short-lived key for one cluster that resolves with it, and revokes only such keys", async () => {
    const cluster = newId();
    const minted = await mintClusterKey(db.models, unitCaller, { organization_id: org, cluster_id: cluster, ttl_seconds: 600, name: "run 1" });
    assert.ok(Math.abs(Date.parse(minted.expires_at) - (Date.now() + 600_000)) < 60_000);
    assert.deepEqual(await resolveOrgKey(db.models, minted.org_key, minted.org_secret), {
      organization_id: org,
      key_id: minted.id,
      expires_at: minted.expires_at,
      cluster_id: cluster,
    });
    assert.equal((await db.models.orgKeys.findById(minted.id).lean())?.created_by, "system:runner");

    const plain = await createOrgKey(db.models, unitCaller, org, creator, { name: "plain" });
    assert.deepEqual(await revokeClusterKey(db.models, unitCaller, org, plain.id), { revoked: false }, "a key a user made is not the runner's to revoke");
    assert.deepEqual(await revokeClusterKey(db.models, unitCaller, newId(), minted.id), { revoked: false });
    assert.deepEqual(await revokeClusterKey(db.models, unitCaller, org, minted.id), { revoked: true });
    assert.deepEqual(await revokeClusterKey(db.models, unitCaller, org, minted.id), { revoked: false });
    assert.equal(await resolveOrgKey(db.models, minted.org_key, minted.org_secret), null);
    assert.notEqual(await resolveOrgKey(db.models, plain.org_key, plain.org_secret), null);
  });
});
