import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { newTenant, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Many changes at once: their outbox writes and audit deliveries go out together (one command
 * each per turn of the event loop, shared/event-outbox.ts), and each change still gets exactly
 * its own event: one per organization created, none for the creates refused (a domain another
 * one took), none left owing in the outbox.
 */
describe("events of concurrent changes", () => {
  let stack: Stack;
  let tenant: Tenant;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "events"] });
    tenant = await newTenant(stack, "Busy");
  });
  afterAll(() => stack.stop());

  it("40 organizations created at once, 10 with a domain taken: one organization.created each, none for the refused, an empty outbox", async () => {
    const domains = Array.from({ length: 30 }, (_, i) => `busy-${i}.example.com`);
    const answers = await Promise.all([...domains, ...domains.slice(0, 10)].map((domain, i) => tenant.http.post("/api/v1/orgs", { name: `Busy ${i}`, domain })));
    const created = answers.filter((a) => a.status === 201).map((a) => (a.json as { id: string }).id);
    assert.equal(created.length, 30, answers.map((a) => a.status).join(" "));
    assert.equal(answers.filter((a) => a.status === 409).length, 10);

    for (const id of created) {
      const events = await waitUntil(`the event of ${id}`, async () => {
        const res = await tenant.http.get("/api/v1/audit-events?type=organization.created", { headers: { "x-org-id": id } });
        assert.equal(res.status, 200, res.text);
        const list = res.json as DomainEvent[];
        return list.length > 0 ? list : undefined;
      });
      assert.deepEqual(
        events.map((e) => e.resource_id),
        [id],
      );
    }

    const { ServiceDatabase } = await import("../../shared/db.ts");
    const { defineOrgsModels } = await import("../../services/orgs/models.ts");
    const { defineEventsModels } = await import("../../services/events/models.ts");
    const orgs = new ServiceDatabase("orgs", defineOrgsModels);
    const events = new ServiceDatabase("events", defineEventsModels);
    await Promise.all([orgs.open(), events.open()]);
    try {
      assert.equal(await orgs.models.eventOutbox.countDocuments({}), 0, "nothing left owing in the outbox: the refused creates' intents are gone too");
      const recorded = await events.models.auditEvents
        .find({ type: "organization.created", "data.domain": { $in: domains } }, { resource_id: 1 })
        .lean<{ resource_id: string }[]>();
      assert.deepEqual(recorded.map((e) => e.resource_id).sort(), [...created].sort(), "the whole audit log holds no event of a refused create");
    } finally {
      await Promise.all([orgs.close(), events.close()]);
    }
  });
});
