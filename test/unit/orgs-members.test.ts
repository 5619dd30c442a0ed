import { strict as assert } from "node:assert";
import { beforeAll, describe, it } from "@jest/globals";
import type { Logger } from "moleculer";
import type { OrgsAccessChanged } from "../../shared/contracts/orgs.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import type { Broadcaster, Caller } from "../../shared/service.ts";
import type { OrgsDeps } from "../../services/orgs/deps.ts";
import { listMembers, putMember, removeMember, setMember } from "../../services/orgs/members.ts";
import { defineOrgsModels } from "../../services/orgs/models.ts";
import { createOrganization, joinByEmailDomain, organizationsOf, roleOf, updateOrganization } from "../../services/orgs/organizations.ts";
import { useTestDatabase, unitCaller } from "../helpers/unit-database.ts";

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };

/** The jobs client, which these functions never use: any call through it fails the test. */
const jobsNeverCalled = new Proxy(
  {},
  { get: (_target, name) => () => Promise.reject(new Error(`these functions never call the jobs service (${String(name)})`)) },
) as OrgsDeps["jobs"];

/** Neither fake client below calls through the caller: it only travels. */
const caller = {} as Caller & Broadcaster;

const forbidden = { code: 403, type: "forbidden" };
const lastOwner = { code: 409, type: "conflict", message: "cannot remove or demote the last owner" };

