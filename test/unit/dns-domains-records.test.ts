import { strict as assert } from "node:assert";
import { beforeAll, beforeEach, describe, it } from "@jest/globals";
import type { Logger } from "moleculer";
import type { CredentialOut } from "../../shared/contracts/credentials.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import type { Caller } from "../../shared/service.ts";
import type { DnsDeps } from "../../services/dns/deps.ts";
import { createDomain, credentialInUse, deleteDomain, getDomains, updateDomain } from "../../services/dns/domains.ts";
import { defineDnsModels } from "../../services/dns/models.ts";
import { fingerprintOf } from "../../services/dns/names.ts";
import { createRecordSet, deleteRecordSet, getRecordSets, listRecordSets, updateRecordSet } from "../../services/dns/record-sets.ts";
import { useTestDatabase } from "../helpers/unit-database.ts";

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };

/** The fake clients below never call through the caller: it only travels. */
const caller = {} as Caller;

const invalid = (message: string) => ({ code: 400, type: "validation_error", message });

/** The dns service's domains and record sets (services/dns/domains.ts, record-sets.ts) over its database, with fakes of the credentials, clusters and jobs clients. */
describe("dns domains and record sets (no broker)", () => {
  const db = new ServiceDatabase("dns", defineDnsModels);
  useTestDatabase(db);
  const org = newId();
  /** The organization's credentials the fake credentials service knows, by id. */
  const credentials = new Map<string, CredentialOut>();
  /** What the fake clusters service says references a resource, by id. */
  const referenced = new Set<string>();
  /** The jobs enqueued: type and dedupe key. */
  let enqueued: [string, string][] = [];
  let deps: DnsDeps;

  function credential(provider: "aws" | "generic", kind: "aws_access_key" | "api_token", service: string): string {
    const id = newId();
    const now = new Date().toISOString();
    credentials.set(id, {
      id,
      name: "c",
      provider,
      credential_provider: provider,
      kind,
      account_id: "",
      region: "",
      scope_kind: "service",
      scope: { service },
      scope_version: 1,
      schema_version: 1,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  beforeAll(async () => {
    deps = {
      models: db.models,
      logger: silent,
      lookupCredential: (_caller, organizationId, id) => Promise.resolve(organizationId === org ? (credentials.get(id) ?? null) : null),
      secretFor: () => Promise.reject(new Error("these functions never read a secret")),
      referencesTo: (_caller, _org, _kind, id) => Promise.resolve(referenced.has(id) ? [{ id: newId(), name: "prod" }] : []),
      enqueue: (_caller, type, _payload, dedupeKey) => {
        enqueued.push([type, dedupeKey]);
        return Promise.resolve();
      },
    };
  });
  beforeEach(() => {
    enqueued = [];
  });

  /** A domain of the organization on a Route53 credential. */
  async function domain(name: string) {
    return createDomain(deps, caller, org, { domain_name: name, credential_id: credential("aws", "aws_access_key", "route53") });
  }

  it("creates a domain on a DNS hosting credential, pending, and asks for its reconcile", async () => {
    const cred = credential("aws", "aws_access_key", "route53");
    const created = await createDomain(deps, caller, org, { domain_name: "Example.COM.", credential_id: cred.toUpperCase(), zone_id: "/hostedzone/Z123" });
    assert.deepEqual([created.domain_name, created.credential_id, created.zone_id, created.status, created.last_error], ["example.com", cred, "Z123", "pending", ""]);
    const stored = await db.models.domains.findById(created.id).lean();
    assert.deepEqual(enqueued, [["dns.reconcileDomain", `dns.reconcileDomain:${created.id}:${stored?.revision}`]]);
    assert.deepEqual(await credentialInUse(db.models, org, cred), { in_use: true, domains: 1 });
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "example.com", credential_id: cred }), { code: 409, message: "domain already exists" });
  });

  it("refuses a domain without its fields, with a bad name, or on a credential that is unknown or hosts no DNS", async () => {
    const cred = credential("aws", "aws_access_key", "route53");
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "" }), invalid("missing fields: credential_id, domain_name"));
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "localhost", credential_id: cred }), invalid("invalid domain_name"));
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "a.test", credential_id: "nope" }), invalid("invalid credential_id"));
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "a.test", credential_id: cred, zone_id: "bad zone" }), invalid("invalid zone_id"));
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "a.test", credential_id: newId() }), invalid("credential not found"));
    const notDns = credential("generic", "api_token", "github");
    await assert.rejects(createDomain(deps, caller, org, { domain_name: "a.test", credential_id: notDns }), invalid("credential is not scoped to a dns hosting service"));
    assert.equal(await db.models.domains.countDocuments({ domain_name: "a.test" }), 0);
    assert.deepEqual(enqueued, []);
  });

  it("undoes a domain whose credential was deleted while it was being created", async () => {
    const cred = credential("generic", "api_token", "powerdns");
    let asked = 0;
    // the credentials service knows the credential when asked first, and no longer when asked again after the write
    const racing: DnsDeps = { ...deps, lookupCredential: (_caller, _org, id) => Promise.resolve(++asked === 1 ? (credentials.get(id) ?? null) : null) };
    await assert.rejects(createDomain(racing, caller, org, { domain_name: "racing.test", credential_id: cred }), invalid("credential not found"));
    assert.equal(asked, 2);
    assert.equal(await db.models.domains.countDocuments({ domain_name: "racing.test" }), 0);
    assert.deepEqual(enqueued, []);
  });

  it("creates a record set with its name made relative, its fingerprint, and a reconcile job", async () => {
    const d = await domain("records.test");
    enqueued = [];
    const rs = await createRecordSet(deps, caller, org, d.id, { name: "WWW.records.test.", type: "a", values: [" 192.0.2.1 ", "192.0.2.2"] });
    assert.deepEqual([rs.name, rs.type, rs.ttl, rs.values, rs.status, rs.owner], ["www", "A", 300, ["192.0.2.1", "192.0.2.2"], "pending", "unknown"]);
    assert.equal(rs.fingerprint, fingerprintOf({ fqdn: "www.records.test", ttl: 300, type: "A", values: ["192.0.2.1", "192.0.2.2"], zone_id: "" }));
    const stored = await db.models.recordSets.findById(rs.id).lean();
    assert.deepEqual(enqueued, [["dns.reconcileRecordSet", `dns.reconcileRecordSet:${rs.id}:${stored?.revision}`]]);
    assert.deepEqual(
      (await listRecordSets(db.models, org, { domain_id: d.id, name: "www.records.test." })).items.map((r) => r.id),
      [rs.id],
    );
    await assert.rejects(createRecordSet(deps, caller, org, d.id, { name: "www", type: "A", values: ["192.0.2.9"] }), { code: 409, message: "record set already exists" });
    await assert.rejects(createRecordSet(deps, caller, newId(), d.id, { name: "x", type: "A", values: ["192.0.2.9"] }), { code: 404, message: "domain not found" });
  });

  it("checks a record set's fields and values with complete messages", async () => {
    const d = await domain("checks.test");
    const create = (body: Record<string, unknown>) => createRecordSet(deps, caller, org, d.id, body);
    await assert.rejects(create({ type: "A" }), invalid("missing fields: name, values"));
    await assert.rejects(create({ name: "x", type: "PTR", values: ["a"] }), invalid("invalid type"));
    await assert.rejects(create({ name: "x.other.test.", type: "A", values: ["192.0.2.1"] }), invalid("invalid name"));
    await assert.rejects(create({ name: "_autoglue.x", type: "TXT", values: ["v"] }), invalid("invalid name: _autoglue names are reserved for ownership markers"));
    await assert.rejects(create({ name: "x", type: "A", ttl: 0, values: ["192.0.2.1"] }), invalid("invalid ttl"));
    await assert.rejects(create({ name: "x", type: "A", values: [] }), invalid("invalid values"));
    await assert.rejects(create({ name: "x", type: "A", values: ["192.0.2.1", " 192.0.2.1"] }), invalid("duplicate value in values"));
    await assert.rejects(create({ name: "x", type: "A", values: ["999.0.2.1"] }), invalid("invalid value for type A: 999.0.2.1"));
    await assert.rejects(create({ name: "x", type: "CNAME", values: ["a.test", "b.test"] }), invalid("cname takes exactly one value"));
    await assert.rejects(create({ name: "@", type: "CNAME", values: ["a.test"] }), invalid("cname is not allowed at the apex"));
    assert.equal(await db.models.recordSets.countDocuments({ domain_id: d.id }), 0);
  });

  it("keeps a CNAME alone at its name", async () => {
    const d = await domain("cname.test");
    await createRecordSet(deps, caller, org, d.id, { name: "app", type: "A", values: ["192.0.2.1"] });
    const message = "a CNAME cannot coexist with other records at the same name (app)";
    await assert.rejects(createRecordSet(deps, caller, org, d.id, { name: "app", type: "CNAME", values: ["lb.test"] }), { code: 409, message });
    const alias = await createRecordSet(deps, caller, org, d.id, { name: "alias", type: "CNAME", values: ["lb.test"] });
    await assert.rejects(createRecordSet(deps, caller, org, d.id, { name: "alias", type: "TXT", values: ["hello"] }), {
      code: 409,
      message: "a CNAME cannot coexist with other records at the same name (alias)",
    });
    await assert.rejects(updateRecordSet(deps, caller, org, alias.id, { name: "app" }), { code: 409, message });
    assert.equal((await db.models.recordSets.findById(alias.id).lean())?.name, "alias");
  });

  it("sends a changed record set back to pending under a new revision; a status set by the client stands", async () => {
    const d = await domain("updates.test");
    const rs = await createRecordSet(deps, caller, org, d.id, { name: "api", type: "A", values: ["192.0.2.1"] });
    await db.models.recordSets.updateOne({ _id: rs.id }, { $set: { status: "ready" } });
    const before = await db.models.recordSets.findById(rs.id).lean();
    enqueued = [];

    const same = await updateRecordSet(deps, caller, org, rs.id, { values: ["192.0.2.1"] });
    assert.equal(same.status, "ready", "the same values change nothing");
    assert.deepEqual(enqueued, []);

    const changed = await updateRecordSet(deps, caller, org, rs.id, { ttl: 60 });
    const after = await db.models.recordSets.findById(rs.id).lean();
    assert.deepEqual([changed.ttl, changed.status], [60, "pending"]);
    assert.notEqual(after?.revision, before?.revision);
    assert.equal(changed.fingerprint, fingerprintOf({ fqdn: "api.updates.test", ttl: 60, type: "A", values: ["192.0.2.1"], zone_id: "" }));
    assert.deepEqual(enqueued, [["dns.reconcileRecordSet", `dns.reconcileRecordSet:${rs.id}:${after?.revision}`]]);

    enqueued = [];
    const failed = await updateRecordSet(deps, caller, org, rs.id, { status: "failed" });
    assert.equal(failed.status, "failed");
    assert.equal((await db.models.recordSets.findById(rs.id).lean())?.retryable, false);
    assert.deepEqual(enqueued, []);
    await assert.rejects(updateRecordSet(deps, caller, org, rs.id, { status: "done" }), invalid("invalid status"));
  });

  it("renaming a domain rewrites every record set's fingerprint and reconciles them again", async () => {
    const d = await domain("old-name.test");
    const rs = await createRecordSet(deps, caller, org, d.id, { name: "www", type: "A", values: ["192.0.2.1"] });
    await db.models.recordSets.updateOne({ _id: rs.id }, { $set: { status: "ready" } });
    enqueued = [];
    const renamed = await updateDomain(deps, caller, org, d.id, { domain_name: "new-name.test" });
    assert.deepEqual([renamed.domain_name, renamed.status], ["new-name.test", "pending"]);
    const stored = await db.models.recordSets.findById(rs.id).lean();
    assert.equal(stored?.status, "pending");
    assert.equal(stored.fingerprint, fingerprintOf({ fqdn: "www.new-name.test", ttl: 300, type: "A", values: ["192.0.2.1"], zone_id: "" }));
    assert.deepEqual(
      enqueued.map(([type]) => type),
      ["dns.reconcileRecordSet", "dns.reconcileDomain"],
    );
    assert.equal(enqueued[0]?.[1], `dns.reconcileRecordSet:${rs.id}:${stored.revision}`);
  });

  it("deletes a record set unless a cluster references it, and schedules its removal from the DNS host when we wrote it", async () => {
    const d = await domain("deletes.test");
    const attached = await createRecordSet(deps, caller, org, d.id, { name: "cp", type: "A", values: ["192.0.2.1"] });
    referenced.add(attached.id);
    await assert.rejects(deleteRecordSet(deps, caller, org, attached.id), { code: 409, message: "record set is attached to a cluster" });
    assert.equal((await getRecordSets(db.models, org, [attached.id])).length, 1, "still there, and no mark left behind");

    const written = await createRecordSet(deps, caller, org, d.id, { name: "web", type: "A", values: ["192.0.2.2"] });
    const applied = { zone_id: "Z9", fqdn: "web.deletes.test", type: "A" };
    await db.models.recordSets.updateOne({ _id: written.id }, { $set: { owner: "autoglue", applied } });
    enqueued = [];
    await deleteRecordSet(deps, caller, org, written.id);
    assert.equal(await db.models.recordSets.exists({ _id: written.id }), null);
    const deletion = await db.models.deletions.findById(written.id).lean();
    assert.deepEqual([deletion?.zone_id, deletion?.fqdn, deletion?.type, deletion?.domain_id], ["Z9", "web.deletes.test", "A", d.id]);
    assert.deepEqual(enqueued, [["dns.deleteRecordSet", `dns.deleteRecordSet:${written.id}`]]);
    await assert.rejects(deleteRecordSet(deps, caller, org, written.id), { code: 404, message: "record set not found" });
  });

  it("deletes a domain with its record sets, unless a cluster references either", async () => {
    const d = await domain("gone.test");
    const rs = await createRecordSet(deps, caller, org, d.id, { name: "www", type: "A", values: ["192.0.2.1"] });
    referenced.add(rs.id);
    await assert.rejects(deleteDomain(deps, caller, org, d.id), { code: 409, message: "record set is attached to a cluster" });
    referenced.delete(rs.id);
    referenced.add(d.id);
    await assert.rejects(deleteDomain(deps, caller, org, d.id), { code: 409, message: "domain is attached to a cluster" });
    assert.equal((await getDomains(db.models, org, [d.id])).length, 1);
    referenced.delete(d.id);

    await deleteDomain(deps, caller, org, d.id);
    assert.deepEqual(await getDomains(db.models, org, [d.id]), []);
    assert.equal(await db.models.recordSets.countDocuments({ domain_id: d.id }), 0);
    assert.equal(await db.models.marks.countDocuments({}), 0, "every mark was let go");
  });
});
