import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, it } from "@jest/globals";
import type { Logger } from "moleculer";
import { keyId } from "../../shared/crypto.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { DeletionMarks } from "../../shared/deletion-marks.ts";
import { newId } from "../../shared/ids.ts";
import { Keyring } from "../../shared/keyring.ts";
import { CredentialStore } from "../../services/credentials/credentials.ts";
import type { CredentialsDeps } from "../../services/credentials/deps.ts";
import { defineCredentialsModels } from "../../services/credentials/models.ts";
import { lookupCredential, purgeOrganization } from "../../services/credentials/removal.ts";
import { revealSecret, secretForService } from "../../services/credentials/secrets.ts";
import { useTestDatabase, unitCaller } from "../helpers/unit-database.ts";
import { CreateCredentialParams } from "../../shared/contracts/credentials.ts";

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };

/** The credentials service's logic as plain functions over its dependencies: no broker, a real database. */
describe("credentials removal and secrets modules (no broker)", () => {
  const db = new ServiceDatabase("credentials", defineCredentialsModels);
  useTestDatabase(db);
  const master = randomBytes(32);
  let deps: CredentialsDeps;
  const org = newId();
  const source = { actor: { kind: "service" as const, caller: "unit-test" }, request_id: "req-1", client_ip: "" };
  const body = (service: string) => ({
    provider: "generic",
    kind: "api_token",
    schema_version: 1,
    scope_kind: "service",
    scope_version: 1,
    scope: { service },
    secret: { token: `t-${service}` },
  });

  beforeAll(async () => {
    const keyring = new Keyring(db, { current: { id: keyId(master), key: master }, previous: [], source: "test" });
    await keyring.start();
    deps = {
      models: db.models,
      keyring,
      store: new CredentialStore(db.models, keyring),
      marks: new DeletionMarks<"credential">(db.models.marks),
      logger: silent,
      credentialInUse: () => Promise.reject(new Error("these functions never ask the dns service")),
    };
  });

  it("looks a credential up for another service; null for an unknown id or while a delete decides about it", async () => {
    const created = await deps.store.add(unitCaller, org, CreateCredentialParams.parse(body("lookup")));
    assert.equal((await lookupCredential(deps, org, created.id))?.id, created.id);
    assert.equal(await lookupCredential(deps, org, newId()), null);
    assert.equal(await lookupCredential(deps, newId(), created.id), null);
    await deps.marks
      .deleteMarked(
        org,
        [{ kind: "credential", id: created.id }],
        async () => {
          assert.equal(await lookupCredential(deps, org, created.id), null);
          throw new Error("keep it");
        },
        async () => {},
      )
      .catch(() => {});
    assert.equal((await lookupCredential(deps, org, created.id))?.id, created.id);
  });

  it("reveals a secret and answers it to a service, recording each decryption; null for an unknown id", async () => {
    const created = await deps.store.add(unitCaller, org, CreateCredentialParams.parse(body("reveal")));
    assert.deepEqual(await revealSecret(deps, unitCaller, source, org, created.id), { token: "t-reveal" });
    const forService = await secretForService(deps, source, org, created.id, "dns reconcile");
    assert.deepEqual(forService?.secret, { token: "t-reveal" });
    assert.equal(await secretForService(deps, source, org, newId(), "dns reconcile"), null);
    const audit = await db.models.auditEvents.find({ credential_id: created.id }).sort({ at: 1 }).lean();
    assert.deepEqual(
      audit.map((a) => [a.action, a.purpose, a.request_id]),
      [
        ["credential.reveal", "", "req-1"],
        ["credential.secret_for", "dns reconcile", "req-1"],
      ],
    );
    await assert.rejects(revealSecret(deps, unitCaller, source, org, newId()), { code: 404 });
  });

  it("purges an organization: credentials, data keys, audit events and marks; other organizations keep theirs", async () => {
    const other = newId();
    const kept = await deps.store.add(unitCaller, other, CreateCredentialParams.parse(body("kept")));
    const result = await purgeOrganization(deps, org);
    assert.equal(result.credentials, 2);
    assert.equal(result.data_keys, 1);
    assert.equal(result.audit_events, 2);
    assert.equal(await db.models.credentials.countDocuments({ organization_id: org }), 0);
    assert.deepEqual(await purgeOrganization(deps, org), { credentials: 0, data_keys: 0, audit_events: 0 });
    assert.equal((await lookupCredential(deps, other, kept.id))?.id, kept.id);
  });
});
