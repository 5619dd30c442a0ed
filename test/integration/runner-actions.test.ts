import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { ClusterAction } from "../../shared/contracts/runner.ts";
import { signIn, type SignedIn } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

describe("runner: admin-defined actions at /admin/actions", () => {
  let stack: Stack;
  let admin: SignedIn;
  let user: SignedIn;

  beforeAll(async () => {
    stack = await startStack({ services: ["api", "auth", "orgs", "runner"] });
    admin = await signIn(stack.broker, undefined, { admin: true });
    user = await signIn(stack.broker);
  });
  afterAll(() => stack.stop());

  const as = (who: SignedIn) => stack.http.with(who.bearer);

  it("an administrator creates, reads, lists (paged, newest first), changes and deletes actions", async () => {
    const a = as(admin);
    const created = await a.post("/api/v1/admin/actions", { label: "  Deploy  ", make_target: "deploy" });
    assert.equal(created.status, 201, created.text);
    const deploy = created.json as ClusterAction;
    assert.deepEqual([deploy.label, deploy.description, deploy.make_target], ["Deploy", "", "deploy"]);
    assert.equal(created.headers.get("location"), `/api/v1/admin/actions/${deploy.id}`);
    const upgrade = (await a.post("/api/v1/admin/actions", { label: "Upgrade", description: "kubeadm upgrade", make_target: "upgrade-1.31" })).json as ClusterAction;
    assert.deepEqual((await a.get(`/api/v1/admin/actions/${deploy.id}`)).json, deploy);

    const first = await a.get("/api/v1/admin/actions?limit=1");
    assert.equal(first.status, 200);
    const firstItems = first.json as ClusterAction[];
    assert.deepEqual(
      firstItems.map((x) => x.id),
      [upgrade.id],
    );
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.get("link")))?.[1];
    assert.ok(next, `a next link: ${String(first.headers.get("link"))}`);
    const second = await a.get(next.replace(/^https?:\/\/[^/]+/, ""));
    assert.deepEqual(
      (second.json as ClusterAction[]).map((x) => x.id),
      [deploy.id],
    );

    const changed = await a.patch(`/api/v1/admin/actions/${deploy.id}`, { description: "rolls the cluster out", make_target: "deploy.all" });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual([changed.json.label, changed.json.description, changed.json.make_target], ["Deploy", "rolls the cluster out", "deploy.all"]);
    assert.equal((await a.delete(`/api/v1/admin/actions/${upgrade.id}`)).status, 204);
    const gone = await a.get(`/api/v1/admin/actions/${upgrade.id}`);
    assert.deepEqual([gone.status, gone.text], [404, "action not found"]);
    assert.deepEqual([(await a.delete(`/api/v1/admin/actions/${upgrade.id}`)).status], [404]);
    assert.deepEqual([(await a.patch(`/api/v1/admin/actions/${upgrade.id}`, { label: "x" })).status], [404]);
  });

  it("labels are unique (409 on create and on a rename); bad input is a 400 with the field's message", async () => {
    const a = as(admin);
    const one = (await a.post("/api/v1/admin/actions", { label: "Backup", make_target: "backup" })).json as ClusterAction;
    await a.post("/api/v1/admin/actions", { label: "Restore", make_target: "restore" });
    const dup = await a.post("/api/v1/admin/actions", { label: "Backup", make_target: "other" });
    assert.deepEqual([dup.status, dup.text], [409, "label already exists"]);
    const rename = await a.patch(`/api/v1/admin/actions/${one.id}`, { label: "Restore" });
    assert.deepEqual([rename.status, rename.text], [409, "label already exists"]);
    assert.equal(((await a.get(`/api/v1/admin/actions/${one.id}`)).json as ClusterAction).label, "Backup", "nothing changed");

    for (const [body, message] of [
      [{ make_target: "x" }, "missing fields: label"],
      [{ label: "x" }, "missing fields: make_target"],
      [{ label: "x", make_target: "-rf" }, "invalid make_target"],
      [{ label: "x", make_target: "a b" }, "invalid make_target"],
      [{ label: "x", make_target: "deploy; rm -rf /" }, "invalid make_target"],
      [{ label: "x", make_target: "$(id)" }, "invalid make_target"],
      [{ label: "x".repeat(101), make_target: "x" }, "invalid label: longer than 100 characters"],
      [{ label: "a\nb", make_target: "x" }, "invalid label"],
      [{ label: 5, make_target: "x" }, "invalid label"],
    ] as const) {
      const res = await a.post("/api/v1/admin/actions", body);
      assert.deepEqual([res.status, res.text], [400, message], JSON.stringify(body));
    }
    const badPatch = await a.patch(`/api/v1/admin/actions/${one.id}`, { make_target: "--eval=x" });
    assert.deepEqual([badPatch.status, badPatch.text], [400, "invalid make_target"]);
    const badId = await a.get("/api/v1/admin/actions/not-a-uuid");
    assert.deepEqual([badId.status, badId.text], [400, "invalid id"]);
  });

  it("non-administrators get 403 and anonymous callers 401 on every route; nothing changes", async () => {
    const a = as(admin);
    const kept = (await a.post("/api/v1/admin/actions", { label: "Kept", make_target: "kept" })).json as ClusterAction;
    const u = as(user);
    const calls = [
      () => u.get("/api/v1/admin/actions"),
      () => u.post("/api/v1/admin/actions", { label: "Mine", make_target: "mine" }),
      () => u.get(`/api/v1/admin/actions/${kept.id}`),
      () => u.patch(`/api/v1/admin/actions/${kept.id}`, { label: "Stolen" }),
      () => u.delete(`/api/v1/admin/actions/${kept.id}`),
    ];
    for (const call of calls) {
      const res = await call();
      assert.deepEqual([res.status, res.text], [403, "forbidden"]);
    }
    assert.equal((await stack.http.get("/api/v1/admin/actions")).status, 401);
    assert.equal((await stack.http.post("/api/v1/admin/actions", { label: "Anon", make_target: "x" })).status, 401);
    const after = await a.get(`/api/v1/admin/actions/${kept.id}`);
    assert.deepEqual(after.json, kept);
    const labels = ((await a.get("/api/v1/admin/actions")).json as ClusterAction[]).map((x) => x.label);
    assert.ok(!labels.includes("Mine") && !labels.includes("Anon"));
  });
});