/** The orgs service's organizations and memberships (services/orgs/organizations.ts, members.ts) over its database, with fakes of the auth client. */
describe("orgs members module (no broker)", () => {
  const db = new ServiceDatabase("orgs", defineOrgsModels);
  useTestDatabase(db);
  /** The users auth knows, by id. */
  const emails = new Map<string, string>();
  const accessChanges: OrgsAccessChanged[] = [];
  let deps: OrgsDeps;

  /** A new user auth knows. */
  function user(email: string): string {
    const id = newId();
    emails.set(id, email);
    return id;
  }

  beforeAll(async () => {
    deps = {
      models: db.models,
      logger: silent,
      jobs: jobsNeverCalled,
      emailsOf: (_caller, ids) => Promise.resolve(new Map(ids.filter((id) => emails.has(id)).map((id) => [id, emails.get(id)!]))),
      userIdsByEmail: () => Promise.reject(new Error("these functions never search users")),
      accessChanged: (_bus, payload) => {
        accessChanges.push(payload);
        return Promise.resolve();
      },
    };
  });

  it("creates an organization with its creator as the owner; a domain already taken is 409", async () => {
    const owner = user("owner@acme.test");
    const org = await createOrganization(db.models, unitCaller, owner, { name: "Acme", domain: "acme.test" });
    assert.deepEqual([org.name, org.domain], ["Acme", "acme.test"]);
    assert.equal(await roleOf(db.models, org.id, owner), "owner");
    assert.deepEqual(
      (await organizationsOf(db.models, owner)).map((o) => o.id),
      [org.id],
    );
    await assert.rejects(createOrganization(db.models, unitCaller, user("x@acme.test"), { name: "Other", domain: "acme.test" }), {
      code: 409,
      message: "domain already used by another organization",
    });
    const other = await createOrganization(db.models, unitCaller, owner, { name: "Other" });
    await assert.rejects(updateOrganization(db.models, unitCaller, other.id, { domain: "acme.test" }), { code: 409, message: "domain already used by another organization" });
    assert.equal((await updateOrganization(db.models, unitCaller, other.id, { name: "Renamed" })).name, "Renamed");
  });

  it("lets owners and admins add members and change roles; only an owner grants or touches `owner`", async () => {
    const owner = user("o@example.test");
    const admin = user("a@example.test");
    const member = user("m@example.test");
    const { id: org } = await createOrganization(db.models, unitCaller, owner, { name: "Roles" });
    assert.equal(await setMember(db.models, unitCaller, org, owner, admin, "admin"), true);
    assert.equal(await setMember(db.models, unitCaller, org, owner, admin, "admin"), false, "no change");
    assert.equal(await setMember(db.models, unitCaller, org, admin, member, "member"), true);
    assert.equal(await roleOf(db.models, org, member), "member");

    await assert.rejects(setMember(db.models, unitCaller, org, admin, member, "owner"), forbidden);
    await assert.rejects(setMember(db.models, unitCaller, org, admin, owner, "member"), forbidden);
    await assert.rejects(setMember(db.models, unitCaller, org, member, admin, "member"), forbidden);
    await assert.rejects(setMember(db.models, unitCaller, org, user("stranger@example.test"), member, "admin"), { code: 404, message: "organization not found" });
    assert.equal(await roleOf(db.models, org, member), "member", "nothing changed by the refused calls");
  });

  it("never leaves an organization without an owner", async () => {
    const owner = user("solo@example.test");
    const { id: org } = await createOrganization(db.models, unitCaller, owner, { name: "Solo" });
    await assert.rejects(setMember(db.models, unitCaller, org, owner, owner, "admin"), lastOwner);
    await assert.rejects(removeMember(db.models, unitCaller, org, owner, owner), lastOwner);
    const second = user("second@example.test");
    await setMember(db.models, unitCaller, org, owner, second, "owner");
    await removeMember(db.models, unitCaller, org, owner, owner);
    assert.equal(await roleOf(db.models, org, owner), null);
    assert.equal(await roleOf(db.models, org, second), "owner");
    assert.equal(await db.models.locks.countDocuments({}), 0, "every lock was let go");
  });

  it("removes members: anyone may leave, an admin may not remove an owner, an unknown member is 404", async () => {
    const owner = user("ro@example.test");
    const admin = user("ra@example.test");
    const member = user("rm@example.test");
    const { id: org } = await createOrganization(db.models, unitCaller, owner, { name: "Removals" });
    await setMember(db.models, unitCaller, org, owner, admin, "admin");
    await setMember(db.models, unitCaller, org, owner, member, "member");
    await assert.rejects(removeMember(db.models, unitCaller, org, member, admin), forbidden, "a member removes no one else");
    await assert.rejects(removeMember(db.models, unitCaller, org, admin, owner), forbidden);
    await removeMember(db.models, unitCaller, org, member, member);
    assert.equal(await roleOf(db.models, org, member), null);
    await assert.rejects(removeMember(db.models, unitCaller, org, admin, member), { code: 404, message: "member not found" });
  });

  it("lists members newest first with their e-mails, and puts a known user, telling the gateways only of a change", async () => {
    const owner = user("lo@example.test");
    const { id: org } = await createOrganization(db.models, unitCaller, owner, { name: "Listing" });
    const joiner = user("joiner@example.test");
    accessChanges.length = 0;
    assert.deepEqual(await putMember(deps, caller, org, owner, joiner, "admin"), { user_id: joiner, email: "joiner@example.test", role: "admin" });
    await putMember(deps, caller, org, owner, joiner, "admin");
    assert.deepEqual(accessChanges, [{ organization_id: org, user_id: joiner }]);
    await assert.rejects(putMember(deps, caller, org, owner, newId(), "member"), { code: 404, message: "user not found" });

    const forgotten = newId(); // a member whose user auth no longer knows
    await setMember(db.models, unitCaller, org, owner, forgotten, "member");
    assert.deepEqual(await listMembers(deps, caller, org), [
      { user_id: forgotten, email: "", role: "member" },
      { user_id: joiner, email: "joiner@example.test", role: "admin" },
      { user_id: owner, email: "lo@example.test", role: "owner" },
    ]);
    assert.deepEqual(await listMembers(deps, caller, newId()), []);
  });

  it("adds a user as a member of every organization of their e-mail domain, keeping an existing role", async () => {
    const owner = user("boss@joinme.test");
    const { id: org } = await createOrganization(db.models, unitCaller, owner, { name: "Join", domain: "joinme.test" });
    const newcomer = newId();
    assert.deepEqual(await joinByEmailDomain(db.models, unitCaller, newcomer, ["Newcomer@JOINME.test", "x@elsewhere.test"]), [org]);
    assert.equal(await roleOf(db.models, org, newcomer), "member");
    assert.deepEqual(await joinByEmailDomain(db.models, unitCaller, owner, ["boss@joinme.test"]), []);
    assert.equal(await roleOf(db.models, org, owner), "owner");
    assert.deepEqual(await joinByEmailDomain(db.models, unitCaller, newId(), ["no-at-sign"]), []);
  });
});
