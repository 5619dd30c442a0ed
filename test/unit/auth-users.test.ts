import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { ServiceDatabase } from "../../shared/db.ts";
import { createApiKey } from "../../services/auth/api-keys.ts";
import { inspectUser } from "../../services/auth/inspect.ts";
import { defineAuthModels } from "../../services/auth/models.ts";
import { findOrCreateUserByEmail, setUserFlag, userStatus, userSummaries } from "../../services/auth/users.ts";
import { newId } from "../../shared/ids.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

/** The auth service's user look-ups as plain functions over its models: no broker, a real database. */
describe("auth users module (no broker)", () => {
  const db = new ServiceDatabase("auth", defineAuthModels);
  useTestDatabase(db);

  it("finds or creates a user by e-mail, once", async () => {
    const first = await findOrCreateUserByEmail(db.models, "ada@example.com", { display_name: "Ada" });
    const again = await findOrCreateUserByEmail(db.models, "ada@example.com");
    assert.equal(first.created, true);
    assert.equal(again.created, false);
    assert.equal(again.user._id, first.user._id);
    assert.equal(again.user.display_name, "Ada");
  });

  it("answers a user's status, and null for an unknown id", async () => {
    const { user } = await findOrCreateUserByEmail(db.models, "status@example.com");
    assert.deepEqual(await userStatus(db.models, user._id), { user_id: user._id, is_admin: false, is_disabled: false });
    assert.equal(await userStatus(db.models, newId()), null);
  });

  it("summarizes the known users among the ids, and nothing for none", async () => {
    const { user } = await findOrCreateUserByEmail(db.models, "summary@example.com");
    assert.deepEqual(await userSummaries(db.models, [user._id, newId()]), [{ id: user._id, primary_email: "summary@example.com" }]);
    assert.deepEqual(await userSummaries(db.models, []), []);
  });

  it("sets a flag, announces the user, and answers 404 for an unknown e-mail", async () => {
    const { user } = await findOrCreateUserByEmail(db.models, "flag@example.com");
    const announced: string[] = [];
    const status = await setUserFlag(db.models, "flag@example.com", { is_disabled: true }, async (id) => announced.push(id));
    assert.deepEqual(status, { user_id: user._id, is_admin: false, is_disabled: true });
    assert.deepEqual(announced, [user._id]);
    assert.deepEqual(await userStatus(db.models, user._id), status);
    await assert.rejects(
      setUserFlag(db.models, "nobody@example.com", { is_admin: true }, async () => {}),
      { code: 404 },
    );
  });

  it("inspects a user: e-mails, API keys without their secret, live refresh tokens", async () => {
    const { user } = await findOrCreateUserByEmail(db.models, "inspect@example.com");
    const key = await createApiKey(db.models, user._id, "ci", undefined);
    const found = await inspectUser(db.models, "inspect@example.com");
    assert.equal(found.id, user._id);
    assert.deepEqual(
      found.emails.map((e) => e.email),
      ["inspect@example.com"],
    );
    assert.deepEqual(found.identities, []);
    assert.deepEqual(
      found.api_keys.map((k) => [k.id, k.name, k.revoked]),
      [[key.id, "ci", false]],
    );
    assert.equal(JSON.stringify(found).includes(key.plain ?? "no key in the answer"), false);
    assert.equal(found.live_refresh_tokens, 0);
    await assert.rejects(inspectUser(db.models, "nobody@example.com"), { code: 404 });
  });
});
