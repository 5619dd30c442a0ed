import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { ClusterAction, LogPage, Run } from "../../shared/contracts/runner.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

// The executor through the jobs worker: a cluster whose shape is incomplete fails before anything is sent.
describe("runner: executing runs", () => {
  let stack: Stack;
  let admin: SignedIn;
  let alice: Tenant;
  let bob: Tenant;
  let action: ClusterAction;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events", "jobs", "runner"] });
    admin = await signIn(stack.broker, undefined, { admin: true });
    alice = await newTenant(stack, "Exec Alice");
    bob = await newTenant(stack, "Exec Bob");
    action = (await stack.http.post("/api/v1/admin/actions", { label: "Deploy", make_target: "deploy" }, { headers: admin.bearer })).json as ClusterAction;
  });
  afterAll(() => stack.stop());

  it("a run of an incomplete cluster ends failed with the reason (cluster failed, last_error), its log readable page by page; another organization gets 404", async () => {
    const cluster = (await alice.http.post("/api/v1/clusters", { name: "c", provider: "aws", region: "eu" })).json.id as string;
    const started = await alice.http.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
    assert.equal(started.status, 201, started.text);
    const run = started.json as Run;
    const ended = await waitUntil(
      "the run ends",
      async () => {
        const r = (await alice.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}`)).json as Run;
        return r.status === "failed" ? r : undefined;
      },
      60_000,
    );
    assert.match(ended.error, /^cluster is missing: captain domain, control-plane record set/);
    assert.ok(ended.started_at && ended.finished_at);
    const c = (await alice.http.get(`/api/v1/clusters/${cluster}`)).json as { status: string; last_error: string };
    assert.deepEqual([c.status, c.last_error], ["failed", ended.error]);

    const items: LogPage["items"] = [];
    let after = "";
    for (;;) {
      const page = await alice.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}/logs?limit=1${after === "" ? "" : `&after=${after}`}`);
      assert.equal(page.status, 200, page.text);
      const p = page.json as LogPage;
      items.push(...p.items);
      if (p.done) break;
      assert.ok(p.next_cursor !== null);
      after = p.next_cursor;
    }
    assert.ok(
      items.some((i) => i.stream === "system" && i.chunk.includes(ended.error)),
      JSON.stringify(items),
    );

    const foreign = await bob.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}/logs`);
    assert.deepEqual([foreign.status, foreign.text], [404, "run not found"]);

    // the cluster's lock was released: a new run starts
    const next = await alice.http.post(`/api/v1/clusters/${cluster}/actions/${action.id}/runs`, {});
    assert.equal(next.status, 201, next.text);
  });
});
