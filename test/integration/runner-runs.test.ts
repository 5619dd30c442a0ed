import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import type { ClusterAction, LogPage, Run } from "../../shared/contracts/runner.ts";
import { newTenant, signIn, type SignedIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

// The jobs worker is off: runs stay `queued` (the executor is exercised by the SSH tests).
describe("runner: cluster runs (start, list, get, cancel) through HTTP", () => {
  let stack: Stack;
  let admin: SignedIn;
  let alice: Tenant;
  let bob: Tenant;
  let member: Tenant["http"];
  let cluster: string;
  let action: ClusterAction;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "dns", "credentials", "clusters", "events", "jobs", "runner"],
      env: { JOBS_WORKER_ENABLED: "false" },
    });
    admin = await signIn(stack.broker, undefined, { admin: true });
    alice = await newTenant(stack, "Runs Alice");
    bob = await newTenant(stack, "Runs Bob");
    const m = await signIn(stack.broker);
    assert.equal((await stack.http.post(`/api/v1/orgs/${alice.orgId}/members`, { user_id: m.user_id, role: "member" }, { headers: alice.user.bearer })).status, 200);
    member = stack.http.with({ ...m.bearer, "x-org-id": alice.orgId });
    cluster = (await alice.http.post("/api/v1/clusters", { name: "c", provider: "aws", region: "eu" })).json.id as string;
    action = (await stack.http.post("/api/v1/admin/actions", { label: "Deploy", make_target: "deploy" }, { headers: admin.bearer })).json as ClusterAction;
  });
  afterAll(() => stack.stop());

  const start = (t: Tenant["http"], c = cluster, a = action.id) => t.post(`/api/v1/clusters/${c}/actions/${a}/runs`, {});

  it("starts a run (201 queued with its job), one at a time per cluster (409), cancels it while queued, then 409 on a second cancel", async () => {
    const res = await start(alice.http);
    assert.equal(res.status, 201, res.text);
    const run = res.json as Run;
    assert.deepEqual(
      [run.cluster_id, run.action_id, run.action, run.make_target, run.status, run.error, run.started_at, run.finished_at],
      [cluster, action.id, "Deploy", "deploy", "queued", "", null, null],
    );
    assert.equal(res.headers.get("location"), `/api/v1/clusters/${cluster}/runs/${run.id}`);
    const jobs = await stack.http.get(`/api/v1/admin/worker/jobs?q=${run.id}`, { headers: admin.bearer });
    const job = (jobs.json as { items: { id: string; type: string; payload: unknown; status: string }[] }).items.find((j) => j.type === "runner.executeRun");
    assert.deepEqual(job?.payload, { organization_id: alice.orgId, cluster_id: cluster, run_id: run.id });

    const second = await start(alice.http);
    assert.deepEqual([second.status, second.text], [409, "a run of this cluster is queued or running"]);

    assert.deepEqual((await alice.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}`)).json, run);
    const list = await member.get(`/api/v1/clusters/${cluster}/runs`);
    assert.deepEqual(
      (list.json as Run[]).map((r) => r.id),
      [run.id],
    );

    const canceled = await alice.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {});
    assert.equal(canceled.status, 200, canceled.text);
    assert.equal((canceled.json as Run).status, "canceled");
    assert.ok((canceled.json as Run).finished_at);
    const jobAfter = await stack.http.get(`/api/v1/admin/worker/jobs/${job.id}`, { headers: admin.bearer });
    assert.equal((jobAfter.json as { status: string }).status, "canceled");
    const again = await alice.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {});
    assert.deepEqual([again.status, again.text], [409, "run has already ended"]);
    // its log ends with our line: a reader (a live tail) is done, not left waiting for output that never comes
    const log = (await alice.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}/logs`)).json as LogPage;
    assert.deepEqual([log.done, log.items.map((i) => `${i.stream}:${i.chunk}`)], [true, ["system:run canceled before it started\n"]]);

    // the cluster is free again
    const next = await start(alice.http);
    assert.equal(next.status, 201, next.text);
    assert.equal((await alice.http.post(`/api/v1/clusters/${cluster}/runs/${(next.json as Run).id}/cancel`, {})).status, 200);

    const events = await waitUntil("the run's events", async () => {
      const r = await alice.http.get(`/api/v1/audit-events?resource_id=${run.id}`);
      const e = r.json as DomainEvent[];
      return e.length >= 2 ? e : undefined;
    });
    assert.deepEqual(
      events.reverse().map((e) => [e.type, e.resource_type, e.data]),
      [
        ["run.created", "run", { cluster_id: cluster, action_id: action.id, action: "Deploy", make_target: "deploy" }],
        ["run.status_changed", "run", { cluster_id: cluster, from: "queued", to: "canceled", error: "canceled" }],
      ],
    );
  });

  it("a plain member reads but may not start or cancel (403); another organization gets 404 everywhere; unknown ids 404", async () => {
    const run = (await start(alice.http)).json as Run;
    assert.deepEqual([(await start(member)).status, (await start(member)).text], [403, "forbidden"]);
    assert.equal((await member.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {})).status, 403);
    assert.equal((await member.get(`/api/v1/clusters/${cluster}/runs/${run.id}`)).status, 200);

    const foreign = [
      () => start(bob.http),
      () => bob.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}`),
      () => bob.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {}),
    ];
    for (const call of foreign) {
      const res = await call();
      assert.equal(res.status, 404, res.text);
    }
    // the list of a cluster that is not the organization's is 404, like every cluster route
    const bobsList = await bob.http.get(`/api/v1/clusters/${cluster}/runs`);
    assert.deepEqual([bobsList.status, bobsList.text], [404, "cluster not found"]);
    const missingAction = await start(alice.http, cluster, "0190e1c4-0000-7000-8000-000000000000");
    assert.deepEqual([missingAction.status, missingAction.text], [404, "action not found"]);
    const missingCluster = await start(alice.http, "0190e1c4-0000-7000-8000-000000000000");
    assert.deepEqual([missingCluster.status, missingCluster.text], [404, "cluster not found"]);
    const otherCluster = (await alice.http.post("/api/v1/clusters", { name: "d", provider: "aws", region: "eu" })).json.id as string;
    assert.equal((await alice.http.get(`/api/v1/clusters/${otherCluster}/runs/${run.id}`)).status, 404, "a run is reached through its own cluster only");
    assert.equal((await alice.http.post(`/api/v1/clusters/${cluster}/runs/${run.id}/cancel`, {})).status, 200);
    assert.equal((await alice.http.get(`/api/v1/clusters/${cluster}/runs/${run.id}`)).json.status, "canceled");
  });

  it("an organization lists the actions it can run (GET /actions, any member, paged like every list); without an organization 403, without a token 401", async () => {
    const second = (await stack.http.post("/api/v1/admin/actions", { label: `Backup ${Date.now()}`, make_target: "backup" }, { headers: admin.bearer })).json as ClusterAction;
    const listed = await member.get("/api/v1/actions?limit=1000");
    assert.equal(listed.status, 200, listed.text);
    const ids = (listed.json as ClusterAction[]).map((a) => a.id);
    assert.ok(ids.includes(action.id) && ids.includes(second.id), "both actions, for a plain member");
    assert.ok(ids.indexOf(second.id) < ids.indexOf(action.id), "newest first");
    assert.deepEqual(Object.keys((listed.json as ClusterAction[])[0]!).sort(), ["created_at", "description", "id", "label", "make_target", "updated_at"]);
    const first = await bob.http.get("/api/v1/actions?limit=1");
    assert.equal((first.json as ClusterAction[]).length, 1);
    assert.match(first.headers.get("link") ?? "", /rel="next"/);
    assert.equal((await stack.http.get("/api/v1/actions", { headers: admin.bearer })).status, 403, "an [org] route: X-Org-ID required");
    assert.equal((await stack.http.get("/api/v1/actions")).status, 401);
    assert.equal((await member.post("/api/v1/actions", {})).status, 404, "read-only: no other method");
  });
});
