import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { Logger } from "moleculer";
import { resetConfig } from "../../shared/config.ts";
import { RUNNER_LOG_APPENDED } from "../../shared/contracts/runner.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { newId } from "../../shared/ids.ts";
import { readLogPage } from "../../services/runner/log-reader.ts";
import { openLogSink, runSubject } from "../../services/runner/log-sink.ts";
import { defineRunnerModels } from "../../services/runner/models.ts";
import { purgeExpiredLogs, purgeOrganization } from "../../services/runner/purge.ts";
import { uniquePrefix } from "../helpers/stack.ts";

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {} };

/** The log sink and reader over a real database: order, batches, scrubbing across chunks, the cap, pages, done, purges. */
describe("runner log sink and reader (no broker)", () => {
  const db = new ServiceDatabase("runner", defineRunnerModels);
  const broadcasts: { name: string; payload: unknown }[] = [];
  const bus = {
    broadcast: (name: string, payload: unknown) => {
      broadcasts.push({ name, payload });
      return Promise.resolve();
    },
  };
  const org = newId();
  const secret = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIHsecretsecretsecretsecretsecretAAAA\n-----END PRIVATE KEY-----\n";

  beforeAll(async () => {
    process.env.DB_PREFIX = uniquePrefix();
    resetConfig();
    await db.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("stores output in order in batches, scrubs a secret split across pieces, and pages it with done at the end", async () => {
    const subject = runSubject(newId());
    const sink = await openLogSink({ models: db.models, logger: silent, bus }, { organizationId: org, subject, secrets: [secret, "org-secret-value-123"], maxBytes: 1_000_000 });
    sink.system("step 1");
    for (let i = 0; i < 50; i++) sink.write("stdout", `line ${i}\n`);
    // the secret arrives in three pieces, the org secret in two, on stderr
    sink.write("stdout", `key: ${secret.slice(0, 20)}`);
    sink.write("stdout", secret.slice(20, 60));
    sink.write("stdout", `${secret.slice(60)} done\n`);
    sink.write("stderr", "token=org-secret-");
    sink.write("stderr", "value-123\n");
    await sink.flush();
    const before = await readLogPage(db.models, subject, { limit: 1000 }, false);
    assert.equal(before.done, false);
    await sink.close();
    const all = await readLogPage(db.models, subject, { limit: 1000 }, false);
    assert.equal(all.done, true);
    const text = all.items.map((c) => c.chunk).join("");
    assert.ok(!text.includes("secretsecret"), text);
    assert.ok(!text.includes("org-secret-value-123"));
    assert.ok(!text.includes("PRIVATE KEY"));
    assert.match(text, /key: \[redacted\] done/);
    assert.match(text, /token=\[redacted\]/);
    assert.equal(all.items[0]?.stream, "system");
    assert.equal(all.items[0]?.chunk, "step 1\n");
    const stdout = all.items
      .filter((c) => c.stream === "stdout")
      .map((c) => c.chunk)
      .join("");
    assert.ok(stdout.startsWith(Array.from({ length: 50 }, (_, i) => `line ${i}\n`).join("")));
    // ids are the per-subject sequence, increasing by one
    assert.deepEqual(
      all.items.map((c) => c.id),
      all.items.map((_, i) => String(i + 1)),
    );
    // written in batches: far fewer broadcasts than chunks, none carrying output
    const mine = broadcasts.filter((b) => (b.payload as { subject: string }).subject === subject);
    assert.ok(mine.length >= 1 && mine.length < all.items.length / 2, `${mine.length} broadcasts for ${all.items.length} chunks`);
    assert.ok(
      mine.every(
        (b) =>
          b.name === RUNNER_LOG_APPENDED &&
          Object.keys(b.payload as object)
            .sort()
            .join() === "organization_id,subject",
      ),
    );
    // pages: after/limit continue where the last one ended
    const first = await readLogPage(db.models, subject, { limit: 10 }, false);
    assert.equal(first.items.length, 10);
    assert.equal(first.done, false);
    assert.equal(first.next_cursor, "10");
    const rest = await readLogPage(db.models, subject, { after: first.next_cursor ?? "", limit: 1000 }, false);
    assert.deepEqual([...first.items, ...rest.items], all.items);
    assert.equal(rest.done, true);
    const empty = await readLogPage(db.models, subject, { after: rest.next_cursor ?? "", limit: 5 }, false);
    assert.deepEqual(empty, { items: [], next_cursor: null, done: true });
    await assert.rejects(readLogPage(db.models, subject, { after: "abc" }, false), /invalid after/);
    // a subject nobody wrote to: done as the caller says
    assert.equal((await readLogPage(db.models, runSubject(newId()), {}, true)).done, true);
    assert.equal((await readLogPage(db.models, runSubject(newId()), {}, false)).done, false);
  });

  it("writes a line that is no secret's beginning at once (a live tail sees a step's progress), holds only what may begin a secret, and puts our own lines after the output before them (a beginning of a secret left there redacted)", async () => {
    const subject = runSubject(newId());
    const sink = await openLogSink({ models: db.models, logger: silent, bus }, { organizationId: org, subject, secrets: [secret, "org-secret-value-123"], maxBytes: 1_000_000 });
    const stored = async () => (await readLogPage(db.models, subject, { limit: 1000 }, false)).items.map((c) => `${c.stream}:${c.chunk}`).join("");
    sink.write("stdout", "slow step started\n");
    await sink.flush();
    assert.equal(await stored(), "stdout:slow step started\n", "written before the step prints anything else");
    // the beginning of the org secret waits for what follows; what cannot begin one does not
    sink.write("stderr", "token=org-sec");
    await sink.flush();
    assert.equal(await stored(), "stdout:slow step started\nstderr:token=");
    sink.write("stdout", "progress 50%\n");
    sink.system("make deploy");
    sink.write("stdout", "deploying\n");
    await sink.close();
    // the step ended inside the secret's beginning: that beginning is redacted too
    assert.equal(await stored(), "stdout:slow step started\nstderr:token=stdout:progress 50%\nstderr:[redacted]system:make deploy\nstdout:deploying\n");
  });
  it("cuts output past the cap with one system line, and a reopened log continues its sequence", async () => {
    const subject = runSubject(newId());
    const sink = await openLogSink({ models: db.models, logger: silent, bus }, { organizationId: org, subject, secrets: [], maxBytes: 2048 });
    for (let i = 0; i < 100; i++) sink.write("stdout", `${"x".repeat(99)}\n`);
    await sink.close();
    const page = await readLogPage(db.models, subject, { limit: 1000 }, false);
    const out = page.items
      .filter((c) => c.stream === "stdout")
      .map((c) => c.chunk)
      .join("");
    assert.equal(Buffer.byteLength(out), 2048);
    const system = page.items.filter((c) => c.stream === "system");
    assert.equal(system.length, 1);
    assert.match(system[0]?.chunk ?? "", /output cut: more than 2048 bytes/);
    assert.equal(page.items.at(-1)?.stream, "system");
    const again = await openLogSink({ models: db.models, logger: silent, bus }, { organizationId: org, subject, secrets: [], maxBytes: 2048 });
    assert.equal((await readLogPage(db.models, subject, { after: page.next_cursor ?? "" }, false)).done, false);
    again.system("second attempt");
    await again.close();
    const next = await readLogPage(db.models, subject, { after: page.next_cursor ?? "" }, false);
    assert.deepEqual(
      next.items.map((c) => [c.id, c.chunk]),
      [[String(page.items.length + 1), "second attempt\n"]],
    );
  });

  it("purges expired output and an organization's output", async () => {
    const other = newId();
    const subject = runSubject(newId());
    const sink = await openLogSink({ models: db.models, logger: silent, bus }, { organizationId: other, subject, secrets: [], maxBytes: 2048 });
    sink.system("kept");
    await sink.close();
    const future = new Date(Date.now() + 46 * 86_400_000);
    assert.ok((await purgeExpiredLogs(db.models, 45, new Date())).deleted === 0);
    const expired = await purgeExpiredLogs(db.models, 45, future);
    assert.ok(expired.deleted >= 1);
    assert.equal(await db.models.logChunks.countDocuments({}), 0);
    const s2 = await openLogSink({ models: db.models, logger: silent, bus }, { organizationId: other, subject, secrets: [], maxBytes: 2048 });
    s2.system("again");
    await s2.close();
    await purgeOrganization(db.models, other);
    assert.equal(await db.models.logChunks.countDocuments({ organization_id: other }), 0);
    assert.equal(await db.models.logSubjects.countDocuments({ organization_id: other }), 0);
  });
});
